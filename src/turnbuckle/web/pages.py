"""The HTML pages: home, rules, new match, the table (play and watch), replays.

Pages are Jinja2 templates with a little static JavaScript; everything seat-specific is fetched
from the API with the seat token, which lives in the page address's fragment (``#t=TOKEN``) so it
is never sent in a request line or a Referer.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.engine.registry import game_class, list_games, load_game
from turnbuckle.web.api import limited
from turnbuckle.web.daily import daily
from turnbuckle.web.errors import ApiError, BadRequest
from turnbuckle.web.replays import ReplaySession, parse_replay
from turnbuckle.web.setup import WEB_FORBIDDEN_PARAMS, unknown_game

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")
router = APIRouter(include_in_schema=False)


def _first_paragraph(text: str) -> str:
    return text.strip().split("\n\n")[0].replace("\n", " ")


BLURB = 170
"""Characters of a game's summary on its home card (the rules are one click away)."""


def _short(text: str, limit: int = BLURB) -> str:
    """The first sentences of ``text`` that fit ``limit``, or its start cut at a word with an ellipsis."""
    if len(text) <= limit:
        return text
    sentences = re.split(r"(?<=[.!?])\s+", text)
    kept = ""
    for sentence in sentences:
        if len(kept) + len(sentence) + 1 > limit:
            break
        kept = f"{kept} {sentence}".strip()
    return kept or text[:limit].rsplit(" ", 1)[0] + "…"


@lru_cache(maxsize=1)
def _games() -> list[dict[str, Any]]:
    out = []
    for name in list_games():
        cls = game_class(name)
        decisions = load_game(name).decision_options() is None
        out.append({"id": name, "title": cls.title, "blurb": _short(_first_paragraph(cls.rules_summary())),
                    "players": (cls.min_players, cls.max_players), "hidden": cls.hidden_information,
                    "decisions": decisions})
    return out


def first_game() -> str:
    """The game a newcomer is offered first: the first one whose default match has decisions to make
    (Filsinger's basic game has none; its chart plays itself)."""
    games = _games()
    return str(next((g["id"] for g in games if g["decisions"]), games[0]["id"]))


@dataclass(frozen=True)
class RecentMatch:
    """A line of the recent-matches list: who met, and how it ended."""

    id: str
    game: str
    title: str
    players: str
    finished: bool
    summary: str


def recent_matches(request: Request, limit: int) -> list[RecentMatch]:
    service = request.app.state.service
    out = []
    for line in service.repository.recent(limit):
        try:
            game = load_game(line.game, **line.params)
            players = " vs ".join(side.name for side in game.sides())
            title = game.title
        except Exception:  # a stored match whose rules changed since: list it without names
            players, title = "", line.game
        out.append(RecentMatch(line.id, line.game, title, players, line.finished, line.summary))
    return out


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> Response:
    puzzle = daily()
    return templates.TemplateResponse(
        request, "home.html", {"games": _games(), "first": first_game(), "recent": recent_matches(request, 10),
                               "daily": puzzle, "daily_title": game_class(puzzle.game).title if puzzle else ""}
    )


@router.get("/games/{game}", response_class=HTMLResponse)
def rules(request: Request, game: str) -> Response:
    try:
        cls = game_class(game)
    except TurnbuckleError:
        raise unknown_game(game) from None
    options = [o for o in cls.options() if o.name not in WEB_FORBIDDEN_PARAMS]
    return templates.TemplateResponse(
        request, "rules.html", {"game": game, "title": cls.title, "summary": cls.rules_summary(), "options": options}
    )


@router.get("/new", response_class=HTMLResponse)
def new_match(request: Request, game: str | None = None) -> Response:
    games = _games()
    chosen = game if game in list_games() else first_game()
    return templates.TemplateResponse(request, "new.html", {"games": games, "chosen": chosen})


@router.post("/watch", dependencies=[limited("create")])
def watch(request: Request, game: Annotated[str, Form(max_length=50)]) -> Response:
    """Computer against computer, the strongest agents, paced for watching."""
    service = request.app.state.service
    try:
        cls = game_class(game)
    except TurnbuckleError:
        raise unknown_game(game) from None
    created = service.create(game, {}, ["computer"] * cls.min_players)
    return RedirectResponse(f"/m/{created.match.id}#t={created.owner_token}", status_code=303)


@router.get("/m/{match_id}", response_class=HTMLResponse)
def table(request: Request, match_id: str) -> Response:
    match = request.app.state.service.get(match_id)
    return templates.TemplateResponse(
        request, "table.html",
        {"match": match, "title": match.game.title, "game": match.game.name,
         "config": json.dumps({"match": match.id, "game": match.game.name,
                               "hidden": match.game.hidden_information})},
    )


@router.get("/m/{match_id}/replay")
def match_replay(request: Request, match_id: str) -> Response:
    from turnbuckle.web.api import match_replay_session

    replay_id, _ = match_replay_session(request, match_id)
    return RedirectResponse(f"/replay/{replay_id}", status_code=303)


@router.get("/replay", response_class=HTMLResponse)
def replay_upload_form(request: Request) -> Response:
    """Stored matches to replay (finished ones, and any with nothing hidden), and a file to open."""
    matches = [m for m in recent_matches(request, 50) if m.finished]
    return templates.TemplateResponse(request, "replay_upload.html", {"matches": matches})


@router.post("/replay", dependencies=[limited("act")])
async def replay_upload(request: Request, file: Annotated[UploadFile, File()]) -> Response:
    """A replay file from the upload form (its size is bounded by ``Limits.replay_bytes``)."""
    data = await file.read()
    name = (file.filename or "replay")[:100]
    try:
        payload = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadRequest(f"{name}: not a JSON replay file ({exc})") from None
    session = ReplaySession(parse_replay(payload, name), name)
    replay_id = request.app.state.replays.add(session)
    return RedirectResponse(f"/replay/{replay_id}", status_code=303)


@router.get("/replay/{replay_id}", response_class=HTMLResponse)
def replay_view(request: Request, replay_id: str) -> Response:
    from turnbuckle.web.api import replay_frame

    frame = replay_frame(request, replay_id)
    info = frame["info"]
    return templates.TemplateResponse(
        request, "replay.html",
        {"info": info, "title": info["title"],
         "config": json.dumps({"replay": replay_id, "steps": info["steps"], "seats": info["seats"],
                               # a stored match's replay: the page asks for the players' chat, which
                               # the chat API gives to the players only (never put in this page)
                               "match": replay_id[1:] if replay_id.startswith("m") else None})},
    )


def error_page(request: Request, status: int, message: str) -> Response:
    return templates.TemplateResponse(request, "error.html", {"status": status, "message": message},
                                      status_code=status)


__all__ = ["ApiError", "error_page", "router"]
