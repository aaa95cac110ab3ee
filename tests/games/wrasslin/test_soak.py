"""Soak: 1,000 uniformly random matches of every match type end properly with the cards conserved."""

from __future__ import annotations

import random

import pytest

from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.games.wrasslin.core import card_total
from turnbuckle.games.wrasslin.rules import WrasslinGame

MATCHES = 1000
PARAMS = {
    "singles": {},
    "tag": {"match_type": "tag"},
    "handicap": {"match_type": "handicap"},
    "battle_royal": {"match_type": "battle_royal"},
    "tournament": {"match_type": "tournament"},
}


def random_match(game: WrasslinGame, seed: int) -> tuple[list[float], int]:
    """A fast random match: no events, chance sampled directly (same distribution)."""
    state = game.new_initial_state()
    state.record_events = False
    rng = random.Random(seed)
    steps = 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            assert card_total(state) == 180
            assert min(state.dmg) >= 0
            return state.returns(), steps
        if player == CHANCE:
            state._apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            assert legal, f"no legal action in phase {state.phase} (seed {seed})"
            if len(legal) > 1 and rng.random() > 0.05:
                legal = [a for a in legal if a.name != "concede"]  # concede rarely: play the bouts out
            state._apply(rng.choice(legal))
        steps += 1
        assert steps < 100_000, f"match did not end (seed {seed})"


@pytest.mark.soak
@pytest.mark.parametrize("kind", sorted(PARAMS))
def test_soak_random_matches(kind: str) -> None:
    # wrasslin 5.7 / 5.8: every match ends (win, disqualification, submission or draw)
    game = WrasslinGame(**PARAMS[kind])
    outcomes: dict[str, int] = {"win": 0, "draw": 0}
    for seed in range(MATCHES):
        returns, _ = random_match(game, seed)
        assert len(returns) == game.num_players()
        outcomes["draw" if max(returns) == 0 else "win"] += 1
    assert outcomes["win"] > MATCHES // 2


VARIANTS = {
    "no_auto_pass": {"auto_pass": False},
    "errors_rule_off": {"errors_rule": False},
    "tournament_draft": {"match_type": "tournament", "tournament_wrestlers": "draft", "tournament_size": 4},
    "introductory": {"introductory": True},
    "redraw": {"tag_cards_in_singles": "redraw"},
    "tag_hot_seat": {"match_type": "tag", "auto_pass": False, "errors_rule": True},
    "battle_royal_8": {"match_type": "battle_royal", "players": 8},
    "tournament_battle_royal": {"match_type": "tournament", "players": 4},
}


@pytest.mark.soak
@pytest.mark.parametrize("kind", sorted(VARIANTS))
def test_soak_option_variants(kind: str) -> None:
    # wrasslin intro sheet, 5.1, 11.5, 14.6: every option combination plays to an end
    game = WrasslinGame(**VARIANTS[kind])
    for seed in range(100):
        returns, _ = random_match(game, seed)
        assert abs(sum(returns)) < 1e-9
