"""Batch simulation: many seeded matches, on all local cores, reproducible from the base seed.

Match ``i`` always uses seed ``base_seed + i`` and seat rotation ``i % agents`` (when asked), so
the totals do not depend on how many worker processes ran them, nor on how the matches were cut
into chunks.

Memory stays flat whatever the number of matches: work is handed out lazily in chunks of
consecutive match indices, at most ``2 x workers`` chunks in flight, and every finished match is
folded into running totals (:class:`SimTotals`) instead of being kept.

Stopping: set ``stop_event`` (the CLI does on Ctrl-C) and :func:`run_matches` returns within a
fraction of a second with the totals of the matches finished so far, marked ``interrupted``. The
worker processes ignore SIGINT (a Ctrl-C at a terminal reaches the whole process group; only the
parent decides) and are terminated, never left behind.

A cluster backend (Ray) can reuse :func:`run_chunk`: a pure function of the spec and an index
range, whose :class:`SimTotals` merge in any order.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from multiprocessing.context import BaseContext
from typing import Any, Protocol

from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.game import Game
from turnbuckle.engine.match import Agent, play_match
from turnbuckle.engine.registry import load_game
from turnbuckle.engine.result import Method

MAX_MATCHES = 10**9
"""The most matches one run plays (the CLI refuses more)."""

CHUNK_SECONDS = 0.25
"""Aim for chunks of about this much work: progress stays live and per-chunk overhead small."""
MAX_CHUNK = 1000
TICK_SECONDS = 0.1
"""How often the parent looks at ``stop_event`` (and calls ``on_progress``) while it waits."""
TERMINATE_GRACE_SECONDS = 1.0


class StopFlag(Protocol):
    """Anything with ``is_set()``: a ``threading.Event`` or ``multiprocessing.Event``."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class SimSpec:
    """Everything a worker needs to play its share of matches (picklable)."""

    game: str
    params: dict[str, Any]
    agents: tuple[str, ...]
    base_seed: int
    rotate_seats: bool = True


@dataclass
class MatchSummary:
    """One match's outcome, seen from the agents (not the seats)."""

    index: int
    seat_of_agent: list[int]
    winner_agents: tuple[int, ...]
    """Every agent on the winning side (two for a tag team); empty for a draw."""
    steps: int
    returns_by_agent: list[float] = field(default_factory=list)
    method: str = Method.OTHER.value
    """How the match ended (a :class:`~turnbuckle.engine.result.Method` value)."""


@dataclass
class SimTotals:
    """Running totals over finished matches; merge in any order, the result is the same.

    ``wins[k]`` counts the matches agent ``k`` was on the winning side of: a tag team's or a
    handicap team's win counts for every agent on that team, so ``sum(wins)`` can exceed the
    matches won. A draw counts for nobody (``draws``).
    """

    agents: int
    matches: int = 0
    """Matches finished and counted."""
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    methods: Counter[str] = field(default_factory=Counter)
    steps: int = 0
    """Actions (chance outcomes included) summed over the matches."""
    seat_wins: list[int] = field(default_factory=list)
    """Wins by seat (whoever sat there): the first seat's edge, read apart from the agents."""
    lengths: Counter[int] = field(default_factory=Counter)
    """How many matches lasted each number of actions (a histogram, bounded by the game's length)."""
    requested: int = 0
    """Matches asked for (set by :func:`run_matches`)."""
    interrupted: bool = False
    """``True`` when ``stop_event`` ended the run before every requested match was played."""

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.agents
        if not self.seat_wins:
            self.seat_wins = [0] * self.agents

    def add(self, summary: MatchSummary) -> None:
        """Fold one finished match in."""
        self.matches += 1
        if summary.winner_agents:
            for k in summary.winner_agents:
                self.wins[k] += 1
                self.seat_wins[summary.seat_of_agent[k]] += 1
        else:
            self.draws += 1
        self.methods[summary.method] += 1
        self.steps += summary.steps
        self.lengths[summary.steps] += 1

    def merge(self, other: SimTotals) -> None:
        """Fold another chunk's totals in (``requested`` and ``interrupted`` are left alone)."""
        if other.agents != self.agents:
            raise ValueError(f"cannot merge totals over {other.agents} agents into {self.agents}")
        self.matches += other.matches
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.draws += other.draws
        self.methods.update(other.methods)
        self.steps += other.steps
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins, strict=True)]
        self.lengths.update(other.lengths)

    @property
    def mean_steps(self) -> float | None:
        """Mean match length in actions; ``None`` before any match finished."""
        return self.steps / self.matches if self.matches else None

    def methods_in_order(self) -> dict[str, int]:
        """Counts by method, in the :class:`Method` vocabulary's order (unknown names last)."""
        order = {m.value: i for i, m in enumerate(Method)}
        names = sorted(self.methods, key=lambda m: (order.get(m, len(order)), m))
        return {m: self.methods[m] for m in names if self.methods[m]}


