"""The ring skirmish game's observation tensor: a fixed, documented shape for singles, tag and fatal
four-way, values in range, a hidden bid that never leaks, and OpenSpiel's and PettingZoo's checkers
with it on."""

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
from turnbuckle.games.skirmish import tensor as st
from turnbuckle.games.skirmish.rules import BID, SkirmishState

MATCH_TYPES = ["singles", "tag", "fatal_four_way"]


def _signed(game: Game) -> set[int]:
    """The facings' sine and cosine are the only values below 0."""
    view: Any = game.tensor_view()
    at = view.layout.offset("models")
    row = game.num_players() + len(st.MODEL_FEATURES)
    sin = view._mf["facing_sin"]
    return {at + i * row + sin + k for i in range(len(view.game.profiles)) for k in (0, 1)}


@pytest.mark.parametrize("match_type", MATCH_TYPES)
def test_fixed_shape_and_documented_ranges_over_a_match(match_type: str) -> None:
    game = turnbuckle.load_game("skirmish", match_type=match_type, max_rounds=12)
    n, m = game.num_players(), len(game.profiles)  # type: ignore[attr-defined]
    big_m = len(st.maneuver_names(game))  # type: ignore[arg-type]
    assert big_m == 21  # the starter chart and roster
    assert game.observation_tensor_shape() == (n * n + 16 * n + 45 + big_m * (n + 1) + m * (n + 16),)  # as documented
    check_playout(game, seed=2, signed=_signed(game), every=5)


@pytest.mark.parametrize("match_type", MATCH_TYPES)
def test_layout_adds_up_and_is_documented(match_type: str) -> None:
    game = turnbuckle.load_game("skirmish", match_type=match_type)
    check_layout(game)
    check_documented(game)


def _first_bid(game: Game, seed: int, rounds: int) -> SkirmishState:
    """A state in the bid phase of round ``rounds``, before anyone has bid (seat 0 bids first)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, SkirmishState)
    while not (state.phase == BID and state.round == rounds and not any(state.bid_in)):
        assert not state.is_terminal()
        step(state, rng)
    assert state.current_player() == 0 and state.pool[0] >= 1
    return state


def _tensors(state: State, player: int) -> tuple[list[float], list[float]]:
    return state.observation_tensor(player), state.information_state_tensor(player)


@pytest.mark.parametrize("match_type", MATCH_TYPES)
def test_an_unrevealed_bid_never_shows(match_type: str) -> None:
    """Two matches that differ only in seat 0's bid: until the bids are revealed, every other seat's
    observation, tensor and information-state tensor are the same; seat 0's own differ, and so does
    everyone's once the bids are revealed (so the test would see a leak)."""
    game = turnbuckle.load_game("skirmish", match_type=match_type)
    n = game.num_players()
    for seed, rounds in ((1, 1), (4, 3)):
        low = _first_bid(game, seed, rounds)
        high = low.clone()
        low.apply_action(low.action_from_string("bid 0"))
        high.apply_action(high.action_from_string(f"bid {high.pool[0]}"))
        rng = random.Random(seed)
        for bidder in range(1, n):
            assert low.phase == high.phase == BID and low.current_player() == bidder and not low.revealed
            for observer in range(1, n):
                assert low.observation(observer) == high.observation(observer)
                assert _tensors(low, observer) == _tensors(high, observer), (match_type, bidder, observer)
            assert low.observation_tensor(0) != high.observation_tensor(0)
            bid = rng.choice(low.legal_actions())
            low.apply_action(bid)
            high.apply_action(high.action_from_string(bid.name))
        assert low.revealed and high.revealed
        for observer in range(n):
            assert low.observation_tensor(observer) != high.observation_tensor(observer)


def test_own_bid_shows_to_its_bidder() -> None:
    game = turnbuckle.load_game("skirmish")
    state = _first_bid(game, 3, 1)
    view: Any = game.tensor_view()
    row = view.layout.offset("players") + len(st.CORNERS)
    state.apply_action(state.action_from_string("bid 4"))
    own, other = state.observation_tensor(0), state.observation_tensor(1)
    assert own[row : row + 4] == [0.5, 1.0, 1.0, 0.4]  # pool 5 (not yet paid), submitted, known, bid 4
    assert other[row : row + 4] == [0.5, 1.0, 0.0, 0.0]  # submitted, nothing more
    assert not any(other[i] for i in segment_slots(game, ["order", "turn_player"]))


@pytest.mark.parametrize(("match_type", "sims"), [("tag", 2), ("fatal_four_way", 1)])
def test_openspiel_random_sim_test_with_tensors(match_type: str, sims: int) -> None:
    """Short matches (6 rounds) keep it quick; test_openspiel.py plays the default singles match."""
    random_sim_test("skirmish", {"match_type": match_type, "max_rounds": 6}, sims)


@pytest.mark.parametrize("match_type", MATCH_TYPES)
def test_pettingzoo_api_test_with_tensors(match_type: str) -> None:
    api_test("skirmish", {"match_type": match_type})
