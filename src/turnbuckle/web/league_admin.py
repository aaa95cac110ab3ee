"""Running a promotion from the browser, with its admin token: log in and out, sign and release,
belts, the title rule, seasons, booking a card (the CLI's checks and messages), running it with
the computer or playing one of its matches at the table, RUMBLESLAM hiring and the card editor.

Every endpoint here refuses without the promotion's admin token (401, or 403 for a wrong one),
takes only small urlencoded forms, and does what the CLI's command does through the same
``turnbuckle.league`` functions.
"""

from __future__ import annotations

import math
import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import ValidationError

from turnbuckle.engine.datafiles import parse_json
from turnbuckle.engine.errors import DataFileError, TurnbuckleError, quoted
from turnbuckle.engine.game import Game
from turnbuckle.engine.registry import game_class
from turnbuckle.league import public, service, views
from turnbuckle.league.booking import MatchSpec, match_type_choices
from turnbuckle.league.card_form import (
    Bound,
    bind,
    model_form,
    place,
    place_errors,
    place_roster_error,
    read_form,
)
from turnbuckle.league.people import BrowserSeat
from turnbuckle.league.roster_cards import (
    CardError,
    card_view,
    entry_names,
    entry_text,
    league_document,
    roster_format,
    save_card,
)
from turnbuckle.league.runner import send_match
from turnbuckle.league.team_games import is_team_game
from turnbuckle.store.db import Database
from turnbuckle.text import whole_number
from turnbuckle.web.errors import BadRequest
from turnbuckle.web.league_common import (
    BOUNDED_IDS,
    SESSION_DAYS,
    admin_post,
    call,
    check_admin_token,
    cookie_name,
    database,
    forget_failures,
    is_admin,
    load_league,
    one,
    open_admin_session,
    read_body,
    redirect,
    render,
    require_admin,
)
from turnbuckle.web.league_live import live_links, store_finished
from turnbuckle.web.league_runs import one_run
from turnbuckle.web.sessions import close_session

router = APIRouter(include_in_schema=False, dependencies=BOUNDED_IDS)
MAX_ROWS = 12
"""Matches a booking form offers (the card can be booked again with more)."""
MAX_SEASON_CARDS = 20
"""Cards one press of *Book and run* plays (the terminal's ``season N`` has no limit)."""


# -- logging in ---------------------------------------------------------------------------------
@router.get("/leagues/{league_id}/login")
async def login_form(request: Request, league_id: int) -> Response:
    db = database(request)
    league = load_league(db, league_id)
    admin = is_admin(request, league)
    return render(request, "league_login.html", {"league": league, "admin": admin, "nav": "", "error": ""})


@router.post("/leagues/{league_id}/login")
async def login(request: Request, league_id: int) -> Response:
    """The admin token, checked (and throttled): a session on the server, its id in the cookie."""
    db = database(request)
    league = load_league(db, league_id)
    form = await read_body(request)
    token = one(form, "token").strip()
    if not await call(check_admin_token, request, db, league, token):
        context = {"league": league, "admin": False, "nav": "", "error": "That is not this promotion's admin token."}
        return render(request, "league_login.html", context, status=403)
    await call(forget_failures, request, db, league_id)
    session_id = await call(open_admin_session, db, league_id)
    response = redirect(f"/leagues/{league_id}/admin")
    response.set_cookie(
        cookie_name(league_id), session_id, max_age=SESSION_DAYS * 86400, path=f"/leagues/{league_id}",
        httponly=True, samesite="strict", secure=request.url.scheme == "https",
    )
    return response


@router.post("/leagues/{league_id}/logout")
async def logout(request: Request, league_id: int) -> Response:
    """End the session on the server (a copy of the cookie stops working too) and drop the cookie."""
    db = database(request)
    await call(close_session, db, request.cookies.get(cookie_name(league_id)))
    response = redirect(f"/leagues/{league_id}")
    response.delete_cookie(cookie_name(league_id), path=f"/leagues/{league_id}")
    return response


