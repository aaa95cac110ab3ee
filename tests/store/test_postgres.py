"""The database on PostgreSQL: the migrations, the league, and the change notices.

Runs on a throwaway cluster the tests start (``pg_url``, tests/conftest.py), or on the server named
by ``TURNBUCKLE_TEST_PG``; skipped only where PostgreSQL is not installed. See docs/deploy.md.
"""

from __future__ import annotations

import threading
import uuid
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, delete

from turnbuckle.league import service
from turnbuckle.league.booking import parse_match_spec
from turnbuckle.store import Base, Database, StoreError, open_database
from turnbuckle.store.db import alembic_config, head_revisions, known_revisions, resolve_url
from turnbuckle.store.league_models import League
from turnbuckle.store.notices import Listener, notify

pytestmark = pytest.mark.postgres


def test_every_migration_runs_up_and_down_on_postgres(pg_url: str) -> None:
    with open_database(pg_url) as db:
        assert db.current_revisions() == head_revisions()
        with db.engine.connect() as conn:  # the migrations build exactly the models' schema
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
        with db.engine.connect() as conn, conn.begin():
            command.downgrade(alembic_config(conn), "base")
        assert db.current_revisions() == set()
    with open_database(pg_url) as again:  # and all the way up again, from nothing
        assert again.current_revisions() == head_revisions()
        assert "0004_league_web" in known_revisions()


def test_league_on_postgres(pg_url: str) -> None:
    db = open_database(pg_url)
    name = f"pg-{uuid.uuid4().hex[:8]}"
    try:
        assert db.current_revisions() == head_revisions()
        service.create_league(db, name, "powerhouses", {}, seed=4)
        service.sign(db, name, [], everyone=True)
        service.new_title(db, name, "World Title")
        service.book_card(db, name, None, [parse_match_spec("Skylark Reyes vs Dutch Kettering | title=World Title")])
        service.run_card(db, name, None, ["random"])
        summaries = service.run_season(db, name, 2, ["random"], matches_per_card=3)
        assert all(s["status"] == "done" for s in summaries)
        table = service.standings(db, name)["wrestlers"]
        assert sum(r["wins"] + r["losses"] + r["draws"] for r in table) == 2 * (1 + 2 * 3)
        assert service.titles_view(db, name)[0]["champion"]
        assert service.replay_match(db, name, summaries[-1]["matches"][-1]["id"])["reproduces"]
    finally:
        with db.write() as session:  # the database cascades to everything the league owns
            session.execute(delete(League).where(League.name == name))
        db.close()


def test_a_notice_arrives_once_committed_and_never_when_rolled_back(pg_url: str) -> None:
    heard: list[str] = []
    arrived = threading.Event()

    def on_notice(payload: str) -> None:
        heard.append(payload)
        arrived.set()

    with open_database(pg_url) as db:
        listener = Listener(db.url, "turnbuckle_test", on_notice)
        listener.start()
        try:
            assert listener.listening
            with pytest.raises(RuntimeError), db.write() as session:
                notify(session, "turnbuckle_test", "rolled back")
                raise RuntimeError("the change fails")
            with db.write() as session:
                notify(session, "turnbuckle_test", "committed")
            assert arrived.wait(10)
        finally:
            listener.stop()
    assert heard == ["committed"]


def test_a_postgres_url_uses_psycopg_and_an_unreachable_server_is_one_line() -> None:
    assert resolve_url("postgresql://u@h/db")[0].drivername == "postgresql+psycopg"
    assert resolve_url("postgres://u@h/db")[0].drivername == "postgresql+psycopg"
    with pytest.raises(StoreError) as caught:
        open_database("postgresql://nobody@127.0.0.1:1/nothing")
    assert "\n" not in str(caught.value) and "cannot reach the database server" in str(caught.value)


def test_a_migration_committed_between_two_reads_is_not_taken_for_a_foreign_schema(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # two servers starting at once on an empty database: while one checks the schema, the other's
    # migration commits (its tables and its version together) between the check's two reads
    from turnbuckle.store import db as store_db

    migrating = create_engine(resolve_url(pg_url)[0])
    other = migrating.connect()
    migration = other.begin()
    command.upgrade(alembic_config(other), "heads")  # not committed yet: invisible to anyone else
    real_inspect = store_db.inspect

    def inspect_after_the_commit(conn: Any) -> Any:
        if migration.is_active:
            migration.commit()
        return real_inspect(conn)

    monkeypatch.setattr(store_db, "inspect", inspect_after_the_commit)
    checking = Database(*resolve_url(pg_url))
    try:
        assert checking.current_revisions() == head_revisions()
    finally:
        checking.close()
        other.close()
        migrating.dispose()


def test_the_same_lesson_recorded_at_once_from_two_tabs_is_stored_once(pg_url: str) -> None:
    """Two requests recording one finished lesson at the same moment (two tabs, or the finish and
    the log-in's sending of the browser's marks): both succeed and the lesson is stored once."""
    from turnbuckle.store.learn_models import LessonProgress
    from turnbuckle.web import accounts, lesson_marks

    with open_database(pg_url) as db:
        player = accounts.sign_up(db, f"Tabs_{uuid.uuid4().hex[:8]}", "a long enough pass phrase")
        failures: list[BaseException] = []
        for _ in range(15):
            lesson_marks.forget(db, player.id, "powerhouses")
            start = threading.Barrier(6)

            def tab(start: threading.Barrier) -> None:
                try:
                    start.wait()
                    lesson_marks.record(db, player.id, "powerhouses", [1, 2])
                except BaseException as exc:  # collected and asserted below
                    failures.append(exc)

            threads = [threading.Thread(target=tab, args=(start,)) for _ in range(6)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert failures == []
            assert lesson_marks.finished(db, player.id) == {"powerhouses": [1, 2]}
        with db.write() as session:
            session.execute(delete(LessonProgress).where(LessonProgress.player_id == player.id))


def test_the_same_puzzle_answered_at_once_from_two_tabs_is_stored_once(pg_url: str) -> None:
    """Requests recording one puzzle's answer at the same moment (tabs, some right and some wrong):
    all succeed, the puzzle is stored once, and solved, since one of them was right."""
    from turnbuckle.store.puzzle_models import PuzzleProgress
    from turnbuckle.web import accounts, puzzle_marks

    with open_database(pg_url) as db:
        player = accounts.sign_up(db, f"Tabs_{uuid.uuid4().hex[:8]}", "a long enough pass phrase")
        failures: list[BaseException] = []
        for _ in range(15):
            with db.write() as session:
                session.execute(delete(PuzzleProgress).where(PuzzleProgress.player_id == player.id))
            start = threading.Barrier(6)

            def tab(start: threading.Barrier, solved: bool) -> None:
                try:
                    start.wait()
                    puzzle_marks.record(db, player.id, "powerhouses", 1, solved)
                except BaseException as exc:  # collected and asserted below
                    failures.append(exc)

            threads = [threading.Thread(target=tab, args=(start, i == 3)) for i in range(6)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert failures == []
            assert puzzle_marks.marks(db, player.id) == {"powerhouses": {"1": "solved"}}
        with db.write() as session:
            session.execute(delete(PuzzleProgress).where(PuzzleProgress.player_id == player.id))
