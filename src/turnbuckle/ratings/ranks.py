"""Each side's place in a finished match, the ``ranks`` a rating update takes (0 best, equal
places for sides that tied).

The returns decide (``State.returns()``, also in ``MatchResult.returns``): a side's return is the
mean of its players' (partners share one in every game we have). Where the match ranks its
entrants by elimination (battle royals, ``MatchResult.finishing_order``) and sides tied on
returns, the order splits them: being eliminated last beats being eliminated first.
"""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.engine.result import MatchResult


def ranks_from_returns(sides: Sequence[Sequence[int]], returns: Sequence[float]) -> list[int]:
    """Dense places from the returns: ``sides`` lists each side's seats (players)."""
    if not sides or any(not side for side in sides):
        raise ValueError("every side needs at least one seat")
    seats = [p for side in sides for p in side]
    if len(set(seats)) != len(seats) or any(not 0 <= p < len(returns) for p in seats):
        raise ValueError(f"sides {[list(s) for s in sides]} do not match {len(returns)} returns")
    values = [sum(returns[p] for p in side) / len(side) for side in sides]
    return _dense([(-v,) for v in values])


def ranks_from_result(result: MatchResult) -> list[int]:
    """Places of ``result.sides`` (in that order): the returns, then the finishing order where a
    match ranks its entrants."""
    sides = [s.players for s in result.sides]
    by_returns = ranks_from_returns(sides, result.returns)
    order = {name: i for i, name in enumerate(result.finishing_order)}
    if not order:
        return by_returns

    def place(index: int) -> int:
        side = result.sides[index]
        names = [side.name, *side.wrestlers]
        return min((order[n] for n in names if n in order), default=len(order))

    return _dense([(by_returns[i], place(i)) for i in range(len(sides))])


def _dense(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """0 for the smallest key, one more for each larger distinct key."""
    distinct = sorted(set(keys))
    index = {key: i for i, key in enumerate(distinct)}
    return [index[key] for key in keys]


__all__ = ["ranks_from_result", "ranks_from_returns"]
