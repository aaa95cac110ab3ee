"""Ring skirmish invariants over random play: hypothesis properties, soaks, replay determinism."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.engine.match import play_match
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.rules import BID, COUNTER, MATCH_TYPES, TURN, SkirmishGame, SkirmishState

GAMES = {mt: SkirmishGame(match_type=mt, max_rounds=3) for mt in MATCH_TYPES}


def check_invariants(state: SkirmishState) -> None:
    g = state.game
    ring = [m for m in state.models if m.in_ring]
    assert len(ring) == (g.players if state.round >= 1 else len(ring))
    for i, m in enumerate(ring):
        assert geo.inside(m.pos, m.r), f"{m} outside the ring"  # SK-1.1
        for other in ring[i + 1 :]:
            assert not geo.overlaps(m.pos, m.r, other.pos, other.r), "bases overlap"  # SK-1.4
    for m in state.models:
        assert 1 <= m.end <= g.profiles[m.wrestler].END  # SK-7.6 END floor, Flaunt cap
    for p in range(g.players):
        assert 0 <= state.pool[p] <= 10  # SK-3.1 pool cap
        assert state.left[p] >= 0


def play_random(state: SkirmishState, rng: random.Random, check: bool = True, limit: int = 100_000) -> SkirmishState:
    """Uniformly random play; checks the invariants and once-per-round at every decision."""
    g = state.game
    steps = 0
    while state.current_player() != TERMINAL and steps < limit:
        if state.current_player() == CHANCE:
            state._apply(state.sample_chance(rng))
        else:
            action = rng.choice(state.legal_actions())
            if state.phase in (TURN, COUNTER) and action.id in g.maneuver_spec:
                mi = g.maneuver_spec[action.id][0]
                assert mi not in state.used[state.chooser], "maneuver performed twice in a round"  # SK-4.3
            state._apply(action)
        if check:
            check_invariants(state)
        steps += 1
    return state


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


# -- soaks: at least 1,000 random matches per match type ---------------------------------------------
@pytest.mark.soak
@pytest.mark.parametrize("match_type", MATCH_TYPES)
def test_soak_random_matches(match_type: str) -> None:  # skirmish SK-11 every match type
    game = SkirmishGame(match_type=match_type, max_rounds=2)
    endings = 0
    for seed in range(1000):
        state = game.new_initial_state()
        state.record_events = False
        final = play_random(state, random.Random(seed), check=seed % 10 == 0)
        assert final.is_terminal()
        returns = final.returns()
        assert abs(sum(returns)) < 1e-9
        endings += final.winner >= 0 or final.round == 2
    assert endings == 1000


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