# -- the promoter's desk --------------------------------------------------------------------------
def desk_context(db: Database, league_id: int) -> dict[str, Any]:
    name = public.league_name(db, league_id)
    rules = service.rules_view(db, name)
    table = views.standings(db, name)
    signed = [r["name"] for r in table["wrestlers"]]
    with db.read() as session:
        league = public.league_by_id(session, league_id)
        document = league_document(league)
        own = sorted(league.cards)
    team = is_team_game(rules["game"])
    if team:
        from turnbuckle.games.rumbleslam.teams import default_teams

        available = [t.name for t in default_teams().team if t.name not in signed]
    else:
        available = [n for n in entry_names(document) if n not in signed]
    return {
        "rules": rules,
        "signed": signed,
        "available": available,
        "titles": views.titles_view(db, name),
        "booked": views.events_page(db, name, done=False),
        "team": team,
        "cards": entry_names(document),
        "own_cards": own,
        "feuds": [f for f in views.feuds_view(db, name) if f["active"]],
    }


async def desk(request: Request, league_id: int, errors: dict[str, str] | None = None, status: int = 200,
               note: str = "") -> Response:
    db = database(request)
    league = require_admin(request, db, league_id)
    context = await call(desk_context, db, league_id)
    note = note or request.query_params.get("note", "")[:200]
    return render(request, "league_admin.html",
                  {"league": league, "admin": True, "nav": "admin", "errors": errors or {}, "note": note, **context},
                  status=status)


@router.get("/leagues/{league_id}/admin")
async def admin_desk(request: Request, league_id: int) -> Response:
    return await desk(request, league_id)


async def _action(request: Request, league_id: int, what: str, fn: Any, done: str) -> Response:
    """Run a desk action: on a league mistake the desk again with the message beside its form."""
    try:
        await call(fn)
    except TurnbuckleError as exc:
        return await desk(request, league_id, {what: str(exc)}, status=400)
    from urllib.parse import quote

    return redirect(f"/leagues/{league_id}/admin?note={quote(done[:200])}#{what}")


@router.post("/leagues/{league_id}/admin/sign")
async def sign(request: Request, league_id: int) -> Response:
    db, promotion, form = await admin_post(request, league_id)
    names = [n for n in form.get("name", []) if n.strip()]
    everyone = one(form, "all") == "true"
    league = promotion["name"]
    signed: list[str] = []

    def run() -> None:
        signed.extend(service.sign(db, league, names, everyone))

    response = await _action(request, league_id, "sign", run, "")
    if response.status_code == 303:
        from urllib.parse import quote

        text = f"Signed {len(signed)}: {', '.join(signed) or 'nobody new'}"
        return redirect(f"/leagues/{league_id}/admin?note={quote(text[:200])}#sign")
    return response


@router.post("/leagues/{league_id}/admin/release")
async def release(request: Request, league_id: int) -> Response:
    db, promotion, form = await admin_post(request, league_id)
    who = one(form, "name")
    league = promotion["name"]
    return await _action(request, league_id, "release", lambda: service.release(db, league, who), f"Released {who}")


@router.post("/leagues/{league_id}/admin/belts")
async def belt(request: Request, league_id: int) -> Response:
    db, promotion, form = await admin_post(request, league_id)
    title, kind = one(form, "name").strip(), one(form, "kind", "singles")
    league = promotion["name"]

    def run() -> None:
        if not title:
            raise BadRequest("a belt needs a name")
        service.new_title(db, league, title, kind)

    return await _action(request, league_id, "belt", run, f"Created the {title}; it is vacant until won")


