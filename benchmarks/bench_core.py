"""Core throughput and search latency, printed as a table (a benchmark, not a timed test).

Measures, in one run:

- random-playout matches/s and transitions/s through the public contract, for every registered
  game that loads, and for OpenSpiel's C++ ``pig`` driven by the *same* Python loop when
  ``pyspiel`` is importable (so the comparison is our rules vs. C++ rules behind the same
  per-call overhead);
- MCTS (``MCTSAgent(simulations=200)``) milliseconds per decision from real mid-match states;
- with ``--adapter`` (or ``--extra``), every game through the OpenSpiel adapter too (the same loop on
  the ``pyspiel.State``), and the adapter's cost as a ratio: native transitions/s over adapter
  transitions/s, per game.

Targets (issues): powerhouses transitions/s >= pig's in the same run; MCTS <= 30 ms per decision
at 200 simulations (powerhouses); the OpenSpiel adapter at most 2x slower than the native contract
for every game (issue 13).

    python benchmarks/bench_core.py                 # ~30 s, Rich tables
    python benchmarks/bench_core.py --seconds 2 --json
    python benchmarks/bench_core.py --adapter --clock cpu --no-pig --mcts-games none   # adapter only
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

import turnbuckle
from turnbuckle.agents.mcts import MCTSAgent

PLAYOUT_TARGET_GAME = "powerhouses"
PLAYOUT_REFERENCE = "pig"
MCTS_TARGET_MS = 30.0
ADAPTER_ENGINE = "turnbuckle via pyspiel adapter"
ADAPTER_TARGET_RATIO = 2.0
"""Issue 13: random playouts through the OpenSpiel adapter at most this many times slower than native."""
RUNAWAY_SECONDS = 30.0
"""Watchdog margin: a match (or MCTS run) this far past its time slice is reported, not waited on."""


def playout(state: Any, rng: random.Random) -> int:
    """Play ``state`` to the end uniformly at random; returns the number of transitions.

    Written once for both engines: a turnbuckle state and a pyspiel state share these method
    names. Chance outcomes are (Action, p) for us and (int, p) for pyspiel; legal actions are
    Actions or ints; the loop only passes them back to ``apply_action``.
    """
    transitions = 0
    rand = rng.random
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            point = rand()
            total = 0.0
            action = outcomes[-1][0]
            for outcome, probability in outcomes:
                total += probability
                if point < total:
                    action = outcome
                    break
        else:
            legal = state.legal_actions()
            action = legal[int(rand() * len(legal))]
        state.apply_action(action)
        transitions += 1
    return transitions


@dataclass
class PlayoutResult:
    game: str
    engine: str
    matches: int = 0
    transitions: int = 0
    seconds: float = 0.0
    error: str | None = None

    @property
    def matches_per_s(self) -> float:
        return self.matches / self.seconds if self.seconds else 0.0

    @property
    def transitions_per_s(self) -> float:
        return self.transitions / self.seconds if self.seconds else 0.0

    @property
    def transitions_per_match(self) -> float:
        return self.transitions / self.matches if self.matches else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "matches_per_s": self.matches_per_s,
            "transitions_per_s": self.transitions_per_s,
            "transitions_per_match": self.transitions_per_match,
        }


@dataclass
class MCTSResult:
    game: str
    simulations: int
    decisions: int
    times_ms: list[float] = field(default_factory=list)
    error: str | None = None

    @property
    def mean_ms(self) -> float:
        return statistics.fmean(self.times_ms) if self.times_ms else 0.0

    @property
    def p95_ms(self) -> float:
        if not self.times_ms:
            return 0.0
        ordered = sorted(self.times_ms)
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "simulations": self.simulations,
            "decisions": len(self.times_ms),
            "mean_ms": self.mean_ms,
            "p95_ms": self.p95_ms,
            "median_ms": statistics.median(self.times_ms) if self.times_ms else 0.0,
            "error": self.error,
        }


def _quiet(new_state: Callable[[], Any]) -> Callable[[], Any]:
    """Initial states with event recording off (what search copies do), for the --extra row."""

    def make() -> Any:
        state = new_state()
        state.record_events = False
        return state

    return make


def contestants(
    include_pig: bool, extra: bool = False, adapter: bool = False
) -> tuple[dict[tuple[str, str], Callable[[], Any]], dict[str, str]]:
    """Initial-state factories by (game, engine), and why any registered game did not load."""
    factories: dict[tuple[str, str], Callable[[], Any]] = {}
    errors: dict[str, str] = {}
    for name in turnbuckle.list_games():
        try:
            game = turnbuckle.load_game(name)
            with watchdog(RUNAWAY_SECONDS):
                playout(game.new_initial_state(), random.Random(0))  # must also play, not just load
        except Exception as exc:  # a ruleset still being written is reported, not fatal
            errors[name] = f"{type(exc).__name__}: {exc}"
            continue
        factories[(name, "turnbuckle")] = game.new_initial_state
        if extra:
            factories[(name, "turnbuckle, record_events=False")] = _quiet(game.new_initial_state)
    if extra or adapter:
        loaded = [name for name, engine in factories if engine == "turnbuckle"]
        for name in loaded:
            try:
                from turnbuckle.interop import openspiel as tb_spiel

                factories[(name, ADAPTER_ENGINE)] = tb_spiel.load(name).new_initial_state
            except Exception as exc:  # pyspiel missing, or the game does not adapt yet
                errors[f"{name} via pyspiel adapter"] = f"{type(exc).__name__}: {exc}"
    if include_pig:
        try:
            import pyspiel
        except ImportError:
            errors["pig"] = "pyspiel not installed (pip install 'turnbuckle[openspiel]')"
        else:
            factories[("pig", "OpenSpiel C++")] = pyspiel.load_game("pig").new_initial_state
            factories[("pig(players=2)", "OpenSpiel C++")] = pyspiel.load_game("pig", {"players": 2}).new_initial_state
    return factories, errors


class Runaway(Exception):
    """A match or decision overran the watchdog (a ruleset that never ends, or hangs)."""


@contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Raise ``Runaway`` in this thread after ``seconds`` (SIGALRM; no per-step cost)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def fire(signum: int, frame: Any) -> None:
        raise Runaway(f"no result within {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""``cpu`` counts only this process's CPU time: steadier on a shared, busy machine."""


