"""``sim``: many matches on all cores, win rates with 95% intervals."""

from __future__ import annotations

import statistics

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from turnbuckle.agents.registry import make_agent, strongest_agent
from turnbuckle.cli.common import JsonOpt, OptionOpt, RosterOpt, WrestlerOpt, build_game, echo_json
from turnbuckle.sim.runner import SimSpec, run_matches
from turnbuckle.sim.stats import WinRate

console = Console(stderr=True)


def sim(
    game_name: str = typer.Argument(..., metavar="GAME"),
    matches: int = typer.Option(1000, "--matches", "-n", min=1, help="How many matches."),
    seed: int = typer.Option(0, "--seed", help="Base seed: match i uses seed+i."),
    agents: list[str] | None = typer.Option(None, "--agent", "-a", help="Agent per side (repeat); seats rotate."),
    workers: int = typer.Option(0, "--workers", help="Processes (0 = every core)."),
    wrestler: list[str] | None = WrestlerOpt,
    roster: str | None = RosterOpt,
    option: list[str] | None = OptionOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Simulate many matches and report win rates (Wilson 95% intervals) and match length."""
    game = build_game(game_name, wrestler, roster, option)
    n = game.num_players()
    names = list(agents or [])
    if len(names) > n:
        raise typer.BadParameter(f"{game.name} has {n} sides; got {len(names)} --agent options")
    names += [strongest_agent(game)] * (n - len(names))
    for p, name in enumerate(names):
        make_agent(name, game, p)  # fail fast on a bad name, before any worker starts
    rotate = len(set(names)) > 1
    spec = SimSpec(game.name, dict(game.params), tuple(names), seed, rotate_seats=rotate)
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=console, disable=as_json, transient=True,
    ) as progress:
        task = progress.add_task(f"{game.name}", total=matches)
        results = run_matches(spec, matches, workers or None, progress=lambda k: progress.advance(task, k))
    steps = [r.steps for r in results]
    draws = sum(1 for r in results if not r.winner_agents)
    if rotate:
        labels = [f"{name} (agent {k})" for k, name in enumerate(names)]
        wins = [sum(1 for r in results if k in r.winner_agents) for k in range(n)]
    else:
        labels = [f"{game.player_label(p)} (seat {p})" for p in range(n)]
        wins = [sum(1 for r in results if p in r.winner_agents) for p in range(n)]
    rates = [WinRate(label, w, matches) for label, w in zip(labels, wins, strict=True)]
    summary = {
        "game": game.name,
        "params": game.params,
        "matches": matches,
        "seed": seed,
        "agents": names,
        "seats_rotated": rotate,
        "draws": draws,
        "win_rates": [
            {"label": r.label, "wins": r.wins, "rate": r.rate, "ci95": list(r.interval)} for r in rates
        ],
        "mean_actions": statistics.fmean(steps),
    }
    if as_json:
        echo_json(summary)
        return
    table = Table(title=f"{game.title}: {matches} matches, seed {seed}")
    table.add_column("side")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    for r in rates:
        low, high = r.interval
        table.add_row(r.label, str(int(r.wins)), f"{r.rate:.1%}", f"{low:.1%} - {high:.1%}")
    out = Console()
    out.print(table)
    out.print(f"draws: {draws}   mean match length: {summary['mean_actions']:.1f} actions")