@router.post("/leagues/{league_id}/admin/rules")
async def rules(request: Request, league_id: int) -> Response:
    db, promotion, form = await admin_post(request, league_id)
    on = one(form, "countout_dq_titles") == "true"
    league = promotion["name"]
    said = "Titles now change hands on a count-out or DQ" if on else "Titles no longer change on a count-out or DQ"
    return await _action(request, league_id, "rules", lambda: service.set_rules(db, league, on), said)


@router.post("/leagues/{league_id}/admin/season")
async def season(request: Request, league_id: int) -> Response:
    db, promotion, form = await admin_post(request, league_id)
    league = promotion["name"]
    if one(form, "action") == "new":
        begins = "A new season begins"
        return await _action(request, league_id, "season", lambda: service.new_season(db, league), begins)
    count, per_card = one(form, "cards", "1"), one(form, "matches", "4")

    def run() -> None:
        cards, matches = whole_number(count), whole_number(per_card)
        if cards is None or not 1 <= cards <= MAX_SEASON_CARDS:
            raise BadRequest(f"book and run 1 to {MAX_SEASON_CARDS} cards at a time")
        if matches is None or not 1 <= matches <= MAX_ROWS:
            raise BadRequest(f"a card has 1 to {MAX_ROWS} matches")
        with one_run(db, league_id, league):
            service.run_season(db, league, cards, None, matches)

    response = await _action(request, league_id, "season", run, "")
    if response.status_code == 303:
        return redirect(f"/leagues/{league_id}/cards")
    return response


@router.post("/leagues/{league_id}/admin/feuds/{feud_id}/end")
async def end_feud(request: Request, league_id: int, feud_id: int) -> Response:
    db, promotion, _ = await admin_post(request, league_id)
    league = promotion["name"]
    return await _action(request, league_id, "feuds", lambda: service.end_feud(db, league, feud_id),
                         f"Ended feud {feud_id}")


# -- booking ------------------------------------------------------------------------------------
def booking_context(db: Database, league_id: int) -> dict[str, Any]:
    name = public.league_name(db, league_id)
    table = views.standings(db, name)
    rules = service.rules_view(db, name)
    booked_now: set[str] = set()
    for event in views.events_page(db, name, done=False):
        booked_now |= {n for m in event["matches"] if m["status"] != "done" for s in m["sides"] for n in s}
    team = is_team_game(rules["game"])
    return {
        "wrestlers": [
            {"name": r["name"], "rating": r["rating"], "injured": r["injured_cards"], "booked": r["name"] in booked_now}
            for r in sorted(table["wrestlers"], key=lambda r: r["name"].casefold())
        ],
        "titles": views.titles_view(db, name),
        "types": [] if team else list(match_type_choices(rules["game"])),
        "team": team,
        "slots": 1 if team else 2,
    }


def _rows(form: dict[str, list[str]]) -> list[int]:
    found = {int(m.group(1)) for key in form if (m := re.match(r"^m([0-9]{1,2})\.", key))}
    return sorted(i for i in found if i < MAX_ROWS * 4)


def read_booking(form: dict[str, list[str]], game: str) -> tuple[list[dict[str, Any]], list[MatchSpec], dict[int, str]]:
    """The booking form's matches as typed (to show again), as specs, and row mistakes found before booking."""
    rows: list[dict[str, Any]] = []
    specs: list[MatchSpec] = []
    problems: dict[int, str] = {}
    for i in _rows(form):
        sides: list[list[str]] = []
        side_keys = sorted({int(m.group(1)) for k in form if (m := re.match(rf"^m{i}\.s([0-9]{{1,2}})\.", k))})
        for j in side_keys:
            slots = sorted(
                (int(m.group(1)), v) for k, vals in form.items() if (m := re.match(rf"^m{i}\.s{j}\.([0-9])$", k))
                for v in vals[-1:]
            )
            side = [v.strip() for _, v in slots if v.strip()]
            if side:
                sides.append(side)
        kind, title = one(form, f"m{i}.type"), one(form, f"m{i}.title")
        blowoff, typed = one(form, f"m{i}.blowoff") == "true", one(form, f"m{i}.options").strip()
        if not sides and not title and not typed:
            continue
        rows.append({"sides": sides, "type": kind, "title": title, "blowoff": blowoff, "options": typed})
        if len(sides) < 2:
            problems[len(rows) - 1] = "a match needs two sides or more"
            continue
        try:
            options = parse_options(typed, game)
        except ValueError as exc:
            problems[len(rows) - 1] = str(exc)
            continue
        specs.append(MatchSpec(sides, kind or None, title or None, options, blowoff))
    return rows, specs, problems


