"""The match service: every change to a live match goes through it.

It validates, applies, rolls the dice (chance is resolved on the server with a seeded RNG per
position), appends the new action names to the repository and wakes whoever listens. Who may do
what is decided by the seat grants (``turnbuckle.web.grants``). Computer seats are played off the
request path: the scheduler (``turnbuckle.web.scheduler``) says when a match's next computer step
is due, a thinker of the bounded pool (``turnbuckle.web.thinkers``) makes it, under the think cap
(``turnbuckle.web.computer``). A computer move that fails stops its match, with the reason stored
and shown; it is logged once and never retried.
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from turnbuckle.engine.actions import Action
from turnbuckle.engine.errors import IllegalActionError, quoted
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State
from turnbuckle.engine.registry import load_game
from turnbuckle.web import grants
from turnbuckle.web.computer import ComputerMoveError, ComputerPlayer, one_line
from turnbuckle.web.errors import BadRequest, Conflict, Forbidden, NotFound, Unauthorized
from turnbuckle.web.grants import NOBODY, Grant, InviteLink
from turnbuckle.web.livematch import LiveMatch, chance_rng_at
from turnbuckle.web.repository import LiveMatchRecord, MatchRepository
from turnbuckle.web.scheduler import Scheduler
from turnbuckle.web.setup import MATCH_ID, MAX_DELAY, build_game, parse_seat
from turnbuckle.web.takeback import TakeBack, find_takeback, permission
from turnbuckle.web.thinkers import ThinkPool

log = logging.getLogger("turnbuckle.web")

KEEP_IN_MEMORY = 256
"""Finished matches beyond this many are dropped from memory (they reload from the repository)."""
STOP_REASON_LENGTH = 300
"""The stored reason of a stopped match is cut to this (the database column's width)."""


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
    ) -> None:
        self.repository = repository
        self.computer = ComputerPlayer(think_cap)
        self.computer_delay = computer_delay
        self._matches: dict[str, LiveMatch] = {}
        self._matches_lock = threading.Lock()
        self.pool = ThinkPool(thinkers)
        self.scheduler = Scheduler(self._due)
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
        """Start the thinkers and resume every unfinished match in the repository."""
        if self.scheduler.running:
            return
        self.pool.start()
        self.scheduler.start()
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
        self.scheduler.stop()
        self.pool.stop()

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
    ) -> Created:
        game = build_game(game_name, params if params is not None else {})
        return self.create_for_game(game, seats, seed=seed, delay=delay, takebacks=takebacks, hints=hints)

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
    ) -> Created:
        """``create`` for a game the caller built and trusts (the league: its params may name the
        league's roster file, which a request may not); ``match_id``: the id to store it under."""
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
        elif not MATCH_ID.match(match_id):
            raise BadRequest(f"a match id is 6 to 40 letters, digits, '-' or '_', not {quoted(match_id)}")
        tokens, owner, invites = grants.issue(specs, match_id, takebacks=takebacks, hints=hints)
        record = LiveMatchRecord(
            id=match_id, game=game.name, params=json.loads(json.dumps(game.params)), seats=specs, seed=seed,
            tokens=tokens, delay=float(delay),
        )
        match = self._rebuild(record, game)
        self.repository.add(record)
        with self._matches_lock:
            self._matches[match_id] = match
            self._forget_finished()
        with match.lock:
            if not match.watch:
                self._resolve_chance(match)
            self._persist(match, 0)
        self._kick(match)
        return Created(match, owner, invites)

    def get(self, match_id: str) -> LiveMatch:
        with self._matches_lock:
            match = self._matches.get(match_id)
        if match is not None:
            return match
        if not MATCH_ID.match(match_id):
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
            if found is None:
                raise Forbidden("this token does not belong to this match")
            key, grant = found
            if grant.invite and not grant.opened:
                tokens = {k: dict(v) for k, v in match.record.tokens.items()}
                grants.mark_opened(tokens, key)
                self.repository.update(match.id, tokens=tokens)
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
        with match.lock:
            return grants.invite_links(match.record.tokens, owner, match.id)

    def regenerate_invite(self, match: LiveMatch, token: str | None, seat: int) -> str:
        """A new link for an invited seat nobody has opened yet; the old link stops working."""
        owner = self._owner(match, token, "replace an invite link")
        if not 0 <= seat < len(match.record.seats) or match.record.seats[seat] != grants.INVITE:
            raise NotFound(f"seat {seat} is not an invited seat of this match")
        with match.lock:
            tokens = {k: dict(v) for k, v in match.record.tokens.items()}
            fresh = grants.regenerate(tokens, owner, match.id, seat)
            if fresh is None:
                raise Conflict(f"the guest has opened seat {seat}'s link: the seat is theirs, and the link "
                               "cannot be shown or replaced")
            self.repository.update(match.id, tokens=tokens)
            match.record.tokens = tokens
            log.info("match %s: the owner replaced seat %d's invite link", match.id, seat)
        return fresh

    # -- people's moves ----------------------------------------------------------------------
    def act(self, match: LiveMatch, seat: int, name: Any, expect: int | None = None) -> None:
        """Apply ``name`` for ``seat`` (already authorized); then the dice, then wake the computer."""
        if not isinstance(name, str) or not name:
            raise BadRequest("action must be an action name (a non-empty string)")
        with match.lock:
            self._refuse_if_stopped(match)
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
            try:
                action = state.action_from_string(name)
                state.apply_action(action)
            except IllegalActionError as exc:
                legal = ", ".join(a.name for a in state.legal_actions())
                raise BadRequest(f"illegal action {quoted(name)}: {exc}" if legal in str(exc)
                                 else f"illegal action {quoted(name)}; legal now: {legal}") from None
            start = len(state.history) - 1
            self._resolve_chance(match)
            self._persist(match, start)
        self._kick(match)

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
        with match.lock:
            self._refuse_if_stopped(match)
            status = self.takeback_status(match, seat)
            if status.reason is not None or status.index is None:
                raise Conflict(status.reason or "nothing to take back")
            index = status.index
            state = match.game.state_from_actions([a.name for a in match.state.history[:index]])
            self.repository.append_actions(match.id, index, [])  # deletes actions index.. in one transaction
            match.state = state
            del match.record.actions[index:]
            match.thinking = None  # a decision being made now is dropped when it comes back
            match.takeback_count += 1
            log.info("match %s: seat %d took back action %d", match.id, seat, index)
            self._notify(match)
        self._kick(match)
        return index

    def control(self, match: LiveMatch, token: str | None, command: str, delay: float | None = None) -> None:
        """The owner paces a match: pause, resume, step (one step while paused), delay."""
        self._owner(match, token, "pace it")
        with match.lock:
            self._refuse_if_stopped(match)
            if delay is not None:
                if not 0 <= delay <= MAX_DELAY:
                    raise BadRequest(f"delay must be from 0 to {MAX_DELAY} seconds")
                match.record.delay = float(delay)
                self.repository.update(match.id, delay=float(delay))
            if command == "pause":
                match.record.paused = True
                self.repository.update(match.id, paused=True)
            elif command == "resume":
                match.record.paused = False
                match.steps_allowed = 0
                self.repository.update(match.id, paused=False)
            elif command == "step":
                if not match.record.paused:
                    match.record.paused = True
                    self.repository.update(match.id, paused=True)
                match.steps_allowed += 1
            elif command != "delay":
                raise BadRequest(f"unknown command {quoted(command)}; use pause, resume, step or delay")
            self._notify(match)
        self._kick(match, immediate=command == "step")

    # -- state changes -----------------------------------------------------------------------
    def _resolve_chance(self, match: LiveMatch) -> None:
        """Roll every die / draw every card up to the next decision (seeded by the position)."""
        state = match.state
        seed = match.record.seed
        while state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(chance_rng_at(seed, len(state.history))))

    def _persist(self, match: LiveMatch, start: int) -> None:
        """Store the actions from ``start`` on, mark the end, wake the listeners (lock held)."""
        history = match.state.history
        if len(history) > start:
            self.repository.append_actions(match.id, start, [a.name for a in history[start:]])
            match.record.actions[start:] = [a.name for a in history[start:]]
        if match.state.is_terminal() and not match.record.finished:
            result = match.state.match_result()
            summary = result.describe() if result is not None else "over"
            match.record.finished = True
            match.record.summary = summary
            self.repository.update(match.id, finished=True, summary=summary)
            self._finished(match)
        self._notify(match)

    def _finished(self, match: LiveMatch) -> None:
        """Tell the finish listeners a match has ended (after it is stored as finished)."""
        for listener in list(self.finish_listeners):
            try:
                listener(match.record)
            except Exception:
                log.exception("a finish listener failed for match %s", match.id)

    def _notify(self, match: LiveMatch) -> None:
        match.version += 1
        for loop, event in list(match.waiters):
            with contextlib.suppress(RuntimeError):  # that listener's loop has closed
                loop.call_soon_threadsafe(event.set)

    def _stop(self, match: LiveMatch, reason: str, cause: BaseException) -> None:
        """A computer move failed: the match stops for good, with a one-line reason (logged once,
        with the traceback of ``cause``)."""
        reason = reason[:STOP_REASON_LENGTH]
        log.error("match %s stopped: %s", match.id, reason, exc_info=cause)
        with match.lock:
            match.record.stopped = reason
            match.thinking = None
            try:
                self.repository.update(match.id, stopped=reason)
            except Exception:  # stopped in memory all the same: no retry in this process
                log.exception("match %s: could not store why it stopped", match.id)
            self._notify(match)

    # -- the computer seats ------------------------------------------------------------------
    def _needs_worker(self, match: LiveMatch) -> bool:
        if match.stopped:
            return False
        player = match.state.current_player()
        if player == TERMINAL:
            return False
        if match.watch:
            return not match.record.paused or match.steps_allowed > 0
        return match.computer_seat(player)

    def _kick(self, match: LiveMatch, immediate: bool = False) -> None:
        with match.lock:
            if (match.queued and not immediate) or not self._needs_worker(match):
                return
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
        try:
            self._computer_step(match)
        except ComputerMoveError as exc:
            self._stop(match, str(exc), exc.__cause__ or exc)
        except Exception as exc:  # the dice or the log: the match cannot go on either
            self._stop(match, f"the server could not go on: {one_line(exc)}", exc)
        finally:
            with match.lock:
                match.queued = False
                match.running = False
            self._kick(match)

    def _computer_step(self, match: LiveMatch) -> None:
        """One computer decision (then the dice); in a watch match, up to the next commentary."""
        with match.lock:
            if not self._needs_worker(match):
                return
            if match.watch and match.record.paused:
                match.steps_allowed -= 1
            start = len(match.state.history)
            generation = match.takeback_count
        target_events = len(match.state.events) if match.watch else -1
        failed = True
        try:
            while True:
                with match.lock:
                    state = match.state
                    player = state.current_player()
                    if player == TERMINAL or len(state.history) < start or match.takeback_count != generation:
                        break
                    if player == CHANCE:
                        state.apply_action(state.sample_chance(chance_rng_at(match.record.seed, len(state.history))))
                        if match.watch and len(state.events) > target_events:
                            break
                        continue
                    if not match.computer_seat(player) or (not match.watch and len(state.history) > start):
                        break
                    snapshot = state.clone()
                    position = len(state.history)
                    match.thinking = player
                    self._notify(match)
                try:
                    action = self._decide(match, snapshot, player, position)
                except Exception as exc:
                    raise ComputerMoveError(player, match.agent_names()[player], exc) from exc
                with match.lock:
                    if match.takeback_count != generation:  # taken back while deciding: drop it
                        break
                    match.thinking = None
                    if len(match.state.history) != position:
                        break
                    try:
                        match.state.apply_action(action.name)
                    except Exception as exc:
                        raise ComputerMoveError(player, match.agent_names()[player], exc) from exc
                    if match.watch and len(match.state.events) > target_events:
                        break
            failed = False
        finally:
            with match.lock:
                match.thinking = None
                if not failed and not match.watch:
                    self._resolve_chance(match)
                self._persist(match, start)  # what was played before a failure is kept

    def _decide(self, match: LiveMatch, state: State, seat: int, position: int) -> Action:
        """The seat's agent decides on a copy, within the think cap."""
        return self.computer.decide(match, state, seat, position)


__all__ = ["KEEP_IN_MEMORY", "Created", "MatchService"]
