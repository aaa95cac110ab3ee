"""Shared CLI plumbing: building a game from command-line options, and JSON output."""

from __future__ import annotations

import json
from typing import Any

import typer

from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import Game
from turnbuckle.engine.registry import game_class, load_game

WrestlerOpt = typer.Option(None, "--wrestler", "-w", help="A wrestler by name (repeat for each side).")
RosterOpt = typer.Option(None, "--roster", help="Your own roster TOML file.")
OptionOpt = typer.Option(None, "--option", "-o", help="A game option as KEY=VALUE (see `turnbuckle rules GAME`).")
SeedOpt = typer.Option(None, "--seed", help="Seed for the dice and the computer players (random if omitted).")
JsonOpt = typer.Option(False, "--json", help="Machine-readable JSON output.")


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``KEY=VALUE`` pairs; VALUE is read as JSON (numbers, true/false, lists) or else a string."""
    params: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise ParamError(f"--option {pair!r}: expected KEY=VALUE")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        params[key.strip()] = value
    return params


def build_game(name: str, wrestlers: list[str] | None, roster: str | None, options: list[str] | None) -> Game:
    """Load ``name`` with the wrestlers, roster and options given on the command line."""
    cls = game_class(name)
    params = parse_options(options)
    known = {o.name for o in cls.options()}
    unknown = sorted(set(params) - known)
    if unknown:
        raise ParamError(f"{name} has no option {unknown[0]!r}; options: {', '.join(sorted(known))}")
    if wrestlers:
        params["wrestlers"] = list(wrestlers)
    if roster is not None:
        params["roster"] = roster
    try:
        return load_game(name, **params)
    except TypeError as exc:
        raise ParamError(f"{name}: {exc}") from None


def new_seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


def echo_json(payload: Any) -> None:
    typer.echo(json.dumps(payload, sort_keys=False))
