"""Win rates of the WRASSLIN' agents (expert, heuristic, IS-MCTS, random) with 95% Wilson intervals.

Seats alternate between matches; a draw counts half. The last columns give the first agent's CPU time per
decision (``time.process_time``, median and 90th percentile over every decision it was asked for).
Usage:
    python benchmarks/winrates_wrasslin.py [matches] [ismcts simulations] [pairs, e.g. expert-heuristic]
        [--start SEED] [--workers N] [--expert KEY=VALUE ...]

``--expert worlds=48`` (repeatable) sets an ``ExpertAgent`` keyword, e.g. to retrace the tuning of its
number of deals on seeds 100000+ (``--start 100000``), away from the measured seeds 0-1999.
"""

from __future__ import annotations

import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from turnbuckle.agents.ismcts import ISMCTSAgent
from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import State
from turnbuckle.engine.match import Agent, play_match
from turnbuckle.games.wrasslin.expert import ExpertAgent
from turnbuckle.games.wrasslin.heuristic import HeuristicAgent, evaluate, make_ismcts
from turnbuckle.games.wrasslin.rules import WrasslinGame

SIMS = 128


class Timed:
    """Wraps an agent to record the CPU seconds of each of its decisions."""

    def __init__(self, inner: Agent, times: list[float]) -> None:
        self.inner = inner
        self.name = inner.name
        self.times = times

    def choose(self, state: State, rng: random.Random) -> Action:
        start = time.process_time()
        action = self.inner.choose(state, rng)
        self.times.append(time.process_time() - start)
        return action


def make(name: str, game: WrasslinGame, seat: int, expert: dict[str, float]) -> Agent:
    """Agent ``name`` for ``seat``; ``expert`` holds the ``--expert`` keyword overrides."""
    if name == "expert":
        return ExpertAgent(game, seat, **expert)  # type: ignore[arg-type]
    if name == "random":
        return RandomAgent(game, seat)
    if name == "heuristic":
        return HeuristicAgent(seat)
    if name == "ismcts-rollouts":
        return ISMCTSAgent(game, seat, simulations=16, rollout_depth=4, evaluator=evaluate)
    return make_ismcts(game, seat, SIMS)


def run(job: tuple[str, str, int, int, int, dict[str, float]]) -> tuple[float, float, float, list[float]]:
    a, b, start, count, sims, expert = job
    global SIMS
    SIMS = sims
    game = WrasslinGame()
    wins = draws = losses = 0.0
    times: list[float] = []
    for seed in range(start, start + count):
        seat = seed % 2
        mine = Timed(make(a, game, seat, expert), times)
        agents = [mine, make(b, game, 1, expert)] if seat == 0 else [make(b, game, 0, expert), mine]
        result = play_match(game, agents, seed)
        if result.result.is_draw:
            draws += 1
        elif result.winning_players == (seat,):
            wins += 1
        else:
            losses += 1
    return wins, draws, losses, times


def wilson(score: float, n: int) -> tuple[float, float]:
    z = 1.96
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else 0.0


def pop_expert_options(args: list[str]) -> dict[str, float]:
    """Remove every ``--expert KEY=VALUE`` from ``args``; the ``ExpertAgent`` keywords they set."""
    expert: dict[str, float] = {}
    while "--expert" in args:
        i = args.index("--expert")
        key, _, raw = args[i + 1].partition("=")
        expert[key] = float(raw) if "." in raw else int(raw)
        del args[i:i + 2]
    return expert


def main() -> None:
    args = sys.argv[1:]
    start = workers = None
    expert = pop_expert_options(args)
    for flag in ("--start", "--workers"):
        if flag in args:
            i = args.index(flag)
            value = int(args[i + 1])
            del args[i:i + 2]
            if flag == "--start":
                start = value
            else:
                workers = value
    first = start or 0
    n = int(args[0]) if args else 2000
    sims = int(args[1]) if len(args) > 1 else SIMS
    pairs = [p for p in (("heuristic", "random"), ("ismcts", "random"), ("ismcts", "heuristic"),
                         ("ismcts-rollouts", "random"), ("ismcts-rollouts", "heuristic"), ("expert", "heuristic"))
             if len(args) <= 2 or f"{p[0]}-{p[1]}" in args[2:]]
    print("| agent | opponent | matches | wins | draws | losses | score | 95% CI "
          "| seconds | ms/decision median | p90 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(workers or 2) as pool:
        for a, b in pairs:
            t = time.time()
            chunk = 50
            jobs = [(a, b, first + s, min(chunk, n - s), sims, expert) for s in range(0, n, chunk)]
            w = d = lo = 0.0
            times: list[float] = []
            for rw, rd, rl, rt in pool.map(run, jobs):
                w, d, lo = w + rw, d + rd, lo + rl
                times += rt
                played = int(w + d + lo)
                print(f"{a}-{b}: {played}/{n} played, score {(w + d / 2) / played:.3f}", file=sys.stderr, flush=True)
            score = w + d / 2
            low, high = wilson(score, n)
            label = f"ismcts({sims} sims, prior, no playout)" if a == "ismcts" else a
            if a == "expert" and expert:
                label = "expert(" + ", ".join(f"{k}={v}" for k, v in expert.items()) + ")"
            if a == "ismcts-rollouts":
                label = "ismcts(16 sims, 4-step random playouts)"
            print(f"| {label} | {b} | {n} | {int(w)} | {int(d)} | {int(lo)} | {score / n:.3f} | "
                  f"[{low:.3f}, {high:.3f}] | {time.time() - t:.0f} | {percentile(times, 0.5) * 1000:.1f} | "
                  f"{percentile(times, 0.9) * 1000:.1f} |", flush=True)


if __name__ == "__main__":
    main()
