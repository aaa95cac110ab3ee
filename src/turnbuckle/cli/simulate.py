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

from turnbuckle.agents.spec import parse_agent_spec
from turnbuckle.cli.common import (
    INTERRUPTED_EXIT_CODE,
    MAX_SEED,
    JsonOpt,
    OptionOpt,
    RosterOpt,
    WrestlerOpt,
    build_game,
    bulk_agent,
    echo_json,
    safe,
)
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import Game
from turnbuckle.sim.runner import MAX_MATCHES, SimSpec, SimTotals, available_cores, run_matches
from turnbuckle.sim.stats import WinRate
from turnbuckle.text import plural

console = Console(stderr=True)

MAX_WORKERS = 4 * available_cores()
"""More processes than this only add overhead (4 x the cores this machine lets us use)."""
PROGRESS_LINE_SECONDS = 5.0
"""Without a terminal (a log, a pipe, CI), a plain progress line on stderr this often."""

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
    agents: list[str] | None = typer.Option(
        None, "--agent", "-a",
        help="Agent per side (repeat); seats rotate. Sides left out get the game's bulk agent (expert in "
             "powerhouses and filsinger, heuristic elsewhere), never a slow search agent.",
    ),
    workers_text: str | None = typer.Option(
        None, "--workers", metavar="INTEGER",
        help=f"Worker processes, 1 to {MAX_WORKERS} (default: every core, {available_cores()} here; "
        "1 plays in this process). Results do not depend on it.",
    ),
    wrestler: list[str] | None = WrestlerOpt,
    roster: str | None = RosterOpt,
    option: list[str] | None = OptionOpt,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar or progress lines."),
    backend: str = typer.Option("local", "--backend", help="local (processes on this machine) or ray."),
    address: str | None = typer.Option(
        None, "--address", help="With --backend ray: a running cluster (auto, or ray://HOST:10001)."
    ),
    as_json: bool = JsonOpt,
) -> None:
    """Simulate many matches: win rates (Wilson 95% intervals), how matches ended, mean length.

    Without -a every side gets the game's bulk agent (the one `analyze` uses), and every summary
    names the agent in each seat. A progress bar (matches done, matches/s, time left) shows on
    stderr when it is a terminal, unless --quiet or --json; otherwise (a log, a pipe) a progress
    line every few seconds, unless --quiet. Ctrl-C stops early: the summary of the matches
    finished so far is printed (marked interrupted; "interrupted": true in --json) and the exit
    code is 130; a second Ctrl-C aborts at once, without a summary. A tag or handicap team's win
    counts as a win for every agent on the team.
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
    names += [bulk_agent(game)] * (n - len(names))
    names = [str(parse_agent_spec(name, game)) for name in names]  # a bad name fails before any worker starts
    rotate = len(set(names)) > 1
    spec = SimSpec(game.name, dict(game.params), tuple(names), seed, rotate_seats=rotate)

    stop = threading.Event()
    if quiet:
        progress = _no_progress()
    elif console.is_terminal:
        progress = _no_progress() if as_json else _progress(game.name, matches)
    else:
        progress = _progress_lines(ProgressLines(game.name, matches, _to_stderr))
    with stop_on_signals(stop), progress as on_progress:
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
        _print_tables(game, spec, totals, summary)
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


def seat_lines(game: Game, spec: SimSpec) -> list[str]:
    """Who sits where, for every summary: per seat its agent, or how rotating agents take the seats."""
    if spec.rotate_seats:
        agents = ", ".join(f"agent {k} {name}" for k, name in enumerate(spec.agents))
        return [f"agents: {agents}; seats rotate (in match i agent k sits in seat (k + i) mod {len(spec.agents)})"]
    seats = ", ".join(f"seat {p} {game.player_label(p)}: {name}" for p, name in enumerate(spec.agents))
    return [f"agents: {seats}"]


def _print_tables(game: Game, spec: SimSpec, totals: SimTotals, summary: dict[str, Any]) -> None:
    out = Console()
    table = Table(title=f"{safe(game.title)}: {plural(totals.matches, 'match')}, seed {spec.base_seed}")
    table.add_column("side")
    if not spec.rotate_seats:  # rotating: each row is an agent already
        table.add_column("agent")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    for agent, rate in zip(spec.agents, summary["win_rates"], strict=True):
        low, high = rate["ci95"]
        seat = [] if spec.rotate_seats else [safe(agent)]
        table.add_row(safe(rate["label"]), *seat, f"{rate['wins']:,}", f"{rate['rate']:.1%}", f"{low:.1%} - {high:.1%}")
    out.print(table)
    for line in seat_lines(game, spec):
        out.print(line, markup=False, highlight=False, soft_wrap=True)
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


class ProgressLines:
    """Progress for a log or a pipe: one plain line every ``PROGRESS_LINE_SECONDS`` (a bar's
    redraws would fill a log with escape codes, and silence looks like a hang)."""

    def __init__(self, name: str, total: int, write: Callable[[str], None],
                 clock: Callable[[], float] = time.monotonic, every: float = PROGRESS_LINE_SECONDS) -> None:
        self.name = name
        self.total = total
        self.write = write
        self.clock = clock
        self.every = every
        self.start = clock()
        self.last = self.start

    def __call__(self, totals: SimTotals) -> None:
        now = self.clock()
        if now - self.last < self.every or totals.matches >= self.total:
            return
        self.last = now
        self.write(self.line(totals.matches, now - self.start))

    def line(self, done: int, elapsed: float) -> str:
        rate = done / elapsed if elapsed > 0 else 0.0
        left = f", about {_duration((self.total - done) / rate)} left" if rate > 0 else ""
        return (f"sim {self.name}: {done:,} of {plural(self.total, 'match')} ({done / self.total:.0%}), "
                f"{rate:,.1f} matches/s, {_duration(elapsed)} elapsed{left}")


def _duration(seconds: float) -> str:
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    return f"{minutes} min {secs:02d} s" if minutes else f"{secs} s"


def _to_stderr(line: str) -> None:
    console.print(line, markup=False, highlight=False, soft_wrap=True)


@contextmanager
def _no_progress() -> Iterator[Callable[[SimTotals], None] | None]:
    yield None


@contextmanager
def _progress_lines(lines: ProgressLines) -> Iterator[Callable[[SimTotals], None] | None]:
    yield lines


@contextmanager
def _progress(description: str, total: int) -> Iterator[Callable[[SimTotals], None] | None]:
    """A Rich progress bar on stderr, refreshed from the caller's thread only (no refresh thread:
    nothing runs beside the worker processes being forked)."""
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
