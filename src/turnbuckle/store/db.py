"""Opening the turnbuckle database: where it is, SQLite settings, schema checks and migrations.

``open_database(None)`` uses ``$TURNBUCKLE_DB`` (a path or an SQLAlchemy URL) or else the file
``turnbuckle.db`` in the current directory. SQLite runs in WAL mode with a busy timeout and foreign
keys on; writers take the lock up front (``BEGIN IMMEDIATE``), so two processes either both get
their turn or one is told the league is busy. A file from an older turnbuckle is migrated with
the Alembic revisions shipped in ``turnbuckle/store/migrations``; one from a newer turnbuckle is
refused. Every database failure reaches the user as a one-line ``StoreError``.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session

from turnbuckle.store.errors import SchemaTooNewError, StoreBusyError, StoreError

ENV_VAR = "TURNBUCKLE_DB"
DEFAULT_FILENAME = "turnbuckle.db"
DEFAULT_BUSY_TIMEOUT = 10.0
"""Seconds a writer waits for another process's write to finish before "league is busy"."""
MIGRATIONS = Path(__file__).with_name("migrations")
SQLITE_MAGIC = b"SQLite format 3\x00"


def resolve_url(url_or_path: str | None = None) -> tuple[URL, Path | None]:
    """The SQLAlchemy URL for ``--db`` (a path or URL), else ``$TURNBUCKLE_DB``, else ``./turnbuckle.db``.

    Returns the URL and, for SQLite files, the file path (``None`` for servers and ``:memory:``).
    """
    value = url_or_path or os.environ.get(ENV_VAR) or DEFAULT_FILENAME
    if "://" in value:
        if value.startswith("postgres://"):  # the spelling many hosting services hand out
            value = "postgresql://" + value.removeprefix("postgres://")
        try:
            url = make_url(value)
        except ArgumentError:
            raise StoreError(f"not a database URL or path: {value!r}") from None
        if url.drivername == "postgresql":  # the driver turnbuckle[postgres] installs, whatever SQLAlchemy's default
            url = url.set(drivername="postgresql+psycopg")
        if url.get_backend_name() != "sqlite":
            return url, None
        database = url.database or ""
        if database in ("", ":memory:") or database.startswith("file:"):
            return url, None
        return url, Path(database)
    path = Path(value).expanduser()
    return URL.create("sqlite+pysqlite", database=str(path)), path


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic config pointing at the shipped migrations (no alembic.ini needed)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("path_separator", "os")
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def head_revisions() -> set[str]:
    return set(ScriptDirectory.from_config(alembic_config()).get_heads())


def known_revisions() -> set[str]:
    return {rev.revision for rev in ScriptDirectory.from_config(alembic_config()).walk_revisions()}


def translate_error(exc: BaseException, where: str) -> StoreError:
    """One line for people from a driver error: busy, read-only, disk full, corrupt, ..."""
    if isinstance(exc, StoreError):
        return exc
    orig = exc.orig if isinstance(exc, DBAPIError) else exc
    detail = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
    low = detail.lower()
    if "locked" in low or "busy" in low or "deadlock detected" in low:
        return StoreBusyError(f"league is busy: another turnbuckle process is writing {where}; try again shortly")
    if "readonly" in low or "read-only" in low or "read only" in low:
        return StoreError(f"{where} is read-only: cannot save (check the file's and its folder's permissions)")
    if "disk is full" in low or "no space" in low or "database or disk is full" in low:
        return StoreError(f"{where}: disk full; the unfinished step was not saved (free some space and rerun)")
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return StoreError(f"{where} is corrupt or not a turnbuckle database ({detail})")
    if "connection refused" in low or "could not connect" in low or "connection failed" in low:
        return StoreError(f"{where}: cannot reach the database server ({detail})")
    if "unable to open" in low:
        return StoreError(f"{where}: cannot open the database file (does its folder exist, may you write there?)")
    if "disk i/o" in low:
        return StoreError(f"{where}: disk I/O error (is the disk full or failing?)")
    return StoreError(f"{where}: database error: {detail}")


