"""The default hint seed comes from the moment itself, not from how many actions led to it: the same
decision loaded from a position file gets the same hint as in the live match (issue 29.18)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import turnbuckle
from turnbuckle.analysis.review import Budget, hint
from turnbuckle.engine.game import State

TINY = Budget(playouts=3)


def _decision(name: str, steps: int, seed: int = 4) -> State:
    """The first decision with several options after ``steps`` random actions of ``name``."""
    state = turnbuckle.load_game(name).new_initial_state()
    rng = random.Random(seed)
    done = 0
    while done < steps or state.current_player() < 0 or len(state.legal_actions()) < 2:
        assert not state.is_terminal()
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        done += 1
    return state


@pytest.mark.parametrize(("name", "steps"), [("wrasslin", 30), ("skirmish", 40), ("rumbleslam", 40)])
def test_a_position_loaded_from_a_file_gets_the_live_matchs_hint(name: str, steps: int) -> None:
    live = _decision(name, steps)
    loaded = live.game.state_from_position(live.to_position())
    assert loaded.history == [] and live.history
    # the same values to the last digit; only the wall-clock time the hint took may differ
    assert replace(hint(loaded, budget=TINY), seconds=0.0) == replace(hint(live, budget=TINY), seconds=0.0)
