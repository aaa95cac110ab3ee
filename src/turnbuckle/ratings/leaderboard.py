"""A game's leaderboard: the players whose ratings are established, best first.

Kept apart from storage: the caller hands rows of any type with a ``name``, a ``rating`` and a
count of rated ``games``; the order is the one people read, the displayed rating, so the board
never shows a lower number above a higher one. Equal displayed ratings go to the surer rating
(the higher ordinal, ``mu - 3 sigma``), then by name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from turnbuckle.ratings.model import Rating, display, is_provisional, ordinal

DEFAULT_MIN_GAMES = 5
"""Rated matches a player needs before the leaderboard shows them (besides a stable rating)."""


class Ranked(Protocol):
    """What a leaderboard row needs (a dataclass, an ORM row or :class:`Standing`)."""

    @property
    def name(self) -> str: ...

    @property
    def rating(self) -> Rating: ...

    @property
    def games(self) -> int: ...


RowT = TypeVar("RowT", bound=Ranked)


@dataclass(frozen=True, slots=True)
class Standing:
    """A plain leaderboard row."""

    name: str
    rating: Rating
    games: int


def leaderboard(rows: Iterable[RowT], min_games: int = DEFAULT_MIN_GAMES) -> list[RowT]:
    """``rows`` with a stable rating and at least ``min_games`` rated matches, best first."""
    if min_games < 0:
        raise ValueError(f"min_games must be 0 or more, not {min_games}")
    shown = [row for row in rows if row.games >= min_games and not is_provisional(row.rating)]
    shown.sort(key=lambda r: (-display(r.rating), -ordinal(r.rating.mu, r.rating.sigma), r.name.casefold(), r.name))
    return shown


__all__ = ["DEFAULT_MIN_GAMES", "Ranked", "Standing", "leaderboard"]
