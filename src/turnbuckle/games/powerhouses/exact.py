"""Exact pairings for balance reports: two sheets played by the expert (the match solver's
minimax strategy) from both seats, so a report holds the true chances, not samples."""

from __future__ import annotations

from typing import Any

from turnbuckle.analysis.balance import Pairing
from turnbuckle.games.powerhouses.rules import PowerhousesGame
from turnbuckle.games.powerhouses.solver import match_solver


def seat_zero_chance(params: dict[str, Any], first: str, second: str) -> float:
    """The chance that ``first``, sitting first, beats ``second`` when both play the expert."""
    game = PowerhousesGame(**{**params, "wrestlers": [first, second]})
    return match_solver(game.face_maps, game.starting_dice, game.comeback_rule).match_win_chance(0)


def exact_pairing(params: dict[str, Any], a: str, b: str, weight: int) -> Pairing:
    """``a`` against ``b``, half the matches from each seat, as exact expected counts out of
    ``weight`` matches (Powerhouses has no draws: Ending the Game always names a winner)."""
    a_first = seat_zero_chance(params, a, b)
    b_first = seat_zero_chance(params, b, a)
    share = (a_first + 1.0 - b_first) / 2
    return Pairing(
        a,
        b,
        matches=weight,
        a_wins=weight * share,
        b_wins=weight * (1.0 - share),
        draws=0.0,
        first_seat_wins=weight * (a_first + b_first) / 2,
        exact=True,
    )
