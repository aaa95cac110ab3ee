"""Invariants of RUMBLESLAM under arbitrary play (hypothesis), a short random-play soak and replays (the long
soaks are in ``test_soak_sizes.py``)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import turnbuckle
from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.state import FLOOR, TB, RumbleslamState

GAME = turnbuckle.load_game("rumbleslam")
MAX_STEPS = 20_000


def check_invariants(s: RumbleslamState) -> None:
    # rumbleslam MOVEMENT POINTS: no two wrestlers on one square; the occupancy map agrees
    seen: dict[int, int] = {}
    for w in s.ws:
        for c in w.cells():
            assert c not in seen, f"{c} held by two wrestlers"
            seen[c] = w.index
            assert mat.is_floor(c) if w.loc == FLOOR else mat.is_turnbuckle(c)
        assert 0 <= w.sta <= w.sta_max  # rumbleslam STATS
        for count in (w.m_ap, w.p_ap, w.m_mp, w.p_mp):
            assert 0 <= count <= 2  # rumbleslam COUNTERS
        assert w.bleed in (0, 1) and w.kd in (0, 1) and w.cp in (0, 1)
        assert w.ap >= 0 and w.mp >= 0
        if w.loc == TB:
            assert w.pos in mat.TURNBUCKLES
        if w.ko:
            assert w.kd == 1 and w.bleed == 0
    assert all(s.occ[c] == seen.get(c, -1) for c in range(mat.CELLS))
    assert 0 <= s.round <= 5  # rumbleslam ROUNDS


def _walk(seed: int, game: object = GAME) -> RumbleslamState:
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    for _ in range(MAX_STEPS):
        check_invariants(state)
        player = state.current_player()
        if player == TERMINAL:
            return state  # type: ignore[no-any-return]
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
            state.apply_action(rng.choice([a for a, _ in outcomes]))
        else:
            if state.stack[-1][1] in ("place", "stay"):  # every placement says what it is for (terminal and web)
                assert state.observation(player)["prompt"]
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} actions")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**9))
def test_invariants_hold_under_random_play(seed: int) -> None:
    end = _walk(seed)
    assert end.round <= 5 and end.over
    assert sum(end.returns()) == pytest.approx(0.0)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**9), st.sampled_from([3, 4]))
def test_three_and_four_players(seed: int, players: int) -> None:
    end = _walk(seed, turnbuckle.load_game("rumbleslam", players=players))
    assert sum(end.returns()) == pytest.approx(0.0) and len(end.returns()) == players


def test_replay_is_deterministic() -> None:
    end = _walk(11)
    again = GAME.state_from_json(end.to_json())
    assert again.to_json() == end.to_json() and again.returns() == end.returns()
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in end.events]
    assert json.loads(end.to_json())["game"] == "rumbleslam"


def test_clone_is_independent() -> None:
    rng = random.Random(5)
    s = GAME.new_initial_state()
    for _ in range(120):
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    before = s.to_json()
    snapshot = [(w.pos, w.sta, w.loc) for w in s.ws]
    other = s.clone()
    other.random_playout_returns(rng)
    while not other.is_terminal():
        other.apply_action(other.sample_chance(rng) if other.is_chance_node() else rng.choice(other.legal_actions()))
    assert s.to_json() == before and [(w.pos, w.sta, w.loc) for w in s.ws] == snapshot


def test_fast_playout_matches_the_contract_distribution() -> None:
    # the fast path draws chance from the same distribution (every face appears)
    s = GAME.new_initial_state()
    rng = random.Random(3)
    faces = {s.sample_chance(rng).name for _ in range(400)}
    assert faces == {a.name for a, _ in s.chance_outcomes()}


def test_soak_small() -> None:
    rng = random.Random(2024)
    s = GAME.new_initial_state()
    for _ in range(60):
        returns = s.random_playout_returns(rng)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
