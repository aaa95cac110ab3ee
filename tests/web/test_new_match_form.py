"""The new-match page and the pages around it: option widgets by kind, only changed options sent
(so "tournament standard" takes effect), RUMBLESLAM teams with their Dosh and a team builder whose
messages are the validator's, a first game with decisions, recent matches with names, a favicon."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from markupsafe import escape

import turnbuckle
from support.browser import Server, create, needs_chromium, wait_js
from turnbuckle.engine.game import GameOption
from turnbuckle.engine.registry import game_class


def test_every_option_has_a_widget_kind_and_no_file_option_is_offered(client: TestClient) -> None:
    for name in turnbuckle.list_games():
        options = client.get(f"/api/games/{name}").json()["options"]
        for option in options:
            assert option["kind"] in GameOption.KINDS, option
            assert option["kind"] != "file"
            if option["kind"] == "choice":
                assert option["choices"], option
            if option["kind"] == "switch":
                assert isinstance(option["default"], bool)
        declared = {o.name for o in game_class(name).options() if o.widget == "file"}
        assert not declared & {o["name"] for o in options}


def test_kinds_follow_defaults_and_choices() -> None:
    assert GameOption("a", False, "").widget == "switch"
    assert GameOption("a", True, "", (True, False)).widget == "switch"
    assert GameOption("a", 0, "", (0, 1)).widget == "choice"  # 0 and 1 are numbers, not a switch
    assert GameOption("a", 3, "").widget == "integer"
    assert GameOption("a", 1.6, "").widget == "number"
    assert GameOption("a", [], "").widget == "names"
    assert GameOption("a", None, "", kind="integer").widget == "integer"


def test_team_builder_prices_a_team_and_quotes_the_validator(client: TestClient) -> None:
    info = client.get("/api/games/rumbleslam").json()["team_builder"]
    assert info["budget"] == 1000 and info["ready_made"] and all(t["cost"] <= 1000 for t in info["ready_made"])
    price = {w["name"]: w["cost"] for w in info["wrestlers"]}
    legal = client.post("/api/games/rumbleslam/team",
                        json={"team": {"name": "Mine", "wrestlers": ["Troll", "Orc Brawler"], "endorsements": 1}})
    body = legal.json()
    assert body["error"] is None and body["cost"] == price["Troll"] + price["Orc Brawler"] + 25
    assert body["value"]
    over = client.post("/api/games/rumbleslam/team",
                       json={"params": {"size": "lightweight"}, "team": {"name": "Big", "wrestlers": ["Troll"] * 5}})
    assert "wrestlers: over budget" in over.json()["error"] and over.json()["value"] is None
    bigger = client.post("/api/games/rumbleslam/team",
                         json={"params": {"size": "madness"}, "team": {"name": "Big", "wrestlers": ["Troll"] * 5}})
    assert bigger.json()["error"] is None  # the budget follows the match size
    # the built team seats a match
    made = client.post("/api/matches", json={"game": "rumbleslam", "params": {"team0": body["value"]},
                                             "seats": ["human", "computer:random"]})
    assert made.status_code == 201, made.text
    assert made.json()["seats"][0]["label"] == "Mine"
    assert client.post("/api/games/powerhouses/team", json={"team": {}}).status_code == 400


def test_seats_name_their_side_in_team_matches(client: TestClient) -> None:
    seats = client.post("/api/games/wrasslin/setup", json={"params": {"match_type": "tag"}}).json()["seats"]
    assert seats[0]["side"] == seats[2]["side"] != seats[1]["side"]
    singles = client.post("/api/games/powerhouses/setup", json={"params": {}}).json()["seats"]
    assert all(s["side"] is None for s in singles)


def test_the_first_game_offered_has_decisions_and_cards_are_short(client: TestClient) -> None:
    page = client.get("/").text
    first = page.split('class="button primary" href="/new?game=')[1].split('"')[0]
    assert turnbuckle.load_game(first).decision_options() is None
    assert turnbuckle.load_game("filsinger").decision_options() is not None  # why it is not first
    assert f'value="{first}" checked' in client.get("/new").text  # the form preselects it too
    for card in page.split('<li class="game-card">')[1:]:
        blurb = card.split("<p>")[1].split("</p>")[0]
        assert len(blurb) <= 175, blurb


def test_recent_matches_and_replays_list_names_and_results(client: TestClient) -> None:
    made = client.post("/api/matches", json={"game": "powerhouses", "seats": ["computer:random"] * 2,
                                             "seed": 2, "delay": 0}).json()
    deadline = time.monotonic() + 30
    while not client.get(f"/api/matches/{made['id']}").json()["finished"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    names = str(escape(" vs ".join(s["label"] for s in made["seats"])))
    assert names in client.get("/").text
    replays = client.get("/replay").text
    assert names in replays and f"/m/{made['id']}/replay" in replays


def test_favicon_is_served(client: TestClient) -> None:
    response = client.get("/static/favicon.svg")
    assert response.status_code == 200 and "<svg" in response.text
    assert 'rel="icon"' in client.get("/").text


FIRST_MATCH = ("chart_choices", "choice_situations", "dis_moves", "distractor")
"""filsinger OPTIONAL 5, 7, 9, 15: the rules the form starts with (issue 29.8)."""


def test_filsinger_offers_the_form_its_first_match_rules_and_speaks_form_language(client: TestClient) -> None:
    info = client.get("/api/games/filsinger").json()
    assert info["first_match"] == dict.fromkeys(FIRST_MATCH, True)
    standard = next(o for o in info["options"] if o["name"] == "tournament_standard")
    assert len(standard["includes"]) == 16 and set(FIRST_MATCH) <= set(standard["includes"])
    assert client.get("/api/games/powerhouses").json()["first_match"] == {}
    note = client.post("/api/games/filsinger/setup", json={"params": {}}).json()["decision_note"]
    assert "-o " not in note and "=true" not in note, note
    assert "tick \u201cchart choices\u201d" in note and "\u201ctournament standard\u201d" in note
    assert client.post("/api/games/filsinger/setup",
                       json={"params": dict.fromkeys(FIRST_MATCH, True)}).json()["decision_note"] is None


def _switch(page: Any, name: str) -> Any:
    return page.locator(f"#opt-{name}")


@needs_chromium
def test_a_first_filsinger_match_starts_with_the_rules_that_give_decisions(server: Server, page: Any) -> None:
    page.goto(f"{server.url}/new?game=filsinger")
    page.wait_for_selector("#first-match-note")
    note = page.inner_text("#first-match-note")
    assert "chart choices" in note and "distractor" in note and "basic game" in note
    assert all(_switch(page, name).is_checked() for name in FIRST_MATCH)
    assert not _switch(page, "fatigue").is_checked()
    assert page.locator("#decision-note").is_hidden()
    page.click("#start")
    page.wait_for_url("**/m/*")
    live = server.service.get(page.url.split("/m/")[1].split("#")[0])
    assert all(live.game.params[name] is True for name in FIRST_MATCH)
    assert live.game.decision_options() is None


@needs_chromium
def test_tournament_standard_ticks_and_locks_the_rules_it_includes(server: Server, page: Any) -> None:
    page.goto(f"{server.url}/new?game=filsinger")
    page.wait_for_selector("#first-match-note")
    for name in FIRST_MATCH:  # the basic game: its note speaks of the form's boxes, not of -o options
        _switch(page, name).uncheck()
    page.wait_for_selector("#decision-note:not([hidden])")
    said = page.inner_text("#decision-note")
    assert "tick" in said and "tournament standard" in said and "-o" not in said, said
    _switch(page, "dis_moves").check()
    page.check("#opt-tournament_standard")
    page.wait_for_selector("#decision-note[hidden]", state="attached")
    boxes = page.locator(".switches input[data-option]")
    included = [boxes.nth(i) for i in range(boxes.count())
                if boxes.nth(i).get_attribute("data-option") not in ("tournament_standard", "no_dq", "cage")]
    assert len(included) == 16
    assert all(box.is_checked() and box.is_disabled() for box in included), "ticked and locked"
    assert "included" in page.inner_text("label[for=opt-fatigue]")
    page.uncheck("#opt-tournament_standard")  # each box goes back to what it was
    assert _switch(page, "dis_moves").is_checked() and _switch(page, "dis_moves").is_enabled()
    assert not _switch(page, "fatigue").is_checked() and _switch(page, "fatigue").is_enabled()
    page.check("#opt-tournament_standard")
    page.wait_for_selector("#decision-note[hidden]", state="attached")
    page.click("#start")
    page.wait_for_url("**/m/*")
    live = server.service.get(page.url.split("/m/")[1].split("#")[0])
    assert live.game.params["tournament_standard"] is True
    assert "fatigue" not in live.game.params, "a locked box is carried by the switch, not sent"
    assert live.game.decision_options() is None


@needs_chromium
def test_invite_link_is_shown_whole_copied_and_replaced(server: Server, browser: Any) -> None:
    created = create(server, {"game": "wrasslin", "seats": ["human", "invite"], "seed": 4})
    context = browser.new_context(bypass_csp=True, permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    try:
        page.goto(created["table_url"])
        link = page.locator("#invite-list textarea")
        link.wait_for()
        first = link.input_value()
        assert first == created["invites"][0]["url"]  # the whole link, not cut short
        page.click("#invite-list button:has-text('Copy link')")
        page.wait_for_selector("#invite-list button:has-text('Copied')")
        assert page.evaluate("navigator.clipboard.readText()") == first
        page.click("#invite-list button:has-text('New link')")
        page.click("#invite-list button:has-text('Replace the link')")  # a copied link: asked first
        wait_js(page, "u => document.querySelector('#invite-list textarea').value !== u", arg=first)
        second = link.input_value()
        token = first.split("#t=")[1]
        import httpx2 as httpx

        old = httpx.get(f"{server.url}/api/matches/{created['id']}/seats/1",
                        headers={"Authorization": f"Bearer {token}"}, timeout=30)
        assert old.status_code == 403 and second != first  # the replaced link no longer opens the seat
        assert page.locator("#takeback").is_hidden()  # no take-back with another person at the table
    finally:
        context.close()


@needs_chromium
def test_undo_is_hidden_for_spectators_and_watch_pages(server: Server, page: Any) -> None:
    created = create(server, {"game": "powerhouses", "seats": ["computer:random"] * 2, "seed": 1, "delay": 1})
    page.goto(created["table_url"])
    page.wait_for_selector("#picture svg")
    assert page.locator("#takeback").is_hidden()
    page.goto(created["table_url"].split("#")[0])  # a spectator: no token
    page.wait_for_selector("#picture svg")
    assert page.locator("#takeback").is_hidden()
