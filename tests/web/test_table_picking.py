"""The table page's picking, in Chromium, on a toy game (tests/support/picktoy.py) so the page's
mechanics are checked apart from any ruleset: select a piece, then a square; a menu when one part
completes several moves; Esc backs out; the keyboard alone can play; buttons only for what has no
place on the table; the move log draws dice as dice."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from support.browser import Server, create, needs_chromium, wait_js
from turnbuckle.engine.registry import register_game, unregister_game

pytestmark = needs_chromium


@pytest.fixture(scope="module", autouse=True)
def toy_game() -> Iterator[None]:
    register_game("picktoy", "support.picktoy:PickToyGame")
    yield
    unregister_game("picktoy")


def wait_for_actions(server: Server, match_id: str, count: int) -> None:
    live = server.service.get(match_id)
    deadline = time.monotonic() + 20
    while len(live.state.history) < count:
        assert time.monotonic() < deadline, f"only {len(live.state.history)} actions reached the server"
        time.sleep(0.01)


def open_table(server: Server, page: Any) -> dict[str, Any]:
    created = create(server, {"game": "picktoy", "seats": ["human", "hot-seat"], "seed": 1})
    page.goto(created["table_url"])
    page.wait_for_selector("#picture [data-pick].pickable")
    return created


def test_select_a_piece_then_a_square(server: Server, page: Any) -> None:
    created = open_table(server, page)
    pickable = page.locator("#picture .pickable")
    assert [pickable.nth(i).get_attribute("data-pick") for i in range(pickable.count())] == ["pc:A1"]
    assert page.locator("#actions button").all_inner_texts() == ["1pass"]  # the one move with no place
    page.click("[data-pick='pc:A1']")
    page.wait_for_selector("[data-pick='pc:A1'].selected")
    squares = page.locator("#picture .pickable").evaluate_all("els => els.map(e => e.dataset.pick)")
    assert sorted(squares) == ["sq:A2", "sq:B1", "sq:B2"]
    page.click("[data-pick='sq:B2']")
    wait_for_actions(server, created["id"], 1)
    assert server.service.get(created["id"]).state.history[0].name == "move B2"


def test_escape_backs_out_and_clicking_the_selection_unselects(server: Server, page: Any) -> None:
    open_table(server, page)
    page.click("[data-pick='pc:A1']")
    page.wait_for_selector("[data-pick='pc:A1'].selected")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-pick='pc:A1']:not(.selected).pickable")
    page.click("[data-pick='pc:A1']")
    page.wait_for_selector("[data-pick='pc:A1'].selected")
    page.click("[data-pick='pc:A1']")
    page.wait_for_selector("[data-pick='pc:A1']:not(.selected)")
    assert page.locator("#picture [data-pick^='sq:'].pickable").count() == 0


def test_a_part_that_completes_two_moves_opens_a_menu(server: Server, page: Any) -> None:
    created = open_table(server, page)
    # Red to B2, Blue passes: the tokens are side by side, so Red may punch or kick
    for pick in ("pc:A1", "sq:B2"):
        page.click(f"[data-pick='{pick}']")
    wait_for_actions(server, created["id"], 1)
    page.wait_for_selector("#actions button[data-action='pass']:not([disabled])")
    page.click("#actions button[data-action='pass']")
    wait_for_actions(server, created["id"], 2)
    page.wait_for_selector("[data-pick='pc:B2'].pickable")
    page.click("[data-pick='pc:B2']")
    page.click("[data-pick='pc:C3']")
    menu = page.locator("#pick-menu")
    menu.wait_for()
    assert menu.locator("button[data-action]").all_inner_texts() == ["punch", "kick"]
    page.keyboard.press("Escape")
    assert menu.is_hidden()
    page.click("[data-pick='pc:C3']")
    page.click("#pick-menu button[data-action='kick']")
    wait_for_actions(server, created["id"], 4)  # the kick and its die
    page.wait_for_selector("#feed li .die")
    assert "die showing" in (page.locator("#feed li .die").first.get_attribute("aria-label") or "")


def test_the_keyboard_alone_plays(server: Server, page: Any) -> None:
    created = open_table(server, page)
    page.locator("[data-pick='pc:A1']").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-pick='pc:A1'].selected")
    focused = page.evaluate("document.activeElement.dataset.pick")
    assert focused and focused.startswith("sq:")
    page.keyboard.press("Enter")
    wait_for_actions(server, created["id"], 1)
    page.wait_for_selector("#actions button[data-action='pass']:not([disabled])")
    page.keyboard.press("1")  # the number keys play the buttons
    wait_for_actions(server, created["id"], 2)


def test_a_whole_powerhouses_match_by_keyboard_alone(server: Server, page: Any) -> None:
    """Tab reaches the lit parts of the table (a tie between abilities is broken on your sheet) and
    Enter picks one; the number keys play the buttons; no mouse at all."""
    created = create(server, {"game": "powerhouses", "seats": ["human", "computer:heuristic"], "seed": 21,
                              "delay": 0})
    live = server.service.get(created["id"])
    page.goto(created["table_url"])
    page.wait_for_selector("#picture svg")
    tabbed = 0
    deadline = time.monotonic() + 120
    shows_the_server = ("n => document.getElementById('status').textContent.startsWith('Your move')"
                        " && document.getElementById('picture').dataset.actions === String(n)"
                        " && !document.querySelector('#actions button[disabled]')")
    while not live.state.is_terminal():
        assert time.monotonic() < deadline, "the match did not end by keyboard"
        # A key pressed on a page still drawing the last position would be refused as stale (the
        # match has moved on): wait until the page draws the server's position, as a person would.
        before = len(live.state.history)
        if not page.evaluate(shows_the_server, before):
            time.sleep(0.01)
            continue
        if page.locator("#picture .pickable").count():
            for _ in range(40):  # Tab until a lit part of the sheet has the focus
                page.keyboard.press("Tab")
                if page.evaluate("!!(document.activeElement && document.activeElement.classList.contains('pickable'))"):
                    break
            page.keyboard.press("Enter")
            tabbed += 1
        else:
            buttons = page.locator("#actions button").count()
            page.keyboard.press("2" if buttons > 1 and len(live.state.history) % 3 == 0 else "1")  # stop at times
        end = time.monotonic() + 20
        while len(live.state.history) == before and not live.state.is_terminal():
            assert time.monotonic() < end, (
                f"a key did not reach the server: {[a.name for a in live.state.legal_actions()]}, focus "
                f"{page.evaluate('document.activeElement.outerHTML.slice(0, 120)')}, error "
                f"{page.locator('#action-error').text_content()!r}")
            time.sleep(0.01)
    wait_js(page, "document.getElementById('status').textContent.startsWith('Match over')")
    assert live.state.match_result() is not None
    assert tabbed >= 1  # this seed brings a tie between abilities: broken on the sheet, by Tab and Enter