def measure_playouts(
    factories: dict[tuple[str, str], Callable[[], Any]],
    seconds: float,
    rounds: int,
    seed: int,
    clock: Callable[[], float] = time.perf_counter,
) -> list[PlayoutResult]:
    """Round-robin: each contestant gets ``seconds / rounds`` per round, so drift hits all alike."""
    results = {key: PlayoutResult(*key) for key in factories}
    rngs = {key: random.Random(f"{seed}:{key}") for key in factories}
    budget = seconds / rounds
    for _ in range(rounds):
        for key, new_state in factories.items():
            result, rng = results[key], rngs[key]
            if result.error:
                continue
            matches = transitions = 0
            start = clock()
            deadline = start + budget
            try:
                with watchdog(budget + RUNAWAY_SECONDS):
                    while True:
                        transitions += playout(new_state(), rng)
                        matches += 1
                        now = clock()
                        if now >= deadline:
                            break
            except Runaway as exc:
                result.error = f"a match did not end: {exc}"
                continue
            result.matches += matches
            result.transitions += transitions
            result.seconds += now - start
    return list(results.values())


def mid_match_states(name: str, count: int, seed: int) -> list[Any]:
    """``count`` real decision states with a choice to make, from random matches, all phases."""
    game = turnbuckle.load_game(name)
    rng = random.Random(seed)
    states: list[Any] = []
    for _ in range(count * 20):  # bounded: a game with few real choices yields fewer states
        if len(states) >= count:
            break
        state = game.new_initial_state()
        seen: list[Any] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                seen.append(state.clone())
            state.apply_action(legal[int(rng.random() * len(legal))])
        rng.shuffle(seen)
        states.extend(seen[:3])  # a few per match: many matches, every phase of them
    return states[:count]


