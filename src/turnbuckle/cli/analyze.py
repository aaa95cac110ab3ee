"""``analyze GAME`` and ``analyze agents GAME``: balance reports (HTML with plots, CSV, JSON)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from turnbuckle.agents.spec import parse_agent_spec
from turnbuckle.cli.common import (
    INTERRUPTED_EXIT_CODE,
    MAX_SEED,
    JsonOpt,
    OptionOpt,
    RosterOpt,
    build_game,
    bulk_agent,
    echo_json,
)
from turnbuckle.cli.simulate import MAX_WORKERS, parse_count, stop_on_signals
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import Game
from turnbuckle.sim.runner import available_cores

if TYPE_CHECKING:
    from turnbuckle.analysis.balance import BalanceReport

err = Console(stderr=True)
out = Console(soft_wrap=True)


def analyze(
    target: str = typer.Argument(..., metavar="GAME", help="A game id, or 'agents' then a game id."),
    game_name: str | None = typer.Argument(None, metavar="[GAME]", help="With 'agents': the game."),
    matches_text: str = typer.Option("200", "--matches", "-n", metavar="INTEGER", help="Matches per pairing."),
    agents: list[str] | None = typer.Option(
        None, "--agent", "-a",
        help="Who plays (wrestlers: one agent, by default the strongest cheap one: expert for powerhouses and "
             "filsinger, heuristic elsewhere; agents: two or more, repeat).",
    ),
    wrestler: list[str] | None = typer.Option(
        None, "--wrestler", "-w",
        help="An entrant to compare, by name (a wrestler; a team or team file in RUMBLESLAM). Repeat; default: all.",
    ),
    roster: str | None = RosterOpt,
    option: list[str] | None = OptionOpt,
    seed_text: str = typer.Option("0", "--seed", metavar="INTEGER", help="Base seed of every pairing."),
    workers_text: str | None = typer.Option(
        None, "--workers", metavar="INTEGER", help="Processes (default: every core)."
    ),
    out_dir: Path = typer.Option(
        Path("."), "--out", help="Folder for the HTML, CSV and JSON files (made if missing)."
    ),
    sample: bool = typer.Option(False, "--sample", help="Simulate even where an exact solver exists."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    as_json: bool = JsonOpt,
) -> None:
    """A balance report from many matches (win-rate matrix, first-seat edge, lengths, ratings).

    Who beats whom with Wilson 95% intervals, the first seat's edge, match length, how matches end
    and openskill ratings; `analyze agents GAME -a A -a B` ranks agents the same way. Writes
    GAME-KIND.html (plots inline), GAME-KIND.csv and GAME-KIND.json into --out."""
    from turnbuckle.analysis.balance import analyze_agents, analyze_wrestlers  # openskill, matplotlib: slow
    from turnbuckle.analysis.report import write_report

    agents_mode = target == "agents"
    name = game_name if agents_mode else target
    if name is None:
        raise ParamError("analyze agents needs a game: turnbuckle analyze agents GAME -a A -a B")
    if not agents_mode and game_name is not None:
        raise ParamError(f"unexpected argument {game_name!r}; did you mean: turnbuckle analyze agents {target}?")
    matches = parse_count(matches_text, "--matches", 1, 1_000_000)
    seed = parse_count(seed_text, "--seed", 0, MAX_SEED)
    workers = available_cores() if workers_text is None else parse_count(workers_text, "--workers", 1, MAX_WORKERS)
    _make_folder(out_dir)
    game = build_game(name, None, roster, option)
    params = dict(game.params)
    stop = threading.Event()
    show = not (quiet or as_json) and err.is_terminal
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=err, disable=not show, transient=True)
    with stop_on_signals(stop), progress:
        task = progress.add_task(escape(f"{name} balance"), total=None)

        def on_progress(done: int, planned: int) -> None:
            progress.update(task, completed=done, total=planned)

        if agents_mode:
            names = _check_agents(game, agents or [])
            report = analyze_agents(name, params, names, matches, seed, workers, on_progress, stop)
        else:
            agent = _one_agent(game, agents or [])
            report = analyze_wrestlers(name, params, agent, matches, seed, workers, wrestler, on_progress, stop,
                                       exact=not sample)
    files = write_report(report, out_dir)
    if as_json:
        echo_json(report.to_dict())
    else:
        _print_summary(report)
        out.print(f"report: {files.html}  (also {files.csv.name}, {files.json.name})", markup=False, highlight=False)
    if report.interrupted:
        raise typer.Exit(INTERRUPTED_EXIT_CODE)


def _make_folder(folder: Path) -> None:
    """``--out``: made (with its parents) if missing, before any match is played."""
    if folder.exists() and not folder.is_dir():
        raise ParamError(f"--out {str(folder)!r}: exists and is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ParamError(f"--out {str(folder)!r}: cannot create the folder ({exc.strerror or type(exc).__name__})") \
            from None


def _one_agent(game: Game, agents: list[str]) -> str:
    if len(agents) > 1:
        raise ParamError("analyze GAME takes one --agent (who plays every wrestler); "
                         "to compare agents use: turnbuckle analyze agents GAME -a A -a B")
    name = agents[0] if agents else bulk_agent(game)
    return str(parse_agent_spec(name, game))


def _check_agents(game: Game, agents: list[str]) -> list[str]:
    names = list(dict.fromkeys(agents)) or ["random", *(n for n in ("heuristic", "expert") if n in
                                                          game.agent_factories())]
    return list(dict.fromkeys(str(parse_agent_spec(n, game)) for n in names))


def _print_summary(report: BalanceReport) -> None:
    from rich.table import Table

    basis = "exact" if report.exact else f"{report.matches:,} matches"
    table = Table(title=f"{report.game}: {report.kind} ranked ({basis})")
    table.add_column("entrant")
    table.add_column("win rate", justify="right")
    table.add_column("rating (mu +- sigma)", justify="right")
    if report.costs:
        table.add_column(escape(report.cost_label), justify="right")
    ordered = sorted(report.entrants, key=lambda n: -report.ratings.get(n, (0.0, 0.0))[0])
    for name in ordered:
        wins, played = report.overall(name)
        mu, sigma = report.ratings.get(name, (float("nan"), float("nan")))
        row = [escape(name), f"{wins / played:.1%}" if played else "-", f"{mu:.2f} +- {sigma:.2f}"]
        if report.costs:
            row.append(f"{report.costs[name]:,.0f}" if name in report.costs else "-")
        table.add_row(*row)
    out.print(table)
    first = report.first_seat()
    low, high = report.first_seat_interval()
    out.print(f"first seat wins {first.rate:.1%} (95% interval {low:.1%} to {high:.1%})", markup=False)
    if report.interrupted:
        out.print("interrupted: the report covers the matches finished so far", markup=False)
