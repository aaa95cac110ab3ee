"""RUMBLESLAM data: dice faces, wrestler profiles, tag teams and team files (pydantic schemas).

Every file is TOML, validated at load; a mistake is one ``DataFileError`` line naming the file,
the field and the reason (``engine.datafiles``).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from turnbuckle.engine.datafiles import require_unique_names

DIE_KINDS = ("C", "S", "G")
"""Copper, Silver, Gold (rumbleslam DICE); the Crowd die is separate."""
CROWD_FACES = ("Cheer", "Boo", "Blank")
STATS = ("att", "def", "grp", "dex")

_POOL = re.compile(r"^\s*(\d+\s*[CSG]|[+-]?\s*\d+)(\s*[+-]\s*(\d+\s*[CSG]|\d+))*\s*$", re.IGNORECASE)
_TERM = re.compile(r"([+-]?)\s*(\d+)\s*([CSG]?)", re.IGNORECASE)


class Pool(BaseModel):
    """A stat: dice to roll plus a flat bonus (``1S+1C+1``, ``2G``, ``0``)."""

    model_config = ConfigDict(frozen=True)
    dice: tuple[str, ...] = ()
    bonus: int = 0

    @classmethod
    def parse(cls, text: str) -> Pool:
        if not isinstance(text, str) or not _POOL.match(text):
            raise ValueError(f"{text!r} is not a dice pool like '1S+1C+1' (C, S, G dice and a bonus)")
        dice: list[str] = []
        bonus = 0
        for sign, count, kind in _TERM.findall(text.replace(" ", "")):
            n = int(count)
            if kind:
                if sign == "-":
                    raise ValueError(f"{text!r}: dice cannot be subtracted")
                dice.extend([kind.upper()] * n)
            else:
                bonus += -n if sign == "-" else n
        order = {"G": 0, "S": 1, "C": 2}
        return cls(dice=tuple(sorted(dice, key=order.__getitem__)), bonus=bonus)

    def text(self) -> str:
        parts = []
        for kind in ("G", "S", "C"):
            n = self.dice.count(kind)
            if n:
                parts.append(f"{n}{kind}")
        if self.bonus or not parts:
            parts.append(str(self.bonus))
        return "+".join(parts).replace("+-", "-")


_RULE = re.compile(
    r"^(?P<sign>[+-])(?P<n>[12]?)(?P<what>AP|MP)$|^(?P<kw>BLEEDING|CROWD|CROWD PLEASER|DAZED|DEVASTATING|DIRTY|FURY|"
    r"IMPACT|JUMP|KNOCKDOWN|LIFTED|ROCKET)$|^(?P<xkw>BOUNCEBACK|SHOVE|THROW)\s+(?P<x>\d+)$"
)
SPECIAL_RULES = (
    "+AP", "-AP", "+MP", "-MP", "BLEEDING", "BOUNCEBACK", "CROWD", "DAZED", "DEVASTATING", "DIRTY", "FURY",
    "IMPACT", "JUMP", "KNOCKDOWN", "LIFTED", "ROCKET", "SHOVE", "THROW",
)


def parse_rule(text: str) -> tuple[str, int]:
    """``"SHOVE 2"`` -> ("SHOVE", 2); ``"-2AP"`` -> ("-AP", 2); ``"KNOCKDOWN"`` -> ("KNOCKDOWN", 1)."""
    cleaned = text.strip().strip("()").upper()
    m = _RULE.match(cleaned)
    if not m:
        raise ValueError(f"unknown special rule {text!r} (known: {', '.join(SPECIAL_RULES)})")
    if m.group("what"):
        return m.group("sign") + m.group("what"), int(m.group("n") or 1)
    if m.group("kw"):
        kw = m.group("kw")
        return ("CROWD" if kw == "CROWD PLEASER" else kw), 1
    return m.group("xkw"), int(m.group("x"))


class DiceFile(BaseModel):
    """``data/dice.toml``: the faces of each die (the text does not print them)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    copper: tuple[int, ...]
    silver: tuple[int, ...]
    gold: tuple[int, ...]
    crowd: tuple[str, ...]
    note: str = ""

    @model_validator(mode="after")
    def _check(self) -> DiceFile:
        for label, faces in (("copper", self.copper), ("silver", self.silver), ("gold", self.gold)):
            if not faces:
                raise ValueError(f"{label} has no faces")
            if 0 not in faces:
                raise ValueError(f"{label} needs a blank face worth 0 (rumbleslam DICE: all dice have blanks)")
            if min(faces) < 0:
                raise ValueError(f"{label} has a negative face")
        if not (max(self.copper) < max(self.silver) < max(self.gold)):
            raise ValueError("dice must rise in potential: max copper < max silver < max gold")
        for face in self.crowd:
            if face not in CROWD_FACES:
                raise ValueError(f"crowd face {face!r} is not one of Cheer, Boo, Blank")
        for face in CROWD_FACES:
            if face not in self.crowd:
                raise ValueError(f"crowd die has no {face} face")
        return self


