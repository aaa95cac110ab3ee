"""Runtime card types, Hold specs and Wrestlers with their Damage Tracks, compiled from the TOML.

Compiled once into plain slotted dataclasses so the state machine can look abilities up in tables
(a Damage Track becomes one tuple of current abilities per damage total) instead of re-deriving them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from turnbuckle.engine.datafiles import load_model, packaged_data
from turnbuckle.games.wrasslin.models import (
    CardModel,
    DeckFile,
    RosterFile,
    SpecialtyModel,
    WrestlerModel,
    printed_track,
)

PACKAGE = "turnbuckle.games.wrasslin"
MAX_SPECIALTIES = 3
"""The most Specialty cards a Wrestler has: the action table and the tensor have a slot for each."""

HOLD_CATEGORIES = frozenset({"standard", "lifting", "strength", "agility", "illegal"})
INTRODUCTORY_REMOVED = ("Combination", "Tag", "Double Team", "Bear Hug", "Boston Crab", "Out of Ring", "Specialty")
"""The introductory sheet's list of cards not used in the Basic Game."""
TAG_ONLY = ("Tag", "Double Team")
"""5.1 / 14.2: cards used only in Tag Team matches."""
BATTLE_ROYAL_VOID = (
    "Tag",
    "Double Team",
    "Pin",
    "Interference/Block",
    "Interference/Reverse",
    "Referee",
    "Distraction",
    "Long/Short Count",
)
"""13.2: cards removed from the deck in a Battle Royal."""


@dataclass(frozen=True, slots=True)
class Requirement:
    """The abilities printed at the bottom of a card (4.3)."""

    strength: int = 0
    gt_s: bool = False
    ge_w: bool = False
    ge_own_w: bool = False
    agility: int = 0
    skill: int = 0
    any_of: int = 0

    def describe(self) -> str:
        parts: list[str] = []
        if self.strength:
            parts.append(f"Strength {self.strength}")
        if self.gt_s:
            parts.append("Strength > opponent's Strength")
        if self.ge_w:
            parts.append("Strength >= opponent's Weight")
        if self.ge_own_w:
            parts.append("Strength >= own Weight")
        if self.agility:
            parts.append(f"Agility {self.agility}")
        if self.skill:
            parts.append(f"Skill {self.skill}")
        if self.any_of:
            parts.append(f"Strength, Agility or Skill {self.any_of}")
        return ", ".join(parts) or "none"


@dataclass(frozen=True, slots=True)
class HoldSpec:
    """Everything the rules need about a Hold, whether printed on a card or on a Wrestler card."""

    name: str
    req: Requirement
    damage: int = 0
    damage_w: bool = False
    continuous: bool = False
    pin: bool = False
    illegal: bool = False
    battle_royal: bool = False
    reversible: bool = True
    specialty: bool = False
    referee_proof: bool = False
    damage_outside: int = 0
    reaches_outside: bool = False
    out_of_ring: bool = False

    @property
    def gray(self) -> bool:
        """A Strength-based Hold (requires Strength > opponent's): 4.3, 8.42."""
        return self.req.gt_s

    def damage_on(self, target_weight: int) -> int:
        """Damage points this Hold inflicts on a Wrestler of ``target_weight`` (4.2)."""
        if self.pin:
            return 0
        return target_weight if self.damage_w else self.damage


@dataclass(frozen=True, slots=True)
class CardType:
    """One of the action card types of the card list."""

    index: int
    name: str
    number: int
    category: str
    color: str
    req: Requirement
    initiative: int
    hold: HoldSpec | None
    damage_label: str

    @property
    def is_hold(self) -> bool:
        return self.hold is not None


@dataclass(frozen=True, slots=True)
class Specialty:
    """A compiled Specialty (11.4): a Hold spec or a card-like capability."""

    name: str
    effect: str
    hold: HoldSpec | None
    recover: int = 0
    while_pinned: bool = False


@dataclass(frozen=True, slots=True)
class Wrestler:
    """A Wrestler Personality card with its Damage Track compiled into per-damage ability tables."""

    index: int
    name: str
    dirty: bool
    strength: int
    agility: int
    skill: int
    power_surge: int
    weight: int
    recovery: int
    manager: str | None
    flavor: str
    specialties: tuple[Specialty, ...]
    table: tuple[tuple[int, int, int, int, int], ...] = field(repr=False)
    """Current (Strength, Agility, Skill, Power Surge, Recovery) at each damage total."""
    immobile_at: int = 0
    submit_at: int = 0

    def abilities(self, damage: int) -> tuple[int, int, int, int, int]:
        if damage >= self.submit_at:
            return (0, 0, 0, 0, 0)
        return self.table[damage]

    def track(self) -> list[str]:
        """The Damage Track as printed on the card (3.1)."""
        return printed_track(self.strength, self.agility, self.skill, self.power_surge, self.weight,
                             self.recovery, self.manager, self.dirty)

    def describe(self) -> dict[str, object]:
        return {
            "name": self.name,
            "alignment": "dirty" if self.dirty else "good",
            "strength": self.strength,
            "agility": self.agility,
            "skill": self.skill,
            "power_surge": self.power_surge,
            "weight": self.weight,
            "recovery": self.recovery,
            "manager": self.manager,
            "specialties": [s.name for s in self.specialties],
            "damage_track": self.track(),
            "flavor": self.flavor,
        }


