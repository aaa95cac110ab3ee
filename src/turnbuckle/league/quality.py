"""Match quality: a star rating (0.5 to 5) from a match's own events.

The ingredients, counted while the match is played (see docs/league.md for the formula):

* near-falls: pins kicked out of, broken or saved, pin counts that never reached three;
* reversals: reversals, counters, broken holds;
* lead changes: the wrestler on offence (or taking damage) changes hands;
* comebacks: successful come-back rolls, recoveries, re-entering the ring;
* length: events against the game's usual match length; a squash (under a quarter of it) loses stars.

A card's grade is the mean of its matches' stars with the main event (the last match) counted
twice, and a letter: A from 4 stars, B from 3, C from 2, D from 1, else F.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnbuckle.engine.events import Event

NEAR_FALL_KINDS = frozenset({"kick_out", "pin_broken", "pin_save", "resistance", "survives"})
REVERSAL_KINDS = frozenset({"reversal", "reversed", "countered", "hold_broken"})
COMEBACK_KINDS = frozenset({"recovery", "reenter", "power_surge"})
LEAD_KEYS: dict[str, tuple[str, str]] = {
    "offense": ("offense", "side"),  # filsinger: who is on offence
    "attack": ("attack", "player"),  # powerhouses: who attacks
    "damage": ("damage", "seat"),  # wrasslin: who takes damage
}
TYPICAL: dict[str, dict[str, float]] = {
    "powerhouses": {"near_falls": 2, "reversals": 4, "lead_changes": 4, "comebacks": 1, "events": 90},
    "filsinger": {"near_falls": 2, "reversals": 1, "lead_changes": 4, "comebacks": 1, "events": 40},
    "wrasslin": {"near_falls": 1, "reversals": 2, "lead_changes": 6, "comebacks": 7, "events": 170},
}
"""A typical (median) match of each game, measured over a few hundred computer matches."""
DEFAULT_TYPICAL: dict[str, float] = {"near_falls": 2, "reversals": 2, "lead_changes": 4, "comebacks": 1, "events": 50}
WEIGHTS: dict[str, float] = {
    "near_falls": 1.25,
    "reversals": 1.0,
    "lead_changes": 1.0,
    "comebacks": 0.75,
    "events": 1.0,
}
"""Stars each ingredient can add at most (it adds half of that at the game's typical count)."""
BASE = 0.5
SQUASH = 0.5


@dataclass
class QualityCounter:
    """Fed one event at a time (``add``) while a match is played; ``stars()`` at the end."""

    game: str
    near_falls: int = 0
    reversals: int = 0
    lead_changes: int = 0
    comebacks: int = 0
    events: int = 0
    _pins: int = 0
    _falls: int = 0
    _lead: Any = None

    def add(self, event: Event) -> None:
        kind = event.kind
        self.events += 1
        if kind in NEAR_FALL_KINDS:
            self.near_falls += 1
        elif kind in REVERSAL_KINDS:
            self.reversals += 1
        elif kind in COMEBACK_KINDS or (kind == "comeback" and event.data.get("success")):
            self.comebacks += 1
        elif kind == "pin_count":
            self._pins += 1 if event.data.get("count") == 1 else 0
        elif kind == "fall":
            self._falls += 1
        lead = LEAD_KEYS.get(kind)
        if lead is not None:
            who = event.data.get(lead[1])
            if who is not None:
                if self._lead is not None and who != self._lead:
                    self.lead_changes += 1
                self._lead = who

    def add_raw(self, kind: str, names: tuple[str, ...] | None, payload: Any) -> None:
        """``add`` for an event as the engine logs it (kind, field names or None, values or a dict),
        without building an ``Event``."""
        self.events += 1
        if kind in NEAR_FALL_KINDS:
            self.near_falls += 1
        elif kind in REVERSAL_KINDS:
            self.reversals += 1
        elif kind in COMEBACK_KINDS or (kind == "comeback" and event_field(names, payload, "success")):
            self.comebacks += 1
        elif kind == "pin_count":
            self._pins += 1 if event_field(names, payload, "count") == 1 else 0
        elif kind == "fall":
            self._falls += 1
        lead = LEAD_KEYS.get(kind)
        if lead is not None:
            who = event_field(names, payload, lead[1])
            if who is not None:
                if self._lead is not None and who != self._lead:
                    self.lead_changes += 1
                self._lead = who

    def summary(self) -> dict[str, Any]:
        return {
            "near_falls": self.near_falls + max(0, self._pins - self._falls),
            "reversals": self.reversals,
            "lead_changes": self.lead_changes,
            "comebacks": self.comebacks,
            "events": self.events,
            "stars": self.stars(),
        }

    def stars(self) -> float:
        near_falls = self.near_falls + max(0, self._pins - self._falls)
        return star_rating(self.game, near_falls, self.reversals, self.lead_changes, self.comebacks, self.events)


def event_field(names: tuple[str, ...] | None, payload: Any, key: str) -> Any:
    """One field of a logged event: ``payload`` is a dict (``names`` None) or values matching ``names``."""
    if names is None:
        return payload.get(key)
    for name, value in zip(names, payload, strict=True):
        if name == key:
            return value
    return None


def star_rating(game: str, near_falls: int, reversals: int, lead_changes: int, comebacks: int, events: int) -> float:
    """``0.5 + sum(weight * x / (x + typical))`` over the ingredients, minus 0.5 for a squash (fewer
    than a quarter of the typical events), clamped to [0.5, 5] and rounded to quarter stars.

    Each ingredient saturates: at the game's typical count it gives half its weight, so a typical
    match is about three stars and only a match with more of everything nears five.
    """
    typical = TYPICAL.get(game, DEFAULT_TYPICAL)
    counts = {
        "near_falls": near_falls,
        "reversals": reversals,
        "lead_changes": lead_changes,
        "comebacks": comebacks,
        "events": events,
    }
    score = BASE
    for name, count in counts.items():
        score += WEIGHTS[name] * count / (count + typical[name])
    if events < typical["events"] / 4:
        score -= SQUASH
    score = max(0.5, min(5.0, score))
    return round(score * 4) / 4


def card_grade(stars: list[float]) -> tuple[float, str]:
    """The card's mean stars (main event, the last, counted twice) and its letter grade."""
    if not stars:
        return 0.0, "F"
    weighted = [*stars, stars[-1]]
    mean = round(sum(weighted) / len(weighted), 2)
    for floor, letter in ((4.0, "A"), (3.0, "B"), (2.0, "C"), (1.0, "D")):
        if mean >= floor:
            return mean, letter
    return mean, "F"


def grade_letter(mean: float | None) -> str:
    if mean is None:
        return "-"
    for floor, letter in ((4.0, "A"), (3.0, "B"), (2.0, "C"), (1.0, "D")):
        if mean >= floor:
            return letter
    return "F"
