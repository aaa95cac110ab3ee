"""``turnbuckle serve``: the web app on this machine (matches are kept in the database).

One process by default; ``--workers N`` runs N processes sharing the matches through a PostgreSQL
database (uvicorn starts them; each builds its app from the settings passed in the environment,
``turnbuckle.web.settings``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import typer

from turnbuckle.engine.errors import ParamError, quoted

EVERY_INTERFACE = ("0.0.0.0", "::", "")
MAX_WORKERS = 64


def allowed_hosts(bind: str, given: Sequence[str]) -> list[str]:
    """The Host names the server answers to: those given, else the bind address and this machine's
    loopback names. A name is a bare host (no scheme, port or path)."""
    from turnbuckle.web.settings import HOST_NAME, LOCAL_NAMES

    for name in given:
        if not HOST_NAME.fullmatch(name.strip()):
            raise ParamError(f"--allowed-host {quoted(name)}: give a host name or address only, such as "
                             "play.example.org (no scheme, port or path)")
    if given:
        return [name.strip() for name in given]
    return list(dict.fromkeys([*([bind] if bind not in EVERY_INTERFACE else []), *LOCAL_NAMES]))


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: str | None = typer.Option(
        None, "--db", help="Database path or SQLAlchemy URL (default $TURNBUCKLE_DB or ./turnbuckle.db; "
        "'memory' keeps nothing; postgresql://... for several --workers)."
    ),
    workers: int = typer.Option(
        1, "--workers", help="Server processes sharing the matches (more than 1 needs a PostgreSQL --db)."
    ),
    think: float = typer.Option(5.0, "--think", help="Seconds the computer may think per decision."),
    thinkers: int = typer.Option(
        2, "--thinkers", help="Computer decisions made at once, per process (more wait in a queue)."
    ),
    lease_seconds: float = typer.Option(
        10.0, "--lease-seconds",
        help="With several processes: how soon another process takes over the computer seats of one that died.",
    ),
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
        30.0, "--creates-per-minute", help="Matches one client address may create a minute, per process (0: no limit)."
    ),
    actions_per_minute: float = typer.Option(
        600.0, "--actions-per-minute",
        help="Moves and other changes one client address may send a minute, per process (0: no limit).",
    ),
    clock_scale: float = typer.Option(
        1.0, "--clock-scale",
        help="Every new match clock's durations times this, above 0 and at most 1 (sped-up clocks for trials).",
    ),
    access_log: bool = typer.Option(False, "--access-log", help="Log every request (tokens in addresses are masked)."),
) -> None:
    """Play in the browser: against the computer, hot-seat, or with an invite link; watch and replay."""
    import uvicorn

    from turnbuckle.store import ENV_VAR as DB_ENV_VAR
    from turnbuckle.store import open_database, resolve_url
    from turnbuckle.web.app import app_from_settings
    from turnbuckle.web.limits import Limits
    from turnbuckle.web.settings import ENV_VAR, ServeSettings

    if not 0 < port < 65536:
        raise ParamError(f"--port must be from 1 to 65535, got {port}")
    if not 1 <= workers <= MAX_WORKERS:
        raise ParamError(f"--workers must be from 1 to {MAX_WORKERS}, got {workers}")
    chosen = db or os.environ.get(DB_ENV_VAR) or None
    if workers > 1 and (chosen == "memory" or resolve_url(chosen)[0].get_backend_name() != "postgresql"):
        kind = "memory" if chosen == "memory" else "SQLite"
        raise ParamError(f"--workers {workers} needs a PostgreSQL database (--db postgresql://...): "
                         f"{kind} serves one process")
    hosts = allowed_hosts(host, allowed_host or [])
    limits = Limits(body_bytes=max_body_kib * 1024, replay_bytes=max_replay_kib * 1024,
                    creates_per_minute=creates_per_minute, actions_per_minute=actions_per_minute)
    settings = ServeSettings(db=chosen, think=think, thinkers=thinkers, allowed_hosts=tuple(hosts), limits=limits,
                             lease_seconds=lease_seconds, access_log=access_log, clock_scale=clock_scale).check()
    database = None if chosen == "memory" else open_database(chosen)  # migrated once, before any worker starts
    where = "memory (nothing is kept)" if database is None else database.where
    target: Any
    if workers == 1:
        target = app_from_settings(settings, database)
    else:
        assert database is not None
        database.close()
        os.environ[ENV_VAR] = settings.to_json()  # each worker process builds its app from these
        target = "turnbuckle.web.app:from_environment"
    shown = f"[{host}]" if ":" in host else host
    processes = f"; {workers} processes" if workers > 1 else ""
    typer.echo(f"turnbuckle serving on http://{shown}:{port}/  (matches kept in {where}{processes}; Ctrl+C stops)")
    if host in EVERY_INTERFACE and not allowed_host:
        typer.echo("note: listening on every interface, but answering only to "
                   f"{', '.join(hosts)}: add --allowed-host NAME for the names people use", err=True)
    if access_log:
        from turnbuckle.web.settings import redact_access_log

        redact_access_log()
    uvicorn.run(
        target, host=host, port=port, workers=workers if workers > 1 else None, factory=workers > 1,
        log_level="info" if access_log else "warning", access_log=access_log,
        proxy_headers=bool(trusted_proxy), forwarded_allow_ips=list(trusted_proxy or []) or None,
        server_header=False,
    )
