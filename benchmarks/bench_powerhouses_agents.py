"""Powerhouses agent strength: head-to-head win rates with Wilson 95% intervals, and expert latency.

Plays expert vs random, expert vs heuristic and heuristic vs random, alternating seats, each
match seeded (seed + index), and prints a Rich table. Next to each simulated rate it prints the
*exact* expected rate (the match solver evaluating both agents' decision tables, seats averaged)
and the *ceiling*: the exact best response to that opponent, which no agent that does not know
its opponent can beat. Also: the expert's exploitability (best response to the expert, should be
the minimax value) and its decision latency (first decision with cold caches; later decisions).

Targets (issue): expert beats random >= 95% and heuristic >= 55% over 2,000 matches.

    python benchmarks/bench_powerhouses_agents.py                 # 2,000 matches per pairing
    python benchmarks/bench_powerhouses_agents.py --matches 500 --json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

import turnbuckle
from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State
from turnbuckle.engine.match import Agent, play_match
from turnbuckle.games.powerhouses.agents import ExpertAgent, HeuristicAgent
from turnbuckle.games.powerhouses.probability import first_roll, hits_distribution
from turnbuckle.games.powerhouses.rules import PowerhousesGame
from turnbuckle.games.powerhouses.solver import (
    OPTIMAL,
    UNIFORM,
    MatchSolver,
    PlayerModel,
    heuristic_policy,
    match_solver,
    roller_profile,
    solver_policy,
)
from turnbuckle.games.powerhouses.state import ATTACK, DEFENSE
from turnbuckle.sim.stats import wilson_interval

Factory = Callable[[Game, int], Agent]
AGENTS: dict[str, Factory] = {"expert": ExpertAgent, "heuristic": HeuristicAgent, "random": RandomAgent}
PAIRINGS = [("expert", "random", 0.95), ("expert", "heuristic", 0.55), ("heuristic", "random", None)]


@dataclass
class Row:
    agent: str
    opponent: str
    matches: int
    wins: int
    rate: float
    low: float
    high: float
    target: float | None
    seconds: float
    exact: float = math.nan
    ceiling: float = math.nan


def exact_rate(game: PowerhousesGame, first: PlayerModel, second: PlayerModel) -> float:
    """``first``'s exact chance of winning, averaged over the two seats."""
    fm, dice, comeback = game.face_maps, game.starting_dice, game.comeback_rule
    seat0 = MatchSolver(fm, dice, comeback, players=(first, second)).match_win_chance(0)
    seat1 = MatchSolver(fm, dice, comeback, players=(second, first)).match_win_chance(1)
    return (seat0 + seat1) / 2


class Timed:
    """Wraps an agent to time its decisions (so latency is measured in real matches)."""

    def __init__(self, agent: Agent, times: list[float]) -> None:
        self.agent = agent
        self.name = agent.name
        self.times = times

    def choose(self, state: State, rng: random.Random) -> Action:
        start = time.perf_counter()
        action = self.agent.choose(state, rng)
        self.times.append(time.perf_counter() - start)
        return action


def head_to_head(game: Game, first: str, second: str, matches: int, seed: int, times: list[float]) -> Row:
    """``first``'s wins over ``matches`` matches, seats alternating (even index: seat 0)."""
    wins = 0
    start = time.perf_counter()
    for i in range(matches):
        seat = i % 2
        mine: Agent = AGENTS[first](game, seat)
        if first == "expert":
            mine = Timed(mine, times)
        theirs = AGENTS[second](game, 1 - seat)
        players = [mine, theirs] if seat == 0 else [theirs, mine]
        wins += play_match(game, players, seed + i).winning_players == (seat,)
    low, high = wilson_interval(wins, matches)
    target = next(t for a, b, t in PAIRINGS if (a, b) == (first, second))
    return Row(first, second, matches, wins, wins / matches, low, high, target, time.perf_counter() - start)


