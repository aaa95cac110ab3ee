"""``turnbuckle serve``: the web app on this machine (matches are kept in the database)."""

from __future__ import annotations

import typer

from turnbuckle.engine.errors import ParamError


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: str | None = typer.Option(
        None, "--db", help="Database path or SQLAlchemy URL (default $TURNBUCKLE_DB or ./turnbuckle.db; "
        "'memory' keeps nothing)."
    ),
    think: float = typer.Option(5.0, "--think", help="Seconds the computer may think per decision."),
) -> None:
    """Play in the browser: against the computer, hot-seat, or with an invite link; watch and replay."""
    import uvicorn

    from turnbuckle.web.app import create_app
    from turnbuckle.web.repository import MatchRepository, MemoryRepository

    if not 0 < port < 65536:
        raise ParamError(f"--port must be from 1 to 65535, got {port}")
    if think <= 0:
        raise ParamError("--think must be a positive number of seconds")
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
    app = create_app(repository, think_cap=think)
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"turnbuckle serving on http://{shown}:{port}/  (matches kept in {where}; Ctrl+C stops)")
    uvicorn.run(app, host=host, port=port, log_level="warning")
