"""Server-side log-in sessions: a cookie carries a random id, the database says whose it is.

A session is opened after a log-in (a promotion's admin token today, a player's password later):
``open_session`` makes a random id (``secrets.token_urlsafe(32)``), stores only its sha256 with the
session's ``kind`` (``"league_admin"``, ``"player"``) and ``subject`` (the league's or player's
id, as text) and an expiry, and hands the id back for the cookie. ``session_subject`` reads the
subject back while the session is neither expired nor revoked; ``close_session`` (log-out) and
``revoke_all`` (a new admin token, a changed password) end sessions on the server, so a copied
cookie stops working at once. Every server process sharing the database sees the same sessions.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from turnbuckle.store.base import utcnow
from turnbuckle.store.db import Database
from turnbuckle.store.tokens import MAX_TOKEN_LENGTH, token_hash
from turnbuckle.store.web_models import KIND_LENGTH, SUBJECT_LENGTH, WebSession

LEAGUE_ADMIN = "league_admin"
"""The kind of a promoter's session; its subject is the league's id (``web.league_common``)."""
SESSION_BYTES = 32
"""Random bytes of a session id: 256 bits, 43 URL-safe characters."""
PRUNE_AFTER = timedelta(days=1)
"""Sessions expired or revoked longer ago than this are deleted when a new one is opened."""


def _ttl(ttl: timedelta | float) -> timedelta:
    span = ttl if isinstance(ttl, timedelta) else timedelta(seconds=ttl)
    if span <= timedelta(0):
        raise ValueError("a session's lifetime must be positive")
    return span


def open_session(db: Database, kind: str, subject: str, ttl: timedelta | float, *,
                 now: datetime | None = None) -> str:
    """A new session of ``kind`` for ``subject`` lasting ``ttl`` (seconds or a timedelta): its id."""
    if not kind or len(kind) > KIND_LENGTH or not subject or len(subject) > SUBJECT_LENGTH:
        raise ValueError("a session needs a kind and a subject of at most 40 and 200 characters")
    start = now or utcnow()
    token = secrets.token_urlsafe(SESSION_BYTES)
    with db.write() as session:
        cutoff = start - PRUNE_AFTER
        session.execute(delete(WebSession).where(WebSession.expires_at < cutoff))
        session.execute(delete(WebSession).where(WebSession.revoked_at < cutoff))
        session.add(WebSession(token_hash=token_hash(token), kind=kind, subject=subject, created_at=start,
                               expires_at=start + _ttl(ttl)))
    return token


def session_subject(db: Database, kind: str, token: str | None, *, now: datetime | None = None) -> str | None:
    """The subject of the live session ``token`` names, if it is of ``kind``; else None.

    None for no token, an unknown one, one of another kind, an expired or a revoked session.
    """
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    moment = now or utcnow()
    with db.read() as session:
        row = session.execute(
            select(WebSession.subject, WebSession.expires_at, WebSession.revoked_at).where(
                WebSession.token_hash == token_hash(token), WebSession.kind == kind
            )
        ).first()
    if row is None or row.revoked_at is not None or row.expires_at <= moment:
        return None
    return str(row.subject)


def close_session(db: Database, token: str | None, *, now: datetime | None = None) -> bool:
    """Revoke the session ``token`` names (log-out); True if a live one was ended."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return False
    with db.write() as session:
        done = session.execute(
            update(WebSession)
            .where(WebSession.token_hash == token_hash(token), WebSession.revoked_at.is_(None))
            .values(revoked_at=now or utcnow())
        )
        return bool(getattr(done, "rowcount", 0))


def revoke_all_in(session: Session, kind: str, subject: str, *, now: datetime | None = None) -> int:
    """``revoke_all`` inside a transaction the caller holds (with the change that calls for it)."""
    done = session.execute(
        update(WebSession)
        .where(WebSession.kind == kind, WebSession.subject == subject, WebSession.revoked_at.is_(None))
        .values(revoked_at=now or utcnow())
    )
    return int(getattr(done, "rowcount", 0) or 0)


def revoke_all(db: Database, kind: str, subject: str, *, now: datetime | None = None) -> int:
    """Revoke every session of ``kind`` for ``subject`` (a new admin token, a changed password)."""
    with db.write() as session:
        return revoke_all_in(session, kind, subject, now=now)


__all__ = ["LEAGUE_ADMIN", "SESSION_BYTES", "close_session", "open_session", "revoke_all", "revoke_all_in",
           "session_subject"]