MAX_OPTION_NUMBER = 2**63 - 1
"""The largest whole number a match option may hold (as on the command line)."""


def file_options(game: str) -> frozenset[str]:
    """The options of ``game`` whose value names a data file (``roster``, RUMBLESLAM's ``dice`` and
    teams, ...): never taken from a browser, which must not make the server open a file."""
    cls = game_class(game)
    return cls.data_file_params | cls.data_file_list_params


def parse_options(text: str, game: str) -> dict[str, Any]:
    """``cage=true no_dq=true``: game options of one match, values read as JSON where they can be.

    An option naming a file is refused whatever its value (the promotion's own cards travel with
    each match as data: the card editor makes them); so are values nested past the data files'
    limit and numbers JSON cannot hold. Every mistake is a one-line ``ValueError``."""
    files = file_options(game)
    out: dict[str, Any] = {}
    for part in text.replace(",", " ").split():
        key, sep, raw = part.partition("=")
        if not sep or not key:
            raise ValueError(f"options: {quoted(part, 40)} should be KEY=VALUE (e.g. cage=true)")
        if key in files:
            raise ValueError(f"options: {quoted(key, 40)} names a file, and the server opens no file for a browser "
                             "(the promotion's own cards, made in the card editor, travel with each match)")
        try:
            value = parse_json(raw, f"options: {key}")
        except DataFileError as exc:  # nested past the limit
            raise ValueError(str(exc)) from None
        except ValueError:
            value = raw
        _check_numbers(value, key)
        out[key] = value
    return out


def _check_numbers(value: Any, key: str) -> None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            raise ValueError(f"options: {quoted(key, 40)}: number out of range")
        if isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_OPTION_NUMBER:
            raise ValueError(f"options: {quoted(key, 40)}: number out of range (at most {MAX_OPTION_NUMBER})")
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())


async def booking_page(request: Request, league_id: int, rows: list[dict[str, Any]] | None = None,
                       error: str = "", problems: dict[int, str] | None = None, name: str = "",
                       status: int = 200) -> Response:
    db = database(request)
    league = require_admin(request, db, league_id)
    context = await call(booking_context, db, league_id)
    wanted = request.query_params.get("rows", "")
    count = max(len(rows or []), whole_number(wanted) or 4)
    shown = list(rows or []) + [{"sides": [], "type": "", "title": "", "blowoff": False, "options": ""}] * max(
        0, min(count, MAX_ROWS) - len(rows or [])
    )
    return render(request, "league_book.html", {
        "league": league, "admin": True, "nav": "cards", "rows": shown, "error": error,
        "problems": problems or {}, "card_name": name, **context,
    }, status=status)


@router.get("/leagues/{league_id}/admin/book")
async def book_form(request: Request, league_id: int) -> Response:
    return await booking_page(request, league_id)


@router.post("/leagues/{league_id}/admin/book")
async def book(request: Request, league_id: int) -> Response:
    db, promotion, form = await admin_post(request, league_id)
    rows, specs, problems = read_booking(form, promotion["game"])
    card_name = one(form, "name").strip()
    if problems:
        return await booking_page(request, league_id, rows, "Some matches are not complete.", problems, card_name, 400)
    if not specs:
        return await booking_page(request, league_id, rows, "A card needs at least one match.", {}, card_name, 400)
    league = promotion["name"]
    try:
        info = await call(service.book_card, db, league, card_name or None, specs)
    except TurnbuckleError as exc:
        message = str(exc)
        named = {i: message for i, row in enumerate(rows) if _row_named(row, message)}
        return await booking_page(request, league_id, rows, message, named, card_name, 400)
    return redirect(f"/leagues/{league_id}/cards/{info['event']}")


