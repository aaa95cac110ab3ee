"""The ``turnbuckle`` command: games, rules, rosters, play, watch, sim, odds, replay.

``main()`` is the one place errors become output: bad input of any kind (a usage mistake, an
option value out of range, a broken file, an illegal move) is one line ``error: ...`` on stderr
and exit code 2; Ctrl-C exits 130 (a match says ``interrupted`` on its own line); a closed pipe
ends quietly; a bug is one line ``error: internal error ...`` and exit code 1
(``TURNBUCKLE_DEBUG=1`` shows its traceback).
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import Any


def _exit_quietly(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C while the commands are still being imported: exit 130, no traceback."""
    raise SystemExit(130)


_importing = threading.current_thread() is threading.main_thread()
_previous_handler = signal.signal(signal.SIGINT, _exit_quietly) if _importing else None
try:
    import typer
    from rich.console import Console
    from rich.table import Table

    from turnbuckle.cli import analyze, learn, matches, odds, puzzle, review, serve, simulate
    from turnbuckle.cli.common import (
        INTERRUPTED_EXIT_CODE,
        ForceOpt,
        JsonOpt,
        RosterOpt,
        echo_json,
        interruptible,
        safe,
        say_interrupted,
    )
    from turnbuckle.cli.league import app as league_app
    from turnbuckle.cli.metavars import plain_metavars
    from turnbuckle.cli.players import app as players_app
    from turnbuckle.engine.datafiles import (
        check_output_path,
        inline_source,
        parse_toml,
        read_text_file,
        write_text_atomically,
    )
    from turnbuckle.engine.errors import DataFileError, ParamError, TurnbuckleError
    from turnbuckle.engine.registry import game_class, list_games
    from turnbuckle.engine.replay import game_from_params
    from turnbuckle.text import plural
finally:
    if _importing:
        signal.signal(signal.SIGINT, _previous_handler)

app = typer.Typer(
    name="turnbuckle",
    help="Tabletop pro-wrestling games: play, watch, simulate and analyse.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",  # help paragraphs are reflowed (a docstring's line breaks are not kept)
)
console = Console(soft_wrap=True)  # lines are never broken by Rich: terminals wrap, pipes keep whole lines
app.command("play")(interruptible(matches.play))  # Ctrl-C: "interrupted" on its own line, exit 130
app.command("watch")(interruptible(matches.watch))
app.command("replay")(interruptible(matches.replay))
app.command("review")(interruptible(review.review))
app.command("learn")(interruptible(learn.learn))
app.command("puzzle")(interruptible(puzzle.puzzle_command))
app.command("sim")(simulate.sim)
app.command("analyze")(analyze.analyze)
app.command("serve")(serve.serve)
app.add_typer(odds.app, name="odds")
app.add_typer(league_app, name="league")
app.add_typer(players_app, name="players")


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
def rules(
    game: str,
    text: bool = typer.Option(False, "--text", help="Print the whole rule text the game implements."),
    as_json: bool = JsonOpt,
) -> None:
    """A game's rules summary and its named options (--text: the whole rule text)."""
    cls = game_class(game)
    if text:
        from turnbuckle.rulebooks import rule_text

        typer.echo(rule_text(game))
        return
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
    console.print(f"[bold]{safe(cls.title)}[/]\n")
    console.print(cls.rules_summary(), markup=False, highlight=False)
    table = Table(title="Options (-o NAME=VALUE)")
    table.add_column("name", style="bold")
    table.add_column("default")
    table.add_column("meaning")
    for o in opts:
        choices = f" (one of {', '.join(map(str, o.choices))})" if o.choices else ""
        table.add_row(safe(o.name), safe(repr(o.default)), safe(o.help + choices))
    console.print(table)


