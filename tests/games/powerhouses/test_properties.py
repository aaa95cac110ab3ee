"""Invariants of Powerhouses under arbitrary play (hypothesis) and a random-play soak."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import turnbuckle
from support.random_play import advance, play_out
from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.engine.match import play_match
from turnbuckle.games.powerhouses.state import PowerhousesState

GAME = turnbuckle.load_game("powerhouses")
MAX_STEPS = 20_000


def _random_walk(seed: int, check: object = None) -> PowerhousesState:
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    for _ in range(MAX_STEPS):
        if callable(check):
            check(state)
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
            state.apply_action(rng.choice([a for a, _ in outcomes]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} actions")


def _dice_in_range(state: object) -> None:
    assert isinstance(state, PowerhousesState)
    assert all(1 <= d <= 5 for d in state.dice), state.dice
    for face in state.thrown:
        assert 1 <= face <= 6


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_dice_counts_stay_between_one_and_five_and_match_ends(seed: int) -> None:
    state = _random_walk(seed, _dice_in_range)
    assert min(state.dice) == 1 and state.dice.count(1) == 1


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_returns_sum_to_zero(seed: int) -> None:
    state = _random_walk(seed)
    returns = state.returns()
    assert sum(returns) == 0 and sorted(returns) == [-1.0, 1.0]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=300))
def test_clones_are_independent(seed: int, cut: int) -> None:
    rng = random.Random(seed)
    state = advance(GAME.new_initial_state(), rng, cut)
    before = state.to_json()
    observation = json.dumps(state.observation(0))
    play_out(state.clone(), rng)
    assert state.to_json() == before
    assert json.dumps(state.observation(0)) == observation


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=400))
def test_json_round_trips_exactly(seed: int, cut: int) -> None:
    state = advance(GAME.new_initial_state(), random.Random(seed), cut)
    text = state.to_json()
    again = GAME.state_from_json(text)
    assert again.to_json() == text
    assert again.observation(0) == state.observation(0)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in state.events]
    assert again.current_player() == state.current_player()
    assert again.legal_actions() == state.legal_actions()


def test_observations_are_json_safe_and_public() -> None:
    state = _random_walk(7)
    for player in (0, 1):
        obs = state.observation(player)
        assert json.loads(json.dumps(obs))["dice"] == obs["dice"]
    assert {k: v for k, v in state.observation(0).items() if k != "player"} == {
        k: v for k, v in state.observation(1).items() if k != "player"
    }


def test_soak_1000_random_matches() -> None:
    # every rule exercised by random play: matches end, winners at one die, replays agree
    agents = [RandomAgent(), RandomAgent()]
    winners = [0, 0]
    for seed in range(1000):
        result = play_match(GAME, agents, seed)
        assert result.winning_players in ((0,), (1,))
        winners[result.winning_players[0]] += 1
    assert min(winners) > 300, winners


def test_random_playout_fast_path_matches_generic_distribution() -> None:
    # the fast rollout must draw from the same distribution as the per-die generic loop
    start = GAME.new_initial_state()
    n = 4000
    fast = sum(start.random_playout_returns(random.Random(i))[0] > 0 for i in range(n)) / n
    generic = 0
    for i in range(n):
        generic += play_out(start.clone(), random.Random(10_000 + i)).returns()[0] > 0
    assert abs(fast - generic / n) < 0.045  # ~4 standard errors of the difference
