"""Lesson progress on a player's account: the Learn pages' "done" marks, kept in the database for a
logged-in player (a guest's stay in the browser's localStorage, as ``learn.js`` keeps them).

``GET /api/players/me/lessons`` lists the player's finished lessons per game; ``POST`` records some
(a lesson just finished, or the marks a browser kept before its player logged in: ``learn.js`` sends
those once, when they are not on the account yet); ``DELETE .../lessons/GAME`` forgets a game's.
Only lessons that exist are recorded. Like every state-changing request, the POST and DELETE are
refused from another site by the app's ``SameOrigin`` guard.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, select

from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.engine.registry import game_class, list_games
from turnbuckle.learn.lessons import lessons
from turnbuckle.store import Database
from turnbuckle.store.learn_models import LessonProgress
from turnbuckle.web.account_pages import require_player
from turnbuckle.web.api import ERRORS, limited
from turnbuckle.web.errors import NotFound
from turnbuckle.web.league_common import call, database

router = APIRouter(prefix="/api")


class Finished(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=40)
    lessons: list[int] = Field(min_length=1, max_length=100, description="lesson numbers finished")


def finished(db: Database, player_id: int) -> dict[str, list[int]]:
    """The player's finished lesson numbers per game (games with none are left out)."""
    with db.read() as session:
        rows = session.execute(select(LessonProgress.game, LessonProgress.lesson)
                               .where(LessonProgress.player_id == player_id)).all()
    found: dict[str, list[int]] = {}
    for game, number in rows:
        found.setdefault(game, []).append(number)
    return {game: sorted(numbers) for game, numbers in found.items()}


def summary(db: Database, player_id: int) -> list[dict[str, Any]]:
    """Per game with lessons: its title, how many the player finished and how many there are (for
    the account page's "lessons finished: 5 of 8")."""
    done = finished(db, player_id)
    out = []
    for game in list_games():
        count = len(lessons(game))
        if count:
            out.append({"game": game, "title": game_class(game).title, "finished": len(done.get(game, [])),
                        "count": count})
    return out


def _known(game: str, numbers: list[int]) -> list[int]:
    """The numbers, each an existing lesson of an existing game; else ``NotFound`` naming the first not."""
    try:
        game_class(game)
    except TurnbuckleError:
        raise NotFound(f"no game called {game!r}") from None
    count = len(lessons(game))
    for number in numbers:
        if not 1 <= number <= count:
            raise NotFound(f"{game} has no lesson {number} (it has {count})")
    return sorted(set(numbers))


def record(db: Database, player_id: int, game: str, numbers: list[int]) -> None:
    """Store each finished lesson once (one already stored keeps its first ``finished_at``)."""
    wanted = _known(game, numbers)
    with db.write() as session:
        have = set(session.scalars(select(LessonProgress.lesson).where(
            LessonProgress.player_id == player_id, LessonProgress.game == game)))
        for number in wanted:
            if number not in have:
                session.add(LessonProgress(player_id=player_id, game=game, lesson=number))


def forget(db: Database, player_id: int, game: str) -> None:
    _known(game, [])
    with db.write() as session:
        session.execute(delete(LessonProgress).where(LessonProgress.player_id == player_id,
                                                     LessonProgress.game == game))


def _mine(request: Request) -> dict[str, Any]:
    player = require_player(request)
    return {"player": player.name, "finished": finished(database(request), player.id)}


def _record(request: Request, body: Finished) -> dict[str, Any]:
    player = require_player(request)
    record(database(request), player.id, body.game, body.lessons)
    return _mine(request)


def _forget(request: Request, game: str) -> dict[str, Any]:
    player = require_player(request)
    forget(database(request), player.id, game)
    return _mine(request)


@router.get("/players/me/lessons", summary="The lessons you have finished, per game", responses=ERRORS)
async def get_progress(request: Request) -> dict[str, Any]:
    found: dict[str, Any] = await call(_mine, request)
    return found


@router.post("/players/me/lessons", summary="Record lessons you finished", responses=ERRORS,
             dependencies=[limited("act")])
async def post_progress(request: Request, body: Finished) -> dict[str, Any]:
    found: dict[str, Any] = await call(_record, request, body)
    return found


@router.delete("/players/me/lessons/{game}", summary="Forget your progress in a game's lessons", responses=ERRORS,
               dependencies=[limited("act")])
async def delete_progress(request: Request, game: str) -> dict[str, Any]:
    found: dict[str, Any] = await call(_forget, request, game)
    return found


__all__ = ["finished", "forget", "record", "router", "summary"]
