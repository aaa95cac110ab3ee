"""A position file: read (size and nesting checked), its game rebuilt from its ``game`` and
``params`` the way a replay's is (``replay.guarded_game``), and its state built.

Apart from ``position`` because it stands on ``replay``, which stands on the game, which uses
``position``'s envelope.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from turnbuckle.engine.datafiles import parse_json, read_text_file
from turnbuckle.engine.errors import DataFileError, PositionError, TurnbuckleError
from turnbuckle.engine.game import Game, State
from turnbuckle.engine.replay import guarded_game

MAX_POSITION_BYTES: Final = 16 * 1024 * 1024
"""Largest position file read (a battle royal with every card placed is a few KiB)."""


def read_position_file(path: Path) -> Any:
    """The parsed JSON of a position file (size and nesting checked); ``PositionError``s naming it."""
    try:
        text = read_text_file(path, limit=MAX_POSITION_BYTES, what="position")
        return parse_json(text, str(path))
    except DataFileError as exc:
        raise PositionError(str(exc)) from None
    except ValueError as exc:
        raise PositionError(f"{path}: not valid JSON ({exc})") from None


def game_from_position(data: Any, source: str, *, allow_paths: bool = False) -> Game:
    """The game a position was made for (its ``game`` and ``params``); refuses, like a replay, params
    naming a local file unless ``allow_paths``. ``PositionError``s start with ``source``."""
    if not isinstance(data, Mapping):
        raise PositionError(f"{source}: (top level): a position is a JSON object, not {type(data).__name__}")
    name = data.get("game")
    if not isinstance(name, str):
        raise PositionError(f"{source}: game: missing, or not a game id")
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise PositionError(f"{source}: params: must be an object of game options")
    try:
        return guarded_game(name, params, source, allow_paths=allow_paths,
                            advice="a position carries its roster inline (as a position saved from a match does)")
    except TurnbuckleError as exc:
        raise PositionError(str(exc)) from None


def load_position(path: Path, game_name: str | None = None, *, allow_paths: bool = False) -> State:
    """Read a position file and build its state (its own game and params; ``game_name``, if given,
    must match). Every problem is one line: ``FILE: field: reason``."""
    data = read_position_file(path)
    if game_name is not None and isinstance(data, Mapping) and data.get("game") != game_name:
        raise PositionError(f"{path}: game: the position is for {data.get('game')!r:.60}, not {game_name!r}")
    game = game_from_position(data, str(path), allow_paths=allow_paths)
    try:
        return game.state_from_position(data)
    except PositionError as exc:
        raise PositionError(f"{path}: {exc}") from None


__all__ = ["MAX_POSITION_BYTES", "game_from_position", "load_position", "read_position_file"]
