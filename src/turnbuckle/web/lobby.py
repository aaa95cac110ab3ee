"""The lobby's challenges: create, cancel, accept (seat by seat), fill with computers, start.

A challenge is a game with its options, rated or casual, the creator's seat (or "random": seats
are drawn when the match starts), optionally a rating range for who may accept, or one named
player (a direct challenge). Players take seats one by one; when every seat is taken (or the
creator fills the empty ones with computer players) the match starts: each player's seat is an
``invite`` seat of a new web match, reached with a token the player asks for
(``player_matches.seat_token``).

Every change is a conditional update on the challenge's ``version`` (``UPDATE ... WHERE id = ?
AND version = ? AND status = 'open'``): of two accepts at once, whichever process or thread,
exactly one changes the row and the other is told the challenge was taken. On PostgreSQL each
change also sends a notice (``turnbuckle_lobby``) so every process's lobby pages update at once.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.orm import Session

from turnbuckle.engine.errors import quoted
from turnbuckle.ratings import DEFAULT, Rating, display, display_text
from turnbuckle.store import Database, utcnow
from turnbuckle.store.notices import notify
from turnbuckle.store.player_models import Challenge, Player
from turnbuckle.store.player_models import Rating as RatingRow
from turnbuckle.web import abandonment, clocks
from turnbuckle.web.accounts import PlayerInfo, find
from turnbuckle.web.errors import BadRequest, Conflict, Forbidden, NotFound
from turnbuckle.web.player_matches import add_account_match, published_rating
from turnbuckle.web.service import MatchService
from turnbuckle.web.setup import build_game, parse_seat

CHANNEL = "turnbuckle_lobby"
OPEN_PER_PLAYER = 10
"""Open challenges one player may have at once."""
MAX_SHOWN = 200
STARTING = "starting"
"""A challenge whose match is being made: claimed (no longer open), not yet shown as started."""


@dataclass
class SeatView:
    seat: int
    label: str
    player: str | None = None
    computer: str | None = None


@dataclass
class ChallengeView:
    """A challenge as the lobby shows it."""

    id: int
    game: str
    title: str
    params: dict[str, Any]
    creator: str
    target: str | None
    rated: bool
    random_seats: bool
    min_rating: int | None
    max_rating: int | None
    status: str
    match_id: str | None
    version: int
    seats: list[SeatView] = field(default_factory=list)
    created: float = 0.0
    creator_rating: str = ""
    """The creator's rating in the game as shown (``1540?``)."""
    time_control: dict[str, Any] | None = None
    creator_record: list[int] = field(default_factory=lambda: [0, 0])
    """The creator's abandonment record: [finished, abandoned] (``turnbuckle.web.abandonment``)."""

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "title": self.title, "params": self.params, "creator": self.creator,
            "creator_rating": self.creator_rating, "target": self.target, "rated": self.rated,
            "random_seats": self.random_seats,
            "min_rating": self.min_rating, "max_rating": self.max_rating, "status": self.status,
            "match_id": self.match_id, "version": self.version, "created": self.created,
            "time_control": self.time_control, "clock": clocks.describe(self.time_control),
            "creator_record": self.creator_record,
            "seats": [{"seat": s.seat, "label": s.label, "player": s.player, "computer": s.computer}
                      for s in self.seats],
            "open_seats": [s.seat for s in self.seats if s.player is None and s.computer is None],
        }


def changed(db: Database, session: Session) -> None:
    """Tell every process's lobby pages (PostgreSQL) that the challenges changed, at commit."""
    if db.is_postgres:
        notify(session, CHANNEL, "changed")


def rating_of(db: Database, player_id: int, game: str) -> Rating:
    with db.read() as session:
        row = session.get(RatingRow, (player_id, game))
        return Rating(row.rating, row.deviation) if row is not None else DEFAULT


