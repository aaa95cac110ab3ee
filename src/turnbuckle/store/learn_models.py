"""Lessons a player has finished (created by ``0010_lesson_progress``): the Learn pages' marks kept on
the player's account, so they follow the player from browser to browser (``turnbuckle.web.learn_progress``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from turnbuckle.store.base import Base, UTCDateTime, utcnow


class LessonProgress(Base):
    """One finished lesson: the first time counts (finishing it again changes nothing)."""

    __tablename__ = "lesson_progress"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    lesson: Mapped[int] = mapped_column(Integer, primary_key=True)
    finished_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


__all__ = ["LessonProgress"]
