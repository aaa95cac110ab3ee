"""Live matches in the turnbuckle database (``turnbuckle.store``): one row per match, one per action.

A change locks the match's row (``SELECT ... FOR UPDATE``; on SQLite every writer holds the file's
write lock anyway) and bumps its ``revision``. On PostgreSQL the change also sends a notice
(``NOTIFY turnbuckle_live, 'MATCH_ID REVISION'``) that goes out with the commit, and every server
process listens for them (``listen``), so a move made through one process reaches the players and
spectators connected to another at once.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from turnbuckle.store import Database, utcnow
from turnbuckle.store.live_models import LiveMatchAction, LiveMatchRow
from turnbuckle.store.notices import Listener, notify
from turnbuckle.web.repository import (
    UPDATABLE,
    ChangeCallback,
    LiveMatchRecord,
    MatchRepository,
    MatchSummary,
    MatchWrite,
    parse_notice,
)

CHANNEL = "turnbuckle_live"
"""The PostgreSQL notice channel of live match changes (payload: ``MATCH_ID REVISION``)."""


class SqlRepository(MatchRepository):
    """A ``MatchRepository`` on an open ``Database`` (SQLite by default, any SQLAlchemy URL)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @property
    def shared(self) -> bool:
        """On a database server several ``turnbuckle serve`` processes may share the matches."""
        return not self.db.is_sqlite

    def add(self, record: LiveMatchRecord) -> None:
        with self.db.write() as session:
            session.add(
                LiveMatchRow(
                    id=record.id, game=record.game, params=record.params, seats=record.seats, seed=record.seed,
                    tokens=record.tokens, delay=record.delay, paused=record.paused, steps=record.steps,
                    finished=record.finished,
                    summary=record.summary, stopped=record.stopped, created_at=_when(record.created),
                    updated_at=_when(record.updated), revision=record.revision, clock=record.clock,
                    deadline=_when(record.deadline) if record.deadline is not None else None,
                    to_move=record.to_move,
                )
            )
            session.add_all(LiveMatchAction(match_id=record.id, idx=i, name=n) for i, n in enumerate(record.actions))

    @contextmanager
    def write(self, match_id: str) -> Iterator[MatchWrite]:
        with self.db.write() as session:
            row = session.scalars(select(LiveMatchRow).where(LiveMatchRow.id == match_id).with_for_update()).first()
            if row is None:
                raise KeyError(match_id)
            change = _SqlWrite(session, row)
            yield change
            if change.changed and self.db.is_postgres:
                notify(session, CHANNEL, f"{match_id} {row.revision}")

    def get(self, match_id: str) -> LiveMatchRecord | None:
        with self.db.read() as session:
            row = session.get(LiveMatchRow, match_id)
            if row is None:
                return None
            return _record(session, row)

    def revisions(self, match_ids: list[str]) -> dict[str, int]:
        if not match_ids:
            return {}
        with self.db.read() as session:
            rows = session.execute(select(LiveMatchRow.id, LiveMatchRow.revision).where(LiveMatchRow.id.in_(match_ids)))
            return {match_id: revision for match_id, revision in rows}

    def unfinished(self) -> list[str]:
        with self.db.read() as session:
            running = select(LiveMatchRow.id).where(LiveMatchRow.finished.is_(False), LiveMatchRow.stopped == "")
            return list(session.scalars(running).all())

    def recent(self, limit: int = 20) -> list[MatchSummary]:
        with self.db.read() as session:
            rows = session.scalars(select(LiveMatchRow).order_by(LiveMatchRow.updated_at.desc()).limit(limit)).all()
            return [MatchSummary(r.id, r.game, r.finished, r.summary, r.updated_at.timestamp(), dict(r.params))
                    for r in rows]

    # -- leases ----------------------------------------------------------------------------------
    def renew_leases(self, holder: str, seconds: float) -> None:
        with self.db.write() as session:
            session.execute(update(LiveMatchRow).where(LiveMatchRow.lease_holder == holder)
                            .values(lease_expires=utcnow() + timedelta(seconds=seconds)))

    def expire_leases(self, holder: str) -> None:
        with self.db.write() as session:
            session.execute(update(LiveMatchRow).where(LiveMatchRow.lease_holder == holder)
                            .values(lease_expires=utcnow()))

    def expired_leases(self, holder: str) -> list[str]:
        with self.db.read() as session:
            found = select(LiveMatchRow.id).where(
                LiveMatchRow.lease_holder.is_not(None), LiveMatchRow.lease_holder != holder,
                LiveMatchRow.lease_expires < utcnow(), LiveMatchRow.finished.is_(False), LiveMatchRow.stopped == "",
            )
            return list(session.scalars(found).all())

    def due_clocks(self, now: float) -> list[str]:
        with self.db.read() as session:
            found = select(LiveMatchRow.id).where(
                LiveMatchRow.deadline.is_not(None), LiveMatchRow.deadline <= _when(now),
                LiveMatchRow.finished.is_(False), LiveMatchRow.stopped == "",
            )
            return list(session.scalars(found).all())

    # -- change notices ----------------------------------------------------------------------------
    def listen(self, on_change: ChangeCallback, on_connect: Callable[[], None]) -> Listener | None:
        """On PostgreSQL: a started ``Listener`` handing every change notice to ``on_change``."""
        if not self.db.is_postgres:
            return None

        def heard(payload: str) -> None:
            parsed = parse_notice(payload)
            if parsed is not None:
                on_change(*parsed)

        listener = Listener(self.db.url, CHANNEL, heard, on_connect)
        listener.start()
        return listener


