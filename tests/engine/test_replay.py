"""Determinism: seeds, action logs and replay files reproduce matches exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import turnbuckle
from turnbuckle.agents.mcts import MCTSAgent
from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.engine.errors import ReplayError
from turnbuckle.engine.match import play_match
from turnbuckle.engine.replay import Replay, load_replay, run_replay, save_replay

GAME = turnbuckle.load_game("powerhouses")


def test_same_seed_same_match() -> None:
    agents = [MCTSAgent(simulations=20), RandomAgent()]
    first = play_match(GAME, agents, seed=11)
    second = play_match(GAME, agents, seed=11)
    assert first.actions == second.actions and first.returns == second.returns
    assert play_match(GAME, agents, seed=12).actions != first.actions


def test_saved_replay_reruns_to_the_same_result(tmp_path: Path) -> None:
    result = play_match(GAME, [RandomAgent(), RandomAgent()], seed=5)
    path = tmp_path / "m.json"
    save_replay(Replay.from_result(result), path)
    state = run_replay(load_replay(path))
    assert state.returns() == result.returns
    assert [a.name for a in state.history] == result.actions


def _write(tmp_path: Path, payload: object, raw: str | None = None) -> Path:
    path = tmp_path / "bad.json"
    path.write_text(raw if raw is not None else json.dumps(payload))
    return path


def test_corrupt_replays_are_refused_with_one_line(tmp_path: Path) -> None:
    result = play_match(GAME, [RandomAgent(), RandomAgent()], seed=5)
    good = Replay.from_result(result).model_dump()
    cases = [
        (None, "{not json", "not valid JSON"),
        ({**good, "actions": "roll"}, None, "field actions"),
        ({**good, "game": "chess"}, None, "unknown game 'chess'"),
        ({**good, "actions": [*good["actions"][:5], "die=7"]}, None, "action #5 'die=7'"),
        ({**good, "returns": [-1.0, 1.0] if good["returns"][0] > 0 else [1.0, -1.0]}, None, "file says"),
        ({**good, "actions": good["actions"][:-3]}, None, "end before the match is over"),
        ({**good, "params": {**good["params"], "wrestlers": ["Nobody", "Skylark Reyes"]}}, None, "unknown wrestler"),
        ({**good, "format": "other/9"}, None, "unknown replay format"),
    ]
    for payload, raw, message in cases:
        path = _write(tmp_path, payload, raw)
        with pytest.raises(ReplayError, match=message) as info:
            run_replay(load_replay(path), source=str(path))
        assert "\n" not in str(info.value)


def test_state_json_must_match_game_params() -> None:
    other = turnbuckle.load_game("powerhouses", wrestlers=["Skylark Reyes", "Dutch Kettering"])
    text = GAME.new_initial_state().to_json()
    with pytest.raises(ReplayError, match="different game params"):
        other.state_from_json(text)
    with pytest.raises(ReplayError, match="not valid JSON"):
        GAME.state_from_json("{")


def test_missing_replay_file(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="cannot read replay"):
        load_replay(tmp_path / "nope.json")
