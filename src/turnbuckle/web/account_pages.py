"""The players' forms: sign up, log in, log out, log out everywhere, change password.

A log-in opens a new server-side session (``turnbuckle.web.sessions``, kind ``player``) and ends
the one the browser had, so a session id planted before the log-in is worthless (no fixation).
Its id travels in the ``tb_player`` cookie: HttpOnly, SameSite=Lax, Secure over https, 30 days.
Every form is a POST, which the app's ``SameOrigin`` guard refuses from another site (the
cross-site request forgery defence every form of the app shares). Log-in, sign-up and password
changes are throttled per address and per account through the database
(``turnbuckle.web.throttle``), so several server processes count the same guesses. A failed
log-in says "wrong name or password" whether or not the name exists; only sign-up says "taken".
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from turnbuckle.players import names
from turnbuckle.store import Database
from turnbuckle.web import accounts, lesson_marks, puzzle_marks, sessions, throttle
from turnbuckle.web.accounts import AccountError, PlayerInfo
from turnbuckle.web.errors import TooManyRequests, Unauthorized
from turnbuckle.web.league_common import call, database, one, read_body, redirect, render

router = APIRouter(include_in_schema=False)

COOKIE = "tb_player"
WINDOW = 15 * 60.0
"""Seconds over which failed log-ins are counted."""
PER_ACCOUNT = 10
"""Failed log-ins (or password checks) per account in ``WINDOW`` before it is throttled."""
PER_ADDRESS = 30
"""Failed log-ins per client address in ``WINDOW``."""
SIGNUPS_PER_ADDRESS = 10
SIGNUP_WINDOW = 3600.0
MAX_CLAIMS = 100


def address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def current_player(request: Request) -> PlayerInfo | None:
    """The player the request's session cookie names (``None``: a guest), read once per request."""
    if hasattr(request.state, "player"):
        found: PlayerInfo | None = request.state.player
        return found
    token = request.cookies.get(COOKIE)
    player = None
    if token:
        db = getattr(request.app.state, "league_db", None) or getattr(request.app.state.service.repository, "db", None)
        if isinstance(db, Database):
            player = accounts.player_of_session(db, token)
    request.state.player = player
    return player


def require_player(request: Request) -> PlayerInfo:
    player = current_player(request)
    if player is None:
        raise Unauthorized("log in first (or sign up): this needs a player account")
    return player


def _set_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(COOKIE, token, max_age=accounts.SESSION_DAYS * 86400, path="/", httponly=True,
                        samesite="lax", secure=request.url.scheme == "https")


