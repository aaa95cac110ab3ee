"""The league: promotions, signings, titles, cards, seasons, and the views the CLI and web app show.

Every function takes an open ``Database`` and a league name (``None``: the only league in it).
Writes happen in short transactions; running a card plays its matches in memory, then commits
them together with everything they change (results, ratings, streaks, title changes, injuries,
feuds, the injury countdown, the card's grade and, in a season, the next card's booking), so a
crash or SIGKILL loses at most the card being played, and running again plays it identically.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from contextlib import ExitStack
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import bindparam, func, insert, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, make_transient_to_detached, selectinload
from sqlalchemy.orm.attributes import instance_state, set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.errors import IllegalActionError, ParamError, TurnbuckleError
from turnbuckle.engine.game import Game, State
from turnbuckle.engine.heap import frozen_heap
from turnbuckle.engine.match import Agent, play_match, play_to_end
from turnbuckle.engine.registry import game_class, load_game
from turnbuckle.engine.result import MatchResult
from turnbuckle.league import people
from turnbuckle.league.booking import MatchSpec, build_params, closest, infer_match_type, match_type_choices
from turnbuckle.league.errors import (
    BookingError,
    LeagueError,
    ReplayMismatchError,
    UnknownLeagueError,
    UnknownWrestlerError,
)
from turnbuckle.league.people import (
    BROWSER,
    LIVE,
    PERSON,
    WEB_COMPUTER,
    BrowserSeat,
    MatchAbandoned,
    PersonSeat,
    checked_web_state,
    create_browser_match,
    latest_live,
    new_live_id,
    replay_agents,
    side_seats,
)
from turnbuckle.league.quality import QualityCounter, card_grade, event_field
from turnbuckle.league.team_games import competitor_sides, is_team_game, winner_names
from turnbuckle.store.base import Base, utcnow
from turnbuckle.store.db import Database, translate_error
from turnbuckle.store.league_models import (
    Feud,
    Injury,
    League,
    LeagueEvent,
    LeagueMatch,
    LeagueWrestler,
    MatchEntrant,
    RatingHistory,
    Title,
    TitleReign,
)

MODEL = PlackettLuce()
REPEATS_FOR_FEUD = 3
"""The third match between the same two sides (with no feud between them) starts one."""
CLASSIC_STARS = 4.0
"""A match this good starts a feud between its sides."""
BLOWOFF_AFTER = 3
"""``season`` books a feud's blow-off once the feud has had this many matches."""
TITLE_SIZES = {"singles": 1, "tag": 2, "team": 1}
"""Competitors per side of a title match; a ``team`` title is a team game's (one team a side)."""


# -- finding things -----------------------------------------------------------------------------
def get_league(session: Session, name: str | None) -> League:
    if name is not None:
        league = session.scalar(select(League).where(func.lower(League.name) == name.lower()))
        if league is None:
            names = list(session.scalars(select(League.name)))
            raise UnknownLeagueError(f"no league named {name!r}{closest(name, names)}")
        return league
    leagues = list(session.scalars(select(League).order_by(League.id)))
    if not leagues:
        raise UnknownLeagueError("no league in this database; start one with `turnbuckle league new NAME --game GAME`")
    if len(leagues) > 1:
        raise UnknownLeagueError(f"several leagues ({', '.join(lg.name for lg in leagues)}); pick one with --league")
    return leagues[0]


def get_wrestler(session: Session, league: League, name: str, active: bool = True) -> LeagueWrestler:
    wrestler = session.scalar(
        select(LeagueWrestler).where(
            LeagueWrestler.league_id == league.id, func.lower(LeagueWrestler.name) == name.strip().lower()
        )
    )
    if wrestler is None:
        names = list(session.scalars(select(LeagueWrestler.name).where(LeagueWrestler.league_id == league.id)))
        what = "team" if is_team_game(league.game) else "wrestler"
        raise UnknownWrestlerError(f"unknown {what} {name!r} in {league.name}{closest(name, names)}")
    if active and not wrestler.active:
        raise UnknownWrestlerError(f"{wrestler.name} was released from {league.name} (sign them again first)")
    return wrestler


def get_title(session: Session, league: League, name: str) -> Title:
    title = session.scalar(select(Title).where(Title.league_id == league.id, func.lower(Title.name) == name.lower()))
    if title is None:
        names = list(session.scalars(select(Title.name).where(Title.league_id == league.id)))
        raise LeagueError(f"no title named {name!r} in {league.name}{closest(name, names)}")
    return title


def current_reign(session: Session, title: Title) -> TitleReign | None:
    return session.scalar(select(TitleReign).where(TitleReign.title_id == title.id, TitleReign.ended_at.is_(None)))


def roster_names(game: str, roster: str | None) -> list[str]:
    loaded = load_game(game, **({"roster": roster} if roster else {}))
    return [str(entry.get("name")) for entry in loaded.roster() if entry.get("name")]


_GAME_CACHE: dict[str, Game] = {}
GAME_CACHE_SIZE = 512


def seat_sides(game_name: str, params: dict[str, Any], sides: list[list[str]]) -> dict[str, Any]:
    """``params`` whose wrestler order puts each booked side in the seats the game gives one side.

    A game may seat a team its own way (WRASSLIN' tag partners alternate seats with their opponents,
    12.1), so the booked sides listed one after the other would mix the teams. A team game seats
    its teams in the order booked (``team0``, ``team1``, ...)."""
    if is_team_game(game_name):
        return params
    game = cached_game(game_name, params)
    seat_groups = [side.players for side in game.sides()]
    if sorted(map(sorted, (list(s.wrestlers) for s in game.sides()))) == sorted(map(sorted, sides)):
        return params
    if [len(g) for g in seat_groups] != [len(s) for s in sides]:
        return params
    order = [""] * sum(len(s) for s in sides)
    for players, names in zip(seat_groups, sides, strict=True):
        for player, name in zip(players, names, strict=True):
            order[player] = name
    return {**params, "wrestlers": order}


_SEATED: dict[str, tuple[dict[str, Any], str]] = {}
"""Booked params and sides -> the seated params and their ``_GAME_CACHE`` key (no Game held here,
so clearing ``_GAME_CACHE`` still makes every game be built again)."""


def seated_game(game_name: str, params: dict[str, Any], sides: list[list[str]]) -> tuple[dict[str, Any], Game]:
    """``seat_sides`` and then ``cached_game``, remembered per params and sides: booking and
    playing a match ask for both, and each asks the Game for its seats and encodes the params as a
    cache key (a few tens of microseconds a match). The params returned are the caller's copy."""
    key = game_name + "\0" + json.dumps(params, sort_keys=True) + "\0" + json.dumps(sides)
    hit = _SEATED.get(key)
    if hit is None:
        seated = seat_sides(game_name, params, sides)
        hit = (seated, game_name + "\0" + json.dumps(seated, sort_keys=True))
        if len(_SEATED) >= GAME_CACHE_SIZE:
            _SEATED.pop(next(iter(_SEATED)))
        _SEATED[key] = hit
    seated, game_key = hit
    game = _GAME_CACHE.get(game_key)
    if game is None:
        game = _load_cached(game_name, seated, game_key)
    return dict(seated), game


def cached_game(name: str, params: dict[str, Any]) -> Game:
    """``load_game`` once per distinct params (a Game is configuration: matches never change it)."""
    key = name + "\0" + json.dumps(params, sort_keys=True)
    game = _GAME_CACHE.get(key)
    return game if game is not None else _load_cached(name, params, key)


def _load_cached(name: str, params: dict[str, Any], key: str) -> Game:
    game = _GAME_CACHE.get(key)
    if game is None:
        try:
            game = load_game(name, **params)
        except TypeError as exc:
            raise ParamError(f"{name}: {exc}") from None
        if len(_GAME_CACHE) >= GAME_CACHE_SIZE:
            _GAME_CACHE.pop(next(iter(_GAME_CACHE)))
        _GAME_CACHE[key] = game
    return game


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
class _HotStatements:
    match: Any
    entrant: Any
    wrestler: Any
    rating: Any


