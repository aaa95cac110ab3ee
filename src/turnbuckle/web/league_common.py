"""What the league's pages share: the database, the promotion a URL names, the admin token (who
may change the promotion), small forms read with a size limit, and page rendering.

The admin token travels as a cookie set by the login form (HttpOnly, SameSite=Strict, scoped to
the promotion's pages) or, for scripts, an ``X-Admin-Token`` / ``Authorization: Bearer`` header;
never in an address (a query carrying one is refused). Without it every page is read-only and
every admin endpoint answers 401 (no token) or 403 (a wrong one).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool

from turnbuckle.engine.registry import game_class
from turnbuckle.league.errors import UnknownLeagueError
from turnbuckle.league.public import league_by_id
from turnbuckle.store.db import Database
from turnbuckle.store.league_models import League
from turnbuckle.store.tokens import token_matches
from turnbuckle.web.errors import BadRequest, Forbidden, NotFound, Unauthorized
from turnbuckle.web.grants import token_of

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")
FORM_LIMIT = 64 * 1024
"""Largest form body a league page takes (bytes); the card editor's is ``EDITOR_LIMIT``."""
EDITOR_LIMIT = 256 * 1024
EDITOR_PATH = re.compile(r"/leagues/[^/]+/admin/editor")
MAX_FIELDS = 3000
TOKEN_HEADER = "x-admin-token"
QUERY_TOKENS = frozenset({"token", "admin_token", "t"})


def form_limit(path: str) -> int | None:
    """The body limit of a league page's form (the app's ``BodyLimit`` applies it), or None."""
    if not path.startswith("/leagues/"):
        return None
    return EDITOR_LIMIT if EDITOR_PATH.fullmatch(path) else FORM_LIMIT


def cookie_name(league_id: int) -> str:
    return f"tb_league_{league_id}"


def database(request: Request) -> Database:
    """The league database: the one the web app keeps its matches in."""
    db = getattr(request.app.state, "league_db", None) or getattr(request.app.state.service.repository, "db", None)
    if not isinstance(db, Database):
        raise NotFound("leagues live in the turnbuckle database: run `turnbuckle serve` on one, not --db memory")
    return db


def load_league(db: Database, league_id: int) -> dict[str, Any]:
    """The promotion a URL names, as the pages need it (404 when there is none)."""
    with db.read() as session:
        try:
            league = league_by_id(session, league_id)
        except UnknownLeagueError as exc:
            raise NotFound(str(exc)) from None
        return league_info(league)


def league_info(league: League) -> dict[str, Any]:
    return {
        "id": league.id,
        "name": league.name,
        "game": league.game,
        "game_title": game_class(league.game).title,
        "season": league.season,
        "token_hash": league.admin_token_hash,
    }


def presented_token(request: Request, league_id: int) -> str | None:
    """The admin token a request carries (header, else the league's cookie); one in the address is refused."""
    if QUERY_TOKENS & set(request.query_params):
        raise BadRequest("an admin token never goes in an address: log in with the form (or send X-Admin-Token)")
    header = request.headers.get(TOKEN_HEADER)
    if header:
        return header.strip()
    return token_of(request.headers.get("authorization"), request.cookies.get(cookie_name(league_id)))


def is_admin(request: Request, league: dict[str, Any]) -> bool:
    """Whether the request carries the promotion's admin token (pages show edit controls only then);
    ``league``: what ``load_league`` read."""
    try:
        token = presented_token(request, league["id"])
    except BadRequest:
        return False
    return token_matches(league["token_hash"], token)


def require_admin(request: Request, db: Database, league_id: int) -> dict[str, Any]:
    """The league, when the request carries its admin token; else 401 (none) or 403 (wrong)."""
    info = load_league(db, league_id)
    token = presented_token(request, league_id)
    if token is None:
        raise Unauthorized(f"only {info['name']}'s promoter may do this: log in with the admin token")
    if not token_matches(info["token_hash"], token):
        raise Forbidden("that is not this promotion's admin token (`turnbuckle league admin-token` issues one)")
    return info


async def read_body(request: Request) -> dict[str, list[str]]:
    """A small urlencoded form (its size already checked by ``BodyLimit`` with ``form_limit``):
    refused past ``MAX_FIELDS`` fields; every value of each name, in order."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind not in ("application/x-www-form-urlencoded", ""):
        raise BadRequest("send the form as application/x-www-form-urlencoded")
    body = await request.body()
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=MAX_FIELDS)
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadRequest(f"unreadable form ({exc})") from None
    out: dict[str, list[str]] = {}
    for key, value in pairs:
        out.setdefault(key, []).append(value)
    return out


async def admin_post(request: Request, league_id: int) -> tuple[Database, dict[str, Any], dict[str, list[str]]]:
    """An admin endpoint's start: the database, the league once its admin token is checked (401 or
    403 before anything is read), and the posted form (``read_body``)."""
    db = database(request)
    league = require_admin(request, db, league_id)
    return db, league, await read_body(request)


def one(form: dict[str, list[str]], key: str, default: str = "") -> str:
    """The last value of ``key`` (a check box's hidden ``false`` comes before its ``true``)."""
    values = form.get(key)
    return values[-1] if values else default


def render(request: Request, template: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
    response = templates.TemplateResponse(request, template, context, status_code=status)
    response.headers.setdefault("Cache-Control", "no-store")
    return response


def svg(markup: str) -> Markup:
    """A chart built by ``league.charts`` (its text is escaped there) for a template."""
    return Markup(markup)


async def call(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """Run a league operation (database, matches) off the event loop."""
    return await run_in_threadpool(fn, *args, **kwargs)


def redirect(url: str) -> Response:
    from fastapi.responses import RedirectResponse

    return RedirectResponse(url, status_code=303)


__all__ = [
    "EDITOR_LIMIT",
    "FORM_LIMIT",
    "admin_post",
    "call",
    "cookie_name",
    "database",
    "form_limit",
    "is_admin",
    "league_info",
    "load_league",
    "one",
    "read_body",
    "redirect",
    "render",
    "require_admin",
    "svg",
    "templates",
]
