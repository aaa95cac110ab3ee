"""Data schemas of the ring skirmish game: maneuvers (the Basic Maneuver Chart and unique ones)
and wrestler profiles, validated at load with one-line errors naming the field.

A maneuver is written in the chart's own terms: AP cost, kind (move, attack, pin attempt,
special), the stats rolled, requirements and effects. The rules engine interprets these fields,
so the chart itself is data (``data/maneuvers.toml``) and unique maneuvers use the same words.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from turnbuckle.engine.datafiles import require_unique_names

Stat = Literal["STR", "TECH", "END", "SPD", "SHOW"]
Kind = Literal["move", "attack", "pin", "special"]
Arc = Literal["front", "back", "either"]
Requirement = Literal[
    "jockey",  # this model performed a Jockey this round (Hustle, Clothesline)
    "staggered_defender",  # only against a staggered defender (Pin Attempt)
    "staggered_self",  # only while this model is staggered (Shake the Cobwebs)
    "self_in_corner",  # this model completely within 10" of its starting corner (Tag)
    "defender_in_corner",  # the defender completely within 10" of this model's starting corner (DoubleTeam)
    "partner",  # a tag partner outside (tag matches only)
]
Effect = Literal[
    "damage",  # the defender loses END = SDV
    "stagger",  # the defender is staggered
    "push",  # the defender is moved up to 2 x SDV inches straight away from the attacker
    "place_rear",  # the defender is placed B2B in the attacker's back arc (attacker may turn to face)
    "whip",  # roll SDV dice: the defender can be moved up to that many inches, any path, new facing
    "drain",  # the opponent loses 1 pool AP if he has any
    "remove_stagger",  # this model is no longer staggered
    "flaunt",  # per hit (max 3) one distinct Flaunt effect
    "tag",  # replace this model with its tag partner
    "double_tag",  # the opponent's next Tag this round costs double
    "gain_end",  # this model gains 1 END up to its starting value
    "move",  # move this model (moves only)
]
ATTACK_EFFECTS = frozenset({"damage", "stagger", "push", "place_rear", "whip", "drain", "double_tag"})
SPECIAL_EFFECTS = frozenset({"remove_stagger", "flaunt", "tag", "gain_end", "drain"})


class Maneuver(BaseModel):
    """One row of a maneuver chart."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=40)
    cost: int = Field(ge=0, le=10)
    kind: Kind
    stats: tuple[Stat, ...] = ()
    """Attacker's dice (attack/pin), or the roll (move: SPD; special: SHOW); several = attacker chooses."""
    bonus: int = Field(default=0, ge=0, le=3)
    """Extra attacker dice ("[TECH + 1]")."""
    partner: bool = False
    """The tag partner's stat is added to the attacker's dice (DoubleTeam)."""
    defender: Stat | Literal["same"] | None = None
    """Defender's dice; ``same`` = the stat the attacker chose (Whip)."""
    arc: Arc = "either"
    """Where the attacker must stand relative to the defender's arcs (the lost icons, R-SK-9)."""
    distance: float | None = Field(default=None, ge=0, le=30)
    """Moves: a fixed distance in inches instead of a roll."""
    stagger_penalty: bool = True
    """Moves: roll one die fewer while this model is staggered."""
    requires: tuple[Requirement, ...] = ()
    effects: tuple[Effect, ...] = ()
    text: str = ""

    @field_validator("name")
    @classmethod
    def _clean_name(cls, value: str) -> str:
        value = " ".join(value.split())
        if not value or not all(c.isalnum() or c in " '-" for c in value):
            raise ValueError("name may use letters, digits, spaces, ' and - only")
        if value.casefold() in {"end turn", "no counter", "no boost", "boost", "stay", "keep facing"}:
            raise ValueError(f"name {value!r} is reserved")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Maneuver:
        if self.kind in ("attack", "pin"):
            if not self.stats:
                raise ValueError(f"{self.kind} maneuver needs stats (the attacker's dice)")
            if self.defender is None:
                raise ValueError(f"{self.kind} maneuver needs defender (the defender's dice)")
            bad = [e for e in self.effects if e not in ATTACK_EFFECTS]
            if bad:
                raise ValueError(f"effect {bad[0]!r} is not an attack effect")
            if self.kind == "pin" and self.effects:
                raise ValueError("a pin attempt has no effects (three won roll-offs win the match)")
        elif self.kind == "move":
            if self.distance is None and self.stats != ("SPD",) and len(self.stats) != 1:
                raise ValueError("move maneuver needs distance or one stat to roll (stats = [\"SPD\"])")
            if self.defender is not None or self.effects not in ((), ("move",)):
                raise ValueError("move maneuver takes no defender and no effects")
        else:
            bad = [e for e in self.effects if e not in SPECIAL_EFFECTS]
            if bad:
                raise ValueError(f"effect {bad[0]!r} is not a special maneuver effect")
            if not self.effects:
                raise ValueError("special maneuver needs at least one effect")
            if "flaunt" in self.effects and len(self.stats) != 1:
                raise ValueError("a flaunt effect needs one stat to roll (stats = [\"SHOW\"])")
        if "push" in self.effects and ("place_rear" in self.effects or "whip" in self.effects):
            raise ValueError("choose one of push, place_rear and whip")
        if "place_rear" in self.effects and "whip" in self.effects:
            raise ValueError("choose one of place_rear and whip")
        return self

    @property
    def key(self) -> str:
        """The action-name stem (``body slam``)."""
        return self.name.lower()