@cache
def _hot_statements() -> _HotStatements:
    """The statements storing a match's result, built once (building them costs more than running them)."""
    tables = Base.metadata.tables
    matches, entrants = tables["league_match"], tables["league_match_entrant"]
    wrestlers, ratings = tables["league_wrestler"], tables["league_rating"]
    return _HotStatements(
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


def pair_key(sides: list[list[str]]) -> frozenset[tuple[str, ...]]:
    return frozenset(tuple(sorted(side)) for side in sides)


def _wrap(fn: Callable[[], Any], db: Database) -> Any:
    try:
        return fn()
    except SQLAlchemyError as exc:  # pragma: no cover - write() translates; reads are mapped here
        raise translate_error(exc, db.where) from None


# -- creating ---------------------------------------------------------------------------------
def create_league(
    db: Database, name: str, game: str, options: dict[str, Any], roster: str | None = None, seed: int | None = None
) -> dict[str, Any]:
    """A new promotion under ``game`` with its options (checked by building the game once)."""
    cls = game_class(game)
    known = {o.name for o in cls.options()}
    unknown = sorted(set(options) - known)
    if unknown:
        raise ParamError(f"{game} has no option {unknown[0]!r}; options: {', '.join(sorted(known))}")
    probe = options
    if is_team_game(game):  # the card names each match's teams; probe the options with the cheapest team
        from turnbuckle.league.teams import probe_options

        probe = probe_options(game, options, roster)
    try:
        load_game(game, **probe, **({"roster": roster} if roster else {}))
    except TypeError as exc:
        raise ParamError(f"{game}: {exc}") from None
    if not name.strip():
        raise LeagueError("a league needs a name")
    with db.write() as session:
        if session.scalar(select(League).where(func.lower(League.name) == name.lower())) is not None:
            raise LeagueError(f"a league named {name!r} already exists")
        league = League(
            name=name.strip(), game=game, options=options, roster=roster, seed=seed if seed is not None else 0
        )
        if seed is None:
            league.seed = random.SystemRandom().randrange(2**31)
        session.add(league)
        session.flush()
        return {"id": league.id, "name": league.name, "game": game, "options": options, "seed": league.seed}


def sign(db: Database, league_name: str | None, names: list[str], everyone: bool = False) -> list[str]:
    """Sign wrestlers from the game's roster (or the league's roster file); ``everyone``: the whole roster."""
    with db.write() as session:
        league = get_league(session, league_name)
        if is_team_game(league.game):  # competitors are teams: ready-made ones by name
            from turnbuckle.league.teams import sign_ready_made

            return sign_ready_made(session, league, names, everyone)
        available = roster_names(league.game, league.roster)
        by_lower = {n.lower(): n for n in available}
        wanted = available if everyone else names
        if not wanted:
            raise LeagueError("name the wrestlers to sign (or use --all)")
        signed: list[str] = []
        existing = {w.name.lower(): w for w in league.wrestlers}
        for raw in wanted:
            name = by_lower.get(raw.strip().lower())
            if name is None:
                raise UnknownWrestlerError(
                    f"{raw!r} is not on the {league.game} roster{closest(raw, available)}"
                    " (see `turnbuckle roster GAME`, or give the league a --roster file)"
                )
            current = existing.get(name.lower())
            if current is not None and current.active:
                if everyone:
                    continue
                raise LeagueError(f"{name} is already signed to {league.name}")
            if current is not None:
                current.active, current.released_at = True, None
            else:
                session.add(LeagueWrestler(league_id=league.id, name=name))
            signed.append(name)
        return signed


def release(db: Database, league_name: str | None, name: str) -> dict[str, Any]:
    """Release a wrestler: titles they hold are vacated; they cannot be on an unplayed card."""
    with db.write() as session:
        league = get_league(session, league_name)
        wrestler = get_wrestler(session, league, name)
        booked = session.scalar(
            select(LeagueEvent.number)
            .join(LeagueMatch, LeagueMatch.event_id == LeagueEvent.id)
            .join(MatchEntrant, MatchEntrant.match_id == LeagueMatch.id)
            .where(MatchEntrant.wrestler_id == wrestler.id, LeagueMatch.status.in_(("booked", LIVE)))
        )
        if booked is not None:
            raise BookingError(f"{wrestler.name} is booked on card #{booked}; run it before releasing them")
        vacated: list[str] = []
        for title in league.titles:
            reign = current_reign(session, title)
            if reign is not None and wrestler.name in reign.holders:
                reign.ended_at = utcnow()
                vacated.append(title.name)
        wrestler.active = False
        wrestler.released_at = utcnow()
        return {"released": wrestler.name, "vacated": vacated}


def new_title(db: Database, league_name: str | None, name: str, kind: str = "singles") -> dict[str, Any]:
    if kind not in TITLE_SIZES:
        raise LeagueError(f"a title is 'singles' or 'tag', not {kind!r}")
    with db.write() as session:
        league = get_league(session, league_name)
        if is_team_game(league.game) and kind == "singles":
            kind = "team"  # one team a side
        elif kind == "team" and not is_team_game(league.game):
            raise LeagueError(f"{league.game} signs wrestlers, so its titles are 'singles' or 'tag'")
        if kind == "tag" and "tag" not in match_type_choices(league.game):
            raise LeagueError(f"{league.game} has no tag matches, so no tag titles")
        if session.scalar(select(Title).where(Title.league_id == league.id, func.lower(Title.name) == name.lower())):
            raise LeagueError(f"{league.name} already has a title named {name!r}")
        title = Title(league_id=league.id, name=name, kind=kind)
        session.add(title)
        session.flush()
        return {"id": title.id, "name": name, "kind": kind}


# -- booking ----------------------------------------------------------------------------------
def _next_number(session: Session, league: League) -> int:
    top = session.execute(_event_statements().top, {"league_id": league.id}).scalar()
    return (top or 0) + 1


@dataclass(frozen=True)
class _EventStatements:
    top: Any
    """The league's highest card number."""
    first_booked: Any
    """The id of the league's first card not run yet."""
    insert: Any


@cache
def _event_statements() -> _EventStatements:
    """The per-card statements on ``league_event``, built once (a season runs them every card)."""
    table = Base.metadata.tables["league_event"]
    league_id: Any = bindparam("league_id")
    return _EventStatements(
        top=select(func.max(table.c.number)).where(table.c.league_id == league_id),
        first_booked=select(table.c.id)
        .where(table.c.league_id == league_id, table.c.status == "booked")
        .order_by(table.c.number)
        .limit(1),
        insert=insert(table).returning(table.c.id),
    )


def active_feuds(session: Session, league: League) -> dict[frozenset[tuple[str, ...]], Feud]:
    feuds = session.scalars(select(Feud).where(Feud.league_id == league.id, Feud.active.is_(True)))
    return {pair_key([f.side_a, f.side_b]): f for f in feuds}


def _active_feud(
    session: Session,
    league: League,
    sides: list[list[str]],
    feuds: dict[frozenset[tuple[str, ...]], Feud] | None = None,
) -> Feud | None:
    if len(sides) != 2:
        return None
    if feuds is not None:
        return feuds.get(pair_key(sides))
    a, b = sorted(sides[0]), sorted(sides[1])
    for feud in session.scalars(select(Feud).where(Feud.league_id == league.id, Feud.active.is_(True))):
        fa, fb = sorted(feud.side_a), sorted(feud.side_b)
        if (fa, fb) in ((a, b), (b, a)):
            return feud
    return None


def _check_title(
    session: Session, title: Title, sides: list[list[str]], reign: TitleReign | bool | None = False
) -> None:
    size = TITLE_SIZES[title.kind]
    if len(sides) != 2 or any(len(s) != size for s in sides):
        how = {"singles": "one on one", "tag": "by teams of two", "team": "by one team against another"}
        raise BookingError(
            f"title match between ineligible wrestlers: the {title.name} ({title.kind}) is defended {how[title.kind]}"
        )
    if reign is False:
        reign = current_reign(session, title)
    if reign is None or reign is True:
        return
    holders = sorted(reign.holders)
    if not any(sorted(side) == holders for side in sides):
        held = " & ".join(reign.holders)
        raise BookingError(
            f"title match between ineligible wrestlers: the {title.name} is held by {held}, "
            "who must defend it as a side of this match"
        )


def _book_match(
    session: Session,
    league: League,
    event: LeagueEvent,
    position: int,
    spec: MatchSpec,
    taken: dict[str, int],
    roster: dict[str, LeagueWrestler] | None = None,
    feuds: dict[frozenset[tuple[str, ...]], Feud] | None = None,
    reigns: dict[int, TitleReign | None] | None = None,
    round_: int | None = None,
    defer: list[_Booked] | None = None,
) -> LeagueMatch:
    """Check and book one match. ``defer``: collect it there for ``_insert_booked`` (one set of
    statements for a whole card) instead of inserting it now."""
    sides: list[list[str]] = []
    entrants: list[LeagueWrestler] = []
    for side in spec.sides:
        names: list[str] = []
        for raw in side:
            known = roster.get(raw.strip().lower()) if roster is not None else None
            wrestler = known if known is not None and known.active else get_wrestler(session, league, raw)
            if wrestler.name in taken:
                raise BookingError(f"{wrestler.name} is already booked on this card (match {taken[wrestler.name]})")
            taken[wrestler.name] = position
            names.append(wrestler.name)
            entrants.append(wrestler)
        sides.append(names)
    match_type = spec.match_type or infer_match_type(league.game, sides)
    if match_type == "tournament":
        raise BookingError("book a tournament with `turnbuckle league card tournament`, not as one match")
    title = None
    if spec.title:
        title = next((t for t in league.titles if t.name.lower() == spec.title.lower()), None)
        if title is None:
            title = get_title(session, league, spec.title)
    if title is not None:
        _check_title(session, title, sides, reigns[title.id] if reigns is not None and title.id in reigns else False)
    if is_team_game(league.game):  # the teams' hiring travels with the match as data
        from turnbuckle.league.teams import team_options

        spec = MatchSpec(
            spec.sides, match_type, spec.title, {**spec.options, **team_options(session, league, sides)}, spec.blowoff
        )
    feud = _active_feud(session, league, sides, feuds)
    if spec.blowoff and feud is None:
        raise BookingError(f"no feud between {' vs '.join(' & '.join(s) for s in sides)} to blow off")
    params = build_params(
        league.game, league.options, league.roster, match_type, spec.options, sides, [], feud is not None
    )
    params, game = seated_game(league.game, params, sides)
    seated = competitor_sides(league.game, game)
    if sorted(map(sorted, seated)) != sorted(map(sorted, sides)):
        raise BookingError(f"{league.game} seats a {match_type} match as {seated}, not as booked {sides}")
    match = LeagueMatch(
        event_id=event.id,
        position=position,
        round=round_,
        blowoff=spec.blowoff,
        feud_id=feud.id if feud else None,
        match_type=match_type,
        options=spec.options,
        title_id=title.id if title else None,
        sides=seated,
        status="booked",
        seed=match_seed(league.seed, event.number, position),
        title_changed=False,
        **dict.fromkeys(UNPLAYED_FIELDS),
    )
    by_name = {w.name: w for w in entrants}
    seats: list[tuple[LeagueWrestler, int, int]] = []
    for side_index, side_names in enumerate(seated):
        for name in side_names:
            seats.append((by_name[name], side_index, len(seats)))
    if defer is not None:
        defer.append((match, seats))
    else:
        _insert_booked(session, event, [(match, seats)])
    return match


_Booked = tuple[LeagueMatch, list[tuple[LeagueWrestler, int, int]]]
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


def _persist(session: Session, obj: Base) -> None:
    """Make ``obj`` (every column set, its row already inserted) a clean persistent object of
    ``session``, as if loaded: no unit-of-work flush for it."""
    make_transient_to_detached(obj)
    session.add(obj)


_INSERTS: dict[str, Any] = {}
_UPDATES: dict[tuple[str, tuple[str, ...]], Any] = {}


def _insert_object(session: Session, obj: Base) -> None:
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
    _persist(session, obj)


def _update_statement(table_name: str, columns: tuple[str, ...]) -> Any:
    """``UPDATE table SET columns WHERE id``, built once per table and set of columns."""
    key = (table_name, columns)
    statement = _UPDATES.get(key)
    if statement is None:
        table = Base.metadata.tables[table_name]
        statement = _UPDATES[key] = (
            update(table).where(table.c.id == bindparam("v_id")).values(**{c: bindparam(f"v_{c}") for c in columns})
        )
    return statement


def _insert_booked(session: Session, event: LeagueEvent, booked: list[_Booked]) -> None:
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
        _persist(session, match)
        objects = []
        for wrestler, _, _ in seats:
            entrant = MatchEntrant(id=next(entrant_ids), **next(rows_iter))
            _persist(session, entrant)
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


def match_seed(league_seed: int, event_number: int, position: int) -> int:
    """The seed a stored match is played with: fixed by the league's seed, the card and the match's place on it."""
    return random.Random(f"turnbuckle-league:{league_seed}:{event_number}:{position}").randrange(2**31)


def book_card(db: Database, league_name: str | None, name: str | None, specs: list[MatchSpec]) -> dict[str, Any]:
    """Book an event: the matches in order (the last is the main event)."""
    if not specs:
        raise BookingError("a card needs at least one match (-m 'A vs B')")
    with db.write() as session:
        league = get_league(session, league_name)
        event = _new_event(session, league, name, "card")
        taken: dict[str, int] = {}
        booked: list[_Booked] = []
        for position, spec in enumerate(specs, start=1):
            _book_match(session, league, event, position, spec, taken, defer=booked)
        _insert_booked(session, event, booked)
        return {"event": event.number, "name": event.name, "matches": len(specs)}


def _new_event(session: Session, league: League, name: str | None, kind: str) -> LeagueEvent:
    number = _next_number(session, league)
    values: dict[str, Any] = {
        "league_id": league.id,
        "number": number,
        "name": name or f"{league.name} #{number}",
        "kind": kind,
        "status": "booked",
        "created_at": utcnow(),
        "ran_at": None,
        "grade": None,
    }
    event = LeagueEvent(id=session.execute(_event_statements().insert, values).scalar_one(), **values)
    _persist(session, event)
    set_committed_value(event, "matches", [])
    return event


def book_tournament(
    db: Database, league_name: str | None, name: str | None, entrants: list[str], top: int | None = None
) -> dict[str, Any]:
    """A single-elimination tournament event; rounds are booked as the previous one finishes.

    Entrants are seeded by rating (1 meets the last seed); their number must be a power of two.
    A drawn tournament match sends the better-rated side through.
    """
    with db.write() as session:
        league = get_league(session, league_name)
        if top is not None:
            pool = [w for w in league.wrestlers if w.active and w.injured_cards == 0]
            pool.sort(key=lambda w: (-w.ordinal, w.name))
            wrestlers = pool[:top]
            if len(wrestlers) < top:
                raise BookingError(f"only {len(wrestlers)} healthy wrestlers for a {top}-man tournament")
        else:
            wrestlers = [get_wrestler(session, league, n) for n in entrants]
        count = len(wrestlers)
        if count < 2 or count & (count - 1):
            raise BookingError(f"a tournament needs 2, 4, 8, 16, ... entrants, not {count}")
        if len({w.name for w in wrestlers}) != count:
            raise BookingError("a wrestler is entered in the tournament twice")
        seeded = sorted(wrestlers, key=lambda w: (-w.ordinal, w.name))
        event = _new_event(
            session, league, name or f"{league.name} Tournament #{_next_number(session, league)}", "tournament"
        )
        taken: dict[str, int] = {}
        order = bracket_order(count)  # 1 v N, N/2 v N/2+1, ...: seeds 1 and 2 can meet only in the final
        booked: list[_Booked] = []
        for i in range(count // 2):
            a, b = order[2 * i] - 1, order[2 * i + 1] - 1
            spec = MatchSpec(sides=[[seeded[a].name], [seeded[b].name]])
            _book_match(session, league, event, i + 1, spec, taken, round_=1, defer=booked)
        _insert_booked(session, event, booked)
        return {"event": event.number, "name": event.name, "entrants": [w.name for w in seeded]}


def bracket_order(n: int) -> list[int]:
    """Seeds in bracket order for a power-of-two field: 8 gives 1 8 4 5 2 7 3 6."""
    order = [1, 2]
    while len(order) < n:
        total = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, total - seed)]
    return order[:n]


