"""The game cache: one ``Game`` per distinct params, and each booked match's params seated the way
its game seats the sides. Booking and playing a match both ask for them; the caches live here
once (``_GAME_CACHE``, ``_SEATED``), so clearing one clears it for the whole league.
"""

from __future__ import annotations

import json
from typing import Any

from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import Game
from turnbuckle.engine.registry import load_game
from turnbuckle.league.team_games import is_team_game

_GAME_CACHE: dict[str, Game] = {}
GAME_CACHE_SIZE = 512


def seat_sides(game_name: str, params: dict[str, Any], sides: list[list[str]]) -> dict[str, Any]:
    """``params`` whose wrestler order puts each booked side in the seats the game gives one side.

    A game may seat a team its own way (WRASSLIN' tag partners alternate seats with their opponents,
    12.1), so the booked sides listed one after the other would mix the teams. A team game seats
    its teams in the order booked (``team0``, ``team1``, ...)."""
    if is_team_game(game_name):
        return params
    game = cached_game(game_name, params)
    seat_groups = [side.players for side in game.sides()]
    if sorted(map(sorted, (list(s.wrestlers) for s in game.sides()))) == sorted(map(sorted, sides)):
        return params
    if [len(g) for g in seat_groups] != [len(s) for s in sides]:
        return params
    order = [""] * sum(len(s) for s in sides)
    for players, names in zip(seat_groups, sides, strict=True):
        for player, name in zip(players, names, strict=True):
            order[player] = name
    return {**params, "wrestlers": order}


def clear_game_cache() -> None:
    """Forget every game built so far (a benchmark's runs each build their own, as a fresh process
    does); the seated params stay, they hold no game."""
    _GAME_CACHE.clear()


_SEATED: dict[str, tuple[dict[str, Any], str]] = {}
"""Booked params and sides -> the seated params and their ``_GAME_CACHE`` key (no Game held here,
so clearing ``_GAME_CACHE`` still makes every game be built again)."""


def seated_game(game_name: str, params: dict[str, Any], sides: list[list[str]]) -> tuple[dict[str, Any], Game]:
    """``seat_sides`` and then ``cached_game``, remembered per params and sides: booking and
    playing a match ask for both, and each asks the Game for its seats and encodes the params as a
    cache key (a few tens of microseconds a match). The params returned are the caller's copy."""
    key = game_name + "\0" + json.dumps(params, sort_keys=True) + "\0" + json.dumps(sides)
    hit = _SEATED.get(key)
    if hit is None:
        seated = seat_sides(game_name, params, sides)
        hit = (seated, game_name + "\0" + json.dumps(seated, sort_keys=True))
        if len(_SEATED) >= GAME_CACHE_SIZE:
            _SEATED.pop(next(iter(_SEATED)))
        _SEATED[key] = hit
    seated, game_key = hit
    game = _GAME_CACHE.get(game_key)
    if game is None:
        game = _load_cached(game_name, seated, game_key)
    return dict(seated), game


def cached_game(name: str, params: dict[str, Any]) -> Game:
    """``load_game`` once per distinct params (a Game is configuration: matches never change it)."""
    key = name + "\0" + json.dumps(params, sort_keys=True)
    game = _GAME_CACHE.get(key)
    return game if game is not None else _load_cached(name, params, key)


def _load_cached(name: str, params: dict[str, Any], key: str) -> Game:
    game = _GAME_CACHE.get(key)
    if game is None:
        try:
            game = load_game(name, **params)
        except TypeError as exc:
            raise ParamError(f"{name}: {exc}") from None
        if len(_GAME_CACHE) >= GAME_CACHE_SIZE:
            _GAME_CACHE.pop(next(iter(_GAME_CACHE)))
        _GAME_CACHE[key] = game
    return game
