"""A card match played by a person: at the terminal (``card run --play``) and in the browser
(``card run --browser``, the web app, ``card collect``), stored and replayed like any other."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from league_helpers import assert_consistent
from sqlalchemy import select
from typer.testing import CliRunner

from turnbuckle.cli import main as cli_main
from turnbuckle.league import service
from turnbuckle.store import open_database
from turnbuckle.store.league_models import LeagueMatch

AUTO = "auto\n" * 2000
"""A person who leaves every decision to the computer advisor (``auto``), as ``turnbuckle play`` allows."""


@dataclass
class Outcome:
    code: int
    out: str
    err: str


def cli(db: Path, *args: str, stdin: str = "") -> Outcome:
    """``turnbuckle league ARGS --db DB`` in-process, with ``stdin`` as the person's typing."""
    with CliRunner().isolation(input=stdin) as (out, err, _):
        code = cli_main.run(["league", *args, "--db", str(db)])
        return Outcome(code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace"))


def one_line_error(outcome: Outcome, code: int, *needles: str) -> None:
    assert outcome.code == code, (outcome.code, outcome.out[-400:], outcome.err)
    lines = outcome.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), outcome.err
    assert "Traceback" not in outcome.err + outcome.out
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


def booked(tmp_path: Path) -> Path:
    """A powerhouses league with card #1 of three singles matches booked."""
    db = tmp_path / "people.db"
    assert cli(db, "new", "Dice", "--game", "powerhouses", "--seed", "5").code == 0
    assert cli(db, "sign", "--all").code == 0
    assert cli(db, "belt", "new", "World Title").code == 0
    made = cli(
        db,
        "card",
        "new",
        "Opener",
        "-m",
        "Skylark Reyes vs Dutch Kettering",
        "-m",
        "Mama Odette vs Lady Vesper | title=World Title",
        "-m",
        "Kaito Nakamura vs Big Sal Bonetti",
    )
    assert made.code == 0, made.err
    return db


def statuses(db: Path) -> list[tuple[str, list[str] | None]]:
    database = open_database(str(db))
    try:
        with database.read() as session:
            return [(m.status, m.agents) for m in session.scalars(select(LeagueMatch).order_by(LeagueMatch.position))]
    finally:
        database.close()


# -- the terminal -------------------------------------------------------------------------------
def test_play_one_match_at_the_terminal_then_replay(tmp_path: Path) -> None:
    db = booked(tmp_path)
    ran = cli(db, "card", "run", "1", "--play", "2", "--as", "Lady Vesper", "-a", "random", stdin=AUTO)
    assert ran.code == 0, ran.err
    assert "You play Lady Vesper" in ran.out and "your move" in ran.out
    assert "Card #1 Opener" in ran.out
    assert [s for s, _ in statuses(db)] == ["done", "done", "done"]
    assert statuses(db)[1][1] == ["random", "human"]  # Lady Vesper is the second side: seat 1
    replayed = cli(db, "replay", "2", "--json")
    assert replayed.code == 0, replayed.err
    assert json.loads(replayed.out)["reproduces"] is True
    database = open_database(str(db))
    try:
        assert_consistent(database)
        titles = service.titles_view(database, None)
        assert titles[0]["champion"]  # the person's title match crowned someone, like any match
    finally:
        database.close()


def test_end_of_input_leaves_the_match_booked_and_the_others_stored(tmp_path: Path) -> None:
    db = booked(tmp_path)
    left = cli(db, "card", "run", "--play", "2", "-a", "random", stdin="1\n")
    one_line_error(left, 2, "match 2 of card #1", "input ended", "--play 2")
    assert [s for s, _ in statuses(db)] == ["done", "booked", "booked"]
    quit_ = cli(db, "card", "run", "--play", "2", "-a", "random", stdin="quit\n")
    one_line_error(quit_, 2, "you quit")
    assert [s for s, _ in statuses(db)] == ["done", "booked", "booked"]
    again = cli(db, "card", "run", "1", "--play", "2", "--as", "1", "-a", "random", stdin=AUTO)
    assert again.code == 0, again.err
    assert [s for s, _ in statuses(db)] == ["done", "done", "done"]
    assert statuses(db)[1][1] == ["human", "random"]
    assert json.loads(cli(db, "replay", "2", "--json").out)["reproduces"] is True


