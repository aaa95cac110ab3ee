"""Lesson progress on a player's account: the Learn pages' "done" marks, kept in the database for a
logged-in player (a guest's stay in the browser's localStorage, as ``learn.js`` keeps them).

``GET /api/players/me/lessons`` lists the player's finished lessons per game; ``POST`` records some
(a lesson just finished, or the marks a browser kept before its player logged in: ``learn.js`` sends
those once, when they are not on the account yet); ``DELETE .../lessons/GAME`` forgets a game's.
Only lessons that exist are recorded (``lesson_marks`` keeps them). Like every state-changing
request, the POST and DELETE are refused from another site by the app's ``SameOrigin`` guard.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from turnbuckle.web.account_pages import require_player
from turnbuckle.web.api import ERRORS, limited
from turnbuckle.web.league_common import call, database
from turnbuckle.web.lesson_marks import finished, forget, record

router = APIRouter(prefix="/api")


class Finished(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=40)
    lessons: list[int] = Field(min_length=1, max_length=100, description="lesson numbers finished")


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


__all__ = ["router"]
