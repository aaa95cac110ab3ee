"""Checks shared by the board games' tensor tests (RUMBLESLAM, skirmish): fixed shapes over a random
match, finite values in the documented ranges, a layout that adds up and is documented, and
OpenSpiel's and PettingZoo's own checkers with the tensors on."""

from __future__ import annotations

import math
import random
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

import turnbuckle
from turnbuckle.engine.game import RECENT_DECISIONS, Game, State

DOCS = Path(__file__).resolve().parents[2] / "docs" / "interop.md"


def step(state: State, rng: random.Random) -> None:
    state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))


def segment_slots(game: Game, names: Iterable[str]) -> set[int]:
    """Every index of the named segments."""
    view: Any = game.tensor_view()
    return {i for s in view.layout.segments if s.name in names for i in range(s.offset, s.offset + s.size)}


def check_playout(game: Game, seed: int, signed: set[int], every: int = 3,
                  also: Callable[[State, int, list[float]], None] | None = None) -> int:
    """Plays one random match; every ``every`` steps (and at the end) every player's tensor has the
    game's shape, finite floats in [0, 1], or in [-1, 1] at the ``signed`` indices. Returns the steps."""
    shape = game.observation_tensor_shape()
    assert shape is not None and len(shape) == 1
    (size,) = shape
    info = game.information_state_tensor_shape()
    assert info == (size + RECENT_DECISIONS * game.num_distinct_actions(),)
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    while True:
        if steps % every == 0 or state.is_terminal():
            for player in range(game.num_players()):
                tensor = state.observation_tensor(player)
                assert len(tensor) == size
                for i, x in enumerate(tensor):
                    assert isinstance(x, float) and math.isfinite(x), (i, x)
                    assert (-1.0 if i in signed else 0.0) <= x <= 1.0, (game.name, i, x, steps)
                if also is not None:
                    also(state, player, tensor)
        if state.is_terminal():
            break
        step(state, rng)
        steps += 1
    assert len(state.information_state_tensor(0)) == info[0]
    return steps


def check_layout(game: Game) -> None:
    """The segments follow one another from 0 and add up to the shape; names are unique."""
    view: Any = game.tensor_view()
    rows = view.layout.describe()
    offset = 0
    for _, at, size, what in rows:
        assert at == offset and size > 0 and what
        offset += size
    assert (offset,) == view.shape == game.observation_tensor_shape()
    assert len({name for name, *_ in rows}) == len(rows)


def check_documented(game: Game) -> None:
    docs = DOCS.read_text()
    view: Any = game.tensor_view()
    start = docs.index(f"### `{game.name}`")
    ends = [at for at in (docs.find("\n## ", start), docs.find("\n### ", start + 1)) if at >= 0]
    section = docs[start : min(ends, default=len(docs))]  # this game's own section only
    for name, *_ in view.layout.describe():
        assert f"`{name}`" in section, f"{game.name}: segment {name!r} is not in docs/interop.md"


def random_sim_test(name: str, params: dict[str, Any], sims: int) -> None:
    """OpenSpiel's own consistency checker (tensor sizes and finiteness for every player at every
    step included), and the adapter's tensors equal to the engine's."""
    pyspiel = pytest.importorskip("pyspiel", reason="needs pip install 'turnbuckle[openspiel]'")
    import numpy as np

    from turnbuckle.interop import openspiel as tb_spiel

    game = tb_spiel.load(name, **params)
    kind = game.get_type()
    assert kind.provides_observation_tensor and kind.provides_information_state_tensor
    tb = game.turnbuckle_game
    assert tuple(game.observation_tensor_shape()) == tb.observation_tensor_shape()
    assert tuple(game.information_state_tensor_shape()) == tb.information_state_tensor_shape()
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)
    state = game.new_initial_state()
    rng = random.Random(2)
    for steps in range(120):
        if state.is_terminal():
            break
        if steps % 20 == 0:
            engine = state.turnbuckle_state
            for player in range(game.num_players()):
                assert np.array_equal(state.observation_tensor(player), np.float32(engine.observation_tensor(player)))
                expected = engine.information_state_tensor(player)
                assert np.array_equal(state.information_state_tensor(player), np.float32(expected))
        state.apply_action(rng.choice(state.legal_actions()))


def api_test(name: str, params: dict[str, Any]) -> None:
    """PettingZoo's API test, with the observation a float32 Box of the tensor's shape."""
    pytest.importorskip("pettingzoo", reason="needs pip install 'turnbuckle[pettingzoo]'")
    import numpy as np
    from pettingzoo.test import api_test as pz_api_test

    from turnbuckle.interop.pettingzoo import turnbuckle_env

    env = turnbuckle_env(name, **params)
    space = env.observation_space("player_0")["observation"]
    assert space.dtype == np.float32 and space.shape == turnbuckle.load_game(name, **params).observation_tensor_shape()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice for dict observations (the action-mask convention)
        pz_api_test(env, num_cycles=200, verbose_progress=False)
