"""The league in-process: booking rules, results, ratings, titles, feuds, injuries, tournaments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from league_helpers import assert_consistent
from sqlalchemy import func, select

from turnbuckle.league import service
from turnbuckle.league.booking import parse_match_spec
from turnbuckle.league.errors import BookingError, LeagueError, UnknownWrestlerError
from turnbuckle.league.export import export_league
from turnbuckle.league.quality import card_grade, star_rating
from turnbuckle.league.report import write_report
from turnbuckle.store import Database
from turnbuckle.store.league_models import Injury, LeagueMatch, LeagueWrestler, RatingHistory


def book(db: Database, *matches: str, name: str | None = None) -> int:
    return int(service.book_card(db, None, name, [parse_match_spec(m) for m in matches])["event"])


def test_parse_match_spec() -> None:
    spec = parse_match_spec("A & B vs C & D | title=Tag Titles | cage=true | blowoff")
    assert spec.sides == [["A", "B"], ["C", "D"]] and spec.title == "Tag Titles"
    assert spec.options == {"cage": True} and spec.blowoff
    with pytest.raises(BookingError):
        parse_match_spec("just one side")


def test_card_run_records_everything_and_standings_add_up(dice_league: Database) -> None:
    db = dice_league
    book(db, "Skylark Reyes vs Dutch Kettering", "Mama Odette vs Lady Vesper | title=World Title")
    summary = service.run_card(db, None, None, ["random"])
    assert summary["status"] == "done" and summary["grade"] is not None
    with db.read() as session:
        matches = list(session.scalars(select(LeagueMatch)))
        assert all(m.status == "done" and m.actions and m.seed is not None and m.params for m in matches)
        assert all(m.result is not None and m.stars is not None and 0.5 <= m.stars <= 5 for m in matches)
        assert session.scalar(select(func.count()).select_from(RatingHistory)) == 4
    table = {r["name"]: r for r in service.standings(db, None)["wrestlers"]}
    assert sum(r["wins"] + r["losses"] + r["draws"] for r in table.values()) == 4
    champion = service.titles_view(db, None)[0]["champion"]
    assert champion is not None and champion[0] in ("Mama Odette", "Lady Vesper")
    assert table[champion[0]]["wins"] == 1 and table[champion[0]]["sigma"] < 25 / 3
    history = service.history(db, None, champion[0])
    assert history["matches"][0]["outcome"] == "win" and history["matches"][0]["title"] == "World Title"


def test_booking_errors(dice_league: Database) -> None:
    db = dice_league
    with pytest.raises(UnknownWrestlerError, match="unknown wrestler 'Nobody'"):
        book(db, "Nobody vs Skylark Reyes")
    with pytest.raises(BookingError, match="already booked on this card"):
        book(db, "Skylark Reyes vs Dutch Kettering", "Skylark Reyes vs Mama Odette")
    with pytest.raises(BookingError, match="no match type"):
        book(db, "Skylark Reyes & Mama Odette vs Dutch Kettering & Lady Vesper")
    book(db, "Skylark Reyes vs Dutch Kettering | title=World Title")
    service.run_card(db, None, None, ["random"])
    with pytest.raises(BookingError, match="ineligible"):
        book(db, "Mama Odette vs Lady Vesper | title=World Title")
    with pytest.raises(LeagueError, match="no title named"):
        book(db, "Mama Odette vs Lady Vesper | title=Moon Title")
    with pytest.raises(LeagueError, match="already been run"):
        service.run_card(db, None, 1, ["random"])
    # nothing half-booked was left behind by the failed bookings
    assert [e["event"] for e in service.list_events(db, None)] == [1]


def test_release_vacates_titles_and_blocks_booking(dice_league: Database) -> None:
    db = dice_league
    book(db, "Skylark Reyes vs Dutch Kettering | title=World Title")
    with pytest.raises(BookingError, match="booked on card"):
        service.release(db, None, "Skylark Reyes")
    service.run_card(db, None, None, ["random"])
    champion = service.titles_view(db, None)[0]["champion"][0]
    assert service.release(db, None, champion)["vacated"] == ["World Title"]
    assert service.titles_view(db, None)[0]["champion"] is None
    with pytest.raises(UnknownWrestlerError, match="released"):
        book(db, f"{champion} vs Mama Odette")
    assert service.sign(db, None, [champion]) == [champion]


def test_tag_team_win_counts_for_both_and_tag_title(db: Database) -> None:
    service.create_league(db, "Galaxy", "filsinger", {}, seed=5)
    service.sign(db, None, ["Rex Hammond", "Cole Brandt", "Duke Marlowe", "Vince Valentine"])
    service.new_title(db, None, "Tag Titles", "tag")
    with pytest.raises(BookingError, match="ineligible"):
        book(db, "Rex Hammond vs Duke Marlowe | title=Tag Titles")
    book(db, "Rex Hammond & Cole Brandt vs Duke Marlowe & Vince Valentine | title=Tag Titles")
    summary = service.run_card(db, None, None, ["random"])
    winners = summary["matches"][0]["winner"]
    assert winners is not None and len(winners) == 2
    table = {r["name"]: r for r in service.standings(db, None)["wrestlers"]}
    assert all(table[w]["wins"] == 1 for w in winners)
    assert sorted(service.titles_view(db, None)[0]["champion"]) == sorted(winners)


def test_replay_reproduces_and_detects_tampering(dice_league: Database) -> None:
    db = dice_league
    book(db, "Skylark Reyes vs Dutch Kettering")
    service.run_card(db, None, None, ["heuristic"])
    assert service.replay_match(db, None, 1)["reproduces"] is True
    with db.write() as session:
        match = session.get(LeagueMatch, 1)
        assert match is not None and match.seed is not None
        match.seed += 1
    with pytest.raises(LeagueError, match=r"differs|re-running"):
        service.replay_match(db, None, 1)


def test_season_is_deterministic_books_titles_and_keeps_counts_consistent(tmp_path: Path) -> None:
    from turnbuckle.store import open_database

    results = []
    for name in ("a", "b"):
        db = open_database(str(tmp_path / f"{name}.db"))
        service.create_league(db, "Dice", "powerhouses", {}, seed=99)
        service.sign(db, None, [], everyone=True)
        service.new_title(db, None, "World Title")
        summaries = service.run_season(db, None, 4, ["random"], matches_per_card=3)
        assert len(summaries) == 4 and all(s["status"] == "done" for s in summaries)
        # the title is defended whenever the champion's turn comes (10 wrestlers, 6 places a card),
        # always as the main event
        titled = [s for s in summaries if any(m["title"] for m in s["matches"])]
        assert len(titled) >= 2 and all(s["matches"][-1]["title"] == "World Title" for s in titled)
        assert_consistent(db)
        results.append([(m["sides"], m["winner"], m["stars"]) for s in summaries for m in s["matches"]])
        db.close()
    assert results[0] == results[1]


def test_feud_from_repeated_matches_and_blowoff(dice_league: Database) -> None:
    db = dice_league
    for _ in range(3):
        book(db, "Skylark Reyes vs Dutch Kettering")
        service.run_card(db, None, None, ["random"])
    feuds = service.feuds_view(db, None)
    assert len(feuds) == 1 and feuds[0]["active"]
    with pytest.raises(BookingError, match="no feud"):
        book(db, "Mama Odette vs Lady Vesper | blowoff")
    book(db, "Skylark Reyes vs Dutch Kettering | blowoff")
    service.run_card(db, None, None, ["random"])
    feud = service.feuds_view(db, None)[0]
    assert not feud["active"] and feud["ended_event"] == 4


def test_injuries_enter_matches_count_down_and_rest_in_season(db: Database) -> None:
    service.create_league(db, "Galaxy", "filsinger", {"feud_table": True}, seed=5)
    service.sign(db, None, [], everyone=True)
    # an injury from a Feud Table roll on card 1 lasting 2 cards (stored as the league would)
    book(db, "Rex Hammond vs Duke Marlowe")
    service.run_card(db, None, None, ["random"])
    with db.write() as session:
        rex = session.scalar(select(LeagueWrestler).where(LeagueWrestler.name == "Rex Hammond"))
        assert rex is not None
        session.add(Injury(wrestler_id=rex.id, match_id=1, cards=2, remaining=2))
        rex.injured_cards = 2
    # a manually booked match: Rex enters injured (the game's `injured` param)
    book(db, "Rex Hammond vs Marcus Stone")
    service.run_card(db, None, None, ["random"])
    with db.read() as session:
        match = session.get(LeagueMatch, 2)
        assert match is not None and match.params is not None
        assert match.params["injured"] == ["Rex Hammond"]
    assert service.injuries_view(db, None)[0]["remaining"] == 1
    # the season rests him for the last card of his injury; then he is healed
    summary = service.run_season(db, None, 1, ["random"], matches_per_card=8)[0]
    assert all("Rex Hammond" not in [n for s in m["sides"] for n in s] for m in summary["matches"])
    assert service.injuries_view(db, None) == []
    healed = service.injuries_view(db, None, include_healed=True)
    assert [i["healed_event"] for i in healed if i["wrestler"] == "Rex Hammond"] == [3]


def test_feud_table_injuries_from_real_matches_are_stored(db: Database) -> None:
    service.create_league(db, "Galaxy", "filsinger", {"feud_table": True}, seed=1)
    service.sign(db, None, ["Rex Hammond", "Duke Marlowe"])
    seen = []
    for _ in range(12):
        book(db, "Rex Hammond vs Duke Marlowe | feud=true")
        service.run_card(db, None, None, ["random"], on_match=lambda o: seen.extend(o.injuries))
        if seen:
            break
    if not seen:
        pytest.skip("no Feud Table injury in 12 feud matches with this seed")
    rows = service.injuries_view(db, None, include_healed=True)
    assert [(r["wrestler"], r["cards"]) for r in rows] == seen


def test_tournament_event(dice_league: Database) -> None:
    db = dice_league
    info = service.book_tournament(db, None, "Cup", [], top=4)
    assert len(info["entrants"]) == 4
    summary = service.run_card(db, None, info["event"], ["random"])
    rounds = [m["round"] for m in summary["matches"]]
    assert rounds == [1, 1, 2] and summary["status"] == "done"
    finalists = {n for s in summary["matches"][2]["sides"] for n in s}
    assert finalists <= set(info["entrants"])
    with pytest.raises(BookingError, match="2, 4, 8"):
        service.book_tournament(db, None, None, ["Skylark Reyes", "Dutch Kettering", "Mama Odette"])


def test_wrasslin_battle_royal_ranks_by_finishing_order(db: Database) -> None:
    service.create_league(db, "Cards", "wrasslin", {}, seed=2)
    names = ["The Champ", "Baby Face Harpo", "Kid Comet", "Captain Clean", "Professor Mat"]
    service.sign(db, None, names)
    book(db, " vs ".join(names))
    summary = service.run_card(db, None, None, ["random"])
    assert summary["matches"][0]["match_type"] == "battle_royal"
    table = service.standings(db, None)["wrestlers"]
    assert sum(r["wins"] for r in table) <= 1


def test_export_and_report(dice_league: Database, tmp_path: Path) -> None:
    db = dice_league
    service.run_season(db, None, 2, ["random"], matches_per_card=2)
    files = export_league(db, None, tmp_path / "out", "both")
    names = {f.name for f in files}
    assert {"standings.csv", "matches.csv", "title_reigns.csv", "league.json"} <= names
    payload = json.loads((tmp_path / "out" / "league.json").read_text())
    assert len(payload["matches"]) == 4 and payload["matches"][0]["actions"]
    for fmt in ("png", "svg"):
        charts = write_report(db, None, tmp_path / "rep", fmt)
        assert all(c.exists() and c.stat().st_size > 1000 for c in charts)


def test_star_formula() -> None:
    assert star_rating("powerhouses", 0, 0, 0, 0, 5) == 0.5  # a squash
    typical = star_rating("powerhouses", 2, 4, 4, 1, 90)
    assert 2.75 <= typical <= 3.25
    assert star_rating("powerhouses", 40, 40, 40, 40, 900) == 5.0
    assert card_grade([2.0, 4.0]) == (3.33, "B")


def _season_rows(path: Path, game: str, options: dict[str, object], batch: int) -> list[object]:
    from turnbuckle.store import open_database

    db = open_database(str(path))
    service.create_league(db, "Same", game, options, seed=5)
    service.sign(db, None, [], everyone=True)
    service.new_title(db, None, "World Title")
    service.run_season(db, None, 6, ["random"], matches_per_card=5, batch=batch)
    assert_consistent(db)
    with db.read() as session:
        rows: list[object] = [
            (m.sides, m.seed, m.actions, m.result, m.stars, m.quality, m.status)
            for m in session.scalars(select(LeagueMatch).order_by(LeagueMatch.id))
        ]
        rows.extend(
            (r.wrestler_id, r.match_id, r.mu, r.sigma)
            for r in session.scalars(select(RatingHistory).order_by(RatingHistory.id))
        )
        rows.extend((i.wrestler_id, i.match_id, i.cards, i.remaining) for i in session.scalars(select(Injury)))
    rows.append(service.standings(db, None))
    for title in service.titles_view(db, None):
        for reign in title["lineage"]:
            reign["started_at"], reign["ended_at"] = None, reign["ended_at"] is not None  # clock times differ
        rows.append(title)
    rows.append(service.feuds_view(db, None))
    db.close()
    return rows


@pytest.mark.parametrize(("game", "options"), [("powerhouses", {}), ("filsinger", {"feud_table": True})])
def test_a_card_per_transaction_stores_what_a_match_per_transaction_does(
    tmp_path: Path, game: str, options: dict[str, object]
) -> None:
    """Batching the writes per card (the default) changes nothing stored: the same seeds give the
    same matches, stars, ratings, injuries, titles and feuds as committing every match."""
    card = _season_rows(tmp_path / "card.db", game, options, 0)
    match = _season_rows(tmp_path / "match.db", game, options, 1)
    assert card == match
    assert not any(m[2] == "null" for m in card if isinstance(m, tuple) and len(m) == 7)


def test_a_season_runs_with_its_starting_heap_frozen_and_unfreezes_after(dice_league: Database) -> None:
    """The Runner keeps full collections off the league's long-lived objects (engine/heap.py)."""
    import gc

    during: list[int] = []
    service.run_season(dice_league, None, 2, ["random"], on_match=lambda _o: during.append(gc.get_freeze_count()))
    assert during and all(count > 0 for count in during)
    assert gc.get_freeze_count() == 0
