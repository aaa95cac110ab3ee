"""Win rates of the ring skirmish agents (search, heuristic, random) with 95% Wilson intervals,
and the search agent's decision times.

Seats alternate between matches; a draw (round limit) counts as not a win. Usage:
    python benchmarks/winrates_skirmish.py [matches] [pairs, e.g. search-random,search-heuristic] [first seed]
"""

from __future__ import annotations

import math
import statistics
import sys
import time

from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.engine.match import Agent, agent_rng, chance_rng
from turnbuckle.games.skirmish.agents import HeuristicAgent, SearchAgent
from turnbuckle.games.skirmish.rules import SkirmishGame


def make(name: str, game: SkirmishGame, seat: int) -> Agent:
    if name == "random":
        return RandomAgent(game, seat)
    if name == "heuristic":
        return HeuristicAgent(game, seat)
    return SearchAgent(game, seat)


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def play(game: SkirmishGame, agents: list[Agent], seed: int, times: dict[str, list[float]]) -> list[float]:
    state = game.new_initial_state()
    dice = chance_rng(seed)
    rngs = [agent_rng(seed, p) for p in range(len(agents))]
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return state.returns()
        if player == CHANCE:
            state.apply_action(state.sample_chance(dice))
            continue
        agent = agents[player]
        start = time.process_time()  # CPU time: the shared machine's load does not count
        action = agent.choose(state, rngs[player])
        if len(state.legal_actions()) > 1:
            times.setdefault(agent.name, []).append(time.process_time() - start)
        state.apply_action(action)


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    pairs = (sys.argv[2] if len(sys.argv) > 2 else "search-random,search-heuristic,heuristic-random").split(",")
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    game = SkirmishGame()
    print("| pair | matches | wins | draws | win rate | 95% interval | time |", flush=True)
    print("|---|---|---|---|---|---|---|")
    times: dict[str, list[float]] = {}
    for pair in pairs:
        a, b = pair.split("-")
        wins = draws = 0
        t0 = time.perf_counter()
        for seed in range(first, first + matches):
            seat = seed % 2
            agents = [make(a, game, 0), make(b, game, 1)] if seat == 0 else [make(b, game, 0), make(a, game, 1)]
            returns = play(game, agents, seed, times)
            if returns[seat] > 0:
                wins += 1
            elif returns[seat] == 0:
                draws += 1
        lo, hi = wilson(wins, matches)
        print(f"| {a} vs {b} | {matches} | {wins} | {draws} | {wins / matches:.1%} | {lo:.1%}-{hi:.1%} "
              f"| {time.perf_counter() - t0:.0f} s |", flush=True)
    for name, values in sorted(times.items()):
        values.sort()
        print(f"{name}: {len(values)} decisions, CPU median {statistics.median(values) * 1000:.1f} ms, "
              f"p90 {values[int(0.9 * (len(values) - 1))] * 1000:.1f} ms, max {values[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
