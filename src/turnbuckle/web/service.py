"""The match service: every change to a live match goes through it.

It validates, applies, rolls the dice (chance is resolved on the server with a seeded RNG per
position), appends the new action names to the repository and wakes whoever listens. Who may do
what is decided by the seat grants (``turnbuckle.web.grants``). Computer seats are played off the
request path: the scheduler (``turnbuckle.web.scheduler``) says when a match's next computer step
is due, a thinker of the bounded pool (``turnbuckle.web.thinkers``) makes it, under the think cap
(``turnbuckle.web.computer``). A computer move that fails stops its match, with the reason stored
and shown; it is logged once and never retried.

Several server processes may share the matches (PostgreSQL). Every change is made under the match's
lock here and its stored row's lock there (``_writing``): the copy in memory is first brought up to
the stored log if another process moved, so concurrent moves through different processes apply
exactly one. Each process hears of the others' changes (``LISTEN/NOTIFY``) and updates its copies
and their event streams at once; the computer seats of a match are played by the one process
holding its lease (``turnbuckle.web.leases``), and taken over if that process dies.
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from turnbuckle.engine.actions import Action
from turnbuckle.engine.errors import IllegalActionError, quoted
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State
from turnbuckle.engine.registry import load_game
from turnbuckle.store.errors import StoreError
from turnbuckle.web import clocks, grants
from turnbuckle.web.computer import ComputerMoveError, ComputerPlayer, one_line
from turnbuckle.web.errors import BadRequest, Conflict, Forbidden, NotFound, Unauthorized
from turnbuckle.web.grants import NOBODY, Grant, InviteLink
from turnbuckle.web.leases import LEASE_SECONDS, LOCAL, LeaseKeeper, holder_name
from turnbuckle.web.livematch import LiveMatch, chance_rng_at
from turnbuckle.web.periodic import Periodic
from turnbuckle.web.repository import Listening, LiveMatchRecord, MatchRepository, MatchWrite
from turnbuckle.web.scheduler import Scheduler
from turnbuckle.web.setup import MATCH_ID, MAX_DELAY, build_game, parse_seat
from turnbuckle.web.takeback import TakeBack, find_takeback, permission
from turnbuckle.web.thinkers import ThinkPool

log = logging.getLogger("turnbuckle.web")

KEEP_IN_MEMORY = 256
"""Finished matches beyond this many are dropped from memory (they reload from the repository)."""
STOP_REASON_LENGTH = 300
"""The stored reason of a stopped match is cut to this (the database column's width)."""
STORE_RETRY = 5.0
"""Seconds before a computer step that could not reach the database is tried again."""
CLOCK_LOOK_SECONDS = 1.0
"""How often each process looks for a running clock that has run out."""


@dataclass
class Created:
    match: LiveMatch
    owner_token: str
    invites: dict[int, str]


class MatchService:
    """Creates, loads, plays and stores live matches; runs the computer seats."""

    def __init__(
        self,
        repository: MatchRepository,
        *,
        think_cap: float = 5.0,
        computer_delay: float = 0.0,
        thinkers: int = 2,
        lease_seconds: float = LEASE_SECONDS,
        now: Callable[[], float] = time.time,
        clock_scale: float = 1.0,
        clock_look: float = CLOCK_LOOK_SECONDS,
    ) -> None:
        self.repository = repository
        self.now = now
        """The clocks' time (a test injects its own)."""
        self.clock_scale = clock_scale
        """Every new clock's durations times this (``serve --clock-scale``: sped-up clocks for trials)."""
        # every process looks; a deadline is handled under its match's row lock, so once (check_clocks)
        self._clock_watch = Periodic("turnbuckle-clocks", lambda: clock_look, self.check_clocks,
                                     "cannot look at the clocks")
        self.timeout_listeners: list[Callable[[LiveMatchRecord, int], None]] = []
        """Called with a match's record and the seat whose time ran out, once, by the process that
        handled it (after it is stored)."""
        self.lease_seconds = lease_seconds
        self.holder = holder_name() if repository.shared else LOCAL
        """This process's name in the computer's leases."""
        self.computer = ComputerPlayer(think_cap)
        self.computer_delay = computer_delay
        self._matches: dict[str, LiveMatch] = {}
        self._matches_lock = threading.Lock()
        self.pool = ThinkPool(thinkers)
        self.scheduler = Scheduler(self._due)
        self._listening: Listening | None = None
        self._keeper: LeaseKeeper | None = None
        self.companions: list[Any] = []
        """Threads started and stopped with the service (``start()``/``stop()``): the notifier."""
        self.change_listeners: list[Callable[[str], None]] = []
        """Called with a match's id whenever it changes, here or (heard by notice) in another process:
        cheap and non-blocking (the "your turn" streams wake on it)."""
        self.finish_listeners: list[Callable[[LiveMatchRecord], None]] = []
        """Called with a match's record once it is stored as finished (the league stores its
        browser matches this way); a listener that raises is logged and the others still run."""

    @property
    def think_cap(self) -> float:
        """Seconds a computer seat may think per decision."""
        return self.computer.think_cap

    @think_cap.setter
    def think_cap(self, seconds: float) -> None:
        self.computer.think_cap = seconds

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self) -> None:
        """Start the thinkers and resume every unfinished match in the repository; when other
        processes share the matches, listen for their changes and keep the leases."""
        if self.scheduler.running:
            return
        self.pool.start()
        self.scheduler.start()
        self._clock_watch.start()
        for companion in self.companions:
            companion.start()
        if self.repository.shared:
            self._listening = self.repository.listen(self._changed, self._reconnected)
            self._keeper = LeaseKeeper(self.repository, self.holder, self.lease_seconds, self._take_over)
            self._keeper.start()
        with self._matches_lock:
            loaded = list(self._matches.values())
        for match in loaded:  # started again in the same process: whatever was queued is gone
            with match.lock:
                match.queued = False
                match.waiting = False
            self._kick(match)
        for match_id in self.repository.unfinished():
            try:
                match = self.get(match_id)
            except Exception:  # a record that no longer rebuilds (changed rules): leave it be
                log.exception("cannot resume match %s", match_id)
                continue
            self._kick(match)

    def stop(self) -> None:
        """Stop the thinkers (each finishes its move); with shared matches, end this process's leases
        so another process takes its matches over at its next heartbeat."""
        for companion in self.companions:
            companion.stop()
        self._clock_watch.stop()
        self.scheduler.stop()
        self.pool.stop()
        if self._keeper is not None:
            self._keeper.stop()
            self._keeper = None
            try:
                self.repository.expire_leases(self.holder)
            except StoreError as exc:
                log.error("could not hand over the computer's leases: %s", exc)
        if self._listening is not None:
            self._listening.stop()
            self._listening = None

    # -- creating and loading ----------------------------------------------------------------
    def create(
        self,
        game_name: Any,
        params: Any,
        seats: list[Any] | None,
        *,
        seed: int | None = None,
        delay: float | None = None,
        takebacks: bool = False,
        hints: bool | None = None,
        time_control: Any = None,
    ) -> Created:
        game = build_game(game_name, params if params is not None else {})
        return self.create_for_game(game, seats, seed=seed, delay=delay, takebacks=takebacks, hints=hints,
                                    time_control=clocks.time_control(time_control))

    def create_for_game(
        self,
        game: Game,
        seats: list[Any] | None,
        *,
        seed: int | None = None,
        delay: float | None = None,
        takebacks: bool = False,
        match_id: str | None = None,
        hints: bool | None = None,
        time_control: dict[str, Any] | None = None,
        rated: bool = False,
    ) -> Created:
        """``create`` for a game the caller built and trusts (the league: its params may name the
        league's roster file, which a request may not); ``match_id``: the id to store it under;
        ``time_control``: checked by ``clocks.time_control``; ``rated``: what a time-out leads to."""
        n = game.num_players()
        if seats is None:
            seats = ["human", *(["computer"] * (n - 1))]
        if not isinstance(seats, list) or len(seats) != n:
            raise BadRequest(f"{game.name} with these params has {n} seats; got {len(seats)} seat specs")
        specs = [parse_seat(spec, game, i) for i, spec in enumerate(seats)]
        if seed is None:
            seed = secrets.randbelow(2**31)
        if delay is None:
            delay = 0.6 if all(s.startswith("computer") for s in specs) else self.computer_delay
        if not 0 <= delay <= MAX_DELAY:
            raise BadRequest(f"delay must be from 0 to {MAX_DELAY} seconds")
        if match_id is None:
            match_id = secrets.token_urlsafe(9)
        elif not MATCH_ID.fullmatch(match_id):
            raise BadRequest(f"a match id is 6 to 40 letters, digits, '-' or '_', not {quoted(match_id)}")
        tokens, owner, invites = grants.issue(specs, match_id, takebacks=takebacks, hints=hints)
        record = LiveMatchRecord(
            id=match_id, game=game.name, params=json.loads(json.dumps(game.params)), seats=specs, seed=seed,
            tokens=tokens, delay=float(delay),
            clock=clocks.new_clock(time_control, n, rated=rated, scale=self.clock_scale) if time_control else None,
        )
        match = self._rebuild(record, game)
        self.repository.add(record)
        with self._matches_lock:
            self._matches[match_id] = match
            self._forget_finished()
        with self._writing(match) as change:
            if not match.watch:
                self._resolve_chance(match)
            self._persist(match, change, 0)
        self._kick(match)
        return Created(match, owner, invites)

    def get(self, match_id: str) -> LiveMatch:
        with self._matches_lock:
            match = self._matches.get(match_id)
        if match is not None:
            return match
        if not MATCH_ID.fullmatch(match_id):
            raise NotFound(f"no match {quoted(match_id)}")
        record = self.repository.get(match_id)
        if record is None:
            raise NotFound(f"no match {match_id!r}")
        game = load_game(record.game, **record.params)
        match = self._rebuild(record, game)
        with self._matches_lock:
            match = self._matches.setdefault(match_id, match)
            self._forget_finished()
        if self.scheduler.running:  # added by another process (a league card): its computer seats start
            self._kick(match)
        return match

    def _forget_finished(self) -> None:
        """Keep memory bounded: drop the oldest finished, unwatched matches (lock held)."""
        if len(self._matches) <= KEEP_IN_MEMORY:
            return
        for match_id, match in list(self._matches.items()):
            if len(self._matches) <= KEEP_IN_MEMORY // 2:
                break
            over = match.record.finished or match.stopped
            if over and not match.waiters and not match.running:
                del self._matches[match_id]

    def _rebuild(self, record: LiveMatchRecord, game: Game) -> LiveMatch:
        state = game.state_from_actions(record.actions)
        return LiveMatch(record=record, game=game, state=state, agents={})

    # -- tokens ------------------------------------------------------------------------------
    def identify(self, match: LiveMatch, token: str | None) -> Grant:
        """What ``token`` may do in ``match`` (no token: a spectator; a token of another match is
        refused). The first use of an invite token opens its seat: from then on it is the guest's
        alone, and the owner can no longer see or replace the link."""
        if not token:
            return NOBODY
        with match.lock:
            found = grants.find(match.record.tokens, token)
        if found is None and self.repository.shared:  # a link made through another process just now?
            self._refresh(match)
            with match.lock:
                found = grants.find(match.record.tokens, token)
        if found is None:
            raise Forbidden("this token does not belong to this match")
        grant = found[1]
        if not grant.invite or grant.opened:  # owner and opened tokens never change: memory is enough
            return grant
        with self._writing(match) as change:  # an unopened invite: what is stored decides (replaced? opened?)
            found = grants.find(match.record.tokens, token)
            if found is None:
                raise Forbidden("this token does not belong to this match")
            key, grant = found
            if grant.invite and not grant.opened:
                tokens = {k: dict(v) for k, v in match.record.tokens.items()}
                grants.mark_opened(tokens, key)
                change.update(tokens=tokens)
                match.record.tokens = tokens
                log.info("match %s: the guest opened seat %s", match.id, ",".join(map(str, sorted(grant.seats))))
                grant = replace(grant, opened=True)
            return grant

    def authorize(self, match: LiveMatch, token: str | None, seat: int) -> Grant:
        """A token may read and act only for the seats it was given."""
        if not 0 <= seat < len(match.record.seats):
            raise NotFound(f"this match has seats 0 to {len(match.record.seats) - 1}, not {seat}")
        if not token:
            raise Unauthorized("a seat token is needed (Authorization: Bearer TOKEN)")
        grant = self.identify(match, token)
        if seat not in grant.seats:
            raise Forbidden(f"this token does not play seat {seat}")
        return grant

    def _owner(self, match: LiveMatch, token: str | None, what: str) -> str:
        if not token or not self.identify(match, token).owner:
            raise Forbidden(f"only the match's owner token can {what}")
        return token

    def invites(self, match: LiveMatch, token: str | None) -> list[InviteLink]:
        """The invited seats, each with its token while the guest has not opened it (owner only)."""
        owner = self._owner(match, token, "list invite links")
        if self.repository.shared:  # a guest may have opened a link through another process
            self._refresh(match)
        with match.lock:
            return grants.invite_links(match.record.tokens, owner, match.id)

    def regenerate_invite(self, match: LiveMatch, token: str | None, seat: int) -> str:
        """A new link for an invited seat nobody has opened yet; the old link stops working."""
        owner = self._owner(match, token, "replace an invite link")
        if not 0 <= seat < len(match.record.seats) or match.record.seats[seat] != grants.INVITE:
            raise NotFound(f"seat {seat} is not an invited seat of this match")
        with self._writing(match) as change:
            tokens = {k: dict(v) for k, v in match.record.tokens.items()}
            fresh = grants.regenerate(tokens, owner, match.id, seat)
            if fresh is None:
                raise Conflict(f"the guest has opened seat {seat}'s link: the seat is theirs, and the link "
                               "cannot be shown or replaced")
            change.update(tokens=tokens)
            match.record.tokens = tokens
            log.info("match %s: the owner replaced seat %d's invite link", match.id, seat)
        return fresh

    def holder_token(self, match: LiveMatch, seat: int, holder: str) -> str:
        """A new token playing ``seat`` for ``holder`` (a player account the caller has checked owns
        the seat): how a player reaches their seat from their own pages in any browser."""
        if not 0 <= seat < len(match.record.seats):
            raise NotFound(f"this match has seats 0 to {len(match.record.seats) - 1}, not {seat}")
        with self._writing(match) as change:
            tokens = {k: dict(v) for k, v in match.record.tokens.items()}
            token = grants.add_holder_token(tokens, seat, holder)
            change.update(tokens=tokens)
            match.record.tokens = tokens
        return token

    # -- people's moves ----------------------------------------------------------------------
    def act(self, match: LiveMatch, seat: int, name: Any, expect: int | None = None) -> None:
        """Apply ``name`` for ``seat`` (already authorized); then the dice, then wake the computer."""
        if not isinstance(name, str) or not name:
            raise BadRequest("action must be an action name (a non-empty string)")
        ran_out = False
        with self._writing(match) as change:
            self._refuse_if_stopped(match)
            if match.record.finished:
                raise Conflict(f"the match is over: {match.record.summary}")
            if clocks.expired(match.record.clock, self.now()):
                self._flag(match, change)  # a move after the deadline: the time-out counts, not the move
                ran_out = True
            else:
                self._apply(match, change, seat, name, expect)
        self._kick(match)
        if ran_out:
            raise Conflict("time ran out for the seat to move, before this move")

    def _apply(self, match: LiveMatch, change: MatchWrite, seat: int, name: str, expect: int | None) -> None:
        """``act``'s move, in its write."""
        state = match.state
        if expect is not None and expect != len(state.history):
            raise Conflict(f"the match has moved on (now at action {len(state.history)}, not {expect})")
        player = state.current_player()
        if player == TERMINAL:
            raise Conflict("the match is over")
        if player != seat:
            who = "the dice" if player == CHANCE else f"seat {player} ({match.game.player_label(player)})"
            raise Conflict(f"not seat {seat}'s turn: {who} is to move")
        if match.computer_seat(seat):
            raise Conflict(f"seat {seat} is played by the computer")
        if match.record.clock and seat in match.record.clock["pending"]:
            raise Conflict(f"seat {seat}'s time ran out: the others decide whether to claim the win")
        try:
            action = state.action_from_string(name)
            state.apply_action(action)
        except IllegalActionError as exc:
            legal = ", ".join(a.name for a in state.legal_actions())
            raise BadRequest(f"illegal action {quoted(name)}: {exc}" if legal in str(exc)
                             else f"illegal action {quoted(name)}; legal now: {legal}") from None
        start = len(state.history) - 1
        self._resolve_chance(match)
        self._persist(match, change, start)

    @staticmethod
    def _refuse_if_stopped(match: LiveMatch) -> None:
        if match.stopped:
            raise Conflict(f"the match was stopped: {match.stopped}")

    # -- take-backs --------------------------------------------------------------------------
    def takeback_status(self, match: LiveMatch, seat: int) -> TakeBack:
        """Whether ``seat`` (a person's seat, already authorized) may take back its last decision now."""
        with match.lock:
            refusal = permission(match.record.seats, seat, match.takebacks)
            if refusal is not None:
                return TakeBack(seat, None, refusal)
            computers = [i for i in range(len(match.record.seats)) if match.computer_seat(i)]
            return find_takeback(match.game, match.state.history, match.movers(), seat, computers,
                                 terminal=match.state.is_terminal())

    def take_back(self, match: LiveMatch, seat: int) -> int:
        """Undo ``seat``'s last decision (and the computer's replies since): the match goes back to
        the position before it, replayed from the shorter log, which is stored in one write.
        Returns the new action count; a refusal is a 409 naming the reason."""
        with self._writing(match) as change:
            self._refuse_if_stopped(match)
            status = self.takeback_status(match, seat)
            if status.reason is not None or status.index is None:
                raise Conflict(status.reason or "nothing to take back")
            index = status.index
            state = match.game.state_from_actions([a.name for a in match.state.history[:index]])
            change.store_actions(index, [])  # deletes actions index.. in this one transaction
            match.state = state
            del match.record.actions[index:]
            match.thinking = None  # a decision being made now is dropped when it comes back
            match.takeback_count += 1
            log.info("match %s: seat %d took back action %d", match.id, seat, index)
        self._kick(match)
        return index

    def control(self, match: LiveMatch, token: str | None, command: str, delay: float | None = None) -> None:
        """The owner paces a match: pause, resume, step (one step while paused), delay."""
        self._owner(match, token, "pace it")
        if command not in ("pause", "resume", "step", "delay"):
            raise BadRequest(f"unknown command {quoted(command)}; use pause, resume, step or delay")
        if delay is not None and not 0 <= delay <= MAX_DELAY:
            raise BadRequest(f"delay must be from 0 to {MAX_DELAY} seconds")
        with self._writing(match) as change:
            self._refuse_if_stopped(match)
            if delay is not None:
                match.record.delay = float(delay)
                change.update(delay=float(delay))
            if command == "pause":
                match.record.paused = True
                change.update(paused=True)
            elif command == "resume":
                match.record.paused = False
                match.record.steps = 0
                change.update(paused=False, steps=0)
            elif command == "step":
                if not match.record.paused:
                    match.record.paused = True
                    change.update(paused=True)
                match.record.steps += 1
                change.update(steps=match.record.steps)
            self._notify(match)
        self._kick(match, immediate=command == "step")

    # -- storing changes ---------------------------------------------------------------------
    @contextlib.contextmanager
    def _writing(self, match: LiveMatch) -> Iterator[MatchWrite]:
        """Change ``match``: under its lock, with its stored row locked and this copy first brought up
        to it if another process changed it. When the block ends the change is stored (with the
        computer's lease as it now needs) and then told to the listeners; if it raises, nothing is
        stored and this copy is read again on the next change."""
        with match.lock:
            try:
                stored = self.repository.write(match.id)
                change = stored.__enter__()
            except KeyError:
                raise NotFound(f"no match {quoted(match.id)}") from None
            try:
                with contextlib.ExitStack() as stack:
                    stack.push(stored)
                    if change.revision != match.record.revision:
                        match.adopt(change.load())
                        self._notify(match)
                    was_finished = match.record.finished
                    yield change
                    self._follow_clock(match, change)
                    self._track_turn(match, change)
                    self._lease(match, change)
            except BaseException:
                match.record.revision = -1  # this copy may be ahead of the stored match now
                raise
            changed = change.revision != match.record.revision
            match.record.revision = change.revision
            if changed:
                self._notify(match)
            newly_finished = match.record.finished and not was_finished
        if newly_finished:
            self._finished(match)
        self._kick(match)

    def _lease(self, match: LiveMatch, change: MatchWrite) -> None:
        """Claim the computer's lease when a computer step is due after a change, else give it up
        (only a running service plays computer seats: not the league's, which only stores)."""
        if not self.scheduler.running:
            return
        if not self._needs_worker(match):
            change.release(self.holder)
        elif change.claim(self.holder, self.lease_seconds):
            match.leased_elsewhere_until = 0.0
        else:
            match.leased_elsewhere_until = time.time() + self.lease_seconds

    def _resolve_chance(self, match: LiveMatch) -> None:
        """Roll every die / draw every card up to the next decision (seeded by the position)."""
        state = match.state
        seed = match.record.seed
        while state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(chance_rng_at(seed, len(state.history))))

    def _persist(self, match: LiveMatch, change: MatchWrite, start: int) -> None:
        """Store the actions from ``start`` on and mark the end (in ``_writing``)."""
        history = match.state.history
        if len(history) > start:
            change.store_actions(start, [a.name for a in history[start:]])
            match.record.actions[start:] = [a.name for a in history[start:]]
        if match.state.is_terminal() and not match.record.finished:
            result = match.state.match_result()
            summary = result.describe() if result is not None else "over"
            match.record.finished = True
            match.record.summary = summary
            change.update(finished=True, summary=summary)

    def _finished(self, match: LiveMatch) -> None:
        """Tell the finish listeners a match has ended (once it is stored as finished, by the process
        that stored it)."""
        for listener in list(self.finish_listeners):
            try:
                listener(match.record)
            except Exception:
                log.exception("a finish listener failed for match %s", match.id)

    def _notify(self, match: LiveMatch) -> None:
        self._tell_changed(match.id)
        match.version += 1
        for loop, event in list(match.waiters):
            with contextlib.suppress(RuntimeError):  # that listener's loop has closed
                loop.call_soon_threadsafe(event.set)

    def _stop(self, match: LiveMatch, reason: str, cause: BaseException) -> None:
        """A computer move failed: the match stops for good, with a one-line reason (logged once,
        with the traceback of ``cause``)."""
        reason = reason[:STOP_REASON_LENGTH]
        log.error("match %s stopped: %s", match.id, reason, exc_info=cause)
        try:
            with self._writing(match) as change:
                match.record.stopped = reason
                change.update(stopped=reason)
        except Exception:  # stopped in memory all the same: no retry in this process
            log.exception("match %s: could not store why it stopped", match.id)
        with match.lock:
            match.record.stopped = reason
            match.thinking = None
            self._notify(match)

    # -- clocks ------------------------------------------------------------------------------
    def _follow_clock(self, match: LiveMatch, change: MatchWrite) -> None:
        """Charge and start the clocks after a change (in its write, so clock and log agree)."""
        clock = match.record.clock
        if not clock:
            return
        if match.record.finished or match.stopped:
            new = clocks.follow(clock, TERMINAL, len(match.state.history), lambda _: False, self.now())
        else:
            new = clocks.follow(clock, match.state.current_player(), len(match.state.history),
                                lambda seat: not match.computer_seat(seat), self.now())
        if new is not None:
            self._store_clock(match, change, new)

    @staticmethod
    def _track_turn(match: LiveMatch, change: MatchWrite) -> None:
        """Store the seat with the decision now (the players' "your turn" lists read it)."""
        player = match.state.current_player()
        clock = match.record.clock
        waiting = bool(clock and player in clock["pending"])
        to_move = None if player < 0 or match.record.finished or match.stopped or waiting else player
        if to_move != match.record.to_move:
            match.record.to_move = to_move
            change.update(to_move=to_move)

    @staticmethod
    def _store_clock(match: LiveMatch, change: MatchWrite, clock: clocks.Clock) -> None:
        match.record.clock = clock
        match.record.deadline = clocks.deadline(clock)
        change.update(clock=clock, deadline=match.record.deadline)

    def check_clocks(self) -> int:
        """Handle every match whose running clock has run out; returns how many this call handled
        (a deadline another process handled first, or one a move beat, is not counted)."""
        handled = 0
        for match_id in self.repository.due_clocks(self.now()):
            try:
                match = self.get(match_id)
                if self.time_out(match):
                    handled += 1
            except Exception:
                log.exception("match %s: could not handle its clock", match_id)
        return handled

    def time_out(self, match: LiveMatch) -> bool:
        """If the running clock of ``match`` has run out (as stored now, under its row lock), flag
        its seat: exactly one caller, in whichever process, gets True."""
        flagged: int | None = None
        with self._writing(match) as change:
            if match.record.finished or match.stopped or not clocks.expired(match.record.clock, self.now()):
                return False
            flagged = self._flag(match, change)
        record = match.record
        for listener in list(self.timeout_listeners):
            try:
                listener(record, flagged)
            except Exception:
                log.exception("a time-out listener failed for match %s", match.id)
        return True

    def _flag(self, match: LiveMatch, change: MatchWrite) -> int:
        """The running seat is out of time (in a write): in a rated match it waits for the others'
        word; otherwise the computer takes it over at once."""
        clock, seat = clocks.flag(match.record.clock or {}, self.now())
        log.info("match %s: seat %d ran out of time", match.id, seat)
        if not clock["pending"]:
            clock = self._computer_takes(match, change, clock, [seat], unrated=False)
        self._store_clock(match, change, clock)
        return seat

    def _computer_takes(self, match: LiveMatch, change: MatchWrite, clock: clocks.Clock, seats: list[int], *,
                        unrated: bool) -> clocks.Clock:
        specs = list(match.record.seats)
        for seat in seats:
            specs[seat] = parse_seat("computer", match.game, seat)
        match.record.seats = specs
        change.update(seats=specs)
        return clocks.taken_over(clock, seats, len(match.state.history), unrated=unrated)

    def clock_decision(self, match: LiveMatch, seat: int, what: str) -> None:
        """A player (``seat``, authorized) decides about the clock: ``claim`` the win over the seats
        out of time (rated), ``computer``: let the computer play them (unrated from there), or
        ``abort`` a match nobody has moved in yet."""
        if what not in ("claim", "computer", "abort"):
            raise BadRequest(f"unknown clock decision {quoted(what)}; use claim, computer or abort")
        with self._writing(match) as change:
            self._refuse_if_stopped(match)
            clock = match.record.clock
            if not clock:
                raise Conflict("this match has no clock")
            if match.record.finished:
                raise Conflict(f"the match is over: {match.record.summary}")
            if what == "abort":
                if clock["moved"]:
                    raise Conflict("someone has moved already: the match can no longer be aborted")
                self._end(match, change, clock, "aborted", "aborted before anyone moved")
                return
            pending = list(clock["pending"])
            if not pending:
                raise Conflict("nobody's time has run out")
            if seat in pending:
                raise Forbidden("the seat out of time cannot decide about itself")
            if what == "computer":
                self._store_clock(match, change, self._computer_takes(match, change, clock, pending, unrated=True))
                return
            labels = ", ".join(match.game.player_label(s) for s in pending)
            self._end(match, change, clocks.taken_over(clock, [], len(match.state.history), unrated=False),
                      "claimed", f"{labels} ran out of time: the win was claimed")

    def _end(self, match: LiveMatch, change: MatchWrite, clock: clocks.Clock, how: str, summary: str) -> None:
        """The match ends off the board (aborted, or a win claimed on time)."""
        clock = dict(clock, ended=how, seat=None, since=None)
        self._store_clock(match, change, clock)
        match.record.finished, match.record.summary = True, summary
        change.update(finished=True, summary=summary)

    def _tell_changed(self, match_id: str) -> None:
        for listener in list(self.change_listeners):
            try:
                listener(match_id)
            except Exception:
                log.exception("a change listener failed for match %s", match_id)

    # -- other processes' changes --------------------------------------------------------------
    def _refresh(self, match: LiveMatch) -> None:
        """Bring this copy up to the stored match if it is behind (another process changed it)."""
        stored = self.repository.get(match.id)
        if stored is None:
            return
        with match.lock:
            if stored.revision > match.record.revision or match.record.revision < 0:
                match.adopt(stored)
                self._notify(match)

    def _changed(self, match_id: str, revision: int) -> None:
        """A change notice (``match_id`` is stored at ``revision``): update the copy held here, wake
        its event streams, and let a computer step that is due now start."""
        with self._matches_lock:
            match = self._matches.get(match_id)
        if match is None:
            self._tell_changed(match_id)  # not held here: its players' streams still hear of it
        if match is None or revision <= match.record.revision:
            return  # not held here, or this process made the change
        self._refresh(match)
        self._kick(match)

    def _reconnected(self) -> None:
        """Listening again (or for the first time): catch up on whatever changed meanwhile."""
        with self._matches_lock:
            held = dict(self._matches)
        if not held:
            return
        stored = self.repository.revisions(list(held))
        for match_id, revision in stored.items():
            self._changed(match_id, revision)

    def _take_over(self, match_id: str) -> None:
        """The process playing this match's computer seats let its lease expire: play them here."""
        try:
            match = self.get(match_id)
        except Exception:
            log.exception("cannot take over match %s", match_id)
            return
        match.leased_elsewhere_until = 0.0
        with self._writing(match):
            pass  # brought up to date; the lease is claimed if a computer step is due, cleared if not

    # -- the computer seats ------------------------------------------------------------------
    def _needs_worker(self, match: LiveMatch) -> bool:
        if match.stopped or match.record.finished:
            return False
        player = match.state.current_player()
        if player == TERMINAL:
            return False
        if match.watch:
            return not match.record.paused or match.record.steps > 0
        return match.computer_seat(player)

    def _kick(self, match: LiveMatch, immediate: bool = False) -> None:
        with match.lock:
            if (match.queued and not immediate) or not self._needs_worker(match):
                return
            if time.time() < match.leased_elsewhere_until:
                return  # another process plays this match's computer seats
            match.queued = True
            delay = 0.0 if immediate else match.record.delay
        self.scheduler.at(delay, match.id)

    def _due(self, match_id: str) -> None:
        """The scheduler says a match's computer step is due: queue it for a thinker."""
        with self._matches_lock:
            match = self._matches.get(match_id)
        if match is not None:
            with match.lock:
                match.waiting = True
                if self.pool.busy >= self.pool.size:
                    self._notify(match)  # the table says it waits for a free thinker
        self.pool.submit(lambda: self._turn(match_id))

    def _turn(self, match_id: str) -> None:
        try:
            match = self.get(match_id)
        except Exception:
            log.exception("match %s vanished", match_id)
            return
        with match.lock:
            was_waiting, match.waiting = match.waiting, False
            if match.running:  # an earlier entry (a 'step' jumps the queue) is on it already
                return
            match.running = True
            if was_waiting:
                self._notify(match)
        mine = True
        retry = False
        try:
            mine = self._computer_step(match)
        except ComputerMoveError as exc:
            self._stop(match, str(exc), exc.__cause__ or exc)
        except StoreError as exc:  # the database is away: try again in a while, not in a tight loop
            log.error("match %s: the computer's move waits for the database: %s", match.id, exc)
            retry = True
        except Exception as exc:  # the dice or the log: the match cannot go on either
            self._stop(match, f"the server could not go on: {one_line(exc)}", exc)
        finally:
            with match.lock:
                match.queued = retry
                match.running = False
            if retry:
                self.scheduler.at(STORE_RETRY, match.id)
            elif mine:
                self._kick(match)

    def _computer_step(self, match: LiveMatch) -> bool:
        """One computer decision (then the dice); in a watch match, up to the next commentary.

        Each decision is claimed before it starts and stored only if the claim still holds and the
        match has not moved meanwhile. Returns False when another process holds the match's lease
        (it plays the computer seats: nothing is to be retried here)."""
        target_events = len(match.state.events) if match.watch else -1
        first = True
        while True:
            with self._writing(match) as change:
                state = match.state
                if first:
                    if not self._needs_worker(match):
                        return True
                    if match.watch and match.record.paused:  # one step granted by 'step': spent now
                        match.record.steps -= 1
                        change.update(steps=match.record.steps)
                    first = False
                elif match.stopped or state.is_terminal():
                    return True
                if not change.claim(self.holder, self.lease_seconds):
                    match.leased_elsewhere_until = time.time() + self.lease_seconds
                    return False
                rolled = len(state.history)
                while state.current_player() == CHANCE:  # a watch match's dice, up to the next commentary
                    state.apply_action(state.sample_chance(chance_rng_at(match.record.seed, len(state.history))))
                    if match.watch and len(state.events) > target_events:
                        break
                self._persist(match, change, rolled)
                player = state.current_player()
                if (match.watch and len(state.events) > target_events) or not match.computer_seat(player):
                    return True
                snapshot = state.clone()
                position = len(state.history)
                generation = match.takeback_count
                match.thinking = player
                self._notify(match)
            try:
                try:
                    action = self._decide(match, snapshot, player, position)
                except Exception as exc:
                    raise ComputerMoveError(player, match.agent_names()[player], exc) from exc
                with self._writing(match) as change:
                    if match.takeback_count != generation or len(match.state.history) != position:
                        return True  # taken back, or moved through another process, while deciding: dropped
                    if not change.claim(self.holder, self.lease_seconds):
                        match.leased_elsewhere_until = time.time() + self.lease_seconds
                        return False  # another process took the match over meanwhile: its move counts
                    match.thinking = None
                    try:
                        match.state.apply_action(action.name)
                    except Exception as exc:
                        raise ComputerMoveError(player, match.agent_names()[player], exc) from exc
                    if not match.watch:
                        self._resolve_chance(match)
                    self._persist(match, change, position)
                    if not match.watch or len(match.state.events) > target_events:
                        return True
            finally:
                with match.lock:
                    match.thinking = None

    def _decide(self, match: LiveMatch, state: State, seat: int, position: int) -> Action:
        """The seat's agent decides on a copy, within the think cap."""
        return self.computer.decide(match, state, seat, position)


__all__ = ["KEEP_IN_MEMORY", "Created", "MatchService"]