# -- running ----------------------------------------------------------------------------------
@dataclass
class MatchOutcome:
    """What the CLI prints as each match finishes."""

    event: int
    match_id: int
    description: str
    stars: float
    title_change: str | None = None
    injuries: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class _Played:
    """A match played in memory, not stored yet."""

    match: LeagueMatch
    game: Game
    params: dict[str, Any]
    seed: int
    agents: list[str]
    actions: list[str]
    result: MatchResult
    steps: int
    quality: QualityCounter
    injuries: list[tuple[str, int]]


def play_counted(game: Game, agents: list[Agent], seed: int) -> tuple[list[str], MatchResult, int, State]:
    """``play_match`` (the same loop, so the same match from the same seed) with the state's event
    log recorded from the first action: a deferred log is not rebuilt by replaying afterwards, and
    no ``Event`` objects are built. Returns the actions, the result, the steps and the final state."""
    state, steps = play_to_end(game, agents, seed, record_events=True)
    result = state.match_result()
    assert result is not None  # play_to_end stops only at a terminal state
    return [a.name for a in state.history], result, steps, state


def count_events(game: str, state: State) -> tuple[QualityCounter, list[tuple[str, int]]]:
    """The quality ingredients and the injuries of a played match, in one pass over its raw event log."""
    quality = QualityCounter(game)
    injuries: list[tuple[str, int]] = []
    add = quality.add_raw
    for kind, names, payload in state._events:
        add(kind, names, payload)
        if kind == "injury":
            injuries.append((str(event_field(names, payload, "wrestler")), int(event_field(names, payload, "cards"))))
    return quality, injuries


