"""What the league's pages share: the database, the promotion a URL names, who may change the
promotion (its admin session or token), small forms read with a size limit, and page rendering.

The promoter logs in with the admin token on the login form; the browser then holds a session
cookie (HttpOnly, SameSite=Strict, scoped to the promotion's pages) whose value is a random session
id stored on the server as a hash (``web.sessions``): logging out revokes it, and so does
``league admin-token`` for every session of the promotion. Scripts send the token itself in an
``X-Admin-Token`` / ``Authorization: Bearer`` header; never in an address (a query carrying one is
refused). Wrong tokens are throttled per address and per promotion (``web.throttle``, shared by
every server process through the database): past the limit a log-in is refused with 429. Without
a session or token every page is read-only and every admin endpoint answers 401 (none) or 403
(a wrong token).

Every id in a league URL is read by the one bounded parser (``text.whole_number``): an id past
what the database holds is a 404, a number in a query past its bounds a 400 (``query_number``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from fastapi import Depends, Request
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
from turnbuckle.text import whole_number
from turnbuckle.web import sessions, throttle
from turnbuckle.web.errors import BadRequest, Forbidden, NotFound, TooManyRequests, Unauthorized
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
ADMIN_SESSION = sessions.LEAGUE_ADMIN
"""The ``kind`` of a promoter's session in ``web.sessions`` (its subject: the league's id)."""
SESSION_DAYS = 30
"""How long a promoter's log-in lasts (the cookie and the session on the server alike)."""


@dataclass(frozen=True)
class AdminThrottle:
    """How many wrong admin tokens are answered before log-ins are refused (429) for a while."""

    per_address: int = 10
    """Wrong tokens one address may send within ``window`` seconds (to any promotion)."""
    per_league: int = 30
    """Wrong tokens one promotion may be sent within ``window`` seconds (from anywhere)."""
    window: float = 600.0


DEFAULT_THROTTLE = AdminThrottle()
"""The app's unless ``app.state.admin_throttle`` says otherwise."""
ID_DIGITS = 10
ID_MOST = 2**31 - 1
"""The largest id a league URL may name: the database's ids are 32-bit on PostgreSQL."""
PATH_IDS = {"league_id": "promotion", "wrestler_id": "wrestler", "number": "card", "feud_id": "feud",
            "match_id": "match"}
"""The numeric path parameters of the league's routes, and what a 404 calls them."""


def path_id(text: str, what: str = "id") -> int:
    """An id from a URL: a whole number the database can hold, else 404 (nothing has that id)."""
    number = whole_number(text, digits=ID_DIGITS, most=ID_MOST)
    if number is None:
        shown = text if len(text) <= 24 else f"{text[:20]}… ({len(text):,} characters)"
        raise NotFound(f"there is no {what} {shown!r}")
    return number


def bounded_path_ids(request: Request) -> None:
    """Every league route's dependency: its numeric path ids read by ``path_id`` before FastAPI
    turns them into ``int`` (which takes any length, and the database driver overflows on)."""
    for name, what in PATH_IDS.items():
        value = request.path_params.get(name)
        if isinstance(value, str):
            path_id(value, what)


BOUNDED_IDS = [Depends(bounded_path_ids)]
"""``APIRouter(dependencies=BOUNDED_IDS)`` for every router with league ids in its paths."""


def query_number(text: str | None, name: str, *, most: int = ID_MOST) -> int | None:
    """A whole number from a query parameter or a form field (None when absent), else 400."""
    if text is None or not text.strip():
        return None
    number = whole_number(text, digits=len(str(most)), most=most)
    if number is None:
        raise BadRequest(f"{name} must be a whole number from 0 to {most:,}")
    return number


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


def _header_token(request: Request) -> str | None:
    """The admin token a script sends (``X-Admin-Token`` or ``Authorization: Bearer``); one in the
    address is refused."""
    if QUERY_TOKENS & set(request.query_params):
        raise BadRequest("an admin token never goes in an address: log in with the form (or send X-Admin-Token)")
    header = request.headers.get(TOKEN_HEADER)
    if header and header.strip():
        return header.strip()
    return token_of(request.headers.get("authorization"))


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def throttle_keys(request: Request, league_id: int) -> tuple[list[str], list[str]]:
    """The throttle's keys for an admin log-in: the caller's address, and the promotion."""
    return [f"addr:{client_address(request)}"], [f"league:{league_id}"]


def check_admin_token(request: Request, db: Database, league: dict[str, Any], token: str) -> bool:
    """Whether ``token`` is the promotion's admin token: refused (429, ``Retry-After``) while the
    address or the promotion has had too many wrong ones lately; a wrong one is counted."""
    by_address, by_league = throttle_keys(request, league["id"])
    limits: AdminThrottle = getattr(request.app.state, "admin_throttle", DEFAULT_THROTTLE)
    wait = max(throttle.check(db, by_address, limits.per_address, limits.window) or 0,
               throttle.check(db, by_league, limits.per_league, limits.window) or 0)
    if wait:
        raise TooManyRequests(f"too many wrong admin tokens lately: try again in {wait} seconds", wait)
    if token_matches(league["token_hash"], token):
        return True
    throttle.record_failure(db, by_address + by_league)
    return False


def forget_failures(request: Request, db: Database, league_id: int) -> None:
    """After a log-in with the right token, its address's failures are forgotten (a promoter's
    typos do not count towards a later lock-out); the promotion's are not (they may be a guesser's
    elsewhere). Only the log-in form does this: a script's header on every request would otherwise
    write to the database each time."""
    by_address, _ = throttle_keys(request, league_id)
    throttle.clear(db, by_address)


def session_league(db: Database, request: Request, league_id: int) -> bool:
    """Whether the request's cookie names a live promoter's session of this promotion."""
    cookie = request.cookies.get(cookie_name(league_id))
    return sessions.session_subject(db, ADMIN_SESSION, cookie) == str(league_id)


def open_admin_session(db: Database, league_id: int) -> str:
    """A new promoter's session of the promotion (after the right token): its id, for the cookie."""
    return sessions.open_session(db, ADMIN_SESSION, str(league_id), SESSION_DAYS * 86400)


def is_admin(request: Request, league: dict[str, Any]) -> bool:
    """Whether the request carries the promotion's admin session or token (pages show edit
    controls only then); ``league``: what ``load_league`` read."""
    db = database(request)
    try:
        token = _header_token(request)
    except BadRequest:
        return False
    if token is not None:
        try:
            return check_admin_token(request, db, league, token)
        except TooManyRequests:
            return False
    return session_league(db, request, league["id"])


def require_admin(request: Request, db: Database, league_id: int) -> dict[str, Any]:
    """The league, when the request carries its admin session or token; else 401 (neither) or 403
    (a wrong token), or 429 after too many wrong ones."""
    info = load_league(db, league_id)
    token = _header_token(request)
    if token is None:
        if session_league(db, request, league_id):
            return info
        raise Unauthorized(f"only {info['name']}'s promoter may do this: log in with the admin token")
    if not check_admin_token(request, db, info, token):
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
    "ADMIN_SESSION",
    "BOUNDED_IDS",
    "EDITOR_LIMIT",
    "FORM_LIMIT",
    "AdminThrottle",
    "admin_post",
    "call",
    "cookie_name",
    "database",
    "forget_failures",
    "form_limit",
    "is_admin",
    "league_info",
    "load_league",
    "one",
    "open_admin_session",
    "path_id",
    "query_number",
    "read_body",
    "redirect",
    "render",
    "require_admin",
    "svg",
    "templates",
]
