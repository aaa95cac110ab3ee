"""``sim`` multi-core scaling: the same long run with 1 worker and with N, wall-clock.

Issue 13 item 4: local scaling >= 1.8x on 2 cores for long runs. Each game plays the same
matches (same spec, same seeds) once in this process (``workers=1``) and once over ``--workers``
processes; the totals must be identical, and the speedup is the ratio of the wall times. Wall
time is the point here, so run it on a quiet machine (the script prints the load average before
and after; a busy machine understates the speedup).

    python benchmarks/bench_scaling.py                      # every 2-player game, ~20 s a run
    python benchmarks/bench_scaling.py --seconds 40 --games powerhouses,wrasslin --workers 2
"""

from __future__ import annotations

import argparse
import os
import time

from turnbuckle.sim.runner import SimSpec, SimTotals, run_matches

AGENTS = {"filsinger": ("random", "random"), "powerhouses": ("random", "random"), "wrasslin": ("random", "random"),
          "rumbleslam": ("random", "random"), "skirmish": ("random", "random")}
TARGET = 1.8


def timed(spec: SimSpec, matches: int, workers: int) -> tuple[SimTotals, float]:
    start = time.perf_counter()
    totals = run_matches(spec, matches, workers)
    return totals, time.perf_counter() - start


def calibrate(spec: SimSpec, seconds: float) -> int:
    """How many matches one worker plays in about ``seconds``."""
    timed(spec, 5, 1)  # warm up: imports and the game's tables are not what we measure
    probe = 20
    while True:
        _, took = timed(spec, probe, 1)
        if took >= 1.0 or probe >= 1_000_000:
            return max(probe, int(probe * seconds / max(took, 1e-6)))
        probe *= 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(AGENTS))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the one-worker run")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}; cores: {os.cpu_count()}")
    print(f"| game | matches | 1 worker s | {args.workers} workers s | speedup | target >= {TARGET} | totals equal |")
    print("|---|---|---|---|---|---|---|")
    for game in args.games.split(","):
        spec = SimSpec(game=game, params={}, agents=AGENTS[game], base_seed=1)
        matches = calibrate(spec, args.seconds)
        one, t1 = timed(spec, matches, 1)
        many, tn = timed(spec, matches, args.workers)
        same = one.wins == many.wins and one.lengths == many.lengths
        speedup = t1 / tn
        verdict = "met" if speedup >= TARGET else "MISSED"
        print(f"| {game} | {matches:,} | {t1:.1f} | {tn:.1f} | {speedup:.2f}x | {verdict} | {same} |", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
