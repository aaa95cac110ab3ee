"""Pydantic schemas of the WRASSLIN' data files (cards.toml, wrestlers.toml).

They validate user rosters (``--roster PATH``) with errors naming the file and the field.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from turnbuckle.engine.datafiles import require_unique_names

StrengthToken = int | Literal[">S", ">=W", ">=own W"]
DamageValue = int | Literal["W", "1/TURN", "PIN"]


class CardModel(BaseModel):
    """One line of the card list (4.x): counts, color, requirements, damage, initiative."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    number: int = Field(ge=1, le=20)
    category: Literal["standard", "lifting", "strength", "agility", "illegal", "reaction", "outside", "misc"]
    color: Literal["black", "gray", "blue", "red", "red-black", "green", "blue-green"]
    strength: list[StrengthToken] = []
    agility: int = Field(default=0, ge=0)
    skill: int = Field(default=0, ge=0)
    any_of: int = Field(default=0, ge=0)
    damage: DamageValue | None = None
    battle_royal: bool = False
    initiative: int = Field(ge=1)


class DeckFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    card: list[CardModel]

    @model_validator(mode="after")
    def _deck_is_whole(self) -> DeckFile:
        names = [c.name for c in self.card]
        if len(set(names)) != len(names):
            raise ValueError("card names must be unique")
        inits = [c.initiative for c in self.card]
        if len(set(inits)) != len(inits):
            raise ValueError("initiative numbers must be unique")
        total = sum(c.number for c in self.card)
        if total != 180:
            raise ValueError(f"the deck must hold 180 cards, not {total}")
        return self


class SpecialtyModel(BaseModel):
    """A Wrestler's Specialty (3.3, 11.4): a Hold, or a card-like capability."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    effect: Literal["hold", "recovery", "referee", "tag", "double_team"]
    strength: StrengthToken | None = None
    agility: int = Field(default=0, ge=0)
    skill: int = Field(default=0, ge=0)
    damage: DamageValue | None = None
    damage_outside: int | None = Field(default=None, ge=1)
    reversible: bool = False
    reaches_outside: bool = False
    illegal: bool = False
    referee_proof: bool = False
    recover: int = Field(default=0, ge=0)
    while_pinned: bool = False

    @model_validator(mode="after")
    def _hold_has_damage(self) -> SpecialtyModel:
        if self.effect == "hold" and self.damage is None:
            raise ValueError(f"specialty {self.name!r} is a hold and needs a damage value")
        if self.effect == "recovery" and self.recover < 1:
            raise ValueError(f"specialty {self.name!r} is a recovery and needs recover >= 1")
        return self


def printed_track(strength: int, agility: int, skill: int, power_surge: int, weight: int, recovery: int,
                  manager: str | None, dirty: bool) -> list[str]:
    """The Damage Track as printed on a Personality card (3.1, the Kneeshurt example): the six ratings,
    the manager line, the blue-Hold line, the thick IMMOBILE line, then the Stamina and Recovery boxes."""
    boxes = [
        f"STRENGTH: {strength}",
        f"AGILITY: {agility}",
        f"SKILL: {skill}",
        f"POWER SURGE: {power_surge}",
        f"WEIGHT: {weight}",
        f"RECOVERY: {recovery}",
        f"MANAGER: {manager}" if manager else "No Manager",
        "May Use Blue Holds" if dirty else "May Not Use Blue Holds",
        "IMMOBILE",
    ]
    boxes += [f"STAMINA {weight - i}" for i in range(weight)]
    boxes += [f"RECOVERY {recovery - i}" for i in range(recovery)]
    return boxes


class WrestlerModel(BaseModel):
    """A Wrestler Personality card (3.1-3.5)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    alignment: Literal["good", "dirty"]
    strength: int = Field(ge=1, le=12)
    agility: int = Field(ge=0, le=12)
    skill: int = Field(ge=0, le=12)
    power_surge: int = Field(ge=0, le=12)
    weight: int = Field(ge=1, le=12)
    recovery: int = Field(ge=1, le=6)
    manager: str | None = None
    flavor: str = ""
    damage_track: list[str] | None = None
    """Optional: the printed Damage Track; when given it must agree with the ratings."""
    specialty: list[SpecialtyModel] = Field(min_length=1, max_length=3)

    @field_validator("manager")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return value or None

    @field_validator("name")
    @classmethod
    def _typeable_name(cls, value: str) -> str:
        # the name ends action names ("draft NAME"), typed at a prompt: no edge spaces, no control characters
        if value != value.strip() or any(not ch.isprintable() for ch in value):
            raise ValueError("a Wrestler's name may not start or end with spaces or hold control characters")
        return value

    @model_validator(mode="after")
    def _good_have_no_manager(self) -> WrestlerModel:
        if self.alignment == "good" and self.manager:
            raise ValueError("good Wrestlers don't need managers (3.5); remove 'manager'")
        if self.damage_track is not None:
            expected = printed_track(self.strength, self.agility, self.skill, self.power_surge, self.weight,
                                     self.recovery, self.manager, self.alignment == "dirty")
            for i, (got, want) in enumerate(zip(self.damage_track, expected, strict=False)):
                if got != want:
                    raise ValueError(f"damage_track box {i} is {got!r} but the ratings give {want!r}")
            if len(self.damage_track) != len(expected):
                raise ValueError(f"damage_track has {len(self.damage_track)} boxes, the ratings give {len(expected)}")
        return self


class RosterFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    wrestler: list[WrestlerModel] = Field(min_length=1)
    """One card is a valid file (a new Wrestler to check); a match still needs enough of them."""

    @model_validator(mode="after")
    def _unique_names(self) -> RosterFile:
        require_unique_names(w.name for w in self.wrestler)
        return self
