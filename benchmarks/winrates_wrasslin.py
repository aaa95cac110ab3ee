"""Win rates of the WRASSLIN' agents (heuristic, IS-MCTS, random) with 95% Wilson intervals.

Seats alternate between matches; a draw counts half. Usage:
    python benchmarks/winrates_wrasslin.py [matches] [ismcts simulations] [pairs, e.g. ismcts-heuristic]
"""

from __future__ import annotations

import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from turnbuckle.agents.ismcts import ISMCTSAgent
from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.engine.match import Agent, play_match
from turnbuckle.games.wrasslin.heuristic import HeuristicAgent, evaluate, make_ismcts
from turnbuckle.games.wrasslin.rules import WrasslinGame

SIMS = 128


def make(name: str, game: WrasslinGame, seat: int) -> Agent:
    if name == "random":
        return RandomAgent(game, seat)
    if name == "heuristic":
        return HeuristicAgent(seat)
    if name == "ismcts-rollouts":
        return ISMCTSAgent(game, seat, simulations=16, rollout_depth=4, evaluator=evaluate)
    return make_ismcts(game, seat, SIMS)


def run(job: tuple[str, str, int, int, int]) -> tuple[float, float, float]:
    a, b, start, count, sims = job
    global SIMS
    SIMS = sims
    game = WrasslinGame()
    wins = draws = losses = 0.0
    for seed in range(start, start + count):
        seat = seed % 2
        agents = [make(a, game, 0), make(b, game, 1)] if seat == 0 else [make(b, game, 0), make(a, game, 1)]
        result = play_match(game, agents, seed)
        if result.result.is_draw:
            draws += 1
        elif result.winning_players == (seat,):
            wins += 1
        else:
            losses += 1
    return wins, draws, losses


def wilson(score: float, n: int) -> tuple[float, float]:
    z = 1.96
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    sims = int(sys.argv[2]) if len(sys.argv) > 2 else SIMS
    pairs = [p for p in (("heuristic", "random"), ("ismcts", "random"), ("ismcts", "heuristic"),
                         ("ismcts-rollouts", "random"), ("ismcts-rollouts", "heuristic"))
             if len(sys.argv) <= 3 or f"{p[0]}-{p[1]}" in sys.argv[3:]]
    print("| agent | opponent | matches | wins | draws | losses | score | 95% CI | seconds |")
    print("|---|---|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(2) as pool:
        for a, b in pairs:
            t = time.time()
            chunk = 50
            jobs = [(a, b, s, min(chunk, n - s), sims) for s in range(0, n, chunk)]
            w = d = lo = 0.0
            for rw, rd, rl in pool.map(run, jobs):
                w, d, lo = w + rw, d + rd, lo + rl
            score = w + d / 2
            low, high = wilson(score, n)
            label = f"ismcts({sims} sims, prior, no playout)" if a == "ismcts" else a
            if a == "ismcts-rollouts":
                label = "ismcts(16 sims, 4-step random playouts)"
            print(f"| {label} | {b} | {n} | {int(w)} | {int(d)} | {int(lo)} | {score / n:.3f} | "
                  f"[{low:.3f}, {high:.3f}] | {time.time() - t:.0f} |", flush=True)


if __name__ == "__main__":
    main()