def test_ctrl_c_exits_130_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from turnbuckle.agents.human import HumanAgent

    db = booked(tmp_path)

    def interrupted(self: HumanAgent, state: Any, rng: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(HumanAgent, "choose", interrupted)
    left = cli(db, "card", "run", "--play", "3", "-a", "random")
    one_line_error(left, 130, "match 3 of card #1", "interrupted")
    assert [s for s, _ in statuses(db)] == ["done", "done", "booked"]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--play", "4"), "matches 1 to 3, not 4"),
        (("--play", "1", "--as", "Nobody"), "not a side number or a wrestler"),
        (("--play", "1", "--as", "3"), "sides 1 to 2"),
        (("--play", "1", "--browser", "2"), "not both"),
        (("--as", "1"), "--as needs --play"),
        (("--play", "1", "--json"), "leave out --json"),
    ],
)
def test_bad_person_options(tmp_path: Path, args: tuple[str, ...], needle: str) -> None:
    db = booked(tmp_path)
    one_line_error(cli(db, "card", "run", "1", *args), 2, needle)
    assert [s for s, _ in statuses(db)] == ["booked"] * 3


# -- the browser --------------------------------------------------------------------------------
def play_in_browser(client: Any, live_id: str, token: str) -> None:
    """Play the person's seats through the web API to the end (the last legal action each time)."""
    headers = {"Authorization": f"Bearer {token}"}
    meta = client.get(f"/api/matches/{live_id}", headers=headers).json()
    seats = meta["you"]["seats"]
    assert seats
    for _ in range(20_000):
        view = client.get(f"/api/matches/{live_id}/seats/{seats[0]}", headers=headers).json()
        if view["finished"]:
            return
        mover = next((s for s in seats if client.get(f"/api/matches/{live_id}/seats/{s}", headers=headers)
                      .json()["legal_actions"]), None)
        if mover is None:
            time.sleep(0.005)
            continue
        view = client.get(f"/api/matches/{live_id}/seats/{mover}", headers=headers).json()
        posted = client.post(
            f"/api/matches/{live_id}/seats/{mover}/actions",
            json={"action": view["legal_actions"][-1]["name"], "expect": view["actions"]},
            headers=headers,
        )
        assert posted.status_code in (200, 409), posted.text
    raise AssertionError("the browser match did not end")


