"""The day's puzzle for the home page and the puzzle list: its own module so that the home page
(web.pages) and the puzzle pages (web.puzzle_pages, which draw with web.pages' templates) need not
import each other."""

from __future__ import annotations

import datetime

from turnbuckle.learn.puzzles import Puzzle, PuzzleError, daily_puzzle


def today() -> datetime.date:
    """The day whose puzzle the home page shows (UTC, so every visitor's day turns over together)."""
    return datetime.datetime.now(datetime.UTC).date()


def daily() -> Puzzle | None:
    """Today's puzzle; ``None`` while no game has any (the home page then shows no box)."""
    try:
        return daily_puzzle(today())
    except PuzzleError:  # none shipped (or a file that does not load: the puzzle pages say which)
        return None


__all__ = ["daily", "today"]
