"""A player's finished lessons in the database (``lesson_progress``): read, record, forget, and the
account page's counts. No HTTP here: ``learn_progress`` has the API (the split keeps the account
page, which lists the counts, and the API, which needs the account page's ``require_player``, from
importing each other)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select

from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.engine.registry import game_class, list_games
from turnbuckle.learn.lessons import lessons
from turnbuckle.store import Database, StoreError
from turnbuckle.store.learn_models import LessonProgress
from turnbuckle.web.errors import NotFound


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
    for attempt in range(2):
        try:
            with db.write() as session:
                have = set(session.scalars(select(LessonProgress.lesson).where(
                    LessonProgress.player_id == player_id, LessonProgress.game == game)))
                for number in wanted:
                    if number not in have:
                        session.add(LessonProgress(player_id=player_id, game=game, lesson=number))
            return
        except StoreError as exc:
            # two tabs recording the same lesson at once: the second insert breaks the primary key
            # (on PostgreSQL; SQLite's writes take turns); once more finds it stored
            if attempt or not any(word in str(exc).lower() for word in ("unique", "duplicate")):
                raise


def forget(db: Database, player_id: int, game: str) -> None:
    _known(game, [])
    with db.write() as session:
        session.execute(delete(LessonProgress).where(LessonProgress.player_id == player_id,
                                                     LessonProgress.game == game))


__all__ = ["finished", "forget", "record", "summary"]