def test_one_match_in_the_browser_then_collect(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from turnbuckle.web.app import create_app
    from turnbuckle.web.sql_repository import SqlRepository

    db = booked(tmp_path)
    database = open_database(str(db))
    try:
        # the server runs before the match exists; the promoter plays the second side, so the
        # computer moves first: the server starts it when the match is first opened. This server
        # has no store-back hook (as one started before it existed): `card collect` stores the match
        app = create_app(SqlRepository(database), think_cap=2.0)
        app.state.service.finish_listeners.clear()
        with TestClient(app) as client:
            sent = cli(db, "card", "run", "1", "--browser", "2", "--as", "2", "-a", "random", "--json")
            assert sent.code == 0, sent.err
            summary = json.loads(sent.out)
            link = summary["browser"]
            assert summary["status"] == "booked"
            assert [m["status"] for m in summary["matches"]] == ["done", "live", "done"]
            assert link["url"].startswith("http://127.0.0.1:8000/m/") and "#t=" in link["url"]
            live_id, token = link["live_match"], link["url"].split("#t=")[1]
            # the card waits: season refuses, collect reports it is still being played
            one_line_error(cli(db, "season", "1", "-a", "random"), 2, "card #1 waits for match 2", "card collect 1")
            refused = cli(db, "season", "1", "--new", "-a", "random")  # nor starts a new season
            one_line_error(refused, 2, "card #1 waits for match 2")
            assert "begins" not in refused.out and service.rules_view(database, None)["season"] == 1
            waiting = json.loads(cli(db, "card", "collect", "1", "--json").out)
            assert waiting["collected"][0]["status"] == "playing"
            again = cli(db, "card", "run", "1", "-a", "random", "--json")  # nothing left for the agents
            assert again.code == 0, again.err
            assert [m["status"] for m in json.loads(again.out)["matches"]] == ["done", "live", "done"]
            one_line_error(cli(db, "release", "Lady Vesper"), 2, "booked on card #1")
            play_in_browser(client, live_id, token)
    finally:
        database.close()

    collected = cli(db, "card", "collect", "--json")
    assert collected.code == 0, collected.err
    info = json.loads(collected.out)
    assert [e["status"] for e in info["collected"]] == ["collected"]
    assert info["cards"][0]["status"] == "done" and info["cards"][0]["grade"] is not None
    status, agents = statuses(db)[1]
    assert status == "done" and agents == ["web:random", "browser"]
    replayed = json.loads(cli(db, "replay", "2", "--json").out)
    assert replayed["reproduces"] is True and "dice" in replayed["checked"]
    nothing = cli(db, "card", "collect")
    assert nothing.code == 0 and "No card is waiting" in nothing.out
    database = open_database(str(db))
    try:
        assert_consistent(database)
    finally:
        database.close()
    assert cli(db, "season", "1", "-a", "random").code == 0


def test_a_browser_match_is_stored_when_it_ends_without_collect(tmp_path: Path) -> None:
    # issue 25 item 6: the web app stores a league match played in the browser when it ends
    from fastapi.testclient import TestClient

    from turnbuckle.web.app import create_app
    from turnbuckle.web.sql_repository import SqlRepository

    db = booked(tmp_path)
    database = open_database(str(db))
    try:
        with TestClient(create_app(SqlRepository(database), think_cap=2.0)) as client:
            sent = cli(db, "card", "run", "1", "--browser", "2", "--as", "2", "-a", "random", "--json")
            assert sent.code == 0, sent.err
            link = json.loads(sent.out)["browser"]
            play_in_browser(client, link["live_match"], link["url"].split("#t=")[1])
            deadline = time.monotonic() + 30
            while statuses(db)[1][0] != "done":
                assert time.monotonic() < deadline, "the finished browser match was not stored"
                time.sleep(0.1)
    finally:
        database.close()
    status, agents = statuses(db)[1]
    assert status == "done" and agents == ["web:random", "browser"]
    card = json.loads(cli(db, "card", "show", "1", "--json").out)
    assert card["status"] == "done" and card["grade"] is not None
    nothing = cli(db, "card", "collect")
    assert nothing.code == 0 and "No card is waiting" in nothing.out
    replayed = json.loads(cli(db, "replay", "2", "--json").out)
    assert replayed["reproduces"] is True and "dice" in replayed["checked"]
    database = open_database(str(db))
    try:
        assert_consistent(database)
    finally:
        database.close()


def test_browser_dice_are_checked(tmp_path: Path) -> None:
    from turnbuckle.engine.registry import load_game
    from turnbuckle.league.errors import ReplayMismatchError
    from turnbuckle.league.people import checked_web_state
    from turnbuckle.web.live import chance_rng_at

    game = load_game("powerhouses")
    state = game.new_initial_state()
    seed = 42
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(chance_rng_at(seed, len(state.history))))
        else:
            state.apply_action(state.legal_actions()[-1])
    actions = [a.name for a in state.history]
    assert checked_web_state(game, actions, seed).match_result() == state.match_result()
    with pytest.raises(ReplayMismatchError, match="chance outcome"):
        checked_web_state(game, actions, seed + 1)
