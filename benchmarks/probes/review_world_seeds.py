"""Do a review's world seeds favour one kind of match? (issue 33, Filsinger's stated error).

A sampled decision draws each world's dice seed from one stream per decision
(``core.decision_rng``: the review seed and the decision's place). If the seeds of one stream
played alike, the means of ``--worlds`` playouts from one stream would spread more than the
per-world standard error says. At each decision of a typical Filsinger tournament-standard match
listed in ``--at``, this plays the first option's playouts in ``--groups`` groups, each group's
seeds from one review stream (``streams``) or from the operating system (``system``), and prints
the variance of the group means over the variance the per-world error predicts (1 when the
worlds are independent; with 12 groups a ratio has a spread of about 0.4).

    python benchmarks/probes/review_world_seeds.py streams --at 71 90 106 130
    python benchmarks/probes/review_world_seeds.py system --at 71 90 106 130
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from review_speed import typical_match

import turnbuckle
from turnbuckle.analysis.review.core import decision_rng
from turnbuckle.analysis.review.evaluate import plan_of
from turnbuckle.analysis.review.sampling import playout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seeds", choices=["streams", "system"])
    parser.add_argument("--at", type=int, nargs="+", default=[71, 90, 130, 14, 39, 59, 142, 116],
                        help="decisions (actions played before them) of typical match 11")
    parser.add_argument("--groups", type=int, default=12)
    parser.add_argument("--worlds", type=int, default=20)
    args = parser.parse_args(argv)
    replay = typical_match("filsinger", {"tournament_standard": True}, 11)
    game = turnbuckle.load_game(replay.game, **replay.params)
    plan = replace(plan_of(game), roll=None)  # the roll sampled too, as before it was solved
    system = random.SystemRandom()
    ratios = []
    for at in args.at:
        state = game.new_initial_state()
        state.record_events = False
        for action in replay.actions[:at]:
            state.apply_action(action)
        mover, option = state.current_player(), state.legal_actions()[0]
        means: list[float] = []
        results: list[float] = []
        for group in range(args.groups):
            stream = decision_rng(200 + group, at) if args.seeds == "streams" else system
            mine = []
            for _ in range(args.worlds):
                sim = state.clone()
                sim.record_events = False
                sim.apply_action(option)
                mine.append(playout(sim, plan, random.Random(stream.getrandbits(64)), game.sides())[mover])
            means.append(statistics.mean(mine))
            results += mine
        ratio = statistics.variance(means) / (statistics.pvariance(results) / args.worlds)
        ratios.append(ratio)
        print(f"{args.seeds} action {at}: mean {statistics.mean(results):.3f}, spread ratio {ratio:.2f}", flush=True)
    print(f"{args.seeds}: mean spread ratio {statistics.mean(ratios):.2f} over {len(ratios)} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
