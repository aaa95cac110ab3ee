"""The bottom layer of ``Runner``: its session and league, its transactions (a read ends at once; a
card's writes are queued and run together before the commit) and the agents and games it plays.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import instance_state, set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.engine.game import Game
from turnbuckle.engine.match import Agent
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.game_cache import cached_game
from turnbuckle.league.lookup import get_league
from turnbuckle.league.people import PersonSeat
from turnbuckle.league.played import default_agent
from turnbuckle.league.sql import WRESTLER_FIELDS, WRESTLER_WRITE_FIELDS, hot_statements, update_statement
from turnbuckle.store.base import Base
from turnbuckle.store.db import Database, translate_error
from turnbuckle.store.league_models import Feud, Injury, LeagueMatch, LeagueWrestler, MatchEntrant, TitleReign


class RunnerBase:
    """A runner's session, transactions and queued writes, and the agents and games it plays with."""

    def __init__(self, db: Database, league_name: str | None, agents: list[str] | None = None, batch: int = 0) -> None:
        if batch < 0:
            raise LeagueError("--batch must be 0 (a card per transaction) or more")
        self.batch = batch
        """Matches per transaction; 0: a whole card (a tournament round) per transaction, so a crash
        loses the unfinished card, which the next run plays again identically."""
        self.db = db
        self._exits = ExitStack()
        self.session = Session(db._writer, expire_on_commit=False)
        self._injuries: list[tuple[Injury, int]] | None = None
        self._clear_pending()
        self.league = self._guard(lambda: get_league(self.session, league_name))
        self.agents = agents or []
        self.person: PersonSeat | None = None
        """A match of the card played by a person at the terminal (``card run --play``)."""
        self._feud_map: dict[frozenset[tuple[str, ...]], Feud] | None = None
        self._pairs: dict[frozenset[tuple[str, ...]], int] | None = None
        self._reigns: dict[int, TitleReign | None] | None = None
        self.league_id = self.league.id
        self._commit()  # release the read transaction before any match is played

    def close(self) -> None:
        self.session.close()

    def _guard(self, fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except TurnbuckleError:
            self._rollback()
            raise
        except SQLAlchemyError as exc:
            self._rollback()
            raise _busy_or(exc, self.db) from None

    def _rollback(self) -> None:
        self._clear_pending()
        self._injuries = None
        self.session.rollback()

    def _commit(self) -> None:
        self._guard(self._write_pending)
        self._guard(self.session.commit)

    def _query(self, fn: Callable[[], Any]) -> Any:
        """Read, then end the transaction at once: no lock is held while matches are played."""
        value = self._guard(fn)
        self._commit()
        return value

    # -- agents and games -----------------------------------------------------------------
    def agent_names(self, game: Game) -> list[str]:
        names = self.agents or [default_agent(game)]
        return [names[p % len(names)] for p in range(game.num_players())]

    def _game(self, params: dict[str, Any]) -> Game:
        return cached_game(self.league.game, params)

    def _agents(self, game: Game, names: list[str]) -> list[Agent]:
        """Fresh agents for every match, exactly as ``replay`` builds them."""
        return [make_agent(n, game, p) for p, n in enumerate(names)]

    def _write_result(
        self,
        match: LeagueMatch,
        match_values: dict[str, Any],
        entrant_rows: list[dict[str, Any]],
        by_name: dict[str, MatchEntrant],
        records: dict[str, dict[str, Any]],
        rating_rows: list[dict[str, Any]],
    ) -> None:
        """Queue the hot writes of a match (``_write_pending`` runs them as one executemany per
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

    def _write_pending(self) -> None:
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

    def _set(self, obj: Base, **values: Any) -> None:
        """Change columns of a stored object by a queued UPDATE (one executemany per kind of change
        in ``_write_pending``), keeping it clean: no unit-of-work flush. An object not stored yet
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
