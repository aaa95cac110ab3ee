"""What the player pages show, read from the database: a player's matches (current and finished,
with results), ratings per game with their history, the record against each opponent, and each
game's leaderboard."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from sqlalchemy import select

from turnbuckle.engine.registry import game_class, list_games, load_game
from turnbuckle.ratings import Rating, Standing, display, display_text, is_provisional, leaderboard
from turnbuckle.store import Database
from turnbuckle.store.live_models import LiveMatchRow
from turnbuckle.store.player_models import AccountMatch, Player, PlayerSeat, RatingHistory
from turnbuckle.store.player_models import Rating as RatingRow

FINISHED_SHOWN = 50


@dataclass
class MatchLine:
    id: str
    game: str
    title: str
    opponents: list[str]
    rated: bool
    outcome: str = ""
    """won, lost, drew, or a place (``2nd of 4``) in a multi-side match."""
    summary: str = ""
    change: str = ""
    """The rating change (``+14``) of a rated match."""
    review: bool = False
    """Whether the line links its review: every finished match's (``web.review.review_allowed``)."""


@dataclass
class GameRating:
    game: str
    title: str
    rating: str
    games: int
    provisional: bool
    points: list[tuple[int, float, str]] = field(default_factory=list)
    """(match number, displayed rating, outcome) after each rated match."""


@dataclass
class Record:
    opponent: str
    computer: bool
    won: int = 0
    lost: int = 0
    drawn: int = 0


@dataclass
class PlayerPage:
    name: str
    since: str
    current: list[MatchLine]
    finished: list[MatchLine]
    ratings: list[GameRating]
    records: list[Record]


@lru_cache(maxsize=256)
def _sides(game: str, params: str, seats: int) -> tuple[tuple[int, ...], ...]:
    """The seats of each side; a match whose rules changed since: each seat its own side."""
    try:
        return tuple(side.players for side in load_game(game, **json.loads(params)).sides())
    except Exception:
        return tuple((seat,) for seat in range(seats))


def _title(game: str) -> str:
    try:
        return game_class(game).title
    except Exception:
        return game


def _side_of(sides: tuple[tuple[int, ...], ...], seat: int) -> int:
    return next((i for i, side in enumerate(sides) if seat in side), seat)


def _who(entry: dict[str, Any], names: dict[int, str]) -> str:
    if "player" in entry:
        return names.get(int(entry["player"]), "?")
    if "computer" in entry:
        return f"computer ({entry['computer']})"
    return "a guest"


def _outcome(places: list[int], my_place: int, sides: int) -> str:
    if len(set(places)) == 1:
        return "drew"
    if my_place == 0:
        return "won"
    if sides <= 2:
        return "lost"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(my_place + 1, "th")
    return f"{my_place + 1}{suffix} of {sides}"


def _point_outcome(row: AccountMatch | None, place: int) -> str:
    """win, loss or draw for the chart's colours (a multi-side match: a win only in first place)."""
    if row is not None and row.places and len(set(row.places)) == 1:
        return "draw"
    return "win" if place == 0 else "loss"


