"""A season: each next card booked from the league as it stands (``season_plan``: the wrestlers
with the fewest matches this season, title defences, feud rematches and blow-offs, the rest paired
by rating) and the cards run one after another by one ``Runner``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from turnbuckle.league.booking import match_type_choices
from turnbuckle.league.cards import TITLE_SIZES, active_feuds, book_match, new_event
from turnbuckle.league.errors import BookingError, LeagueError
from turnbuckle.league.fairness import season_tally
from turnbuckle.league.lookup import current_reign
from turnbuckle.league.people import LIVE
from turnbuckle.league.played import MatchOutcome
from turnbuckle.league.runner import Runner
from turnbuckle.league.season_plan import FeudSlot, TitleSlot, plan_card
from turnbuckle.league.sql import BookedMatch, event_statements, insert_booked
from turnbuckle.store.db import Database
from turnbuckle.store.league_models import Feud, League, LeagueEvent, LeagueMatch, TitleReign

BLOWOFF_AFTER = 3
"""``season`` books a feud's blow-off once the feud has had this many matches."""


# -- season -----------------------------------------------------------------------------------
def book_season_event(
    session: Session,
    league: League,
    matches_per_card: int,
    feuds_by_pair: dict[frozenset[tuple[str, ...]], Feud] | None = None,
    reigns: dict[int, TitleReign | None] | None = None,
) -> LeagueEvent:
    """Book the next card (``season_plan.plan_card``): title defences, feud rematches (a blow-off
    once a feud has run its course) and singles paired by rating, for the healthy wrestlers with
    the fewest matches this season; injured wrestlers rest. The top title's match closes the card."""
    pool = {w.name: w.ordinal for w in league.wrestlers if w.active and w.injured_cards == 0}
    titles = []
    for title in league.titles:
        reign = reigns[title.id] if reigns is not None and title.id in reigns else current_reign(session, title)
        holders = tuple(reign.holders) if reign is not None else None
        titles.append(TitleSlot(title.name, TITLE_SIZES[title.kind], holders))
    feud_map = feuds_by_pair if feuds_by_pair is not None else active_feuds(session, league)
    feuds = [
        FeudSlot(tuple(f.side_a), tuple(f.side_b), f.matches >= BLOWOFF_AFTER)
        for f in sorted(feud_map.values(), key=lambda f: (-f.heat, f.id))
    ]
    tally = season_tally(session, league.id, league.season)
    tag_ok = "tag" in match_type_choices(league.game)
    specs = plan_card(pool, tally, titles, feuds, matches_per_card, tag_ok)
    if not specs:
        raise BookingError(f"{league.name} has too few healthy wrestlers to book a card (sign some)")
    event = new_event(session, league, None, "card")
    taken: dict[str, int] = {}
    roster = {w.name.lower(): w for w in league.wrestlers}
    booked: list[BookedMatch] = []
    for position, spec in enumerate(specs, start=1):
        book_match(session, league, event, position, spec, taken, roster, feud_map, reigns, defer=booked)
    insert_booked(session, event, booked)
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
    new_season: bool = False,
    on_season: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """Book and run ``events`` cards. A card left half-run (a crash) is finished first and counts.

    ``new_season``: start the next season first, in the transaction that checks the league can
    run (no card waits for a browser match) and books the first card, so a refused run leaves
    the season as it was; ``on_season`` is then told ``{"league", "season"}``."""
    if events < 1:
        raise LeagueError("a season needs at least one event")
    if matches_per_card < 1:
        raise LeagueError("a card needs at least one match")
    summaries: list[dict[str, Any]] = []
    with Runner(db, league_name, agents, batch) as runner:
        run = runner.run
        following: list[tuple[LeagueEvent, bool]] = []  # the next card, and whether this runner booked it

        def book_next() -> None:
            """In the closing transaction of a card: find the next booked card, or book a new one."""
            run.write_pending()  # the card's close is queued: store it before reading the cards
            session = run.session
            waiting_id = session.execute(event_statements().first_booked, {"league_id": run.league_id}).scalar()
            waiting = session.get(LeagueEvent, waiting_id) if waiting_id is not None else None
            if waiting is not None:
                following.append((waiting, False))
                return
            following.append((book_new(), True))

        def book_new() -> LeagueEvent:
            """A new card of the season's matches, booked in the open transaction."""
            books = runner.books
            return book_season_event(run.session, run.league, matches_per_card, books.feud_map(), books.reign_map())

        def start() -> tuple[LeagueEvent, bool]:
            """The first transaction: refuse a league waiting for a browser match, start the new
            season if asked, and find the next booked card or book one (True: booked here)."""
            session = run.session
            waiting = session.execute(
                select(LeagueEvent.number, LeagueMatch.position)
                .join(LeagueMatch, LeagueMatch.event_id == LeagueEvent.id)
                .where(LeagueEvent.league_id == run.league_id, LeagueMatch.status == LIVE)
                .limit(1)
            ).first()
            if waiting is not None:
                raise LeagueError(
                    f"card #{waiting[0]} waits for match {waiting[1]}, played in the browser: "
                    f"`turnbuckle league card collect {waiting[0]}` once it is over"
                )
            if new_season:
                season = session.execute(select(League.season).where(League.id == run.league_id)).scalar_one()
                run.set(run.league, season=season + 1)
            booked = session.scalar(
                select(LeagueEvent)
                .where(LeagueEvent.league_id == run.league_id, LeagueEvent.status == "booked")
                .order_by(LeagueEvent.number)
            )
            return (booked, False) if booked is not None else (book_new(), True)

        event: LeagueEvent | None
        event, fresh = run.guard(start)
        run.commit()
        if new_season and on_season is not None:
            on_season({"league": run.league.name, "season": run.league.season})
        while len(summaries) < events:
            if event is None:
                event = run.guard(book_new)
                run.commit()
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
