"""Random play through the public contract, for property and soak tests of any ruleset."""

from __future__ import annotations

import random

from turnbuckle.engine.game import State


def random_step(state: State, rng: random.Random) -> None:
    """One transition: a chance outcome drawn with its probability, or a uniform legal decision."""
    state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))


def advance(state: State, rng: random.Random, steps: int) -> State:
    """Up to ``steps`` random transitions (fewer if the match ends); returns the same state."""
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


def play_out(state: State, rng: random.Random, max_steps: int = 100_000) -> State:
    """Random transitions to the end of the match; fails if it does not end within ``max_steps``."""
    advance(state, rng, max_steps)
    assert state.is_terminal(), f"no end within {max_steps} actions"
    return state