def _names(session: Session, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    return {pid: name for pid, name in session.execute(select(Player.id, Player.name).where(Player.id.in_(ids)))}


@lru_cache(maxsize=512)
def _labels(game_name: str, params: str) -> tuple[str, tuple[str, ...]]:
    """A game's title and seat labels for these options (the lobby asks for them every few seconds);
    for options the rules no longer take, the game's id and numbered seats (the lobby still lists it)."""
    try:
        game = build_game(game_name, json.loads(params))
    except Exception:
        return game_name, ()
    return game.title, tuple(game.player_label(p) for p in range(game.num_players()))


def _view(row: Challenge, names: dict[int, str]) -> ChallengeView:
    title, labels = _labels(row.game, json.dumps(row.params, sort_keys=True))
    seats = []
    for seat, entry in enumerate(row.seats):
        entry = entry or {}
        seats.append(SeatView(seat, labels[seat] if seat < len(labels) else f"seat {seat}",
                              names.get(int(entry["player"])) if "player" in entry else None,
                              entry.get("computer")))
    return ChallengeView(
        id=row.id, game=row.game, title=title, params=dict(row.params), creator=names.get(row.creator_id, "?"),
        target=names.get(row.target_id) if row.target_id is not None else None, rated=row.rated,
        random_seats=row.random_seats, min_rating=row.min_rating, max_rating=row.max_rating, status=row.status,
        match_id=row.match_id, version=row.version, seats=seats, created=row.created_at.timestamp(),
        time_control=row.time_control,
    )


def _views(session: Session, rows: list[Challenge]) -> list[ChallengeView]:
    ids: set[int] = set()
    for row in rows:
        ids.add(row.creator_id)
        if row.target_id is not None:
            ids.add(row.target_id)
        ids.update(int(e["player"]) for e in row.seats if e and "player" in e)
    names = _names(session, ids)
    records = abandonment.records(session, {row.creator_id for row in rows})
    games = {row.game for row in rows}
    ratings = {(r.player_id, r.game): display_text(Rating(r.rating, r.deviation)) for r in session.scalars(
        select(RatingRow).where(RatingRow.player_id.in_(ids), RatingRow.game.in_(games)))} if ids else {}
    views = []
    for row in rows:
        view = _view(row, names)
        view.creator_rating = ratings.get((row.creator_id, row.game), display_text(DEFAULT))
        view.creator_record = list(records.get(row.creator_id, (0, 0)))
        views.append(view)
    return views


def open_challenges(db: Database, viewer: PlayerInfo | None) -> list[ChallengeView]:
    """The open challenges a viewer may see: every public one, and direct ones to or from them."""
    with db.read() as session:
        query = select(Challenge).where(Challenge.status == "open")
        if viewer is None:
            query = query.where(Challenge.target_id.is_(None))
        else:
            query = query.where(or_(Challenge.target_id.is_(None), Challenge.target_id == viewer.id,
                                    Challenge.creator_id == viewer.id))
        rows = list(session.scalars(query.order_by(Challenge.created_at.desc(), Challenge.id.desc()).limit(MAX_SHOWN)))
        return _views(session, rows)


def started_for(db: Database, viewer: PlayerInfo, since: datetime) -> list[ChallengeView]:
    """Challenges the viewer is seated in that started since ``since`` (the lobby page takes them
    to their table)."""
    with db.read() as session:
        rows = list(session.scalars(select(Challenge).where(Challenge.status == "started",
                                                           Challenge.updated_at >= since)))
        mine = [r for r in rows if any(e and e.get("player") == viewer.id for e in r.seats)]
        return _views(session, mine)


def get(db: Database, challenge_id: int) -> ChallengeView:
    with db.read() as session:
        row = session.get(Challenge, challenge_id)
        if row is None:
            raise NotFound(f"no challenge {challenge_id}")
        return _views(session, [row])[0]


# -- creating -----------------------------------------------------------------------------------
def create(
    db: Database,
    player: PlayerInfo,
    game_name: Any,
    params: Any,
    *,
    rated: bool = False,
    seat: int | None = None,
    min_rating: int | None = None,
    max_rating: int | None = None,
    opponent: str | None = None,
    time_control: Any = None,
) -> ChallengeView:
    """A new open challenge with the creator in ``seat`` (None: seats drawn at the start) and a clock
    (``clocks.time_control``; None: none)."""
    game = build_game(game_name, params if params is not None else {})
    control = clocks.time_control(time_control)
    n = game.num_players()
    if seat is not None and not 0 <= seat < n:
        raise BadRequest(f"seat must be from 0 to {n - 1} in this game, or left out for a random seat")
    if min_rating is not None and max_rating is not None and min_rating > max_rating:
        raise BadRequest("the lowest rating is above the highest")
    target_id = None
    if opponent:
        target = find(db, opponent)
        if target is None or target.disabled:
            raise NotFound(f"no player named {quoted(opponent)}")
        if target.id == player.id:
            raise BadRequest("you cannot challenge yourself")
        target_id = target.id
    seats: list[dict[str, Any] | None] = [None] * n
    seats[seat if seat is not None else 0] = {"player": player.id}
    with db.write() as session:
        count = session.scalar(select(func.count()).select_from(Challenge).where(
            Challenge.creator_id == player.id, Challenge.status == "open")) or 0
        if count >= OPEN_PER_PLAYER:
            raise Conflict(f"you have {OPEN_PER_PLAYER} open challenges already: cancel one first")
        row = Challenge(creator_id=player.id, target_id=target_id, game=game.name, params=dict(params or {}),
                        rated=rated, seats=seats, random_seats=seat is None, min_rating=min_rating,
                        max_rating=max_rating, status="open", time_control=control)
        session.add(row)
        session.flush()
        changed(db, session)
        return _views(session, [row])[0]


def _conditional(db: Database, challenge_id: int, version: int, **values: Any) -> bool:
    """Change an open challenge if it is still at ``version``: True for the one caller that did."""
    with db.write() as session:
        done = session.execute(
            update(Challenge).where(Challenge.id == challenge_id, Challenge.version == version,
                                    Challenge.status == "open")
            .values(version=version + 1, updated_at=utcnow(), **values)
        )
        won = bool(getattr(done, "rowcount", 0))
        if won:
            changed(db, session)
        return won


def _row(db: Database, challenge_id: int) -> Challenge:
    with db.read() as session:
        row = session.get(Challenge, challenge_id)
        if row is not None:
            session.expunge(row)  # kept as read: the read session's rollback would expire it
    if row is None:
        raise NotFound(f"no challenge {challenge_id}")
    return row


def _refusal(db: Database, challenge_id: int) -> Conflict:
    row = _row(db, challenge_id)
    if row.status in ("started", STARTING):
        return Conflict("this challenge was taken: another player accepted it first")
    if row.status != "open":
        return Conflict(f"this challenge is no longer open ({row.status})")
    return Conflict("this challenge changed meanwhile (someone took a seat): look again and retry")


def cancel(db: Database, player: PlayerInfo, challenge_id: int) -> None:
    row = _row(db, challenge_id)
    if row.creator_id != player.id:
        raise Forbidden("only the player who made a challenge can cancel it")
    if row.status != "open" or not _conditional(db, challenge_id, row.version, status="cancelled"):
        raise _refusal(db, challenge_id)


def accept(db: Database, service: MatchService, player: PlayerInfo, challenge_id: int,
           seat: int | None = None) -> ChallengeView:
    """Take a seat (``None``: any open one) of an open challenge; when it is the last, the match
    starts. A seat or challenge taken meanwhile is a 409 saying so."""
    row = _row(db, challenge_id)
    if row.status != "open":
        raise _refusal(db, challenge_id)
    seats = list(row.seats)
    if row.creator_id == player.id or any(e and e.get("player") == player.id for e in seats):
        raise Conflict("you have a seat in this challenge already")
    if row.target_id is not None and row.target_id != player.id:
        raise Forbidden("this challenge is for another player")
    if row.min_rating is not None or row.max_rating is not None:
        shown = display(rating_of(db, player.id, row.game))
        if (row.min_rating is not None and shown < row.min_rating) or (
                row.max_rating is not None and shown > row.max_rating):
            raise Forbidden(f"this challenge is for ratings {row.min_rating or '...'} to {row.max_rating or '...'}; "
                            f"yours in this game is {shown}")
    empty = [i for i, e in enumerate(seats) if not e]
    if seat is None:
        if not empty:
            raise _refusal(db, challenge_id)
        seat = secrets.choice(empty)
    elif not 0 <= seat < len(seats):
        raise BadRequest(f"this challenge has seats 0 to {len(seats) - 1}")
    elif seat not in empty:
        raise Conflict("that seat is taken: choose another")
    seats[seat] = {"player": player.id}
    return _fill(db, service, row, seats)


def fill_with_computers(db: Database, service: MatchService, player: PlayerInfo, challenge_id: int,
                        agent: str | None = None) -> ChallengeView:
    """The creator fills every empty seat with a computer player (``agent``: the game's strongest
    if None) and the match starts."""
    row = _row(db, challenge_id)
    if row.creator_id != player.id:
        raise Forbidden("only the player who made a challenge can fill its seats with computers")
    if row.status != "open":
        raise _refusal(db, challenge_id)
    game = build_game(row.game, row.params)
    seats = list(row.seats)
    for i, entry in enumerate(seats):
        if not entry:
            spec = parse_seat(f"computer:{agent}" if agent else "computer", game, i)
            name = spec.partition(":")[2]
            if row.rated and published_rating(row.game, name) is None:
                raise BadRequest(f"the computer {quoted(name)} has no published rating in {game.title}: "
                                 "a rated match needs one (or make the challenge casual)")
            seats[i] = {"computer": name}
    return _fill(db, service, row, seats)


def _fill(db: Database, service: MatchService, row: Challenge, seats: list[Any]) -> ChallengeView:
    full = all(seats)
    values: dict[str, Any] = {"seats": seats}
    if full:
        if row.random_seats:
            order = list(range(len(seats)))
            secrets.SystemRandom().shuffle(order)
            seats = [seats[i] for i in order]
            values["seats"] = seats
        # claimed as "starting" (no longer open, not yet shown as started): the lobbies send the
        # players to their seats only once the match and its seats exist
        values.update(status=STARTING, match_id=secrets.token_urlsafe(9))
    if not _conditional(db, row.id, row.version, **values):
        raise _refusal(db, row.id)
    if full:
        try:
            _start(db, service, row, seats, str(values["match_id"]))
        except Exception:  # the match could not be made: the challenge ends rather than pointing nowhere
            with db.write() as session:
                session.execute(update(Challenge).where(Challenge.id == row.id)
                                .values(status="cancelled", match_id=None, updated_at=utcnow()))
                changed(db, session)
            raise
        with db.write() as session:
            session.execute(update(Challenge).where(Challenge.id == row.id, Challenge.status == STARTING)
                            .values(status="started", updated_at=utcnow()))
            changed(db, session)
    return get(db, row.id)


def _start(db: Database, service: MatchService, row: Challenge, seats: list[Any], match_id: str) -> None:
    specs = ["invite" if "player" in e else f"computer:{e['computer']}" for e in seats]
    game = build_game(row.game, row.params)
    service.create_for_game(game, specs, match_id=match_id, hints=False if row.rated else None,
                            time_control=row.time_control, rated=row.rated)
    players = {i: int(e["player"]) for i, e in enumerate(seats) if "player" in e}
    add_account_match(db, match_id, game.name, specs, players, row.rated)


# -- the computer opponents ---------------------------------------------------------------------
@dataclass(frozen=True)
class ComputerOpponent:
    agent: str
    rating: str | None
    """The published rating as shown (``1650``), None when it has none."""


@dataclass(frozen=True)
class GameComputers:
    game: str
    title: str
    default: str
    """The game's strongest computer (offered first)."""
    opponents: list[ComputerOpponent]


def computer_opponents() -> list[GameComputers]:
    """Each game's computer opponents with their published ratings (the "play the computer" list)."""
    from turnbuckle.agents.registry import agent_names, strongest_agent
    from turnbuckle.engine.registry import list_games, load_game

    out = []
    for name in list_games():
        game = load_game(name)
        opponents = []
        for agent in agent_names(game):
            fixed = published_rating(name, agent)
            opponents.append(ComputerOpponent(agent, display_text(fixed) if fixed else None))
        out.append(GameComputers(name, game.title, strongest_agent(game), opponents))
    return out


def play_computer(db: Database, service: MatchService, player: PlayerInfo, game_name: Any, params: Any,
                  agent: str | None, *, rated: bool = False, seat: int | None = None,
                  time_control: Any = None) -> ChallengeView:
    """A challenge against the computer, started at once: the player in ``seat`` (None: drawn)."""
    made = create(db, player, game_name, params, rated=rated, seat=seat, time_control=time_control)
    try:
        return fill_with_computers(db, service, player, made.id, agent)
    except Exception:
        cancel(db, player, made.id)
        raise


__all__ = ["CHANNEL", "ChallengeView", "ComputerOpponent", "GameComputers", "accept", "cancel", "changed",
           "computer_opponents", "create", "fill_with_computers", "get", "open_challenges", "play_computer",
           "rating_of", "started_for"]
