"""How long a match review and a hint take per game, and how far two seeds' answers agree.

For each game a typical match is played by the game's default (strongest) agents, then reviewed
twice at the default budget (adaptive, with its per-match time cap; or ``--budget``) with two
review seeds, in ``--jobs`` processes. Printed per game: decisions, wall seconds of the first
review, CPU seconds (this process and its workers) and CPU / jobs, against the targets (Powerhouses
under 1 s, the others under 60 s on 2 cores); the median time of a hint at the default budget
(2 s cap) over up to ``--hints`` decisions of the match; the machine's 1-minute load average when
the timing began and ended (the machine is shared: wall times are only as good as the load
allows, CPU times are the steady figure). Then, for the sampled games, issue 33's agreement
figures, pooled over ``--matches`` typical matches (seeds ``--seed``, ``--seed + 1``, ...):

- *SE achieved* (the RMS of the two seeds' differences of the chosen options' values over the
  square root of 2) beside the *SE reported* (RMS of the standard errors the review printed);
- *best differs*: decisions whose two seeds name a different best option, at all and among the
  decisions either seed called clear ("clearly best": ``DecisionValues.clear``);
  target: the clear ones agree on at least 95%;
- *values apart*: options valued by both seeds whose values differ by more than 2 standard errors
  of their difference, ``sqrt(se_1**2 + se_2**2)`` (the two seeds are independent samples; with
  honest errors about 4.6% of options are that far apart by chance; target: at most 5%), beside
  the share honest errors give at these sample sizes (*honest errors: apart*: each error is
  itself estimated from a few dozen playouts and widened for it, ``small_sample_factor``, so
  about 4.6% at any sample size; unwidened, Student's t would give 5.5% at 16 playouts an
  option, 5.0% at 32).

Run: ``python benchmarks/review_speed.py [--jobs 2] [--budget 64] [--games wrasslin skirmish]
[--matches 8] [--clear-json clear.json]`` (``--clear-json``: the decisions either seed called
clear, both seeds' values side by side, to read what the disagreements were).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import statistics
import sys
import time
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

import turnbuckle
from turnbuckle.agents.registry import make_agent, strongest_agent
from turnbuckle.analysis.review import Budget, Review, ReviewSettings, hint, review_replay
from turnbuckle.analysis.review.values import DecisionValues, small_sample_factor, t_beyond
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


@dataclass
class Agreement:
    """Issue 33's agreement figures between two seeds' reviews, as sums (matches pool by ``+``)."""

    squared_diffs: float = 0.0
    squared_reported: float = 0.0
    reported: int = 0
    decisions: int = 0
    differ: int = 0
    clear: int = 0
    clear_differ: int = 0
    apart: int = 0
    options: int = 0
    expected_apart: float = 0.0
    """How many options honest errors would put that far apart, given each option's sample sizes
    (``honest_apart``)."""

    def __add__(self, other: Agreement) -> Agreement:
        return Agreement(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(Agreement)))

    @property
    def achieved(self) -> float:
        """The RMS of the chosen options' seed-to-seed differences over the square root of 2."""
        return math.sqrt(self.squared_diffs / self.decisions / 2) if self.decisions else math.nan

    @property
    def rms_reported(self) -> float:
        return math.sqrt(self.squared_reported / self.reported) if self.reported else math.nan


def movement(first: Review, second: Review) -> Agreement:
    """Issue 33's agreement figures between two seeds' reviews of one match (see the module note).

    *Values apart* tests each option's two values against the standard error of their
    difference, ``sqrt(se_a**2 + se_b**2)`` (the seeds are independent samples): with honest
    errors about 4.6% of options lie more than 2 of them apart by chance."""
    pairs = [(a, b) for a, b in zip(first.decisions, second.decisions, strict=True) if not a.values.exact]
    found = Agreement(decisions=len(pairs))
    for a, b in pairs:
        found.squared_diffs += (a.after - b.after) ** 2
        if a.chosen.stderr is not None:
            found.squared_reported += a.chosen.stderr ** 2
            found.reported += 1
        found.differ += a.best.action != b.best.action
        if a.values.clear or b.values.clear:
            found.clear += 1
            found.clear_differ += a.best.action != b.best.action
        for option in a.values.options:
            other = b.values.option(option.action)
            if other is None or option.stderr is None or other.stderr is None:
                continue
            found.options += 1
            found.apart += abs(option.value - other.value) > 2 * math.hypot(option.stderr, other.stderr)
            found.expected_apart += honest_apart(option.stderr, option.samples, other.stderr, other.samples)
    return found