class Runner:
    """Plays booked matches and stores them a card per transaction (shared by card run and season)."""

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

    def __enter__(self) -> Runner:
        self._exits.enter_context(frozen_heap())  # what is loaded now lives as long as the run
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.close()
        finally:
            self._exits.close()

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

    # -- events ---------------------------------------------------------------------------
    def next_booked(self) -> LeagueEvent | None:
        event: LeagueEvent | None = self._query(
            lambda: self.session.scalar(
                select(LeagueEvent)
                .where(LeagueEvent.league_id == self.league_id, LeagueEvent.status == "booked")
                .order_by(LeagueEvent.number)
            )
        )
        return event

    def event_by_number(self, number: int) -> LeagueEvent:
        event: LeagueEvent | None = self._query(
            lambda: self.session.scalar(
                select(LeagueEvent).where(LeagueEvent.league_id == self.league_id, LeagueEvent.number == number)
            )
        )
        if event is None:
            raise LeagueError(f"{self.league.name} has no card #{number}")
        return event

    def run_event(
        self,
        event: LeagueEvent,
        on_match: Callable[[MatchOutcome], None] | None = None,
        fresh: bool = False,
        then: Callable[[], Any] | None = None,
    ) -> dict[str, Any]:
        """Play every unplayed match of ``event`` (resuming a half-run one) and store them.

        The matches of a card (of a tournament round) are played in memory first, then stored in
        one transaction with everything they change, the card's close included (``batch``: every
        that many matches). ``fresh``: the event was just booked by this runner, so its matches
        are in memory already. ``then``: called in the card's closing transaction once it is done
        (``season`` books its next card there)."""
        if event.status == "done":
            raise LeagueError(f"card #{event.number} ({event.name}) has already been run")
        while True:
            if fresh:
                pending = sorted((m for m in event.matches if m.status == "booked"), key=lambda m: m.position)
                if pending:
                    self._play_and_store(event, pending, on_match, then)
                    if event.status == "done":
                        titles = {t.id: t.name for t in self.league.titles}
                        ordered = sorted(event.matches, key=lambda m: m.position)
                        return event_summary(self.session, event, ordered, titles)
                    continue
                fresh = False
            pending = self._query(
                lambda: list(
                    self.session.scalars(
                        select(LeagueMatch)
                        .where(LeagueMatch.event_id == event.id, LeagueMatch.status == "booked")
                        .options(selectinload(LeagueMatch.entrants).selectinload(MatchEntrant.wrestler))
                        .order_by(LeagueMatch.position)
                    )
                )
            )
            if not pending:
                count = len(event.matches)
                self._guard(lambda: self._finish_if_complete(event))
                if event.status == "done" and then is not None:
                    self._guard(then)
                self._commit()
                if event.status == "done" or len(event.matches) == count:
                    break  # done, or waiting for a match in the browser
                continue  # a tournament booked its next round
            self._play_and_store(event, pending, on_match, then)
            if event.status == "done":
                break
        return self._query(lambda: event_summary(self.session, event))  # type: ignore[no-any-return]

    def _play(self, event: LeagueEvent, match: LeagueMatch) -> _Played:
        """Play one booked match in memory (no database access: its entrants are loaded)."""
        league = self.league
        injured = [e.wrestler.name for e in match.entrants if e.wrestler.injured_cards > 0]
        params = build_params(
            league.game,
            league.options,
            league.roster,
            match.match_type,
            match.options,
            match.sides,
            injured,
            match.feud_id is not None,
        )
        params, game = seated_game(league.game, params, match.sides)
        names = self.agent_names(game)
        seed = match.seed if match.seed is not None else match_seed(league.seed, event.number, match.position)
        person = self.person
        if person is not None and match.position == person.position:
            state, steps, names = self._play_person(person, event, match, game, names, seed)
            actions, result = [a.name for a in state.history], state.match_result()
            assert result is not None
        else:
            actions, result, steps, state = play_counted(game, self._agents(game, names), seed)
        quality, injuries = count_events(league.game, state)
        return _Played(match, game, params, seed, names, actions, result, steps, quality, injuries)

    def _play_person(
        self, person: PersonSeat, event: LeagueEvent, match: LeagueMatch, game: Game, names: list[str], seed: int
    ) -> tuple[State, int, list[str]]:
        """The person's match: the same loop as every match, their seats asking them. Leaving it
        (Ctrl-C, end of input, ``quit``) stores nothing of it: it stays booked."""
        from turnbuckle.agents.human import QuitMatch

        seats = side_seats(game, person.side)
        names = [PERSON if p in seats else n for p, n in enumerate(names)]
        agents = [person.agent(game, p) if p in seats else make_agent(n, game, p) for p, n in enumerate(names)]
        if person.announce is not None:
            you = " & ".join(w for s in game.sides() if set(s.players) <= set(seats) for w in s.wrestlers)
            person.announce(
                f"Card #{event.number} match {match.position}: "
                f"{' vs '.join(' & '.join(s) for s in match.sides)}. You play {you} (seed {seed})."
            )
        on_event = person.narrate(game) if person.narrate is not None else None
        left = f"match {match.position} of card #{event.number} was left unfinished"
        rest = (
            "it stays booked and the card's finished matches are stored; play it again with "
            f"`turnbuckle league card run {event.number} --play {match.position}`"
        )
        try:
            state, steps = play_to_end(game, agents, seed, on_event=on_event, record_events=True)
        except KeyboardInterrupt:
            raise MatchAbandoned(f"{left} (interrupted): {rest}", interrupted=True) from None
        except EOFError:
            raise MatchAbandoned(f"{left} (the input ended): {rest}", interrupted=False) from None
        except QuitMatch:
            raise MatchAbandoned(f"{left} (you quit): {rest}", interrupted=False) from None
        return state, steps, names

    def _play_and_store(
        self,
        event: LeagueEvent,
        pending: list[LeagueMatch],
        on_match: Callable[[MatchOutcome], None] | None,
        then: Callable[[], Any] | None,
    ) -> None:
        """Play ``pending`` (the rest of a card or round), then store them: one transaction, or
        one per ``batch`` matches. ``on_match`` hears of each match once it is committed. A
        person's match is played and stored on its own, after the matches before it are stored."""
        at = self.person.position if self.person is not None else None
        if at is not None and any(m.position == at for m in pending):
            for group in (
                [m for m in pending if m.position < at],
                [m for m in pending if m.position == at],
                [m for m in pending if m.position > at],
            ):
                if group:
                    self._play_and_store_group(event, group, on_match, then)
            return
        self._play_and_store_group(event, pending, on_match, then)

    def _play_and_store_group(
        self,
        event: LeagueEvent,
        pending: list[LeagueMatch],
        on_match: Callable[[MatchOutcome], None] | None,
        then: Callable[[], Any] | None,
    ) -> None:
        played = [self._play(event, match) for match in pending]
        outcomes: list[MatchOutcome] = []
        for index, one in enumerate(played):
            last = index == len(played) - 1
            outcomes.append(self._guard(partial(self._store, event, one, last)))
            if last or (self.batch and len(outcomes) >= self.batch):
                if last and event.status == "done" and then is not None:
                    self._guard(then)
                self._commit()
                if on_match is not None:
                    for outcome in outcomes:
                        on_match(outcome)
                outcomes = []

    def _store(self, event: LeagueEvent, played: _Played, last: bool) -> MatchOutcome:
        session = self.session
        match, params, result, quality = played.match, played.params, played.result, played.quality
        self.pair_counts()  # loaded before this match counts as played
        self.feud_map()
        now = utcnow()
        stars = quality.stars()
        winners = winner_names(self.league.game, result)
        match_values: dict[str, Any] = {
            "params": params,
            "seed": played.seed,
            "agents": played.agents,
            "actions": played.actions,
            "result": result.to_dict(),
            "method": result.method.value,
            "steps": played.steps,
            "stars": stars,
            "quality": quality.summary(),
            "played_at": now,
            "status": "done",
            "winner_side": next((i for i, s in enumerate(match.sides) if winners and set(s) == winners), None),
        }
        by_name = {e.wrestler.name: e for e in match.entrants}
        entrant_rows: list[dict[str, Any]] = []
        records: dict[str, dict[str, Any]] = {}
        for entrant in match.entrants:
            wrestler = entrant.wrestler
            record = {"wins": wrestler.wins, "losses": wrestler.losses, "draws": wrestler.draws}
            if result.winner is None:
                outcome, streak = "draw", 0
            elif wrestler.name in winners:
                outcome, streak = "win", wrestler.streak + 1 if wrestler.streak > 0 else 1
            else:
                outcome, streak = "loss", wrestler.streak - 1 if wrestler.streak < 0 else -1
            key = {"win": "wins", "loss": "losses", "draw": "draws"}[outcome]
            record[key] += 1
            record["streak"] = streak
            records[wrestler.name] = record
            entrant_rows.append({"e_id": entrant.id, "e_outcome": outcome, "e_injured": wrestler.injured_cards > 0})
        rating_rows = self._rate(match, result, by_name, records)
        self._write_result(match, match_values, entrant_rows, by_name, records, rating_rows)
        title_change = self._title(event, match, result, winners) if match.title_id is not None else None
        injuries: list[tuple[str, int]] = []
        for name, cards in played.injuries:
            entrant_hurt = by_name.get(name)
            if entrant_hurt is None:
                continue
            injury = Injury(wrestler_id=entrant_hurt.wrestler_id, match_id=match.id, cards=cards, remaining=cards)
            _insert_object(session, injury)
            if self._injuries is not None:
                self._injuries.append((injury, event.id))
            hurt = entrant_hurt.wrestler
            set_committed_value(hurt, "injured_cards", max(hurt.injured_cards, cards))
            self._touched[hurt.id] = hurt
            injuries.append((name, cards))
        self._feuds(event, match, stars, title_change is not None, bool(getattr(played.game, "feud", False)))
        if last:
            self._finish_if_complete(event)
        return MatchOutcome(event.number, match.id, result.describe(), stars, title_change, injuries)

    def _rate(
        self,
        match: LeagueMatch,
        result: MatchResult,
        by_name: dict[str, MatchEntrant],
        records: dict[str, dict[str, Any]],
    ) -> list[dict[str, Any]]:
        """openskill updates into ``records``; the rating-history rows to insert."""
        teams = [
            [MODEL.rating(mu=by_name[n].wrestler.mu, sigma=by_name[n].wrestler.sigma) for n in side]
            for side in match.sides
        ]
        ranks = [float(r) for r in side_ranks(match.sides, result, winner_names(self.league.game, result))]
        rated = MODEL.rate(teams, ranks=ranks)
        rows: list[dict[str, Any]] = []
        for side, new in zip(match.sides, rated, strict=True):
            for name, rating in zip(side, new, strict=True):
                mu, sigma = float(rating.mu), float(rating.sigma)
                records[name]["mu"], records[name]["sigma"] = mu, sigma
                rows.append({"wrestler_id": by_name[name].wrestler_id, "match_id": match.id, "mu": mu, "sigma": sigma})
        return rows

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
        statements = _hot_statements()
        for (table_name, columns), update_rows in self._updates.items():
            session.execute(_update_statement(table_name, columns), update_rows)
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

    def _title(self, event: LeagueEvent, match: LeagueMatch, result: MatchResult, winners: set[str]) -> str | None:
        session = self.session
        title = session.get(Title, match.title_id)
        assert title is not None
        reigns = self.reign_map()
        reign = reigns[title.id] if title.id in reigns else current_reign(session, title)
        if not winners:
            if reign is not None:
                self._set(reign, defences=reign.defences + 1)  # a draw: the champions keep the title
            return None
        if reign is not None and set(reign.holders) == winners:
            self._set(reign, defences=reign.defences + 1)
            return None
        now = utcnow()
        former = list(reign.holders) if reign is not None else []
        if reign is not None:
            self._set(reign, ended_at=now, lost_match_id=match.id, lost_event_id=event.id)
        side = next(s for s in match.sides if set(s) == winners)
        new = TitleReign(
            title_id=title.id, holders=list(side), won_match_id=match.id, won_event_id=event.id, started_at=now
        )
        _insert_object(session, new)
        reigns[title.id] = new
        self._set(match, title_changed=True)
        if former:
            return f"{' & '.join(side)} won the {title.name} from {' & '.join(former)}"
        return f"{' & '.join(side)} won the vacant {title.name}"

    def reign_map(self) -> dict[int, TitleReign | None]:
        """Each title's current reign (None: vacant), loaded once per run and kept current by this runner."""
        if self._reigns is None:
            self._reigns = {t.id: current_reign(self.session, t) for t in self.league.titles}
        return self._reigns

    def feud_map(self) -> dict[frozenset[tuple[str, ...]], Feud]:
        """Active feuds by their two sides, loaded once per run and kept current by this runner."""
        if self._feud_map is None:
            self._feud_map = active_feuds(self.session, self.league)
        return self._feud_map

    def pair_counts(self) -> dict[frozenset[tuple[str, ...]], int]:
        """Played singles matches per pair of wrestlers since a feud between them ended (loaded once)."""
        if self._pairs is None:
            session = self.session
            ended: dict[frozenset[tuple[str, ...]], int] = {}
            for f in session.scalars(select(Feud).where(Feud.league_id == self.league_id, Feud.active.is_(False))):
                key = pair_key([f.side_a, f.side_b])
                ended[key] = max(ended.get(key, 0), f.ended_event_id or 0)
            counts: dict[frozenset[tuple[str, ...]], int] = {}
            rows = session.execute(
                select(LeagueMatch.sides, LeagueMatch.event_id)
                .join(LeagueEvent, LeagueEvent.id == LeagueMatch.event_id)
                .where(LeagueEvent.league_id == self.league_id, LeagueMatch.status == "done")
            )
            for sides, event_id in rows:
                if len(sides) == 2 and all(len(side) == 1 for side in sides):
                    key = pair_key(sides)
                    if event_id > ended.get(key, 0):
                        counts[key] = counts.get(key, 0) + 1
            self._pairs = counts
        return self._pairs

    def _feuds(self, event: LeagueEvent, match: LeagueMatch, stars: float, title_change: bool, rivals: bool) -> None:
        """Feuds start from rivals on the cards, title changes, classic or repeated matches; a
        blow-off ends one. Every match between a feud's sides adds heat."""
        if len(match.sides) != 2:
            return
        key = pair_key(match.sides)
        singles = all(len(side) == 1 for side in match.sides)
        pairs = self.pair_counts()
        if singles:
            pairs[key] = pairs.get(key, 0) + 1
        feuds = self.feud_map()
        feud = feuds.get(key)
        now = utcnow()
        if feud is not None:
            self._set(feud, matches=feud.matches + 1, heat=round(feud.heat + stars / 5.0, 3))
            if match.blowoff:
                self._set(feud, active=False, ended_event_id=event.id, ended_at=now)
                del feuds[key]
                pairs[key] = 0
            return
        reason = None
        if rivals:
            reason = "rivals on their cards"
        elif title_change:
            reason = "title change"
        elif stars >= CLASSIC_STARS:
            reason = "a classic match"
        elif singles and pairs.get(key, 0) >= REPEATS_FOR_FEUD:
            reason = "repeated matches"
        if reason is None:
            return
        feud = Feud(
            league_id=self.league_id,
            side_a=list(match.sides[0]),
            side_b=list(match.sides[1]),
            reason=reason,
            heat=1.0 + stars / 5.0,
            matches=1,
            started_event_id=event.id,
            started_at=now,
        )
        _insert_object(self.session, feud)
        feuds[key] = feud

    def _finish_if_complete(self, event: LeagueEvent) -> None:
        """When no match of ``event`` is left: book a tournament's next round, or close the card
        (injury countdown, grade) in the same transaction as its last match."""
        session = self.session
        if event.status == "done":
            return
        matches = sorted(event.matches, key=lambda m: m.position)  # in memory: this runner keeps them current
        if any(m.status != "done" for m in matches):  # booked, or in the browser
            return
        if event.kind == "tournament" and matches:
            last_round = max(m.round or 1 for m in matches)
            finals = [m for m in matches if (m.round or 1) == last_round]
            if len(finals) > 1:
                advancing = [self._advancer(m) for m in finals]
                taken: dict[str, int] = {}
                booked: list[_Booked] = []
                for i in range(0, len(advancing), 2):
                    spec = MatchSpec(sides=[[advancing[i]], [advancing[i + 1]]])
                    _book_match(
                        session,
                        self.league,
                        event,
                        len(matches) + i // 2 + 1,
                        spec,
                        taken,
                        None,
                        self.feud_map(),
                        self.reign_map(),
                        round_=last_round + 1,
                        defer=booked,
                    )
                _insert_booked(session, event, booked)
                return
        self._countdown(event)
        mean, _letter = card_grade([m.stars or 0.0 for m in matches])
        self._set(event, grade=mean, status="done", ran_at=utcnow())

    # -- people ---------------------------------------------------------------------------
    def card_match(self, event: LeagueEvent, position: int) -> LeagueMatch | None:
        """Match ``position`` of ``event`` with its entrants loaded (None: not booked yet)."""
        match: LeagueMatch | None = self._query(
            lambda: self.session.scalar(
                select(LeagueMatch)
                .where(LeagueMatch.event_id == event.id, LeagueMatch.position == position)
                .options(selectinload(LeagueMatch.entrants).selectinload(MatchEntrant.wrestler))
            )
        )
        return match

    def check_person_match(self, event: LeagueEvent, position: int, side: str | None) -> LeagueMatch | None:
        """Refuse ``--play``/``--browser`` for a match that is not there or not waiting to be played."""
        if event.status == "done":
            raise LeagueError(f"card #{event.number} ({event.name}) has already been run")
        match = self.card_match(event, position)
        if match is None:
            total = len(event.matches)
            if event.kind == "tournament":
                total = 2 * len([m for m in event.matches if (m.round or 1) == 1]) - 1
                if 1 <= position <= total:
                    return None  # a later round: booked as the tournament goes
            raise LeagueError(f"card #{event.number} has matches 1 to {total}, not {position}")
        if match.status == "done":
            raise LeagueError(f"match {position} of card #{event.number} has already been played")
        people.side_index(match.sides, side)
        return match

    def send_to_browser(self, event: LeagueEvent, seat: BrowserSeat) -> dict[str, Any]:
        """Hand a booked match to the web app: a live match with the card match's params and seed,
        the promoter's side for them, the others for the computer; the card match waits for
        ``collect``. Sending one again makes a new live match (the newest is the one collected)."""
        match = self.check_person_match(event, seat.position, seat.side)
        if match is None:
            raise LeagueError(f"match {seat.position} of card #{event.number} is not booked yet (a later round)")
        league = self.league
        injured = [e.wrestler.name for e in match.entrants if e.wrestler.injured_cards > 0]
        params = build_params(
            league.game, league.options, league.roster, match.match_type, match.options, match.sides, injured,
            match.feud_id is not None,
        )
        params = seat_sides(league.game, params, match.sides)
        game = self._game(params)
        seats = side_seats(game, seat.side)
        names = self.agent_names(game)
        specs = ["human" if p in seats else f"computer:{n}" for p, n in enumerate(names)]
        seed = match.seed if match.seed is not None else match_seed(league.seed, event.number, match.position)
        live_id = new_live_id(self.league_id, match.id)
        try:
            token, stored = create_browser_match(self.db, game, specs, seed, live_id)
        except TurnbuckleError:
            raise
        except Exception as exc:  # the web app's own refusals (an agent it does not know)
            raise LeagueError(f"the web app refused the match: {exc}") from None
        values = {
            "status": LIVE,
            "params": stored,
            "seed": seed,
            "agents": [BROWSER if p in seats else WEB_COMPUTER + n for p, n in enumerate(names)],
        }
        stmt = update(LeagueMatch).where(LeagueMatch.id == match.id).values(**values)
        self._guard(lambda: self.session.execute(stmt))
        self._commit()
        for key, value in values.items():
            set_committed_value(match, key, value)
        return {
            "match": match.id,
            "position": match.position,
            "live_match": live_id,
            "url": f"{seat.server.rstrip('/')}/m/{live_id}#t={token}",
            "seats": specs,
        }

    def collect(self, event: LeagueEvent) -> list[dict[str, Any]]:
        """Store every finished browser match of ``event`` like a played match (checked: its log
        replays, its dice are the seed's); the card closes when nothing else is left."""
        live = self._query(
            lambda: list(
                self.session.scalars(
                    select(LeagueMatch)
                    .where(LeagueMatch.event_id == event.id, LeagueMatch.status == LIVE)
                    .options(selectinload(LeagueMatch.entrants).selectinload(MatchEntrant.wrestler))
                    .order_by(LeagueMatch.position)
                )
            )
        )
        report: list[dict[str, Any]] = []
        for match in live:
            record = latest_live(self.db, self.league_id, match.id)
            entry: dict[str, Any] = {"match": match.id, "position": match.position}
            if record is None:
                report.append({**entry, "status": "missing", "live_match": None})
                continue
            entry["live_match"] = record.id
            if not record.finished:
                report.append({**entry, "status": "playing"})
                continue
            assert match.params is not None and match.seed is not None and match.agents is not None
            if record.game != self.league.game or record.params != match.params or record.seed != match.seed:
                raise LeagueError(f"web match {record.id} is not match {match.id}'s (other game, params or seed)")
            game = self._game(match.params)
            state = checked_web_state(game, record.actions, match.seed)
            result = state.match_result()
            if result is None:
                raise LeagueError(f"web match {record.id} is marked finished but its log does not end the match")
            quality, injuries = count_events(self.league.game, state)
            played = _Played(
                match, game, match.params, match.seed, list(match.agents), list(record.actions), result,
                len(record.actions), quality, injuries,
            )
            outcome: MatchOutcome = self._guard(partial(self._store, event, played, True))
            self._commit()
            report.append({**entry, "status": "collected", "result": outcome.description, "stars": outcome.stars})
        return report

    def _advancer(self, match: LeagueMatch) -> str:
        if match.winner_side is not None:
            return match.sides[match.winner_side][0]
        wrestlers = {e.wrestler.name: e.wrestler for e in match.entrants}
        return max((s[0] for s in match.sides), key=lambda n: (wrestlers[n].ordinal, n))

    def injury_list(self) -> list[tuple[Injury, int]]:
        """Injuries still running, with the event of the match they happened in (loaded once per
        run and kept current by this runner)."""
        if self._injuries is None:
            rows = self.session.execute(
                select(Injury, LeagueMatch.event_id)
                .join(LeagueMatch, LeagueMatch.id == Injury.match_id)
                .join(LeagueWrestler, LeagueWrestler.id == Injury.wrestler_id)
                .where(Injury.remaining > 0, LeagueWrestler.league_id == self.league_id)
                .order_by(Injury.id)
            ).all()
            self._injuries = [(injury, event_id) for injury, event_id in rows]
        return self._injuries

    def _countdown(self, event: LeagueEvent) -> None:
        """One card less for every injury from an earlier card; wrestlers' ``injured_cards`` follow."""
        running = self.injury_list()
        touched: dict[int, int] = {}
        for injury, event_id in running:
            if event_id == event.id or injury.remaining <= 0:
                continue
            if injury.remaining == 1:
                self._set(injury, remaining=0, healed_event_id=event.id)
            else:
                self._set(injury, remaining=injury.remaining - 1)
            touched[injury.wrestler_id] = 0
        if not touched:
            return
        for injury, _ in running:
            if injury.wrestler_id in touched and injury.remaining > 0:
                touched[injury.wrestler_id] = max(touched[injury.wrestler_id], injury.remaining)
        self._injuries = [(injury, event_id) for injury, event_id in running if injury.remaining > 0]
        for wrestler_id, left in touched.items():
            wrestler = self.session.get(LeagueWrestler, wrestler_id)
            assert wrestler is not None
            set_committed_value(wrestler, "injured_cards", left)
            self._touched[wrestler.id] = wrestler


