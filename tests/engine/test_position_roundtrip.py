"""Every game's position round-trips: ``state_from_position(s.to_position())`` is the same situation.

Over random playouts of every registered game (and a few configurations that reach other rules:
tag teams, battle royals, options), a rebuilt state must give every seat the same observation, the
same legal actions and chance outcomes, the same fields (apart from the codec's declared caches),
and the same future: the same actions stay legal and produce the same events and returns.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import turnbuckle
from turnbuckle.engine.game import Game, State, state_fields

EXTRA_CONFIGS: dict[str, list[dict[str, Any]]] = {
    "filsinger": [
        {"fatigue": True, "finisher_ratings": True, "roll_finishers": True, "agility_power": True,
         "chart_choices": True, "leaving_ring": True, "choice_situations": True, "add_one": True,
         "dis_moves": True, "feud_table": True, "feud": True, "ringside_ally": True, "distractor": True},
        {"match_type": "six_man", "double_team": True, "tag_out_defense": True, "pin_saves": True,
         "interference": True, "fatigue": True, "injured": []},
    ],
    "powerhouses": [{"dice": 3, "comeback": False}],
    "rumbleslam": [{"players": 4, "size": "madness"}],
    "skirmish": [{"match_type": "tag"}, {"match_type": "fatal_four_way"}],
    "wrasslin": [
        {"match_type": "tag"},
        {"match_type": "battle_royal", "players": 5},
        {"match_type": "tournament", "tournament_wrestlers": "draft"},
        {"match_type": "handicap"},
    ],
}
"""Configurations besides the defaults: each reaches rules (and pending steps) the default does not."""

FUTURE_STEPS = 120
"""How far past the position the two states are played side by side."""


def _configs() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for name in turnbuckle.list_games():
        out.append((name, {}))
        out.extend((name, params) for params in EXTRA_CONFIGS.get(name, []))
    return out


CONFIGS = _configs()
_GAMES: dict[str, Game] = {}


def _game(name: str, params: dict[str, Any]) -> Game:
    key = json.dumps([name, params], sort_keys=True)
    if key not in _GAMES:
        _GAMES[key] = turnbuckle.load_game(name, **params)
    return _GAMES[key]


def _step(state: State, rng: random.Random) -> None:
    state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))


def _playout(game: Game, seed: int, fraction: float) -> State:
    """The state ``fraction`` of the way through a random match played from ``seed``."""
    rng = random.Random(seed)
    probe = game.new_initial_state()
    probe.record_events = False
    length = 0
    while not probe.is_terminal() and length < 3000:
        _step(probe, rng)
        length += 1
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(int(fraction * length)):
        _step(state, rng)
    return state


def _plain(value: Any, depth: int = 0) -> Any:
    """Field values compared by content: slotted objects and nested states as dicts."""
    if isinstance(value, State):
        return _fields(value, depth + 1)
    if isinstance(value, Game):  # shared, compared as itself (compiled, it would list native fields)
        return value
    if isinstance(value, list | tuple):
        return type(value)(_plain(v, depth) for v in value)
    if isinstance(value, dict):
        return {k: _plain(v, depth) for k, v in value.items()}
    # slots, or a compiled class's native attributes (the compiled build keeps no __slots__)
    slots = getattr(type(value), "__slots__", None) or [
        n for n in getattr(type(value), "__mypyc_attrs__", ()) if n != "__dict__"]
    if slots and not hasattr(value, "__dataclass_fields__") and not isinstance(value, str | int | float | bool):
        return (type(value).__name__, {s: _plain(getattr(value, s), depth) for s in slots if hasattr(value, s)})
    return value


SKIPPED = frozenset({"_history", "_events", "_event_cache", "_events_deferred", "record_events", "_origin"})
"""What a position deliberately does not carry: the history and the event log start empty."""


def _fields(state: State, depth: int = 0) -> dict[str, Any]:
    codec = state.game.position_codec()
    assert codec is not None
    skip = SKIPPED | codec.derived
    return {k: _plain(v, depth) for k, v in state_fields(state).items() if k not in skip}


def _same_now(a: State, b: State, where: str) -> None:
    game = a.game
    assert a.current_player() == b.current_player(), where
    assert [x.name for x in a.legal_actions()] == [x.name for x in b.legal_actions()], where
    assert [(x.name, p) for x, p in a.chance_outcomes()] == [(x.name, p) for x, p in b.chance_outcomes()], where
    for seat in range(game.num_players()):
        assert a.observation(seat) == b.observation(seat), f"{where}: observation of seat {seat}"
    assert a.returns() == b.returns(), where
    assert a.is_terminal() == b.is_terminal(), where


def _check_round_trip(name: str, params: dict[str, Any], seed: int, fraction: float) -> None:
    game = _game(name, params)
    state = _playout(game, seed, fraction)
    position = state.to_position()
    text = json.dumps(position)  # JSON-ready
    rebuilt = game.state_from_position(json.loads(text))
    where = f"{name} {params} seed {seed} at action {len(state.history)}"
    assert rebuilt.history == [] and rebuilt.events == [], where
    assert rebuilt.to_position() == position, where
    assert _fields(rebuilt) == _fields(state), f"{where}: fields differ"
    _same_now(state, rebuilt, where)

    original = state.clone()
    seen = len(original.events)
    rng = random.Random(seed + 1)
    for step in range(FUTURE_STEPS):
        if original.is_terminal():
            break
        action = original.sample_chance(rng) if original.is_chance_node() else rng.choice(original.legal_actions())
        original.apply_action(action)
        rebuilt.apply_action(action.name)
        _same_now(original, rebuilt, f"{where}, {step + 1} actions on")
    assert original.events[seen:] == rebuilt.events, f"{where}: different events after the position"
    assert _fields(rebuilt) == _fields(original), f"{where}: fields differ after playing on"

    # a saved state and a replay from the position give the same state again
    again = game.state_from_json(rebuilt.to_json())
    _same_now(rebuilt, again, f"{where}, restored from to_json")
    assert again.events == rebuilt.events, where


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=[f"{n}-{json.dumps(p)}" for n, p in CONFIGS])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), fraction=st.floats(0.0, 1.0))
def test_a_position_round_trips_with_the_same_future(name: str, params: dict[str, Any], seed: int,
                                                      fraction: float) -> None:
    _check_round_trip(name, params, seed, fraction)


@pytest.mark.parametrize("name", turnbuckle.list_games())
def test_the_initial_and_the_final_state_round_trip(name: str) -> None:
    _check_round_trip(name, {}, 7, 0.0)
    _check_round_trip(name, {}, 7, 1.0)
