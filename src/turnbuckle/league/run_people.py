"""A runner's people desk: a card's match played by a person, at the terminal (``card run
--play``), or handed to the web app (``--browser``) and stored from it once finished (``card
collect``, its log replayed and its dice checked).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import selectinload
from sqlalchemy.orm.attributes import set_committed_value

from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.engine.game import Game, State
from turnbuckle.engine.match import play_to_end
from turnbuckle.league import people
from turnbuckle.league.booking import build_params
from turnbuckle.league.cards import match_seed
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.game_cache import cached_game, seat_sides
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
    side_seats,
)
from turnbuckle.league.played import Lineup, MatchOutcome, PlayedMatch, count_events
from turnbuckle.league.run_session import RunSession
from turnbuckle.league.run_store import MatchStore
from turnbuckle.store.league_models import LeagueEvent, LeagueMatch, MatchEntrant


class PeopleDesk:
    """A match of the card played at the terminal or in the browser."""

    def __init__(self, run: RunSession, store: MatchStore, lineup: Lineup) -> None:
        self.run = run
        self.store = store
        self.lineup = lineup

    def play_person(
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

    def card_match(self, event: LeagueEvent, position: int) -> LeagueMatch | None:
        """Match ``position`` of ``event`` with its entrants loaded (None: not booked yet)."""
        match: LeagueMatch | None = self.run.query(
            lambda: self.run.session.scalar(
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
        league = self.run.league
        injured = [e.wrestler.name for e in match.entrants if e.wrestler.injured_cards > 0]
        params = build_params(
            league.game, league.options, league.roster, match.match_type, match.options, match.sides, injured,
            match.feud_id is not None,
        )
        params = seat_sides(league.game, params, match.sides)
        game = cached_game(self.run.league.game, params)
        seats = side_seats(game, seat.side)
        names = self.lineup.names(game)
        specs = ["human" if p in seats else f"computer:{n}" for p, n in enumerate(names)]
        seed = match.seed if match.seed is not None else match_seed(league.seed, event.number, match.position)
        live_id = new_live_id(self.run.league_id, match.id)
        make = seat.make or partial(create_browser_match, self.run.db)
        try:
            token, stored = make(game, specs, seed, live_id)
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
        self.run.guard(lambda: self.run.session.execute(stmt))
        self.run.commit()
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
        live = self.run.query(
            lambda: list(
                self.run.session.scalars(
                    select(LeagueMatch)
                    .where(LeagueMatch.event_id == event.id, LeagueMatch.status == LIVE)
                    .options(selectinload(LeagueMatch.entrants).selectinload(MatchEntrant.wrestler))
                    .order_by(LeagueMatch.position)
                )
            )
        )
        report: list[dict[str, Any]] = []
        for match in live:
            record = latest_live(self.run.db, self.run.league_id, match.id)
            entry: dict[str, Any] = {"match": match.id, "position": match.position}
            if record is None:
                report.append({**entry, "status": "missing", "live_match": None})
                continue
            entry["live_match"] = record.id
            if not record.finished:
                report.append({**entry, "status": "playing"})
                continue
            assert match.params is not None and match.seed is not None and match.agents is not None
            if record.game != self.run.league.game or record.params != match.params or record.seed != match.seed:
                raise LeagueError(f"web match {record.id} is not match {match.id}'s (other game, params or seed)")
            game = cached_game(self.run.league.game, match.params)
            state = checked_web_state(game, record.actions, match.seed)
            result = state.match_result()
            if result is None:
                raise LeagueError(f"web match {record.id} is marked finished but its log does not end the match")
            quality, injuries = count_events(self.run.league.game, state)
            played = PlayedMatch(
                match, game, match.params, match.seed, list(match.agents), list(record.actions), result,
                len(record.actions), quality, injuries,
            )
            outcome: MatchOutcome = self.run.guard(partial(self.store.store, event, played, True))
            self.run.commit()
            report.append(
                {**entry, "status": "collected", "result": outcome.description, "line": outcome.line,
                 "stars": outcome.stars}
            )
        return report
