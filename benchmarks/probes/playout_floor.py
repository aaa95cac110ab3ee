"""The measured ceiling of random-playout speed for one game against OpenSpiel's C++ ``pig`` (issue 13, item 1).

Issue 13 asks for >= 0.3x ``pig``'s transitions/s through ``bench_core``'s playout loop for every
ruleset. This script measures how much of that is possible at all in pure Python under the
contract, so the answer is a number and not an opinion:

1. it records ``--matches`` seeded random playouts of GAME's default configuration through
   ``bench_core.playout`` itself: at every node the legal action list or chance outcome list the
   contract returned, and the action the loop chose;
2. it replays them through the *same* ``bench_core.playout`` loop (and ``measure_playouts``
   timing) with every list prebuilt, so the rules cost nothing: the loop + contract floor;
3. it adds back, one at a time, the parts of a transition that any implementation of the
   contract must do: a fresh legal action list of the size met at each decision (copied in C, or
   built element by element in Python from prebuilt ``Action`` objects), the chance outcome lists
   built as ``(Action, p)`` pairs (avoidable when the dice never change: a ruleset may return one
   prebuilt list per die), and ``apply_action``'s legality check (an identity scan of the list, or
   the cheapest general one: a bisect in the node's sorted ids);
4. it times the whole game and ``pig`` in the same process, interleaved with the replays, on the
   CPU clock, and prints medians of ``--repeats`` rounds and the implied best ratio to ``pig``;
5. ``--profile`` also times a real playout phase by phase (the listing call and ``apply_action``
   of every kind of node) and prints cProfile's top functions and the time per source module.

    python benchmarks/probes/playout_floor.py rumbleslam
    python benchmarks/probes/playout_floor.py skirmish --matches 40 --repeats 7 --seconds 1 --profile

Only the contract calls ``bench_core.playout`` makes are used (``is_terminal``,
``is_chance_node``, ``chance_outcomes``, ``legal_actions``, ``apply_action``).
"""

from __future__ import annotations

import argparse
import cProfile
import itertools
import pstats
import random
import statistics
import sys
import time
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the scripts beside benchmarks/probes

from bench_core import CLOCKS, PLAYOUT_REFERENCE, contestants, measure_playouts, playout

from turnbuckle.engine.actions import Action

TARGET_RATIO = 0.3
"""Issue 13, item 1: every ruleset at least this fraction of ``pig``'s transitions/s."""


# -- recording -------------------------------------------------------------------------------------
@dataclass
class Recording:
    """One playout: per node, whether it is chance, the list the contract returned, and the choice."""

    chance: list[bool] = field(default_factory=list)
    lists: list[list[Any]] = field(default_factory=list)
    """The contract's answer, copied: ``[Action, ...]`` or ``[(Action, p), ...]``."""
    actions: list[tuple[Action, ...]] = field(default_factory=list)
    """The actions of each node's list (the outcomes' actions at chance nodes)."""
    probs: list[tuple[float, ...]] = field(default_factory=list)
    """Each chance node's probabilities (empty at decisions)."""
    chosen: list[Action] = field(default_factory=list)
    ids: list[list[int]] = field(default_factory=list)
    """Each node's action ids, sorted (for the bisect legality check)."""


class Recorder:
    """Wraps a real state for ``bench_core.playout`` and writes down every node it meets."""

    def __init__(self, state: Any, recording: Recording) -> None:
        self.state = state
        self.rec = recording

    def is_terminal(self) -> bool:
        return bool(self.state.is_terminal())

    def is_chance_node(self) -> bool:
        return bool(self.state.is_chance_node())

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        outcomes = list(self.state.chance_outcomes())
        rec = self.rec
        rec.chance.append(True)
        rec.lists.append(outcomes)
        rec.actions.append(tuple(a for a, _ in outcomes))
        rec.probs.append(tuple(p for _, p in outcomes))
        rec.ids.append(sorted(a.id for a, _ in outcomes))
        return outcomes

    def legal_actions(self) -> list[Action]:
        legal = list(self.state.legal_actions())
        rec = self.rec
        rec.chance.append(False)
        rec.lists.append(legal)
        rec.actions.append(tuple(legal))
        rec.probs.append(())
        rec.ids.append(sorted(a.id for a in legal))
        return legal

    def apply_action(self, action: Action) -> None:
        self.rec.chosen.append(action)
        self.state.apply_action(action)


