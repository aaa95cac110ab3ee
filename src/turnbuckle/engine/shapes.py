"""The JSON messages turnbuckle prints and serves, one shape per kind for every game.

``docs/json.md`` describes them and ``turnbuckle/schemas/<type>.schema.json`` holds a JSON
Schema for each; the CLI (``watch``, ``replay``, ``sim``, ``odds`` with ``--json``), the web app
and the league all build their messages here so the shapes cannot drift apart.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from turnbuckle.engine.events import Event
from turnbuckle.engine.game import Game, State
from turnbuckle.engine.result import MatchResult

SHAPES_VERSION = 1
MESSAGE_TYPES = ("event", "result", "sim", "odds", "review")


def event_message(game: Game, event: Event, index: int) -> dict[str, Any]:
    """``{"type": "event", "index", "kind", "data", "text"}``: one thing that happened, with
    ``pieces`` (the dice and cards it shows, ``Game.event_pieces``) when there are any."""
    message: dict[str, Any] = {
        "type": "event", "index": index, "kind": event.kind, "data": event.data, "text": game.narrate(event)
    }
    pieces = game.event_pieces(event)
    if pieces:
        message["pieces"] = pieces
    return message


def result_message(
    game: Game,
    result: MatchResult | None,
    *,
    seed: int | None,
    agents: list[str],
    actions: int,
    verified: bool | None = None,
) -> dict[str, Any]:
    """``{"type": "result", ...}``: how a match ended (``result`` is null while it is unfinished)."""
    return {
        "type": "result",
        "version": SHAPES_VERSION,
        "game": game.name,
        "params": json.loads(json.dumps(game.params)),
        "seed": seed,
        "agents": agents,
        "actions": actions,
        "finished": result is not None,
        "result": result.to_dict() if result is not None else None,
        "summary": result.describe() if result is not None else "unfinished",
        "verified": verified,
    }


def state_result_message(state: State, *, seed: int | None, agents: list[str], verified: bool | None) -> dict[str, Any]:
    return result_message(
        state.game, state.match_result(), seed=seed, agents=agents, actions=len(state.history), verified=verified
    )


def odds_message(
    game: str,
    query: dict[str, Any],
    answers: list[dict[str, Any]],
    distribution: list[dict[str, Any]] | None,
    simulations: int,
) -> dict[str, Any]:
    """``{"type": "odds", ...}``: what was asked, the exact answers and, for a whole
    distribution, every outcome's probability (with the simulated share beside it when asked)."""
    return {
        "type": "odds",
        "version": SHAPES_VERSION,
        "game": game,
        "query": query,
        "answers": answers,
        "distribution": distribution,
        "simulations": simulations,
    }


def schema(message_type: str) -> dict[str, Any]:
    """The JSON Schema of one message type (shipped inside the package)."""
    if message_type not in MESSAGE_TYPES:
        raise KeyError(message_type)
    text = resources.files("turnbuckle.schemas").joinpath(f"{message_type}.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded
