"""Players in web matches: who plays which seat, claiming a guest's matches, reaching one's seat
from any browser, and, when a match ends, its result per seat and the new ratings.

A player's seat is recorded in ``player_seats`` (lobby matches when they start; a guest's matches
when the guest signs up and claims them). The browser plays a seat with a seat token as ever: a
player asks for one (``seat_token``) and the match service stores a new grant for that seat held
by ``player:ID``, so the table works as it always has. When a match with players ends, the match
service's finish hook (``Settle``) stores each seat's place and, for a rated match, updates the
players' ratings (``turnbuckle.ratings``: openskill Plackett-Luce; a computer's published rating
stays fixed) and their history, in one transaction that only the first process to finish it wins.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from turnbuckle.engine.registry import load_game
from turnbuckle.engine.result import MatchResult, Method
from turnbuckle.ratings import DEFAULT, Rating, computer_rating, ranks_from_result, rate_seats
from turnbuckle.store import Database, StoreBusyError, utcnow
from turnbuckle.store.player_models import AccountMatch, PlayerSeat, RatingHistory
from turnbuckle.store.player_models import Rating as RatingRow
from turnbuckle.web import grants
from turnbuckle.web.errors import ApiError, Forbidden
from turnbuckle.web.repository import LiveMatchRecord
from turnbuckle.web.service import MatchService

log = logging.getLogger("turnbuckle.web.players")


def holder(player_id: int) -> str:
    return f"player:{player_id}"


def published_rating(game: str, agent: str) -> Rating | None:
    """A computer opponent's fixed, published rating (None: it has none, or none are published)."""
    try:
        return computer_rating(game, agent)
    except Exception:  # no calibration file shipped (yet): no computer has a published rating
        return None


# -- seats --------------------------------------------------------------------------------------
def seats_of(db: Database, match_id: str, player_id: int) -> list[int]:
    with db.read() as session:
        return list(session.scalars(select(PlayerSeat.seat).where(
            PlayerSeat.match_id == match_id, PlayerSeat.player_id == player_id).order_by(PlayerSeat.seat)))


def seat_token(db: Database, service: MatchService, match_id: str, player_id: int) -> tuple[int, str]:
    """(seat, a new token playing it) for the player's seat in the match; 403 if they have none."""
    match = service.get(match_id)
    seats = seats_of(db, match_id, player_id)
    if not seats:
        raise Forbidden("you play no seat in this match")
    return seats[0], service.holder_token(match, seats[0], holder(player_id))


def seat_entries(specs: Iterable[str], players: dict[int, int]) -> list[dict[str, Any]]:
    """``AccountMatch.seats`` from the seat specs and the players by seat."""
    out: list[dict[str, Any]] = []
    for seat, spec in enumerate(specs):
        if seat in players:
            out.append({"player": players[seat]})
        elif spec.startswith("computer"):
            out.append({"computer": spec.partition(":")[2] or "computer"})
        else:
            out.append({})
    return out


def add_account_match(db: Database, match_id: str, game: str, specs: list[str], players: dict[int, int],
                      rated: bool) -> None:
    """Record who plays a match that has players (a lobby match as it starts)."""
    with db.write() as session:
        session.add(AccountMatch(match_id=match_id, game=game, rated=rated, seats=seat_entries(specs, players)))
        session.add_all(PlayerSeat(match_id=match_id, seat=s, player_id=p) for s, p in players.items())


def claim(db: Database, service: MatchService, player_id: int, pairs: Iterable[tuple[str, str]]) -> int:
    """Claim the seats a guest played with these (match id, token) pairs: the seat of an invite
    token, the ``human`` seat of an owner token (never a hot-seat seat, someone else's at that
    screen). A seat someone has claimed already stays theirs. Returns the matches claimed."""
    claimed = 0
    for match_id, token in pairs:
        try:
            match = service.get(match_id)
        except (ApiError, ValueError, LookupError):
            continue
        except Exception:
            log.exception("could not load match %s to claim it", match_id)
            continue
        with match.lock:
            found = grants.find(match.record.tokens, token)
            specs = list(match.record.seats)
            record = match.record
            finished = record.finished
        if found is None:
            continue
        grant = found[1]
        seats = [s for s in sorted(grant.seats)
                 if (grant.owner and specs[s] == "human") or (not grant.owner and specs[s] == grants.INVITE)]
        if seats and _claim_seats(db, record, specs, seats, player_id, finished):
            claimed += 1
    return claimed


def _claim_seats(db: Database, record: LiveMatchRecord, specs: list[str], seats: list[int], player_id: int,
                 finished: bool) -> bool:
    with db.write() as session:
        taken = set(session.scalars(select(PlayerSeat.seat).where(PlayerSeat.match_id == record.id)))
        free = [s for s in seats if s not in taken]
        if not free:
            return False
        session.add_all(PlayerSeat(match_id=record.id, seat=s, player_id=player_id) for s in free)
        row = session.get(AccountMatch, record.id)
        players = {s: player_id for s in free}
        if row is None:
            row = AccountMatch(match_id=record.id, game=record.game, rated=False,
                               seats=seat_entries(specs, players))
            session.add(row)
        else:
            entries = list(row.seats)
            for s in free:
                entries[s] = {"player": player_id}
            row.seats = entries
        if finished and row.finished_at is None:
            places, summary = places_of(record)
            row.places, row.summary, row.finished_at = places, summary[:300], utcnow()
    return True