def record(new_state: Callable[[], Any], matches: int, seed: int) -> list[Recording]:
    """``matches`` random playouts through ``bench_core.playout`` itself, every node written down."""
    rng = random.Random(seed)
    recordings = []
    for _ in range(matches):
        rec = Recording()
        transitions = playout(Recorder(new_state(), rec), rng)
        assert transitions == len(rec.lists) == len(rec.chosen)
        recordings.append(rec)
    return recordings


# -- replays: the same loop, every list prebuilt; then the unavoidable work added back -------------
class Floor:
    """A recorded playout behind the contract's five calls, every answer prebuilt (rules cost nothing).

    ``apply_action`` only moves on: the loop's own (random) choice is taken from the node's list as
    in a real match, and the next node's list is the recorded one whatever was chosen.
    """

    __slots__ = ("actions", "chance", "end", "i", "ids", "lists", "probs")

    def __init__(self, rec: Recording) -> None:
        self.chance = rec.chance
        self.lists = rec.lists
        self.actions = rec.actions
        self.probs = rec.probs
        self.ids = rec.ids
        self.end = len(rec.lists)
        self.i = 0

    def is_terminal(self) -> bool:
        return self.i == self.end

    def is_chance_node(self) -> bool:
        return self.chance[self.i]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return self.lists[self.i]

    def legal_actions(self) -> list[Action]:
        return self.lists[self.i]

    def apply_action(self, action: Action) -> None:
        self.i += 1


class CopyLegal(Floor):
    """Plus a fresh legal list per decision, copied in C (the least any fresh list of n costs)."""

    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        return list(self.actions[self.i])


class BuildLegal(Floor):
    """Plus a fresh legal list per decision built element by element in Python, from prebuilt Actions."""

    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        return [a for a in self.actions[self.i]]  # the per-element step is the point


class BuildChance(Floor):
    """Plus every chance outcome list built as ``(Action, p)`` pairs in Python (avoidable for fixed dice)."""

    __slots__ = ()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        i = self.i
        return [(a, p) for a, p in zip(self.actions[i], self.probs[i], strict=True)]


class ScanCheck(Floor):
    """Plus ``apply_action``'s legality check: the action found in the node's list by identity (C scan)."""

    __slots__ = ()

    def apply_action(self, action: Action) -> None:
        if id(action) not in map(id, self.actions[self.i]):
            raise ValueError(f"{action} is not legal here")
        self.i += 1


class BisectCheck(Floor):
    """Plus the cheapest general legality check: bisect the action's id in the node's sorted ids
    (``Floor.ids``, taken as a by-product of making the list, so not counted here)."""

    __slots__ = ()

    def apply_action(self, action: Action) -> None:
        ids = self.ids[self.i]
        at = bisect_left(ids, action.id)
        if at == len(ids) or ids[at] != action.id:
            raise ValueError(f"{action} is not legal here")
        self.i += 1


VARIANTS: dict[str, type[Floor]] = {
    "floor": Floor,
    "legal copied (C)": CopyLegal,
    "legal built (Python)": BuildLegal,
    "chance built (Python)": BuildChance,
    "legality check (C scan)": ScanCheck,
    "legality check (bisect)": BisectCheck,
}
"""Each replay row; every row but ``floor`` adds one piece of work to it."""


def replays(recordings: Sequence[Recording], variant: type[Floor]) -> Callable[[], Floor]:
    """A ``new_state`` for ``measure_playouts``: the recorded playouts in turn, forever."""
    cycle = itertools.cycle(recordings)
    return lambda: variant(next(cycle))


