"""How a match ended, the same shape for every game: who won (a wrestler, a team or nobody),
by what, the returns, and the finishing order where a match ranks its entrants.

Every consumer (``watch``, ``sim``, ``replay``, the JSON output, the OpenSpiel adapter, the web
app and the league) reads a finished match through ``State.match_result()``, so a tag team's win
is a win everywhere, never a draw that only the returns knew better about.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Method(StrEnum):
    """How a match was decided (the rule texts' words, one vocabulary for every game)."""

    PIN = "pin"
    SUBMISSION = "submission"
    KNOCKOUT = "knockout"
    DISQUALIFICATION = "disqualification"
    COUNT_OUT = "count_out"
    ESCAPE = "escape"
    ELIMINATION = "elimination"
    CONCEDED = "conceded"
    TIME_LIMIT = "time_limit"
    DECISION = "decision"
    """Settled by a count the rules keep (points, Dosh, dice left), not by a fall."""
    DRAW = "draw"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a match: the seats (players) on it and the wrestlers they field."""

    name: str
    players: tuple[int, ...]
    wrestlers: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "players": list(self.players), "wrestlers": list(self.wrestlers)}


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The outcome of a finished match."""

    winner: Side | None
    """The winning side, or ``None`` for a draw / no contest."""
    method: Method
    returns: tuple[float, ...]
    sides: tuple[Side, ...]
    finishing_order: tuple[str, ...] = ()
    """Battle royals and tournaments: entrants from the winner to the first one out."""
    detail: str = ""
    """The deciding moment in the rulebook's words (``"submitted (5.7)"``)."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Game-specific facts a reader may want (final scores, Dosh counts); JSON-safe."""

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def winning_players(self) -> tuple[int, ...]:
        return self.winner.players if self.winner is not None else ()

    def describe(self) -> str:
        """One sentence for people: ``"Rex Hammond wins by pin"``, ``"a draw (time limit)"``."""
        how = self.method.value.replace("_", " ")
        if self.winner is None:
            return "a draw" if self.method in (Method.DRAW, Method.OTHER) else f"a draw ({how})"
        verb = "win" if len(self.winner.wrestlers) > 1 or " & " in self.winner.name else "wins"
        return f"{self.winner.name} {verb} by {how}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner.to_dict() if self.winner is not None else None,
            "method": self.method.value,
            "detail": self.detail,
            "returns": list(self.returns),
            "sides": [s.to_dict() for s in self.sides],
            "finishing_order": list(self.finishing_order),
            "extra": self.extra,
        }

    @classmethod
    def from_returns(
        cls,
        sides: Sequence[Side],
        returns: Sequence[float],
        method: Method | None = None,
        detail: str = "",
        finishing_order: Sequence[str] = (),
        extra: dict[str, Any] | None = None,
    ) -> MatchResult:
        """The side whose every player has the best return, when nobody off it shares that return."""
        winner = winning_side(sides, returns)
        if method is None:
            method = Method.DECISION if winner is not None else Method.DRAW
        return cls(
            winner=winner,
            method=method,
            returns=tuple(float(r) for r in returns),
            sides=tuple(sides),
            finishing_order=tuple(finishing_order),
            detail=detail,
            extra=dict(extra or {}),
        )


def winning_side(sides: Sequence[Side], returns: Sequence[float]) -> Side | None:
    """The one side holding the top return alone, or ``None`` (a draw or a shared top)."""
    if not returns:
        return None
    best = max(returns)
    if best <= min(returns):
        return None
    top = {p for p, r in enumerate(returns) if r == best}
    holders = [s for s in sides if top & set(s.players)]
    if len(holders) != 1 or not top >= set(holders[0].players):
        return None
    return holders[0]


def side_of(sides: Sequence[Side], player: int) -> Side | None:
    return next((s for s in sides if player in s.players), None)


def method_from_text(text: str) -> Method:
    """Map a ruleset's own words for an ending onto the shared vocabulary."""
    words = text.lower()
    table = (
        ("conced", Method.CONCEDED),
        ("submi", Method.SUBMISSION),
        ("disqual", Method.DISQUALIFICATION),
        ("count out", Method.COUNT_OUT),
        ("count-out", Method.COUNT_OUT),
        ("countout", Method.COUNT_OUT),
        ("counted out", Method.COUNT_OUT),
        ("pin", Method.PIN),
        ("escap", Method.ESCAPE),
        ("knock", Method.KNOCKOUT),
        ("eliminat", Method.ELIMINATION),
        ("last", Method.ELIMINATION),
        ("out of wrestlers", Method.ELIMINATION),
        ("time", Method.TIME_LIMIT),
        ("deck", Method.TIME_LIMIT),
        ("draw", Method.DRAW),
    )
    for needle, method in table:
        if needle in words:
            return method
    return Method.OTHER