# -- the end of a match -------------------------------------------------------------------------
def result_of(record: LiveMatchRecord) -> MatchResult:
    """How the finished match ended (rebuilt from its stored log; a win claimed on time: the seats
    out of time lose, the others share the win)."""
    game = load_game(record.game, **record.params)
    clock = record.clock or {}
    if clock.get("ended") == "claimed":
        out = set(clock.get("pending") or clock.get("flagged") or [])
        sides = tuple(game.sides())
        standing = [side for side in sides if not out & set(side.players)]
        returns = tuple(-1.0 if seat in out else 1.0 for seat in range(game.num_players()))
        return MatchResult(winner=standing[0] if len(standing) == 1 else None, method=Method.CONCEDED,
                           returns=returns, sides=sides, detail="out of time")
    result = game.state_from_actions(record.actions).match_result()
    if result is None:
        raise ValueError(f"match {record.id} is not over")
    return result


def places_of(record: LiveMatchRecord, result: MatchResult | None = None) -> tuple[list[int], str]:
    """Each seat's place in the finished match (0: the winners; sides that tied share one)."""
    result = result or result_of(record)
    places = [0] * len(result.returns)
    for side, rank in zip(result.sides, ranks_from_result(result), strict=True):
        for seat in side.players:
            places[seat] = rank
    return places, result.describe()


def settle(db: Database, record: LiveMatchRecord) -> bool:
    """Store a finished match's places and, if it is rated, the new ratings (once, whichever
    process gets there first). Returns whether this call did it."""
    with db.read() as session:
        row = session.get(AccountMatch, record.id)
        if row is None or row.finished_at is not None:
            return False
        rated, entries, game = row.rated, list(row.seats), row.game
    clock = record.clock or {}
    now = utcnow()
    if clock.get("ended") == "aborted":  # no result, no ratings
        with db.write() as session:
            done = session.execute(update(AccountMatch).where(AccountMatch.match_id == record.id,
                                                              AccountMatch.finished_at.is_(None))
                                   .values(finished_at=now, summary=record.summary[:300]))
            return bool(getattr(done, "rowcount", 0))
    rated = rated and not clock.get("unrated")  # a computer took a seat over on time
    result = result_of(record)
    places, summary = places_of(record, result)
    if clock.get("ended"):
        summary = record.summary
    with db.write() as session:
        done = session.execute(update(AccountMatch).where(AccountMatch.match_id == record.id,
                                                          AccountMatch.finished_at.is_(None))
                               .values(finished_at=now, places=places, summary=summary[:300], rated=rated))
        if not getattr(done, "rowcount", 0):
            return False  # another process settled it
        if rated:
            _rate(session, record.id, game, entries, result, places, now)
    return True


def _rate(session: Session, match_id: str, game: str, entries: list[dict[str, Any]], result: MatchResult,
          places: list[int], now: datetime) -> None:
    """The players' new ratings (``turnbuckle.ratings.rate_seats``; a computer keeps its published
    one) and a history line each, in the settling transaction."""
    rows: dict[int, RatingRow] = {}
    before: dict[int, Rating] = {}
    for seat in range(len(places)):
        entry = entries[seat] if seat < len(entries) else {}
        if "player" in entry:
            pid = int(entry["player"])
            row = session.get(RatingRow, (pid, game))
            if row is None:
                row = RatingRow(player_id=pid, game=game, rating=DEFAULT.mu, deviation=DEFAULT.sigma, state={},
                                games=0, updated_at=now)
                session.add(row)
            rows[seat] = row
            before[seat] = Rating(row.rating, row.deviation)
        else:  # a computer's published rating (lobby matches are rated only with one); else a fixed newcomer
            fixed = published_rating(game, str(entry.get("computer", "")))
            before[seat] = fixed if fixed is not None else Rating(DEFAULT.mu, DEFAULT.sigma, fixed=True)
    after = rate_seats(result, before)
    for seat, row in rows.items():
        new = after[seat]
        row.rating, row.deviation, row.games, row.updated_at = new.mu, new.sigma, row.games + 1, now
        session.add(RatingHistory(player_id=row.player_id, game=game, match_id=match_id, rating=new.mu,
                                  deviation=new.sigma, place=places[seat], at=now))


class Settle:
    """The match service's finish hook: settle a match with players when it ends (in a thread: the
    hook is called with the match locked)."""

    def __init__(self, db: Database, attempts: int = 5) -> None:
        self.db = db
        self.attempts = attempts
        self.threads: list[threading.Thread] = []

    def __call__(self, record: LiveMatchRecord) -> None:
        thread = threading.Thread(target=self.run, args=(record,), name=f"settle-{record.id}", daemon=True)
        self.threads = [t for t in self.threads if t.is_alive()] + [thread]
        thread.start()

    def run(self, record: LiveMatchRecord) -> None:
        for attempt in range(self.attempts):
            try:
                settle(self.db, record)
                return
            except StoreBusyError:
                time.sleep(0.2 * (attempt + 1))
            except Exception:
                log.exception("could not settle match %s", record.id)
                return
        log.error("gave up settling match %s: the database stayed busy", record.id)

    def wait(self, timeout: float = 10.0) -> None:
        """Wait for the settling under way (tests)."""
        for thread in list(self.threads):
            thread.join(timeout)


def settle_pending(db: Database, service: MatchService, player_id: int) -> None:
    """Settle any finished match of the player whose settling a restart interrupted."""
    with db.read() as session:
        ids = list(session.scalars(select(AccountMatch.match_id).join(
            PlayerSeat, PlayerSeat.match_id == AccountMatch.match_id).where(
            PlayerSeat.player_id == player_id, AccountMatch.finished_at.is_(None))))
    for match_id in ids:
        record = service.repository.get(match_id)
        if record is not None and record.finished:
            try:
                settle(db, record)
            except Exception:
                log.exception("could not settle match %s", match_id)


__all__ = ["Settle", "add_account_match", "claim", "holder", "places_of", "published_rating", "seat_token",
           "seats_of", "settle", "settle_pending"]
