"""``sim``: many matches on all cores, win rates with 95% intervals, how the matches ended."""

from __future__ import annotations

import re
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from turnbuckle.agents.registry import strongest_agent
from turnbuckle.agents.spec import parse_agent_spec
from turnbuckle.cli.common import JsonOpt, OptionOpt, RosterOpt, WrestlerOpt, build_game, echo_json, safe
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import Game
from turnbuckle.sim.runner import MAX_MATCHES, SimSpec, SimTotals, available_cores, run_matches
from turnbuckle.sim.stats import WinRate
from turnbuckle.text import plural

console = Console(stderr=True)

MAX_SEED = 2**63 - 1
MAX_WORKERS = 4 * available_cores()
"""More processes than this only add overhead (4 x the cores this machine lets us use)."""
INTERRUPTED_EXIT_CODE = 130
"""Exit code after Ctrl-C (128 + SIGINT, the shell convention); the summary is printed first."""

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,40}")


def parse_count(text: str, option: str, low: int, high: int) -> int:
    """A whole number in ASCII digits within ``low`` .. ``high``, else a one-line ParamError."""
    shown = repr(text) if len(text) <= 40 else repr(text[:37] + "...")
    stripped = text.strip()
    if not _WHOLE_NUMBER.fullmatch(stripped):
        raise ParamError(f"{option} {shown}: expected a whole number from {low:,} to {high:,}")
    value = int(stripped)
    if not low <= value <= high:
        raise ParamError(f"{option} {shown}: out of range (from {low:,} to {high:,})")
    return value