class Database:
    """An open turnbuckle database: ``read()`` and ``write()`` give sessions that map errors."""

    def __init__(self, url: URL, path: Path | None, busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> None:
        self.url = url
        self.path = path
        self.busy_timeout = busy_timeout
        self.where = str(path) if path is not None else url.render_as_string(hide_password=True)
        self.is_sqlite = url.get_backend_name() == "sqlite"
        self.is_postgres = url.get_backend_name() == "postgresql"
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"timeout": busy_timeout}
        else:
            kwargs["pool_pre_ping"] = True
        try:
            self.engine: Engine = create_engine(url, **kwargs)
        except ImportError as exc:
            extra = " (pip install 'turnbuckle[postgres]')" if self.is_postgres else ""
            raise StoreError(f"cannot use database {self.where}: {exc}{extra}") from None
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot use database {self.where}: {exc}") from None
        if self.is_sqlite:
            self._install_sqlite_hooks()
        self._writer = self.engine.execution_options(turnbuckle_write=True)

    # -- SQLite plumbing ----------------------------------------------------------------
    def _install_sqlite_hooks(self) -> None:
        busy_ms = int(self.busy_timeout * 1000)

        @event.listens_for(self.engine, "connect")
        def _on_connect(dbapi_conn: sqlite3.Connection, record: object) -> None:
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (see _on_begin)
            cur = dbapi_conn.cursor()
            try:
                cur.execute(f"PRAGMA busy_timeout = {busy_ms}")
                cur.execute("PRAGMA foreign_keys = ON")
                # a read-only file stays in its mode; writes then fail with a clear error
                with suppress(sqlite3.OperationalError):
                    cur.execute("PRAGMA journal_mode = WAL")
                cur.execute("PRAGMA synchronous = NORMAL")  # WAL: durable against crashes of the process
            finally:
                cur.close()

        @event.listens_for(self.engine, "begin")
        def _on_begin(conn: Connection) -> None:
            write = conn.get_execution_options().get("turnbuckle_write", False)
            conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    # -- sessions -----------------------------------------------------------------------
    @contextmanager
    def read(self) -> Iterator[Session]:
        """A session for reading; nothing it does is committed."""
        try:
            with Session(self.engine, expire_on_commit=False) as session:
                yield session
                session.rollback()
        except (SQLAlchemyError, sqlite3.Error) as exc:
            raise translate_error(exc, self.where) from None

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One transaction: committed when the block ends, rolled back (all of it) on any error.

        On SQLite the write lock is taken at the start (``BEGIN IMMEDIATE``), waiting up to the
        busy timeout for another writer; then ``StoreBusyError`` ("league is busy").
        """
        try:
            with Session(self._writer, expire_on_commit=False) as session, session.begin():
                yield session
        except (SQLAlchemyError, sqlite3.Error) as exc:
            raise translate_error(exc, self.where) from None

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- schema ---------------------------------------------------------------------------
    def current_revisions(self) -> set[str]:
        """The schema revisions recorded in the database (empty for a new database)."""
        try:
            with self.engine.connect() as conn:
                heads = set(MigrationContext.configure(conn).get_current_heads())
                if not heads and set(inspect(conn).get_table_names()) - {"alembic_version"}:
                    # another process may have just committed its migration (tables and version
                    # together) between the two reads: read the version again before refusing
                    heads = set(MigrationContext.configure(conn).get_current_heads())
                    if not heads:
                        raise StoreError(
                            f"{self.where} holds tables but no turnbuckle schema version: not a turnbuckle database"
                        )
                conn.rollback()
                return heads
        except (SQLAlchemyError, sqlite3.Error) as exc:
            raise translate_error(exc, self.where) from None

    def check_schema(self, migrate: bool = True) -> None:
        """Refuse a newer schema; bring an older (or empty) one up to date when ``migrate``."""
        current = self.current_revisions()
        known = known_revisions()
        unknown = sorted(current - known)
        if unknown:
            raise SchemaTooNewError(
                f"{self.where} was written by a newer turnbuckle (schema {', '.join(unknown)}); "
                "upgrade turnbuckle to use it"
            )
        if current == head_revisions():
            return
        if not migrate:
            raise StoreError(f"{self.where} needs a schema upgrade; open it without read-only to migrate")
        self.upgrade()

    def upgrade(self) -> None:
        """Run the shipped Alembic migrations up to head, in one transaction, under the write lock."""
        try:
            with self._writer.connect() as conn, conn.begin():
                if not self.is_sqlite and conn.dialect.name == "postgresql":
                    conn.execute(text("SELECT pg_advisory_xact_lock(727212)"))
                if set(MigrationContext.configure(conn).get_current_heads()) == head_revisions():
                    return  # another process migrated while we waited for the lock
                command.upgrade(alembic_config(conn), "heads")
        except (SQLAlchemyError, sqlite3.Error) as exc:
            raise translate_error(exc, self.where) from None


def _check_sqlite_file(path: Path) -> None:
    """A missing file is fine (created); a directory or a non-SQLite file is refused at once."""
    if not path.exists():
        if not path.parent.exists():
            raise StoreError(f"{path}: cannot create the database (folder {path.parent} does not exist)")
        return
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a database file")
    try:
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise StoreError(f"{path}: cannot read the database file ({exc.strerror})") from None
    if head and head != SQLITE_MAGIC:
        raise StoreError(f"{path} is corrupt or not a turnbuckle database (no SQLite header)")


def open_database(
    url_or_path: str | None = None, *, migrate: bool = True, busy_timeout: float = DEFAULT_BUSY_TIMEOUT
) -> Database:
    """Open (creating or migrating as needed) the turnbuckle database.

    ``url_or_path``: a file path or SQLAlchemy URL; ``None`` means ``$TURNBUCKLE_DB`` or else
    ``./turnbuckle.db``. Raises ``StoreError`` (one line) for a corrupt file, a schema from a newer
    turnbuckle, a read-only file that needs migrating, or a server that cannot be reached.
    """
    url, path = resolve_url(url_or_path)
    if path is not None:
        _check_sqlite_file(path)
    db = Database(url, path, busy_timeout=busy_timeout)
    try:
        db.check_schema(migrate=migrate)
    except BaseException:
        db.close()
        raise
    return db


__all__ = [
    "DEFAULT_FILENAME",
    "ENV_VAR",
    "Database",
    "alembic_config",
    "head_revisions",
    "open_database",
    "resolve_url",
    "translate_error",
]
