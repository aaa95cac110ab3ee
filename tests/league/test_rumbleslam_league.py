"""A RUMBLESLAM promotion: teams hired within a Dosh budget are the league's competitors.

Every match is one round (``rounds=1``) between random agents, to keep the tests fast.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from league_helpers import assert_consistent, run_cli
from sqlalchemy import select

import turnbuckle
from turnbuckle.engine.datafiles import is_inline
from turnbuckle.engine.errors import DataFileError
from turnbuckle.league import service, teams
from turnbuckle.league.booking import parse_match_spec
from turnbuckle.league.errors import BookingError, LeagueError, UnknownWrestlerError
from turnbuckle.store import Database, open_database
from turnbuckle.store.league_models import LeagueMatch
from turnbuckle.store.team_models import LeagueTeam

READY = ["Gilded Tusk Wreckers", "Copperpot Pantry Raiders", "Rusty Lantern Rascals", "Marble Minotaur Legion"]
FAST = {"rounds": 1}


def write_team(path: Path, name: str, wrestlers: list[str], **extra: Any) -> Path:
    lines = [f"name = {json.dumps(name)}", f"wrestlers = {json.dumps(wrestlers)}"]
    for key, value in extra.items():  # JSON scalars and arrays of strings are TOML; inline tables are not
        if key == "tag_teams":
            tables = ", ".join(f"{{ name = {json.dumps(t['name'])}, style = {json.dumps(t['style'])} }}" for t in value)
            lines.append(f"tag_teams = [{tables}]")
        else:
            lines.append(f"{key} = {json.dumps(value)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def slam(db: Database) -> Database:
    """A lightweight (1000K) RUMBLESLAM league with the ready-made teams signed and a title."""
    service.create_league(db, "Slam", "rumbleslam", FAST, seed=7)
    assert service.sign(db, None, [], everyone=True) == READY
    assert service.new_title(db, None, "Slam Belt")["kind"] == "team"
    return db


def test_a_card_of_two_three_and_four_team_matches_runs_stores_and_replays(slam: Database) -> None:
    specs = [
        parse_match_spec("Gilded Tusk Wreckers vs Copperpot Pantry Raiders vs Rusty Lantern Rascals"),
        parse_match_spec(" vs ".join(READY)),
    ]
    service.book_card(slam, None, "Multi", specs[:1])
    service.book_card(slam, None, "Four", specs[1:])
    service.book_card(
        slam, None, "Title", [parse_match_spec("Rusty Lantern Rascals vs Marble Minotaur Legion | title=Slam Belt")]
    )
    summaries = [service.run_card(slam, None, None, ["random"]) for _ in range(3)]
    types = [m["match_type"] for s in summaries for m in s["matches"]]
    assert types == ["three_way", "four_way", "team"]
    title = summaries[2]["matches"][0]
    if title["winner"] is not None:  # a Dosh count can be a draw: the belt stays vacant
        assert title["winner"] in (["Rusty Lantern Rascals"], ["Marble Minotaur Legion"]) and title["title_changed"]
        assert service.titles_view(slam, None)[0]["champion"] == title["winner"]
    with slam.read() as session:
        for match in session.scalars(select(LeagueMatch)):
            params = match.params or {}
            assert params["players"] == len(match.sides)
            slots = [params[f"team{i}"] for i in range(len(match.sides))]
            assert all(is_inline(s) for s in slots)  # the teams as data, never a path
            assert "wrestlers" not in params and "teams" not in params
    for match_id in (1, 2, 3):
        assert service.replay_match(slam, None, match_id)["reproduces"] is True
    # a stored match is a replay file's worth of data: the strict replay (no local files) accepts it
    from turnbuckle.engine.replay import Replay, run_replay

    with slam.read() as session:
        stored = session.get(LeagueMatch, 2)
        assert stored is not None and stored.params and stored.actions and stored.result
        replay = Replay(
            game="rumbleslam",
            params=stored.params,
            seed=stored.seed,
            actions=stored.actions,
            returns=stored.result["returns"],
        )
    assert run_replay(replay).match_result() is not None
    assert_consistent(slam)


def test_a_season_books_teams_defends_the_team_title_and_shows_dosh(slam: Database) -> None:
    events = service.run_season(slam, None, 2, ["random"], matches_per_card=2)
    assert [e["event"] for e in events] == [1, 2]
    for event in events:
        for match in event["matches"]:
            assert all(len(side) == 1 and side[0] in READY for side in match["sides"])
    table = service.standings(slam, None)
    assert {r["name"]: r["cost"] for r in table["wrestlers"]} == {
        "Gilded Tusk Wreckers": 1000,
        "Copperpot Pantry Raiders": 1000,
        "Rusty Lantern Rascals": 920,
        "Marble Minotaur Legion": 945,
    }
    assert sum(r["wins"] + r["losses"] + r["draws"] for r in table["wrestlers"]) == 8
    history = service.history(slam, None, "Gilded Tusk Wreckers")
    assert history["matches"] and all(
        m["opponents"] and "Gilded Tusk Wreckers" not in m["opponents"] for m in history["matches"]
    )
    assert service.injuries_view(slam, None, include_healed=True) == []  # no cross-match injuries
    assert_consistent(slam)


def test_team_files_and_command_line_hires_are_checked_against_the_league_budget(db: Database, tmp_path: Path) -> None:
    service.create_league(db, "Mid", "rumbleslam", {**FAST, "size": "middleweight"}, seed=2)
    ok = write_team(
        tmp_path / "crew.toml",
        "Lantern Crew",
        ["Goblin Grappler", "Nix", "Nox", "Troll"],
        endorsements=2,
        tag_teams=[{"name": "The Lantern Twins", "style": "traditional"}],
    )
    crew = teams.sign_team_file(db, None, str(ok))
    assert crew["cost"] == 620 and crew["budget"] == 1500 and crew["source"] == str(ok)
    hired = teams.hire_team(db, None, "Hired Hands", ["Troll", "Orc Brawler"], 2, ["Phoenix Fizz"])
    assert hired["cost"] == 510 and hired["sponsorships"] == ["Phoenix Fizz"]
    with pytest.raises(LeagueError, match="already signed"):
        teams.hire_team(db, None, "hired hands", ["Troll"])
    with pytest.raises(LeagueError, match="cannot contain"):
        teams.hire_team(db, None, "Bread & Butter", ["Troll"])
    with pytest.raises(DataFileError, match=r"^team 'Odd': sponsorships: unknown sponsorship"):
        teams.hire_team(db, None, "Odd", ["Troll"], sponsorships=["Fizz"])
    with pytest.raises(DataFileError, match=r"team 'Tag': tag_teams\[0\]: The Lantern Twins needs both members"):
        teams.hire_team(db, None, "Tag", ["Nix", "Troll"], tag_teams=["The Lantern Twins:traditional"])
    # released, then re-hired with a new line-up: the record stays, the hiring is replaced
    service.release(db, None, "Hired Hands")
    with pytest.raises(UnknownWrestlerError, match="unknown team 'Hired Handz'"):
        service.release(db, None, "Hired Handz")
    again = teams.hire_team(db, None, "Hired Hands", ["Troll"])
    assert again["wrestlers"] == ["Troll"]
    listed = teams.list_teams(db, None)
    assert [t["name"] for t in listed["teams"]] == ["Lantern Crew", "Hired Hands"] and listed["budget"] == 1500
    with db.read() as session:
        assert len(list(session.scalars(select(LeagueTeam)))) == 2
    service.book_card(db, None, None, [parse_match_spec("Lantern Crew vs Hired Hands")])
    played = service.run_card(db, None, None, ["random"])
    assert played["matches"][0]["sides"] == [["Lantern Crew"], ["Hired Hands"]]
    assert service.replay_match(db, None, 1)["reproduces"] is True


def test_sign_all_takes_only_the_ready_made_teams_within_the_budget(db: Database) -> None:
    service.create_league(db, "Small", "rumbleslam", {**FAST, "budget": 930}, seed=1)
    assert service.sign(db, None, [], everyone=True) == ["Rusty Lantern Rascals"]
    with pytest.raises(DataFileError, match="over budget by 70K"):
        service.sign(db, None, ["Gilded Tusk Wreckers"])
    with pytest.raises(UnknownWrestlerError, match="did you mean 'Rusty Lantern Rascals'"):
        service.sign(db, None, ["Rusty Lantern Rascal"])


def test_bad_bookings_and_options_are_one_line_errors(slam: Database, db: Database) -> None:
    with pytest.raises(BookingError, match="each side is one team"):
        service.book_card(
            slam,
            None,
            None,
            [parse_match_spec("Gilded Tusk Wreckers & Copperpot Pantry Raiders vs Rusty Lantern Rascals")],
        )
    with pytest.raises(BookingError, match="one team against another"):
        service.book_card(slam, None, None, [parse_match_spec(" vs ".join(READY[:3]) + " | title=Slam Belt")])
    with pytest.raises(UnknownWrestlerError, match="unknown team 'Troll'"):
        service.book_card(slam, None, None, [parse_match_spec("Troll vs Rusty Lantern Rascals")])
    with pytest.raises(LeagueError, match="no tag titles"):
        service.new_title(slam, None, "Tag Belt", "tag")
    with pytest.raises(LeagueError, match="drop the option 'players'"):
        service.create_league(db, "Three", "rumbleslam", {"players": 3})


def test_an_old_database_is_migrated_to_keep_teams(tmp_path: Path) -> None:
    from alembic import command

    from turnbuckle.store.db import alembic_config, head_revisions

    path = tmp_path / "old.db"
    db = open_database(str(path))
    with db.engine.connect() as conn, conn.begin():
        command.downgrade(alembic_config(conn), "0002_live_matches")
    db.close()
    with sqlite3.connect(path) as raw:
        assert not raw.execute("SELECT name FROM sqlite_master WHERE name = 'league_team'").fetchall()
    with open_database(str(path)) as again:
        assert again.current_revisions() == head_revisions()
        service.create_league(again, "Slam", "rumbleslam", FAST, seed=1)
        assert service.sign(again, None, ["Rusty Lantern Rascals"]) == ["Rusty Lantern Rascals"]


# -- the CLI as a promoter runs it --------------------------------------------------------------
def test_cli_rumbleslam_promotion_end_to_end(tmp_path: Path) -> None:
    db = tmp_path / "slam.db"

    def ok(*args: str) -> Any:
        out = run_cli(*args, "--json", db=db)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)

    ok("new", "Slam", "--game", "rumbleslam", "-o", "size=middleweight", "-o", "rounds=1", "--seed", "5")
    assert ok("sign", "--all")["signed"] == READY
    crew = write_team(tmp_path / "crew.toml", "Lantern Crew", ["Goblin Grappler", "Nix", "Nox", "Troll"])
    assert ok("sign", "--team", str(crew))["signed"] == ["Lantern Crew"]
    hired = ok(
        "team",
        "hire",
        "Hired Hands",
        "-w",
        "Troll",
        "-w",
        "Orc Brawler",
        "--endorsements",
        "2",
        "--sponsorship",
        "Phoenix Fizz",
    )
    assert hired["cost"] == 510
    ok("belt", "new", "Slam Belt")
    ok("card", "new", "Opener", "-m", "Lantern Crew vs Hired Hands | title=Slam Belt", "-m", " vs ".join(READY))
    card = ok("card", "run", "-a", "random")
    assert card["status"] == "done" and [m["match_type"] for m in card["matches"]] == ["team", "four_way"]
    season = ok("season", "1", "-a", "random", "--matches", "3")
    assert len(season) == 1 and len(season[0]["matches"]) == 3
    standings = ok("standings")
    assert {r["name"]: r["cost"] for r in standings["wrestlers"]}["Hired Hands"] == 510
    titles = ok("titles")
    assert titles[0]["kind"] == "team"
    assert ok("history", "Lantern Crew")["matches"][0]["opponents"] == ["Hired Hands"]
    assert ok("replay", "2")["reproduces"] is True
    files = ok("export", "--out", str(tmp_path / "exp"))["files"]
    assert any(f.endswith("standings.csv") for f in files)
    assert "cost" in (tmp_path / "exp" / "standings.csv").read_text(encoding="utf-8").splitlines()[0]
    out = run_cli("standings", db=db)
    assert out.returncode == 0 and "Dosh" in out.stdout and "510K" in out.stdout
    assert run_cli("team", "list", db=db).returncode == 0


BAD_TEAMS = {
    "over-budget": (
        ["Orkishi", "The Brass Bull", "Troll", "Lady Ironjaw"],
        r"wrestlers: over budget by 190K \(1190K of 1000K\)",
    ),
    "superstar-twice": (["Orkishi", "Orkishi"], r"wrestlers\[1\]: Superstar Orkishi hired twice"),
    "unknown-wrestler": (["Troll", "Nobody"], r"wrestlers\[1\]: unknown wrestler 'Nobody'"),
}


def test_cli_bad_team_files_are_one_line_naming_file_and_field(tmp_path: Path) -> None:
    import re

    db = tmp_path / "bad.db"
    assert run_cli("new", "Slam", "--game", "rumbleslam", db=db).returncode == 0
    for case, (wrestlers, message) in BAD_TEAMS.items():
        bad = write_team(tmp_path / f"{case}.toml", "Bad", wrestlers)
        out = run_cli("sign", "--team", str(bad), db=db)
        assert out.returncode == 2, case
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: {bad}: team 'Bad': "), lines
        assert re.search(message, lines[0]), lines[0]
    with open_database(str(db)) as database:
        assert service.standings(database, None)["wrestlers"] == []  # nothing half-signed


def test_a_person_names_their_side_by_team() -> None:
    # `card run --play M --as TEAM`: in RUMBLESLAM the side is the team, not one of its wrestlers
    from turnbuckle.league.people import side_seats

    game = turnbuckle.load_game("rumbleslam")
    second = game.sides()[1].name
    assert side_seats(game, second) == side_seats(game, "2") == list(game.sides()[1].players)
