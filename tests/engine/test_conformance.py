"""Every registered ruleset passes the engine's contract checker with its default params."""

from __future__ import annotations

import pytest

import turnbuckle
from turnbuckle.engine.conformance import check_game


@pytest.mark.parametrize("name", turnbuckle.list_games())
def test_every_game_honours_the_contract(name: str) -> None:
    report = check_game(turnbuckle.load_game(name), matches=15, seed=100)
    assert report.matches == 15 and report.chance_nodes > 0  # (basic filsinger has no decisions)
