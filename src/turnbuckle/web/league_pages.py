"""A promotion's public pages: the leagues, a promotion's home, roster, wrestlers, standings,
titles, feuds, injuries and cards, each match linked to its replay. Read-only for everyone;
with the admin token the same pages show the promoter's controls (``league_admin``).

``install(app)`` adds these pages and the admin ones, and has the web app's match service store
a league's browser match into the league the moment it ends (the service's finish hook).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import PlainTextResponse, Response
from sqlalchemy import select

from turnbuckle.engine.datafiles import inline_file, is_inline
from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.engine.replay import Replay
from turnbuckle.league import public, views
from turnbuckle.league.charts import rating_chart, reign_chart, sparkline
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.roster_cards import card_view, entry_names, league_document
from turnbuckle.store.db import Database
from turnbuckle.store.league_models import LeagueEvent, LeagueMatch
from turnbuckle.web import league_admin
from turnbuckle.web.errors import NotFound
from turnbuckle.web.league_common import (
    BOUNDED_IDS,
    call,
    database,
    is_admin,
    load_league,
    query_number,
    render,
    svg,
)
from turnbuckle.web.league_live import StoreBack, live_links, store_finished

router = APIRouter(include_in_schema=False, dependencies=BOUNDED_IDS)
CARDS_PER_PAGE = 20
MATCHES_SHOWN = 50
"""A wrestler's page lists their latest this many matches (``?all=1``: every one)."""


def _page(request: Request, league_id: int, template: str, nav: str, **context: Any) -> Response:
    db = database(request)
    league = load_league(db, league_id)
    admin = is_admin(request, league)
    return render(request, template, {"league": league, "admin": admin, "nav": nav, **context})


def _view(fn: Any, *args: Any) -> Any:
    """A league view; a league mistake (no such wrestler or card) is a 404."""
    try:
        return fn(*args)
    except LeagueError as exc:
        raise NotFound(str(exc)) from None


# -- the promotions ----------------------------------------------------------------------------
@router.get("/leagues")
async def leagues(request: Request) -> Response:
    db = database(request)
    rows = await call(public.leagues_list, db)
    return render(request, "league_index.html", {"leagues": rows})


@router.get("/leagues/{league_id}")
async def home(request: Request, league_id: int) -> Response:
    db = database(request)
    await call(store_finished, db, league_id)
    data = await call(_view, public.home_view, db, league_id)
    return _page(request, league_id, "league_home.html", "home", data=data)


@router.get("/leagues/{league_id}/roster")
async def roster(request: Request, league_id: int) -> Response:
    db = database(request)
    data = await call(_view, public.roster_view, db, league_id)
    for row in data["active"] + data["released"]:
        row["spark_svg"] = svg(sparkline(row["spark"]))
    return _page(request, league_id, "league_roster.html", "roster", data=data)


@router.get("/leagues/{league_id}/wrestlers/{wrestler_id}")
async def wrestler(
    request: Request, league_id: int, wrestler_id: int, every: Annotated[str | None, Query(alias="all")] = None
) -> Response:
    db = database(request)
    data = await call(_view, public.wrestler_view, db, league_id, wrestler_id)
    data["hidden"] = 0 if every else max(0, len(data["matches"]) - MATCHES_SHOWN)
    data["shown"] = data["matches"][data["hidden"] :]
    chart = svg(rating_chart(data["points"], f"{data['wrestler']}: rating by card"))
    ids = await call(public.wrestler_ids, db, league_id)
    return _page(request, league_id, "league_wrestler.html", "roster", data=data, chart=chart, ids=ids)


@router.get("/leagues/{league_id}/standings")
async def standings(request: Request, league_id: int, season: str | None = None) -> Response:
    db = database(request)
    name = await call(_view, public.league_name, db, league_id)
    chosen = query_number(season, "season")
    data = await call(_view, views.standings, db, name, False, chosen)
    return _page(request, league_id, "league_standings.html", "standings", data=data)


@router.get("/leagues/{league_id}/titles")
async def titles(request: Request, league_id: int) -> Response:
    db = database(request)
    name = await call(_view, public.league_name, db, league_id)
    rows = await call(views.titles_view, db, name)
    last = await call(views.last_card, db, name)
    ids = await call(public.wrestler_ids, db, league_id)
    chart = svg(reign_chart(rows, last))
    return _page(request, league_id, "league_titles.html", "titles", titles=rows, chart=chart, ids=ids, last=last)


@router.get("/leagues/{league_id}/feuds")
async def feuds(request: Request, league_id: int) -> Response:
    db = database(request)
    name = await call(_view, public.league_name, db, league_id)
    rows = await call(views.feuds_view, db, name)
    ids = await call(public.wrestler_ids, db, league_id)
    rows.sort(key=lambda f: (not f["active"], -f["heat"]))
    return _page(request, league_id, "league_feuds.html", "feuds", feuds=rows, ids=ids)


@router.get("/leagues/{league_id}/injuries")
async def injuries(request: Request, league_id: int) -> Response:
    db = database(request)
    name = await call(_view, public.league_name, db, league_id)
    rows = await call(views.injuries_view, db, name, True)
    ids = await call(public.wrestler_ids, db, league_id)
    current = [r for r in rows if r["remaining"] > 0]
    healed = [r for r in rows if r["remaining"] <= 0]
    return _page(request, league_id, "league_injuries.html", "injuries", current=current, healed=healed, ids=ids)


