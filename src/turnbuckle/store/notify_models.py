"""What a player wants to hear and where: e-mail address and switches per kind, Web Push
subscriptions, and which notifications were sent (created by ``0009_clocks``). The sending is in
``turnbuckle.web.notifier``."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from turnbuckle.store.base import Base, UTCDateTime, utcnow


class NotifyPrefs(Base):
    """A player's choices; every kind is on until switched off (e-mail needs an address)."""

    __tablename__ = "notify_prefs"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    email: Mapped[str | None] = mapped_column(String(254), default=None)
    turn: Mapped[bool] = mapped_column(Boolean, default=True)
    reminder: Mapped[bool] = mapped_column(Boolean, default=True)
    digest: Mapped[bool] = mapped_column(Boolean, default=False)
    push: Mapped[bool] = mapped_column(Boolean, default=True)


class PushSubscription(Base):
    """A browser's Web Push subscription (its endpoint and keys, as ``PushManager`` gives them)."""

    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1000))
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class NotificationSent(Base):
    """One notification claimed for sending (``key``: its kind and what it is about): the insert is
    the claim, so of several processes exactly one sends it."""

    __tablename__ = "notifications_sent"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


__all__ = ["NotificationSent", "NotifyPrefs", "PushSubscription"]
