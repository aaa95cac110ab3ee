"""The server-side session store and the log-in throttle, on SQLite and on PostgreSQL.

Both live in the database so that every server process sharing it sees the same sessions and
counts the same failed log-ins (docs/web.md, "Security model").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select

from turnbuckle.store import Database, open_database, utcnow
from turnbuckle.store.web_models import LoginFailure, WebSession
from turnbuckle.web import sessions, throttle


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    if request.param == "sqlite":
        url = str(tmp_path / "s.db")
    else:
        make: Callable[[], str] = request.getfixturevalue("pg_database")
        url = make()
    with open_database(url) as database:
        yield database


def test_a_session_names_its_subject_until_it_expires(db: Database) -> None:
    start = utcnow()
    token = sessions.open_session(db, "league_admin", "7", 3600, now=start)
    assert len(token) >= 43
    assert sessions.session_subject(db, "league_admin", token, now=start) == "7"
    assert sessions.session_subject(db, "league_admin", token, now=start + timedelta(seconds=3599)) == "7"
    assert sessions.session_subject(db, "league_admin", token, now=start + timedelta(seconds=3600)) is None
    assert sessions.session_subject(db, "player", token, now=start) is None  # another kind
    assert sessions.session_subject(db, "league_admin", token + "x", now=start) is None
    assert sessions.session_subject(db, "league_admin", "", now=start) is None
    assert sessions.session_subject(db, "league_admin", "a" * 10_000, now=start) is None
    with db.read() as s:  # only the hash is stored
        stored = s.execute(select(WebSession.token_hash)).scalars().all()
    assert token not in stored and len(stored) == 1 and len(stored[0]) == 64


def test_closing_a_session_ends_it_and_only_it(db: Database) -> None:
    first = sessions.open_session(db, "league_admin", "7", timedelta(hours=1))
    second = sessions.open_session(db, "league_admin", "7", timedelta(hours=1))
    assert first != second
    assert sessions.close_session(db, first) is True
    assert sessions.close_session(db, first) is False  # already ended
    assert sessions.session_subject(db, "league_admin", first) is None
    assert sessions.session_subject(db, "league_admin", second) == "7"


def test_revoke_all_ends_every_session_of_that_subject(db: Database) -> None:
    mine = [sessions.open_session(db, "league_admin", "7", 600) for _ in range(3)]
    other = sessions.open_session(db, "league_admin", "8", 600)
    player = sessions.open_session(db, "player", "7", 600)
    assert sessions.revoke_all(db, "league_admin", "7") == 3
    assert all(sessions.session_subject(db, "league_admin", t) is None for t in mine)
    assert sessions.session_subject(db, "league_admin", other) == "8"
    assert sessions.session_subject(db, "player", player) == "7"


def test_old_sessions_are_pruned_when_a_new_one_opens(db: Database) -> None:
    long_ago = utcnow() - timedelta(days=3)
    sessions.open_session(db, "league_admin", "7", 60, now=long_ago)
    sessions.open_session(db, "league_admin", "7", 60)
    with db.read() as s:
        assert s.execute(select(func.count()).select_from(WebSession)).scalar() == 1


def test_a_session_needs_a_kind_a_subject_and_a_lifetime(db: Database) -> None:
    with pytest.raises(ValueError):
        sessions.open_session(db, "", "7", 60)
    with pytest.raises(ValueError):
        sessions.open_session(db, "league_admin", "7" * 201, 60)
    with pytest.raises(ValueError):
        sessions.open_session(db, "league_admin", "7", 0)


def test_the_throttle_refuses_after_the_limit_until_the_window_passes(db: Database) -> None:
    start = utcnow()
    keys = ["addr:127.0.0.1", "league:7"]
    for i in range(4):
        assert throttle.check(db, keys, limit=5, window=60, now=start + timedelta(seconds=i)) is None
        throttle.record_failure(db, keys, now=start + timedelta(seconds=i))
    throttle.record_failure(db, ["league:7"], now=start + timedelta(seconds=10))
    # league:7 has 5 failures, the oldest at +0s: it leaves the 60 s window at +60 s
    assert throttle.check(db, keys, limit=5, window=60, now=start + timedelta(seconds=20)) == 40
    assert throttle.check(db, ["addr:127.0.0.1"], limit=5, window=60, now=start + timedelta(seconds=20)) is None
    assert throttle.check(db, ["league:8"], limit=5, window=60, now=start + timedelta(seconds=20)) is None
    # once the oldest leaves the window, one more try is allowed
    assert throttle.check(db, keys, limit=5, window=60, now=start + timedelta(seconds=60, milliseconds=1)) is None
    # a stricter limit counts from the failure that must leave: the second oldest, at +1 s
    assert throttle.check(db, keys, limit=4, window=60, now=start + timedelta(seconds=20)) == 41


def test_clear_forgets_only_the_keys_named(db: Database) -> None:
    keys = ["addr:10.9.8.7", "league:7"]
    for _ in range(3):
        throttle.record_failure(db, keys)
    assert throttle.check(db, ["league:7"], limit=3, window=60) is not None
    throttle.clear(db, ["league:7"])
    assert throttle.check(db, ["league:7"], limit=3, window=60) is None
    assert throttle.check(db, ["addr:10.9.8.7"], limit=3, window=60) is not None


def test_failures_older_than_a_day_are_deleted_and_long_keys_fit(db: Database) -> None:
    throttle.record_failure(db, ["addr:a"], now=utcnow() - timedelta(days=2))
    throttle.record_failure(db, ["account:" + "n" * 5000])
    with db.read() as s:
        keys = s.execute(select(LoginFailure.key)).scalars().all()
    assert keys == ["account:" + "n" * 192]


def test_two_databases_handles_share_the_count(db: Database) -> None:
    """Two server processes are two handles on one database: failures through one count in the other."""
    other = open_database(db.url.render_as_string(hide_password=False) if db.path is None else str(db.path))
    try:
        for _ in range(3):
            throttle.record_failure(other, ["addr:1.2.3.4"])
        assert throttle.check(db, ["addr:1.2.3.4"], limit=3, window=60) is not None
        token = sessions.open_session(other, "league_admin", "1", 60)
        assert sessions.session_subject(db, "league_admin", token) == "1"
    finally:
        other.close()
