"""RUMBLESLAM's state is plain data over the engine's ``State`` (issue 35 item 1): one level of
inheritance, every field in ``__slots__``, and no methods beyond the engine contract."""

from __future__ import annotations

import random

from turnbuckle.engine.game import State
from turnbuckle.engine.registry import load_game
from turnbuckle.games.rumbleslam.core import Wrestler
from turnbuckle.games.rumbleslam.rules import RumbleslamGame
from turnbuckle.games.rumbleslam.state import RumbleslamState

CONTRACT = {"__init__", "current_player", "legal_actions", "chance_outcomes", "returns", "observation",
            "is_terminal", "is_chance_node", "_is_allowed", "_apply", "action_from_string", "match_result",
            "clone", "_copy_into", "sample_chance", "random_playout_returns"}
"""The engine's contract and the fast paths the engine and the agents call."""


def _game() -> RumbleslamGame:
    game = load_game("rumbleslam")
    assert isinstance(game, RumbleslamGame)
    return game


def test_the_state_extends_only_the_engines_state() -> None:
    assert RumbleslamState.__bases__ == (State,)
    assert Wrestler.__bases__ == (object,)


def test_the_state_holds_only_the_contract() -> None:
    own = {name for name, value in vars(RumbleslamState).items() if callable(value)}
    assert own <= CONTRACT, sorted(own - CONTRACT)


def test_every_field_is_a_slot() -> None:
    state = _game().new_initial_state()
    # only the engine's own fields live in the instance dict (its State has no slots)
    assert set(vars(state)) == {"game", "_history", "_events", "_event_cache", "_events_deferred",
                                "record_events", "_origin"}
    for name in RumbleslamState.__slots__:
        getattr(state, name)  # every slot is set in __init__


def test_a_clone_copies_every_slot_and_plays_on_alone() -> None:
    state = _game().new_initial_state()
    rng = random.Random(3)
    for _ in range(60):
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    copy = state.clone()
    for name in RumbleslamState.__slots__:
        if name not in ("deferred", "ws"):
            assert getattr(copy, name) == getattr(state, name), name
    assert all(c is not w and all(getattr(c, f) == getattr(w, f) for f in Wrestler.__slots__)
               for c, w in zip(copy.ws, state.ws, strict=True))
    assert copy.stack is not state.stack and copy.occ is not state.occ
    before = state.to_position()
    copy.random_playout_returns(random.Random(1))
    while not copy.is_terminal():
        copy.apply_action(copy.sample_chance(rng) if copy.is_chance_node() else rng.choice(copy.legal_actions()))
    assert state.to_position() == before
