"""``odds GAME``: exact probabilities computed from the rules, optionally checked by simulation."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from turnbuckle.cli.common import (
    JsonOpt,
    OptionOpt,
    RosterOpt,
    bounded_int,
    build_game,
    count_option,
    echo_json,
    safe,
    seed_option,
)
from turnbuckle.engine.game import Game
from turnbuckle.engine.shapes import odds_message
from turnbuckle.games.powerhouses.stopping import STOPPING_RULES, parse_stopping_rule

app = typer.Typer(help="Exact odds, computed from the rules (not sampled).", no_args_is_help=True)
console = Console(soft_wrap=True)  # lines are never broken by Rich: terminals wrap, pipes keep whole lines
RULE_HELP = "Stopping rule. " + "; ".join(f"{name} = {meaning}" for name, meaning in STOPPING_RULES.items()) + "."


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
        distribution = [
            {"outcome": str(total), "probability": p, "simulated": sampled.get(total, 0.0) if simulate else None}
            for total, p in exact.items()
        ]
        sampled_mean = sum(t * p for t, p in sampled.items()) if simulate else None
        echo_json(odds_message(
            "powerhouses",
            {"wrestler": game.sheets[0].name, "dice": dice, "rule": rule},
            [{"label": "mean final total", "value": mean, "kind": "mean", "simulated": sampled_mean}],
            distribution,
            simulate,
        ))
        return
    table = Table(title=f"{safe(game.sheets[0].name)}: final total with {dice} dice, rule {safe(repr(rule))}")
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
    from turnbuckle.engine.errors import ParamError
    from turnbuckle.games.filsinger import odds
    from turnbuckle.games.filsinger.rules import FilsingerGame

    results: dict[str, dict[str, object]] = {}
    rows: list[tuple[str, str]] = []
    if pin is not None:
        holds = odds.pin_holds(pin, finisher, tokens)
        results["pin"] = {"rating": pin, "finisher": finisher, "tokens": tokens, "holds": holds}
        rows.append((f"PIN {pin} (+{finisher} finisher, +{tokens} tokens) holds", f"{holds:.4%}"))
    if choice is not None:
        if not move or not against:
            raise ParamError("--choice needs --move and --against")
        card = next((c for c in FilsingerGame().roster_cards if c.name.casefold() == against.casefold()), None)
        if card is None:
            raise ParamError(f"filsinger: unknown wrestler {against!r}")
        target = odds.choice_target(choice, move, card)
        success = odds.choice_success(choice, move, card)
        results["choice"] = {"situation": choice.upper(), "move": move, "against": card.name,
                             "target": target, "success": success}
        rows.append((f"Choice {choice.upper()}: {move} vs {card.name} (2-{target})", f"{success:.4%}"))
    if match:
        if len(match) != 2:
            raise ParamError("--match needs exactly two wrestlers (repeat --match)")
        if policy not in ("random", "expert"):
            raise ParamError(f"--policy must be random or expert, not {policy!r}")
        game = build_game("filsinger", list(match), None, option)
        assert isinstance(game, FilsingerGame)
        exact = odds.match_odds(game, "expert" if policy == "expert" else "random")
        results["match"] = {"wrestlers": list(match), "policy": policy, "side0": exact.side0,
                            "side1": exact.side1, "draw": exact.draw, "states": exact.states}
        rows += [
            (f"{match[0]} wins ({policy} decisions, {exact.states} states)", f"{exact.side0:.4%}"),
            (f"{match[1]} wins", f"{exact.side1:.4%}"),
            ("draw (double DQ / count-out)", f"{exact.draw:.4%}"),
        ]
        if simulate:
            sim = _simulate_filsinger(game, policy, simulate, seed)
            results["match"]["simulated"] = sim
            rows.append((f"simulated over {simulate} matches (win / win / draw)",
                         f"{sim['side0']:.2%} / {sim['side1']:.2%} / {sim['draw']:.2%}"))
    if not results:
        raise ParamError("say what to compute: --pin RATING, --choice X --move M --against W, or --match A --match B")
    if as_json:
        answers: list[dict[str, object]] = []
        if "pin" in results:
            answers.append({"label": rows[0][0], "value": results["pin"]["holds"], "kind": "probability"})
        if "choice" in results:
            choice_row = next(r for r in rows if r[0].startswith("Choice"))
            answers.append({"label": choice_row[0], "value": results["choice"]["success"], "kind": "probability"})
        if "match" in results:
            found = results["match"]
            simulated = found.get("simulated")
            for key, label in (("side0", f"{found['wrestlers'][0]} wins"),  # type: ignore[index]
                               ("side1", f"{found['wrestlers'][1]} wins"),  # type: ignore[index]
                               ("draw", "draw (double DQ / count-out)")):
                answers.append({"label": label, "value": found[key], "kind": "probability",
                                "simulated": simulated[key] if isinstance(simulated, dict) else None})
        echo_json(odds_message("filsinger", results, answers, None, simulate))
        return
    table = Table(title="Filsinger odds (exact)")
    table.add_column("question")
    table.add_column("answer", justify="right")
    for question, answer in rows:
        table.add_row(safe(question), answer)
    console.print(table)


def _simulate_filsinger(game: Game, policy: str, matches: int, seed: int) -> dict[str, float]:
    """Play ``matches`` matches with the policy's agents and count the results."""
    from turnbuckle.agents.registry import make_agent
    from turnbuckle.engine.match import play_match

    name = "random" if policy == "random" else "expert"
    agents = [make_agent(name, game, 0), make_agent(name, game, 1)]
    wins = [0, 0]
    for i in range(matches):
        result = play_match(game, agents, seed + i)
        for player in result.winning_players:
            wins[player] += 1
    draws = matches - sum(wins)
    return {"side0": wins[0] / matches, "side1": wins[1] / matches, "draw": draws / matches}
from turnbuckle.cli import odds_skirmish as _odds_skirmish  # noqa: E402,F401  (registers `odds skirmish`)
