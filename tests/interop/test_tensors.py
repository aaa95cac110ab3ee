"""Observation and information-state tensors: fixed shapes, finite values, nothing hidden leaks, and
every layout documented in ``docs/interop.md``."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import pytest

import turnbuckle
from turnbuckle.engine.game import RECENT_DECISIONS, State
from turnbuckle.games.wrasslin.core import E_FACEDOWN
from turnbuckle.games.wrasslin.state import WrasslinState

DOCS = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
CONFIGS = [
    ("powerhouses", {}),
    ("powerhouses", {"dice": 8}),
    ("filsinger", {}),
    ("filsinger", {"match_type": "tag", "tournament_standard": True}),
    ("filsinger", {"match_type": "six_man", "cage": True}),
    ("wrasslin", {}),
    ("wrasslin", {"match_type": "tag"}),
    ("wrasslin", {"match_type": "handicap"}),
    ("wrasslin", {"match_type": "battle_royal", "players": 5}),
    ("wrasslin", {"match_type": "tournament", "tournament_size": 2}),
    ("wrasslin", {"match_type": "tournament", "players": 3, "tournament_wrestlers": "draft", "tournament_size": 2}),
]
PERFECT_INFORMATION = ("powerhouses", "filsinger")


def _play(state: State, rng: random.Random, steps: int | None = None) -> State:
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        done += 1
    return state


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_fixed_shape_finite_values(name: str, params: dict[str, Any]) -> None:
    game = turnbuckle.load_game(name, **params)
    shape = game.observation_tensor_shape()
    assert shape is not None and len(shape) == 1
    (info_size,) = game.information_state_tensor_shape() or (0,)
    assert info_size == shape[0] + RECENT_DECISIONS * game.num_distinct_actions()
    rng = random.Random(3)
    state = game.new_initial_state()
    step = 0
    while True:
        if step % 5 == 0 or state.is_terminal():
            tensors = [state.observation_tensor(p) for p in range(game.num_players())]
            for tensor in tensors:
                assert len(tensor) == shape[0]
                assert all(isinstance(x, float) and math.isfinite(x) for x in tensor)
            if name in PERFECT_INFORMATION:  # everything is public: the views differ only in who looks
                at = game.tensor_view().layout.offset("observer")  # type: ignore[union-attr]
                for tensor in tensors[1:]:
                    assert tensor[:at] + tensor[at + 2 :] == tensors[0][:at] + tensors[0][at + 2 :]
        if state.is_terminal():
            break
        _play(state, rng, 1)
        step += 1
    assert len(state.information_state_tensor(0)) == info_size


def _wrasslin_mid_match(params: dict[str, Any], seed: int) -> WrasslinState:
    game = turnbuckle.load_game("wrasslin", **params)
    state = _play(game.new_initial_state(), random.Random(seed), 60)
    assert isinstance(state, WrasslinState) and not state.is_terminal()
    return state


def _swap_hidden_card(state: WrasslinState, seat: int) -> WrasslinState:
    """A copy in which ``seat`` holds a different card (swapped with the deck): nothing public changes."""
    other = state.clone()
    held = next(ci for ci, c in enumerate(other.hand[seat]) if c)
    unheld = next(ci for ci, c in enumerate(other.deck) if c and ci != held)
    other.hand[seat][held] -= 1
    other.hand[seat][unheld] += 1
    other.deck[held] += 1
    other.deck[unheld] -= 1
    other._legal = None
    return other


@pytest.mark.parametrize("params", [{}, {"match_type": "tag"}, {"match_type": "handicap"},
                                    {"match_type": "battle_royal", "players": 5}])
def test_wrasslin_never_shows_another_players_hand(params: dict[str, Any]) -> None:
    for seed in range(3):
        state = _wrasslin_mid_match(params, seed)
        players = state.g.players
        for observer in range(players):
            for seat in range(players):
                if seat == observer:
                    continue
                other = _swap_hidden_card(state, seat)
                assert other.observation(observer)["hand"] == state.observation(observer)["hand"]
                assert other.observation_tensor(observer) == state.observation_tensor(observer), (observer, seat)
                assert other.observation_tensor(seat) != state.observation_tensor(seat)  # his own hand shows


def test_wrasslin_face_down_hold_cards_show_only_to_their_owner() -> None:
    state = _wrasslin_mid_match({"match_type": "battle_royal", "players": 5}, seed=1)
    one, two = state.clone(), state.clone()
    one.entries[2].append((3, 3, 1, E_FACEDOWN, 1))  # seat 1's face-down card next to seat 2
    two.entries[2].append((4, 3, 1, E_FACEDOWN, 1))  # the same, another card type
    for observer in (0, 2, 3, 4):
        assert one.observation_tensor(observer) == two.observation_tensor(observer)
    assert one.observation_tensor(1) != two.observation_tensor(1)


def test_information_state_tensor_remembers_own_decisions() -> None:
    game = turnbuckle.load_game("wrasslin")
    state = _play(game.new_initial_state(), random.Random(5), 80)
    actions = game.num_distinct_actions()
    for player in range(2):
        mine = state.decisions_of(player)
        tail = state.information_state_tensor(player)[game.observation_tensor_shape()[0] :]  # type: ignore[index]
        assert len(tail) == RECENT_DECISIONS * actions
        for slot in range(RECENT_DECISIONS):
            row = tail[slot * actions : (slot + 1) * actions]
            if slot < len(mine):
                assert row.index(1.0) == mine[-1 - slot] and sum(row) == 1.0
            else:
                assert sum(row) == 0.0


@pytest.mark.parametrize(("name", "params"), [c for c in CONFIGS if not c[1] or c[0] == "wrasslin"])
def test_every_segment_is_documented(name: str, params: dict[str, Any]) -> None:
    docs = DOCS.read_text()
    view = turnbuckle.load_game(name, **params).tensor_view()
    assert view is not None
    section = docs[docs.index(f"### `{name}`") :]
    for segment in view.layout.segments:  # type: ignore[attr-defined]
        assert f"`{segment.name}`" in section, f"{name}: segment {segment.name!r} is not in docs/interop.md"