def measure_mcts(
    name: str,
    simulations: int,
    decisions: int,
    max_seconds: float,
    seed: int,
    clock: Callable[[], float] = time.perf_counter,
) -> MCTSResult:
    result = MCTSResult(name, simulations, decisions)
    rng = random.Random(seed)
    try:
        with watchdog(max_seconds + RUNAWAY_SECONDS):
            states = mid_match_states(name, decisions, seed)
            if not states:
                result.error = "no decision with more than one legal action in random matches"
            started = time.perf_counter()
            for state in states:
                agent = MCTSAgent(state.game, player=state.current_player(), simulations=simulations)
                position = state.clone()
                begin = clock()
                agent.choose(position, rng)
                result.times_ms.append((clock() - begin) * 1000.0)
                if time.perf_counter() - started > max_seconds:
                    break
    except Runaway as exc:
        result.error = f"stopped: {exc}"
    except Exception as exc:  # a ruleset still being written is reported, not fatal
        result.error = f"{type(exc).__name__}: {exc}"
    return result


def run(args: argparse.Namespace) -> dict[str, Any]:
    factories, errors = contestants(include_pig=not args.no_pig, extra=args.extra, adapter=args.adapter)
    playouts = measure_playouts(factories, args.seconds, args.rounds, args.seed, CLOCKS[args.clock])
    mcts = []
    for name in turnbuckle.list_games():
        if (name, "turnbuckle") not in factories:
            continue
        if args.mcts_games != "all" and name not in args.mcts_games.split(","):
            continue
        mcts.append(
            measure_mcts(name, args.simulations, args.decisions, args.mcts_max_seconds, args.seed, CLOCKS[args.clock])
        )
    ours_row = next((r for r in playouts if (r.game, r.engine) == (PLAYOUT_TARGET_GAME, "turnbuckle")), None)
    pig_row = next((r for r in playouts if r.game == PLAYOUT_REFERENCE and not r.error), None)
    targets: dict[str, Any] = {}
    if ours_row is not None and pig_row is not None:
        ours = ours_row.transitions_per_s
        ref = pig_row.transitions_per_s
        targets["playout"] = {
            "what": f"{PLAYOUT_TARGET_GAME} transitions/s >= {PLAYOUT_REFERENCE} transitions/s",
            "ours": ours,
            "reference": ref,
            "ratio": ours / ref if ref else None,
            "met": ours >= ref,
        }
    adapter = adapter_ratios(playouts)
    if adapter:
        worst = max(adapter, key=lambda row: row["ratio"])
        targets["adapter"] = {
            "what": f"OpenSpiel adapter at most {ADAPTER_TARGET_RATIO:g}x slower than native, every game",
            "worst_game": worst["game"],
            "worst_ratio": worst["ratio"],
            "met": all(row["ratio"] <= ADAPTER_TARGET_RATIO for row in adapter),
        }
    for m in mcts:
        if m.game == PLAYOUT_TARGET_GAME:
            targets["mcts"] = {
                "what": f"{m.game} MCTS mean ms/decision at {m.simulations} simulations <= {MCTS_TARGET_MS}",
                "mean_ms": m.mean_ms,
                "p95_ms": m.p95_ms,
                "met": m.mean_ms <= MCTS_TARGET_MS,
            }
    try:
        from importlib.metadata import version

        import pyspiel  # noqa: F401

        spiel_version: str | None = version("open_spiel")
    except Exception:
        spiel_version = None
    return {
        "environment": {
            "python": sys.version.split()[0],
            "implementation": platform.python_implementation(),
            "machine": platform.machine(),
            "processor": platform.processor() or None,
            "turnbuckle": turnbuckle.__version__,
            "open_spiel": spiel_version,
            "seconds_per_contestant": args.seconds,
            "clock": args.clock,
            "rounds": args.rounds,
            "seed": args.seed,
        },
        "playouts": [r.to_dict() for r in playouts],
        "adapter": adapter,
        "mcts": [m.to_dict() for m in mcts],
        "targets": targets,
        "not_loaded": errors,
    }


def adapter_ratios(playouts: list[PlayoutResult]) -> list[dict[str, Any]]:
    """Per game: native and adapter transitions/s and their ratio (the adapter's cost; 1.0 = free)."""
    native = {r.game: r for r in playouts if r.engine == "turnbuckle" and not r.error and r.transitions}
    rows = []
    for r in playouts:
        base = native.get(r.game)
        if r.engine != ADAPTER_ENGINE or r.error or not r.transitions or base is None:
            continue
        rows.append({
            "game": r.game,
            "native_transitions_per_s": base.transitions_per_s,
            "adapter_transitions_per_s": r.transitions_per_s,
            "ratio": base.transitions_per_s / r.transitions_per_s,
        })
    return rows


