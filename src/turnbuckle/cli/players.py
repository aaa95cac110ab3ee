"""``turnbuckle players``: the operator's commands for the players of ``turnbuckle serve``:
disable (or enable) an account, reset a password, list sign-ups and log-ins."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import TYPE_CHECKING

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from turnbuckle.cli.common import DbOpt, JsonOpt, echo_json, league_db
from turnbuckle.engine.errors import ParamError, quoted
from turnbuckle.text import plural

app = typer.Typer(help="Players of `turnbuckle serve`: disable an account, reset a password, see activity.",
                  no_args_is_help=True)
console = Console(soft_wrap=True)

if TYPE_CHECKING:  # imported when a command runs: the database stack is slow to import
    from turnbuckle.store import Database


def _player(db: Database, name: str) -> tuple[int, str]:
    from turnbuckle.web import accounts

    found = accounts.find(db, name)
    if found is None:
        raise ParamError(f"no player named {quoted(name)}")
    return found.id, found.name


@app.command("disable")
def disable(name: str, db: str | None = DbOpt, as_json: bool = JsonOpt) -> None:
    """Disable an account: it can no longer log in, its sessions end, its open challenges are withdrawn."""
    from turnbuckle.web import accounts

    with league_db(db) as database:
        player_id, shown = _player(database, name)
        withdrawn = accounts.disable(database, player_id)
    if as_json:
        echo_json({"player": shown, "disabled": True, "withdrawn_challenges": withdrawn})
        return
    console.print(f"Disabled {escape(shown)}: logged out everywhere, {plural(withdrawn, 'open challenge')} "
                  "withdrawn.", highlight=False)


@app.command("enable")
def enable(name: str, db: str | None = DbOpt, as_json: bool = JsonOpt) -> None:
    """Enable a disabled account again (its withdrawn challenges stay withdrawn)."""
    from turnbuckle.web import accounts

    with league_db(db) as database:
        player_id, shown = _player(database, name)
        accounts.enable(database, player_id)
    if as_json:
        echo_json({"player": shown, "disabled": False})
        return
    console.print(f"Enabled {escape(shown)}.", highlight=False)


@app.command("reset-password")
def reset_password(name: str, db: str | None = DbOpt, as_json: bool = JsonOpt) -> None:
    """Give an account a new random password (printed once) and end all its sessions."""
    from turnbuckle.web import accounts

    password = secrets.token_urlsafe(12)
    with league_db(db) as database:
        player_id, shown = _player(database, name)
        accounts.set_password(database, player_id, password, kind="reset")
    if as_json:
        echo_json({"player": shown, "password": password})
        return
    console.print(f"New password of {escape(shown)} (shown only now; they can change it on their account page): "
                  f"{password}", markup=False, highlight=False)


@app.command("activity")
def activity(
    days: int = typer.Option(7, "--days", min=1, max=3650, help="How far back (days)."),
    limit: int = typer.Option(200, "--limit", min=1, max=10_000, help="At most this many lines, newest first."),
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Sign-ups, log-ins, log-outs everywhere, password changes and resets, newest first."""
    from turnbuckle.store import utcnow
    from turnbuckle.web import accounts

    with league_db(db) as database:
        lines = accounts.activity(database, since=utcnow() - timedelta(days=days), limit=limit)
    if as_json:
        echo_json([{"at": a.at.isoformat(), "player": a.name, "what": a.kind, "address": a.address} for a in lines])
        return
    if not lines:
        console.print(f"No sign-ups or log-ins in the last {plural(days, 'day')}.", highlight=False)
        return
    table = Table("when (UTC)", "player", "what", "address")
    for a in lines:
        table.add_row(a.at.strftime("%Y-%m-%d %H:%M:%S"), escape(a.name), a.kind.replace("_", " "), a.address)
    console.print(table)


__all__ = ["app"]
