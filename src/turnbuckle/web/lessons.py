"""The Learn pages (``/learn/GAME``, ``/learn/GAME/N``) and their small API.

A lesson in the browser is a ``LessonRun`` kept in memory under a random id (a bounded store: a
lesson is short, and losing one only means starting it again). Its API answers the same paths and
shapes as a match's (``/api/lessons/ID``, ``/seats/N``, ``/seats/N/actions``), so the table page's
script (``table.js``) draws the picture and plays its picks unchanged; ``learn.js`` adds the
lesson's text, commentary and progress. A wrong action is a 422 whose message says why.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import Annotated, Any, Final

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.engine.registry import game_class
from turnbuckle.learn.lessons import LessonError, LessonFile, lesson, lessons
from turnbuckle.learn.run import LessonRun
from turnbuckle.web.account_pages import current_player
from turnbuckle.web.api import Narrow, limited
from turnbuckle.web.errors import ApiError, BadRequest, Conflict, NotFound
from turnbuckle.web.pages import templates
from turnbuckle.web.setup import unknown_game
from turnbuckle.web.views import legal_action_list, mover_label, pick_list, picture

router = APIRouter(include_in_schema=False)
api_router = APIRouter(prefix="/api")

MAX_SESSIONS: Final = 2000
"""Lessons kept at once; the oldest is dropped first."""
EASIEST: Final = "random"
"""The computer a finished tutorial's match is played against (with hints on)."""


class Refused(ApiError):
    """A lesson's wrong action: the message is the step's reason."""

    status = 422


class LessonSessions:
    """Lessons in progress by id (a thread-safe, bounded, least-recently-used store)."""

    def __init__(self, limit: int = MAX_SESSIONS) -> None:
        self.limit = limit
        self.runs: OrderedDict[str, LessonRun] = OrderedDict()
        self.lock = threading.Lock()

    def start(self, run: LessonRun) -> str:
        key = secrets.token_urlsafe(12)
        with self.lock:
            self.runs[key] = run
            while len(self.runs) > self.limit:
                self.runs.popitem(last=False)
        return key

    def get(self, key: str) -> LessonRun:
        with self.lock:
            run = self.runs.get(key)
            if run is None:
                raise NotFound("no such lesson in progress (it may have expired): start it again")
            self.runs.move_to_end(key)
            return run


def sessions_of(request: Request) -> LessonSessions:
    store: LessonSessions = request.app.state.lessons
    return store


def _lesson_or_404(game: str, number: int) -> LessonFile:
    try:
        game_class(game)
    except TurnbuckleError:
        raise unknown_game(game) from None
    try:
        return lesson(game, number)
    except LessonError as exc:
        raise NotFound(str(exc)) from None


# -- pages ----------------------------------------------------------------------------------------
@router.get("/learn/{game}", response_class=HTMLResponse)
def lesson_list(request: Request, game: str) -> Response:
    try:
        cls = game_class(game)
    except TurnbuckleError:
        raise unknown_game(game) from None
    found = [{"number": f.number, "title": f.lesson.title, "summary": f.lesson.summary,
              "sections": f.lesson.sections} for f in lessons(game)]
    return templates.TemplateResponse(request, "learn_list.html", {
        "game": game, "title": cls.title, "lessons": found, "account": current_player(request) is not None,
    })


@router.get("/learn/{game}/{number}", response_class=HTMLResponse)
def lesson_page(request: Request, game: str, number: int) -> Response:
    file = _lesson_or_404(game, number)
    count = len(lessons(game))
    config = {"game": game, "lesson": number, "count": count, "title": file.lesson.title,
              "seats": game_class(game).min_players, "easiest": EASIEST,
              "params": lessons(game)[-1].lesson.match_params, "account": current_player(request) is not None}
    return templates.TemplateResponse(request, "learn.html", {
        "game": game, "title": game_class(game).title, "file": file, "count": count, "config": config,
    })