def _requirement(strength: list[int | str], agility: int, skill: int, any_of: int) -> Requirement:
    minimum = 0
    gt_s = ge_w = ge_own_w = False
    for token in strength:
        if isinstance(token, int):
            minimum = max(minimum, token)
        elif token == ">S":
            gt_s = True
        elif token == ">=W":
            ge_w = True
        else:
            ge_own_w = True
    return Requirement(minimum, gt_s, ge_w, ge_own_w, agility, skill, any_of)


def _hold_from_card(model: CardModel, req: Requirement) -> HoldSpec | None:
    if model.category not in HOLD_CATEGORIES or model.name == "Double Team":
        return None
    dmg = model.damage
    return HoldSpec(
        name=model.name,
        req=req,
        damage=dmg if isinstance(dmg, int) else (1 if dmg == "1/TURN" else 0),
        damage_w=dmg == "W",
        continuous=dmg == "1/TURN",
        pin=dmg == "PIN",
        illegal=model.color == "blue",
        battle_royal=model.battle_royal,
        reversible=dmg not in ("1/TURN", "PIN"),
        out_of_ring=model.name == "Out of Ring",
    )


def compile_deck(deck: DeckFile) -> tuple[CardType, ...]:
    cards: list[CardType] = []
    for i, model in enumerate(deck.card):
        req = _requirement(list(model.strength), model.agility, model.skill, model.any_of)
        label = "" if model.damage is None else str(model.damage)
        cards.append(
            CardType(i, model.name, model.number, model.category, model.color, req, model.initiative,
                     _hold_from_card(model, req), label)
        )
    return tuple(cards)


def _specialty(model: SpecialtyModel) -> Specialty:
    hold = None
    if model.effect == "hold":
        strength: list[int | str] = [] if model.strength is None else [model.strength]
        req = _requirement(strength, model.agility, model.skill, 0)
        dmg = model.damage
        hold = HoldSpec(
            name=model.name,
            req=req,
            damage=dmg if isinstance(dmg, int) else (1 if dmg == "1/TURN" else 0),
            damage_w=dmg == "W",
            continuous=dmg == "1/TURN",
            pin=dmg == "PIN",
            illegal=model.illegal,
            reversible=model.reversible,
            specialty=True,
            referee_proof=model.referee_proof,
            damage_outside=model.damage_outside or 0,
            reaches_outside=model.reaches_outside,
        )
    return Specialty(model.name, model.effect, hold, model.recover, model.while_pinned)


def compile_wrestler(index: int, model: WrestlerModel) -> Wrestler:
    s, a, k, p, w, r = (model.strength, model.agility, model.skill, model.power_surge, model.weight,
                        model.recovery)
    segments = [s, a, k, p, w, r]
    total = sum(segments)
    table: list[tuple[int, int, int, int, int]] = []
    for d in range(total):
        cur: list[int] = []
        offset = 0
        for value in segments:
            cur.append(max(0, min(value, value - (d - offset))))
            offset += value
        table.append((cur[0], cur[1], cur[2], cur[3], cur[5]))
    return Wrestler(
        index=index,
        name=model.name,
        dirty=model.alignment == "dirty",
        strength=s,
        agility=a,
        skill=k,
        power_surge=p,
        weight=w,
        recovery=r,
        manager=model.manager,
        flavor=model.flavor,
        specialties=tuple(_specialty(sp) for sp in model.specialty),
        table=tuple(table),
        immobile_at=s + a + k,
        submit_at=total,
    )


@lru_cache(maxsize=4)
def load_cards(path: str | None = None) -> tuple[CardType, ...]:
    source = Path(path) if path else packaged_data(PACKAGE, "cards.toml")
    return compile_deck(load_model(DeckFile, source))


@lru_cache(maxsize=16)
def load_roster(path: str | None = None) -> tuple[Wrestler, ...]:
    source = Path(path) if path else packaged_data(PACKAGE, "wrestlers.toml")
    roster = load_model(RosterFile, source)
    return tuple(compile_wrestler(i, m) for i, m in enumerate(roster.wrestler))
