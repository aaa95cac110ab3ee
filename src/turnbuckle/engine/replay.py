"""Replay files: JSON with the game, its params, the seed and the action list."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from turnbuckle.engine.errors import ReplayError, TurnbuckleError
from turnbuckle.engine.game import State
from turnbuckle.engine.match import MatchRecord
from turnbuckle.engine.registry import load_game

REPLAY_FORMAT = "turnbuckle-replay/1"


class Replay(BaseModel):
    """What a replay file holds; ``returns`` is checked when the actions are re-run."""

    format: str = REPLAY_FORMAT
    game: str
    params: dict[str, Any]
    seed: int | None = None
    agents: list[str] = []
    actions: list[str]
    returns: list[float] | None = None

    @classmethod
    def from_result(cls, result: MatchRecord) -> Replay:
        return cls(
            game=result.game,
            params=result.params,
            seed=result.seed,
            agents=result.agents,
            actions=result.actions,
            returns=result.returns,
        )


def save_replay(replay: Replay, path: Path) -> None:
    """Write atomically, so a failed write never leaves a half file over a good one."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(replay.model_dump_json(indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def load_replay(path: Path) -> Replay:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read replay ({exc.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{path}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    try:
        replay = Replay.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "(top level)"
        raise ReplayError(f"{path}: field {where}: {err['msg']}") from None
    if replay.format != REPLAY_FORMAT:
        raise ReplayError(f"{path}: unknown replay format {replay.format!r}")
    return replay


def run_replay(replay: Replay, source: str = "replay") -> State:
    """Re-run a replay's actions; fails if any is illegal or the result differs from the file."""
    try:
        game = load_game(replay.game, **replay.params)
        state = game.state_from_actions(replay.actions)
    except TurnbuckleError as exc:
        raise ReplayError(f"{source}: {exc}") from None
    if replay.returns is not None:
        if not state.is_terminal():
            raise ReplayError(f"{source}: actions end before the match is over")
        if state.returns() != replay.returns:
            raise ReplayError(
                f"{source}: re-run gives returns {state.returns()} but the file says {replay.returns}"
            )
    return state


__all__ = ["REPLAY_FORMAT", "Replay", "load_replay", "run_replay", "save_replay"]
