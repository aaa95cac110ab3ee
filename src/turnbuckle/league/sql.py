"""The league's hot SQL: statements built once (building them costs more than running them) and
the Core inserts and updates that store a card's rows with a few statements and attach the
objects to the session clean, with no unit-of-work flush. Booking and running a card use them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from sqlalchemy import bindparam, func, insert, select, update
from sqlalchemy.orm import Session, make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value

from turnbuckle.store.base import Base
from turnbuckle.store.league_models import LeagueEvent, LeagueMatch, LeagueWrestler, MatchEntrant

MATCH_RESULT_FIELDS = (
    "params",
    "seed",
    "agents",
    "actions",
    "result",
    "method",
    "steps",
    "stars",
    "quality",
    "played_at",
    "status",
    "winner_side",
)
WRESTLER_FIELDS = ("wins", "losses", "draws", "streak", "mu", "sigma")
WRESTLER_WRITE_FIELDS = (*WRESTLER_FIELDS, "injured_cards")


@dataclass(frozen=True)
class HotStatements:
    """The statements that store a played match: its row, its entrants', each wrestler's record
    and rating (under the row's optimistic lock) and a rating-history row."""

    match: Any
    entrant: Any
    wrestler: Any
    rating: Any


@cache
def hot_statements() -> HotStatements:
    """The statements storing a match's result, built once (building them costs more than running them)."""
    tables = Base.metadata.tables
    matches, entrants = tables["league_match"], tables["league_match_entrant"]
    wrestlers, ratings = tables["league_wrestler"], tables["league_rating"]
    return HotStatements(
        match=update(matches)
        .where(matches.c.id == bindparam("m_id"))
        .values(**{k: bindparam(f"m_{k}") for k in MATCH_RESULT_FIELDS}),
        entrant=update(entrants)
        .where(entrants.c.id == bindparam("e_id"))
        .values(outcome=bindparam("e_outcome"), injured=bindparam("e_injured")),
        wrestler=update(wrestlers)
        .where(wrestlers.c.id == bindparam("w_id"), wrestlers.c.version == bindparam("w_version"))
        .values(version=bindparam("w_next"), **{k: bindparam(f"w_{k}") for k in WRESTLER_WRITE_FIELDS}),
        rating=insert(ratings),
    )


@dataclass(frozen=True)
class EventStatements:
    """The statements on ``league_event`` that booking a card runs."""

    top: Any
    """The league's highest card number."""
    first_booked: Any
    """The id of the league's first card not run yet."""
    insert: Any


@cache
def event_statements() -> EventStatements:
    """The per-card statements on ``league_event``, built once (a season runs them every card)."""
    table = Base.metadata.tables["league_event"]
    league_id: Any = bindparam("league_id")
    return EventStatements(
        top=select(func.max(table.c.number)).where(table.c.league_id == league_id),
        first_booked=select(table.c.id)
        .where(table.c.league_id == league_id, table.c.status == "booked")
        .order_by(table.c.number)
        .limit(1),
        insert=insert(table).returning(table.c.id),
    )


BookedMatch = tuple[LeagueMatch, list[tuple[LeagueWrestler, int, int]]]
"""A match to insert, with its entrants: (wrestler, side, seat)."""
UNPLAYED_FIELDS = (
    "params",
    "agents",
    "actions",
    "result",
    "winner_side",
    "method",
    "steps",
    "stars",
    "quality",
    "played_at",
)
BOOKED_MATCH_FIELDS = (
    "event_id",
    "position",
    "round",
    "blowoff",
    "feud_id",
    "match_type",
    "options",
    "title_id",
    "sides",
    "status",
    "seed",
    "title_changed",
)
"""The columns a booking inserts; the unplayed ones stay SQL NULL (a JSON column would store the
JSON ``null`` for a Python None)."""


def attach_clean(session: Session, obj: Base) -> None:
    """Make ``obj`` (every column set, its row already inserted) a clean persistent object of
    ``session``, as if loaded: no unit-of-work flush for it."""
    make_transient_to_detached(obj)
    session.add(obj)


_INSERTS: dict[str, Any] = {}
_UPDATES: dict[tuple[str, tuple[str, ...]], Any] = {}


def insert_object(session: Session, obj: Base) -> None:
    """Insert a new object with one ``INSERT ... RETURNING id`` and attach it clean (columns the
    caller left unset take their scalar default or NULL): no unit-of-work flush for it."""
    table = Base.metadata.tables[obj.__tablename__]
    statement = _INSERTS.get(table.name)
    if statement is None:
        statement = _INSERTS[table.name] = insert(table).returning(table.c.id)
    values: dict[str, Any] = {}
    for column in table.columns:
        if column.key == "id":
            continue
        if column.key in obj.__dict__:
            values[column.key] = obj.__dict__[column.key]
        else:
            default = column.default
            scalar = default is not None and default.is_scalar
            values[column.key] = default.arg if scalar else None  # type: ignore[union-attr]
            setattr(obj, column.key, values[column.key])
    obj.id = session.execute(statement, values).scalar_one()  # type: ignore[attr-defined]
    attach_clean(session, obj)


def update_statement(table_name: str, columns: tuple[str, ...]) -> Any:
    """``UPDATE table SET columns WHERE id``, built once per table and set of columns."""
    key = (table_name, columns)
    statement = _UPDATES.get(key)
    if statement is None:
        table = Base.metadata.tables[table_name]
        statement = _UPDATES[key] = (
            update(table).where(table.c.id == bindparam("v_id")).values(**{c: bindparam(f"v_{c}") for c in columns})
        )
    return statement


def insert_booked(session: Session, event: LeagueEvent, booked: list[BookedMatch]) -> None:
    """Insert booked matches and their entrants with one statement each (the ORM's unit of work
    costs several times more) and attach them to ``event`` in memory."""
    if not booked:
        return
    statements = _booking_statements()
    # one INSERT ... VALUES (...), (...) RETURNING each (SQLAlchemy's "insertmanyvalues"), the new
    # ids read back with the row's natural key: RETURNING's row order is not relied on (asking
    # for it makes SQLAlchemy insert row by row on SQLite)
    by_position: dict[int, int] = {
        row[1]: row[0]
        for row in session.execute(
            statements.matches, [{k: getattr(m, k) for k in BOOKED_MATCH_FIELDS} for m, _ in booked]
        ).all()
    }
    match_ids = [by_position[m.position] for m, _ in booked]
    rows = [
        {"match_id": match_id, "wrestler_id": w.id, "side": side, "seat": seat, "outcome": None, "injured": False}
        for match_id, (_, seats) in zip(match_ids, booked, strict=True)
        for w, side, seat in seats
    ]
    by_pair: dict[tuple[Any, Any], int] = {
        (row[1], row[2]): row[0] for row in session.execute(statements.entrants, rows).all()
    }
    entrant_ids = iter([by_pair[row["match_id"], row["wrestler_id"]] for row in rows])
    rows_iter = iter(rows)
    added: list[LeagueMatch] = []
    for match_id, (match, seats) in zip(match_ids, booked, strict=True):
        match.id = match_id
        attach_clean(session, match)
        objects = []
        for wrestler, _, _ in seats:
            entrant = MatchEntrant(id=next(entrant_ids), **next(rows_iter))
            attach_clean(session, entrant)
            set_committed_value(entrant, "wrestler", wrestler)
            set_committed_value(entrant, "match", match)
            objects.append(entrant)
        set_committed_value(match, "entrants", objects)
        set_committed_value(match, "event", event)
        added.append(match)
    if "matches" in event.__dict__:  # loaded: keep it current (otherwise a lazy load finds them)
        set_committed_value(event, "matches", [*event.matches, *added])


@dataclass(frozen=True)
class _BookingStatements:
    matches: Any
    entrants: Any


_BOOKING: list[_BookingStatements] = []


def _booking_statements() -> _BookingStatements:
    """The INSERT ... RETURNING statements of a booking, built once."""
    if not _BOOKING:
        tables = Base.metadata.tables
        matches, entrants = tables["league_match"], tables["league_match_entrant"]
        _BOOKING.append(
            _BookingStatements(
                matches=insert(matches).returning(matches.c.id, matches.c.position),
                entrants=insert(entrants).returning(entrants.c.id, entrants.c.match_id, entrants.c.wrestler_id),
            )
        )
    return _BOOKING[0]