def _row_named(row: dict[str, Any], message: str) -> bool:
    """Whether a booking error is about this row (it names one of its wrestlers or its title)."""
    names = [n for side in row["sides"] for n in side] + ([row["title"]] if row["title"] else [])
    return any(n and n.casefold() in message.casefold() for n in names)


# -- running a card -----------------------------------------------------------------------------
@router.post("/leagues/{league_id}/admin/cards/{number}/run")
async def run(request: Request, league_id: int, number: int) -> Response:
    db, promotion, _ = await admin_post(request, league_id)
    league = promotion["name"]
    def run_it() -> None:
        with one_run(db, league_id, league):
            service.run_card(db, league, number)

    try:
        await call(run_it)
    except TurnbuckleError as exc:
        return await card_error(request, league_id, number, str(exc))
    return redirect(f"/leagues/{league_id}/cards/{number}")


async def card_error(request: Request, league_id: int, number: int, message: str) -> Response:
    db = database(request)
    league = load_league(db, league_id)
    name = league["name"]
    event = await call(views.show_event, db, name, number)
    live = await call(live_links, db, league_id, event)
    ids = await call(public.wrestler_ids, db, league_id)
    return render(request, "league_card.html", {"league": league, "admin": True, "nav": "cards", "event": event,
                                                 "live": live, "ids": ids, "error": message}, status=400)


@router.post("/leagues/{league_id}/admin/cards/{number}/play")
async def play(request: Request, league_id: int, number: int) -> Response:
    """Play a match of the card at the table: the web app's match, you on your side, the computer on
    the others; stored into the league when it ends. Spectators watch at /m/ID."""
    db, promotion, form = await admin_post(request, league_id)
    position, side = one(form, "position"), one(form, "side", "1")
    number_in_card = whole_number(position)
    if number_in_card is None:
        raise BadRequest("which match of the card? (position)")
    matches = request.app.state.service

    def make(game: Game, seats: list[str], seed: int, live_id: str) -> tuple[str, dict[str, Any]]:
        created = matches.create_for_game(game, seats, seed=seed, match_id=live_id)
        return created.owner_token, dict(created.match.record.params)

    league = promotion["name"]
    seat = BrowserSeat(number_in_card, side, server="", make=make)
    def send() -> dict[str, Any]:
        with one_run(db, league_id, league):
            return send_match(db, league, number, seat)

    try:
        sent = await call(send)
    except TurnbuckleError as exc:
        return await card_error(request, league_id, number, str(exc))
    return redirect(sent["url"])


@router.post("/leagues/{league_id}/admin/cards/{number}/store")
async def store(request: Request, league_id: int, number: int) -> Response:
    db, _, _ = await admin_post(request, league_id)
    await call(store_finished, db, league_id)
    return redirect(f"/leagues/{league_id}/cards/{number}")


# -- RUMBLESLAM: hiring a team --------------------------------------------------------------------
HIRE_SLOTS = 12


