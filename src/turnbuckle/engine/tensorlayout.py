"""Named segments of a flat observation tensor, so a layout is written once and documented from itself.

A ruleset's ``tensor.py`` lays its tensor out as consecutive segments (``add`` returns the offset) and
fills a ``[0.0] * size`` list by offset. ``describe`` lists the segments for ``docs/interop.md`` and the
tests (every segment the code has is named in the docs).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from turnbuckle.engine.game import CHANCE


@dataclass(frozen=True, slots=True)
class Segment:
    name: str
    offset: int
    size: int
    what: str


@dataclass(slots=True)
class Layout:
    """Consecutive segments of a 1-D tensor."""

    segments: list[Segment] = field(default_factory=list)
    size: int = 0

    def add(self, name: str, size: int, what: str) -> int:
        """Append a segment of ``size`` floats; returns its offset."""
        offset = self.size
        self.segments.append(Segment(name, offset, size, what))
        self.size += size
        return offset

    def offset(self, name: str) -> int:
        return next(s.offset for s in self.segments if s.name == name)

    def describe(self) -> list[tuple[str, int, int, str]]:
        """(name, offset, size, meaning) of every segment, in order."""
        return [(s.name, s.offset, s.size, s.what) for s in self.segments]


def index_of(choices: Sequence[str], value: str) -> int:
    """Position of ``value`` in ``choices``, or the last slot (``other``) for a value the layout does not
    know yet (rulesets grow phases; a tensor must not break when they do)."""
    try:
        return choices.index(value)
    except ValueError:
        return len(choices) - 1


def mark_seats(values: list[float], observer_at: int, to_move_at: int, player: int, to_move: int,
               players: int) -> None:
    """One-hot the observing seat (if it is a seat) and who moves: a seat, then chance, then nobody
    (the match is over), the two segments every ruleset's tensor starts with."""
    if 0 <= player < players:
        values[observer_at + player] = 1.0
    values[to_move_at + (to_move if to_move >= 0 else players if to_move == CHANCE else players + 1)] = 1.0