@app.command()
def roster(
    game: str = typer.Argument(..., help="A game id, or 'validate' to check a file."),
    file: Path | None = typer.Argument(None, help="With 'validate': the file to check."),
    roster_file: str | None = RosterOpt,
    new: str | None = typer.Option(None, "--new", help="Write a template entry for a new wrestler."),
    out: Path | None = typer.Option(None, "--out", help="Where --new writes (default: NAME.toml)."),
    force: bool = ForceOpt,
    for_game: str | None = typer.Option(None, "--game", help="With 'validate': which game the file is for."),
    as_json: bool = JsonOpt,
) -> None:
    """List a game's wrestlers; `roster validate FILE` checks a file; `--new NAME` writes a template."""
    if game == "validate":
        _validate(file, for_game, as_json)
        return
    if file is not None:
        raise ParamError(f"unexpected argument {str(file)!r}; did you mean --roster {file}?")
    if new is not None:
        _write_template(game, new, out, force)
        return
    from turnbuckle.cli.common import roster_source

    params = {"roster": roster_source(roster_file)} if roster_file else {}
    loaded = game_from_params(game, params)
    entries = loaded.roster()
    if as_json:
        echo_json(entries)
        return
    if not entries:
        console.print(f"{safe(game)} has no roster.")
        return
    keys = _summary_columns(entries)
    texts = [[", ".join(map(str, v)) if isinstance(v, list) else str(v) for v in (e.get(k, "") for k in keys)]
             for e in entries]
    shown = _columns_that_fit(keys, texts, console.width)
    hidden = len(keys) - len(shown)
    table = Table(title=f"{safe(loaded.title)} roster", caption=None if hidden else "--json shows every field")
    for index, key in enumerate(shown):
        table.add_column(safe(key), no_wrap=index == 0, overflow="fold")
    for row in texts:
        table.add_row(*(safe(cell) for cell in row[: len(shown)]))
    console.print(table)
    if hidden:  # a narrow terminal: say what is missing and how to see it
        console.print(f"{plural(hidden, 'column')} hidden ({', '.join(keys[len(shown):])}); widen the terminal "
                      "or use --json", markup=False, highlight=False, soft_wrap=False)


def _columns_that_fit(keys: list[str], rows: list[list[str]], width: int) -> list[str]:
    """The leading columns whose natural widths fit ``width`` (the name always stays, whole), so a
    narrow terminal shows fewer columns rather than every cell broken over several lines."""
    used = 1
    kept: list[str] = []
    for index, key in enumerate(keys):
        natural = max([len(key), *(len(row[index]) for row in rows)]) + 3
        if kept and used + natural > width:
            break
        kept.append(key)
        used += natural
    return kept


def _summary_columns(entries: list[dict[str, Any]], most: int = 7) -> list[str]:
    """The fields that fit a terminal table: scalars and short lists, first ``most`` of them."""

    def fits(value: Any) -> bool:
        if isinstance(value, list):
            return len(value) <= 6 and all(isinstance(v, str | int | float) for v in value)
        return isinstance(value, str | int | float | bool) and len(str(value)) <= 40

    keys = [k for k in entries[0] if all(fits(e.get(k, "")) for e in entries)]
    return keys[:most]


def _validate(file: Path | None, for_game: str | None, as_json: bool) -> None:
    """Check a roster file against ``--game``, or find the game it is for."""
    if file is None:
        raise ParamError("usage: turnbuckle roster validate FILE [--game GAME]")
    candidates = [for_game] if for_game else list_games()
    for name in candidates:
        game_class(name)  # an unknown --game is reported before the file is read
    text = read_text_file(file, what="roster file")  # once, safely: each game then checks the text
    data = parse_toml(text, str(file))
    source = inline_source(text, str(file))
    valid: dict[str, list[str]] = {}
    problems: dict[str, str] = {}
    for name in candidates:
        try:
            valid[name] = [str(n) for n in game_class(name).validate_roster_file(source)]
        except TurnbuckleError as exc:
            problems[name] = str(exc)
    if valid:
        name = _guess_game(data, list(valid)) or next(iter(valid))
        names = valid[name]
        if as_json:
            echo_json({"file": str(file), "game": name, "valid": True, "entries": names})
        else:
            line = f"{file}: valid {name} file with {plural(len(names), 'entry')}: {', '.join(names)}"
            console.print(line, markup=False, highlight=False)
        return
    if len(candidates) == 1:
        raise DataFileError(problems[candidates[0]])
    guess = _guess_game(data, candidates)
    if guess is not None:
        raise DataFileError(f"{problems[guess]} (checked as a {guess} file; use --game GAME for another game)")
    raise DataFileError(
        f"{file}: not a roster for any game turnbuckle knows; name its game with --game ({', '.join(candidates)})"
    )


def _entry_keys(data: Any) -> set[str]:
    """Top-level keys plus the keys of the first entry of each array of tables."""
    keys: set[str] = set()
    if not isinstance(data, dict):
        return keys
    for key, value in data.items():
        keys.add(str(key))
        if isinstance(value, list) and value and isinstance(value[0], dict):
            keys.update(f"{key}.{k}" for k in value[0])
    return keys


