"""The plain skirmish state (issue 35): data in __slots__, copied field by field by ``clone``."""

from __future__ import annotations

import random

from support.skirmish import slots
from turnbuckle.engine.game import State
from turnbuckle.games.skirmish.rules import SkirmishGame, SkirmishState


def _midway(seed: int, steps: int) -> SkirmishState:
    state = SkirmishGame(match_type="tag").new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def test_the_state_is_one_level_over_the_engine_state_with_every_field_in_slots() -> None:
    assert SkirmishState.__bases__ == (State,)
    if getattr(SkirmishState, "__slots__", ()):  # interpreted (a mypyc native class shows none)
        assert SkirmishState.__slots__ == slots()
    engine = {"game", "_history", "_events", "_event_cache", "_events_deferred", "record_events", "_origin"}
    assert set(getattr(_midway(0, 0), "__dict__", {})) <= engine  # ours are all slots


def test_clone_copies_every_slot_and_shares_no_mutable_field() -> None:
    for seed in range(4):
        state = _midway(seed, 120 + 37 * seed)
        state.legal_actions()  # fill the caches too
        copy = state.clone()
        assert type(copy) is SkirmishState
        for name in slots():
            mine, theirs = getattr(state, name), getattr(copy, name)
            assert mine == theirs, name
            if isinstance(mine, list | dict | set) and not name.startswith("_"):
                assert mine is not theirs or not mine, name
        assert all(a is not b for a, b in zip(state.models, copy.models, strict=True))
        assert copy.history == state.history and copy.to_position() == state.to_position()
        rng = random.Random(seed)
        while not copy.is_terminal():  # the copy plays on; the original stays where it was
            copy.apply_action(copy.sample_chance(rng) if copy.is_chance_node() else rng.choice(copy.legal_actions()))
        assert state.to_position() == _midway(seed, 120 + 37 * seed).to_position()
