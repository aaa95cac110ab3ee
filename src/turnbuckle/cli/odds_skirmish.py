"""``odds skirmish``: exact hit and SDV distributions of the ring skirmish dice (5 hits, 6 explodes).

The command only: ``cli/odds.py`` owns the ``odds`` app and registers it there.
"""

from __future__ import annotations

import time

import typer
from rich.console import Console
from rich.table import Table

from turnbuckle.cli.common import JsonOpt, echo_json

console = Console()


def skirmish_odds(
    attacker: int = typer.Argument(3, min=0, max=20, help="Attacker's dice (N)."),
    defender: int = typer.Argument(3, min=0, max=20, help="Defender's dice (M; END for a pin roll-off)."),
    table: bool = typer.Option(False, "--table", help="Also print P(success) for 1..8 vs 1..8 dice."),
    as_json: bool = JsonOpt,
) -> None:
    """Exact odds of N dice against M dice, with and without a boost (+1 attacker die)."""
    from turnbuckle.games.skirmish.odds import contest, odds_table
    from turnbuckle.odds.calculators import SKIRMISH_ANSWERS, skirmish_odds

    if as_json:
        echo_json(skirmish_odds(attacker, defender, table))
        return
    start = time.perf_counter()
    rows = [odds_table(attacker, defender, boost=False), odds_table(attacker, defender, boost=True)]
    grid = [[contest(n, m)[0] for m in range(1, 9)] for n in range(1, 9)] if table else []
    elapsed = time.perf_counter() - start
    out = Table(title=f"{attacker} dice vs {defender} dice (5 = hit, 6 = hit and explodes)")
    out.add_column("")
    out.add_column("no boost", justify="right")
    out.add_column("boosted (+1 die)", justify="right")
    for key, label in SKIRMISH_ANSWERS:
        fmt = "{:.3f}" if key == "mean_sdv_given_success" else "{:.4%}"
        out.add_row(label, fmt.format(rows[0][key]), fmt.format(rows[1][key]))
    plain_sdv = rows[0]["sdv"]
    boosted_sdv = rows[1]["sdv"]
    assert isinstance(plain_sdv, dict) and isinstance(boosted_sdv, dict)
    for s in range(1, 7):
        out.add_row(f"SDV = {s}", f"{plain_sdv.get(s, 0.0):.4%}", f"{boosted_sdv.get(s, 0.0):.4%}")
    console.print(out)
    if grid:
        success = Table(title="P(attack succeeds): attacker dice (rows) vs defender dice (columns)")
        success.add_column("N\\M")
        for m in range(1, 9):
            success.add_column(str(m), justify="right")
        for n, row in enumerate(grid, start=1):
            success.add_row(str(n), *(f"{p:.3f}" for p in row))
        console.print(success)
    console.print(f"computed exactly in {elapsed * 1000:.1f} ms")
