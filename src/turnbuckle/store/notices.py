"""Change notices between processes sharing a PostgreSQL database: ``LISTEN`` / ``NOTIFY``.

A writer calls ``notify`` inside its transaction, so the notice goes out when (and only if) the
change is committed; every process keeps one connection of its own listening (``Listener``, a
thread), and hands each notice's payload to a callback. PostgreSQL delivers a notice to every
listening connection, the writer's own process included, within milliseconds of the commit.

A notice can be missed while the listening connection is down: after every (re)connection the
listener calls ``on_connect``, so its owner can compare what it holds with the database.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from sqlalchemy import text
from sqlalchemy.engine import URL
from sqlalchemy.orm import Session

log = logging.getLogger("turnbuckle.store")

POLL = 0.25
"""Seconds the listening thread waits for a notice before it looks whether it should stop."""
RETRY = 1.0
"""Seconds between attempts to reconnect a lost listening connection."""


def notify(session: Session, channel: str, payload: str) -> None:
    """Send ``payload`` to ``channel``'s listeners when ``session``'s transaction commits."""
    session.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": channel, "payload": payload})


def libpq_url(url: URL) -> str:
    """``url`` (SQLAlchemy's, with its password) as a connection string libpq takes."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """A thread that ``LISTEN``s on ``channel`` and calls ``on_notice(payload)`` for each notice."""

    def __init__(
        self,
        url: URL,
        channel: str,
        on_notice: Callable[[str], None],
        on_connect: Callable[[], None] = lambda: None,
    ) -> None:
        if not channel.isidentifier():
            raise ValueError(f"not a channel name: {channel!r}")
        self.url = url
        self.channel = channel
        self.on_notice = on_notice
        self.on_connect = on_connect
        self._stopping = threading.Event()
        self._listening = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, wait: float = 10.0) -> None:
        """Start listening; returns once the first connection listens (or after ``wait`` seconds)."""
        if self._thread is not None:
            return
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name=f"turnbuckle-listen-{self.channel}", daemon=True)
        self._thread.start()
        self._listening.wait(wait)

    def stop(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        self._listening.clear()

    @property
    def listening(self) -> bool:
        return self._listening.is_set()

    def _run(self) -> None:
        import psycopg

        failing = False
        while not self._stopping.is_set():
            try:
                with psycopg.connect(libpq_url(self.url), autocommit=True) as conn:
                    conn.execute(f"LISTEN {self.channel}")
                    if failing:
                        log.warning("listening for changes on %s again", self.channel)
                    failing = False
                    self._listening.set()
                    self._call(self.on_connect)
                    while not self._stopping.is_set():
                        for notice in conn.notifies(timeout=POLL):
                            self._call(self.on_notice, notice.payload)
            except psycopg.Error as exc:
                self._listening.clear()
                if not failing:  # once per outage, not once per attempt
                    log.error("lost the connection listening for changes on %s: %s", self.channel,
                              " ".join(str(exc).split()))
                failing = True
                self._stopping.wait(RETRY)
        self._listening.clear()

    @staticmethod
    def _call(callback: Callable[..., None], *args: str) -> None:
        try:
            callback(*args)
        except Exception:  # one bad notice must not stop the listening
            log.exception("a change notice could not be handled")


__all__ = ["Listener", "libpq_url", "notify"]
