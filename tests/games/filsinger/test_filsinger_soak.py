"""Soak: >= 1,000 random matches per match type end properly, with sane returns and commentary."""

from __future__ import annotations

import random
from typing import Any

import pytest

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import State
from turnbuckle.engine.match import play_match
from turnbuckle.games.filsinger.rules import FilsingerGame


class RandomAgent:
    name = "random"

    def choose(self, state: State, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())


MATCHES = [
    ("singles", {}),
    ("tag", {}),
    ("six_man", {}),
    ("eight_man", {}),
    ("singles", {"no_dq": True}),
    ("singles", {"cage": True}),
]


# filsinger SPECIAL MATCHES: singles, tag, six- and eight-man tags, No DQ, Cage
@pytest.mark.soak
@pytest.mark.parametrize(("match_type", "extra"), MATCHES)
def test_soak_random_matches(match_type: str, extra: dict[str, Any]) -> None:
    results: dict[str, int] = {}
    for standard, count in ((True, 700), (False, 300)):
        game = FilsingerGame(match_type=match_type, tournament_standard=standard, **extra)
        for seed in range(count):
            result = play_match(game, [RandomAgent(), RandomAgent()], seed=seed, max_steps=20_000)
            assert sum(result.returns) == 0.0
            assert result.returns in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
            winner = str(result.winning_players[0]) if result.winning_players else "None"
            results[winner] = results.get(winner, 0) + 1
    assert results.get("0", 0) > 50 and results.get("1", 0) > 50
    if extra:  # no disqualifications or count outs in No DQ and Cage matches
        game = FilsingerGame(match_type=match_type, tournament_standard=True, **extra)
        for seed in range(100):
            state = game.state_from_actions(
                play_match(game, [RandomAgent(), RandomAgent()], seed=seed).actions
            )
            assert state.how in ("pin", "escape")  # type: ignore[attr-defined]


# filsinger BASIC 3: the match told in the book's words
def test_commentary_for_every_event() -> None:
    for match_type in ("singles", "six_man"):
        game = FilsingerGame(match_type=match_type, tournament_standard=True)
        lines = 0
        for seed in range(40):
            result = play_match(game, [RandomAgent(), RandomAgent()], seed=seed,
                                on_event=lambda e, s: None)
            state = game.state_from_actions(result.actions)
            for event in state.events:
                text = game.narrate(event)
                assert text is None or (isinstance(text, str) and text)
                lines += text is not None
        assert lines > 100
