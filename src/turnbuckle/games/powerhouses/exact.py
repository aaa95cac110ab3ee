"""Exact chances for balance reports: two sheets played by the expert (the match solver's
minimax strategy), so a report holds the true chances, not samples (``analysis.balance`` makes
the pairing from both seats' chances)."""

from __future__ import annotations

from typing import Any

from turnbuckle.games.powerhouses.rules import PowerhousesGame
from turnbuckle.games.powerhouses.solver import match_solver


def seat_zero_chance(params: dict[str, Any], first: str, second: str) -> float:
    """The chance that ``first``, sitting first, beats ``second`` when both play the expert."""
    game = PowerhousesGame(**{**params, "wrestlers": [first, second]})
    return match_solver(game.face_maps, game.starting_dice, game.comeback_rule).match_win_chance(0)

