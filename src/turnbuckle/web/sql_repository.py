"""Live matches in the turnbuckle database (``turnbuckle.store``): one row per match, one per action."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, select

from turnbuckle.store import Database, utcnow
from turnbuckle.store.live_models import LiveMatchAction, LiveMatchRow
from turnbuckle.web.repository import UPDATABLE, LiveMatchRecord, MatchSummary


class SqlRepository:
    """A ``MatchRepository`` on an open ``Database`` (SQLite by default, any SQLAlchemy URL)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def add(self, record: LiveMatchRecord) -> None:
        with self.db.write() as session:
            session.add(
                LiveMatchRow(
                    id=record.id, game=record.game, params=record.params, seats=record.seats, seed=record.seed,
                    tokens=record.tokens, delay=record.delay, paused=record.paused, finished=record.finished,
                    summary=record.summary, stopped=record.stopped, created_at=_when(record.created),
                    updated_at=_when(record.updated),
                )
            )
            session.add_all(LiveMatchAction(match_id=record.id, idx=i, name=n) for i, n in enumerate(record.actions))

    def append_actions(self, match_id: str, start: int, names: list[str]) -> None:
        with self.db.write() as session:
            session.execute(
                delete(LiveMatchAction).where(LiveMatchAction.match_id == match_id, LiveMatchAction.idx >= start)
            )
            session.add_all(
                LiveMatchAction(match_id=match_id, idx=start + i, name=name) for i, name in enumerate(names)
            )
            row = session.get(LiveMatchRow, match_id)
            if row is not None:
                row.updated_at = utcnow()

    def update(self, match_id: str, **fields: Any) -> None:
        with self.db.write() as session:
            row = session.get(LiveMatchRow, match_id)
            if row is None:
                raise KeyError(match_id)
            for key, value in fields.items():
                if key not in UPDATABLE:
                    raise KeyError(key)
                setattr(row, key, dict(value) if key == "tokens" else value)
            row.updated_at = utcnow()

    def get(self, match_id: str) -> LiveMatchRecord | None:
        with self.db.read() as session:
            row = session.get(LiveMatchRow, match_id)
            if row is None:
                return None
            names = session.scalars(
                select(LiveMatchAction.name).where(LiveMatchAction.match_id == match_id).order_by(LiveMatchAction.idx)
            ).all()
            return LiveMatchRecord(
                id=row.id, game=row.game, params=dict(row.params), seats=list(row.seats), seed=row.seed,
                tokens=dict(row.tokens), actions=list(names), delay=row.delay, paused=row.paused,
                finished=row.finished, summary=row.summary, stopped=row.stopped, created=row.created_at.timestamp(),
                updated=row.updated_at.timestamp(),
            )

    def unfinished(self) -> list[str]:
        with self.db.read() as session:
            running = select(LiveMatchRow.id).where(LiveMatchRow.finished.is_(False), LiveMatchRow.stopped == "")
            return list(session.scalars(running).all())

    def recent(self, limit: int = 20) -> list[MatchSummary]:
        with self.db.read() as session:
            rows = session.scalars(select(LiveMatchRow).order_by(LiveMatchRow.updated_at.desc()).limit(limit)).all()
            return [MatchSummary(r.id, r.game, r.finished, r.summary, r.updated_at.timestamp()) for r in rows]


def _when(timestamp: float) -> datetime:
    from datetime import UTC

    return datetime.fromtimestamp(timestamp, UTC)