# -- measuring ------------------------------------------------------------------------------------
def measure(
    game_name: str, recordings: Sequence[Recording], repeats: int, seconds: float, seed: int
) -> dict[str, list[float]]:
    """us/transition per contestant per repeat: pig, the whole game and every replay, interleaved."""
    factories, errors = contestants(include_pig=True)
    game_key = (game_name, "turnbuckle")
    pig_key = (PLAYOUT_REFERENCE, "OpenSpiel C++")
    if game_key not in factories:
        raise SystemExit(f"{game_name} did not load: {errors.get(game_name)}")
    if pig_key not in factories:
        raise SystemExit(f"pig is needed: {errors.get('pig')}")
    chosen: dict[tuple[str, str], Callable[[], Any]] = {pig_key: factories[pig_key], game_key: factories[game_key]}
    for label, variant in VARIANTS.items():
        chosen[(game_name, label)] = replays(recordings, variant)
    samples: dict[str, list[float]] = defaultdict(list)
    keys = list(chosen)
    for r in range(repeats):
        order = keys[r % len(keys) :] + keys[: r % len(keys)]  # a different contestant goes first each time
        results = measure_playouts(
            {k: chosen[k] for k in order}, seconds, 1, seed + r, CLOCKS["cpu"]
        )
        for result in results:
            if result.error:
                raise SystemExit(f"{result.game} ({result.engine}): {result.error}")
            samples[result.engine if result.game == game_name else result.game].append(
                result.seconds / result.transitions * 1e6
            )
    return samples


def shape(recordings: Sequence[Recording]) -> dict[str, float]:
    """What the recorded playouts look like: nodes per match and list sizes."""
    nodes = sum(len(r.lists) for r in recordings)
    decisions = [len(lst) for r in recordings for c, lst in zip(r.chance, r.lists, strict=True) if not c]
    chances = [len(lst) for r in recordings for c, lst in zip(r.chance, r.lists, strict=True) if c]
    return {
        "matches": len(recordings),
        "transitions_per_match": nodes / len(recordings),
        "chance_share": len(chances) / nodes,
        "decision_list_mean": statistics.fmean(decisions) if decisions else 0.0,
        "decision_list_median": statistics.median(decisions) if decisions else 0.0,
        "decision_list_p99": sorted(decisions)[int(0.99 * (len(decisions) - 1))] if decisions else 0.0,
        "decision_list_max": max(decisions, default=0),
        "decision_elements_per_transition": sum(decisions) / nodes,
        "chance_list_mean": statistics.fmean(chances) if chances else 0.0,
        "chance_list_max": max(chances, default=0),
    }


# -- where the rest goes ----------------------------------------------------------------------------
def phase_label(state: Any) -> str:
    """A short name for the node ``state`` is at: its ruleset's phase or pending decision."""
    name = state.game.name
    chance = state.is_chance_node()
    if name == "rumbleslam":
        top = state.stack[-1]
        if chance:
            return f"die {state.buf[top[1]][1]}"
        return f"decide {top[1]}" + (f" ({top[3]})" if top[1] == "place" else "")
    if name == "skirmish":
        from turnbuckle.games.skirmish.rules import PHASE_NAMES

        return ("roll " if chance else "") + PHASE_NAMES[state.phase]
    return "chance" if chance else "decision"


def _timed_playouts(
    new_state: Callable[[], Any], matches: int, seed: int, overhead: float
) -> tuple[list[float], list[tuple[str, int, float, float]], float]:
    """One pass of bench_core's loop, unrolled, every contract call timed (wall ns less the timer's cost).

    Returns per match the setup ns, per transition (label, list size, listing ns, apply ns), and the
    pass's CPU seconds.
    """
    clock = time.perf_counter_ns
    rng = random.Random(seed)
    rand = rng.random
    setups: list[float] = []
    calls: list[tuple[str, int, float, float]] = []
    cpu0 = time.process_time()
    for _ in range(matches):
        t0 = clock()
        state = new_state()
        setups.append(clock() - t0 - overhead)
        while not state.is_terminal():
            label = phase_label(state)
            if state.is_chance_node():
                t0 = clock()
                outcomes = state.chance_outcomes()
                t1 = clock()
                point = rand()
                total = 0.0
                action = outcomes[-1][0]
                for outcome, probability in outcomes:
                    total += probability
                    if point < total:
                        action = outcome
                        break
                size = len(outcomes)
            else:
                t0 = clock()
                legal = state.legal_actions()
                t1 = clock()
                action = legal[int(rand() * len(legal))]
                size = len(legal)
            t2 = clock()
            state.apply_action(action)
            t3 = clock()
            calls.append((label, size, t1 - t0 - overhead, t3 - t2 - overhead))
    return setups, calls, time.process_time() - cpu0


