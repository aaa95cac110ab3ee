"""What a request may ask for when it creates a match: a game, its params and one spec per seat.

Every mistake is a ``BadRequest`` naming it (a person's input quoted short), raised before anything
is stored: a match that is accepted can be played.
"""

from __future__ import annotations

import re
from typing import Any

from turnbuckle.agents.registry import strongest_agent
from turnbuckle.agents.spec import parse_agent_spec
from turnbuckle.engine.errors import ParamError, TurnbuckleError, quoted
from turnbuckle.engine.game import Game
from turnbuckle.engine.registry import game_class, list_games, load_game
from turnbuckle.web.errors import BadRequest, NotFound
from turnbuckle.web.grants import INVITE, PEOPLE

SEAT_KINDS = (*PEOPLE, INVITE, "computer")
WEB_FORBIDDEN_PARAMS = frozenset({"roster"})
"""Params that name files on the server: never taken from a request."""
MAX_DELAY = 10.0
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{6,40}")
WEB_MAX_SIMULATIONS = 100_000
"""The most simulations a web seat (``computer:mcts:N``) may ask for. The think cap stops any
search anyway; a larger number is a mistake, refused rather than stored."""


def parse_seat(spec: Any, game: Game, seat: int) -> str:
    """Check one seat spec; ``computer`` alone means the game's strongest agent. Returns the spec
    as stored (``computer:AGENT`` in the agent's canonical form)."""
    if not isinstance(spec, str):
        raise BadRequest(f"seat {seat}: expected a string such as 'human' or 'computer:expert', got {quoted(spec)}")
    kind, _, agent = spec.partition(":")
    if kind not in SEAT_KINDS:
        raise BadRequest(f"seat {seat}: unknown seat kind {quoted(kind)}; use one of {', '.join(SEAT_KINDS)}")
    if kind != "computer":
        if agent:
            raise BadRequest(f"seat {seat}: {kind!r} takes no ':' part")
        return kind
    try:
        checked = parse_agent_spec(agent or strongest_agent(game), game, max_simulations=WEB_MAX_SIMULATIONS)
    except ParamError as exc:
        raise BadRequest(f"seat {seat}: {exc}") from None
    return f"computer:{checked}"


def unknown_game(name: str) -> NotFound:
    """The 404 for a game id that is not one of ours, listing the ones that are."""
    return NotFound(f"unknown game {quoted(name)}; known games: {', '.join(list_games())}")


def build_game(name: Any, params: Any) -> Game:
    """A game from a request's name and params, every mistake a ``BadRequest`` naming it."""
    if not isinstance(name, str):
        raise BadRequest("game must be a game id string")
    try:
        cls = game_class(name)
    except TurnbuckleError:
        raise unknown_game(name) from None
    if not isinstance(params, dict):
        raise BadRequest("params must be an object of option names to values")
    known = {o.name for o in cls.options()}
    for key in params:
        if key in WEB_FORBIDDEN_PARAMS and params[key] is not None:
            raise BadRequest(f"option {key!r} names a file on the server and is not accepted over the web")
        if key not in known:
            offered = ", ".join(sorted(known - WEB_FORBIDDEN_PARAMS))
            raise BadRequest(f"{name} has no option {quoted(key)}; options: {offered}")
    params = {k: v for k, v in params.items() if v is not None}
    for key, _ in cls.local_data_files(params)[:1]:
        raise BadRequest(f"option {key!r} names a file on the server; send the data inline or a ready-made name")
    try:
        return load_game(name, **params)
    except TurnbuckleError as exc:
        raise BadRequest(clip(str(exc))) from None
    except Exception as exc:  # a value of the wrong type deep in a ruleset's setup
        raise BadRequest(clip(f"{name}: invalid params ({type(exc).__name__}: {exc})")) from None


MAX_MESSAGE = 400
"""A ruleset's own message about a request may repeat what it was sent; past this it is cut."""


def clip(message: str) -> str:
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"


__all__ = ["MATCH_ID", "MAX_DELAY", "SEAT_KINDS", "WEB_FORBIDDEN_PARAMS", "WEB_MAX_SIMULATIONS", "build_game",
           "clip", "parse_seat", "unknown_game"]