class RateColumn(ProgressColumn):
    """Matches per second, as Rich measures it over the last seconds."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if speed is None:
            return Text("- matches/s", style="progress.data.speed")
        return Text(f"{speed:,.1f} matches/s", style="progress.data.speed")


def sim(
    game_name: str = typer.Argument(..., metavar="GAME"),
    matches_text: str = typer.Option(
        "1000", "--matches", "-n", metavar="INTEGER", help=f"How many matches (1 to {MAX_MATCHES:,})."
    ),
    seed_text: str = typer.Option("0", "--seed", metavar="INTEGER", help="Base seed: match i uses seed+i."),
    agents: list[str] | None = typer.Option(None, "--agent", "-a", help="Agent per side (repeat); seats rotate."),
    workers_text: str | None = typer.Option(
        None, "--workers", metavar="INTEGER",
        help=f"Worker processes, 1 to {MAX_WORKERS} (default: every core, {available_cores()} here; "
        "1 plays in this process). Results do not depend on it.",
    ),
    wrestler: list[str] | None = WrestlerOpt,
    roster: str | None = RosterOpt,
    option: list[str] | None = OptionOpt,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    backend: str = typer.Option("local", "--backend", help="local (processes on this machine) or ray."),
    address: str | None = typer.Option(
        None, "--address", help="With --backend ray: a running cluster (auto, or ray://HOST:10001)."
    ),
    as_json: bool = JsonOpt,
) -> None:
    """Simulate many matches: win rates (Wilson 95% intervals), how matches ended, mean length.

    A progress bar (matches done, matches/s, time left) shows on stderr when it is a terminal,
    unless --quiet or --json. Ctrl-C stops early: the summary of the matches finished so far is
    printed (marked interrupted; "interrupted": true in --json) and the exit code is 130; a
    second Ctrl-C aborts at once, without a summary. A tag
    or handicap team's win counts as a win for every agent on the team.
    """
    if backend not in ("local", "ray"):
        raise ParamError(f"--backend {backend!r}: choose local or ray")
    if address is not None and backend != "ray":
        raise ParamError("--address goes with --backend ray")
    if backend == "ray":
        from turnbuckle.sim.ray_backend import ray_module

        ray_module()  # says how to install Ray before any work starts
    matches = parse_count(matches_text, "--matches", 1, MAX_MATCHES)
    seed = parse_count(seed_text, "--seed", 0, MAX_SEED)
    workers = available_cores() if workers_text is None else parse_count(workers_text, "--workers", 1, MAX_WORKERS)
    game = build_game(game_name, wrestler, roster, option)
    n = game.num_players()
    names = list(agents or [])
    if len(names) > n:
        raise ParamError(f"{game.name} has {n} sides; got {len(names)} --agent options")
    names += [strongest_agent(game)] * (n - len(names))
    names = [str(parse_agent_spec(name, game)) for name in names]  # a bad name fails before any worker starts
    rotate = len(set(names)) > 1
    spec = SimSpec(game.name, dict(game.params), tuple(names), seed, rotate_seats=rotate)

    stop = threading.Event()
    show_progress = not (quiet or as_json) and console.is_terminal
    with stop_on_signals(stop), _progress(show_progress, game.name, matches) as on_progress:
        if backend == "ray":
            from turnbuckle.sim.ray_backend import run_matches_ray

            totals = run_matches_ray(spec, matches, address=address,
                                     num_cpus=None if workers_text is None else workers,
                                     on_progress=on_progress, stop_event=stop)
        else:
            totals = run_matches(spec, matches, workers, on_progress=on_progress, stop_event=stop)

    summary = sim_summary(game, spec, totals)
    if as_json:
        echo_json(summary)
    else:
        _print_tables(game, seed, totals, summary)
    if totals.interrupted:
        raise typer.Exit(INTERRUPTED_EXIT_CODE)


def sim_summary(game: Game, spec: SimSpec, totals: SimTotals) -> dict[str, Any]:
    """The ``sim --json`` object (``turnbuckle/schemas/sim.schema.json``)."""
    return {
        "type": "sim",
        "version": 1,
        "game": game.name,
        "params": game.params,
        "seed": spec.base_seed,
        "agents": list(spec.agents),
        "seats_rotated": spec.rotate_seats,
        "matches_requested": totals.requested,
        "matches": totals.matches,
        "interrupted": totals.interrupted,
        "draws": totals.draws,
        "win_rates": [
            {"label": r.label, "wins": int(r.wins), "rate": r.rate, "ci95": list(r.interval)}
            for r in _win_rates(game, spec, totals)
        ],
        "methods": totals.methods_in_order(),
        "mean_actions": totals.mean_steps,
    }


def _win_rates(game: Game, spec: SimSpec, totals: SimTotals) -> list[WinRate]:
    """Per agent when seats rotate, else per seat (agent ``k`` then always sits in seat ``k``)."""
    if spec.rotate_seats:
        labels = [f"{name} (agent {k})" for k, name in enumerate(spec.agents)]
    else:
        labels = [f"{game.player_label(p)} (seat {p})" for p in range(len(spec.agents))]
    return [WinRate(label, w, totals.matches) for label, w in zip(labels, totals.wins, strict=True)]


def _print_tables(game: Game, seed: int, totals: SimTotals, summary: dict[str, Any]) -> None:
    out = Console()
    table = Table(title=f"{safe(game.title)}: {plural(totals.matches, 'match')}, seed {seed}")
    table.add_column("side")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    for rate in summary["win_rates"]:
        low, high = rate["ci95"]
        table.add_row(safe(rate["label"]), f"{rate['wins']:,}", f"{rate['rate']:.1%}", f"{low:.1%} - {high:.1%}")
    out.print(table)
    methods = Table(title="How the matches ended")
    methods.add_column("method")
    methods.add_column("matches", justify="right")
    methods.add_column("share", justify="right")
    for method, count in summary["methods"].items():
        share = count / totals.matches if totals.matches else 0.0
        methods.add_row(method.replace("_", " "), f"{count:,}", f"{share:.1%}")
    if summary["methods"]:
        out.print(methods)
    mean = totals.mean_steps
    length = "-" if mean is None else f"{mean:,.1f} actions"
    out.print(f"draws: {totals.draws:,}   mean match length: {length}", markup=False, highlight=False)
    if totals.interrupted:
        out.print(
            f"interrupted after {totals.matches:,} of {plural(totals.requested, 'match')}",
            markup=False, highlight=False,
        )


@contextmanager
def _progress(show: bool, description: str, total: int) -> Iterator[Callable[[SimTotals], None] | None]:
    """A Rich progress bar on stderr, refreshed from the caller's thread only (no refresh thread:
    nothing runs beside the worker processes being forked)."""
    if not show:
        yield None
        return
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), RateColumn(),
        TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
        console=console, auto_refresh=False, transient=True,
    )
    task = progress.add_task(description, total=total)
    last = 0.0

    def update(totals: SimTotals) -> None:
        nonlocal last
        progress.update(task, completed=totals.matches)
        now = time.monotonic()
        if now - last >= 0.1 or totals.matches >= total:
            progress.refresh()
            last = now

    with progress:
        progress.refresh()
        yield update


@contextmanager
def stop_on_signals(stop: threading.Event) -> Iterator[None]:
    """The first Ctrl-C (or SIGTERM) asks the run to stop and report; a second Ctrl-C aborts."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if stop.is_set() and signum == signal.SIGINT:
            raise KeyboardInterrupt
        stop.set()

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)
