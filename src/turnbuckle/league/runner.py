"""Running cards: ``Runner`` plays booked matches and stores them; ``run_card`` and ``collect_card``
open one for a card.

Running a card plays its matches in memory, then commits them together with everything they
change (results, ratings, streaks, title changes, injuries, feuds, the injury countdown, the
card's grade and, in a season, the next card's booking), so a crash or SIGKILL loses at most the
card being played, and running again plays it identically.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from functools import partial
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.attributes import instance_state, set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.engine.game import Game, State
from turnbuckle.engine.heap import frozen_heap
from turnbuckle.engine.match import Agent, play_to_end
from turnbuckle.engine.result import MatchResult
from turnbuckle.league import people
from turnbuckle.league.booking import MatchSpec, build_params
from turnbuckle.league.cards import _book_match, active_feuds, match_seed
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.game_cache import cached_game, seat_sides, seated_game
from turnbuckle.league.lookup import current_reign, get_league, pair_key
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
from turnbuckle.league.played import MatchOutcome, _Played, count_events, default_agent, play_counted, side_ranks
from turnbuckle.league.quality import card_grade
from turnbuckle.league.sql import (
    WRESTLER_FIELDS,
    WRESTLER_WRITE_FIELDS,
    _Booked,
    _hot_statements,
    _insert_booked,
    _insert_object,
    _update_statement,
)
from turnbuckle.league.team_games import winner_names
from turnbuckle.league.views import event_summary
from turnbuckle.store.base import Base, utcnow
from turnbuckle.store.db import Database, translate_error
from turnbuckle.store.league_models import (
    Feud,
    Injury,
    LeagueEvent,
    LeagueMatch,
    LeagueWrestler,
    MatchEntrant,
    Title,
    TitleReign,
)

MODEL = PlackettLuce()
REPEATS_FOR_FEUD = 3
"""The third match between the same two sides (with no feud between them) starts one."""
CLASSIC_STARS = 4.0
"""A match this good starts a feud between its sides."""


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