def _busy_or(exc: SQLAlchemyError, db: Database) -> TurnbuckleError:
    from sqlalchemy.exc import IntegrityError
    from sqlalchemy.orm.exc import StaleDataError

    from turnbuckle.store.errors import StoreBusyError

    if isinstance(exc, StaleDataError | IntegrityError):
        return StoreBusyError(
            f"league is busy: another turnbuckle process changed this league in {db.where} meanwhile; run again"
        )
    return translate_error(exc, db.where)


def default_agent(game: Game) -> str:
    """``heuristic`` where the game has one (fast and sensible), else ``random``."""
    return "heuristic" if "heuristic" in type(game).agent_factories() else "random"


def side_ranks(sides: list[list[str]], result: MatchResult, winners: set[str] | None = None) -> list[int]:
    """openskill ranks per side (0 best): finishing order where the match ranks its entrants,
    else the winner 0 and everyone else 1; a draw ranks everyone equal. ``winners``: the winning
    competitors (default: the winner's wrestlers)."""
    if result.winner is None:
        return [0] * len(sides)
    if winners is None:
        winners = set(result.winner.wrestlers)
    order = list(result.finishing_order)
    if len(sides) > 2 and order:
        place = {name: i for i, name in enumerate(order)}
        return [min(place.get(n, len(order)) for n in side) for side in sides]
    return [0 if set(side) == winners else 1 for side in sides]


