"""The lobby page and its JSON API: open challenges live-updated, create, cancel, accept, fill
with computers, play the computer; and how a player reaches their seat in a match.

The page opens a server-sent event stream (``/api/lobby/stream``) like the table does: an
``update`` carrying the open challenges whenever they change. Changes made in this process wake
the streams at once (``LobbyHub``); on PostgreSQL every process listens for the others'
``turnbuckle_lobby`` notices too, and every stream looks again every few seconds whatever it
heard, so nothing is missed for long.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from turnbuckle.store import Database, utcnow
from turnbuckle.store.notices import Listener
from turnbuckle.web import lobby
from turnbuckle.web.account_pages import current_player, require_player
from turnbuckle.web.api import ERRORS, limited, table_url
from turnbuckle.web.league_common import call, database, redirect, render
from turnbuckle.web.player_matches import seat_token

router = APIRouter(prefix="/api")
pages = APIRouter(include_in_schema=False)
LOOK_AGAIN = 5.0
"""Seconds between a stream's own looks at the challenges (whatever it was told)."""


class LobbyHub:
    """Wakes this process's lobby streams when the challenges change (here, or, on PostgreSQL, in
    another process: its notice)."""

    def __init__(self) -> None:
        self.version = 0
        self.waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []
        self._lock = threading.Lock()
        self._listener: Listener | None = None

    def bump(self, payload: str = "") -> None:
        with self._lock:
            self.version += 1
            waiters = list(self.waiters)
        for loop, event in waiters:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(event.set)

    def listen(self, db: Database) -> None:
        """Hear the other processes' changes (PostgreSQL), once per process."""
        with self._lock:
            if self._listener is not None or not db.is_postgres:
                return
            self._listener = Listener(db.url, lobby.CHANNEL, self.bump)
        self._listener.start(wait=0)

    def stop(self) -> None:
        if self._listener is not None:
            self._listener.stop()
            self._listener = None


def hub(request: Request) -> LobbyHub:
    found: LobbyHub = request.app.state.lobby
    return found


def _changed(request: Request) -> None:
    hub(request).bump()


# -- the page -----------------------------------------------------------------------------------
@pages.get("/lobby")
async def lobby_page(request: Request) -> Response:
    database(request)  # the lobby lives in the database: a 404 page on --db memory
    player = await call(current_player, request)
    computers = await call(lobby.computer_opponents)
    return render(request, "lobby.html", {"player": player, "computers": computers,
                                          "games": _game_formats()})


def _game_formats() -> list[dict[str, Any]]:
    from turnbuckle.web.lobby_formats import formats

    return formats()


@pages.post("/m/{match_id}/seat")
async def take_seat(request: Request, match_id: str) -> Response:
    """Go to one's own seat of a match (a form on the player page and the lobby): a new seat token
    for this browser, in the table address's fragment."""
    db = database(request)
    player = await call(require_player, request)
    _, token = await call(seat_token, db, request.app.state.service, match_id, player.id)
    return redirect(f"/m/{match_id}#t={token}")


# -- the API ------------------------------------------------------------------------------------
class CreateChallenge(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(description="a game id from /api/games", examples=["powerhouses"])
    params: dict[str, Any] = Field(default_factory=dict, description="the game's options")
    rated: bool = Field(False, description="rated (changes both players' ratings) or casual")
    seat: int | None = Field(None, ge=0, le=7, description="the creator's seat; left out: seats drawn at the start")
    min_rating: int | None = Field(None, ge=0, le=5000, description="only players rated at least this may accept")
    max_rating: int | None = Field(None, ge=0, le=5000, description="only players rated at most this may accept")
    opponent: str | None = Field(None, max_length=40, description="a direct challenge: only this player may accept")
    time_control: dict[str, Any] | None = Field(
        None, description="{'kind': 'live', 'minutes': 5, 'increment': 3} or {'kind': 'turn', 'days': 3}; none: none")


class AcceptChallenge(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int | None = Field(None, ge=0, le=7, description="the seat to take; left out: any open one")


class FillChallenge(BaseModel):
    model_config = ConfigDict(extra="forbid")

    agent: str | None = Field(None, max_length=40, description="the computer for every empty seat (default: strongest)")


class PlayComputer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str
    params: dict[str, Any] = Field(default_factory=dict)
    agent: str | None = Field(None, max_length=40)
    rated: bool = False
    seat: int | None = Field(None, ge=0, le=7)
    time_control: dict[str, Any] | None = None


def _payload(request: Request) -> dict[str, Any]:
    db = database(request)
    player = current_player(request)
    since = utcnow() - timedelta(minutes=10)
    return {
        "you": player.name if player else None,
        "challenges": [c.as_json() for c in lobby.open_challenges(db, player)],
        "started": [c.as_json() for c in lobby.started_for(db, player, since)] if player else [],
    }


@router.get("/lobby", summary="The open challenges (and, logged in, yours that started lately)", responses=ERRORS)
async def lobby_list(request: Request) -> dict[str, Any]:
    payload: dict[str, Any] = await call(_payload, request)
    return payload


@router.get("/lobby/stream", include_in_schema=False)
async def lobby_stream(request: Request, seconds: Annotated[float, Query(gt=0, le=3600)] = 600) -> StreamingResponse:
    """Server-sent events: an ``update`` with the lobby whenever it changes."""
    db = database(request)
    the_hub = hub(request)
    the_hub.listen(db)
    loop = asyncio.get_running_loop()

    async def updates() -> AsyncIterator[str]:
        wake = asyncio.Event()
        waiter = (loop, wake)
        the_hub.waiters.append(waiter)
        sent = ""
        quiet = 0.0
        deadline = loop.time() + seconds
        try:
            while loop.time() < deadline:
                wake.clear()
                payload = json.dumps(await run_in_threadpool(_payload, request))
                if payload != sent:
                    sent = payload
                    quiet = 0.0
                    yield f"event: update\ndata: {payload}\n\n"
                elif quiet >= 15:
                    quiet = 0.0
                    yield ": keep-alive\n\n"
                if await request.is_disconnected():
                    return
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), timeout=LOOK_AGAIN)
                quiet += LOOK_AGAIN
        finally:
            the_hub.waiters.remove(waiter)

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return StreamingResponse(updates(), media_type="text/event-stream", headers=headers)