@router.get("/leagues/{league_id}/cards")
async def cards(request: Request, league_id: int, before: str | None = None) -> Response:
    """Cards to come, and the cards run, newest first, ``CARDS_PER_PAGE`` a page (``before``: older ones)."""
    older_than = query_number(before, "before")
    db = database(request)
    await call(store_finished, db, league_id)
    name = await call(_view, public.league_name, db, league_id)
    upcoming = await call(views.events_page, db, name, False) if older_than is None else []
    past = await call(views.events_page, db, name, True, CARDS_PER_PAGE + 1, older_than)
    older = past[CARDS_PER_PAGE]["event"] + 1 if len(past) > CARDS_PER_PAGE else None
    ids = await call(public.wrestler_ids, db, league_id)
    return _page(request, league_id, "league_cards.html", "cards", upcoming=upcoming, past=past[:CARDS_PER_PAGE],
                 ids=ids, older=older, paged=older_than is not None)


@router.get("/leagues/{league_id}/cards/{number}")
async def card(request: Request, league_id: int, number: int) -> Response:
    db = database(request)
    await call(store_finished, db, league_id)
    name = await call(_view, public.league_name, db, league_id)
    event = await call(_view, views.show_event, db, name, number)
    live = await call(live_links, db, league_id, event)
    ids = await call(public.wrestler_ids, db, league_id)
    return _page(request, league_id, "league_card.html", "cards", event=event, live=live, ids=ids)


# -- replays and TOML ----------------------------------------------------------------------------
@router.get("/leagues/{league_id}/matches/{match_id}/replay")
async def match_replay(request: Request, league_id: int, match_id: int) -> Response:
    """A stored match in the replay viewer (played again from its seed, params and log)."""
    db = database(request)
    replay = await call(stored_replay, db, league_id, match_id)
    from turnbuckle.web.league_common import redirect
    from turnbuckle.web.replays import ReplaySession

    replay_id = f"lg{league_id}x{match_id}"
    store = request.app.state.replays
    if store.get(replay_id) is None:
        session = await call(ReplaySession, replay, f"league match {match_id}")
        store.add(session, replay_id)
    return redirect(f"/replay/{replay_id}")


def stored_replay(db: Database, league_id: int, match_id: int) -> Replay:
    with db.read() as session:
        row = session.execute(
            select(LeagueMatch)
            .join(LeagueEvent, LeagueEvent.id == LeagueMatch.event_id)
            .where(LeagueEvent.league_id == league_id, LeagueMatch.id == match_id)
        ).scalar_one_or_none()
        if row is None or row.status != "done" or row.params is None or row.actions is None or row.seed is None:
            raise NotFound(f"no played match {match_id} in this league")
        league = public.league_by_id(session, league_id)
        params = dict(row.params)
        roster = params.get("roster")
        if isinstance(roster, str) and not is_inline(roster):
            # only the promotion's own roster file (`league new --roster`, the operator's) is read,
            # carried to the replay as data; any other path stored with a match is never opened
            if roster != league.roster:
                raise NotFound(f"match {match_id} names a file that is not this promotion's roster: not replayed here")
            try:
                params["roster"] = inline_file(roster, what="roster file")
            except TurnbuckleError as exc:
                raise NotFound(f"match {match_id} was played with a roster file that is gone ({exc})") from None
        return Replay(game=league.game, params=params, seed=row.seed, agents=list(row.agents or []),
                      actions=list(row.actions))


@router.get("/leagues/{league_id}/roster.toml")
async def roster_toml(request: Request, league_id: int) -> Response:
    """The promotion's whole roster as a roster file (the game's with the promotion's own cards)."""
    from turnbuckle.league.toml_text import dumps

    db = database(request)
    text = await call(_document_text, db, league_id, dumps)
    return PlainTextResponse(text, media_type="application/toml",
                             headers={"Content-Disposition": 'attachment; filename="roster.toml"'})


def _document_text(db: Database, league_id: int, dumps: Any) -> str:
    with db.read() as session:
        return str(dumps(league_document(public.league_by_id(session, league_id))))


@router.get("/leagues/{league_id}/card.toml")
async def card_toml(request: Request, league_id: int, name: str) -> Response:
    """One card of the promotion's roster as a roster file of one ``[[wrestler]]``."""
    db = database(request)

    def find() -> dict[str, Any]:
        with db.read() as session:
            return card_view(public.league_by_id(session, league_id), name)

    found = await call(_view, find)
    filename = "".join(c if c.isalnum() else "-" for c in found["name"]).strip("-").lower() or "card"
    return PlainTextResponse(found["toml"], media_type="application/toml",
                             headers={"Content-Disposition": f'attachment; filename="{filename}.toml"'})


def roster_names(db: Database, league_id: int) -> list[str]:
    with db.read() as session:
        return entry_names(league_document(public.league_by_id(session, league_id)))


def install(app: FastAPI) -> None:
    """The league's pages and admin endpoints, and the store-back of browser matches."""
    app.include_router(router)
    app.include_router(league_admin.router)
    service = app.state.service
    db = getattr(service.repository, "db", None)
    listeners = getattr(service, "finish_listeners", None)
    if isinstance(db, Database) and listeners is not None:
        hook = StoreBack(db)
        app.state.league_store_back = hook
        listeners.append(hook)


__all__ = ["install", "router"]
