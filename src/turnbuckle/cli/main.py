"""The ``turnbuckle`` command: games, rules, rosters, play, watch, sim, odds, replay."""

from __future__ import annotations

import sys
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from turnbuckle.cli import matches, odds, simulate
from turnbuckle.cli.common import JsonOpt, RosterOpt, echo_json
from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.engine.registry import game_class, list_games, load_game

app = typer.Typer(
    name="turnbuckle",
    help="Tabletop pro-wrestling games: play, watch, simulate and analyse.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
app.command("play")(matches.play)
app.command("watch")(matches.watch)
app.command("replay")(matches.replay)
app.command("sim")(simulate.sim)
app.add_typer(odds.app, name="odds")


@app.command()
def games(as_json: bool = JsonOpt) -> None:
    """List the games turnbuckle plays."""
    rows: list[dict[str, Any]] = []
    for name in list_games():
        cls = game_class(name)
        rows.append({"id": name, "title": cls.title, "players": [cls.min_players, cls.max_players]})
    if as_json:
        echo_json(rows)
        return
    table = Table(title="Games")
    table.add_column("id", style="bold")
    table.add_column("title")
    table.add_column("players")
    for row in rows:
        low, high = (int(n) for n in row["players"])
        table.add_row(row["id"], row["title"], str(low) if low == high else f"{low}-{high}")
    console.print(table)


@app.command()
def rules(game: str, as_json: bool = JsonOpt) -> None:
    """A game's rules summary and its named options."""
    cls = game_class(game)
    opts = cls.options()
    if as_json:
        echo_json(
            {
                "game": game,
                "title": cls.title,
                "summary": cls.rules_summary(),
                "options": [
                    {"name": o.name, "default": o.default, "help": o.help, "choices": o.choices} for o in opts
                ],
            }
        )
        return
    console.print(f"[bold]{cls.title}[/]\n")
    console.print(cls.rules_summary(), markup=False, highlight=False)
    table = Table(title="Options (-o NAME=VALUE)")
    table.add_column("name", style="bold")
    table.add_column("default")
    table.add_column("meaning")
    for o in opts:
        choices = f" (one of {', '.join(map(str, o.choices))})" if o.choices else ""
        table.add_row(o.name, repr(o.default), o.help + choices)
    console.print(table)


@app.command()
def roster(game: str, roster_file: str | None = RosterOpt, as_json: bool = JsonOpt) -> None:
    """The wrestlers a game can field (the starter roster, or your --roster file)."""
    loaded = load_game(game, **({"roster": roster_file} if roster_file else {}))
    entries = loaded.roster()
    if as_json:
        echo_json(entries)
        return
    if not entries:
        console.print(f"{game} has no roster.")
        return
    table = Table(title=f"{loaded.title} roster")
    keys = list(entries[0])
    for key in keys:
        table.add_column(key)
    for entry in entries:
        table.add_row(*(", ".join(map(str, v)) if isinstance(v, list) else str(v) for v in (entry[k] for k in keys)))
    console.print(table)


def main() -> None:
    """Entry point: a user's mistake is one line on stderr and exit code 2, never a traceback."""
    try:
        app()
    except TurnbuckleError as exc:
        print(f"turnbuckle: error: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("turnbuckle: interrupted", file=sys.stderr)
        sys.exit(130)


if __name__ == "__main__":
    main()
