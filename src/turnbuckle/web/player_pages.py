"""The players' pages: a player's page (``/players/NAME``) and the leaderboards (``/players``),
with the same facts as JSON (``/api/players/NAME``, ``/api/leaderboards``); and ``install``, which
adds every players' page, form and API to the app and hooks the match service's end of a match."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
from collections.abc import AsyncIterator
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import Response, StreamingResponse

from turnbuckle.engine.errors import quoted
from turnbuckle.ratings import display_text
from turnbuckle.store import Database
from turnbuckle.web import (
    abandonment,
    account_pages,
    accounts,
    chat_pages,
    learn_progress,
    lobby_pages,
    notifier,
    notify_pages,
    player_views,
    turns,
)
from turnbuckle.web.account_pages import current_player, require_player
from turnbuckle.web.api import ERRORS
from turnbuckle.web.errors import NotFound
from turnbuckle.web.league_common import call, database, redirect, render, svg, templates
from turnbuckle.web.player_charts import rating_history_chart
from turnbuckle.web.player_matches import Settle, settle_pending

pages = APIRouter(include_in_schema=False)
TURNS_LOOK_AGAIN = 5.0
"""Seconds between a "your turn" stream's own looks (whatever it was told)."""
router = APIRouter(prefix="/api")
templates.env.filters["rating"] = display_text


def _page_data(request: Request, name: str) -> tuple[player_views.PlayerPage, tuple[int, int]]:
    """The player's page and abandonment record (read each time: a time-out changes it, not the
    cached page's matches)."""
    db = database(request)
    found = accounts.find(db, name)
    if found is None or found.disabled:
        raise NotFound(f"no player named {quoted(name)}")
    settle_pending(db, request.app.state.service, found.id)
    return player_views.player_page(db, found.id), abandonment.record_of(db, found.id)


@pages.get("/players")
async def leaderboards(request: Request) -> Response:
    db = database(request)
    boards = await call(player_views.boards, db)
    return render(request, "leaderboard.html", {"boards": boards, "player": await call(current_player, request)})


@pages.get("/turns")
async def turns_page(request: Request) -> Response:
    """The badge's link: the player's own page, at its "your turn" list (a guest: log in)."""
    player = await call(current_player, request)
    if player is None:
        return redirect("/login")
    return redirect(f"/players/{quote(player.name)}#turns-title")


@pages.get("/players/{name}")
async def player(request: Request, name: str) -> Response:
    data, record = await call(_page_data, request, name)
    viewer = await call(current_player, request)
    mine = viewer is not None and viewer.name == data.name
    waiting = await call(turns.your_turn, database(request), viewer.id) if viewer is not None and mine else []
    charts = {r.game: svg(rating_history_chart(r.points, f"{data.name}'s {r.title} rating after each rated match"))
              for r in data.ratings}
    return render(request, "player.html", {"data": data, "charts": charts, "player": viewer, "record": record,
                                           "turns": waiting,
                                           "own": viewer is not None and viewer.name == data.name})


@router.get("/players/me/turns", summary="Your turn: your matches waiting for your decision", responses=ERRORS)
async def my_turns(request: Request) -> dict[str, Any]:
    """401 for a guest (the badge stays hidden)."""
    player = await call(require_player, request)
    found: list[turns.Turn] = await call(turns.your_turn, database(request), player.id)
    out: dict[str, Any] = json.loads(turns.payload(found))
    return out


@router.get("/players/me/turns/stream", include_in_schema=False)
async def my_turns_stream(request: Request,
                          seconds: Annotated[float, Query(gt=0, le=3600)] = 600) -> StreamingResponse:
    """Server-sent events: an ``update`` with the "your turn" list whenever it changes."""
    player = await call(require_player, request)
    db = database(request)
    hub: turns.TurnsHub = request.app.state.turns
    loop = asyncio.get_running_loop()

    async def updates() -> AsyncIterator[str]:
        wake = asyncio.Event()
        waiter = (loop, wake)
        hub.add(waiter)
        sent = ""
        quiet = 0.0
        deadline = loop.time() + seconds
        try:
            while loop.time() < deadline:
                wake.clear()
                payload = turns.payload(await call(turns.your_turn, db, player.id))
                if payload != sent:
                    sent, quiet = payload, 0.0
                    yield f"event: update\ndata: {payload}\n\n"
                elif quiet >= 15:
                    quiet = 0.0
                    yield ": keep-alive\n\n"
                if await request.is_disconnected():
                    return
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), timeout=TURNS_LOOK_AGAIN)
                quiet += TURNS_LOOK_AGAIN
        finally:
            hub.remove(waiter)

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return StreamingResponse(updates(), media_type="text/event-stream", headers=headers)


@router.get("/players/{name}", summary="A player: matches, ratings per game, record against each opponent",
            responses=ERRORS)
async def player_json(request: Request, name: str) -> dict[str, Any]:
    data, record = await call(_page_data, request, name)
    out: dict[str, Any] = dataclasses.asdict(data)
    out["abandonment"] = {"finished": record[0], "abandoned": record[1]}
    return out


@router.get("/leaderboards", summary="Each game's leaderboard of established ratings", responses=ERRORS)
async def leaderboards_json(request: Request) -> list[dict[str, Any]]:
    boards = await call(player_views.boards, database(request))
    return [{"game": b.game, "title": b.title,
             "players": [{"name": r.name, "rating": display_text(r.rating), "games": r.games} for r in b.rows],
             "provisional": [{"name": r.name, "rating": display_text(r.rating), "games": r.games}
                             for r in b.pending]} for b in boards]


def install(app: FastAPI) -> None:
    """Accounts, the lobby, the player pages and their API; a match with players is settled (places,
    ratings) the moment it ends, by the match service's finish hook."""
    app.state.lobby = lobby_pages.LobbyHub()
    app.state.turns = turns.TurnsHub()
    app.state.service.change_listeners.append(app.state.turns.bump)
    app.include_router(account_pages.router)
    app.include_router(lobby_pages.router)
    app.include_router(lobby_pages.pages)
    app.include_router(chat_pages.router)
    app.include_router(router)
    app.include_router(pages)
    db = getattr(app.state.service.repository, "db", None)
    if isinstance(db, Database):
        app.state.settle = Settle(db)
        app.state.service.finish_listeners.append(app.state.settle)
        # a sped-up server (--clock-scale, for trials and tests) waits as much less before "your turn"
        turn_delay = notifier.TURN_DELAY * app.state.service.clock_scale
        app.state.notifier = notifier.Notifier(db, notifier.NotifyConfig.from_environment(), turn_delay=turn_delay)
        app.state.service.companions.append(app.state.notifier)
    app.include_router(notify_pages.router)
    app.include_router(learn_progress.router)


__all__ = ["install", "pages", "router"]