def phase_profile(
    new_state: Callable[[], Any], matches: int, seed: int, passes: int = 3
) -> tuple[list[tuple[str, ...]], float, float]:
    """Times every contract call of ``matches`` real playouts by node kind (bench_core's loop, unrolled).

    The same seeded playouts run ``passes`` times and each call keeps its least time, so a busy
    machine's preemptions (which land on one call in one pass) drop out. ``apply_action`` of a node
    includes running the rules up to the next node. Returns table rows, the summed us per
    transition, and the CPU us per transition of the fastest pass (timers included).
    """
    clock = time.perf_counter_ns
    calib = [(clock(), clock()) for _ in range(20000)]
    overhead = float(statistics.median(b - a for a, b in calib))
    runs = [_timed_playouts(new_state, matches, seed, overhead) for _ in range(passes)]
    setup = sum(min(s) for s in zip(*(r[0] for r in runs), strict=True))
    listing: dict[str, float] = defaultdict(float)
    applying: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    sizes: dict[str, int] = defaultdict(int)
    for same in zip(*(r[1] for r in runs), strict=True):
        label, size = same[0][0], same[0][1]
        assert all(c[0] == label and c[1] == size for c in same), "a seeded playout did not repeat"
        listing[label] += min(c[2] for c in same)
        applying[label] += min(c[3] for c in same)
        count[label] += 1
        sizes[label] += size
    transitions = sum(count.values())
    cpu_us = min(r[2] for r in runs) * 1e6 / transitions
    measured = setup + sum(listing.values()) + sum(applying.values())

    def us(ns: float) -> float:
        return ns / 1000 / transitions

    rows: list[tuple[str, ...]] = []
    for label in sorted(count, key=lambda k: -(listing[k] + applying[k])):
        share = (listing[label] + applying[label]) / measured
        rows.append((
            label,
            f"{count[label] / matches:.1f}",
            f"{sizes[label] / count[label]:.1f}",
            f"{us(listing[label]):.2f}",
            f"{us(applying[label]):.2f}",
            f"{share:.0%}",
        ))
    rows.append(("new_initial_state", "1", "", "", f"{us(setup):.2f}", f"{setup / measured:.0%}"))
    rows.append(("total", f"{transitions / matches:.1f}", "", f"{us(sum(listing.values())):.2f}",
                 f"{us(sum(applying.values()) + setup):.2f}", "100%"))
    return rows, us(measured), cpu_us


