"""A runner's session and league, and its transactions: a read ends at once; a card's writes are
queued and run together before the commit (one executemany per table for the whole card).

``Runner`` holds one; its bookkeeper, match store and people desk work through it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import instance_state, set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.league.lookup import get_league
from turnbuckle.league.sql import WRESTLER_FIELDS, WRESTLER_WRITE_FIELDS, hot_statements, update_statement
from turnbuckle.store.base import Base
from turnbuckle.store.db import Database, translate_error
from turnbuckle.store.league_models import LeagueMatch, LeagueWrestler, MatchEntrant


class RunSession:
    """One runner's session on the league, its transactions and its queued writes."""

    def __init__(self, db: Database, league_name: str | None) -> None:
        self.db = db
        self.session = Session(db._writer, expire_on_commit=False)
        self.on_rollback: list[Callable[[], None]] = []
        """Called when a transaction is rolled back: whoever keeps what it loaded forgets it."""
        self._clear_pending()
        self.league = self.guard(lambda: get_league(self.session, league_name))
        self.league_id = self.league.id
        self.commit()  # release the read transaction before any match is played

    def close(self) -> None:
        self.session.close()

    def guard(self, fn: Callable[[], Any]) -> Any:
        """``fn()``; on an error the transaction is rolled back and the error is a ``TurnbuckleError``
        (another process's change: a busy error)."""
        try:
            return fn()
        except TurnbuckleError:
            self.rollback()
            raise
        except SQLAlchemyError as exc:
            self.rollback()
            raise _busy_or(exc, self.db) from None

    def rollback(self) -> None:
        self._clear_pending()
        for forget in self.on_rollback:
            forget()
        self.session.rollback()

    def commit(self) -> None:
        """Run the queued writes, then commit."""
        self.guard(self.write_pending)
        self.guard(self.session.commit)

    def query(self, fn: Callable[[], Any]) -> Any:
        """Read, then end the transaction at once: no lock is held while matches are played."""
        value = self.guard(fn)
        self.commit()
        return value

    def queue_result(
        self,
        match: LeagueMatch,
        match_values: dict[str, Any],
        entrant_rows: list[dict[str, Any]],
        by_name: dict[str, MatchEntrant],
        records: dict[str, dict[str, Any]],
        rating_rows: list[dict[str, Any]],
    ) -> None:
        """Queue the hot writes of a match (``write_pending`` runs them as one executemany per
        table for the whole card) and bring the in-memory objects in line without dirtying them."""
        self._match_rows.append({"m_id": match.id, **{f"m_{k}": v for k, v in match_values.items()}})
        self._entrant_rows.extend(entrant_rows)
        self._rating_rows.extend(rating_rows)
        for key, value in match_values.items():
            set_committed_value(match, key, value)
        for entrant, row in zip(match.entrants, entrant_rows, strict=True):
            set_committed_value(entrant, "outcome", row["e_outcome"])
            set_committed_value(entrant, "injured", row["e_injured"])
        for name, record in records.items():
            wrestler = by_name[name].wrestler
            for k in WRESTLER_FIELDS:
                set_committed_value(wrestler, k, record[k])
            self._touched[wrestler.id] = wrestler

    def write_pending(self) -> None:
        """Run the queued writes: the matches, entrants and ratings, then each touched wrestler's
        record and rating once, under an optimistic lock (another process's change to one of them
        makes this a busy error). Runs before anything reads those rows back and before a commit."""
        if not self._match_rows and not self._touched and not self._updates:
            return
        session = self.session
        statements = hot_statements()
        for (table_name, columns), update_rows in self._updates.items():
            session.execute(update_statement(table_name, columns), update_rows)
        if self._match_rows:
            session.execute(statements.match, self._match_rows)
        if self._entrant_rows:
            session.execute(statements.entrant, self._entrant_rows)
        if self._rating_rows:
            session.execute(statements.rating, self._rating_rows)
        wrestlers = list(self._touched.values())
        if wrestlers:
            rows = []
            for wrestler in wrestlers:
                row = {f"w_{k}": getattr(wrestler, k) for k in WRESTLER_WRITE_FIELDS}
                row.update(w_id=wrestler.id, w_version=wrestler.version, w_next=wrestler.version + 1)
                rows.append(row)
            done = session.execute(statements.wrestler, rows)
            if done.rowcount != len(rows):  # type: ignore[attr-defined]
                raise StaleDataError("wrestler rows changed by another process")
            for wrestler, row in zip(wrestlers, rows, strict=True):
                set_committed_value(wrestler, "version", row["w_next"])
        self._clear_pending()

    def set(self, obj: Base, **values: Any) -> None:
        """Change columns of a stored object by a queued UPDATE (one executemany per kind of change
        in ``write_pending``), keeping it clean: no unit-of-work flush. An object not stored yet
        is changed the ORM way."""
        if not instance_state(obj).has_identity:
            for key, value in values.items():
                setattr(obj, key, value)
            return
        columns = tuple(sorted(values))
        row = {f"v_{k}": v for k, v in values.items()}
        row["v_id"] = obj.id  # type: ignore[attr-defined]
        self._updates.setdefault((obj.__table__.name, columns), []).append(row)  # type: ignore[attr-defined]
        for key, value in values.items():
            set_committed_value(obj, key, value)

    def touch(self, wrestler: LeagueWrestler) -> None:
        """Write ``wrestler``'s record, rating and injury (changed in memory, kept clean) with the
        queued writes."""
        self._touched[wrestler.id] = wrestler

    def _clear_pending(self) -> None:
        self._updates: dict[tuple[str, tuple[str, ...]], list[dict[str, Any]]] = {}
        self._match_rows: list[dict[str, Any]] = []
        self._entrant_rows: list[dict[str, Any]] = []
        self._rating_rows: list[dict[str, Any]] = []
        self._touched: dict[int, LeagueWrestler] = {}


def _busy_or(exc: SQLAlchemyError, db: Database) -> TurnbuckleError:
    from sqlalchemy.exc import IntegrityError
    from sqlalchemy.orm.exc import StaleDataError

    from turnbuckle.store.errors import StoreBusyError

    if isinstance(exc, StaleDataError | IntegrityError):
        return StoreBusyError(
            f"league is busy: another turnbuckle process changed this league in {db.where} meanwhile; run again"
        )
    return translate_error(exc, db.where)