@router.post("/lobby/challenges", status_code=201, summary="Open a challenge", responses=ERRORS,
             dependencies=[limited("create")])
async def create_challenge(request: Request, body: CreateChallenge) -> dict[str, Any]:
    db = database(request)
    player = await call(require_player, request)
    made: lobby.ChallengeView = await call(
        lobby.create, db, player, body.game, body.params, rated=body.rated, seat=body.seat,
        min_rating=body.min_rating, max_rating=body.max_rating, opponent=body.opponent,
        time_control=body.time_control)
    _changed(request)
    return made.as_json()


@router.post("/lobby/challenges/{challenge_id}/accept", summary="Take a seat of a challenge", responses=ERRORS,
             dependencies=[limited("act")])
async def accept_challenge(request: Request, challenge_id: int, body: AcceptChallenge | None = None) -> dict[str, Any]:
    """409 when another player took the challenge (or the seat) first."""
    db = database(request)
    player = await call(require_player, request)
    try:
        taken: lobby.ChallengeView = await call(lobby.accept, db, request.app.state.service, player, challenge_id,
                           body.seat if body else None)
    finally:
        _changed(request)
    return taken.as_json()


@router.post("/lobby/challenges/{challenge_id}/cancel", summary="Cancel your challenge", responses=ERRORS,
             dependencies=[limited("act")])
async def cancel_challenge(request: Request, challenge_id: int) -> dict[str, Any]:
    db = database(request)
    player = await call(require_player, request)
    await call(lobby.cancel, db, player, challenge_id)
    _changed(request)
    view: lobby.ChallengeView = await call(lobby.get, db, challenge_id)
    return view.as_json()


@router.post("/lobby/challenges/{challenge_id}/computers", summary="Fill the empty seats with computers and start",
             responses=ERRORS, dependencies=[limited("create")])
async def fill_challenge(request: Request, challenge_id: int, body: FillChallenge | None = None) -> dict[str, Any]:
    db = database(request)
    player = await call(require_player, request)
    filled: lobby.ChallengeView = await call(
        lobby.fill_with_computers, db, request.app.state.service, player, challenge_id, body.agent if body else None)
    _changed(request)
    return filled.as_json()


@router.post("/lobby/computer", status_code=201, summary="Play the computer (starts at once)", responses=ERRORS,
             dependencies=[limited("create")])
async def play_computer(request: Request, body: PlayComputer) -> dict[str, Any]:
    db = database(request)
    player = await call(require_player, request)
    started: lobby.ChallengeView = await call(
        lobby.play_computer, db, request.app.state.service, player, body.game, body.params, body.agent,
        rated=body.rated, seat=body.seat, time_control=body.time_control)
    _changed(request)
    return started.as_json()


@router.post("/players/me/matches/{match_id}/token", summary="A seat token for your seat in a match",
             responses=ERRORS, dependencies=[limited("act")])
async def my_seat_token(request: Request, match_id: str) -> dict[str, Any]:
    """A new token playing your seat (the oldest of yours for it stops working past four)."""
    db = database(request)
    player = await call(require_player, request)
    seat, token = await call(seat_token, db, request.app.state.service, match_id, player.id)
    return {"match": match_id, "seat": seat, "token": token, "url": table_url(request, match_id, token)}


__all__ = ["LobbyHub", "pages", "router"]
