"""Chat of web matches: one row per message, in the players' room or the spectators' (created by
``0009_clocks``), and who muted whom. The rules are in ``turnbuckle.web.chat``."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from turnbuckle.store.base import Base, UTCDateTime, utcnow


class ChatMessage(Base):
    """A message; ``hidden``: the word filter caught it (only its author still sees it)."""

    __tablename__ = "match_chat"
    __table_args__ = (Index("ix_match_chat_match_room", "match_id", "room", "id"),
                      Index("ix_match_chat_author_at", "author", "at"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("live_match.id", ondelete="CASCADE"))
    room: Mapped[str] = mapped_column(String(12))
    """``players`` or ``spectators``."""
    seat: Mapped[int | None] = mapped_column(Integer, default=None)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="SET NULL"), default=None)
    author: Mapped[str] = mapped_column(String(60))
    """The shown name; also the rate limit's key (``player:ID`` or ``MATCH:seat``)."""
    text: Mapped[str] = mapped_column(String(300))
    hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class ChatMute(Base):
    """``player_id`` no longer sees ``muted_id``'s messages."""

    __tablename__ = "chat_mutes"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    muted_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)


__all__ = ["ChatMessage", "ChatMute"]
