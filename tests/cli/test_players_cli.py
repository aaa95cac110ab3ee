"""``turnbuckle players``: the operator disables an account (its open challenges withdrawn, its
sessions ended), resets a password, and lists sign-ups and log-ins (issue 31, item 3)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from turnbuckle.cli import main as cli_main
from turnbuckle.store import open_database
from turnbuckle.store.player_models import Challenge
from turnbuckle.web import accounts, lobby, sessions

PASSWORD = "a long enough pass phrase"


@dataclass
class Outcome:
    code: int
    out: str
    err: str


def cli(db: Path, *args: str) -> Outcome:
    with CliRunner().isolation() as (out, err, _):
        code = cli_main.run(["players", *args, "--db", str(db)])
        return Outcome(code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace"))


def setup_players(path: Path) -> str:
    """Rex with an open challenge and a live session (returned); Sam with nothing."""
    with open_database(str(path)) as db:
        rex = accounts.sign_up(db, "Rex", PASSWORD, "10.0.0.5")
        accounts.sign_up(db, "Sam", PASSWORD)
        lobby.create(db, rex, "powerhouses", {})
        return accounts.open_session(db, rex, "10.0.0.5")


def test_disabling_withdraws_open_challenges_and_ends_sessions(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    session = setup_players(path)
    done = cli(path, "disable", "rex")
    assert done.code == 0, done.err
    assert "Disabled Rex" in done.out and "1 open challenge withdrawn" in done.out
    with open_database(str(path)) as db:
        assert sessions.session_subject(db, accounts.KIND, session) is None
        assert accounts.log_in(db, "Rex", PASSWORD) is None
        with db.read() as s:
            assert [c.status for c in s.query(Challenge)] == ["withdrawn"]
    assert cli(path, "enable", "Rex").code == 0
    with open_database(str(path)) as db:
        assert accounts.log_in(db, "Rex", PASSWORD) is not None


def test_reset_password_prints_a_new_one_once_and_ends_sessions(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    session = setup_players(path)
    done = cli(path, "reset-password", "Rex", "--json")
    assert done.code == 0, done.err
    fresh = json.loads(done.out)["password"]
    with open_database(str(path)) as db:
        assert accounts.log_in(db, "Rex", PASSWORD) is None
        assert accounts.log_in(db, "Rex", fresh) is not None
        assert sessions.session_subject(db, accounts.KIND, session) is None


def test_activity_lists_sign_ups_and_log_ins_never_a_secret(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    session = setup_players(path)
    shown = cli(path, "activity")
    assert shown.code == 0, shown.err
    assert "signup" in shown.out and "login" in shown.out and "10.0.0.5" in shown.out and "Sam" in shown.out
    assert session not in shown.out and PASSWORD not in shown.out
    lines = json.loads(cli(path, "activity", "--json").out)
    assert {(line["player"], line["what"]) for line in lines} == {("Rex", "signup"), ("Sam", "signup"),
                                                                  ("Rex", "login")}


def test_an_unknown_player_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    setup_players(path)
    for command in ("disable", "enable", "reset-password"):
        outcome = cli(path, command, "Nobody")
        assert outcome.code == 2
        assert outcome.err.strip() == "error: no player named 'Nobody'", outcome.err
