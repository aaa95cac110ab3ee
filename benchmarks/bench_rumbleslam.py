"""RUMBLESLAM throughput and search latency.

Prints: random playout matches/s and transitions/s (the contract loop and the fast path
``random_playout_returns``), the heuristic's and the search agent's milliseconds per decision
over real mid-match states with more than one legal action.

    python benchmarks/bench_rumbleslam.py [--seconds 20] [--decisions 30] [--clock cpu]

On a busy machine use ``--clock cpu`` (process CPU time instead of wall time).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rich.console import Console
from rich.table import Table

import turnbuckle
from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.game import State

CLOCK = time.perf_counter


def contract_playouts(seconds: float) -> tuple[int, int, float]:
    game = turnbuckle.load_game("rumbleslam")
    rng = random.Random(1)
    matches = transitions = 0
    start = CLOCK()
    while CLOCK() - start < seconds:
        s = game.new_initial_state()
        s.record_events = False
        while not s.is_terminal():
            s.apply_action(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
            transitions += 1
        matches += 1
    return matches, transitions, CLOCK() - start


def fast_playouts(seconds: float) -> tuple[int, float]:
    game = turnbuckle.load_game("rumbleslam")
    rng = random.Random(2)
    s = game.new_initial_state()
    matches = 0
    start = CLOCK()
    while CLOCK() - start < seconds:
        s.random_playout_returns(rng)
        matches += 1
    return matches, CLOCK() - start


def sample_states(count: int) -> list[State]:
    game = turnbuckle.load_game("rumbleslam")
    rng = random.Random(3)
    states: list[State] = []
    while len(states) < count:
        s = game.new_initial_state()
        s.record_events = False
        step = 0
        while not s.is_terminal() and len(states) < count:
            if s.is_chance_node():
                s.apply_action(s.sample_chance(rng))
                continue
            legal = s.legal_actions()
            if len(legal) > 1 and step % 7 == 3:
                states.append(s.clone())
            s.apply_action(rng.choice(legal))
            step += 1
    return states


def latency(agent_name: str, states: list[State]) -> list[float]:
    out = []
    for i, s in enumerate(states):
        agent = make_agent(agent_name, s.game, s.current_player())
        start = CLOCK()
        agent.choose(s, random.Random(i))
        out.append((CLOCK() - start) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    console = Console()
    table = Table(title="RUMBLESLAM random playouts")
    for col in ("loop", "matches", "matches/s", "transitions/s", "transitions/match"):
        table.add_column(col)
    m, t, secs = contract_playouts(args.seconds)
    table.add_row("contract (apply_action)", str(m), f"{m / secs:.1f}", f"{t / secs:.0f}", f"{t / max(m, 1):.0f}")
    fm, fsecs = fast_playouts(args.seconds)
    table.add_row("fast path (random_playout_returns)", str(fm), f"{fm / fsecs:.1f}", "", "")
    console.print(table)
    states = sample_states(args.decisions)
    lat = Table(title=f"{args.clock} ms per decision over {len(states)} mid-match states (target: median <= 1000 ms)")
    for col in ("agent", "mean", "median", "p90", "max", "target"):
        lat.add_column(col)
    for name in ("heuristic", "mcts"):
        times = sorted(latency(name, states))
        median = statistics.median(times)
        lat.add_row(name, f"{statistics.mean(times):.0f}", f"{median:.0f}", f"{times[int(len(times) * 0.9)]:.0f}",
                    f"{times[-1]:.0f}", "met" if median <= 1000 else "MISSED")
    console.print(lat)


if __name__ == "__main__":
    main()