class Chart(BaseModel):
    """``data/maneuvers.toml``: the Basic Maneuver Chart and the tag maneuvers."""

    model_config = ConfigDict(extra="forbid")

    maneuver: list[Maneuver] = Field(min_length=1)
    tag_maneuver: list[Maneuver] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique(self) -> Chart:
        require_unique_names((m.name for m in (*self.maneuver, *self.tag_maneuver)), "maneuver")
        return self


class Wrestler(BaseModel):
    """A wrestler profile: five stats (dice counts; END is also the damage track) and unique maneuvers."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    name: str = Field(min_length=1, max_length=40)
    STR: int = Field(ge=1, le=8)
    TECH: int = Field(ge=1, le=8)
    END: int = Field(ge=1, le=12)
    SPD: int = Field(ge=1, le=6)
    SHOW: int = Field(ge=1, le=6)
    base: float | None = Field(default=None, ge=0.8, le=3.0)
    """Base diameter in inches (a multiple of 0.2); default: the game's ``base_diameter``."""
    style: str = ""
    hometown: str = ""
    maneuver: list[Maneuver] = Field(min_length=1)

    @field_validator("name")
    @classmethod
    def _name_not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("name must not be blank")
        return value.strip()

    @field_validator("base")
    @classmethod
    def _base_step(cls, value: float | None) -> float | None:
        if value is not None and abs(value * 5 - round(value * 5)) > 1e-9:
            raise ValueError("base diameter must be a multiple of 0.2 inch")
        return value

    @model_validator(mode="after")
    def _unique(self) -> Wrestler:
        require_unique_names((m.name for m in self.maneuver), "maneuver")
        return self

    def stat(self, name: str) -> int:
        value: int = getattr(self, name)
        return value


class Roster(BaseModel):
    """``data/roster.toml``: ``[[wrestler]]`` tables with ``[[wrestler.maneuver]]`` rows."""

    model_config = ConfigDict(extra="forbid")

    wrestler: list[Wrestler] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_names(self) -> Roster:
        require_unique_names(w.name for w in self.wrestler)
        return self

    def find(self, name: str) -> Wrestler | None:
        key = name.casefold()
        return next((w for w in self.wrestler if w.name.casefold() == key), None)