def _clear_cookie(response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")


def _throttled(db: Database, keys: dict[str, int], window: float) -> None:
    """429 with Retry-After when any key has its limit of failures in ``window``."""
    for key, limit in keys.items():
        wait = throttle.check(db, [key], limit, window)
        if wait is not None:
            raise TooManyRequests(f"too many tries; wait {wait} seconds and try again", wait)


def _login_keys(request: Request, name: str) -> dict[str, int]:
    return {f"addr:{address(request)}": PER_ADDRESS, f"account:{names.skeleton(name)[:96]}": PER_ACCOUNT}


def _page(request: Request, template: str, status: int = 200, **context: Any) -> Response:
    context.setdefault("player", current_player(request))
    if template == "account.html" and context["player"] is not None:
        context.setdefault("lessons", lesson_marks.summary(database(request), context["player"].id))
        context.setdefault("puzzles", puzzle_marks.summary(database(request), context["player"].id))
    return render(request, template, context, status)


# -- sign up ------------------------------------------------------------------------------------
@router.get("/signup")
def signup_form(request: Request) -> Response:
    return _page(request, "signup.html", error="", name="")


@router.post("/signup")
async def signup(request: Request) -> Response:
    db = database(request)
    form = await read_body(request)
    name, password = one(form, "name"), one(form, "password")
    key = f"signup:{address(request)}"
    await call(_throttled, db, {key: SIGNUPS_PER_ADDRESS}, SIGNUP_WINDOW)
    await call(throttle.record_failure, db, [key])  # every try counts: "taken" must not be asked in bulk
    if password != one(form, "password2", password):
        return _page(request, "signup.html", 400, error="the two passwords differ", name=name)
    try:
        player = await call(accounts.sign_up, db, name, password, address(request))
    except AccountError as exc:
        return _page(request, "signup.html", 409 if isinstance(exc, accounts.NameTaken) else 400,
                     error=str(exc), name=name)
    claimed = await call(_claim, request, db, player, one(form, "claims"))
    token = await call(accounts.open_session, db, player, address(request), "login")
    await call(sessions.close_session, db, request.cookies.get(COOKIE))
    response = redirect(f"/players/{player.name}" + (f"?claimed={claimed}" if claimed else ""))
    _set_cookie(request, response, token)
    return response


def _claim(request: Request, db: Database, player: PlayerInfo, text: str) -> int:
    """The matches this browser played as a guest (``[[match id, token], ...]`` from seats.js)."""
    from turnbuckle.web.player_matches import claim

    try:
        pairs = json.loads(text) if text else []
    except json.JSONDecodeError:
        return 0
    if not isinstance(pairs, list):
        return 0
    wanted = [(str(p[0]), str(p[1])) for p in pairs[-MAX_CLAIMS:]
              if isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and isinstance(p[1], str)]
    return claim(db, request.app.state.service, player.id, wanted)


# -- log in and out -----------------------------------------------------------------------------
NEXT_PAGES = ("/lobby", "/account")
"""Where a log-in may go next (``?next=``) besides the player's page: never an address from outside."""


@router.get("/login")
def login_form(request: Request) -> Response:
    target = request.query_params.get("next", "")
    return _page(request, "login.html", error="", name="", next=target if target in NEXT_PAGES else "")


@router.post("/login")
async def login(request: Request) -> Response:
    db = database(request)
    form = await read_body(request)
    name, password = one(form, "name"), one(form, "password")
    keys = _login_keys(request, name)
    await call(_throttled, db, keys, WINDOW)
    player = await call(accounts.log_in, db, name, password)
    if player is None:
        await call(throttle.record_failure, db, list(keys))
        return _page(request, "login.html", 401, error="wrong name or password", name=name,
                     next=one(form, "next") if one(form, "next") in NEXT_PAGES else "")
    await call(throttle.clear, db, [k for k in keys if k.startswith("account:")])
    await call(sessions.close_session, db, request.cookies.get(COOKIE))  # a new id: no fixation
    token = await call(accounts.open_session, db, player, address(request), "login")
    target = one(form, "next")
    response = redirect(target if target in NEXT_PAGES else f"/players/{player.name}")
    _set_cookie(request, response, token)
    return response


@router.post("/logout")
async def logout(request: Request) -> Response:
    db = database(request)
    await call(sessions.close_session, db, request.cookies.get(COOKIE))
    response = redirect("/")
    _clear_cookie(response)
    return response


@router.post("/logout-everywhere")
async def logout_everywhere(request: Request) -> Response:
    db = database(request)
    player = await call(require_player, request)
    await call(accounts.log_out_everywhere, db, player.id, address(request))
    response = redirect("/login")
    _clear_cookie(response)
    return response


# -- the account page ---------------------------------------------------------------------------
@router.get("/account")
def account(request: Request) -> Response:
    player = current_player(request)
    if player is None:
        return _page(request, "login.html", error="", name="", next="/account")
    return _page(request, "account.html", error="", done="")


@router.post("/account/password")
async def change_password(request: Request) -> Response:
    db = database(request)
    player = await call(require_player, request)
    form = await read_body(request)
    keys = _login_keys(request, player.name)
    await call(_throttled, db, keys, WINDOW)
    if not await call(accounts.check_password, db, player.id, one(form, "current")):
        await call(throttle.record_failure, db, list(keys))
        return _page(request, "account.html", 401, error="that is not your current password", done="")
    new = one(form, "password")
    if new != one(form, "password2", new):
        return _page(request, "account.html", 400, error="the two new passwords differ", done="")
    try:
        await call(accounts.set_password, db, player.id, new, "password", address(request))
    except AccountError as exc:
        return _page(request, "account.html", 400, error=str(exc), done="")
    token = await call(accounts.open_session, db, player, address(request), "login")
    response = _page(request, "account.html", error="",
                     done="Password changed. Every other browser logged in as you is logged out.")
    _set_cookie(request, response, token)
    return response


__all__ = ["COOKIE", "current_player", "require_player", "router"]
