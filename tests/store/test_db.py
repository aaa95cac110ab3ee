"""The shared database: creation, schema checks, migrations and one-line errors."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text

from turnbuckle.store import Base, SchemaTooNewError, StoreError, open_database, resolve_url
from turnbuckle.store.db import head_revisions
from turnbuckle.store.league_models import League


def test_new_file_gets_the_current_schema_wal_and_foreign_keys(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    with open_database(str(path)) as db:
        assert db.current_revisions() == head_revisions()
        assert "0001_league" in _all_revisions()
        with db.read() as session:
            assert session.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert session.execute(text("PRAGMA foreign_keys")).scalar() == 1
            assert session.execute(text("PRAGMA busy_timeout")).scalar() == 10_000


def test_migrations_match_the_models(tmp_path: Path) -> None:
    with open_database(str(tmp_path / "m.db")) as db, db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []


def test_write_commits_and_an_error_rolls_everything_back(tmp_path: Path) -> None:
    with open_database(str(tmp_path / "w.db")) as db:
        with db.write() as session:
            session.add(League(name="A", game="powerhouses", options={}))
        with pytest.raises(RuntimeError), db.write() as session:
            session.add(League(name="B", game="powerhouses", options={}))
            session.flush()
            raise RuntimeError("boom")
        with db.read() as session:
            assert [lg.name for lg in session.query(League)] == ["A"]


def test_empty_file_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    sqlite3.connect(path).close()  # an empty database from before any schema
    with open_database(str(path)) as db:
        assert db.current_revisions() == head_revisions()


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    open_database(str(path)).close()
    con = sqlite3.connect(path)
    con.execute("UPDATE alembic_version SET version_num = '0099_from_the_future'")
    con.commit()
    con.close()
    with pytest.raises(SchemaTooNewError, match="newer turnbuckle"):
        open_database(str(path))


@pytest.mark.parametrize("content", [b"this is not a database at all" * 100, b"SQLite format 3\x00" + b"\xff" * 5000])
def test_corrupt_file_is_one_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.db"
    path.write_bytes(content)
    with pytest.raises(StoreError) as info:
        open_database(str(path))
    assert "\n" not in str(info.value) and "bad.db" in str(info.value)


def test_foreign_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE notes (x)")
    con.close()
    with pytest.raises(StoreError, match="not a turnbuckle database"):
        open_database(str(path))


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="does not exist"):
        open_database(str(tmp_path / "nope" / "x.db"))


def test_resolution_env_and_urls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TURNBUCKLE_DB", str(tmp_path / "env.db"))
    assert resolve_url(None)[1] == tmp_path / "env.db"
    assert resolve_url(str(tmp_path / "cli.db"))[1] == tmp_path / "cli.db"
    url, path = resolve_url(f"sqlite:///{tmp_path}/u.db")
    assert path == tmp_path / "u.db" and url.get_backend_name() == "sqlite"
    assert resolve_url("postgresql://u@h/db")[1] is None
    monkeypatch.delenv("TURNBUCKLE_DB")
    assert resolve_url(None)[1] == Path("turnbuckle.db")


def _all_revisions() -> set[str]:
    from turnbuckle.store.db import known_revisions

    return known_revisions()


def test_older_schema_is_migrated_on_open(tmp_path: Path) -> None:
    from alembic import command

    from turnbuckle.store.db import alembic_config

    path = tmp_path / "older.db"
    open_database(str(path)).close()
    db = open_database(str(path))
    with db.engine.connect() as conn, conn.begin():
        command.downgrade(alembic_config(conn), "0001_league")
    assert db.current_revisions() == {"0001_league"}
    db.close()
    if head_revisions() == {"0001_league"}:
        return  # nothing newer to migrate to yet
    with open_database(str(path)) as again:
        assert again.current_revisions() == head_revisions()


def test_lesson_progress_migration_up_and_down_keeps_the_older_data(tmp_path: Path) -> None:
    """0010_lesson_progress on SQLite: a database at 0009_clocks with a player gains the table on open,
    stores a finished lesson (once per player, game and lesson), and loses only that table going down."""
    from alembic import command
    from sqlalchemy import inspect
    from sqlalchemy.exc import IntegrityError

    from turnbuckle.store.db import alembic_config

    path = tmp_path / "progress.db"
    open_database(str(path)).close()
    db = open_database(str(path))
    with db.engine.connect() as conn, conn.begin():
        command.downgrade(alembic_config(conn), "0009_clocks")
    assert "lesson_progress" not in inspect(db.engine).get_table_names()
    with db.engine.connect() as conn, conn.begin():
        conn.execute(text("INSERT INTO players (name, skeleton, password_hash, created_at) "
                          "VALUES ('Old_Timer', 'oldtimer', 'x', '2026-01-01 00:00:00')"))
    db.close()
    with open_database(str(path)) as again:
        assert again.current_revisions() == head_revisions()  # 0010 and the revisions after it
        insert = text("INSERT INTO lesson_progress (player_id, game, lesson, finished_at) "
                      "VALUES (1, 'powerhouses', 1, '2026-11-28 00:00:00')")
        with again.engine.connect() as conn, conn.begin():
            conn.execute(insert)
        with pytest.raises(IntegrityError), again.engine.connect() as conn, conn.begin():
            conn.execute(insert)
        with again.engine.connect() as conn, conn.begin():
            command.downgrade(alembic_config(conn), "0009_clocks")
        names = inspect(again.engine).get_table_names()
        assert "lesson_progress" not in names and "players" in names
        with again.engine.connect() as conn:
            assert conn.execute(text("SELECT name FROM players")).scalars().all() == ["Old_Timer"]


def test_puzzle_progress_migration_up_and_down_keeps_the_older_data(tmp_path: Path) -> None:
    """0011_puzzle_progress on SQLite: a database at 0010_lesson_progress with a player and a finished
    lesson gains the table on open, stores an answered puzzle (once per player, game and puzzle), and
    loses only that table going down."""
    from alembic import command
    from sqlalchemy import inspect
    from sqlalchemy.exc import IntegrityError

    from turnbuckle.store.db import alembic_config

    path = tmp_path / "puzzles.db"
    open_database(str(path)).close()
    db = open_database(str(path))
    with db.engine.connect() as conn, conn.begin():
        command.downgrade(alembic_config(conn), "0010_lesson_progress")
    assert "puzzle_progress" not in inspect(db.engine).get_table_names()
    with db.engine.connect() as conn, conn.begin():
        conn.execute(text("INSERT INTO players (name, skeleton, password_hash, created_at) "
                          "VALUES ('Old_Timer', 'oldtimer', 'x', '2026-01-01 00:00:00')"))
        conn.execute(text("INSERT INTO lesson_progress (player_id, game, lesson, finished_at) "
                          "VALUES (1, 'powerhouses', 1, '2026-11-28 00:00:00')"))
    db.close()
    with open_database(str(path)) as again:
        assert "0011_puzzle_progress" in _all_revisions() and again.current_revisions() == head_revisions()
        insert = text("INSERT INTO puzzle_progress (player_id, game, puzzle, solved, answered_at) "
                      "VALUES (1, 'powerhouses', 1, 1, '2026-11-28 00:00:00')")
        with again.engine.connect() as conn, conn.begin():
            conn.execute(insert)
        with pytest.raises(IntegrityError), again.engine.connect() as conn, conn.begin():
            conn.execute(insert)
        with again.engine.connect() as conn, conn.begin():
            command.downgrade(alembic_config(conn), "0010_lesson_progress")
        names = inspect(again.engine).get_table_names()
        assert "puzzle_progress" not in names and "lesson_progress" in names
        with again.engine.connect() as conn:
            assert conn.execute(text("SELECT lesson FROM lesson_progress")).scalars().all() == [1]