def seats_for(index: int, agents: int, rotate: bool) -> list[int]:
    """Agent ``k`` sits in seat ``(k + index) % agents`` when rotating, so seats even out."""
    shift = index % agents if rotate else 0
    return [(k + shift) % agents for k in range(agents)]


def play_one(spec: SimSpec, game: Game, index: int) -> MatchSummary:
    """Play match ``index`` of ``spec`` (seed ``base_seed + index``) on an already loaded game."""
    n = len(spec.agents)
    seat = seats_for(index, n, spec.rotate_seats)
    by_seat: list[Agent | None] = [None] * n
    for k, name in enumerate(spec.agents):
        by_seat[seat[k]] = make_agent(name, game, seat[k])
    agents = [a for a in by_seat if a is not None]
    record = play_match(game, agents, seed=spec.base_seed + index)
    result = record.result
    return MatchSummary(
        index=index,
        seat_of_agent=seat,
        winner_agents=tuple(sorted(seat.index(p) for p in result.winning_players)),
        steps=record.steps,
        returns_by_agent=[result.returns[seat[k]] for k in range(n)],
        method=str(result.method),
    )


def iter_summaries(spec: SimSpec, indices: Iterable[int], game: Game | None = None) -> Iterator[MatchSummary]:
    """Play the matches ``indices`` one after the other in this process, lazily (``game``: the
    spec's game if already loaded)."""
    if game is None:
        game = load_game(spec.game, **spec.params)
    for index in indices:
        yield play_one(spec, game, index)


def run_chunk(spec: SimSpec, start: int, stop: int, game: Game | None = None) -> SimTotals:
    """The totals of matches ``start`` .. ``stop - 1`` (what one worker does with one chunk)."""
    totals = SimTotals(len(spec.agents))
    for summary in iter_summaries(spec, range(start, stop), game):
        totals.add(summary)
    return totals


