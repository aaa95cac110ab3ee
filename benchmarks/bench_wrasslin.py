"""WRASSLIN' throughput: random-playout matches per CPU-second per match type, IS-MCTS ms per decision.

Two playout columns: the search way (``_apply``/``sample_chance``, events off) and through the public
contract exactly as ``bench_core`` drives every game (``chance_outcomes``, validated ``apply_action``,
default event recording), with OpenSpiel's C++ ``pig`` behind the same loop in the same run when
``pyspiel`` is installed (issue 13: WRASSLIN' >= 0.3x pig).

CPU time (``time.process_time``) so that a shared, loaded machine does not distort the figures.

    python benchmarks/bench_wrasslin.py [--matches N] [--no-ismcts]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from bench_core import playout as contract_playout

from turnbuckle.agents.ismcts import ISMCTSAgent
from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.games.wrasslin.heuristic import evaluate, make_ismcts
from turnbuckle.games.wrasslin.rules import WrasslinGame

TYPES = {
    "singles": {},
    "tag": {"match_type": "tag"},
    "handicap": {"match_type": "handicap"},
    "battle_royal (5)": {"match_type": "battle_royal"},
    "tournament (12 each)": {"match_type": "tournament"},
    "tournament, battle royal format (4 x 6)": {"match_type": "tournament", "players": 4},
}


def playouts(game: WrasslinGame, matches: int) -> tuple[float, float]:
    steps = 0
    start = time.process_time()
    for seed in range(matches):
        state = game.new_initial_state()
        state.record_events = False
        rng = random.Random(seed)
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                state._apply(state.sample_chance(rng))
            else:
                state._apply(rng.choice(state.legal_actions()))
            steps += 1
    elapsed = time.process_time() - start
    return matches / elapsed, steps / matches


def contract_rate(new_state: Any, matches: int) -> float:
    """Transitions per CPU-second through the public contract (bench_core's loop)."""
    rng = random.Random(2024)
    transitions = 0
    start = time.process_time()
    for _ in range(matches):
        transitions += contract_playout(new_state(), rng)
    return transitions / (time.process_time() - start)


def pig_rate(matches: int) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    return contract_rate(pyspiel.load_game("pig").new_initial_state, matches)


def ismcts_ms(agent: ISMCTSAgent, decisions: int = 40) -> float:
    game = WrasslinGame()
    rng = random.Random(1)
    state = game.new_initial_state()
    timed = 0
    total = 0.0
    while timed < decisions:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1:
            start = time.process_time()
            action = agent.choose(state, rng)
            total += time.process_time() - start
            timed += 1
        else:
            action = state.legal_actions()[0]
        state.apply_action(action)
    return 1000 * total / timed


def main() -> None:
    parser = argparse.ArgumentParser(description="WRASSLIN' playout throughput and IS-MCTS latency.")
    parser.add_argument("--matches", type=int, default=200, help="random matches per match type")
    parser.add_argument("--no-ismcts", action="store_true", help="skip the IS-MCTS latency table")
    args = parser.parse_args()
    matches = args.matches
    pig = pig_rate(matches * 10)
    print("| match type | random matches/s | steps/match | contract transitions/s | vs pig |")
    print("|---|---|---|---|---|")
    for label, params in TYPES.items():
        game = WrasslinGame(**params)
        rate, steps = playouts(game, matches)
        contract = contract_rate(game.new_initial_state, matches)
        ratio = f"{contract / pig:.3f}x" if pig else "-"
        print(f"| {label} | {rate:.1f} | {steps:.0f} | {contract:,.0f} | {ratio} |", flush=True)
    if pig:
        print(f"\nOpenSpiel C++ pig through the same loop: {pig:,.0f} transitions/s (CPU)")
    if args.no_ismcts:
        return
    print()
    print("| IS-MCTS configuration | ms per decision (singles, CPU) |")
    print("|---|---|")
    game = WrasslinGame()
    configs = {
        "128 sims, heuristic prior, no playout (make_ismcts)": make_ismcts(game, 0),
        "16 sims, 4-step random playouts": ISMCTSAgent(game, 0, simulations=16, rollout_depth=4,
                                                       evaluator=evaluate),
        "60 sims, 4-step random playouts": ISMCTSAgent(game, 0, simulations=60, rollout_depth=4,
                                                       evaluator=evaluate),
    }
    for label, agent in configs.items():
        print(f"| {label} | {ismcts_ms(agent):.1f} |", flush=True)


if __name__ == "__main__":
    main()
