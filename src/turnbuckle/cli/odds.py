"""``odds GAME``: exact probabilities computed from the rules, optionally checked by simulation."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from turnbuckle.cli.common import JsonOpt, RosterOpt, echo_json
from turnbuckle.games.powerhouses.stopping import STOPPING_RULES, parse_stopping_rule

app = typer.Typer(help="Exact odds, computed from the rules (not sampled).", no_args_is_help=True)
console = Console()
RULE_HELP = "Stopping rule. " + "; ".join(f"{name} = {meaning}" for name, meaning in STOPPING_RULES.items()) + "."


@app.command("powerhouses")
def powerhouses_odds(
    wrestler: str | None = typer.Option(None, "--wrestler", "-w", help="Whose sheet rolls (default: first in roster)."),
    roster: str | None = RosterOpt,
    dice: int = typer.Option(5, "--dice", "-d", min=2, max=12, help="Dice rolled (N)."),
    rule: str = typer.Option("bust", "--rule", "-r", help=RULE_HELP),
    simulate: int = typer.Option(0, "--simulate", "-s", min=0, help="Also play N roll processes to compare."),
    seed: int = typer.Option(0, "--seed"),
    as_json: bool = JsonOpt,
) -> None:
    """Exact distribution of an attack's final total for N dice under a stopping rule."""
    from turnbuckle.games.powerhouses.odds import simulate_total_distribution, total_distribution
    from turnbuckle.games.powerhouses.rules import PowerhousesGame

    base = PowerhousesGame(roster=roster)
    names = [s.name for s in base.roster_file.wrestler]
    first = wrestler or names[0]
    second = next(n for n in names if n.casefold() != first.casefold())
    game = PowerhousesGame(wrestlers=[first, second], roster=roster, dice=max(dice, 2))
    stop = parse_stopping_rule(rule)
    exact = total_distribution(game.face_maps[0], dice, stop)
    sampled: dict[int, float] = {}
    if simulate:
        sampled = simulate_total_distribution(game, 0, dice, stop, simulate, seed)
    mean = sum(t * p for t, p in exact.items())
    if as_json:
        echo_json({"game": "powerhouses", "wrestler": game.sheets[0].name, "dice": dice, "rule": rule,
                   "mean": mean, "exact": {str(k): v for k, v in exact.items()},
                   "simulated": {str(k): v for k, v in sampled.items()} if simulate else None,
                   "simulations": simulate})
        return
    table = Table(title=f"{game.sheets[0].name}: final total with {dice} dice, rule {rule!r}")
    table.add_column("total", justify="right")
    table.add_column("exact", justify="right")
    table.add_column("at least", justify="right")
    if simulate:
        table.add_column(f"simulated ({simulate})", justify="right")
    tail = 1.0
    for total, p in exact.items():
        if p < 5e-7 and total > 0:
            tail -= p
            continue
        row = [str(total), f"{p:.4%}", f"{tail:.4%}"]
        if simulate:
            row.append(f"{sampled.get(total, 0.0):.4%}")
        table.add_row(*row)
        tail -= p
    console.print(table)
    console.print(f"mean total {mean:.4f}")
