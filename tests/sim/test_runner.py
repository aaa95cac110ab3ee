"""The batch runner as a library: running totals, team wins, stopping, bounded work in flight."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.match import play_match
from turnbuckle.engine.registry import load_game
from turnbuckle.sim import runner
from turnbuckle.sim.runner import MAX_CHUNK, SimSpec, SimTotals, run_matches, seats_for
from turnbuckle.sim.stats import wilson_interval


def expected_totals(spec: SimSpec, matches: int) -> tuple[list[int], int, int]:
    """Wins per agent, draws and team wins, straight from ``play_match`` (not the runner)."""
    game = load_game(spec.game, **spec.params)
    n = len(spec.agents)
    wins, draws, team_wins = [0] * n, 0, 0
    for i in range(matches):
        seat = seats_for(i, n, spec.rotate_seats)
        by_seat: list[Any] = [None] * n
        for k, name in enumerate(spec.agents):
            by_seat[seat[k]] = make_agent(name, game, seat[k])
        result = play_match(game, by_seat, seed=spec.base_seed + i).result
        if result.is_draw:
            draws += 1
        team_wins += len(result.winning_players) > 1
        for player in result.winning_players:
            wins[seat.index(player)] += 1
    return wins, draws, team_wins


@pytest.mark.parametrize(("match_type", "players"), [("tag", 4), ("handicap", 3)])
def test_a_team_win_counts_for_every_agent_on_the_team(match_type: str, players: int) -> None:
    spec = SimSpec("wrasslin", {"match_type": match_type}, ("random",) * players, 11, rotate_seats=True)
    matches = 24
    totals = run_matches(spec, matches, workers=1)
    wins, draws, team_wins = expected_totals(spec, matches)
    assert (totals.wins, totals.draws) == (wins, draws)
    assert team_wins > 0, "the sample should hold team wins"
    decided = totals.matches - totals.draws
    assert totals.matches == matches and decided > 0
    assert sum(totals.wins) == decided + team_wins, "a team win is two agents' win, never a draw"
    if match_type == "tag":
        assert sum(totals.wins) == 2 * decided
    assert sum(totals.methods.values()) == matches


def test_totals_do_not_depend_on_workers_or_chunks() -> None:
    spec = SimSpec("powerhouses", {}, ("heuristic", "random"), 3, rotate_seats=True)
    here = run_matches(spec, 40, workers=1)
    pooled = run_matches(spec, 40, workers=2)
    assert here == pooled
    assert here.matches == here.requested == 40 and not here.interrupted
    chunked = SimTotals(2)
    for start, end in [(0, 7), (7, 8), (8, 40)]:
        chunked.merge(runner.run_chunk(spec, start, end))
    assert (chunked.wins, chunked.draws, chunked.methods, chunked.steps) == (
        here.wins, here.draws, here.methods, here.steps,
    )


def test_chunks_cover_every_index_once_and_stay_bounded() -> None:
    planner = runner._ChunkPlanner(10_000, 3)
    seen = 0
    sizes = []
    while planner.has_next():
        start, end = planner.take()
        assert start == seen and end > start
        sizes.append(end - start)
        seen = end
        planner.observe(end - start, 1e-5 * (end - start))  # a very fast game
    assert seen == 10_000 and sizes[0] == 1 and max(sizes) <= MAX_CHUNK
    slow = runner._ChunkPlanner(100, 2)
    slow.take()
    slow.observe(1, 3.0)  # 3 s a match: one match a chunk, progress stays live
    start, end = slow.take()
    assert end - start == 1


class CountingExecutor(ProcessPoolExecutor):
    """Records the most chunks ever in flight."""

    most = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        future = super().submit(fn, *args, **kwargs)
        with _lock:
            CountingExecutor.in_flight += 1
            CountingExecutor.most = max(CountingExecutor.most, CountingExecutor.in_flight)
        future.add_done_callback(_one_less)
        return future

    in_flight = 0


_lock = threading.Lock()


def _one_less(_: Any) -> None:
    with _lock:
        CountingExecutor.in_flight -= 1


def children_of(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_billion_matches_stop_on_request_with_bounded_work_and_no_workers_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(runner, "ProcessPoolExecutor", CountingExecutor)
    stop = threading.Event()
    workers_seen: set[int] = set()
    calls = []

    def on_progress(totals: SimTotals) -> None:
        calls.append(totals.matches)
        workers_seen.update(children_of(os.getpid()))
        if totals.matches >= 5:
            stop.set()

    spec = SimSpec("powerhouses", {}, ("random", "random"), 0, rotate_seats=False)
    began = time.monotonic()
    totals = run_matches(spec, 10**9, workers=2, on_progress=on_progress, stop_event=stop)
    assert time.monotonic() - began < 120
    assert totals.interrupted and totals.requested == 10**9 and 5 <= totals.matches < 10**6
    assert sum(totals.wins) + totals.draws == totals.matches
    assert calls == sorted(calls) and calls[-1] == totals.matches
    assert CountingExecutor.most <= 4, "at most 2 x workers chunks in flight"
    assert workers_seen, "the workers were seen running"
    assert not multiprocessing.active_children()
    assert not workers_seen & children_of(os.getpid())
    assert all(not Path(f"/proc/{pid}").exists() for pid in workers_seen), "every worker is gone"


def test_stop_in_this_process_keeps_the_matches_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    stop = threading.Event()

    def on_progress(totals: SimTotals) -> None:
        stop.set()

    monkeypatch.setattr(runner, "TICK_SECONDS", 0.0)
    spec = SimSpec("powerhouses", {}, ("random", "random"), 0, rotate_seats=False)
    totals = run_matches(spec, 10**9, workers=1, on_progress=on_progress, stop_event=stop)
    assert totals.interrupted and totals.matches == 1 and totals.mean_steps == totals.steps


def test_wilson_interval_ends_exactly_at_zero_and_one() -> None:
    assert wilson_interval(0, 12)[0] == 0.0 and wilson_interval(12, 12)[1] == 1.0
    low, high = wilson_interval(5, 10)
    assert 0 < low < 0.5 < high < 1
