"""The promotion's own rules and time (issue 25): the admin token, titles on count-outs and
disqualifications, reigns measured in cards, seasons, and the match lines of `season` and `card show`."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from league_helpers import assert_consistent, run_cli
from sqlalchemy import select

from turnbuckle.league import service
from turnbuckle.league.admin import admin_token_matches, token_hash
from turnbuckle.league.cards import NO_TITLE_CHANGE
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.wording import match_line, method_words
from turnbuckle.store import Database, open_database
from turnbuckle.store.league_models import League, LeagueEvent, LeagueMatch, TitleReign


def test_the_admin_token_is_shown_once_kept_as_a_hash_and_replaced(db: Database) -> None:
    info = service.create_league(db, "Dice", "powerhouses", {}, seed=1)
    token = info["admin_token"]
    with db.read() as session:
        league = session.scalars(select(League)).one()
        assert league.admin_token_hash == token_hash(token) != token
        assert admin_token_matches(league, token)
        assert not admin_token_matches(league, token + "x") and not admin_token_matches(league, None)
    raw = sqlite3.connect(str(db.path)).execute("SELECT * FROM league").fetchall()
    assert token not in repr(raw)  # only the hash is stored
    again = service.issue_admin_token(db, None)
    assert again["revoked_old"] and again["admin_token"] != token
    with db.read() as session:
        league = session.scalars(select(League)).one()
        assert admin_token_matches(league, again["admin_token"]) and not admin_token_matches(league, token)


def _champion_before(reigns: list[TitleReign], card: int) -> set[str] | None:
    """Who held the title going into ``card`` (titles are defended once a card in a season)."""
    for reign in reigns:
        won = reign.won_card or 0
        if won < card and (reign.ended_card is None or reign.ended_card >= card):
            return set(reign.holders)
    return None


class TitleMatch(NamedTuple):
    id: int
    method: str
    title_changed: bool
    card: int
    champion: set[str] | None
    """Who held the title going into the match (None: vacant)."""
    winners: set[str]


def _title_matches(db: Database) -> list[TitleMatch]:
    """Every title match, in order."""
    with db.read() as session:
        reigns = list(session.scalars(select(TitleReign).order_by(TitleReign.id)))
        rows = session.execute(
            select(LeagueMatch, LeagueEvent.number)
            .join(LeagueEvent, LeagueEvent.id == LeagueMatch.event_id)
            .where(LeagueMatch.title_id.is_not(None), LeagueMatch.status == "done")
            .order_by(LeagueEvent.number, LeagueMatch.position)
        ).all()
        out = []
        for match, card in rows:
            winners = set(match.sides[match.winner_side]) if match.winner_side is not None else set()
            out.append(TitleMatch(match.id, match.method, match.title_changed, card, _champion_before(reigns, card),
                                  winners))
        return out


@pytest.mark.parametrize("titles_on_dq", [False, True])
def test_titles_change_on_a_count_out_or_dq_only_when_the_promotion_says_so(tmp_path: Path, titles_on_dq: bool) -> None:
    # league rule (issue 25 item 10): default, titles change only on pin, submission or knockout-type finishes
    db = open_database(str(tmp_path / "dq.db"))
    # seed 2: a challenger wins by count-out or DQ in 12 cards (the booking of issue 29 item 14)
    service.create_league(db, "Cards", "wrasslin", {}, seed=2, countout_dq_titles=titles_on_dq)
    service.sign(db, None, [], everyone=True)
    service.new_title(db, None, "World Title")
    service.run_season(db, None, 12, matches_per_card=4)
    unclean = [m for m in _title_matches(db) if m.method in NO_TITLE_CHANGE and m.winners and m.winners != m.champion]
    assert unclean, "the seed must give a count-out or DQ won by a challenger"
    for match in unclean:
        assert match.title_changed is titles_on_dq, match
    with db.read() as session:
        won_by = [
            session.get(LeagueMatch, r.won_match_id).method  # type: ignore[union-attr]
            for r in session.scalars(select(TitleReign))
            if r.won_match_id is not None
        ]
    assert any(m in NO_TITLE_CHANGE for m in won_by) is titles_on_dq
    rules = service.rules_view(db, None)
    assert rules["countout_dq_titles"] is titles_on_dq
    assert ("except a count out or disqualification" in rules["titles_change_on"]) is not titles_on_dq
    assert_consistent(db)
    db.close()


def test_a_count_out_defence_counts_as_a_defence(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "def.db"))
    service.create_league(db, "Cards", "wrasslin", {}, seed=0)
    service.sign(db, None, [], everyone=True)
    service.new_title(db, None, "World Title")
    service.run_season(db, None, 12, matches_per_card=4)
    lineage = service.titles_view(db, None)[0]["lineage"]
    held = [m for m in _title_matches(db) if m.champion is not None]
    # every match with a champion going in either changed the title or added a defence to a reign
    assert sum(r["defences"] for r in lineage) == sum(1 for m in held if not m.title_changed)
    db.close()


def test_reigns_are_measured_in_cards_and_vacating_ends_on_the_last_card_run(dice_league: Database) -> None:
    service.run_season(dice_league, None, 6, matches_per_card=3)
    lineage = service.titles_view(dice_league, None)[0]["lineage"]
    assert len({r["started_at"][:16] for r in lineage}) <= 2  # the clock says little: one season, one minute
    for reign in lineage:
        assert reign["won_card"] == reign["won_event"]
        if not reign["current"]:
            assert reign["ended_card"] == reign["lost_event"]
            assert reign["cards"] == reign["ended_card"] - reign["won_card"]
    current = lineage[-1]
    assert current["current"] and current["cards"] == 6 - current["won_card"]
    champion = current["holders"][0]
    service.release(dice_league, None, champion)
    vacated = service.titles_view(dice_league, None)[0]["lineage"][-1]
    assert vacated["vacated"] and not vacated["current"]
    assert vacated["ended_card"] == 6 and vacated["cards"] == 6 - vacated["won_card"]


def test_migrating_an_older_file_gives_reigns_their_cards(tmp_path: Path) -> None:
    from alembic import command

    from turnbuckle.store.db import alembic_config

    path = tmp_path / "old.db"
    db = open_database(str(path))
    service.create_league(db, "Dice", "powerhouses", {}, seed=11)
    service.sign(db, None, [], everyone=True)
    service.new_title(db, None, "World Title")
    service.run_season(db, None, 5, matches_per_card=3)
    service.release(db, None, service.titles_view(db, None)[0]["champion"][0])
    before = service.titles_view(db, None)[0]["lineage"]
    with db.engine.connect() as conn, conn.begin():
        command.downgrade(alembic_config(conn), "0003_league_teams")
    db.close()
    columns = {row[1] for row in sqlite3.connect(path).execute("PRAGMA table_info(league_title_reign)")}
    assert "won_card" not in columns
    with open_database(str(path)) as again:
        after = service.titles_view(again, None)[0]["lineage"]
        assert [(r["won_card"], r["ended_card"], r["cards"]) for r in after] == [
            (r["won_card"], r["ended_card"], r["cards"]) for r in before
        ]
        with again.read() as session:
            league = session.scalars(select(League)).one()
            assert league.season == 1 and league.cards == {} and league.admin_token_hash is None


def test_standings_by_season_add_up_to_all_time(dice_league: Database) -> None:
    service.run_season(dice_league, None, 3, matches_per_card=3)
    assert service.new_season(dice_league, None)["season"] == 2
    service.run_season(dice_league, None, 2, matches_per_card=3)
    every = {r["name"]: r for r in service.standings(dice_league, None)["wrestlers"]}
    one = {r["name"]: r for r in service.standings(dice_league, None, season=1)["wrestlers"]}
    two = {r["name"]: r for r in service.standings(dice_league, None, season=2)["wrestlers"]}
    assert service.standings(dice_league, None)["seasons"] == [1, 2]
    for name, row in every.items():
        for key in ("wins", "losses", "draws"):
            assert row[key] == one.get(name, {}).get(key, 0) + two.get(name, {}).get(key, 0)
        if name in two and two[name]["matches"]:
            assert two[name]["rating"] == pytest.approx(row["rating"], abs=1e-3)  # the latest rating is season 2's
    assert [e["season"] for e in service.list_events(dice_league, None)] == [1, 1, 1, 2, 2]
    wins = [r["wins"] for r in two.values()]
    assert wins == sorted(wins, reverse=True)
    with pytest.raises(LeagueError, match="no season 7"):
        service.standings(dice_league, None, season=7)


def test_match_lines_name_every_side_and_word_the_method() -> None:
    assert match_line([["A"], ["B"]], 0, "pin") == "A def. B (pin)"
    assert match_line([["A"], ["B"]], 1, "count_out") == "B def. A (count out)"
    assert match_line([["A", "B"], ["C", "D"]], 1, "submission") == "C & D def. A & B (submission)"
    assert match_line([["A"], ["B"], ["C"], ["D"]], 2, "elimination") == "C def. A, B and D (elimination)"
    assert match_line([["A"], ["B"]], None, "time_limit") == "A vs B: draw (time limit)"
    assert match_line([["A"], ["B"]], None, "draw") == "A vs B: draw"
    assert match_line([["A"], ["B"]], None, None, done=False) == "A vs B"
    assert method_words("disqualification") == "disqualification" and method_words(None) == ""


def test_cli_season_lists_each_match_and_card_show_words_methods(tmp_path: Path) -> None:
    path = tmp_path / "cli.db"
    made = run_cli("new", "Cards", "--game", "wrasslin", "--seed", "0", "--json", db=path)
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout)["admin_token"]
    assert run_cli("sign", "--all", db=path).returncode == 0
    assert run_cli("belt", "new", "World Title", db=path).returncode == 0
    season = run_cli("season", "4", "--matches", "4", db=path)
    assert season.returncode == 0, season.stderr
    lines = [line for line in season.stdout.splitlines() if " match " in line]
    assert len(lines) == 16
    assert all(" def. " in line or ": draw" in line for line in lines)
    assert "_" not in "".join(lines).replace("count_out", "!")  # no stored method name printed raw
    cards: list[dict[str, Any]] = json.loads(run_cli("card", "list", "--json", db=path).stdout)
    methods = {m["method"] for card in cards for m in card["matches"]}
    assert "count_out" in methods, "the seed must give a count-out to show"
    number = next(c["event"] for c in cards if any(m["method"] == "count_out" for m in c["matches"]))
    shown = run_cli("card", "show", str(number), db=path)
    assert "count out" in shown.stdout and "count_out" not in shown.stdout
    rules = run_cli("rules", db=path)
    assert "titles change on" in rules.stdout and "count out" in rules.stdout
    changed = run_cli("rules", "--titles-on-dq", "--json", db=path)
    assert json.loads(changed.stdout)["countout_dq_titles"] is True
    token = run_cli("admin-token", db=path)
    assert token.returncode == 0 and "no longer works" in token.stdout
    by_season = run_cli("standings", "--season", "1", "--json", db=path)
    assert json.loads(by_season.stdout)["season"] == 1


def _season(db: Database) -> int:
    return int(service.rules_view(db, None)["season"])


def test_a_refused_run_does_not_start_the_new_season(dice_league: Database) -> None:
    for events, matches in ((0, 4), (1, 0)):
        with pytest.raises(LeagueError):
            service.run_season(dice_league, None, events, matches_per_card=matches, new_season=True)
        assert _season(dice_league) == 1
    started: list[dict[str, Any]] = []
    service.run_season(dice_league, None, 1, matches_per_card=2, new_season=True, on_season=started.append)
    assert started == [{"league": "Dice", "season": 2}] and _season(dice_league) == 2
    assert [c["season"] for c in service.list_events(dice_league, None)] == [2]


def test_a_season_that_cannot_book_its_first_card_does_not_start(db: Database) -> None:
    service.create_league(db, "Empty", "powerhouses", {}, seed=1)  # nobody signed
    with pytest.raises(LeagueError, match="too few healthy wrestlers"):
        service.run_season(db, None, 1, new_season=True)
    assert _season(db) == 1


def test_cli_season_new_refused_leaves_the_season(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    assert run_cli("new", "Fresh", "--game", "powerhouses", "--seed", "3", db=path).returncode == 0
    assert run_cli("sign", "--all", db=path).returncode == 0
    for args in (("0",), ("1", "--matches", "0")):
        refused = run_cli("season", *args, "--new", db=path)
        assert refused.returncode == 2 and "Season 2" not in refused.stdout, refused.stdout + refused.stderr
        assert json.loads(run_cli("rules", "--json", db=path).stdout)["season"] == 1
    ran = run_cli("season", "1", "--new", "--matches", "2", db=path)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith("Season 2 of Fresh begins.")
    assert json.loads(run_cli("rules", "--json", db=path).stdout)["season"] == 2