# -- season -----------------------------------------------------------------------------------
def book_season_event(
    session: Session,
    league: League,
    matches_per_card: int,
    feuds_by_pair: dict[frozenset[tuple[str, ...]], Feud] | None = None,
    reigns: dict[int, TitleReign | None] | None = None,
) -> LeagueEvent:
    """Book the next card: title defences against the best-rated contenders, feud rematches (a
    blow-off once a feud has run its course), then the rest paired by rating; injured wrestlers rest."""
    pool = [w for w in league.wrestlers if w.active and w.injured_cards == 0]
    pool.sort(key=lambda w: (-w.ordinal, w.name))
    free = {w.name: w for w in pool}
    undercard: list[MatchSpec] = []
    feud_matches: list[MatchSpec] = []
    title_matches: list[MatchSpec] = []

    def take(names: Iterable[str]) -> None:
        for n in names:
            free.pop(n, None)

    def best() -> list[str]:
        return list(free)

    tag_ok = "tag" in match_type_choices(league.game)
    for title in league.titles:
        if len(title_matches) >= matches_per_card:
            break
        reign = reigns[title.id] if reigns is not None and title.id in reigns else current_reign(session, title)
        size = TITLE_SIZES[title.kind]
        if size == 2 and not tag_ok:
            continue
        if reign is not None:
            champs = list(reign.holders)
            if not all(n in free for n in champs):
                continue  # injured or booked: no defence this card
            take(champs)
            contenders = best()
            if len(contenders) < size:
                continue
            challengers = contenders[:size]
            take(challengers)
            title_matches.append(MatchSpec(sides=[champs, challengers], title=title.name))
        else:
            contenders = best()
            if len(contenders) < 2 * size:
                continue
            top = contenders[: 2 * size]
            sides = [[top[0]], [top[1]]] if size == 1 else [[top[0], top[3]], [top[1], top[2]]]
            take(top)
            title_matches.append(MatchSpec(sides=sides, title=title.name))
    feuds = sorted(
        (feuds_by_pair if feuds_by_pair is not None else active_feuds(session, league)).values(),
        key=lambda f: (-f.heat, f.id),
    )
    for feud in feuds:
        if len(title_matches) + len(feud_matches) >= matches_per_card:
            break
        names = [*feud.side_a, *feud.side_b]
        if len(feud.side_a) != len(feud.side_b) or not all(n in free for n in names):
            continue
        if len(feud.side_a) > 1 and not tag_ok:
            continue
        take(names)
        feud_matches.append(
            MatchSpec(sides=[list(feud.side_a), list(feud.side_b)], blowoff=feud.matches >= BLOWOFF_AFTER)
        )
    rest = best()
    while len(title_matches) + len(feud_matches) + len(undercard) < matches_per_card and len(rest) >= 2:
        a, b = rest[0], rest[1]
        rest = rest[2:]
        undercard.append(MatchSpec(sides=[[a], [b]]))
    specs = [*undercard, *feud_matches, *title_matches]
    if not specs:
        raise BookingError(f"{league.name} has too few healthy wrestlers to book a card (sign some)")
    event = _new_event(session, league, None, "card")
    taken: dict[str, int] = {}
    roster = {w.name.lower(): w for w in league.wrestlers}
    feud_map = feuds_by_pair if feuds_by_pair is not None else active_feuds(session, league)
    booked: list[_Booked] = []
    for position, spec in enumerate(specs, start=1):
        _book_match(session, league, event, position, spec, taken, roster, feud_map, reigns, defer=booked)
    _insert_booked(session, event, booked)
    return event


