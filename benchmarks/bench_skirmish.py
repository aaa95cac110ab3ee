"""Ring skirmish throughput and latency, printed as a table.

- random playouts: matches/s and transitions/s per match type (events off, as in batch play),
  per CPU second so a shared machine's load does not inflate them;
- heuristic playouts: matches/s (singles, CPU);
- search agent: ms per decision (median, p90) over the decisions of a few matches;
- exact odds: time to build the 8 x 8 success table plus SDV distributions.

Usage: python benchmarks/bench_skirmish.py [random matches per type] [search decisions]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.games.skirmish import odds
from turnbuckle.games.skirmish.agents import HeuristicAgent, SearchAgent, heuristic_action
from turnbuckle.games.skirmish.rules import MATCH_TYPES, SkirmishGame, SkirmishState


def random_playouts(game: SkirmishGame, matches: int) -> tuple[float, float]:
    steps = 0
    start = time.process_time()
    for seed in range(matches):
        rng = random.Random(seed)
        state = game.new_initial_state()
        state.record_events = False
        while state.current_player() != TERMINAL:
            action = state.sample_chance(rng) if state.current_player() == CHANCE else rng.choice(state.legal_actions())
            state._apply(action)
            steps += 1
    elapsed = time.process_time() - start
    return matches / elapsed, steps / elapsed


def heuristic_playouts(game: SkirmishGame, matches: int) -> tuple[float, float]:
    steps = 0
    start = time.process_time()
    for seed in range(matches):
        rng = random.Random(seed)
        state = game.new_initial_state()
        state.record_events = False
        while state.current_player() != TERMINAL:
            action = state.sample_chance(rng) if state.current_player() == CHANCE else heuristic_action(state, rng)
            state._apply(action)
            steps += 1
    elapsed = time.process_time() - start
    return matches / elapsed, steps / elapsed


def search_latency(game: SkirmishGame, decisions: int) -> list[float]:
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        rng = random.Random(seed)
        state: SkirmishState = game.new_initial_state()
        agents = [SearchAgent(game, 0), HeuristicAgent(game, 1)]
        while state.current_player() != TERMINAL and len(times) < decisions:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            t0 = time.process_time()  # CPU time, so a loaded machine does not inflate it
            action = agents[player].choose(state, rng)
            if player == 0 and len(state.legal_actions()) > 1:
                times.append(time.process_time() - t0)
            state.apply_action(action)
        seed += 1
    return times


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    decisions = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    print("| measure | value |")
    print("|---|---|")
    for match_type in MATCH_TYPES:
        game = SkirmishGame(match_type=match_type)
        per_s, trans = random_playouts(game, matches)
        print(f"| random playouts, {match_type} (40 rounds, CPU) | {per_s:.1f} matches/s, {trans:,.0f} transitions/s |",
              flush=True)
    per_s, trans = heuristic_playouts(SkirmishGame(), max(10, matches // 5))
    print(f"| heuristic vs heuristic playouts, singles (CPU) | {per_s:.1f} matches/s, {trans:,.0f} transitions/s |",
          flush=True)
    times = sorted(search_latency(SkirmishGame(), decisions))
    print(f"| search agent decision (CPU time) | median {statistics.median(times) * 1000:.0f} ms, "
          f"p90 {times[int(0.9 * (len(times) - 1))] * 1000:.0f} ms ({len(times)} decisions) |", flush=True)
    odds.hits_distribution.cache_clear()
    odds.contest.cache_clear()
    t0 = time.perf_counter()
    for n in range(1, 9):
        for m in range(1, 9):
            odds.contest(n, m)
            odds.sdv_distribution(n, m)
    print(f"| exact odds: 8 x 8 success table + SDV distributions | {(time.perf_counter() - t0) * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
