"""RUMBLESLAM agent win rates, seats (and so the two default teams) alternating, with Wilson 95%
intervals and the median decision time (process CPU time, so a busy machine does not inflate it)
of the first-named agent.

Targets (issue 9): search (``mcts``) vs random >= 95%, search vs heuristic >= 55%, heuristic vs
random >= 90%, median decision <= 1 s.

    python benchmarks/winrates_rumbleslam.py [matches per pairing] [pairing ...]
    python benchmarks/winrates_rumbleslam.py 20 mcts:random heuristic:random mcts:heuristic
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time

import turnbuckle
from turnbuckle.agents.registry import make_agent


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(first: str, second: str, seed: int) -> tuple[list[float], list[float]]:
    """One match; ``first`` sits in seat seed % 2. Returns (returns by agent, first's decision times)."""
    game = turnbuckle.load_game("rumbleslam")
    seat_of_first = seed % 2
    names = [first, second] if seat_of_first == 0 else [second, first]
    agents = [make_agent(n, game, p) for p, n in enumerate(names)]
    rngs = [random.Random(f"agent:{seed}:{p}") for p in range(2)]
    dice = random.Random(f"dice:{seed}")
    s = game.new_initial_state()
    s.record_events = False
    times: list[float] = []
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance(dice))
            continue
        p = s.current_player()
        start = time.process_time()
        action = agents[p].choose(s, rngs[p])
        if p == seat_of_first and len(s.legal_actions()) > 1:
            times.append(time.process_time() - start)
        s.apply_action(action)
    r = s.returns()
    return [r[seat_of_first], r[1 - seat_of_first]], times


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    pairings = [a for a in sys.argv[2:] if a != "-v"] or ["heuristic:random", "mcts:random", "mcts:heuristic"]
    targets = {"heuristic:random": 0.90, "mcts:random": 0.95, "mcts:heuristic": 0.55}
    for pairing in pairings:
        first, second = pairing.split(":")
        score = 0.0
        times: list[float] = []
        for seed in range(matches):
            r, t = play(first, second, seed)
            score += 1.0 if r[0] > 0 else 0.5 if r[0] == 0 else 0.0
            times.extend(t)
            if "-v" in sys.argv:
                print(f"  match {seed}: {first} {r[0]:+.0f}; running score {score}/{seed + 1}", flush=True)
        low, high = wilson(score, matches)
        target = targets.get(pairing)
        verdict = "" if target is None else ("met" if score / matches >= target else "MISSED")
        median = statistics.median(times) * 1000 if times else 0.0
        print(f"{first} vs {second}: {score / matches:.1%} of {matches} (95% {low:.0%}-{high:.0%}) "
              f"target {target if target is not None else '-'} {verdict}; {first} median decision {median:.0f} ms CPU")


if __name__ == "__main__":
    main()
