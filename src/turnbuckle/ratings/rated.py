"""A finished match's new ratings by seat: the glue a caller would otherwise write around
:func:`update` (sides from the result, places from its returns, the seats' ratings in and out)."""

from __future__ import annotations

from collections.abc import Mapping

from turnbuckle.engine.result import MatchResult
from turnbuckle.ratings.model import Rating, update
from turnbuckle.ratings.ranks import ranks_from_result


def rate_seats(result: MatchResult, ratings: Mapping[int, Rating]) -> dict[int, Rating]:
    """Every seat's rating after ``result``; ``ratings`` holds each seat's before (a computer's
    published, fixed one for a computer seat: it comes back unchanged)."""
    sides = [list(side.players) for side in result.sides]
    missing = [p for side in sides for p in side if p not in ratings]
    if missing:
        raise ValueError(f"no rating for seat {missing[0]}")
    after = update([[ratings[p] for p in side] for side in sides], ranks_from_result(result))
    return {p: new for side, rated in zip(sides, after, strict=True) for p, new in zip(side, rated, strict=True)}


__all__ = ["rate_seats"]
