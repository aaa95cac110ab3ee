"""Replay files: JSON with the game, its params, the seed and the action list.

A replay is data, never a set of paths: a roster a match was played with is embedded in the
params as inline text (``engine.datafiles.inline_source``), and re-running a replay refuses to
open any local file unless the caller allows it (``allow_paths``; ``turnbuckle replay
--allow-paths`` for replays written before rosters were embedded).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any, Final

from pydantic import BaseModel, ValidationError

from turnbuckle.engine.datafiles import (
    DataSource,
    check_output_path,
    local_files_forbidden,
    parse_json,
    read_text_file,
    source_name,
    write_text_atomically,
)
from turnbuckle.engine.errors import DataFileError, ParamError, ReplayError, TurnbuckleError
from turnbuckle.engine.game import Game, State
from turnbuckle.engine.match import MatchRecord
from turnbuckle.engine.registry import game_class

REPLAY_FORMAT = "turnbuckle-replay/1"
MAX_REPLAY_BYTES: Final = 64 * 1024 * 1024
"""Largest replay file read (64 MiB: a long battle royal is well under 1 MiB)."""


class Replay(BaseModel):
    """What a replay file holds; ``returns`` is checked when the actions are re-run."""

    format: str = REPLAY_FORMAT
    game: str
    params: dict[str, Any]
    seed: int | None = None
    agents: list[str] = []
    actions: list[str]
    returns: list[float] | None = None
    position: dict[str, Any] | None = None
    """Where the match started when not at the beginning (a scenario or puzzle): a position
    (``engine.position``) of the same game and params; the actions are played from it."""

    @classmethod
    def from_result(cls, result: MatchRecord) -> Replay:
        return cls(
            game=result.game,
            params=result.params,
            seed=result.seed,
            agents=result.agents,
            actions=result.actions,
            returns=result.returns,
            position=result.position,
        )


def save_replay(replay: Replay, path: Path, *, force: bool = True) -> None:
    """Write atomically, so a failed write never leaves a half file (or a stray temporary one)."""
    try:
        write_text_atomically(path, replay.model_dump_json(indent=1) + "\n", force=force)
    except DataFileError as exc:
        raise ReplayError(str(exc)) from None


def load_replay(path: Path, *, limit: int | None = None) -> Replay:
    """Read and check a replay file (size: ``MAX_REPLAY_BYTES`` unless ``limit``; nesting; JSON;
    fields); one-line ``ReplayError``s."""
    limit = MAX_REPLAY_BYTES if limit is None else limit
    try:
        text = read_text_file(path, limit=limit, what="replay")
    except DataFileError as exc:
        raise ReplayError(str(exc)) from None
    try:
        data = parse_json(text, str(path))
    except DataFileError as exc:
        raise ReplayError(str(exc)) from None
    except ValueError as exc:
        raise ReplayError(f"{path}: not valid JSON ({exc})") from None
    return replay_from_data(data, str(path))


def replay_from_data(data: Any, source: str) -> Replay:
    """A replay file's parsed JSON, checked (fields, format); one-line ``ReplayError``s naming ``source``."""
    if not isinstance(data, dict):
        raise ReplayError(f"{source}: a replay is a JSON object, not {type(data).__name__}")
    try:
        replay = Replay.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "(top level)"
        raise ReplayError(f"{source}: field {where}: {err['msg']}") from None
    if replay.format != REPLAY_FORMAT:
        raise ReplayError(f"{source}: unknown replay format {replay.format!r}")
    return replay


def game_from_params(name: str, params: dict[str, Any], source: str = "") -> Game:
    """Build game ``name`` from params a user or a file supplied: unknown option names and
    values of the wrong type become one-line ``ParamError``s, never a traceback."""
    prefix = f"{source}: " if source else ""
    cls = game_class(name)
    known = {o.name for o in cls.options()}
    unknown = sorted(str(k) for k in set(params) - known)
    if unknown:
        raise ParamError(f"{prefix}{name} has no option {unknown[0]!r}; options: {', '.join(sorted(known))}")
    for option in cls.options():
        value = params.get(option.name)
        if isinstance(option.default, bool) and option.name in params and not isinstance(value, bool):
            raise ParamError(f"{prefix}{name}: option {option.name} must be true or false, not {value!r:.60}")
    wrestlers = params.get("wrestlers")
    if wrestlers is not None and (
        not isinstance(wrestlers, list | tuple) or not all(isinstance(w, str) for w in wrestlers)
    ):
        raise ParamError(f"{prefix}{name}: wrestlers must be a list of names, not {wrestlers!r:.60}")
    try:
        return cls(**params)
    except TurnbuckleError:
        raise
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError, RecursionError) as exc:
        raise ParamError(f"{prefix}{name}: invalid params ({type(exc).__name__}: {exc!s:.200})") from None


def guarded_game(name: str, params: dict[str, Any], source: str, *, allow_paths: bool = False,
                 advice: str = "re-run with --allow-paths if you trust this replay") -> Game:
    """``game_from_params`` for params that came in a file (a replay, a position): unless
    ``allow_paths``, params naming a local file (a roster path rather than an embedded roster) are
    refused, and no file outside turnbuckle's own data is opened. ``ReplayError``s name ``source``."""
    if not allow_paths:
        try:
            local = game_class(name).local_data_files(params)
        except TurnbuckleError as exc:
            raise ReplayError(f"{source}: {exc}") from None
        for key, value in local[:1]:
            raise ReplayError(
                f"{source}: params.{key} names a local file ({value!r:.120}) instead of embedding it; {advice}"
            )
    try:
        with _file_guard(allow_paths):
            return game_from_params(name, dict(params))
    except TurnbuckleError as exc:
        raise ReplayError(f"{source}: {exc}") from None


def _file_guard(allow_paths: bool) -> contextlib.AbstractContextManager[None]:
    if allow_paths:
        return contextlib.nullcontext()
    return local_files_forbidden("a replay may not read local files (use --allow-paths if you trust it)")


def run_replay(replay: Replay, source: str = "replay", *, allow_paths: bool = False) -> State:
    """Re-run a replay's actions (from its ``position`` when it has one); fails if any is illegal or
    the result differs from the file.

    Unless ``allow_paths``, a replay whose params name a local file (a roster path rather than
    an embedded roster) is refused, and no file outside turnbuckle's own data is opened.
    """
    game = guarded_game(replay.game, replay.params, source, allow_paths=allow_paths)
    try:
        with _file_guard(allow_paths):
            state = game.state_from_actions(replay.actions, position=replay.position)
    except TurnbuckleError as exc:
        raise ReplayError(f"{source}: {exc}") from None
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError) as exc:
        raise ReplayError(f"{source}: does not replay ({type(exc).__name__}: {exc!s:.200})") from None
    if replay.returns is not None:
        if not state.is_terminal():
            raise ReplayError(f"{source}: actions end before the match is over")
        if state.returns() != replay.returns:
            raise ReplayError(
                f"{source}: re-run gives returns {state.returns()} but the file says {replay.returns}"
            )
    return state


def describe_source(source: DataSource) -> str:
    """A roster param as people read it: its path, or ``NAME (embedded)``."""
    return source_name(source)


__all__ = [
    "MAX_REPLAY_BYTES",
    "REPLAY_FORMAT",
    "Replay",
    "check_output_path",
    "describe_source",
    "game_from_params",
    "guarded_game",
    "load_replay",
    "run_replay",
    "save_replay",
    "write_text_atomically",
]
