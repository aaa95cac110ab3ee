"""Shared test helpers: force dice and choices through the public contract."""

from __future__ import annotations

from collections.abc import Iterable

from turnbuckle.engine.game import CHANCE, State


def drive(state: State, steps: Iterable[int | str]) -> State:
    """Apply forced steps: an int is a die face (``die=N``) at a chance node, a str an action name."""
    for step in steps:
        if isinstance(step, int):
            assert state.current_player() == CHANCE, f"expected a die roll, state waits for {state.current_player()}"
            state.apply_action(f"die={step}")
        else:
            state.apply_action(step)
    return state