def run_season(
    db: Database,
    league_name: str | None,
    events: int,
    agents: list[str] | None = None,
    matches_per_card: int = 4,
    on_match: Callable[[MatchOutcome], None] | None = None,
    on_event: Callable[[dict[str, Any]], None] | None = None,
    batch: int = 0,
) -> list[dict[str, Any]]:
    """Book and run ``events`` cards. A card left half-run (a crash) is finished first and counts."""
    if events < 1:
        raise LeagueError("a season needs at least one event")
    if matches_per_card < 1:
        raise LeagueError("a card needs at least one match")
    summaries: list[dict[str, Any]] = []
    with Runner(db, league_name, agents, batch) as runner:
        waiting = runner._query(
            lambda: runner.session.execute(
                select(LeagueEvent.number, LeagueMatch.position)
                .join(LeagueMatch, LeagueMatch.event_id == LeagueEvent.id)
                .where(LeagueEvent.league_id == runner.league_id, LeagueMatch.status == LIVE)
                .limit(1)
            ).first()
        )
        if waiting is not None:
            raise LeagueError(
                f"card #{waiting[0]} waits for match {waiting[1]}, played in the browser: "
                f"`turnbuckle league card collect {waiting[0]}` once it is over"
            )
        following: list[tuple[LeagueEvent, bool]] = []  # the next card, and whether this runner booked it

        def book_next() -> None:
            """In the closing transaction of a card: find the next booked card, or book a new one."""
            runner._write_pending()  # the card's close is queued: store it before reading the cards
            session = runner.session
            waiting_id = session.execute(_event_statements().first_booked, {"league_id": runner.league_id}).scalar()
            waiting = session.get(LeagueEvent, waiting_id) if waiting_id is not None else None
            if waiting is not None:
                following.append((waiting, False))
                return
            new = book_season_event(
                runner.session, runner.league, matches_per_card, runner.feud_map(), runner.reign_map()
            )
            following.append((new, True))

        event = runner.next_booked()
        fresh = False
        while len(summaries) < events:
            if event is None:
                event = runner._guard(
                    lambda: book_season_event(
                        runner.session, runner.league, matches_per_card, runner.feud_map(), runner.reign_map()
                    )
                )
                runner._commit()
                fresh = True
            assert event is not None
            more = len(summaries) + 1 < events
            following.clear()
            summary = runner.run_event(event, on_match, fresh, book_next if more else None)
            summaries.append(summary)
            if on_event is not None:
                on_event(summary)
            event, fresh = following[-1] if following else (None, False)
    return summaries


def run_card(
    db: Database,
    league_name: str | None,
    number: int | None,
    agents: list[str] | None = None,
    on_match: Callable[[MatchOutcome], None] | None = None,
    person: PersonSeat | None = None,
    browser: BrowserSeat | None = None,
) -> dict[str, Any]:
    """Run a card with computer agents; ``person``: one match played at the terminal;
    ``browser``: one match handed to the web app first (its link in the summary's ``browser``)."""
    with Runner(db, league_name, agents) as runner:
        event = runner.event_by_number(number) if number is not None else runner.next_booked()
        if event is None:
            raise LeagueError("no booked card to run (book one with `turnbuckle league card new`)")
        sent = None
        if person is not None:
            runner.check_person_match(event, person.position, person.side)
            runner.person = person
        if browser is not None:
            sent = runner.send_to_browser(event, browser)
        summary: dict[str, Any] = runner.run_event(event, on_match)
        if sent is not None:
            summary["browser"] = sent
        return summary


def collect_card(db: Database, league_name: str | None, number: int | None) -> dict[str, Any]:
    """Store the finished browser matches of card ``number`` (default: every card waiting for one)."""
    with Runner(db, league_name) as runner:
        if number is not None:
            events = [runner.event_by_number(number)]
        else:
            events = runner._query(
                lambda: list(
                    runner.session.scalars(
                        select(LeagueEvent)
                        .join(LeagueMatch, LeagueMatch.event_id == LeagueEvent.id)
                        .where(LeagueEvent.league_id == runner.league_id, LeagueMatch.status == LIVE)
                        .distinct()
                        .order_by(LeagueEvent.number)
                    )
                )
            )
        collected: list[dict[str, Any]] = []
        cards: list[dict[str, Any]] = []
        for event in events:
            collected += [{"event": event.number, **entry} for entry in runner.collect(event)]
            cards.append(runner._query(partial(event_summary, runner.session, event)))
        return {"collected": collected, "cards": cards}


# -- views ------------------------------------------------------------------------------------
def event_summary(
    session: Session,
    event: LeagueEvent,
    matches: list[LeagueMatch] | None = None,
    titles: dict[int, str] | None = None,
) -> dict[str, Any]:
    from turnbuckle.league.quality import grade_letter

    if matches is None:
        matches = list(
            session.scalars(select(LeagueMatch).where(LeagueMatch.event_id == event.id).order_by(LeagueMatch.position))
        )
    if titles is None:
        titles = {t.id: t.name for t in session.scalars(select(Title).where(Title.league_id == event.league_id))}
    return {
        "event": event.number,
        "name": event.name,
        "kind": event.kind,
        "status": event.status,
        "ran_at": event.ran_at.isoformat() if event.ran_at else None,
        "grade": event.grade,
        "grade_letter": grade_letter(event.grade),
        "matches": [match_view(m, titles) for m in matches],
    }


def match_view(match: LeagueMatch, titles: dict[int, str]) -> dict[str, Any]:
    result = match.result or {}
    winner = result.get("winner")
    return {
        "id": match.id,
        "position": match.position,
        "round": match.round,
        "match_type": match.match_type,
        "sides": match.sides,
        "title": titles.get(match.title_id) if match.title_id else None,
        "blowoff": match.blowoff,
        "status": match.status,
        "winner": (match.sides[match.winner_side] if match.winner_side is not None else winner["wrestlers"])
        if winner
        else None,
        "method": match.method,
        "detail": result.get("detail"),
        "stars": match.stars,
        "title_changed": match.title_changed,
        "seed": match.seed,
        "agents": match.agents,
        "steps": match.steps,
    }


def list_events(db: Database, league_name: str | None) -> list[dict[str, Any]]:
    with db.read() as session:
        league = get_league(session, league_name)
        return [event_summary(session, e) for e in league.events]


def show_event(db: Database, league_name: str | None, number: int) -> dict[str, Any]:
    with db.read() as session:
        league = get_league(session, league_name)
        event = session.scalar(
            select(LeagueEvent).where(LeagueEvent.league_id == league.id, LeagueEvent.number == number)
        )
        if event is None:
            raise LeagueError(f"{league.name} has no card #{number}")
        return event_summary(session, event)


