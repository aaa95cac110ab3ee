"""Matches in progress: seats and their tokens, actions, chance, the computer players' worker.

A ``LiveMatch`` is a state plus what the server needs around it. Every change goes through
``MatchService``: it validates, applies, rolls the dice (chance is resolved on the server with a
seeded RNG per position), appends the new action names to the repository and wakes whoever
listens. Computer seats are played off the request path by a scheduler thread that hands each
decision to a small pool, with a time cap per decision (past it, a quick fallback agent moves).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import heapq
import hmac
import logging
import random
import re
import secrets
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import Any

from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.agents.registry import agent_names, make_agent, strongest_agent
from turnbuckle.engine.actions import Action
from turnbuckle.engine.errors import IllegalActionError, TurnbuckleError
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State
from turnbuckle.engine.match import Agent
from turnbuckle.engine.registry import game_class, load_game
from turnbuckle.web.errors import BadRequest, Conflict, Forbidden, NotFound, Unauthorized
from turnbuckle.web.repository import LiveMatchRecord, MatchRepository
from turnbuckle.web.takeback import MoverLog, TakeBack, find_takeback, permission

log = logging.getLogger("turnbuckle.web")

SEAT_KINDS = ("human", "hot-seat", "invite", "computer")
PEOPLE = ("human", "hot-seat")
"""Seats the match's creator plays at their own screen (their token covers them)."""
WEB_FORBIDDEN_PARAMS = frozenset({"roster"})
"""Params that name files on the server: never taken from a request."""
MAX_DELAY = 10.0
KEEP_IN_MEMORY = 256
"""Finished matches beyond this many are dropped from memory (they reload from the repository)."""
MATCH_ID = re.compile(r"^[A-Za-z0-9_-]{6,40}$")


def chance_rng_at(seed: int, position: int) -> random.Random:
    """The dice of a web match: one RNG per position of its action log, from the match's seed, so
    the log can be checked against the seed (the league does when it collects a match)."""
    return random.Random(f"turnbuckle:{seed}:chance:{position}")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def invite_token(owner_token: str, match_id: str, seat: int) -> str:
    """An invite seat's token, derived from the owner's, so the owner can always show the link."""
    digest = hmac.new(owner_token.encode(), f"{match_id}:{seat}".encode(), hashlib.sha256).hexdigest()
    return digest[:32]


def parse_seat(spec: Any, game: Game, seat: int) -> str:
    """Check one seat spec; ``computer`` alone means the game's strongest agent."""
    if not isinstance(spec, str):
        raise BadRequest(f"seat {seat}: expected a string such as 'human' or 'computer:expert', got {spec!r}")
    kind, _, agent = spec.partition(":")
    if kind not in SEAT_KINDS:
        raise BadRequest(f"seat {seat}: unknown seat kind {kind!r}; use one of {', '.join(SEAT_KINDS)}")
    if kind != "computer":
        if agent:
            raise BadRequest(f"seat {seat}: {kind!r} takes no ':' part")
        return kind
    name = agent or strongest_agent(game)
    base, _, arg = name.partition(":")
    known = agent_names(game)
    if base not in known or (arg and (base != "mcts" or not arg.isdigit() or int(arg) < 1)):
        raise BadRequest(f"seat {seat}: unknown agent {name!r} for {game.name}; choose from {', '.join(known)} "
                         "(or mcts:N)")
    return f"computer:{name}"


def build_game(name: Any, params: Any) -> Game:
    """A game from a request's name and params, every mistake a ``BadRequest`` naming it."""
    if not isinstance(name, str):
        raise BadRequest("game must be a game id string")
    try:
        cls = game_class(name)
    except TurnbuckleError as exc:
        raise NotFound(str(exc)) from None
    if not isinstance(params, dict):
        raise BadRequest("params must be an object of option names to values")
    known = {o.name for o in cls.options()}
    for key in params:
        if key in WEB_FORBIDDEN_PARAMS and params[key] is not None:
            raise BadRequest(f"option {key!r} names a file on the server and is not accepted over the web")
        if key not in known:
            offered = ", ".join(sorted(known - WEB_FORBIDDEN_PARAMS))
            raise BadRequest(f"{name} has no option {key!r}; options: {offered}")
    params = {k: v for k, v in params.items() if v is not None}
    for key, _ in cls.local_data_files(params)[:1]:
        raise BadRequest(f"option {key!r} names a file on the server; send the data inline or a ready-made name")
    try:
        return load_game(name, **params)
    except TurnbuckleError as exc:
        raise BadRequest(str(exc)) from None
    except Exception as exc:  # a value of the wrong type deep in a ruleset's setup
        raise BadRequest(f"{name}: invalid params ({type(exc).__name__}: {exc})") from None


