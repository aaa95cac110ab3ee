"""Shared CLI plumbing: building a game from command-line options, parameter types, JSON output."""

from __future__ import annotations

import functools
import json
import math
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, ParamSpec, TypeVar

import typer
from rich.markup import escape

from turnbuckle.engine.datafiles import check_output_path, inline_file, parse_json
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import Game
from turnbuckle.engine.registry import game_class
from turnbuckle.engine.replay import game_from_params

if TYPE_CHECKING:  # the database stack is slow to import: only league commands need it
    from turnbuckle.store import Database

P = ParamSpec("P")
R = TypeVar("R")

MAX_SEED: Final = 2**63 - 1
"""Seeds are 0 .. 2**63-1 (what every RNG, numpy's included, and JSON readers take)."""
MAX_DELAY: Final = 60.0
"""``watch --delay`` is 0 to 60 seconds."""
MAX_OPTION_INT: Final = 2**63 - 1
"""Whole numbers in ``-o NAME=VALUE`` beyond +-(2**63-1) are refused."""

_ASCII_INT: Final = re.compile(r"[+-]?[0-9]+")
_ASCII_FLOAT: Final = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def bounded_int(low: int, high: int) -> Callable[[Any], int]:
    """A parser for a whole number in ASCII digits within ``low``..``high`` (``int()`` alone would
    take ``٣`` and other Unicode digits, and numbers of any size)."""

    def parse(value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            if not _ASCII_INT.fullmatch(text) or len(text) > 40:
                raise ValueError(f"{_shown(value)} is not a whole number from {low} to {high}")
            number = int(text)
        if not low <= number <= high:
            raise ValueError(f"{_shown(value)} is out of range (from {low} to {high})")
        return number

    return parse


def bounded_float(low: float, high: float) -> Callable[[Any], float]:
    """A parser for a finite decimal number (ASCII) within ``low``..``high``: no NaN, no infinity."""

    def parse(value: Any) -> float:
        if isinstance(value, float | int) and not isinstance(value, bool):
            number = float(value)
        else:
            text = str(value).strip()
            if not _ASCII_FLOAT.fullmatch(text) or len(text) > 40:
                raise ValueError(f"{_shown(value)} is not a number from {low:g} to {high:g}")
            number = float(text)
        if not math.isfinite(number) or not low <= number <= high:
            raise ValueError(f"{_shown(value)} is out of range (from {low:g} to {high:g})")
        return number

    return parse


parse_seed: Final = bounded_int(0, MAX_SEED)
parse_delay: Final = bounded_float(0.0, MAX_DELAY)


def seed_option(default: int | None = None, help: str | None = None) -> Any:
    """``--seed``: a whole number 0 .. 2**63-1 (every command should use this, not a plain ``int``)."""
    return typer.Option(
        default, "--seed", parser=parse_seed, metavar="INTEGER",
        help=help or "Seed for the dice and the computer players (random if omitted).",
    )


def count_option(default: int, *names: str, low: int = 0, high: int = 10**9, help: str = "") -> Any:
    """A whole-number option in ASCII digits within ``low``..``high``."""
    return typer.Option(default, *names, parser=bounded_int(low, high), metavar="INTEGER", help=help)


WrestlerOpt = typer.Option(None, "--wrestler", "-w", help="A wrestler by name (repeat for each side).")
RosterOpt = typer.Option(None, "--roster", help="Your own roster TOML file.")
OptionOpt = typer.Option(None, "--option", "-o", help="A game option as KEY=VALUE (see `turnbuckle rules GAME`).")
SeedOpt = seed_option()
JsonOpt = typer.Option(False, "--json", help="Machine-readable JSON output.")
ForceOpt = typer.Option(False, "--force", help="Replace an existing file.")


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``KEY=VALUE`` pairs; VALUE is read as JSON (numbers, true/false, lists) or else a string.

    Numbers JSON cannot hold exactly (``1e999``, ``NaN``, whole numbers past 2**63) are refused,
    and so is nesting deeper than the data files allow.
    """
    params: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise ParamError(f"--option {_shown(pair)}: expected KEY=VALUE")
        where = f"--option {key.strip()}"
        try:
            value = parse_json(raw, where)
        except ValueError:
            value = raw
        _check_option_value(value, where)
        params[key.strip()] = value
    return params


def _check_option_value(value: Any, where: str) -> None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            raise ParamError(f"{where}: number out of range")
        if isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_OPTION_INT:
            raise ParamError(f"{where}: number out of range (at most {MAX_OPTION_INT})")
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())


def roster_source(roster: str | None) -> str | None:
    """A ``--roster FILE`` read once, safely, as inline data named by the path: the match, its
    replay and any worker processes then use these exact bytes and never open the path again."""
    if roster is None:
        return None
    return inline_file(roster, what="roster file")


def embed_data_files(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """Every data file the params name (``-o roster=FILE``, a RUMBLESLAM ``team0=FILE``, ...) read
    once, safely, as inline data named by its path: the match, its replay and any worker
    processes use these exact bytes and never open the path again."""
    out = dict(params)
    for where, path in game_class(name).local_data_files(params):
        key, _, index = where.partition("[")
        embedded = inline_file(path, what=f"{key} file")
        if index:
            items = list(out[key])
            items[int(index.rstrip("]"))] = embedded
            out[key] = items
        else:
            out[key] = embedded
    return out


def build_game(name: str, wrestlers: list[str] | None, roster: str | None, options: list[str] | None,
               first: dict[str, Any] | None = None) -> Game:
    """Load ``name`` with the wrestlers, roster and options given on the command line (on top of
    ``first``: the options a person's match starts with, ``Game.first_match``)."""
    params = {**(first or {}), **parse_options(options)}
    if wrestlers:
        params["wrestlers"] = list(wrestlers)
    if roster is not None:
        params["roster"] = roster
    return game_from_params(name, embed_data_files(name, params))


def bulk_agent(game: Game) -> str:
    """The agent ``sim`` and ``analyze`` seat unless told otherwise: the game's ``bulk_agent`` (the
    strongest one cheap enough for thousands of matches), else ``random``; never a search agent
    that thinks for a tenth of a second a decision."""
    return game.bulk_agent if game.bulk_agent in game.agent_factories() else "random"


def check_save_target(path: Path | None, force: bool) -> None:
    """Refuse a ``--save-replay`` target before the match is played, not after."""
    if path is not None:
        check_output_path(path, force=force)


INTERRUPTED_EXIT_CODE: Final = 130
"""Exit code after Ctrl-C (128 + SIGINT, the shell convention)."""


def say_interrupted(line: str = "interrupted") -> None:
    """After Ctrl-C: a newline (the terminal's ``^C`` sits after a prompt or mid-line), then one
    line on stderr."""
    sys.stdout.flush()
    sys.stderr.write(f"\n{line}\n")
    sys.stderr.flush()


def interruptible(command: Callable[P, R]) -> Callable[P, R]:
    """A command that Ctrl-C ends with ``interrupted`` on its own line and exit code 130, never a
    shell prompt glued to ``^C`` (typer would exit 130 silently). The whole command: a Ctrl-C a
    moment after a line was printed still lands inside it."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except KeyboardInterrupt:
            say_interrupted()
            raise typer.Exit(INTERRUPTED_EXIT_CODE) from None

    return run


def new_seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


def echo_json(payload: Any) -> None:
    typer.echo(json.dumps(payload, sort_keys=False))


def safe(text: object) -> str:
    """User text (names, paths) ready for a Rich string with markup: ``[bold]`` prints as typed."""
    return escape(str(text))


def _shown(value: object) -> str:
    text = repr(str(value))
    return text if len(text) <= 60 else text[:57] + "...'"


DbOpt = typer.Option(None, "--db", help="Database file or SQLAlchemy URL (default: $TURNBUCKLE_DB or ./turnbuckle.db).")
LeagueOpt = typer.Option(None, "--league", "-l", help="Which league (needed only when the database holds several).")


@contextmanager
def league_db(path: str | None) -> Iterator[Database]:
    """The league database for one command, closed however the command ends."""
    from turnbuckle.store import open_database

    db = open_database(path)
    try:
        yield db
    finally:
        db.close()


def first_match_note(name: str, first: dict[str, Any]) -> str:
    """What ``play`` says when it starts a person's match with ``first`` (``Game.first_match``): which
    options are on, why, and the option that gives the game without them."""
    options = {o.name: o for o in game_class(name).options()}
    named = "; ".join(options[key].help.split(":")[0] if key in options else key for key in first)
    switch = next((o for o in options.values() if o.includes and set(first) <= set(o.includes)), None)
    plain = (f"-o {switch.name}=false" if switch is not None  # the switch named: its rules default to off
             else " ".join(f"-o {key}={json.dumps(options[key].default if key in options else None)}"
                           for key in first))
    return (f"Optional rules on, to give you decisions: {named}. For the basic game: {plain} "
            "(any of these options given yourself replaces this choice).")
