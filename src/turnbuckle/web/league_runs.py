"""One run at a time per promotion: *Book and run*, *Run the card* and *Play at the table*.

Two presses at once would otherwise both run the promotion's next booked card (a run first
finishes the card waiting, as the terminal's ``season`` does), and each would count the other's
card as its own. A run holds the promotion's lock for its whole length; a second one meanwhile is
refused at once with 409 and a clear "busy" (the terminal says the same when two of its runs meet).
The lock is a ``threading.Lock`` per promotion in this process and, on PostgreSQL, a session-level
advisory lock too, so several server processes sharing the database take turns as well.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import text

from turnbuckle.store.db import Database
from turnbuckle.web.errors import Conflict

ADVISORY_CLASS = 727213
"""The first key of the PostgreSQL advisory lock (the second is the league's id)."""

_locks: dict[int, threading.Lock] = {}
_guard = threading.Lock()


def _lock_of(league_id: int) -> threading.Lock:
    with _guard:
        return _locks.setdefault(league_id, threading.Lock())


def busy(name: str) -> Conflict:
    return Conflict(f"{name} is busy: another run of its cards is under way; try again once it is over")


@contextmanager
def one_run(db: Database, league_id: int, name: str) -> Iterator[None]:
    """Hold the promotion's run lock for the block, or raise 409 (busy) at once."""
    lock = _lock_of(league_id)
    if not lock.acquire(blocking=False):
        raise busy(name)
    try:
        if not db.is_postgres:
            yield
            return
        with db.engine.connect() as conn:
            got = conn.execute(text("SELECT pg_try_advisory_lock(:a, :b)"),
                               {"a": ADVISORY_CLASS, "b": league_id}).scalar()
            conn.commit()
            if not got:
                raise busy(name)
            try:
                yield
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:a, :b)"), {"a": ADVISORY_CLASS, "b": league_id})
                conn.commit()
    finally:
        lock.release()


__all__ = ["busy", "one_run"]