def clear_decisions(first: Review, second: Review, match: int) -> list[dict[str, Any]]:
    """The sampled decisions either seed called clear, both seeds' options side by side."""
    def dump(values: DecisionValues) -> dict[str, Any]:
        return {"clear": values.clear, "stopped": values.stopped, "options": [o.to_dict() for o in values.options]}

    return [{"game": first.replay.game, "match": match, "decision": i, "differ": a.best.action != b.best.action,
             "a": dump(a.values), "b": dump(b.values)}
            for i, (a, b) in enumerate(zip(first.decisions, second.decisions, strict=True))
            if not a.values.exact and (a.values.clear or b.values.clear)]


def honest_apart(se_a: float, n_a: int, se_b: float, n_b: int) -> float:
    """The chance that two honest estimates lie more than 2 stated errors of their difference
    apart. Each stated error is the sample's (its spread measured on ``n`` playouts) widened by
    ``small_sample_factor(n)``; the gap over the sample errors follows Student's t with Welch's
    degrees of freedom, so the answer is about 4.6% at any sample size (without the widening it
    would be about 5.5% at 16 playouts an option, 5.0% at 32)."""
    if se_a + se_b == 0:
        return 0.0  # both exact where it counts: never apart
    if n_a < 2 or n_b < 2:
        return t_beyond(2.0, math.inf)
    a, b = (se_a / small_sample_factor(n_a)) ** 2, (se_b / small_sample_factor(n_b)) ** 2
    if a + b == 0:
        return 0.0
    dof = (a + b) ** 2 / (a * a / (n_a - 1) + b * b / (n_b - 1))
    return t_beyond(2.0 * math.hypot(se_a, se_b) / math.sqrt(a + b), dof)


