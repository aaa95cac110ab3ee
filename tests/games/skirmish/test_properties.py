"""Ring skirmish invariants over random play: hypothesis properties, the soak's checks, replay determinism.

The full-length soak is in ``test_soak.py`` (minutes of play; the mutation run leaves it out)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.engine.game import CHANCE
from turnbuckle.engine.match import play_match
from turnbuckle.games.skirmish.rules import BID, MATCH_TYPES, SkirmishGame
from turnbuckle.games.skirmish.soak import check_invariants, play_random

GAMES = {mt: SkirmishGame(match_type=mt, max_rounds=3) for mt in MATCH_TYPES}


# -- hypothesis properties -----------------------------------------------------------------------
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), match_type=st.sampled_from(MATCH_TYPES))
def test_invariants_hold_in_random_play(seed: int, match_type: str) -> None:  # skirmish SK-1.1, SK-3.1, SK-4.3, SK-7.6
    state = GAMES[match_type].new_initial_state()
    state.record_events = False
    final = play_random(state, random.Random(seed))
    assert final.is_terminal()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), match_type=st.sampled_from(MATCH_TYPES))
def test_bids_hidden_until_revealed(seed: int, match_type: str) -> None:  # skirmish SK-3.2 secret bids
    rng = random.Random(seed)
    state = GAMES[match_type].new_initial_state()
    while state.phase != BID:
        state.apply_action(state.sample_chance(rng) if state.current_player() == CHANCE
                           else rng.choice(state.legal_actions()))
    n = state.game.players
    for p in range(n):
        state.apply_action(rng.choice(state.legal_actions()))
        if p + 1 < n:
            for q in range(n):
                for r, view in enumerate(state.observation(q)["players"]):
                    if r != q:
                        assert view["bid"] is None, "a bid leaked before the reveal"
            other = state.determinize(n - 1, rng)
            assert 0 <= other.bid[0] <= state.pool[0]
    assert state.revealed
    assert all(v["bid"] is not None for v in state.observation(0)["players"])
    assert any(e.kind == "bids_revealed" for e in state.events)


# -- the soak's checks (the soak itself: test_soak.py) ------------------------------------------
def test_soak_reports_a_broken_invariant() -> None:  # skirmish SK-3.1 pool cap, via the soak's checks
    state = GAMES["singles"].new_initial_state()
    state.pool[0] = 11
    with pytest.raises(AssertionError, match=r"pool 11 outside 0\.\.10"):
        check_invariants(state)


# -- replay determinism --------------------------------------------------------------------------
@pytest.mark.parametrize("match_type", MATCH_TYPES)
def test_replay_is_deterministic(match_type: str) -> None:
    game = GAMES[match_type]
    agents = [RandomAgent(game, p) for p in range(game.num_players())]
    first = play_match(game, agents, seed=11)
    again = play_match(game, agents, seed=11)
    assert first.actions == again.actions and first.returns == again.returns
    state = game.state_from_actions(first.actions)
    assert state.is_terminal() and state.returns() == first.returns
    saved = state.to_json()
    assert game.state_from_json(saved).to_json() == saved
    json.dumps(state.observation(0))