def standings(db: Database, league_name: str | None, include_released: bool = False) -> dict[str, Any]:
    """W/L/D, streaks and openskill ratings (mu, sigma, ordinal = mu - 3 sigma), best first."""
    with db.read() as session:
        league = get_league(session, league_name)
        rows: list[dict[str, Any]] = []
        for w in league.wrestlers:
            if not w.active and not include_released:
                continue
            rows.append(
                {
                    "name": w.name,
                    "wins": w.wins,
                    "losses": w.losses,
                    "draws": w.draws,
                    "streak": w.streak,
                    "mu": round(w.mu, 3),
                    "sigma": round(w.sigma, 3),
                    "rating": round(w.ordinal, 3),
                    "injured_cards": w.injured_cards,
                    "active": w.active,
                }
            )
        rows.sort(key=lambda r: (-r["rating"], r["name"]))
        for rank, row in enumerate(rows, start=1):
            row["rank"] = rank
        if is_team_game(league.game):
            from turnbuckle.league.teams import add_team_columns

            add_team_columns(session, league, rows)
        return {"league": league.name, "game": league.game, "wrestlers": rows}


def titles_view(db: Database, league_name: str | None) -> list[dict[str, Any]]:
    with db.read() as session:
        league = get_league(session, league_name)
        numbers = {e.id: e.number for e in league.events}
        out = []
        for title in league.titles:
            reigns = [
                {
                    "holders": r.holders,
                    "started_at": r.started_at.isoformat(),
                    "ended_at": r.ended_at.isoformat() if r.ended_at else None,
                    "won_event": numbers.get(r.won_event_id) if r.won_event_id else None,
                    "lost_event": numbers.get(r.lost_event_id) if r.lost_event_id else None,
                    "won_match": r.won_match_id,
                    "lost_match": r.lost_match_id,
                    "defences": r.defences,
                }
                for r in title.reigns
            ]
            champion = next((r["holders"] for r in reigns if r["ended_at"] is None), None)
            out.append({"title": title.name, "kind": title.kind, "champion": champion, "lineage": reigns})
        return out


def feuds_view(db: Database, league_name: str | None, include_ended: bool = True) -> list[dict[str, Any]]:
    with db.read() as session:
        league = get_league(session, league_name)
        numbers = {e.id: e.number for e in league.events}
        feuds = session.scalars(select(Feud).where(Feud.league_id == league.id).order_by(Feud.id))
        return [
            {
                "id": f.id,
                "sides": [f.side_a, f.side_b],
                "reason": f.reason,
                "heat": f.heat,
                "matches": f.matches,
                "active": f.active,
                "started_event": numbers.get(f.started_event_id) if f.started_event_id else None,
                "ended_event": numbers.get(f.ended_event_id) if f.ended_event_id else None,
            }
            for f in feuds
            if include_ended or f.active
        ]


def end_feud(db: Database, league_name: str | None, feud_id: int) -> dict[str, Any]:
    with db.write() as session:
        league = get_league(session, league_name)
        feud = session.get(Feud, feud_id)
        if feud is None or feud.league_id != league.id:
            raise LeagueError(f"{league.name} has no feud {feud_id}")
        if not feud.active:
            raise LeagueError(f"feud {feud_id} has already ended")
        feud.active, feud.ended_at = False, utcnow()
        return {"id": feud.id, "ended": True}


def injuries_view(db: Database, league_name: str | None, include_healed: bool = False) -> list[dict[str, Any]]:
    with db.read() as session:
        league = get_league(session, league_name)
        numbers = {e.id: e.number for e in league.events}
        rows = session.execute(
            select(Injury, LeagueWrestler.name, LeagueMatch.event_id)
            .join(LeagueWrestler, LeagueWrestler.id == Injury.wrestler_id)
            .join(LeagueMatch, LeagueMatch.id == Injury.match_id)
            .where(LeagueWrestler.league_id == league.id)
            .order_by(Injury.id)
        ).all()
        return [
            {
                "wrestler": name,
                "cards": injury.cards,
                "remaining": injury.remaining,
                "match": injury.match_id,
                "event": numbers.get(event_id),
                "healed_event": numbers.get(injury.healed_event_id) if injury.healed_event_id else None,
            }
            for injury, name, event_id in rows
            if include_healed or injury.remaining > 0
        ]


def history(db: Database, league_name: str | None, wrestler_name: str) -> dict[str, Any]:
    with db.read() as session:
        league = get_league(session, league_name)
        wrestler = get_wrestler(session, league, wrestler_name, active=False)
        numbers = {e.id: e.number for e in league.events}
        titles = {t.id: t.name for t in league.titles}
        rows = session.execute(
            select(LeagueMatch, MatchEntrant.outcome, RatingHistory.mu, RatingHistory.sigma)
            .join(MatchEntrant, MatchEntrant.match_id == LeagueMatch.id)
            .outerjoin(
                RatingHistory,
                (RatingHistory.match_id == LeagueMatch.id) & (RatingHistory.wrestler_id == wrestler.id),
            )
            .where(MatchEntrant.wrestler_id == wrestler.id)
            .order_by(LeagueMatch.event_id, LeagueMatch.position)
        ).all()
        matches = []
        for match, outcome, mu, sigma in rows:
            view = match_view(match, titles)
            view["event"] = numbers.get(match.event_id)
            view["outcome"] = outcome
            view["opponents"] = [n for s in match.sides for n in s if n != wrestler.name and wrestler.name not in s]
            view["rating_after"] = None if mu is None else round(mu - 3 * sigma, 3)
            matches.append(view)
        return {
            "wrestler": wrestler.name,
            "record": {"wins": wrestler.wins, "losses": wrestler.losses, "draws": wrestler.draws},
            "streak": wrestler.streak,
            "rating": round(wrestler.ordinal, 3),
            "mu": round(wrestler.mu, 3),
            "sigma": round(wrestler.sigma, 3),
            "matches": matches,
        }


def replay_match(db: Database, league_name: str | None, match_id: int) -> dict[str, Any]:
    """Play a stored match again from its seed, params and agents; it must give the same actions
    and result (and its action log must replay on its own)."""
    with db.read() as session:
        league = get_league(session, league_name)
        match = session.get(LeagueMatch, match_id)
        if match is None or match.event.league_id != league.id:
            raise LeagueError(f"{league.name} has no match {match_id}")
        if match.status != "done" or match.params is None or match.seed is None or match.actions is None:
            raise LeagueError(f"match {match_id} has not been played yet")
        params, seed, agents, actions, stored = (
            match.params,
            match.seed,
            match.agents or [],
            match.actions,
            match.result,
        )
        game_name = league.game
    game = load_game(game_name, **params)
    replayed = game.state_from_actions(actions)
    result = replayed.match_result()
    if result is None or result.to_dict() != stored:
        raise ReplayMismatchError(f"match {match_id}: its stored action log no longer gives the stored result")
    if BROWSER in agents:  # the web app's computer moves under a time cap: the log and its dice are checked
        try:
            checked_web_state(game, actions, seed)
        except ReplayMismatchError as exc:
            raise ReplayMismatchError(f"match {match_id}: {exc}") from None
        return {
            "match": match_id,
            "seed": seed,
            "agents": agents,
            "actions": len(actions),
            "reproduces": True,
            "checked": "action log and dice (played in the browser)",
            "result": result.describe(),
        }
    try:
        record = play_match(game, replay_agents(game, agents, actions, make_agent), seed)
    except ReplayMismatchError as exc:
        raise ReplayMismatchError(f"match {match_id}: {exc}") from None
    except IllegalActionError as exc:
        raise ReplayMismatchError(f"match {match_id}: re-running seed {seed} leaves the stored log: {exc}") from None
    if record.actions != actions:
        first = next(
            (i for i, (x, y) in enumerate(zip(record.actions, actions, strict=False)) if x != y),
            min(len(record.actions), len(actions)),
        )
        raise ReplayMismatchError(
            f"match {match_id}: re-running seed {seed} differs from the stored log at action #{first}"
        )
    if record.result.to_dict() != stored:
        raise ReplayMismatchError(
            f"match {match_id}: re-running gives {record.result.describe()}, not the stored result"
        )
    return {
        "match": match_id,
        "seed": seed,
        "agents": agents,
        "actions": len(actions),
        "reproduces": True,
        "result": record.result.describe(),
    }


__all__ = [
    "MatchOutcome",
    "Runner",
    "book_card",
    "book_season_event",
    "book_tournament",
    "collect_card",
    "create_league",
    "end_feud",
    "feuds_view",
    "get_league",
    "history",
    "injuries_view",
    "list_events",
    "new_title",
    "release",
    "replay_match",
    "run_card",
    "run_season",
    "show_event",
    "sign",
    "standings",
    "titles_view",
]
