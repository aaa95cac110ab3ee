"""Running cards: ``Runner`` plays booked matches and stores them; ``run_card`` and ``collect_card``
open one for a card.

Running a card plays its matches in memory, then commits them together with everything they
change (results, ratings, streaks, title changes, injuries, feuds, the injury countdown, the
card's grade and, in a season, the next card's booking), so a crash or SIGKILL loses at most the
card being played, and running again plays it identically.

``Runner`` plays the cards; it holds the parts that do the rest, each in its own module: a
``run_session.RunSession`` (the session, its transactions and queued writes), a
``run_bookkeeping.Bookkeeper`` (titles, feuds, injuries), a ``run_store.MatchStore`` (storing a
played match, closing its card), a ``run_people.PeopleDesk`` (a match played by a person at the
terminal or in the browser) and a ``played.Lineup`` (the agents the matches are played by).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from functools import partial
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from turnbuckle.engine.heap import frozen_heap
from turnbuckle.league.booking import build_params
from turnbuckle.league.cards import match_seed
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.game_cache import seated_game
from turnbuckle.league.people import LIVE, BrowserSeat, PersonSeat
from turnbuckle.league.played import Lineup, MatchOutcome, PlayedMatch, count_events, play_counted
from turnbuckle.league.run_bookkeeping import Bookkeeper
from turnbuckle.league.run_people import PeopleDesk
from turnbuckle.league.run_session import RunSession
from turnbuckle.league.run_store import MatchStore
from turnbuckle.league.views import event_summary
from turnbuckle.store.db import Database
from turnbuckle.store.league_models import LeagueEvent, LeagueMatch, MatchEntrant


class Runner:
    """Plays booked matches and stores them a card per transaction (shared by card run and season)."""

    def __init__(self, db: Database, league_name: str | None, agents: list[str] | None = None, batch: int = 0) -> None:
        if batch < 0:
            raise LeagueError("--batch must be 0 (a card per transaction) or more")
        self.batch = batch
        """Matches per transaction; 0: a whole card (a tournament round) per transaction, so a crash
        loses the unfinished card, which the next run plays again identically."""
        self._exits = ExitStack()
        self.run = RunSession(db, league_name)
        self.books = Bookkeeper(self.run)
        self.store = MatchStore(self.run, self.books)
        self.lineup = Lineup(agents or [])
        self.people = PeopleDesk(self.run, self.store, self.lineup)
        self.person: PersonSeat | None = None
        """A match of the card played by a person at the terminal (``card run --play``)."""

    def __enter__(self) -> Runner:
        self._exits.enter_context(frozen_heap())  # what is loaded now lives as long as the run
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.run.close()
        finally:
            self._exits.close()

    # -- events ---------------------------------------------------------------------------
    def next_booked(self) -> LeagueEvent | None:
        event: LeagueEvent | None = self.run.query(
            lambda: self.run.session.scalar(
                select(LeagueEvent)
                .where(LeagueEvent.league_id == self.run.league_id, LeagueEvent.status == "booked")
                .order_by(LeagueEvent.number)
            )
        )
        return event

    def event_by_number(self, number: int) -> LeagueEvent:
        event: LeagueEvent | None = self.run.query(
            lambda: self.run.session.scalar(
                select(LeagueEvent).where(LeagueEvent.league_id == self.run.league_id, LeagueEvent.number == number)
            )
        )
        if event is None:
            raise LeagueError(f"{self.run.league.name} has no card #{number}")
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
                        titles = {t.id: t.name for t in self.run.league.titles}
                        ordered = sorted(event.matches, key=lambda m: m.position)
                        return event_summary(self.run.session, event, ordered, titles)
                    continue
                fresh = False
            pending = self.run.query(
                lambda: list(
                    self.run.session.scalars(
                        select(LeagueMatch)
                        .where(LeagueMatch.event_id == event.id, LeagueMatch.status == "booked")
                        .options(selectinload(LeagueMatch.entrants).selectinload(MatchEntrant.wrestler))
                        .order_by(LeagueMatch.position)
                    )
                )
            )
            if not pending:
                count = len(event.matches)
                self.run.guard(lambda: self.store.finish_if_complete(event))
                if event.status == "done" and then is not None:
                    self.run.guard(then)
                self.run.commit()
                if event.status == "done" or len(event.matches) == count:
                    break  # done, or waiting for a match in the browser
                continue  # a tournament booked its next round
            self._play_and_store(event, pending, on_match, then)
            if event.status == "done":
                break
        return self.run.query(lambda: event_summary(self.run.session, event))  # type: ignore[no-any-return]

    def _play(self, event: LeagueEvent, match: LeagueMatch) -> PlayedMatch:
        """Play one booked match in memory (no database access: its entrants are loaded)."""
        league = self.run.league
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
        names = self.lineup.names(game)
        seed = match.seed if match.seed is not None else match_seed(league.seed, event.number, match.position)
        person = self.person
        if person is not None and match.position == person.position:
            state, steps, names = self.people.play_person(person, event, match, game, names, seed)
            actions, result = [a.name for a in state.history], state.match_result()
            assert result is not None
        else:
            actions, result, steps, state = play_counted(game, self.lineup.build(game, names), seed)
        quality, injuries = count_events(league.game, state)
        return PlayedMatch(match, game, params, seed, names, actions, result, steps, quality, injuries)

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
            outcomes.append(self.run.guard(partial(self.store.store, event, one, last)))
            if last or (self.batch and len(outcomes) >= self.batch):
                if last and event.status == "done" and then is not None:
                    self.run.guard(then)
                self.run.commit()
                if on_match is not None:
                    for outcome in outcomes:
                        on_match(outcome)
                outcomes = []


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
            runner.people.check_person_match(event, person.position, person.side)
            runner.person = person
        if browser is not None:
            sent = runner.people.send_to_browser(event, browser)
        summary: dict[str, Any] = runner.run_event(event, on_match)
        if sent is not None:
            summary["browser"] = sent
        return summary


def send_match(db: Database, league_name: str | None, number: int, seat: BrowserSeat) -> dict[str, Any]:
    """Hand match ``seat.position`` of card ``number`` to the web app and nothing else (the browser's
    *Play at the table*); the card's other matches wait for their own run."""
    with Runner(db, league_name) as runner:
        return runner.people.send_to_browser(runner.event_by_number(number), seat)


