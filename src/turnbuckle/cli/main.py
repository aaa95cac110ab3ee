"""The ``turnbuckle`` command: games, rules, rosters, play, watch, sim, odds, replay."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from turnbuckle.cli import matches, odds, serve, simulate
from turnbuckle.cli.common import JsonOpt, RosterOpt, echo_json
from turnbuckle.cli.league import app as league_app
from turnbuckle.engine.errors import DataFileError, ParamError, TurnbuckleError
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
app.command("serve")(serve.serve)
app.add_typer(odds.app, name="odds")
app.add_typer(league_app, name="league")


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
def roster(
    game: str = typer.Argument(..., help="A game id, or 'validate' to check a file."),
    file: Path | None = typer.Argument(None, help="With 'validate': the file to check."),
    roster_file: str | None = RosterOpt,
    new: str | None = typer.Option(None, "--new", help="Write a template entry for a new wrestler."),
    out: Path | None = typer.Option(None, "--out", help="Where --new writes (default: NAME.toml)."),
    force: bool = typer.Option(False, "--force", help="Let --new replace an existing file."),
    for_game: str | None = typer.Option(None, "--game", help="With 'validate': which game the file is for."),
    as_json: bool = JsonOpt,
) -> None:
    """List a game's wrestlers; `roster validate FILE` checks a file; `--new NAME` writes a template."""
    if game == "validate":
        _validate(file, for_game, as_json)
        return
    if file is not None:
        raise typer.BadParameter(f"unexpected argument {str(file)!r}; did you mean --roster {file}?")
    if new is not None:
        _write_template(game, new, out, force)
        return
    loaded = load_game(game, **({"roster": roster_file} if roster_file else {}))
    entries = loaded.roster()
    if as_json:
        echo_json(entries)
        return
    if not entries:
        console.print(f"{game} has no roster.")
        return
    table = Table(title=f"{loaded.title} roster", caption="--json shows every field")
    keys = _summary_columns(entries)
    for key in keys:
        table.add_column(key)
    for entry in entries:
        cells = (entry.get(k, "") for k in keys)
        table.add_row(*(", ".join(map(str, v)) if isinstance(v, list) else str(v) for v in cells))
    console.print(table)


def _summary_columns(entries: list[dict[str, Any]], most: int = 7) -> list[str]:
    """The fields that fit a terminal table: scalars and short lists, first ``most`` of them."""

    def fits(value: Any) -> bool:
        if isinstance(value, list):
            return len(value) <= 6 and all(isinstance(v, str | int | float) for v in value)
        return isinstance(value, str | int | float | bool) and len(str(value)) <= 40

    keys = [k for k in entries[0] if all(fits(e.get(k, "")) for e in entries)]
    return keys[:most]


def _validate(file: Path | None, for_game: str | None, as_json: bool) -> None:
    if file is None:
        raise typer.BadParameter("usage: turnbuckle roster validate FILE [--game GAME]")
    candidates = [for_game] if for_game else list_games()
    problems: list[str] = []
    for name in candidates:
        try:
            names = game_class(name).validate_roster_file(str(file))
        except TurnbuckleError as exc:
            problems.append(f"{name}: {exc}" if len(candidates) > 1 else str(exc))
            continue
        if as_json:
            echo_json({"file": str(file), "game": name, "valid": True, "entries": names})
        else:
            console.print(f"{file}: valid {name} file with {len(names)} entries: {', '.join(names)}")
        return
    if len(problems) == 1:
        raise DataFileError(problems[0])
    raise DataFileError(f"{file} is not valid for any game ({'; '.join(problems)})")


def _write_template(game: str, name: str, out: Path | None, force: bool) -> None:
    text = game_class(game).roster_template(name)
    if text is None:
        raise ParamError(f"{game} has no template for new wrestlers")
    target = out or Path(re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower() + ".toml")
    if target.exists() and not force:
        raise DataFileError(f"{target}: already exists; not overwritten (use --force to replace it)")
    target.write_text(text, encoding="utf-8")
    game_class(game).validate_roster_file(str(target))
    console.print(f"Wrote {target}: edit it, then `turnbuckle roster validate {target}`")


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