# -- the API table.js and learn.js talk to --------------------------------------------------------
class Move(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: str = Field(max_length=500)
    expect: int | None = Field(None, ge=0, description="the number of actions the mover saw")


@api_router.post("/learn/{game}/{number}", status_code=201, dependencies=[limited("create")])
def start_lesson(request: Request, game: str, number: int) -> dict[str, Any]:
    run = LessonRun(_lesson_or_404(game, number))
    key = sessions_of(request).start(run)
    return {"id": key, "seat": run.seat, **lesson_state(run, 0)}


def lesson_meta(key: str, run: LessonRun) -> dict[str, Any]:
    """A match's public facts, as ``/api/matches/ID`` gives them, for the lesson's position: once the
    lesson is done nobody is to move (what would follow is a match of its own)."""
    state = run.state
    game = state.game
    player = state.current_player()
    done = run.finished
    return {
        "id": key, "game": game.name, "title": game.title, "hidden_information": False,
        "seats": [{"seat": p, "label": game.player_label(p), "kind": "human" if p == run.seat else "computer",
                   "agent": None if p == run.seat else "lesson"} for p in range(game.num_players())],
        "watch": False, "invited": [], "paused": False, "delay": 0, "version": len(state.history),
        "actions": len(state.history), "events": len(state.events),
        "to_move": None if done or player < 0 else player,
        "to_move_label": None if done else mover_label(game, state),
        "thinking": False, "waiting_for_thinker": False, "stopped": None, "finished": done,
        "summary": "lesson complete" if done else "in progress",
        "takebacks": False, "takeback_count": 0, "you": {"seats": [run.seat], "owner": False},
    }


def lesson_view(key: str, run: LessonRun, seat: int, render: bool, narrow: bool = False) -> dict[str, Any]:
    """A seat's view, shaped as a match's seat view; the learner's legal actions only while a step
    waits for one. ``narrow``: the picture laid out for a phone, as at a match's table."""
    state = run.state
    game = state.game
    observation = state.observation(seat)
    view = lesson_meta(key, run)
    view.pop("you")
    actions = legal_action_list(game, state, seat) if not run.finished else []
    view.update(seat=seat, seat_label=game.player_label(seat), observation=observation, legal_actions=actions,
                result={"summary": f"lesson {run.file.number} complete"} if run.finished else None,
                takeback={"seat": None, "allowed": False, "reason": "a lesson cannot be taken back"})
    view["picks"] = pick_list(game, observation, actions)
    if render:
        view["picture"] = picture(game, observation, [a["name"] for a in actions], narrow)
    return view


def lesson_state(run: LessonRun, since: int) -> dict[str, Any]:
    """What learn.js shows: the step (its text, sections, hint), or the outro; commentary from ``since``."""
    step = run.step
    state = run.state
    lines = [line for line in (state.game.narrate(e) for e in state.events[since:]) if line]
    return {
        "number": run.file.number, "title": run.lesson.title, "step": run.index + 1,
        "steps": len(run.lesson.steps), "finished": run.finished,
        "text": step.text if step is not None else run.lesson.outro,
        "sections": step.sections if step is not None else run.lesson.sections,
        "hint": step.hint if step is not None else None,
        "said": run.said, "events": len(state.events), "commentary": lines,
    }


def _seat(run: LessonRun, seat: int) -> int:
    if not 0 <= seat < run.state.game.num_players():
        raise BadRequest(f"seat {seat} does not exist")
    return seat


@api_router.get("/lessons/{key}")
def get_lesson(request: Request, key: str) -> dict[str, Any]:
    run = sessions_of(request).get(key)
    return lesson_meta(key, run)


@api_router.get("/lessons/{key}/lesson")
def get_lesson_state(request: Request, key: str, since: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
    return lesson_state(sessions_of(request).get(key), since)


@api_router.get("/lessons/{key}/seats/{seat}")
def get_lesson_seat(request: Request, key: str, seat: int, render: bool = False,
                    narrow: Narrow = False) -> dict[str, Any]:
    run = sessions_of(request).get(key)
    return lesson_view(key, run, _seat(run, seat), render, narrow)


@api_router.post("/lessons/{key}/seats/{seat}/actions", dependencies=[limited("act")])
def post_lesson_action(request: Request, key: str, seat: int, body: Move, render: bool = False,
                       narrow: Narrow = False) -> dict[str, Any]:
    store = sessions_of(request)
    run = store.get(key)
    with store.lock:
        if seat != run.seat:
            raise BadRequest(f"in this lesson you play seat {run.seat}")
        if body.expect is not None and body.expect != len(run.state.history):
            raise Conflict("the lesson has moved on since; look again")
        outcome = run.attempt(body.action)
        if not outcome.accepted:
            raise Refused(outcome.message)
    return lesson_view(key, run, seat, render, narrow)


@api_router.get("/lessons/{key}/hints")
def lesson_hints(request: Request, key: str) -> dict[str, Any]:
    sessions_of(request).get(key)
    return {"hints": False}  # a lesson's help is its own hint, in the lesson panel


__all__ = ["LessonSessions", "api_router", "router"]