def hire_context(db: Database, league_id: int) -> dict[str, Any]:
    from turnbuckle.games.rumbleslam.models import SPONSORSHIPS, Roster
    from turnbuckle.games.rumbleslam.teams import ENDORSEMENT_COST, SPONSORSHIP_COST, TRADITIONAL_DISCOUNT
    from turnbuckle.league.teams import league_budget

    with db.read() as session:
        league = public.league_by_id(session, league_id)
        if not is_team_game(league.game):
            raise BadRequest(f"{league.name} plays {league.game}: it signs wrestlers, it hires no teams")
        from turnbuckle.engine.datafiles import validate

        roster = validate(Roster, league_document(league), "roster")
        budget = league_budget(league)
    return {
        "budget": budget,
        "profiles": [{"name": p.name, "dosh": p.dosh, "rank": p.rank, "casino": p.casino} for p in roster.wrestler],
        "sponsorships": list(SPONSORSHIPS),
        "tag_teams": [{"name": t.name, "members": list(t.members)} for t in roster.tag_team],
        "slots": HIRE_SLOTS,
        "costs": {"endorsement": ENDORSEMENT_COST, "sponsorship": SPONSORSHIP_COST,
                  "traditional": TRADITIONAL_DISCOUNT},
    }


HIRE_FIELD = re.compile(r"team '.*?': (?P<field>[a-z_]+)(?:\[(?P<index>\d+)\])?: (?P<message>.*)$")


def hire_errors(message: str, chosen_tags: list[str]) -> dict[str, str]:
    """A hiring mistake beside its field: ``wrestlers.1``, ``endorsements``, ``tag.NAME``, ... else ``name``."""
    found = HIRE_FIELD.search(message)
    if found is None:
        return {"form": message}
    field, index, text = found.group("field"), found.group("index"), found.group("message")
    if field == "tag_teams" and index is not None and int(index) < len(chosen_tags):
        return {f"tag.{chosen_tags[int(index)]}": text}
    if field == "wrestlers" and index is not None:
        return {f"wrestlers.{index}": text}
    return {field: text}


@router.get("/leagues/{league_id}/admin/hire")
async def hire_form(request: Request, league_id: int) -> Response:
    db = database(request)
    league = require_admin(request, db, league_id)
    context = await call(hire_context, db, league_id)
    return render(request, "league_hire.html", {"league": league, "admin": True, "nav": "roster", "errors": {},
                                                "values": {"wrestlers": [], "sponsorships": [], "tags": {}},
                                                **context})


@router.post("/leagues/{league_id}/admin/hire")
async def hire(request: Request, league_id: int) -> Response:
    from turnbuckle.league.teams import hire_team

    db, league, form = await admin_post(request, league_id)
    context = await call(hire_context, db, league_id)
    wrestlers = [one(form, f"wrestler.{i}").strip() for i in range(HIRE_SLOTS)]
    wrestlers = [w for w in wrestlers if w]
    tags = {t["name"]: one(form, f"tag.{t['name']}") for t in context["tag_teams"]}
    chosen = [name for name, style in tags.items() if style in ("exhibition", "traditional")]
    team_name = one(form, "name").strip()
    endorsements = one(form, "endorsements", "0").strip() or "0"
    sponsorships = [s for s in form.get("sponsorship", []) if s]
    values = {"name": team_name, "wrestlers": wrestlers, "endorsements": endorsements,
              "sponsorships": sponsorships, "tags": tags}
    errors: dict[str, str] = {}
    if not team_name:
        errors["name"] = "a team needs a name"
    endorsement_count = whole_number(endorsements, digits=3)
    if endorsement_count is None:
        errors["endorsements"] = "Endorsements are a whole number from 0 to 8"
    if not wrestlers:
        errors["wrestlers"] = "hire at least one wrestler"
    if not errors:
        specs = [name if tags[name] == "exhibition" else f"{name}:traditional" for name in chosen]
        try:
            await call(hire_team, db, league["name"], team_name, wrestlers, endorsement_count or 0, sponsorships, specs)
        except DataFileError as exc:
            errors = hire_errors(str(exc), chosen)
        except TurnbuckleError as exc:  # about the team as a whole: its name, a team already signed
            errors = {"name": str(exc)}
        else:
            from urllib.parse import quote

            return redirect(f"/leagues/{league_id}/admin?note={quote('Hired ' + team_name)}#sign")
    return render(request, "league_hire.html", {"league": league, "admin": True, "nav": "roster", "errors": errors,
                                                "values": values, **context}, status=400)


