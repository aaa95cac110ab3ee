"""The chat's API: read and post in a match's players' room (with a seat token) or spectators'
room (a logged-in player without a seat), and mute another player (``turnbuckle.web.chat``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from turnbuckle.engine.errors import quoted
from turnbuckle.store import Database
from turnbuckle.web import accounts, chat
from turnbuckle.web.account_pages import current_player, require_player
from turnbuckle.web.api import ERRORS, AuthHeader, limited, service_of
from turnbuckle.web.errors import Forbidden, NotFound, Unauthorized
from turnbuckle.web.grants import token_of
from turnbuckle.web.league_common import call, database
from turnbuckle.web.livematch import LiveMatch
from turnbuckle.web.player_matches import seats_of

router = APIRouter(prefix="/api")


class PostMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str = Field(max_length=2000, description=f"plain text, at most {chat.MAX_LENGTH} characters once trimmed")


class Mute(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=40, description="the player to mute (or unmute)")
    mute: bool = True


def _author(request: Request, db: Database, match: LiveMatch, room: str, authorization: str | None,
            writing: bool) -> chat.Author | None:
    """Who reads or writes in ``room``: the players' room needs a seat token (or, to read, a login
    holding a seat of the match); the spectators' room is written by logged-in players without a
    seat and read by anyone."""
    token = token_of(authorization)
    if room == chat.PLAYERS:
        if not token and not writing:  # a logged-in player of the match reads it (their replay) without one
            player = current_player(request)
            seats = seats_of(db, match.id, player.id) if player is not None else []
            if seats:
                return chat.seat_author(db, match, seats[0])
        if not token:
            raise Unauthorized("the players' chat needs a seat token (Authorization: Bearer TOKEN)")
        grant = service_of(request).identify(match, token)
        if not grant.seats:
            raise Forbidden("only the players read and write the players' chat")
        return chat.seat_author(db, match, min(grant.seats))
    if room != chat.SPECTATORS:
        raise NotFound(f"no chat room {quoted(room)}: players or spectators")
    player = current_player(request)
    if player is None:
        if writing:
            raise Unauthorized("log in to chat with the other spectators")
        return None
    if writing and seats_of(db, match.id, player.id):
        raise Forbidden("you play in this match: your chat is the players' room")
    return chat.Author(f"player:{player.id}", player.name, player.id)


def _read(request: Request, match_id: str, room: str, authorization: str | None, after: int) -> list[dict[str, Any]]:
    db = database(request)
    match = service_of(request).get(match_id)
    reader = _author(request, db, match, room, authorization, writing=False)
    return chat.as_json(chat.read(db, match, room, reader, after))


def _post(request: Request, match_id: str, room: str, authorization: str | None, text: str) -> dict[str, Any]:
    db = database(request)
    match = service_of(request).get(match_id)
    author = _author(request, db, match, room, authorization, writing=True)
    assert author is not None
    return chat.as_json([chat.post(db, match, room, author, text)])[0]


@router.get("/matches/{match_id}/chat/{room}", summary="A match's chat room (players: seat token)", responses=ERRORS)
async def read_chat(request: Request, match_id: str, room: str, authorization: AuthHeader = None,
                    after: Annotated[int, Query(ge=0, le=2**62)] = 0) -> list[dict[str, Any]]:
    """The messages after id ``after`` (the players' room stays readable to the players after the end)."""
    found: list[dict[str, Any]] = await call(_read, request, match_id, room, authorization, after)
    return found


@router.post("/matches/{match_id}/chat/{room}", status_code=201, summary="Send a chat message", responses=ERRORS,
             dependencies=[limited("act")])
async def post_chat(request: Request, match_id: str, room: str, body: PostMessage,
                    authorization: AuthHeader = None) -> dict[str, Any]:
    """429 when the author sends too fast; 409 against the computer."""
    sent: dict[str, Any] = await call(_post, request, match_id, room, authorization, body.text)
    return sent


def _mute(request: Request, body: Mute) -> dict[str, Any]:
    db = database(request)
    player = require_player(request)
    other = accounts.find(db, body.name)
    if other is None:
        raise NotFound(f"no player named {quoted(body.name)}")
    chat.mute(db, player.id, other.id, body.mute)
    return {"name": other.name, "muted": body.mute}


@router.post("/players/me/mutes", summary="Mute (or unmute) another player's chat messages", responses=ERRORS,
             dependencies=[limited("act")])
async def mute_player(request: Request, body: Mute) -> dict[str, Any]:
    done: dict[str, Any] = await call(_mute, request, body)
    return done


__all__ = ["router"]
