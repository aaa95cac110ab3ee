"""``sim`` multi-core scaling: the same long run with 1 worker and with N, wall-clock.

Issue 13 item 4: local scaling >= 1.8x on 2 cores for long runs. Each game plays the same
matches (same spec, same seeds) in this process (``workers=1``) and over ``--workers`` processes;
the totals must be identical, and the speedup is the ratio of the wall times.

A shared virtual machine's speed drifts by 10-30% from one run to the next, so the two runs
alternate ``--repeat`` times and the median speedup is reported with its range. The *ceiling*
column is what the machine itself allows: the same matches split over N independent fresh
Python processes started at once (no pool, no pickling, no parent), 1-worker wall time over
the slowest one's. A pool speedup close to the ceiling means the rest is the hardware (two
processes sharing caches and memory bandwidth run slower each), not ``sim``.

    python benchmarks/bench_scaling.py                      # every 2-player game, ~10 s a run
    python benchmarks/bench_scaling.py --seconds 20 --games powerhouses,wrasslin --repeat 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from turnbuckle.sim.runner import SimSpec, SimTotals, run_matches

AGENTS = {"filsinger": ("random", "random"), "powerhouses": ("random", "random"), "wrasslin": ("random", "random"),
          "rumbleslam": ("random", "random"), "skirmish": ("random", "random")}
TARGET = 1.8

_CHILD = """
import json, sys, time
from turnbuckle import load_game
from turnbuckle.sim.runner import SimSpec, run_chunk
spec = SimSpec(game=sys.argv[1], params={}, agents=tuple(sys.argv[4].split(",")), base_seed=1)
game = load_game(spec.game)
run_chunk(spec, 0, 3, game)  # warm up, as the 1-worker run is warm
print("ready", flush=True)
sys.stdin.readline()  # every process starts at the same moment
start = time.perf_counter()
run_chunk(spec, int(sys.argv[2]), int(sys.argv[3]), game)
print(json.dumps(time.perf_counter() - start), flush=True)
"""


def timed(spec: SimSpec, matches: int, workers: int) -> tuple[SimTotals, float]:
    start = time.perf_counter()
    totals = run_matches(spec, matches, workers)
    return totals, time.perf_counter() - start


def independent(spec: SimSpec, matches: int, workers: int) -> float:
    """Wall time of ``matches`` split over ``workers`` fresh processes released together."""
    bounds = [matches * k // workers for k in range(workers + 1)]
    children = [
        subprocess.Popen(
            [sys.executable, "-c", _CHILD, spec.game, str(bounds[k]), str(bounds[k + 1]), ",".join(spec.agents)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        for k in range(workers)
    ]
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    took = []
    for child in children:
        out, _ = child.communicate()
        took.append(float(json.loads(out.strip().splitlines()[-1])))
    return max(took)


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
    parser.add_argument("--seconds", type=float, default=10.0, help="length of one 1-worker run")
    parser.add_argument("--repeat", type=int, default=3, help="alternating 1-worker / N-worker runs")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}; cores: {os.cpu_count()}")
    print(f"| game | matches | 1 worker s | {args.workers} workers s | speedup (median, range) "
          f"| ceiling ({args.workers} independent processes) | of ceiling | target >= {TARGET} | totals equal |")
    print("|---|---|---|---|---|---|---|---|---|")
    for game in args.games.split(","):
        spec = SimSpec(game=game, params={}, agents=AGENTS[game], base_seed=1)
        matches = calibrate(spec, args.seconds)
        speedups, ceilings, ones, manys, same = [], [], [], [], True
        for _ in range(args.repeat):
            one, t1 = timed(spec, matches, 1)
            many, tn = timed(spec, matches, args.workers)
            ti = independent(spec, matches, args.workers)
            same = same and one.wins == many.wins and one.lengths == many.lengths
            ones.append(t1)
            manys.append(tn)
            speedups.append(t1 / tn)
            ceilings.append(t1 / ti)
        speedup = statistics.median(speedups)
        ceiling = statistics.median(ceilings)
        verdict = "met" if speedup >= TARGET else "MISSED"
        print(f"| {game} | {matches:,} | {statistics.median(ones):.1f} | {statistics.median(manys):.1f} "
              f"| {speedup:.2f}x ({min(speedups):.2f}-{max(speedups):.2f}) "
              f"| {ceiling:.2f}x ({min(ceilings):.2f}-{max(ceilings):.2f}) | {speedup / ceiling:.0%} "
              f"| {verdict} | {same} |", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
