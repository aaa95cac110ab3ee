"""The promotion's own cards (issue 25 item 8): saved into its roster after the checks of
`roster validate`, signed, booked with their cards carried as data, played and replayed."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from turnbuckle.engine.datafiles import is_inline, parse_toml, read_source_text
from turnbuckle.engine.registry import game_class
from turnbuckle.league import service
from turnbuckle.league.booking import parse_match_spec
from turnbuckle.league.errors import UnknownWrestlerError
from turnbuckle.league.roster_cards import CardError, base_document, league_document, save_card
from turnbuckle.league.teams import hire_team
from turnbuckle.store import Database
from turnbuckle.store.league_models import League, LeagueMatch


def template(game: str, name: str) -> dict[str, Any]:
    text = game_class(game).roster_template(name)
    assert text is not None
    return dict(parse_toml(text, "template")["wrestler"][0])


def _params(db: Database) -> list[dict[str, Any]]:
    with db.read() as session:
        return [m.params for m in session.scalars(select(LeagueMatch).where(LeagueMatch.status == "done"))]


@pytest.mark.parametrize("game", ["powerhouses", "filsinger", "wrasslin", "skirmish"])
def test_a_new_card_is_signed_booked_played_and_replayed(db: Database, game: str) -> None:
    service.create_league(db, "Own", game, {}, seed=5)
    shipped = [e["name"] for e in base_document(game, None)["wrestler"]]
    assert save_card(db, None, template(game, "Nova Starr"))["cards"] == ["Nova Starr"]
    with pytest.raises(UnknownWrestlerError):
        service.sign(db, None, ["Nobody Atall"])
    service.sign(db, None, ["Nova Starr", shipped[0], shipped[1], shipped[2]])
    service.new_title(db, None, "Belt")
    service.book_card(db, None, "One", [
        parse_match_spec(f"Nova Starr vs {shipped[0]} | title=Belt"),
        parse_match_spec(f"{shipped[1]} vs {shipped[2]}"),
    ])
    summary = service.run_card(db, None, None)
    for match in summary["matches"]:
        assert service.replay_match(db, None, match["id"])["actions"] > 0
    first, second = _params(db)
    assert is_inline(first["roster"]) and is_inline(second["roster"])
    carried = parse_toml(read_source_text(first["roster"]), "roster")
    assert sorted(e["name"] for e in carried["wrestler"]) == sorted(["Nova Starr", shipped[0]])


def test_a_promotion_without_cards_of_its_own_books_as_before(dice_league: Database) -> None:
    service.run_season(dice_league, None, 1, matches_per_card=2)
    assert all("roster" not in params for params in _params(dice_league))


def test_saving_checks_the_card_and_the_whole_roster(db: Database) -> None:
    service.create_league(db, "Own", "powerhouses", {}, seed=5)
    shipped = base_document("powerhouses", None)["wrestler"]
    bad = {**template("powerhouses", "Nova Starr"), "weakness": "Strength"}  # the specialty too
    with pytest.raises(Exception, match="specialty and weakness are both Strength"):
        save_card(db, None, bad)
    save_card(db, None, template("powerhouses", "Nova Starr"))
    with pytest.raises(CardError, match="already has a card named") as caught:  # renaming onto another card
        save_card(db, None, template("powerhouses", shipped[0]["name"]), original="Nova Starr")
    assert caught.value.field == "name"
    service.sign(db, None, ["Nova Starr"])
    with pytest.raises(CardError, match="keeps the name"):
        save_card(db, None, template("powerhouses", "Nova Prime"), original="Nova Starr")
    changed = {**template("powerhouses", "Nova Starr"), "hometown": "Luna"}
    save_card(db, None, changed, original="Nova Starr")  # the same name: changed in place
    edited = {**shipped[0], "style": "Brawler"}  # a shipped card edited: the promotion's copy replaces it
    save_card(db, None, edited, original=shipped[0]["name"])
    with db.read() as session:
        league = session.scalars(select(League)).one()
        document = league_document(league)
        assert sorted(league.cards) == sorted(["Nova Starr", shipped[0]["name"]])
    names = [e["name"] for e in document["wrestler"]]
    assert names.count(shipped[0]["name"]) == 1 and len(names) == len(shipped) + 1
    assert next(e for e in document["wrestler"] if e["name"] == "Nova Starr")["hometown"] == "Luna"


def test_a_card_named_like_a_shipped_one_replaces_it(db: Database) -> None:
    service.create_league(db, "Own", "wrasslin", {}, seed=5)
    shipped = base_document("wrasslin", None)["wrestler"]
    twin = {**template("wrasslin", "Nova Starr"), "name": shipped[3]["name"].upper()}  # case aside, as a file
    save_card(db, None, twin)
    with db.read() as session:
        league = session.scalars(select(League)).one()
        assert len(league_document(league)["wrestler"]) == len(shipped)


def test_the_whole_roster_is_checked_as_roster_validate_checks_a_file(db: Database) -> None:
    # rumbleslam STATS / tag teams: a Tag Team's members are Superstars
    service.create_league(db, "Slam", "rumbleslam", {}, seed=3)
    document = base_document("rumbleslam", None)
    member = document["tag_team"][0]["members"][0]
    card = {**next(e for e in document["wrestler"] if e["name"] == member), "rank": "rookie"}
    with pytest.raises(CardError, match=f"{member} must be a Superstar"):
        save_card(db, None, card, original=member)


def test_a_rumbleslam_team_hires_a_new_profile_and_plays_with_it(db: Database) -> None:
    service.create_league(db, "Slam", "rumbleslam", {"size": "middleweight"}, seed=3)
    shipped = base_document("rumbleslam", None)["wrestler"]
    profile = {**shipped[0], "name": "Bridge Boss", "rank": "superstar"}
    save_card(db, None, profile)
    team = hire_team(db, None, "Bossy", ["Bridge Boss", shipped[1]["name"]])
    assert team["cost"] == shipped[0]["dosh"] + shipped[1]["dosh"]
    service.sign(db, None, [], everyone=True)
    rival = next(r["name"] for r in service.standings(db, None)["wrestlers"] if r["name"] != "Bossy")
    service.book_card(db, None, "S", [parse_match_spec(f"Bossy vs {rival}")])
    match = service.run_card(db, None, None)["matches"][0]
    assert service.replay_match(db, None, match["id"])["actions"] > 0
    carried = parse_toml(read_source_text(_params(db)[0]["roster"]), "roster")
    assert "Bridge Boss" in {e["name"] for e in carried["wrestler"]}
