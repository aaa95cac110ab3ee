"""RUMBLESLAM's observation tensor: a fixed, documented shape for 2-4 teams, values in range, every
observer seeing the same public match, and OpenSpiel's and PettingZoo's checkers with it on."""

from __future__ import annotations

import random
from typing import Any

import pytest

import turnbuckle
from interop.tensorcheck import (
    api_test,
    check_documented,
    check_layout,
    check_playout,
    random_sim_test,
    segment_slots,
    step,
)
from turnbuckle.engine.game import Game, State
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam import tensor as rt
from turnbuckle.games.rumbleslam.core import LOC_NAMES

CONFIGS: list[dict[str, Any]] = [
    {},
    {"players": 3},
    {"players": 4},
    {"teams": ["Rusty Lantern Rascals", "Marble Minotaur Legion"]},  # a Traditional Tag Team on the sidelines
]
IDS = ["2", "3", "4", "tag-team"]


def _signed(game: Game) -> set[int]:
    """The returns in ``result`` are the only values below 0."""
    n = game.num_players()
    start = min(segment_slots(game, ["result"]))
    return set(range(start + 1, start + 1 + n))


@pytest.mark.parametrize("params", CONFIGS, ids=IDS)
def test_fixed_shape_and_documented_ranges_over_a_match(params: dict[str, Any]) -> None:
    game = turnbuckle.load_game("rumbleslam", **params)
    n, w = game.num_players(), len(game.entrants)  # type: ignore[attr-defined]
    planes, features = len(rt.PLANES), len(rt.WRESTLER_FEATURES)
    assert (planes, features) == (9, 27)
    assert game.observation_tensor_shape() == (18 * n + 33 + planes * 104 + w * (n + features),)  # as documented
    check_playout(game, seed=1, signed=_signed(game), every=4)


@pytest.mark.parametrize("params", CONFIGS, ids=IDS)
def test_layout_adds_up_and_is_documented(params: dict[str, Any]) -> None:
    game = turnbuckle.load_game("rumbleslam", **params)
    check_layout(game)
    check_documented(game)


def _relative(game: Game) -> set[int]:
    """Slots that depend on who looks: observer, the friendly and enemy planes, each row's friendly flag."""
    view: Any = game.tensor_view()
    at = view.layout.offset("board")
    squares = len(rt.SQUARES)
    slots = segment_slots(game, ["observer"]) | set(range(at, at + 2 * squares))
    row = game.num_players() + len(rt.WRESTLER_FEATURES)
    flag = view.layout.offset("wrestlers") + view._f["friendly"]
    return slots | {flag + i * row for i in range(len(game.entrants))}  # type: ignore[attr-defined]


def test_every_observer_sees_the_same_public_match() -> None:
    """Perfect information: the tensors differ only in the observer-relative slots, and friendly +
    enemy covers the same squares for everyone."""
    game = turnbuckle.load_game("rumbleslam", players=4)
    relative = _relative(game)
    at = game.tensor_view().layout.offset("board")  # type: ignore[union-attr]
    squares = len(rt.SQUARES)

    def same(state: State, player: int, tensor: list[float]) -> None:
        other = state.observation_tensor((player + 1) % 4)
        keep = [x for i, x in enumerate(tensor) if i not in relative]
        assert keep == [x for i, x in enumerate(other) if i not in relative]
        occupied = [tensor[at + s] + tensor[at + squares + s] for s in range(squares)]
        assert occupied == [other[at + s] + other[at + squares + s] for s in range(squares)]

    check_playout(game, seed=5, signed=_signed(game), every=25, also=same)


def test_tensor_reads_the_observation() -> None:
    """Spot checks against ``observation()``: where each wrestler is, its STA, AP and MP, its squares in
    the friendly / enemy planes, and the pending decision."""
    game = turnbuckle.load_game("rumbleslam", players=3)
    view: Any = game.tensor_view()
    at = {s.name: s.offset for s in view.layout.segments}
    row = game.num_players() + len(rt.WRESTLER_FEATURES)
    f = view._f
    squares = len(rt.SQUARES)
    rng = random.Random(9)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        for _ in range(7):
            if not state.is_terminal():
                step(state, rng)
        player = checked % 3
        obs = state.observation(player)
        tensor = state.observation_tensor(player)
        for i, w in enumerate(obs["wrestlers"]):
            base = at["wrestlers"] + i * row
            assert tensor[base + w["team"]] == 1.0
            assert tensor[base + f["where_ring"] + LOC_NAMES.index(w["where"])] == 1.0
            assert tensor[base + f["sta"]] == pytest.approx(w["sta"] / w["sta_max"])
            assert tensor[base + f["ap"]] == pytest.approx(w["ap"] / rt.AP_SCALE)
            assert tensor[base + f["mp"]] == pytest.approx(w["mp"] / rt.MP_SCALE)
            assert tensor[base + f["active"]] == float(w["active"])
            if w["square"] is not None:
                square = rt.SQUARE_INDEX[mat.parse_square(w["square"])]
                plane = 0 if w["team"] == player else 1
                assert tensor[at["board"] + plane * squares + square] == 1.0
        pending = obs["pending"]
        got = tensor[at["pending"] : at["pending"] + len(rt.PENDING)]
        if pending is None:
            assert not any(got)
        else:
            assert got.index(1.0) == (rt.PENDING.index(pending) if pending in rt.PENDING else len(rt.PENDING) - 1)
        checked += 1
    assert checked > 20


SHORT = [({"players": 3, "rounds": 2}, 2), ({"players": 4, "rounds": 2}, 1), ({**CONFIGS[3], "rounds": 3}, 2)]


@pytest.mark.parametrize(("params", "sims"), SHORT, ids=["3", "4", "tag-team"])
def test_openspiel_random_sim_test_with_tensors(params: dict[str, Any], sims: int) -> None:
    """Short matches (2-3 rounds) keep it quick; test_openspiel.py plays the default 2-team game."""
    random_sim_test("rumbleslam", params, sims)


@pytest.mark.parametrize("params", CONFIGS, ids=IDS)
def test_pettingzoo_api_test_with_tensors(params: dict[str, Any]) -> None:
    api_test("rumbleslam", params)


@pytest.mark.parametrize("params", [CONFIGS[0], CONFIGS[2]], ids=["2", "4"])
def test_every_decision_kind_met_in_play_has_its_own_slot(params: dict[str, Any]) -> None:
    """A decision kind or place purpose the rules grow is read as ``other``: random matches never
    reach one (rumbleslam THROW ``stay`` and (DEVASTATING) ``hit`` were added this way)."""
    game = turnbuckle.load_game("rumbleslam", **params)
    view: Any = game.tensor_view()
    at = {s.name: s.offset for s in view.layout.segments}
    others = (at["pending"] + rt.PENDING.index("other"), at["place_purpose"] + rt.PLACE_PURPOSES.index("other"))
    seen = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                values = state.observation_tensor(state.current_player())
                assert all(values[i] == 0.0 for i in others), state.observation(state.current_player())["pending"]
                seen.add(next(i for i in range(at["pending"], at["place_purpose"]) if values[i] == 1.0))
            step(state, rng)
    assert len(seen) >= 8  # the playouts really met many kinds
