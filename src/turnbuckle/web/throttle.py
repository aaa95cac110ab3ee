"""Throttling log-in guesses, shared by every server process through the database.

Each failed log-in is recorded under every key it counts against: the caller's address
(``addr:1.2.3.4``), what it tried to open (``league:7``, later ``account:name``). ``check`` is asked
before a log-in is even tried: once a key has ``limit`` failures within the last ``window``
seconds, the log-in is refused (429) with the seconds until the oldest of them leaves the window,
for a ``Retry-After`` header. A sliding window of stored failures (not a counter in one process's
memory) means a guesser gains nothing from spreading its tries over several server processes.
Two guesses in flight at once may both be tried, so a key can pass its limit by the number of
requests racing; each is still counted.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select

from turnbuckle.store.base import utcnow
from turnbuckle.store.db import Database
from turnbuckle.store.web_models import KEY_LENGTH, LoginFailure

KEEP = timedelta(days=1)
"""Failures older than this are deleted when a new one is recorded (no window is longer)."""


def _keys(keys: Iterable[str]) -> list[str]:
    """The keys, each cut to the column's length (an address or a name never needs more)."""
    return sorted({key[:KEY_LENGTH] for key in keys if key})


def check(db: Database, keys: Iterable[str], limit: int, window: float, *,
          now: datetime | None = None) -> int | None:
    """Seconds to wait before trying again if any key has ``limit`` failures within ``window``; else None."""
    wanted = _keys(keys)
    if not wanted or limit <= 0:
        return None
    moment = now or utcnow()
    since = moment - timedelta(seconds=window)
    wait: float | None = None
    with db.read() as session:
        over = session.execute(
            select(LoginFailure.key, func.count())
            .where(LoginFailure.key.in_(wanted), LoginFailure.at > since)
            .group_by(LoginFailure.key)
            .having(func.count() >= limit)
        ).all()
        for key, count in over:
            # the failure that must leave the window before the key is under its limit again
            oldest = session.execute(
                select(LoginFailure.at)
                .where(LoginFailure.key == key, LoginFailure.at > since)
                .order_by(LoginFailure.at, LoginFailure.id)
                .offset(count - limit)
                .limit(1)
            ).scalar_one()
            left = (oldest - since).total_seconds()
            wait = left if wait is None else max(wait, left)
    if wait is None:
        return None
    return max(1, math.ceil(wait))


def record_failure(db: Database, keys: Iterable[str], *, now: datetime | None = None) -> None:
    """Count one failed log-in against each key (and forget failures older than a day)."""
    wanted = _keys(keys)
    if not wanted:
        return
    moment = now or utcnow()
    with db.write() as session:
        session.execute(delete(LoginFailure).where(LoginFailure.at < moment - KEEP))
        session.add_all(LoginFailure(key=key, at=moment) for key in wanted)


def clear(db: Database, keys: Iterable[str]) -> None:
    """Forget the failures of these keys (after a successful log-in, for the key that succeeded)."""
    wanted = _keys(keys)
    if not wanted:
        return
    with db.write() as session:
        session.execute(delete(LoginFailure).where(LoginFailure.key.in_(wanted)))


__all__ = ["check", "clear", "record_failure"]
