"""Two browsers sign up, meet in the lobby, play a rated match to the end, and see the result and
the new ratings on both player pages and on the leaderboard (issue 31, "Done when")."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.accounts import PASSWORD, app_on
from support.browser import SENDING, TIMEOUT, Server, needs_chromium

pytestmark = needs_chromium


@pytest.fixture
def lobby_server(tmp_path: Path) -> Iterator[Server]:
    with app_on(tmp_path / "lobby.db") as app, Server(app) as running:
        yield running


def sign_up(page: Any, url: str, name: str) -> None:
    page.goto(f"{url}/signup")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.fill("#password2", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"**/players/{name}*")


def play_until_over(pages: list[Any], seconds: float = 240.0) -> None:
    """Each page plays its seat as a person would (a lit part of the sheet, else the last button,
    "stop" when offered) until both tables say the match is over. A page waiting for the answer to
    its move is left alone; a part that is redrawn away before the click is looked for again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        texts = [p.locator("#status").inner_text() for p in pages]
        if all(t.startswith("Match over") for t in texts):
            return
        for p, text in zip(pages, texts, strict=True):
            if not text.startswith("Your move") or p.evaluate(SENDING):
                continue
            sheet = p.locator("#picture .pickable")
            buttons = p.locator("#actions button:not([disabled])")
            try:
                if sheet.count():
                    sheet.first.click(timeout=2000)
                elif buttons.count():
                    buttons.last.click(timeout=2000)
            except PlaywrightTimeout:
                continue
        pages[0].wait_for_timeout(60)
    raise AssertionError("the match did not end in the browsers")


def test_two_players_meet_in_the_lobby_play_and_see_their_ratings(lobby_server: Server, browser: Any) -> None:
    url = lobby_server.url
    contexts = [browser.new_context(), browser.new_context()]
    violations: list[str] = []
    try:
        pages = []
        for context in contexts:
            context.set_default_timeout(TIMEOUT)
            page = context.new_page()
            page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
            pages.append(page)
        alice, bob = pages
        sign_up(alice, url, "Alice")
        sign_up(bob, url, "Bob")
        alice.goto(f"{url}/lobby")
        alice.select_option("#format", "powerhouses|0")
        alice.select_option("#seat", "0")
        alice.check("#rated")
        alice.click("#new-challenge button[type=submit]")
        alice.wait_for_selector("li.challenge:has-text('Alice')")
        bob.goto(f"{url}/lobby")
        bob.wait_for_selector("li.challenge:has-text('rated')")
        bob.click("li.challenge button:has-text('Take this seat')")
        for page in pages:  # the lobby takes each player to their own seat
            page.wait_for_url("**/m/*#t=*")
            page.wait_for_selector("#picture svg")
        assert alice.url.split("#")[0] == bob.url.split("#")[0]
        play_until_over(pages)
        lobby_server.app.state.settle.wait()
        outcomes = {}
        for page in (alice, bob):
            for whose in ("Alice", "Bob"):
                page.goto(f"{url}/players/{whose}")
                page.wait_for_selector("#finished-title")
                rating = page.locator(".ratings td.rating").first.inner_text()
                assert rating.endswith("?") and rating[:-1].isdigit(), rating
                assert page.locator(".chart-box svg").count() == 1
                outcome = page.locator(".match-list .outcome").first.inner_text()
                outcomes.setdefault(whose, outcome)
                assert outcomes[whose] == outcome
            page.goto(f"{url}/players")
            board = page.locator("section.board[data-game=powerhouses]")
            assert board.locator("td:has-text('Alice')").count() == 1
            assert board.locator("td:has-text('Bob')").count() == 1
        assert sorted(outcomes.values()) in (["lost", "won"], ["drew", "drew"]), outcomes
    finally:
        for context in contexts:
            context.close()
    assert not violations, violations


def test_a_guest_signs_up_and_the_match_it_was_playing_becomes_its_own(lobby_server: Server, strict_page: Any) -> None:
    page = strict_page
    url = lobby_server.url
    page.goto(f"{url}/new?game=powerhouses")
    page.wait_for_selector("#seat-1")
    page.select_option("#seat-1", "computer:heuristic")
    page.click("#start")
    page.wait_for_url("**/m/*")
    page.wait_for_selector("#picture svg")
    match_id = page.url.split("/m/")[1].split("#")[0]
    sign_up(page, url, "Was_A_Guest")
    assert "claimed=1" in page.url
    row = page.locator(f".match-list li[data-match='{match_id}']")
    assert "computer (heuristic)" in row.inner_text()
    row.locator("button:has-text('Play')").click()  # a seat token of the account's own, for this browser
    page.wait_for_url(f"**/m/{match_id}#t=*")
    page.wait_for_selector("#picture svg")
    page.wait_for_selector("#status:has-text('Your move')")
