"""Puzzles a player has answered (created by ``0011_puzzle_progress``): the puzzle pages' marks kept
on the player's account, so they follow the player from browser to browser (``turnbuckle.web.puzzle_marks``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from turnbuckle.store.base import Base, UTCDateTime, utcnow


class PuzzleProgress(Base):
    """One puzzle answered: ``solved`` once answered right (a later wrong answer does not undo it)."""

    __tablename__ = "puzzle_progress"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    puzzle: Mapped[int] = mapped_column(Integer, primary_key=True)
    solved: Mapped[bool] = mapped_column(Boolean)
    answered_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    """When it was first answered (or, once solved, when it was solved)."""


__all__ = ["PuzzleProgress"]
