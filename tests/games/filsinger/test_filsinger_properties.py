"""Hypothesis properties: clones are independent, JSON round-trips, every match ends."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from support.random_play import advance
from turnbuckle.engine.game import CHANCE
from turnbuckle.games.filsinger.options import MATCH_TYPES, OPTIONAL_RULES
from turnbuckle.games.filsinger.queries import state_key
from turnbuckle.games.filsinger.rules import FilsingerGame
from turnbuckle.games.filsinger.state import FilsingerState

PARAMS = st.fixed_dictionaries(
    {"match_type": st.sampled_from(list(MATCH_TYPES)[:4])},
    optional={name: st.booleans() for name in [*OPTIONAL_RULES, "no_dq", "cage", "tournament_standard"]},
)


def step(state: FilsingerState, rng: random.Random) -> None:
    if state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def check_contract(state: FilsingerState) -> None:
    game = state.game
    if state.is_terminal():
        assert state.legal_actions() == [] and state.chance_outcomes() == []
    elif state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        assert all(0 <= a.id < game.max_chance_outcomes() for a, _ in outcomes)
    else:
        legal = state.legal_actions()
        assert legal and all(0 <= a.id < game.num_distinct_actions() for a in legal)
        assert len({a.name for a in legal}) == len(legal)
    json.dumps(state.observation(0))


# filsinger BASIC 3: "a typical match goes back and forth ... until" it ends
@settings(max_examples=40, deadline=None)
@given(PARAMS, st.integers(0, 10_000))
def test_every_match_ends(params: dict[str, bool | str], seed: int) -> None:
    game = FilsingerGame(**params)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(50_000):
        if state.is_terminal():
            break
        check_contract(state)
        step(state, rng)
    assert state.is_terminal()
    check_contract(state)


# filsinger BASIC 3: a match is a sequence of rolls; copies of it evolve independently
@settings(max_examples=30, deadline=None)
@given(PARAMS, st.integers(0, 10_000), st.integers(0, 60))
def test_clones_are_independent(params: dict[str, bool | str], seed: int, steps: int) -> None:
    game = FilsingerGame(**params)
    rng = random.Random(seed)
    state = advance(game.new_initial_state(), rng, steps)
    before = (state.to_json(), state_key(state), len(state.events), state.observation(0))
    clone = state.clone()
    assert isinstance(clone, FilsingerState)
    advance(clone, rng, 30)
    assert (state.to_json(), state_key(state), len(state.events), state.observation(0)) == before


# filsinger BASIC 3: a saved match is its list of rolls and decisions
@settings(max_examples=30, deadline=None)
@given(PARAMS, st.integers(0, 10_000), st.integers(0, 200))
def test_json_round_trips(params: dict[str, bool | str], seed: int, steps: int) -> None:
    game = FilsingerGame(**params)
    state = advance(game.new_initial_state(), random.Random(seed), steps)
    again = game.state_from_json(state.to_json())
    assert isinstance(again, FilsingerState)
    assert state_key(again) == state_key(state) and again.tokens == state.tokens
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in state.events]
    assert again.to_json() == state.to_json()
    rebuilt = FilsingerGame(**json.loads(state.to_json())["params"])
    other = rebuilt.state_from_json(state.to_json())
    assert isinstance(other, FilsingerState) and state_key(other) == state_key(state)
