"""Random-playout throughput of the Filsinger chart game, printed as a table.

Each configuration is played two ways: through the public contract with ``bench_core``'s loop
(``chance_outcomes`` walked, ``apply_action`` validating: what issue 13 measures against
OpenSpiel's C++ ``pig``, shown when ``pyspiel`` is installed) and the search way (``sample_chance``
and ``_apply`` with events off, as MCTS rollouts do).

Run: ``python benchmarks/bench_filsinger.py [--seconds 2] [--clock cpu]``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from turnbuckle.engine.game import CHANCE
from turnbuckle.games.filsinger.rules import FilsingerGame

sys.path.insert(0, str(Path(__file__).parent))
from bench_core import CLOCKS, playout

ROWS: list[tuple[str, dict[str, Any]]] = [
    ("singles, basic", {}),
    ("singles, all options", {"tournament_standard": True}),
    ("tag, basic", {"match_type": "tag"}),
    ("tag, all options", {"match_type": "tag", "tournament_standard": True}),
    ("eight-man, all options", {"match_type": "eight_man", "tournament_standard": True}),
    ("cage, all options", {"cage": True, "tournament_standard": True}),
]
ISSUE_TARGET = 0.3
"""Issue 13: Filsinger (singles, basic: the registry default) through the contract >= 0.3x pig."""


def search_playout(state: Any, rng: random.Random) -> int:
    """One uniformly random match without events, the way rollouts play; returns the transitions."""
    state.record_events = False
    steps = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state._apply(state.sample_chance(rng))
        else:
            state._apply(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def bench(
    new_state: Callable[[], Any], play: Callable[[Any, random.Random], int], seconds: float, clock: Callable[[], float]
) -> tuple[float, float, float]:
    """Matches/s, transitions/s and transitions/match over ``seconds`` of ``clock`` time."""
    rng = random.Random(2026)
    matches = steps = 0
    start = clock()
    while (elapsed := clock() - start) < seconds:
        steps += play(new_state(), rng)
        matches += 1
    return matches / elapsed, steps / elapsed, steps / max(matches, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description="Filsinger random-playout throughput, as a table.")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per row and way")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="time by wall or CPU time")
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    pig = None
    try:
        import pyspiel

        pig = bench(pyspiel.load_game("pig").new_initial_state, playout, args.seconds, clock)[1]
    except ImportError:
        pass
    table = Table(title=f"Filsinger random playouts ({args.seconds:g} s {args.clock} time per cell)")
    columns = ["match", "contract matches/s", "contract transitions/s", "search transitions/s", "actions/match"]
    if pig:
        columns.append("contract vs pig")
    for column in columns:
        table.add_column(column, justify="left" if column == "match" else "right")
    for label, params in ROWS:
        game = FilsingerGame(**params)
        rate, per_s, length = bench(game.new_initial_state, playout, args.seconds, clock)
        search = bench(game.new_initial_state, search_playout, args.seconds, clock)[1]
        row = [label, f"{rate:,.0f}", f"{per_s:,.0f}", f"{search:,.0f}", f"{length:.1f}"]
        if pig:
            row.append(f"{per_s / pig:.2f}x")
        table.add_row(*row)
    console = Console(width=max(Console().width, 120))
    console.print(table)
    if pig:
        console.print(f"pig (OpenSpiel C++, same contract loop): {pig:,.0f} transitions/s; "
                      f"target for singles, basic: >= {ISSUE_TARGET:g}x")


if __name__ == "__main__":
    main()