# -- the card editor ----------------------------------------------------------------------------
async def editor_page(request: Request, league_id: int, bound: Bound | None, original: str, status: int = 200,
                      note: str = "", problem: str = "") -> Response:
    db = database(request)
    league = require_admin(request, db, league_id)

    def cards() -> tuple[list[str], list[str]]:
        with db.read() as session:
            row = public.league_by_id(session, league_id)
            return entry_names(league_document(row)), sorted(row.cards)

    names, own = await call(cards)
    fmt = roster_format(league["game"])
    return render(request, "league_editor.html", {
        "league": league, "admin": True, "nav": "roster", "card": bound, "original": original, "names": names,
        "own": own, "note": note, "problem": problem, "entry_doc": fmt.entry_model.__doc__ or "",
    }, status=status)


@router.get("/leagues/{league_id}/admin/editor")
async def editor(request: Request, league_id: int, card: str | None = None, new: str | None = None) -> Response:
    db = database(request)
    league = require_admin(request, db, league_id)
    form = model_form(roster_format(league["game"]).entry_model)
    if card:
        def found() -> dict[str, Any]:
            with db.read() as session:
                return card_view(public.league_by_id(session, league_id), card)

        try:
            view = await call(found)
        except TurnbuckleError as exc:
            return await editor_page(request, league_id, None, "", 404, problem=str(exc))
        saved = "Saved." if request.query_params.get("saved") else ""
        return await editor_page(request, league_id, bind(form, view["entry"]), view["name"], note=saved)
    if new is not None:
        entry = new_entry(league["game"], new.strip() or "New Wrestler")
        return await editor_page(request, league_id, bind(form, entry), "")
    return await editor_page(request, league_id, None, "")


def new_entry(game: str, name: str) -> dict[str, Any]:
    """A blank card to start from: the game's own template for ``name`` (its first wrestler)."""
    from turnbuckle.engine.datafiles import parse_toml

    try:
        text = game_class(game).roster_template(name)
    except DataFileError:
        text = None
    if not text:
        return {"name": name}
    entries = parse_toml(text, "template").get("wrestler", [])
    return dict(entries[0]) if entries else {"name": name}


@router.post("/leagues/{league_id}/admin/editor")
async def editor_save(request: Request, league_id: int) -> Response:
    db = database(request)
    league = require_admin(request, db, league_id)
    form = await read_body(request)
    action = one(form, "_action", "save")
    original = one(form, "_original").strip()
    fmt = roster_format(league["game"])
    spec = model_form(fmt.entry_model)
    values = {k: v[-1] for k, v in form.items() if not k.startswith("_")}
    data = read_form(spec, values)
    bound = bind(spec, data)
    try:
        fmt.entry_model.model_validate(data)
    except ValidationError as exc:
        for message in place_errors(bound, exc):
            place(bound, [], message)
        return await editor_page(request, league_id, bound, original, 400, problem="The card has mistakes.")
    if action == "export":
        from fastapi.responses import PlainTextResponse

        name = str(data.get("name", "card"))
        filename = "".join(c if c.isalnum() else "-" for c in name).strip("-").lower() or "card"
        return PlainTextResponse(entry_text(data), media_type="application/toml",
                                 headers={"Content-Disposition": f'attachment; filename="{filename}.toml"'})
    try:
        saved = await call(save_card, db, league["name"], data, original or None)
    except CardError as exc:
        if exc.field:
            place(bound, [exc.field], str(exc))
        else:
            place_roster_error(bound, str(exc), f"{league['name']} roster (embedded)")
        return await editor_page(request, league_id, bound, original, 400, problem="The roster cannot take this card.")
    from urllib.parse import quote

    return redirect(f"/leagues/{league_id}/admin/editor?card={quote(saved['name'])}&saved=1")


__all__ = ["router"]
