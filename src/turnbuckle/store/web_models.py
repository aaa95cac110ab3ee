"""What the web's log-ins keep on the server: sessions and recent failed log-ins.

``web_sessions`` holds one row per browser session (a promotion's admin, later a player): only the
sha256 of its random id is stored, with what it is a session of (``kind`` and ``subject``), when it
expires and when it was revoked (log-out, a new admin token). ``login_failures`` holds one row per
failed log-in under each key it counts against (``addr:1.2.3.4``, ``league:7``, ...), so every
server process sharing the database throttles the same guesses. Created by the Alembic revision
``0007_sessions_throttle``; the web modules ``turnbuckle.web.sessions`` and
``turnbuckle.web.throttle`` use them.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from turnbuckle.store.base import Base, UTCDateTime, utcnow

KIND_LENGTH = 40
SUBJECT_LENGTH = 200
KEY_LENGTH = 200


class WebSession(Base):
    """A log-in that a browser's cookie names: valid until ``expires_at`` unless ``revoked_at``."""

    __tablename__ = "web_sessions"
    __table_args__ = (Index("ix_web_sessions_kind_subject", "kind", "subject"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    """sha256 (hex) of the session id the cookie carries (the id itself is never stored)."""
    kind: Mapped[str] = mapped_column(String(KIND_LENGTH))
    """What logged in: ``league_admin``, later ``player``."""
    subject: Mapped[str] = mapped_column(String(SUBJECT_LENGTH))
    """Whose session it is, as text: the league's id, a player's id."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)


class LoginFailure(Base):
    """One failed log-in counted against ``key`` (an address, a promotion, an account) at ``at``."""

    __tablename__ = "login_failures"
    __table_args__ = (Index("ix_login_failures_key_at", "key", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(KEY_LENGTH))
    at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)


__all__ = ["KEY_LENGTH", "KIND_LENGTH", "SUBJECT_LENGTH", "LoginFailure", "WebSession"]
