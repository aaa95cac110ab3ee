"""Booking cards: a card's matches checked (wrestlers, titles, feuds) and inserted with their
entrants, a tournament's first round, and the seed each booked match is played with.
"""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from turnbuckle.league.booking import MatchSpec, build_params, infer_match_type
from turnbuckle.league.errors import BookingError, LeagueError
from turnbuckle.league.game_cache import seated_game
from turnbuckle.league.lookup import current_reign, get_league, get_title, get_wrestler, pair_key
from turnbuckle.league.roster_cards import match_roster
from turnbuckle.league.sql import UNPLAYED_FIELDS, BookedMatch, attach_clean, event_statements, insert_booked
from turnbuckle.league.team_games import competitor_sides, is_team_game
from turnbuckle.store.base import utcnow
from turnbuckle.store.db import Database
from turnbuckle.store.league_models import Feud, League, LeagueEvent, LeagueMatch, LeagueWrestler, Title, TitleReign
from turnbuckle.text import name_problem

TITLE_SIZES = {"singles": 1, "tag": 2, "team": 1}
"""Competitors per side of a title match; a ``team`` title is a team game's (one team a side)."""
NO_TITLE_CHANGE = frozenset({"count_out", "disqualification"})
"""Finishes on which a title stays where it is unless the promotion says otherwise
(``League.countout_dq_titles``): the champions keep it (a defence), a vacant title stays vacant."""


def title_can_change(method: str, countout_dq_titles: bool) -> bool:
    """Whether a match won by ``method`` moves a title (by the promotion's rule)."""
    return countout_dq_titles or method not in NO_TITLE_CHANGE


# -- booking ----------------------------------------------------------------------------------
def _next_number(session: Session, league: League) -> int:
    top = session.execute(event_statements().top, {"league_id": league.id}).scalar()
    return (top or 0) + 1


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


def book_match(
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
    defer: list[BookedMatch] | None = None,
) -> LeagueMatch:
    """Check and book one match. ``defer``: collect it there for ``insert_booked`` (one set of
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
    if league.cards:  # the promotion's own cards travel with the match as data
        names = [n for side in sides for n in side]
        if is_team_game(league.game):
            from turnbuckle.league.teams import hired_members

            names = hired_members(session, league, names)
        spec = MatchSpec(
            spec.sides, spec.match_type, spec.title, {**spec.options, "roster": match_roster(league, names)},
            spec.blowoff,
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
        insert_booked(session, event, [(match, seats)])
    return match


def match_seed(league_seed: int, event_number: int, position: int) -> int:
    """The seed a stored match is played with: fixed by the league's seed, the card and the match's place on it."""
    return random.Random(f"turnbuckle-league:{league_seed}:{event_number}:{position}").randrange(2**31)


def book_card(db: Database, league_name: str | None, name: str | None, specs: list[MatchSpec]) -> dict[str, Any]:
    """Book an event: the matches in order (the last is the main event)."""
    if not specs:
        raise BookingError("a card needs at least one match (-m 'A vs B')")
    with db.write() as session:
        league = get_league(session, league_name)
        if name and (problem := name_problem(name, "a card's name")):
            raise LeagueError(problem)
        event = new_event(session, league, name, "card")
        taken: dict[str, int] = {}
        booked: list[BookedMatch] = []
        for position, spec in enumerate(specs, start=1):
            book_match(session, league, event, position, spec, taken, defer=booked)
        insert_booked(session, event, booked)
        return {"event": event.number, "name": event.name, "matches": len(specs)}


def new_event(session: Session, league: League, name: str | None, kind: str) -> LeagueEvent:
    """Insert a new booked event (``kind``: ``card`` or ``tournament``) numbered after the league's
    last, attached clean with no matches yet (``book_match`` books them into it)."""
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
        "season": league.season,
    }
    event = LeagueEvent(id=session.execute(event_statements().insert, values).scalar_one(), **values)
    attach_clean(session, event)
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
        event = new_event(
            session, league, name or f"{league.name} Tournament #{_next_number(session, league)}", "tournament"
        )
        taken: dict[str, int] = {}
        order = bracket_order(count)  # 1 v N, N/2 v N/2+1, ...: seeds 1 and 2 can meet only in the final
        booked: list[BookedMatch] = []
        for i in range(count // 2):
            a, b = order[2 * i] - 1, order[2 * i + 1] - 1
            spec = MatchSpec(sides=[[seeded[a].name], [seeded[b].name]])
            book_match(session, league, event, i + 1, spec, taken, round_=1, defer=booked)
        insert_booked(session, event, booked)
        return {"event": event.number, "name": event.name, "entrants": [w.name for w in seeded]}


def bracket_order(n: int) -> list[int]:
    """Seeds in bracket order for a power-of-two field: 8 gives 1 8 4 5 2 7 3 6."""
    order = [1, 2]
    while len(order) < n:
        total = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, total - seed)]
    return order[:n]
