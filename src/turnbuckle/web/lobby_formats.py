"""The match formats the lobby's form offers per game: singles and every other ``match_type``,
and each number of ``players`` a game takes, as the options to send and the seats they make."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from turnbuckle.engine.registry import game_class, list_games, load_game
from turnbuckle.web.setup import build_game


@lru_cache(maxsize=1)
def formats() -> list[dict[str, Any]]:
    """``[{"id", "title", "formats": [{"label", "params", "seats"}]}]`` for every game."""
    out = []
    for name in list_games():
        cls = game_class(name)
        options = {o.name: o for o in cls.options()}
        candidates: list[dict[str, Any]] = [{}]
        kinds = options.get("match_type")
        if kinds is not None and kinds.choices:
            candidates += [{"match_type": c} for c in kinds.choices if c != kinds.default]
        players = options.get("players")
        if players is not None and players.choices:
            candidates += [{"players": c} for c in players.choices if c != players.default]
        shown = []
        seen = set()
        for params in candidates:
            try:
                game = build_game(name, params)
            except Exception:  # a format that needs more options than the lobby asks for
                continue
            key = json.dumps(params, sort_keys=True)
            if key in seen:
                continue
            seen.add(key)
            n = game.num_players()
            if "match_type" in params:
                label = str(params["match_type"]).replace("_", " ")
            elif "players" in params:
                label = f"{params['players']} players"
            elif kinds is not None:
                label = str(kinds.default).replace("_", " ")
            elif players is not None:
                label = f"{players.default} players"
            else:
                label = "singles"
            shown.append({"label": f"{label} ({n} seats)", "params": params, "seats": n,
                          "labels": [game.player_label(p) for p in range(n)]})
        out.append({"id": name, "title": load_game(name).title, "formats": shown})
    return out


__all__ = ["formats"]