class _SqlWrite:
    """A ``MatchWrite`` on a locked row, in the caller's transaction."""

    def __init__(self, session: Session, row: LiveMatchRow) -> None:
        self.session = session
        self.row = row
        self.changed = False

    @property
    def revision(self) -> int:
        return self.row.revision

    def _touch(self) -> None:
        if not self.changed:
            self.changed = True
            self.row.revision += 1
        self.row.updated_at = utcnow()

    def load(self) -> LiveMatchRecord:
        self.session.flush()
        return _record(self.session, self.row)

    def store_actions(self, start: int, names: list[str]) -> None:
        self._touch()
        self.session.execute(
            delete(LiveMatchAction).where(LiveMatchAction.match_id == self.row.id, LiveMatchAction.idx >= start)
        )
        self.session.add_all(
            LiveMatchAction(match_id=self.row.id, idx=start + i, name=name) for i, name in enumerate(names)
        )

    def update(self, **fields: Any) -> None:
        self._touch()
        for key, value in fields.items():
            if key not in UPDATABLE:
                raise KeyError(key)
            if key == "deadline":
                value = _when(value) if value is not None else None
            elif key in ("tokens", "clock", "seats"):
                value = copy.deepcopy(value)
            setattr(self.row, key, value)

    def claim(self, holder: str, seconds: float) -> bool:
        now = utcnow()
        row = self.row
        if row.lease_holder not in (None, holder) and row.lease_expires is not None and row.lease_expires > now:
            return False
        row.lease_holder = holder
        row.lease_expires = now + timedelta(seconds=seconds)
        return True

    def release(self, holder: str) -> None:
        expires = self.row.lease_expires
        if self.row.lease_holder == holder or expires is None or expires <= utcnow():
            self.row.lease_holder = None
            self.row.lease_expires = None


def _record(session: Session, row: LiveMatchRow) -> LiveMatchRecord:
    names = session.scalars(
        select(LiveMatchAction.name).where(LiveMatchAction.match_id == row.id).order_by(LiveMatchAction.idx)
    ).all()
    return LiveMatchRecord(
        id=row.id, game=row.game, params=dict(row.params), seats=list(row.seats), seed=row.seed,
        tokens={k: dict(v) for k, v in row.tokens.items()}, actions=list(names), delay=row.delay, paused=row.paused,
        steps=row.steps,
        finished=row.finished, summary=row.summary, stopped=row.stopped, created=row.created_at.timestamp(),
        updated=row.updated_at.timestamp(), revision=row.revision, clock=copy.deepcopy(row.clock),
        deadline=row.deadline.timestamp() if row.deadline is not None else None, to_move=row.to_move,
    )


def _when(timestamp: float) -> datetime:
    return datetime.fromtimestamp(timestamp, UTC)


__all__ = ["CHANNEL", "SqlRepository"]
