"""Ring skirmish soak: 1,000 full-length random matches per match type, invariants checked.

The same checks as the test suite's smaller soak (``games/skirmish/soak.py``): models inside the
ring and never overlapping, END within 1..its starting value, every AP pool within 0..10, each
maneuver at most once per round per player, zero-sum returns, a terminal state reached. Prints
a table: matches, CPU seconds, transitions and transitions/s, how the matches ended.

Usage: python benchmarks/soak_skirmish.py [matches per type, default 1000] [check every N steps, default 1]
"""

from __future__ import annotations

import statistics
import sys
import time

from turnbuckle.games.skirmish.rules import MATCH_TYPES, SkirmishGame
from turnbuckle.games.skirmish.soak import SoakError, soak


def main() -> int:
    try:
        matches = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
        check_every = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    except ValueError:
        print("error: usage: soak_skirmish.py [matches per type] [check every N steps]", file=sys.stderr)
        return 2
    print("| match type | matches | CPU s | wall s | transitions | transitions/s (CPU) | ended by | whips via a rope |")
    print("|---|---|---|---|---|---|---|---|")
    for match_type in MATCH_TYPES:
        game = SkirmishGame(match_type=match_type)
        cpu, wall = time.process_time(), time.perf_counter()
        try:
            stats = soak(game.new_initial_state, range(matches), check_every, label=match_type)
        except SoakError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        ended = ", ".join(f"{kind} {count}" for kind, count in sorted(stats.endings.items()))
        if stats.pin_rounds:
            ended += f" (pins in round {statistics.median(stats.pin_rounds):g} median)"
        print(f"| {match_type} | {stats.matches} | {cpu:.1f} | {wall:.1f} | {stats.transitions:,} | "
              f"{stats.transitions / cpu:,.0f} | {ended} | {stats.via_rope} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