def hint_times(replay: Replay, count: int) -> list[tuple[float, float]]:
    """(wall, CPU) seconds of a hint at the default budget at up to ``count`` decisions spread over
    the match."""
    game = turnbuckle.load_game(replay.game, **replay.params)
    state = game.new_initial_state()
    state.record_events = False
    points = []
    for at, action in enumerate(replay.actions):
        if state.current_player() >= 0 and len(state.legal_actions()) > 1:
            points.append(at)
        state.apply_action(action)
    chosen = set(points[:: max(1, len(points) // max(1, count))][:count])
    state = game.new_initial_state()
    state.record_events = False
    times = []
    for at, action in enumerate(replay.actions):
        if at in chosen:
            started, cpu = time.perf_counter(), time.process_time()
            hint(state)
            times.append((time.perf_counter() - started, time.process_time() - cpu))
        state.apply_action(action)
    return times


def _share(part: int, whole: int) -> str:
    return f"{part} of {whole} ({100 * part / whole:.1f}%)" if whole else "-"


def load() -> str:
    """The machine's 1-minute load average now (other engineers' jobs share the 2 cores)."""
    return f"{os.getloadavg()[0]:.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", default=None, help="playouts per option (64) or seconds (2s); default: each game's")
    parser.add_argument("--seed", type=int, default=11, help="seed of the (first) typical match")
    parser.add_argument("--matches", type=int, default=1,
                        help="typical matches per game (seeds --seed, --seed+1, ...): the agreement figures pool "
                             "them; the times are the first match's")
    parser.add_argument("--games", nargs="*", default=None, help="rows whose game is one of these")
    parser.add_argument("--hints", type=int, default=12, help="decisions per game at which a hint is timed")
    parser.add_argument("--hints-only", action="store_true",
                        help="time the hints of the first typical match only (no reviews, no agreement figures)")
    parser.add_argument("--clear-json", type=Path, metavar="FILE",
                        help="write every sampled decision either seed called clear, both seeds' values side by "
                             "side, as JSON (what docs/review.md's readings of the disagreements come from)")
    parser.add_argument("--review-seeds", type=int, nargs=2, default=[1, 2], metavar=("A", "B"),
                        help="the two review seeds compared (a seed's worlds are the same in every run: another "
                             "pair is another sample)")
    args = parser.parse_args(argv)
    budget = Budget.parse(args.budget) if args.budget else None
    console = Console(width=180)
    speed = Table(title=f"Review time ({args.jobs} processes, budget: {budget.describe() if budget else 'default'})")
    for column in ("game", "decisions", "budget", "wall s", "CPU s", f"CPU/{args.jobs} s", "target", "met",
                   "hint median s", "hint median CPU s", "load (start, end)"):
        speed.add_column(column, justify="left" if column in ("game", "budget") else "right")
    first_seed, second_seed = args.review_seeds
    noise = Table(title=f"Seed to seed (review seeds {first_seed} and {second_seed}, "
                        f"{args.matches} match(es) per game)")
    for column in ("game", "sampled decisions", "SE achieved", "SE reported (RMS)", "best differs",
                   "clear best differs (either seed clear)", "values apart > 2 SE", "honest errors: apart"):
        noise.add_column(column, justify="left" if column == "game" else "right")
    cleared: list[dict[str, Any]] = []
    for label, name, params in ROWS:
        if args.games and name not in args.games:
            continue
        pooled = Agreement()
        for m in range(max(1, args.matches)):
            replay = typical_match(name, params, args.seed + m)
            if args.hints_only:
                started_load = load()
                times = hint_times(replay, args.hints)
                speed.add_row(label, "-", "-", "-", "-", "-", "-", "-",
                              f"{statistics.median(t for t, _ in times):.2f}" if times else "-",
                              f"{statistics.median(c for _, c in times):.2f}" if times else "-",
                              f"{started_load}, {load()}")
                break
            started_load = load()
            one, wall, cpu = timed_review(replay, ReviewSettings(budget=budget, seed=first_seed, jobs=args.jobs))
            if m == 0:
                times = hint_times(replay, args.hints)
                ended_load = load()
            two, _, _ = timed_review(replay, ReviewSettings(budget=budget, seed=second_seed, jobs=args.jobs))
            pooled = pooled + movement(one, two)
            cleared.extend(clear_decisions(one, two, args.seed + m))
            if args.clear_json:
                args.clear_json.write_text(json.dumps(cleared, indent=1) + "\n")
            if m > 0:
                continue
            target = TARGETS.get(name, DEFAULT_TARGET)
            used = one.budget or budget
            per_core = cpu / args.jobs
            exact = all(d.values.exact for d in one.decisions)
            shown_budget = "exact" if exact or used is None else used.describe()
            median = statistics.median(t for t, _ in times) if times else float("nan")
            median_cpu = statistics.median(c for _, c in times) if times else float("nan")
            speed.add_row(label, str(len(one.decisions)), shown_budget, f"{wall:.2f}", f"{cpu:.2f}",
                          f"{per_core:.2f}", f"< {target:g}", "yes" if min(wall, per_core) < target else "NO",
                          f"{median:.2f}", f"{median_cpu:.2f}", f"{started_load}, {ended_load}")
        if pooled.decisions:
            noise.add_row(label, str(pooled.decisions), f"{pooled.achieved:.4f}", f"{pooled.rms_reported:.4f}",
                          _share(pooled.differ, pooled.decisions), _share(pooled.clear_differ, pooled.clear),
                          _share(pooled.apart, pooled.options),
                          f"{100 * pooled.expected_apart / pooled.options:.1f}%" if pooled.options else "-")
        console.print(f"{label}: done", style="dim")
        _echo(console, speed, noise)
    console.print(speed)
    console.print(noise)
    return 0


def _echo(console: Console, speed: Table, noise: Table) -> None:
    """The tables so far, after each game (a long run loses nothing if stopped)."""
    console.print(speed)
    console.print(noise)


if __name__ == "__main__":
    sys.exit(main())