def player_page(db: Database, player_id: int) -> PlayerPage:
    with db.read() as session:
        player = session.get(Player, player_id)
        if player is None:
            raise LookupError(player_id)
        seats = session.execute(select(PlayerSeat.match_id, PlayerSeat.seat)
                                .where(PlayerSeat.player_id == player_id)).all()
        my_seat = {m: s for m, s in seats}
        ids = list(my_seat)
        matches = {r.match_id: r for r in session.scalars(select(AccountMatch).where(AccountMatch.match_id.in_(ids)))}
        live = {r.id: r for r in session.scalars(select(LiveMatchRow).where(LiveMatchRow.id.in_(ids)))}
        players = {int(e["player"]) for m in matches.values() for e in m.seats if e and "player" in e}
        names = dict(session.execute(select(Player.id, Player.name).where(Player.id.in_(players))).all())
        history = list(session.scalars(select(RatingHistory).where(RatingHistory.player_id == player_id)
                                       .order_by(RatingHistory.at, RatingHistory.id)))
        ratings = list(session.scalars(select(RatingRow).where(RatingRow.player_id == player_id)))
        since = player.created_at.strftime("%Y-%m-%d")
        name = player.name
        session.expunge_all()  # kept as read: the read session's rollback would expire them
    changes: dict[str, float] = {}
    by_game: dict[str, list[RatingHistory]] = defaultdict(list)
    for h in history:
        by_game[h.game].append(h)
    for rows in by_game.values():
        before = Rating()
        for h in rows:
            now = Rating(h.rating, h.deviation)
            changes[h.match_id] = display(now) - display(before)
            before = now
    current: list[MatchLine] = []
    finished: list[tuple[float, MatchLine]] = []
    records: dict[str, Record] = {}
    for match_id, seat in my_seat.items():
        row = matches.get(match_id)
        live_row = live.get(match_id)
        if row is None or live_row is None:
            continue
        sides = _sides(row.game, json.dumps(live_row.params, sort_keys=True), len(row.seats))
        mine = _side_of(sides, seat)
        others = [(i, e or {}) for i, e in enumerate(row.seats) if i != seat and _side_of(sides, i) != mine]
        line = MatchLine(match_id, row.game, _title(row.game), [_who(e, names) for _, e in others], row.rated)
        if row.finished_at is None or row.places is None:
            if not live_row.finished and not live_row.stopped:
                current.append(line)
            continue
        places = list(row.places)
        line.outcome = _outcome(places, places[seat], len(sides))
        line.summary = row.summary
        line.review = True  # a finished match's review is open to its players (web.review.review_allowed)
        if match_id in changes:
            line.change = f"{changes[match_id]:+d}"
        finished.append((row.finished_at.timestamp(), line))
        for i, entry in others:
            who = _who(entry, names)
            record = records.setdefault(who, Record(who, "computer" in entry))
            if places[seat] < places[i]:
                record.won += 1
            elif places[seat] > places[i]:
                record.lost += 1
            else:
                record.drawn += 1
    game_ratings = []
    for r in sorted(ratings, key=lambda r: r.game):
        rating = Rating(r.rating, r.deviation)
        points = [(i + 1, float(display(Rating(h.rating, h.deviation))),
                   _point_outcome(matches.get(h.match_id), h.place))
                  for i, h in enumerate(by_game.get(r.game, []))]
        game_ratings.append(GameRating(r.game, _title(r.game), display_text(rating), r.games,
                                       is_provisional(rating), points))
    finished.sort(key=lambda pair: pair[0], reverse=True)
    return PlayerPage(name, since, current, [line for _, line in finished[:FINISHED_SHOWN]], game_ratings,
                      sorted(records.values(), key=lambda r: (-(r.won + r.lost + r.drawn), r.opponent.casefold())))


@dataclass(frozen=True)
class Board:
    game: str
    title: str
    rows: list[Standing]
    pending: list[Standing]
    """Players whose rating is not established yet (provisional, or too few rated matches), best first."""


def boards(db: Database) -> list[Board]:
    """Each game's leaderboard of established ratings, best first."""
    with db.read() as session:
        rows = session.execute(select(RatingRow, Player.name).join(Player, Player.id == RatingRow.player_id)
                               .where(Player.disabled_at.is_(None))).all()
        session.expunge_all()
    by_game: dict[str, list[Standing]] = defaultdict(list)
    for row, name in rows:
        by_game[row.game].append(Standing(name, Rating(row.rating, row.deviation), row.games))
    out = []
    for game in list_games():
        everyone = by_game.get(game, [])
        shown = leaderboard(everyone)
        ranked = {id(row) for row in shown}
        pending = sorted((row for row in everyone if id(row) not in ranked),
                         key=lambda r: (-display(r.rating), r.name.casefold()))
        out.append(Board(game, _title(game), shown, pending))
    return out


__all__ = ["Board", "GameRating", "MatchLine", "PlayerPage", "Record", "boards", "player_page"]