@dataclass(eq=False)
class LiveMatch:
    """A match in memory: its record, game and state, and who is waiting for it to change."""

    record: LiveMatchRecord
    game: Game
    state: State
    agents: dict[int, Agent]
    """The computer seats' agents, built on first use by the worker (some solve the match first)."""
    lock: threading.RLock = field(default_factory=threading.RLock)
    agent_lock: threading.Lock = field(default_factory=threading.Lock)
    version: int = 0
    thinking: int | None = None
    """The computer seat deciding right now, if any."""
    steps_allowed: int = 0
    """Steps granted by 'step' while paused."""
    queued: bool = False
    running: bool = False
    """A worker is moving for the computer in this match (one at a time)."""
    waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = field(default_factory=list)
    takeback_count: int = 0
    """Take-backs since the match was loaded: a computer decision started before one is dropped, and
    event streams start the commentary again (``reset``)."""
    mover_log: MoverLog | None = None

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def takebacks(self) -> bool:
        """Created with ``"takebacks": true``: people may take back even with another person playing
        (kept in the seat grants: every grant of such a match carries ``"takebacks": true``)."""
        return any(grant.get("takebacks") for grant in self.record.tokens.values())

    def movers(self) -> list[int]:
        """Who played each action so far (lock held)."""
        if self.mover_log is None:
            self.mover_log = MoverLog(self.game)
        return self.mover_log.movers(self.state.history)

    @property
    def watch(self) -> bool:
        """Computer against computer: the server paces every step (speed, pause, step)."""
        return all(s.startswith("computer") for s in self.record.seats)

    def computer_seat(self, seat: int) -> bool:
        return 0 <= seat < len(self.record.seats) and self.record.seats[seat].startswith("computer")

    def agent_names(self) -> list[str]:
        return [s.partition(":")[2] or s for s in self.record.seats]

    def seats_of(self, token: str | None) -> tuple[frozenset[int], bool]:
        """(seats, owner) a token covers; empty for no token. Unknown tokens are refused."""
        if not token:
            return frozenset(), False
        grant = self.record.tokens.get(token_hash(token))
        if grant is None:
            raise Forbidden("this token does not belong to this match")
        return frozenset(int(s) for s in grant.get("seats", [])), bool(grant.get("owner"))


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
        workers: int = 2,
    ) -> None:
        self.repository = repository
        self.think_cap = think_cap
        self.computer_delay = computer_delay
        self._matches: dict[str, LiveMatch] = {}
        self._matches_lock = threading.Lock()
        self._heap: list[tuple[float, int, str]] = []
        self._counter = 0
        self._wake = threading.Condition()
        self._stopping = False
        self._workers = workers
        self._pool = self._think_pool = ThreadPoolExecutor(max_workers=1)
        self._scheduler: threading.Thread | None = None

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self) -> None:
        """Start the worker and resume every unfinished match in the repository."""
        if self._scheduler is not None:
            return
        self._stopping = False
        self._pool = ThreadPoolExecutor(max_workers=self._workers, thread_name_prefix="turnbuckle-turn")
        self._think_pool = ThreadPoolExecutor(max_workers=self._workers + 2, thread_name_prefix="turnbuckle-think")
        self._scheduler = threading.Thread(target=self._run, name="turnbuckle-scheduler", daemon=True)
        self._scheduler.start()
        with self._matches_lock:
            loaded = list(self._matches.values())
        for match in loaded:  # started again in the same process: whatever was queued is gone
            match.queued = False
            self._kick(match)
        for match_id in self.repository.unfinished():
            try:
                match = self.get(match_id)
            except Exception:  # a record that no longer rebuilds (changed rules): leave it be
                log.exception("cannot resume match %s", match_id)
                continue
            self._kick(match)

    def stop(self) -> None:
        with self._wake:
            self._stopping = True
            self._wake.notify_all()
        if self._scheduler is not None:
            self._scheduler.join(timeout=5)
            self._scheduler = None
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._think_pool.shutdown(wait=False, cancel_futures=True)

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
            raise BadRequest(f"a match id is 6 to 40 letters, digits, '-' or '_', not {match_id!r}")
        owner = secrets.token_urlsafe(24)
        tokens: dict[str, dict[str, Any]] = {
            token_hash(owner): {"seats": [i for i, s in enumerate(specs) if s in PEOPLE], "owner": True}
        }
        invites: dict[int, str] = {}
        for i, spec in enumerate(specs):
            if spec == "invite":
                invites[i] = invite_token(owner, match_id, i)
                tokens[token_hash(invites[i])] = {"seats": [i], "owner": False}
        if takebacks:
            for grant in tokens.values():
                grant["takebacks"] = True
        if hints is not None:  # agreed (or refused) at creation: web/review.py reads it
            for grant in tokens.values():
                grant["hints"] = hints
        record = LiveMatchRecord(
            id=match_id, game=game.name, params=_jsonable(game.params), seats=specs, seed=seed,
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
            raise NotFound(f"no match {match_id!r}")
        record = self.repository.get(match_id)
        if record is None:
            raise NotFound(f"no match {match_id!r}")
        game = load_game(record.game, **record.params)
        match = self._rebuild(record, game)
        with self._matches_lock:
            match = self._matches.setdefault(match_id, match)
            self._forget_finished()
        if self._scheduler is not None:  # added by another process (a league card): its computer seats start
            self._kick(match)
        return match

    def _forget_finished(self) -> None:
        """Keep memory bounded: drop the oldest finished, unwatched matches (lock held)."""
        if len(self._matches) <= KEEP_IN_MEMORY:
            return
        for match_id, match in list(self._matches.items()):
            if len(self._matches) <= KEEP_IN_MEMORY // 2:
                break
            if match.record.finished and not match.waiters and not match.running:
                del self._matches[match_id]

    def _rebuild(self, record: LiveMatchRecord, game: Game) -> LiveMatch:
        state = game.state_from_actions(record.actions)
        return LiveMatch(record=record, game=game, state=state, agents={})

    # -- people's moves ----------------------------------------------------------------------
    def authorize(self, match: LiveMatch, token: str | None, seat: int) -> None:
        """A token may read and act only for the seats it was given."""
        if not 0 <= seat < len(match.record.seats):
            raise NotFound(f"this match has seats 0 to {len(match.record.seats) - 1}, not {seat}")
        if not token:
            raise Unauthorized("a seat token is needed (Authorization: Bearer TOKEN, or ?token=)")
        seats, _ = match.seats_of(token)
        if seat not in seats:
            raise Forbidden(f"this token does not play seat {seat}")

    def act(self, match: LiveMatch, seat: int, name: Any, expect: int | None = None) -> None:
        """Apply ``name`` for ``seat`` (already authorized); then the dice, then wake the computer."""
        if not isinstance(name, str) or not name:
            raise BadRequest("action must be an action name (a non-empty string)")
        with match.lock:
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
                raise BadRequest(f"illegal action {name!r}: {exc}" if legal in str(exc)
                                 else f"illegal action {name!r}; legal now: {legal}") from None
            start = len(state.history) - 1
            self._resolve_chance(match)
            self._persist(match, start)
        self._kick(match)

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
        _, owner = match.seats_of(token)
        if not owner:
            raise Forbidden("only the match's owner token can pace it")
        with match.lock:
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
                raise BadRequest(f"unknown command {command!r}; use pause, resume, step or delay")
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
        self._notify(match)

    def _notify(self, match: LiveMatch) -> None:
        match.version += 1
        for loop, event in list(match.waiters):
            with contextlib.suppress(RuntimeError):  # that listener's loop has closed
                loop.call_soon_threadsafe(event.set)

    # -- the computer seats ------------------------------------------------------------------
    def _needs_worker(self, match: LiveMatch) -> bool:
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
        with self._wake:
            self._counter += 1
            heapq.heappush(self._heap, (time.monotonic() + delay, self._counter, match.id))
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._stopping and (not self._heap or self._heap[0][0] > time.monotonic()):
                    timeout = self._heap[0][0] - time.monotonic() if self._heap else None
                    self._wake.wait(timeout)
                if self._stopping:
                    return
                _, _, match_id = heapq.heappop(self._heap)
            try:
                self._pool.submit(self._turn, match_id)
            except RuntimeError:  # shutting down
                return

    def _turn(self, match_id: str) -> None:
        try:
            match = self.get(match_id)
        except Exception:
            log.exception("match %s vanished", match_id)
            return
        with match.lock:
            if match.running:  # an earlier entry (a 'step' jumps the queue) is on it already
                return
            match.running = True
        try:
            self._computer_step(match)
        except Exception:
            log.exception("computer move failed in match %s", match_id)
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
            action = self._decide(match, snapshot, player, position)
            with match.lock:
                if match.takeback_count != generation:  # taken back while deciding: drop it
                    break
                match.thinking = None
                if len(match.state.history) != position:
                    break
                match.state.apply_action(action.name)
                if match.watch and len(match.state.events) > target_events:
                    break
        with match.lock:
            if not match.watch:
                self._resolve_chance(match)
            self._persist(match, start)

    @staticmethod
    def _agent(match: LiveMatch, seat: int) -> Agent:
        with match.agent_lock:
            agent = match.agents.get(seat)
            if agent is None:
                agent = make_agent(match.record.seats[seat].partition(":")[2], match.game, seat)
                match.agents[seat] = agent
            return agent

    def _decide(self, match: LiveMatch, state: State, seat: int, position: int) -> Action:
        """The seat's agent decides on a copy; past ``think_cap`` seconds a quick agent moves instead
        (the slow one finishes in the background, and building an agent counts as thinking)."""
        rng = random.Random(f"turnbuckle:{match.record.seed}:agent:{seat}:{position}")

        def think() -> Action:
            return self._agent(match, seat).choose(state, random.Random(rng.random()))

        backup = state.clone()  # the fallback's own copy: the slow agent may still be reading ``state``
        future: Future[Action] = self._think_pool.submit(think)
        try:
            return future.result(timeout=self.think_cap)
        except FutureTimeout:
            log.warning("match %s: seat %d took over %.1fs; a quick move instead", match.id, seat, self.think_cap)
            fallback: Agent
            try:
                fallback = make_agent("heuristic", match.game, seat)
            except TurnbuckleError:
                fallback = RandomAgent(match.game, seat)
            return fallback.choose(backup, rng)


def _jsonable(value: Any) -> Any:
    import json

    loaded = json.loads(json.dumps(value))
    return loaded