def first_decision_latency(game: PowerhousesGame, seed: int) -> float:
    """Seconds for the expert's first decision of a match with every cache cold."""
    for cached in (match_solver, roller_profile, first_roll, hits_distribution):
        cached.cache_clear()
    rng = random.Random(seed)
    state = game.new_initial_state()
    expert = ExpertAgent(game, 0)
    while (player := state.current_player()) != TERMINAL:
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        if getattr(state, "phase", None) in (ATTACK, DEFENSE):  # the solver is needed
            start = time.perf_counter()
            expert.choose(state, rng)
            return time.perf_counter() - start
        state.apply_action(rng.choice(state.legal_actions()))
    return float("nan")


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000, help="matches per pairing (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match (default 0)")
    parser.add_argument("--wrestlers", nargs=2, default=None, help="two roster names (default: first two)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    args = parser.parse_args(argv)

    game = turnbuckle.load_game("powerhouses", wrestlers=args.wrestlers)
    assert isinstance(game, PowerhousesGame)
    cold = first_decision_latency(game, args.seed)
    match_solver.cache_clear()  # time the solve alone (profiles and first rolls now warm)
    start = time.perf_counter()
    minimax = match_solver(game.face_maps, game.starting_dice, game.comeback_rule)
    solve_seconds = time.perf_counter() - start
    models: dict[str, PlayerModel] = {
        "expert": solver_policy(minimax),
        "heuristic": heuristic_policy,
        "random": UNIFORM,
    }
    times: list[float] = []
    rows = [head_to_head(game, a, b, args.matches, args.seed, times) for a, b, _ in PAIRINGS]
    for row in rows:
        row.exact = exact_rate(game, models[row.agent], models[row.opponent])
        row.ceiling = exact_rate(game, OPTIMAL, models[row.opponent])
    exploitability = exact_rate(game, OPTIMAL, models["expert"])
    report = {
        "wrestlers": [s.name for s in game.sheets],
        "matches": args.matches,
        "seed": args.seed,
        "rows": [asdict(r) for r in rows],
        "exact": {
            "minimax_seat0": minimax.match_win_chance(0),
            "best_response_to_expert": exploitability,
            "solver_iterations": minimax.iterations,
            "solver_residual": minimax.residual(),
            "attack_total_cap": minimax.cap,
        },
        "latency": {
            "first_decision_cold_s": cold,
            "solve_s": solve_seconds,
            "decision_mean_us": 1e6 * statistics.fmean(times) if times else None,
            "decision_p99_us": 1e6 * sorted(times)[int(0.99 * (len(times) - 1))] if times else None,
            "decisions": len(times),
        },
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return report

    console = Console(width=130)
    table = Table(title=f"Powerhouses agents: {' vs '.join(report['wrestlers'])}, {args.matches} matches each")
    columns = ("agent", "opponent", "wins", "win rate", "95% interval (Wilson)", "exact", "ceiling", "target", "met",
               "time")
    for column in columns:
        table.add_column(column, justify="left" if column in ("agent", "opponent") else "right")
    for r in rows:
        met = "" if r.target is None else ("yes" if r.rate >= r.target else "NO")
        table.add_row(
            r.agent, r.opponent, f"{r.wins}/{r.matches}", f"{r.rate:.1%}", f"{r.low:.1%} - {r.high:.1%}",
            f"{r.exact:.2%}", f"{r.ceiling:.2%}", "" if r.target is None else f">= {r.target:.0%}", met,
            f"{r.seconds:.1f}s",
        )
    console.print(table)
    console.print(
        "exact = both agents' decision tables evaluated by the match solver (seats averaged); "
        "ceiling = exact best response to that opponent (no agent that cannot see its opponent does better)"
    )
    exact = Table(title="Match solver")
    exact.add_column("quantity")
    exact.add_column("value", justify="right")
    exact.add_row("minimax: seat 0 wins (expert vs expert)", f"{report['exact']['minimax_seat0']:.2%}")
    exact.add_row("best response to the expert wins (exploitability)", f"{exploitability:.2%}")
    exact.add_row("policy iterations / Bellman residual", f"{minimax.iterations} / {minimax.residual():.1e}")
    exact.add_row("attack totals tracked up to", str(minimax.cap))
    console.print(exact)
    lat = report["latency"]
    console.print(
        f"expert latency: first decision (cold caches) {lat['first_decision_cold_s'] * 1e3:.0f} ms; "
        f"match solve alone {lat['solve_s'] * 1e3:.0f} ms; later decisions mean "
        f"{lat['decision_mean_us']:.1f} us, p99 {lat['decision_p99_us']:.1f} us over {lat['decisions']}"
    )
    return report


if __name__ == "__main__":
    main()