def run_matches(
    spec: SimSpec,
    matches: int,
    workers: int | None = None,
    *,
    on_progress: Callable[[SimTotals], None] | None = None,
    stop_event: StopFlag | None = None,
    mp_context: BaseContext | None = None,
) -> SimTotals:
    """Play matches ``0 .. matches - 1`` of ``spec`` and return their totals.

    ``workers`` defaults to every core this process may use; 1 plays in this process (the
    ``stop_event`` is then checked between matches, so the match being played finishes first).
    ``on_progress`` gets the running totals (read them, do not keep or change them) after every
    finished chunk and at least every ~0.1 s while waiting. Setting ``stop_event`` ends the run
    early: the totals then cover the matches finished so far and have ``interrupted`` set.
    Worker processes are always gone when this returns or raises.
    """
    if not 0 <= matches <= MAX_MATCHES:
        raise ValueError(f"matches must be 0 .. {MAX_MATCHES}, got {matches}")
    if not spec.agents:
        raise ValueError("a simulation needs at least one agent")
    totals = SimTotals(len(spec.agents), requested=matches)
    workers = max(1, min(workers or available_cores(), matches or 1))
    if workers == 1:
        _run_here(spec, matches, totals, on_progress, stop_event)
    else:
        _run_pool(spec, matches, workers, totals, on_progress, stop_event, mp_context)
    if on_progress is not None:
        on_progress(totals)
    return totals


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the OS has one)."""
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13+
    if counter is not None:
        count = counter()
        if isinstance(count, int):
            return max(1, count)
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


# -- in this process ---------------------------------------------------------------------------
def _run_here(
    spec: SimSpec,
    matches: int,
    totals: SimTotals,
    on_progress: Callable[[SimTotals], None] | None,
    stop: StopFlag | None,
) -> None:
    last = time.monotonic()
    for summary in iter_summaries(spec, _until_stopped(range(matches), stop, totals)):
        totals.add(summary)
        if on_progress is not None and time.monotonic() - last >= TICK_SECONDS:
            on_progress(totals)
            last = time.monotonic()


def _until_stopped(indices: Iterable[int], stop: StopFlag | None, totals: SimTotals) -> Iterator[int]:
    for index in indices:
        if stop is not None and stop.is_set():
            totals.interrupted = True
            return
        yield index


# -- in worker processes -----------------------------------------------------------------------
class _ChunkPlanner:
    """Hands out consecutive index ranges lazily, sized to about ``CHUNK_SECONDS`` of work.

    The first chunks hold one match (a slow game shows progress at once); a chunk grows at most
    twofold over the last measured one, and never takes more than a worker's share of what is
    left, so the last matches still spread over every worker.
    """

    def __init__(self, matches: int, workers: int) -> None:
        self.matches = matches
        self.workers = workers
        self.next_start = 0
        self.size = 1

    def has_next(self) -> bool:
        return self.next_start < self.matches

    def take(self) -> tuple[int, int]:
        left = self.matches - self.next_start
        size = max(1, min(self.size, MAX_CHUNK, -(-left // self.workers)))
        start = self.next_start
        self.next_start += size
        return start, start + size

    def observe(self, matches: int, seconds: float) -> None:
        if matches <= 0:
            return
        per_match = max(seconds, 1e-6) / matches
        wanted = int(CHUNK_SECONDS / per_match)
        self.size = max(1, min(wanted, 2 * max(self.size, matches), MAX_CHUNK))


def _run_pool(
    spec: SimSpec,
    matches: int,
    workers: int,
    totals: SimTotals,
    on_progress: Callable[[SimTotals], None] | None,
    stop: StopFlag | None,
    mp_context: BaseContext | None,
) -> None:
    planner = _ChunkPlanner(matches, workers)
    window = 2 * workers
    executor = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=mp_context or multiprocessing.get_context(),
        initializer=_worker_init,
        initargs=(os.getpid(),),
    )
    pending: set[Future[tuple[SimTotals, float]]] = set()
    finished = False
    try:
        while True:
            if stop is not None and stop.is_set():
                _fold_done(pending, totals, planner)
                totals.interrupted = True
                break
            while len(pending) < window and planner.has_next():
                start, end = planner.take()
                pending.add(executor.submit(_timed_chunk, spec, start, end))
            if not pending:
                finished = True
                break
            done, pending = wait(pending, timeout=TICK_SECONDS, return_when=FIRST_COMPLETED)
            for future in done:
                part, seconds = future.result()
                totals.merge(part)
                planner.observe(part.matches, seconds)
            if on_progress is not None:
                on_progress(totals)
    finally:
        if finished:
            executor.shutdown(wait=True)
        else:
            _terminate(executor)


def _fold_done(
    pending: set[Future[tuple[SimTotals, float]]], totals: SimTotals, planner: _ChunkPlanner
) -> None:
    """On a stop, keep the chunks that finished but were not collected yet."""
    for future in list(pending):
        if future.done() and not future.cancelled() and future.exception() is None:
            part, seconds = future.result()
            totals.merge(part)
            planner.observe(part.matches, seconds)
            pending.discard(future)


def _terminate(executor: ProcessPoolExecutor) -> None:
    """Stop the workers now (their chunks are dropped) and reap them: none is left behind.

    The processes are terminated first and the executor shut down after, so its manager thread
    sees a broken pool, fails what was pending and joins everything (cancelling futures first
    would race with that).
    """
    processes = list((getattr(executor, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    deadline = time.monotonic() + TERMINATE_GRACE_SECONDS
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            with contextlib.suppress(Exception):
                process.kill()
            process.join(TERMINATE_GRACE_SECONDS)
    executor.shutdown(wait=True, cancel_futures=True)


def _worker_init(parent: int) -> None:
    """Workers ignore Ctrl-C (the parent stops them), die at once on SIGTERM (not the handler a
    forked worker inherits from its parent) and die with their parent (Linux)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            import ctypes

            pr_set_pdeathsig = 1
            ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, int(signal.SIGTERM), 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)


def _timed_chunk(spec: SimSpec, start: int, stop: int) -> tuple[SimTotals, float]:
    began = time.perf_counter()
    totals = run_chunk(spec, start, stop, _worker_game(spec))
    return totals, time.perf_counter() - began


_GAME_CACHE: dict[str, Game] = {}


def _worker_game(spec: SimSpec) -> Game:
    """A worker loads the game once, not once per chunk (a game is reusable across matches)."""
    key = json.dumps([spec.game, spec.params], sort_keys=True, default=repr)
    game = _GAME_CACHE.get(key)
    if game is None:
        _GAME_CACHE.clear()
        game = load_game(spec.game, **spec.params)
        _GAME_CACHE[key] = game
    return game
