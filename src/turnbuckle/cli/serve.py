"""``turnbuckle serve``: the web app on this machine (matches are kept in the database)."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence

import typer

from turnbuckle.engine.errors import ParamError, quoted

LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")
EVERY_INTERFACE = ("0.0.0.0", "::", "")
HOST_NAME = re.compile(r"^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:]*:[0-9a-fA-F:.]*|[A-Za-z0-9.-]+)$")


def allowed_hosts(bind: str, given: Sequence[str]) -> list[str]:
    """The Host names the server answers to: those given, else the bind address and this machine's
    loopback names. A name is a bare host (no scheme, port or path)."""
    for name in given:
        if not HOST_NAME.match(name.strip()):
            raise ParamError(f"--allowed-host {quoted(name)}: give a host name or address only, such as "
                             "play.example.org (no scheme, port or path)")
    if given:
        return [name.strip() for name in given]
    return list(dict.fromkeys([*([bind] if bind not in EVERY_INTERFACE else []), *LOCAL_NAMES]))


class RedactTokens(logging.Filter):
    """Access-log lines never carry a token: ``token=...`` in a logged address becomes ``token=…``."""

    PATTERN = re.compile(r"([?&]token=)[^&\s\"]*")

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args and isinstance(record.args, tuple):
            record.args = tuple(self.PATTERN.sub(r"\1…", a) if isinstance(a, str) else a for a in record.args)
        record.msg = self.PATTERN.sub(r"\1…", str(record.msg))
        return True


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: str | None = typer.Option(
        None, "--db", help="Database path or SQLAlchemy URL (default $TURNBUCKLE_DB or ./turnbuckle.db; "
        "'memory' keeps nothing)."
    ),
    think: float = typer.Option(5.0, "--think", help="Seconds the computer may think per decision."),
    thinkers: int = typer.Option(2, "--thinkers", help="Computer decisions made at once (more wait in a queue)."),
    allowed_host: list[str] | None = typer.Option(
        None, "--allowed-host", metavar="NAME",
        help="A host name people reach the server by (repeat; default: the --host address and localhost). "
        "Requests for any other name are refused, and links are built only from these.",
    ),
    trusted_proxy: list[str] | None = typer.Option(
        None, "--trusted-proxy", metavar="ADDR",
        help="Address of a reverse proxy whose X-Forwarded-For / -Proto headers are believed (repeat).",
    ),
    max_body_kib: int = typer.Option(1024, "--max-body-kib", help="Largest request body, in KiB."),
    max_replay_kib: int = typer.Option(20 * 1024, "--max-replay-kib", help="Largest replay file upload, in KiB."),
    creates_per_minute: float = typer.Option(
        30.0, "--creates-per-minute", help="Matches one client address may create a minute (0: no limit)."
    ),
    actions_per_minute: float = typer.Option(
        600.0, "--actions-per-minute",
        help="Moves and other changes one client address may send a minute (0: no limit).",
    ),
    access_log: bool = typer.Option(False, "--access-log", help="Log every request (tokens in addresses are masked)."),
) -> None:
    """Play in the browser: against the computer, hot-seat, or with an invite link; watch and replay."""
    import uvicorn

    from turnbuckle.web.app import create_app
    from turnbuckle.web.limits import Limits
    from turnbuckle.web.repository import MatchRepository, MemoryRepository

    if not 0 < port < 65536:
        raise ParamError(f"--port must be from 1 to 65535, got {port}")
    if think <= 0:
        raise ParamError("--think must be a positive number of seconds")
    if not 1 <= thinkers <= 64:
        raise ParamError(f"--thinkers must be from 1 to 64, got {thinkers}")
    if max_body_kib < 1 or max_replay_kib < 1:
        raise ParamError("--max-body-kib and --max-replay-kib must be at least 1")
    if creates_per_minute < 0 or actions_per_minute < 0:
        raise ParamError("--creates-per-minute and --actions-per-minute must be 0 (no limit) or more")
    hosts = allowed_hosts(host, allowed_host or [])
    limits = Limits(body_bytes=max_body_kib * 1024, replay_bytes=max_replay_kib * 1024,
                    creates_per_minute=creates_per_minute, actions_per_minute=actions_per_minute)
    repository: MatchRepository
    if db == "memory":
        repository = MemoryRepository()
        where = "memory (nothing is kept)"
    else:
        from turnbuckle.store import open_database
        from turnbuckle.web.sql_repository import SqlRepository

        database = open_database(db)
        repository = SqlRepository(database)
        where = database.where
    app = create_app(repository, think_cap=think, thinkers=thinkers, limits=limits, allowed_hosts=hosts)
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"turnbuckle serving on http://{shown}:{port}/  (matches kept in {where}; Ctrl+C stops)")
    if host in EVERY_INTERFACE and not allowed_host:
        typer.echo("note: listening on every interface, but answering only to "
                   f"{', '.join(hosts)}: add --allowed-host NAME for the names people use", err=True)
    if access_log:
        logging.getLogger("uvicorn.access").addFilter(RedactTokens())
    uvicorn.run(
        app, host=host, port=port, log_level="info" if access_log else "warning", access_log=access_log,
        proxy_headers=bool(trusted_proxy), forwarded_allow_ips=list(trusted_proxy or []) or None,
        server_header=False,
    )
