"""Which games exist and how to load them; games are imported only when asked for."""

from __future__ import annotations

from typing import Any

from turnbuckle.engine.errors import UnknownGameError
from turnbuckle.engine.game import Game
from turnbuckle.engine.targets import load_target

_GAMES: dict[str, str] = {
    "filsinger": "turnbuckle.games.filsinger.rules:FilsingerGame",
    "powerhouses": "turnbuckle.games.powerhouses.rules:PowerhousesGame",
    "rumbleslam": "turnbuckle.games.rumbleslam.rules:RumbleslamGame",
    "skirmish": "turnbuckle.games.skirmish.rules:SkirmishGame",
    "wrasslin": "turnbuckle.games.wrasslin.rules:WrasslinGame",
}


def register_game(name: str, target: str) -> None:
    """Register ``name`` as ``"package.module:GameClass"`` (plugins may add their own)."""
    _GAMES[name] = target


def unregister_game(name: str) -> None:
    """Forget ``name`` (a test's own game, once the test is done)."""
    _GAMES.pop(name, None)


def list_games() -> list[str]:
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    target = _GAMES.get(name)
    if target is None:
        raise UnknownGameError(f"unknown game {name!r}; known games: {', '.join(list_games())}")
    cls: type[Game] = load_target(target)
    return cls


def load_game(name: str, **params: Any) -> Game:
    """Build a game by id with its params (match type, wrestlers, options)."""
    return game_class(name)(**params)
