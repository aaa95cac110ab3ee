"""The players' pages: a player's page (``/players/NAME``) and the leaderboards (``/players``),
with the same facts as JSON (``/api/players/NAME``, ``/api/leaderboards``); and ``install``, which
adds every players' page, form and API to the app and hooks the match service's end of a match."""

from __future__ import annotations

import dataclasses
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import Response

from turnbuckle.engine.errors import quoted
from turnbuckle.ratings import display_text
from turnbuckle.store import Database
from turnbuckle.web import abandonment, account_pages, accounts, lobby_pages, player_views
from turnbuckle.web.account_pages import current_player
from turnbuckle.web.api import ERRORS
from turnbuckle.web.errors import NotFound
from turnbuckle.web.league_common import call, database, render, svg, templates
from turnbuckle.web.player_charts import rating_history_chart
from turnbuckle.web.player_matches import Settle, settle_pending

pages = APIRouter(include_in_schema=False)
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


@pages.get("/players/{name}")
async def player(request: Request, name: str) -> Response:
    data, record = await call(_page_data, request, name)
    charts = {r.game: svg(rating_history_chart(r.points, f"{data.name}'s {r.title} rating after each rated match"))
              for r in data.ratings}
    viewer = await call(current_player, request)
    return render(request, "player.html", {"data": data, "charts": charts, "player": viewer, "record": record,
                                           "own": viewer is not None and viewer.name == data.name})


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
    app.include_router(account_pages.router)
    app.include_router(lobby_pages.router)
    app.include_router(lobby_pages.pages)
    app.include_router(router)
    app.include_router(pages)
    db = getattr(app.state.service.repository, "db", None)
    if isinstance(db, Database):
        app.state.settle = Settle(db)
        app.state.service.finish_listeners.append(app.state.settle)


__all__ = ["install", "pages", "router"]
