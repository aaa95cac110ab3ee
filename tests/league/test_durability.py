"""Nothing lost: SIGKILL mid-season, two writers on one file, read-only files, a full disk."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from league_helpers import assert_consistent, run_cli
from sqlalchemy import event, select

from turnbuckle.league import service
from turnbuckle.store import StoreError, open_database
from turnbuckle.store.league_models import LeagueMatch

SEASON = [sys.executable, "-m", "turnbuckle", "league", "season"]


def _new_league(path: Path, name: str = "Dice", seed: int = 21) -> None:
    assert run_cli("new", name, "--game", "powerhouses", "--seed", str(seed), db=path).returncode == 0
    assert run_cli("sign", "--all", "-l", name, db=path).returncode == 0
    assert run_cli("belt", "new", "World Title", "-l", name, db=path).returncode == 0


def _done(path: Path) -> int:
    con = sqlite3.connect(path, timeout=30)
    try:
        return int(con.execute("SELECT count(*) FROM league_match WHERE status = 'done'").fetchone()[0])
    except sqlite3.OperationalError:
        return 0
    finally:
        con.close()


def test_sigkill_mid_season_loses_nothing_and_the_next_run_continues(tmp_path: Path) -> None:
    path = tmp_path / "kill.db"
    _new_league(path)
    env = {**os.environ, "TURNBUCKLE_DB": str(path)}
    proc = subprocess.Popen(
        [*SEASON, "200", "--agent", "random", "--matches", "5", "--json"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    while _done(path) < 23 and time.monotonic() < deadline:  # stop it in the middle of a card
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    killed_at = _done(path)
    assert killed_at >= 23
    db = open_database(str(path))
    assert_consistent(db)  # every stored match is whole; records, ratings and outcomes agree
    with db.read() as session:
        booked = list(session.scalars(select(LeagueMatch).where(LeagueMatch.status == "booked")))
        assert all(m.actions is None and m.result is None for m in booked)
        stored = {
            m.id: (m.actions, m.result)
            for m in session.scalars(select(LeagueMatch).where(LeagueMatch.status == "done"))
        }
    db.close()
    # the next run finishes the half-run card first, then goes on
    again = run_cli("season", "2", "--agent", "random", "--matches", "5", db=path)
    assert again.returncode == 0, again.stderr
    db = open_database(str(path))
    assert_consistent(db)
    with db.read() as session:
        assert session.scalar(select(LeagueMatch).where(LeagueMatch.status == "booked")) is None
        for match in session.scalars(select(LeagueMatch).where(LeagueMatch.id.in_(stored))):
            assert (match.actions, match.result) == stored[match.id]  # finished matches untouched
    db.close()
    # and the result is the same league an uninterrupted run gives (seeds are fixed per match)
    clean = tmp_path / "clean.db"
    _new_league(clean)
    events = len(service.list_events(open_database(str(path)), None))
    assert run_cli("season", str(events), "--agent", "random", "--matches", "5", db=clean).returncode == 0
    a = service.list_events(open_database(str(path)), None)
    b = service.list_events(open_database(str(clean)), None)
    assert [[(m["sides"], m["winner"]) for m in e["matches"]] for e in a] == [
        [(m["sides"], m["winner"]) for m in e["matches"]] for e in b
    ]


def test_two_processes_writing_one_file(tmp_path: Path) -> None:
    path = tmp_path / "two.db"
    _new_league(path, "East", 1)
    _new_league(path, "West", 2)
    env = {**os.environ, "TURNBUCKLE_DB": str(path)}
    procs = [
        subprocess.Popen(
            [*SEASON, "6", "--agent", "random", "-l", name, "--json"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("East", "West")
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err  # different leagues: both succeed (WAL + busy timeout)
    db = open_database(str(path))
    assert [len(service.list_events(db, n)) for n in ("East", "West")] == [6, 6]
    assert_consistent(db)
    # the same league from two processes: each either finishes or says the league is busy
    procs = [
        subprocess.Popen(
            [*SEASON, "4", "--agent", "random", "-l", "East", "--json"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0 or (proc.returncode == 2 and "league is busy" in err), err
        assert "Traceback" not in err
    assert_consistent(db)
    db.close()


def test_busy_writer_gets_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "busy.db"
    _new_league(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process holding the write lock
    try:
        db = open_database(str(path), busy_timeout=0.3)
        with pytest.raises(StoreError, match="league is busy"):
            service.sign(db, None, ["Skylark Reyes"])
        db.close()
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_read_only_database(tmp_path: Path) -> None:
    path = tmp_path / "ro.db"
    _new_league(path)
    db = open_database(f"sqlite:///file:{path}?mode=ro&uri=true")
    assert service.standings(db, None)["wrestlers"]  # reading works
    with pytest.raises(StoreError, match="read-only"):
        service.new_title(db, None, "Tag Titles")
    db.close()


def test_full_disk_keeps_every_stored_match_whole(tmp_path: Path) -> None:
    path = tmp_path / "full.db"
    _new_league(path)
    db = open_database(str(path))
    pages = sqlite3.connect(path).execute("PRAGMA page_count").fetchone()[0]

    @event.listens_for(db.engine, "connect")
    def _small_disk(dbapi_conn: sqlite3.Connection, record: object) -> None:
        dbapi_conn.execute(f"PRAGMA max_page_count = {pages + 12}")

    db.engine.dispose()
    with pytest.raises(StoreError, match="disk full"):
        service.run_season(db, None, 200, ["random"])
    db.close()
    db = open_database(str(path))
    assert_consistent(db)
    db.close()


def test_cli_errors_are_one_line_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "cli.db"
    _new_league(path)
    for args, needle in [
        (["card", "new", "-m", "Nobody vs Skylark Reyes"], "unknown wrestler"),
        (
            ["card", "new", "-m", "Skylark Reyes vs Dutch Kettering", "-m", "Skylark Reyes vs Mama Odette"],
            "already booked",
        ),
        (["card", "new", "-m", "Skylark Reyes & Mama Odette vs Dutch Kettering & Lady Vesper"], "no match type"),
        (["history", "Nobody"], "unknown wrestler"),
        (["standings", "-l", "Nope"], "no league named"),
    ]:
        out = run_cli(*args, db=path)
        assert out.returncode == 2 and out.stderr.startswith("error: ") and needle in out.stderr, out.stderr
        assert out.stderr.count("\n") == 1
    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(b"garbage" * 1000)
    out = run_cli("standings", db=corrupt)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "corrupt" in out.stderr
    half = tmp_path / "half.db"
    half.write_bytes(path.read_bytes()[:4096] + b"\x00" * 4096)
    out = run_cli("standings", db=half)
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
