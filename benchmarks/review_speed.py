"""How long a match review takes per game, and how much its sampled values move between seeds.

For each game a typical match is played by the game's default (strongest) agents, then reviewed
twice at the default budget (each game's ``ReviewPlan.playouts``, or ``--budget``) with two review
seeds, in ``--jobs`` processes. Printed per game: decisions, wall seconds of the first review, CPU
seconds (this process and its workers) and CPU / jobs (the wall time on that many free cores),
against issue 24's targets (Powerhouses under 1 s, the others under 60 s on 2 cores); then, for the
sampled games, how far the two seeds' values of the chosen options lie apart: the RMS difference
over the square root of 2 is the standard error achieved, beside the mean standard error the
review reported (root mean square), and how often the two seeds name a different best option: at
all, and where the first seed's best led the next option by two standard errors.

Run: ``python benchmarks/review_speed.py [--jobs 2] [--budget 64] [--games wrasslin skirmish]``.
"""

from __future__ import annotations

import argparse
import math
import resource
import sys
import time
from typing import Any

from rich.console import Console
from rich.table import Table

import turnbuckle
from turnbuckle.agents.registry import make_agent, strongest_agent
from turnbuckle.analysis.review import Budget, Review, ReviewSettings, review_replay
from turnbuckle.engine.match import play_match
from turnbuckle.engine.replay import Replay

ROWS: list[tuple[str, str, dict[str, Any]]] = [
    ("powerhouses", "powerhouses", {}),
    ("filsinger (chart decisions)", "filsinger",
     {"chart_choices": True, "dis_moves": True, "choice_situations": True, "distractor": True}),
    ("filsinger (tournament standard)", "filsinger", {"tournament_standard": True}),
    ("wrasslin", "wrasslin", {}),
    ("rumbleslam", "rumbleslam", {}),
    ("skirmish", "skirmish", {}),
]
TARGETS = {"powerhouses": 1.0}
DEFAULT_TARGET = 60.0


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def typical_match(game_name: str, params: dict[str, Any], seed: int) -> Replay:
    game = turnbuckle.load_game(game_name, **params)
    agent = strongest_agent(game)
    record = play_match(game, [make_agent(agent, game, p) for p in range(game.num_players())], seed=seed)
    return Replay.from_result(record)


def timed_review(replay: Replay, settings: ReviewSettings) -> tuple[Review, float, float]:
    cpu, wall = cpu_seconds(), time.perf_counter()
    review = review_replay(replay, settings)
    return review, time.perf_counter() - wall, cpu_seconds() - cpu


def movement(first: Review, second: Review) -> tuple[float, float, float, float, int] | None:
    """(SE achieved, RMS of the SEs reported, share of decisions whose best option differs, the same
    among decisions whose first seed found a clear best (ahead of the next by 2 standard errors),
    sampled decisions)."""
    pairs = [(a, b) for a, b in zip(first.decisions, second.decisions, strict=True) if not a.values.exact]
    if not pairs:
        return None
    diffs = [a.after - b.after for a, b in pairs]
    achieved = math.sqrt(sum(d * d for d in diffs) / len(diffs) / 2)
    reported = [a.chosen.stderr for a, _ in pairs if a.chosen.stderr is not None]
    rms_reported = math.sqrt(sum(e * e for e in reported) / len(reported)) if reported else float("nan")
    differ = sum(1 for a, b in pairs if a.best.action != b.best.action) / len(pairs)
    clear = [(a, b) for a, b in pairs if _clear_best(a)]
    clear_differ = sum(1 for a, b in clear if a.best.action != b.best.action) / len(clear) if clear else float("nan")
    return achieved, rms_reported, differ, clear_differ, len(pairs)


def _clear_best(decision: Any) -> bool:
    options = decision.values.options
    if len(options) < 2:
        return False
    best, second = options[0], options[1]
    spread = math.hypot(best.stderr or 0.0, second.stderr or 0.0)
    return best.value - second.value > 2 * spread


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", default=None, help="playouts per option (64) or seconds (2s); default: each game's")
    parser.add_argument("--seed", type=int, default=11, help="seed of the typical match")
    parser.add_argument("--games", nargs="*", default=None, help="rows whose game is one of these")
    args = parser.parse_args(argv)
    budget = Budget.parse(args.budget) if args.budget else None
    console = Console(width=130)
    speed = Table(title=f"Review time ({args.jobs} processes, budget: {budget.describe() if budget else 'default'})")
    for column in ("game", "decisions", "budget", "wall s", "CPU s", f"CPU/{args.jobs} s", "target", "met"):
        speed.add_column(column, justify="left" if column in ("game", "budget") else "right")
    noise = Table(title="Seed to seed (review seeds 1 and 2): the chosen options' values")
    for column in ("game", "sampled decisions", "SE achieved", "SE reported (RMS)", "best differs",
                   "clear best differs"):
        noise.add_column(column, justify="left" if column == "game" else "right")
    for label, name, params in ROWS:
        if args.games and name not in args.games:
            continue
        replay = typical_match(name, params, args.seed)
        one, wall, cpu = timed_review(replay, ReviewSettings(budget=budget, seed=1, jobs=args.jobs))
        two, _, _ = timed_review(replay, ReviewSettings(budget=budget, seed=2, jobs=args.jobs))
        target = TARGETS.get(name, DEFAULT_TARGET)
        used = budget or Budget(playouts=one.game.review_plan().playouts)
        per_core = cpu / args.jobs
        shown_budget = "exact" if all(d.values.exact for d in one.decisions) else used.describe()
        speed.add_row(label, str(len(one.decisions)), shown_budget, f"{wall:.2f}", f"{cpu:.2f}", f"{per_core:.2f}",
                      f"< {target:g}", "yes" if min(wall, per_core) < target else "NO")
        moved = movement(one, two)
        if moved is not None:
            achieved, reported, differ, clear, count = moved
            noise.add_row(label, str(count), f"{achieved:.4f}", f"{reported:.4f}", f"{100 * differ:.0f}%",
                          f"{100 * clear:.0f}%")
        console.print(f"{label}: done", style="dim")
    console.print(speed)
    console.print(noise)
    return 0


if __name__ == "__main__":
    sys.exit(main())