def profile(
    new_state: Callable[[], Any], matches: int, seed: int, top: int
) -> tuple[pstats.Stats, list[tuple[str, ...]]]:
    """cProfile of ``matches`` playouts through ``bench_core.playout``; self time summed per source module."""
    profiler = cProfile.Profile(time.process_time)
    rng = random.Random(seed)
    profiler.enable()
    for _ in range(matches):
        playout(new_state(), rng)
    profiler.disable()
    stats = pstats.Stats(profiler)
    per_module: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for (filename, _line, _name), (_cc, calls, tottime, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        if filename == "~":
            module = "builtins (list.append, len, isinstance, ...)"
        else:
            module = filename.split("/src/")[-1] if "/src/" in filename else filename.rsplit("/", 1)[-1]
        per_module[module][0] += tottime
        per_module[module][1] += calls
    total = sum(t for t, _ in per_module.values())
    rows = [
        (module, f"{t / total:.0%}", f"{int(calls):,}")
        for module, (t, calls) in sorted(per_module.items(), key=lambda kv: -kv[1][0])[:top]
    ]
    return stats, rows


# -- report ---------------------------------------------------------------------------------------
def print_table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A plain Markdown table (pastes into benchmarks/README.md as is)."""
    print(f"\n{title}\n")
    print("| " + " | ".join(header) + " |")
    print("| --- |" + " ---: |" * (len(header) - 1))
    for row in rows:
        print("| " + " | ".join(row) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a registered game, e.g. rumbleslam or skirmish")
    parser.add_argument("--matches", type=int, default=40, help="recorded playouts replayed (default 40)")
    parser.add_argument("--repeats", type=int, default=7, help="interleaved rounds; medians are reported")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per contestant per round")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--profile", action="store_true", help="also per-phase timing and cProfile of real playouts")
    parser.add_argument("--profile-matches", type=int, default=100)
    parser.add_argument("--top", type=int, default=25, help="rows of cProfile and per-module output")
    args = parser.parse_args(argv)

    import turnbuckle

    new_state = turnbuckle.load_game(args.game).new_initial_state
    recordings = record(new_state, args.matches, args.seed)
    info = shape(recordings)
    print(
        f"{args.game}: {info['matches']} recorded playouts, {info['transitions_per_match']:.1f} transitions each, "
        f"{info['chance_share']:.0%} chance; legal list mean {info['decision_list_mean']:.1f}, median "
        f"{info['decision_list_median']:.0f}, p99 {info['decision_list_p99']:.0f}, max {info['decision_list_max']}; "
        f"{info['decision_elements_per_transition']:.1f} legal-list elements per transition; chance list mean "
        f"{info['chance_list_mean']:.1f}, max {info['chance_list_max']}"
    )

    samples = measure(args.game, recordings, args.repeats, args.seconds, args.seed)
    med = {k: statistics.median(v) for k, v in samples.items()}
    pig = med[PLAYOUT_REFERENCE]
    floor = med["floor"]
    rows: list[tuple[str, ...]] = []

    def row(label: str, us: float, added: float | None) -> None:
        spread = samples.get(label)
        low_high = f"{min(spread):.2f}-{max(spread):.2f}" if spread else ""
        rows.append((label, f"{1e6 / us:,.0f}", f"{us:.2f}", low_high,
                     "" if added is None else f"{added:+.2f}", f"{pig / us:.3f}x"))

    row(PLAYOUT_REFERENCE, pig, None)
    pig_label = f"OpenSpiel `{PLAYOUT_REFERENCE}` (C++)"
    rows[-1] = (pig_label, *rows[-1][1:])
    for label in VARIANTS:
        row(label, med[label], None if label == "floor" else med[label] - floor)
    row("turnbuckle", med["turnbuckle"], med["turnbuckle"] - floor)
    print_table(
        f"{args.game} vs pig, bench_core's loop, CPU clock, median of {args.repeats} interleaved rounds "
        f"of {args.seconds:g} s each ('added' is over the floor)",
        ("", "transitions/s", "us/transition", "range", "added", "vs pig"),
        rows,
    )

    copy_legal = med["legal copied (C)"] - floor
    build_legal = med["legal built (Python)"] - floor
    chance = med["chance built (Python)"] - floor
    check = med["legality check (bisect)"] - floor
    bounds = [
        ("loop + contract only (every list prebuilt)", floor),
        ("+ fresh legal lists copied in C + bisect check", floor + copy_legal + check),
        ("+ legal lists built in Python + bisect check", floor + build_legal + check),
        ("+ chance lists built in Python (avoidable: fixed odds)", floor + build_legal + check + chance),
    ]
    bound_rows = []
    for label, us in bounds:
        budget = pig / TARGET_RATIO - us
        if budget <= 0:
            shrink = "unreachable"
        elif med["turnbuckle"] <= pig / TARGET_RATIO:
            shrink = "already met"
        else:
            shrink = f"{(med['turnbuckle'] - us) / budget:.1f}x"
        bound_rows.append((label, f"{us:.2f}", f"{pig / us:.2f}x", f"{budget:.2f}", shrink))
    print_table(
        f"Best possible ratio to pig with rules that cost nothing; the rules' budget at {TARGET_RATIO}x "
        f"(pig {pig:.2f} us, whole game {med['turnbuckle']:.2f} us a transition)",
        ("with", "us/transition", "best vs pig", f"us left for the rules at {TARGET_RATIO}x",
         "rules must shrink by"),
        bound_rows,
    )

    if args.profile:
        phase_rows, summed_us, cpu_us = phase_profile(new_state, args.profile_matches, args.seed + 1)
        print_table(
            f"Where a real playout's time goes ({args.profile_matches} matches, least of 3 passes per call: "
            f"{summed_us:.2f} us a transition summed, {cpu_us:.2f} CPU us with the timers; us per transition)",
            ("node", "per match", "list size", "listing us", "apply_action us", "share"),
            phase_rows,
        )
        stats, module_rows = profile(new_state, args.profile_matches, args.seed + 2, args.top)
        print_table("cProfile self time per module", ("module", "self time", "calls"), module_rows)
        print()
        stats.sort_stats("tottime").print_stats(args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