def print_tables(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=max(Console().width, 120))
    env = report["environment"]
    playouts = report["playouts"]
    ref = next((r["transitions_per_s"] for r in playouts if r["game"] == PLAYOUT_REFERENCE), 0.0)
    table = Table(
        title=f"Random playouts, one Python loop ({env['seconds_per_contestant']:g} s {env['clock']} time each, "
        f"{env['rounds']} rounds, Python {env['python']})"
    )
    for column in ("game", "engine", "matches", "matches/s", "transitions/s", "transitions/match"):
        table.add_column(column, justify="left" if column in ("game", "engine") else "right")
    if ref:
        table.add_column("vs pig", justify="right")
    for r in playouts:
        row = [
            r["game"],
            r["engine"],
            f"{r['matches']:,}",
            f"{r['matches_per_s']:,.0f}",
            f"{r['transitions_per_s']:,.0f}",
            f"{r['transitions_per_match']:,.1f}",
        ]
        if ref:
            row.append(f"{r['transitions_per_s'] / ref:.2f}x")
        table.add_row(*row)
    console.print(table)

    if report.get("adapter"):
        table = Table(title=f"OpenSpiel adapter vs native contract, same playouts ({env['clock']} time)")
        for column in ("game", "native transitions/s", "adapter transitions/s", "adapter cost"):
            table.add_column(column, justify="left" if column == "game" else "right")
        for row in report["adapter"]:
            table.add_row(
                row["game"],
                f"{row['native_transitions_per_s']:,.0f}",
                f"{row['adapter_transitions_per_s']:,.0f}",
                f"{row['ratio']:.2f}x",
            )
        console.print(table)

    if report["mcts"]:
        table = Table(title=f"MCTS (UCT, random rollouts) from mid-match decision states, {env['clock']} time")
        for column in ("game", "simulations", "decisions", "mean ms", "median ms", "p95 ms"):
            table.add_column(column, justify="left" if column == "game" else "right")
        for m in report["mcts"]:
            table.add_row(
                m["game"],
                str(m["simulations"]),
                str(m["decisions"]),
                f"{m['mean_ms']:.1f}",
                f"{m['median_ms']:.1f}",
                f"{m['p95_ms']:.1f}",
            )
        console.print(table)

    for key, target in report["targets"].items():
        mark = "[green]met[/green]" if target["met"] else "[red]NOT met[/red]"
        if key == "playout":
            detail = f"{target['ours']:,.0f} vs {target['reference']:,.0f} ({target['ratio']:.2f}x)"
        elif key == "adapter":
            detail = f"worst {target['worst_game']} {target['worst_ratio']:.2f}x"
        else:
            detail = f"mean {target['mean_ms']:.1f} ms, p95 {target['p95_ms']:.1f} ms"
        console.print(f"target {target['what']}: {mark} — {detail}")
    for row in report["playouts"]:
        if row["error"]:
            console.print(f"[red]{row['game']} ({row['engine']})[/red]: {row['error']}")
    for row in report["mcts"]:
        if row["error"]:
            console.print(f"[red]{row['game']} MCTS[/red]: {row['error']} (after {row['decisions']} decisions)")
    for name, error in report["not_loaded"].items():
        console.print(f"[yellow]skipped {name}[/yellow]: {error}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="wall time per playout contestant")
    parser.add_argument("--rounds", type=int, default=5, help="round-robin rounds the time is split into")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall", help="time by wall or CPU time")
    parser.add_argument("--simulations", type=int, default=200, help="MCTS simulations per decision")
    parser.add_argument("--decisions", type=int, default=100, help="MCTS decisions timed per game")
    parser.add_argument("--mcts-max-seconds", type=float, default=20.0, help="MCTS time cap per game")
    parser.add_argument("--mcts-games", default="all", help="comma-separated games for MCTS, or 'all'")
    parser.add_argument("--no-pig", action="store_true", help="skip OpenSpiel's pig even if installed")
    parser.add_argument(
        "--extra", action="store_true", help="also rows with record_events=False and via the pyspiel adapter"
    )
    parser.add_argument(
        "--adapter", action="store_true", help="also every game through the OpenSpiel adapter, with the cost ratio"
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    args = parser.parse_args(argv)
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_tables(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
