"""Random-playout throughput of the Filsinger chart game: matches per second, printed as a table.

Run: ``python benchmarks/bench_filsinger.py [seconds-per-row]``.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from turnbuckle.engine.game import CHANCE
from turnbuckle.games.filsinger.rules import FilsingerGame

ROWS: list[tuple[str, dict[str, Any]]] = [
    ("singles, basic", {}),
    ("singles, all options", {"tournament_standard": True}),
    ("tag, basic", {"match_type": "tag"}),
    ("tag, all options", {"match_type": "tag", "tournament_standard": True}),
    ("eight-man, all options", {"match_type": "eight_man", "tournament_standard": True}),
    ("cage, all options", {"cage": True, "tournament_standard": True}),
]


def playout(game: FilsingerGame, rng: random.Random) -> int:
    """One uniformly random match without events; returns the number of actions."""
    state = game.new_initial_state()
    state.record_events = False
    steps = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state._apply(state.sample_chance(rng))
        else:
            state._apply(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def bench(params: dict[str, Any], seconds: float) -> tuple[float, float]:
    game = FilsingerGame(**params)
    rng = random.Random(2026)
    matches = steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += playout(game, rng)
        matches += 1
    return matches / elapsed, steps / max(matches, 1)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    print(f"{'match':<26} {'matches/s':>10} {'actions/match':>14}")
    print("-" * 52)
    for label, params in ROWS:
        rate, length = bench(params, seconds)
        print(f"{label:<26} {rate:>10.0f} {length:>14.1f}")


if __name__ == "__main__":
    main()