def _guess_game(data: Any, candidates: list[str]) -> str | None:
    """The game whose roster template shares the most fields with ``data`` (None: no clear one)."""
    found = _entry_keys(data)
    scores: dict[str, int] = {}
    for name in candidates:
        try:
            template = game_class(name).roster_template("Template Wrestler")
        except TurnbuckleError:
            template = None
        if template is None:
            continue
        scores[name] = len(found & _entry_keys(parse_toml(template, f"{name} template")))
    if not scores:
        return None
    best = max(scores.values())
    winners = [name for name, score in scores.items() if score == best]
    return winners[0] if len(winners) == 1 and best > 0 else None


def _write_template(game: str, name: str, out: Path | None, force: bool) -> None:
    """A template entry for ``name``, checked before it is written; never over a file without --force."""
    cls = game_class(game)
    text = cls.roster_template(name)
    if text is None:
        raise ParamError(f"{game} has no template for new wrestlers")
    stem = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower()[:80] or "wrestler"
    target = out or Path(stem + ".toml")
    check_output_path(target, force=force, what="roster file")
    cls.validate_roster_file(inline_source(text, f"the template for {target}"))
    write_text_atomically(target, text, force=force, what="roster file")
    console.print(
        f"Wrote {target}: edit it, then `turnbuckle roster validate {target}`", markup=False, highlight=False
    )


# -- the entry point -----------------------------------------------------------------------------
def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``); the exit code. Never raises
    for bad input: it is reported on stderr as one line."""
    _tolerate_undecodable_output()
    command = typer.main.get_command(app)
    plain_metavars(command)  # --help names values TEXT, INTEGER, FILE, GAME (not <str>, <bool>)
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        try:
            result = command.main(args=args, prog_name="turnbuckle", standalone_mode=False)
            _flush()
        except typer.TyperException as exc:  # typer's click: usage errors, bad option values
            return _error(_usage_message(exc))
        except typer.Abort as exc:
            if isinstance(exc.__cause__ or exc.__context__, EOFError):
                return _error("input ended (end of file) before the match was over")
            return _interrupted()
        except TurnbuckleError as exc:
            return _error(str(exc))
        except KeyboardInterrupt:
            return _interrupted()
        except SystemExit as exc:
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BrokenPipeError:
            raise
        except Exception as exc:  # a bug: one line, not a traceback
            if os.environ.get("TURNBUCKLE_DEBUG"):
                raise
            return _error(
                f"internal error ({type(exc).__name__}: {exc}); please report it "
                "(TURNBUCKLE_DEBUG=1 shows the traceback)",
                code=1,
            )
    except BrokenPipeError:
        _silence_stdout()
        return 1
    return result if isinstance(result, int) and not isinstance(result, bool) else 0


def main() -> None:
    """Entry point of the ``turnbuckle`` command."""
    try:
        code = run()
    except KeyboardInterrupt:
        code = 130
    sys.exit(code)


def _error(message: str, code: int = 2) -> int:
    """``error: MESSAGE`` as one line on stderr (control characters and newlines flattened)."""
    line = re.sub(r"[\x00-\x1f\x7f]+", " ", message).strip()
    if len(line) > 2000:
        line = line[:1997] + "..."
    stream = sys.stderr
    encoding = getattr(stream, "encoding", None) or "utf-8"
    line = line.encode(encoding, "backslashreplace").decode(encoding, "replace")
    try:
        stream.write(f"error: {line}\n")
        stream.flush()
    except (BrokenPipeError, ValueError):
        pass
    return code


def _interrupted() -> int:
    """Ctrl-C outside a command's own handling: ``interrupted`` on its own line, exit code 130."""
    with contextlib.suppress(BrokenPipeError, ValueError, OSError):
        say_interrupted()
    return INTERRUPTED_EXIT_CODE


def _usage_message(exc: typer.TyperException) -> str:
    """A usage error as one line, with where to look for help."""
    ctx = getattr(exc, "ctx", None)
    path = getattr(ctx, "command_path", None) or "turnbuckle"
    if type(exc).__name__ == "NoArgsIsHelpError":
        return f"missing command; see '{path} --help'"
    message = exc.format_message().replace("Value error, ", "")
    return f"{message} (see '{path} --help')" if ctx is not None else message


def _flush() -> None:
    sys.stdout.flush()


def _silence_stdout() -> None:
    """After the reader of our output went away: send what is left nowhere, quietly."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _tolerate_undecodable_output() -> None:
    """Text from undecodable file names or arguments prints as escapes, not as a crash."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


if __name__ == "__main__":
    main()
