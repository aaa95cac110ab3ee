"""Random-playout throughput of the Filsinger chart game: matches per second, printed as a table.

Run: ``python benchmarks/bench_filsinger.py [seconds-per-row]``.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from rich.console import Console
from rich.table import Table

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
    parser = argparse.ArgumentParser(description="Filsinger random-playout throughput, as a table.")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per row")
    seconds = parser.parse_args().seconds
    table = Table(title=f"Filsinger random playouts ({seconds:g} s per row)")
    for column in ("match", "matches/s", "actions/match"):
        table.add_column(column, justify="left" if column == "match" else "right")
    for label, params in ROWS:
        rate, length = bench(params, seconds)
        table.add_row(label, f"{rate:,.0f}", f"{length:.1f}")
    Console().print(table)


if __name__ == "__main__":
    main()
