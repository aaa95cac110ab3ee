"""A player's answered puzzles in the database (``puzzle_progress``): the answer recorded as it is
given (``puzzle_pages`` calls ``record`` for a logged-in player), read back for the puzzle lists and
the account page. A guest's marks stay in the browser (``puzzle.js``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from turnbuckle.engine.registry import game_class, list_games
from turnbuckle.learn.puzzles import puzzles
from turnbuckle.store import Database, StoreError, utcnow
from turnbuckle.store.puzzle_models import PuzzleProgress

SOLVED = "solved"
MISSED = "missed"


def marks(db: Database, player_id: int) -> dict[str, dict[str, str]]:
    """Per game, each answered puzzle's number (as a string, the browser's key) and ``solved`` or
    ``missed``, the browser's own shape (games with none are left out)."""
    with db.read() as session:
        rows = session.execute(select(PuzzleProgress.game, PuzzleProgress.puzzle, PuzzleProgress.solved)
                               .where(PuzzleProgress.player_id == player_id)).all()
    found: dict[str, dict[str, str]] = {}
    for game, number, solved in rows:
        found.setdefault(game, {})[str(number)] = SOLVED if solved else MISSED
    return found


def record(db: Database, player_id: int, game: str, number: int, solved: bool) -> None:
    """Store an answer: the first one, and a right one after wrong ones (solved stays solved)."""
    for attempt in range(2):
        try:
            with db.write() as session:
                row = session.get(PuzzleProgress, (player_id, game, number))
                if row is None:
                    session.add(PuzzleProgress(player_id=player_id, game=game, puzzle=number, solved=solved))
                elif solved and not row.solved:
                    row.solved = True
                    row.answered_at = utcnow()
            return
        except StoreError as exc:
            # two tabs answering at once: the second insert breaks the primary key (on PostgreSQL;
            # SQLite's writes take turns); once more finds the row stored
            if attempt or not any(word in str(exc).lower() for word in ("unique", "duplicate")):
                raise


def summary(db: Database, player_id: int) -> list[dict[str, Any]]:
    """Per game with puzzles: its title, how many the player solved and how many there are (for the
    account page's "puzzles solved: 3 of 30")."""
    done = marks(db, player_id)
    out = []
    for game in list_games():
        count = len(puzzles(game))
        if count:
            solved = sum(1 for mark in done.get(game, {}).values() if mark == SOLVED)
            out.append({"game": game, "title": game_class(game).title, "solved": solved, "count": count})
    return out


__all__ = ["MISSED", "SOLVED", "marks", "record", "summary"]
