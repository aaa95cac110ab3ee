"""How much of the opponent's hidden hand the WRASSLIN' expert's particle filter reads (issue 13 item 6).

At each of the expert's decisions (after its filter has been advanced), the share of the opponent's
actual hand that a deal agrees with, card for card (the multiset overlap over the hand size), averaged
over the filter's particles, against the same share for uniform re-deals (``State.determinize``). 100%
is what the "hand revealed" search sees; the gap between the two columns is what the filter recovers
from the opponent's public plays. Expert against the heuristic, seats alternating, seeds 200000+.

    python benchmarks/probes/expert_belief.py [matches] [--expert KEY=VALUE ...]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the scripts beside benchmarks/probes

from winrates_wrasslin import pop_expert_options

from turnbuckle.engine.match import Agent, play_match
from turnbuckle.games.wrasslin.expert import ExpertAgent
from turnbuckle.games.wrasslin.heuristic import HeuristicAgent
from turnbuckle.games.wrasslin.rules import WrasslinGame
from turnbuckle.games.wrasslin.state import WrasslinState

UNIFORM_DEALS = 8


def overlap(deal: list[int], truth: list[int]) -> float:
    """The share of ``truth`` (card counts) that ``deal`` also holds."""
    size = sum(truth)
    return sum(min(a, b) for a, b in zip(deal, truth, strict=True)) / size if size else 1.0


class Measured(ExpertAgent):
    """The expert, recording its belief's agreement with the truth after every filter update."""

    def __init__(self, game: WrasslinGame, player: int, record: list[tuple[float, float]], **kw: float) -> None:
        super().__init__(game, player, **kw)  # type: ignore[arg-type]
        self.record = record

    def _update(self, state: WrasslinState, rng: random.Random) -> None:
        fresh = not self.particles
        super()._update(state, rng)
        if fresh:
            return
        truth = state.hand[1 - self.player]
        belief = sum(overlap(p.hand[1 - self.player], truth) for p in self.particles) / len(self.particles)
        uniform = sum(overlap(state.determinize(self.player, random.Random(i)).hand[1 - self.player], truth)
                      for i in range(UNIFORM_DEALS)) / UNIFORM_DEALS
        self.record.append((belief, uniform))


def main() -> None:
    args = sys.argv[1:]
    expert = pop_expert_options(args)
    matches = int(args[0]) if args else 20
    game = WrasslinGame()
    record: list[tuple[float, float]] = []
    for seed in range(200000, 200000 + matches):
        seat = seed % 2
        me = Measured(game, seat, record, **expert)
        agents: list[Agent] = [me, HeuristicAgent(1)] if seat == 0 else [HeuristicAgent(0), me]
        play_match(game, agents, seed)
    n = len(record)
    print("| matches | decisions | particle filter overlap | uniform deal overlap |")
    print("|---|---|---|---|")
    print(f"| {matches} | {n} | {sum(b for b, _ in record) / n:.1%} | {sum(u for _, u in record) / n:.1%} |")


if __name__ == "__main__":
    main()