def collect_live(db: Database, live_id: str) -> dict[str, Any] | None:
    """Store the card match whose web match ``live_id`` has just ended (the web app calls this when
    a match finishes); None when it is no card match, or no longer waiting for this web match."""
    from turnbuckle.league.people import latest_live, parse_live_id
    from turnbuckle.store.league_models import League

    ids = parse_live_id(live_id)
    if ids is None:
        return None
    league_id, match_id = ids
    with db.read() as session:
        row = session.execute(
            select(League.name, LeagueEvent.number, LeagueMatch.status)
            .join(LeagueEvent, LeagueEvent.league_id == League.id)
            .join(LeagueMatch, LeagueMatch.event_id == LeagueEvent.id)
            .where(League.id == league_id, LeagueMatch.id == match_id)
        ).first()
    if row is None or row.status != LIVE:
        return None
    latest = latest_live(db, league_id, match_id)
    if latest is None or latest.id != live_id:
        return None  # sent again since: the newer web match is the one that counts
    return collect_card(db, row.name, row.number)


def collect_card(db: Database, league_name: str | None, number: int | None) -> dict[str, Any]:
    """Store the finished browser matches of card ``number`` (default: every card waiting for one)."""
    with Runner(db, league_name) as runner:
        if number is not None:
            events = [runner.event_by_number(number)]
        else:
            events = runner.run.query(
                lambda: list(
                    runner.run.session.scalars(
                        select(LeagueEvent)
                        .join(LeagueMatch, LeagueMatch.event_id == LeagueEvent.id)
                        .where(LeagueEvent.league_id == runner.run.league_id, LeagueMatch.status == LIVE)
                        .distinct()
                        .order_by(LeagueEvent.number)
                    )
                )
            )
        collected: list[dict[str, Any]] = []
        cards: list[dict[str, Any]] = []
        for event in events:
            collected += [{"event": event.number, **entry} for entry in runner.people.collect(event)]
            cards.append(runner.run.query(partial(event_summary, runner.run.session, event)))
        return {"collected": collected, "cards": cards}