class CrowdPleaser(BaseModel):
    """A wrestler's Crowd Pleaser (rumbleslam CROWD PLEASER): what a success does.

    ``effect``: ``bonus`` (+amount to ``stat`` for the rest of the round, for ``scope`` self or
    friends in base contact, the user included), ``heal`` (amount STA), ``ap`` (gain AP now),
    ``mp`` (gain MP now), ``enemy_counter`` (``counter`` on every enemy in base contact).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    effect: Literal["bonus", "heal", "ap", "mp", "enemy_counter"]
    amount: int = 1
    stat: Literal["att", "def", "grp", "dex"] | None = None
    scope: Literal["self", "friends"] = "self"
    counter: Literal["-AP", "-MP", "KNOCKDOWN", "BLEEDING"] | None = None
    ap: int | None = None
    """An AP cost printed beside the Crowd Pleaser instead of a POP."""
    text: str = ""

    @model_validator(mode="after")
    def _fields(self) -> CrowdPleaser:
        if self.effect == "bonus" and self.stat is None:
            raise ValueError("effect 'bonus' needs a stat")
        if self.effect == "enemy_counter" and self.counter is None:
            raise ValueError("effect 'enemy_counter' needs a counter")
        return self


class ChoiceOption(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    stat: Literal["att", "def", "grp", "dex"]
    amount: int = 1


class Ability(BaseModel):
    """One ability on a card (rumbleslam ACTIVE, PASSIVE & CHOICE ABILITIES, GRAPPLE / ROPE /
    TURNBUCKLE ABILITIES). Attack kinds carry a stat line: ``stat`` dice (default the kind's own
    stat), ``dmg`` and special ``rules``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1)
    kind: Literal["grapple", "rope", "turnbuckle", "active", "passive", "choice"]
    ap: int = Field(default=0, ge=0, le=6)
    stat: str | None = None
    dmg: int = Field(default=1, ge=0, le=5)
    rules: tuple[str, ...] = ()
    range: int | None = Field(default=None, ge=1, le=12)
    bonus: dict[Literal["att", "def", "grp", "dex"], int] = Field(default_factory=dict)
    options: tuple[ChoiceOption, ...] = ()
    text: str = ""

    @field_validator("stat")
    @classmethod
    def _pool(cls, value: str | None) -> str | None:
        if value is not None:
            Pool.parse(value)
        return value

    @field_validator("rules")
    @classmethod
    def _rules(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for rule in value:
            parse_rule(rule)
        return value

    @model_validator(mode="after")
    def _shape(self) -> Ability:
        if self.kind in ("grapple", "rope", "turnbuckle", "active") and self.ap < 1:
            raise ValueError(f"{self.kind} ability needs an AP cost of at least 1")
        if self.kind == "turnbuckle" and self.range is None:
            raise ValueError("turnbuckle ability needs a range")
        if self.kind == "passive" and not self.bonus:
            raise ValueError("passive ability needs a bonus (e.g. bonus = { def = 1 })")
        if self.kind == "choice" and len(self.options) < 2:
            raise ValueError("choice ability needs at least two options")
        return self

    def parsed_rules(self) -> tuple[tuple[str, int], ...]:
        return tuple(parse_rule(r) for r in self.rules)


class Profile(BaseModel):
    """A wrestler's character profile card (rumbleslam STATS)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1)
    rank: Literal["rookie", "superstar"]
    casino: str = Field(min_length=1)
    """A casino name, or ``Free Agent``."""
    dosh: int = Field(gt=0, le=2000)
    """Hiring cost in K."""
    att: str
    def_: str = Field(alias="def")
    grp: str
    dex: str
    weight: int = Field(ge=1, le=3)
    pop: int = Field(default=2, ge=0, le=6)
    throw: int = Field(ge=0, le=8)
    sta: int = Field(ge=1, le=12)
    ap: int = Field(ge=1, le=8)
    mp: int = Field(ge=0, le=10)
    heel: bool = False
    tag_team: str | None = None
    abilities: tuple[Ability, ...] = ()
    crowd_pleaser: CrowdPleaser
    text: str = ""

    @field_validator("att", "def_", "grp", "dex")
    @classmethod
    def _pool(cls, value: str) -> str:
        Pool.parse(value)
        return value

    @model_validator(mode="after")
    def _names(self) -> Profile:
        require_unique_names((a.name for a in self.abilities), "ability")
        grp = Pool.parse(self.grp)
        for i, ability in enumerate(self.abilities):
            # rumbleslam GRAPPLE ABILITIES: "always use the wrestler's GRP stat. They have the GRP value
            # listed on the skill for ease of play": a listed pool is a copy, and a different one a misprint
            if ability.kind == "grapple" and ability.stat is not None and Pool.parse(ability.stat) != grp:
                raise ValueError(
                    f"abilities[{i}] ({ability.name}).stat: {ability.stat!r} is not this wrestler's GRP {self.grp!r} "
                    "(a Grapple Ability always rolls the wrestler's GRP: copy it or leave stat out)")
        return self

    def pool(self, stat: str) -> Pool:
        return Pool.parse({"att": self.att, "def": self.def_, "grp": self.grp, "dex": self.dex}[stat])

    @property
    def cp_cost(self) -> int:
        return self.crowd_pleaser.ap if self.crowd_pleaser.ap is not None else self.pop

    @property
    def free_agent(self) -> bool:
        return self.casino.casefold() == "free agent"


class TagTeam(BaseModel):
    """A Tag Team: two Superstars and their shared Tag Team Ability (an Active attack)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    members: tuple[str, str]
    ability: Ability

    @field_validator("ability")
    @classmethod
    def _active(cls, value: Ability) -> Ability:
        if value.kind != "active":
            raise ValueError("a Tag Team Ability is an Active Ability (kind = 'active')")
        return value


class Roster(BaseModel):
    """``data/roster.toml``: every wrestler profile and tag team."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    wrestler: tuple[Profile, ...] = Field(min_length=1)
    tag_team: tuple[TagTeam, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> Roster:
        require_unique_names(w.name for w in self.wrestler)
        names = {w.name for w in self.wrestler}
        for team in self.tag_team:
            for member in team.members:
                if member not in names:
                    raise ValueError(f"tag team {team.name!r} names unknown wrestler {member!r}")
                profile = self.find(member)
                assert profile is not None
                if profile.rank != "superstar":
                    raise ValueError(f"tag team {team.name!r}: {member} must be a Superstar")
        return self

    def find(self, name: str) -> Profile | None:
        key = name.casefold().strip()
        return next((w for w in self.wrestler if w.name.casefold() == key), None)

    def tag_team_named(self, name: str) -> TagTeam | None:
        key = name.casefold().strip()
        return next((t for t in self.tag_team if t.name.casefold() == key), None)


SPONSORSHIPS = (
    "Mana Mania Muscle Maker",
    "Alchemist's Guild Protein Potion",
    "Woodland Wonder Sprite Steroids",
    "Snori's Stoneskin Supplements",
    "Phoenix Fizz",
    "Orka-Cola",
    "Tauran Tacos",
    "Eagle Airways",
)
"""rumbleslam SPONSORSHIP BONUSES, in the text's order."""


class TagTeamHire(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    style: Literal["exhibition", "traditional"] = "exhibition"


MAX_TEAM_WRESTLERS = 40
"""A sanity limit on one team file's hires, not a rule: rumbleslam HIRING WRESTLERS sets none ("There is
usually no limit on how many (or how few) wrestlers you may have"). Every recommended game size hires
fewer (2,500K buys 31 of the cheapest 80K Rookies), only 9 fit in a corner, and the match's fixed action
table grows with the square of its wrestlers (4 teams of 40: about 200,000 actions, 3.5 s and 105 MB to
build; of 100: 1.2 million, 23 s and 540 MB). Data files are also capped at 4 MB (engine.datafiles)."""


class Team(BaseModel):
    """A team file: who is hired, Endorsements, Sponsorships, Tag Teams (rumbleslam BUILDING YOUR TEAM)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1)
    wrestlers: tuple[str, ...] = Field(min_length=1)
    endorsements: int = Field(default=0, ge=0)
    sponsorships: tuple[str, ...] = ()
    tag_teams: tuple[TagTeamHire, ...] = ()

    @field_validator("wrestlers")
    @classmethod
    def _sane_size(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if len(value) > MAX_TEAM_WRESTLERS:
            raise ValueError(f"at most {MAX_TEAM_WRESTLERS} wrestlers in a team file, not {len(value)} (a sanity "
                             "limit, not a rule: the text sets none)")
        return value

    @field_validator("endorsements")
    @classmethod
    def _max_endorsements(cls, value: int) -> int:
        if value > 8:
            raise ValueError(f"at most 8 Endorsements per match, not {value}")
        return value

    @field_validator("sponsorships")
    @classmethod
    def _known(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for name in value:
            if name not in SPONSORSHIPS:
                raise ValueError(f"unknown sponsorship {name!r}")
        if len(set(value)) != len(value):
            raise ValueError("the same sponsorship is listed twice")
        if len(value) > 2:
            raise ValueError("at most 2 sponsorships (1 bought + 1 single-casino bonus)")
        return value


class TeamsFile(BaseModel):
    """``data/teams.toml``: ready-made teams for quick matches."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    team: tuple[Team, ...] = Field(min_length=2)
