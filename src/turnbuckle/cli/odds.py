"""``odds GAME``: exact probabilities computed from the rules, optionally checked by simulation."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from turnbuckle.cli.common import (
    JsonOpt,
    OptionOpt,
    RosterOpt,
    bounded_int,
    count_option,
    echo_json,
    parse_options,
    roster_source,
    safe,
    seed_option,
)
from turnbuckle.cli.odds_skirmish import skirmish_odds
from turnbuckle.engine.errors import ParamError
from turnbuckle.games.powerhouses.stopping import STOPPING_RULES
from turnbuckle.odds import calculators
from turnbuckle.odds.calculators import OddsParamError

app = typer.Typer(help="Exact odds, computed from the rules (not sampled).", no_args_is_help=True)
console = Console(soft_wrap=True)  # lines are never broken by Rich: terminals wrap, pipes keep whole lines
RULE_HELP = "Stopping rule. " + "; ".join(f"{name} = {meaning}" for name, meaning in STOPPING_RULES.items()) + "."


@contextmanager
def _named_by_option() -> Iterator[None]:
    """Odds input errors worded for the command line: named by their option (``--rule: ...``)."""
    try:
        yield
    except OddsParamError as exc:
        raise ParamError(f"--{exc.param}: {exc.detail}") from None


@app.command("powerhouses")
def powerhouses_odds(
    wrestler: str | None = typer.Option(None, "--wrestler", "-w", help="Whose sheet rolls (default: first in roster)."),
    roster: str | None = RosterOpt,
    dice: int = typer.Option(5, "--dice", "-d", min=2, max=12, help="Dice rolled (N)."),
    rule: str = typer.Option("bust", "--rule", "-r", help=RULE_HELP),
    simulate: int = typer.Option(0, "--simulate", "-s", min=0, help="Also play N roll processes to compare."),
    seed: int = seed_option(0, "Seed of the simulation (with --simulate)."),
    as_json: bool = JsonOpt,
) -> None:
    """Exact distribution of an attack's final total for N dice under a stopping rule."""
    with _named_by_option():
        message = calculators.powerhouses_odds(wrestler, roster, dice, rule, simulate, seed)
    if as_json:
        echo_json(message)
        return
    query = message["query"]
    table = Table(title=f"{safe(query['wrestler'])}: final total with {dice} dice, rule {safe(repr(rule))}")
    table.add_column("total", justify="right")
    table.add_column("exact", justify="right")
    table.add_column("at least", justify="right")
    if simulate:
        table.add_column(f"simulated ({simulate})", justify="right")
    for entry in calculators.distribution_rows(message["distribution"])["rows"]:
        row = [entry["outcome"], f"{entry['probability']:.4%}", f"{entry['at_least']:.4%}"]
        if simulate:
            row.append(f"{entry['simulated']:.4%}")
        table.add_row(*row)
    console.print(table)
    console.print(f"mean total {message['answers'][0]['value']:.4f}")


@app.command("filsinger")
def filsinger_odds(
    pin: int | None = typer.Option(None, "--pin", parser=bounded_int(-99, 99), metavar="INTEGER",
                                   help="A PIN rating: the chance it holds (2d6 at or under)."),
    finisher: int = count_option(0, "--finisher", low=-99, high=99, help="With --pin: the finisher rating added."),
    tokens: int = count_option(0, "--tokens", low=0, high=99, help="With --pin: fatigue / Add 1 tokens added."),
    choice: str | None = typer.Option(None, "--choice", help="A Choice Situation letter A-H (with --move, --against)."),
    move: str | None = typer.Option(None, "--move", help="With --choice: the move chosen."),
    against: str | None = typer.Option(None, "--against", help="With --choice: the defending wrestler."),
    match: list[str] | None = typer.Option(None, "--match", "-m", help="Two wrestlers: exact match odds (repeat)."),
    policy: str = typer.Option("random", "--policy", help="Decisions in --match: random or expert."),
    option: list[str] | None = OptionOpt,
    simulate: int = typer.Option(0, "--simulate", "-s", min=0, help="With --match: also simulate N matches."),
    seed: int = seed_option(0, "Seed of the simulation (with --simulate)."),
    as_json: bool = JsonOpt,
) -> None:
    """Exact Filsinger odds: a PIN rating holding, a choice move working, a whole match."""
    if pin is None and choice is None and not match:
        raise ParamError("say what to compute: --pin RATING, --choice X --move M --against W, or --match A --match B")
    params = _game_params(option) if match else {}
    with _named_by_option():
        message = calculators.filsinger_odds(pin, finisher, tokens, choice, move, against, match, policy, params,
                                             simulate, seed)
    if as_json:
        echo_json(message)
        return
    answers = message["answers"]
    found = message["query"].get("match")
    asked = answers[:-3] if found else answers  # a match's three answers come last
    rows = [(a["label"], f"{a['value']:.4%}") for a in asked]
    if found:
        rows += [
            (f"{found['wrestlers'][0]} wins ({policy} decisions, {found['states']} states)", f"{found['side0']:.4%}"),
            (f"{found['wrestlers'][1]} wins", f"{found['side1']:.4%}"),
            (calculators.DRAW_LABEL, f"{found['draw']:.4%}"),
        ]
        sim = found.get("simulated")
        if sim is not None:
            rows.append((f"simulated over {simulate} matches (win / win / draw)",
                         f"{sim['side0']:.2%} / {sim['side1']:.2%} / {sim['draw']:.2%}"))
    table = Table(title="Filsinger odds (exact)")
    table.add_column("question")
    table.add_column("answer", justify="right")
    for question, answer in rows:
        table.add_row(safe(question), answer)
    console.print(table)


def _game_params(options: list[str] | None) -> dict[str, Any]:
    """The game options given with ``--option``, a ``roster`` file among them read as ``build_game`` does."""
    params = parse_options(options)
    if isinstance(params.get("roster"), str) and params["roster"]:
        params["roster"] = roster_source(params["roster"])
    return params


app.command("skirmish")(skirmish_odds)  # the command lives in `odds_skirmish`; this app owns it
