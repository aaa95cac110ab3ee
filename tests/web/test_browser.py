"""The pages in a real browser (Playwright driving Debian's Chromium): a whole Powerhouses match by
clicks and keys, two WRASSLIN' players who never see each other's cards, replay stepping, and a
reload in the middle of a match. Skipped, with the reason, where no Chromium is installed."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from support.browser import (
    SENDING,
    TIMEOUT,
    Server,
    a_move,
    create,
    finished_computer_match,
    needs_chromium,
    play_by_picture,
    status_text,
    wait_js,
    your_move,
)
from turnbuckle.web.views import legal_action_list, pick_list, picture

pytestmark = needs_chromium


def test_powerhouses_match_played_in_the_browser(server: Server, strict_page: Any) -> None:
    page = strict_page
    page.goto(f"{server.url}/new?game=powerhouses")
    page.wait_for_selector("#seat-1")
    assert page.locator("#seat-0").input_value() == "human"
    page.select_option("#seat-1", "computer:heuristic")
    page.click("#start")
    page.wait_for_url("**/m/*")
    page.wait_for_selector("#picture svg")
    for move in range(400):
        text = status_text(page)
        if text.startswith("Match over"):
            break
        buttons = page.locator("#actions button:not([disabled])")
        sheet = page.locator("#picture .pickable")  # a tie between abilities is broken on your sheet
        if sheet.count() and text.startswith("Your move"):
            sheet.first.click()
        elif buttons.count() and text.startswith("Your move"):
            if move % 2:
                page.keyboard.press("1")  # the keyboard plays the first move
            else:
                buttons.last.click()  # "stop" when offered
        page.wait_for_timeout(40)
    else:
        raise AssertionError("the match did not end in the browser")
    assert "wins by pin" in status_text(page)
    assert page.locator("#feed li").count() > 5
    assert page.locator("#replay-link").is_visible()


def test_two_wrasslin_players_never_see_each_others_cards(server: Server, browser: Any) -> None:
    created = create(server, {"game": "wrasslin", "seats": ["human", "invite"], "seed": 31})
    live = server.service.get(created["id"])
    names = sorted({c.name for c in live.game.cards}, key=len, reverse=True)
    contexts = [browser.new_context(), browser.new_context()]
    pages = []
    for seat, url in ((0, created["table_url"]), (1, created["invites"][0]["url"])):
        contexts[seat].set_default_timeout(TIMEOUT)
        p = contexts[seat].new_page()
        p.goto(url)
        p.wait_for_selector("#picture svg")
        pages.append(p)
    known: list[set[str]] = [set(), set()]
    rng = random.Random(31)
    try:
        for _ in range(40):
            state = live.state
            if state.is_terminal():
                break
            events = json.dumps([e.to_dict() for e in state.events])
            for seat in (0, 1):
                # its own observation and anything drawn from it alone (the picture, the text view's
                # legend, its moves) are the seat's to see
                obs = state.observation(seat)
                own = json.dumps(obs) + json.dumps(picture(live.game, obs))
                if state.current_player() == seat:
                    own += json.dumps(legal_action_list(live.game, state, seat))
                    own += json.dumps(pick_list(live.game, obs, legal_action_list(live.game, state, seat)))
                known[seat] |= {n for n in names if n in own or n in events}
            for seat in (0, 1):
                other = set(state.observation(1 - seat)["hand"]) - known[seat]
                shown = pages[seat].locator("#table").inner_html()
                leaked = {n for n in other if n in shown}
                where = [shown[max(0, shown.find(n) - 150) : shown.find(n) + 60] for n in leaked]
                assert not leaked, f"seat {seat}'s page shows {sorted(leaked)} from the other hand: {where}"
            mover = state.current_player()
            your_move(pages[mover])
            play_by_picture(pages[mover], live, mover, rng)  # a card from the hand, or a button
            pages[1 - mover].wait_for_timeout(150)  # the other page updates by server-sent events
        # the cards of each hand are on its own page, face up
        for seat in (0, 1):
            hand = live.state.observation(seat)["hand"]
            if hand and not live.state.is_terminal():
                pages[seat].wait_for_timeout(300)
                html = pages[seat].locator("#picture").inner_html()
                assert any(n in html for n in hand)
    finally:
        for context in contexts:
            context.close()


def test_replay_steps_forward_and_back(server: Server, page: Any) -> None:
    created = finished_computer_match(server)
    page.goto(f"{server.url}/m/{created['id']}/replay")
    position = page.locator("#position")
    wait_js(page, "document.getElementById('position').textContent.startsWith('step 0 ')")
    page.click("#forward")
    wait_js(page, "document.getElementById('position').textContent.startsWith('step 1 ')")
    assert page.locator("#feed li").count() >= 1
    page.keyboard.press("ArrowRight")
    wait_js(page, "document.getElementById('position').textContent.startsWith('step 2 ')")
    page.click("#back")
    wait_js(page, "document.getElementById('position').textContent.startsWith('step 1 ')")
    page.keyboard.press("End")
    wait_js(page, "document.getElementById('result').textContent.includes('wins by pin')")
    assert page.locator("#forward").is_disabled()
    page.keyboard.press("Home")
    wait_js(page, "document.getElementById('position').textContent.startsWith('step 0 ')")
    assert "step 0" in position.inner_text()
    assert page.locator("#picture svg").count() == 1


def test_reload_mid_match_resumes(server: Server, page: Any) -> None:
    created = create(server, {"game": "powerhouses", "seats": ["human", "computer:heuristic"], "seed": 14})
    page.goto(created["table_url"])
    moves = 0
    while moves < 3:
        wait_js(page,
            "document.getElementById('status').textContent.startsWith('Your move')"
            " || document.getElementById('status').textContent.startsWith('Match over')"
        )
        if status_text(page).startswith("Match over"):
            break
        a_move(page).click()
        moves += 1
        page.wait_for_timeout(100)
    live = server.service.get(created["id"])
    actions_before = len(live.state.history)
    page.reload()
    page.wait_for_selector("#picture svg")
    wait_js(page,
        "document.getElementById('status').textContent.startsWith('Your move')"
        " || document.getElementById('status').textContent.startsWith('Match over')"
    )
    assert len(live.state.history) >= actions_before  # nothing was lost
    assert page.locator("#feed li").count() > 0  # the commentary so far comes back
    if status_text(page).startswith("Your move"):
        a_move(page).click()
        deadline = time.monotonic() + 20
        while len(live.state.history) == actions_before:
            assert time.monotonic() < deadline, "a move after the reload did not reach the server"
            time.sleep(0.02)


def test_a_late_answer_to_a_move_never_hides_a_newer_position(server: Server, page: Any) -> None:
    """The answer to a move and the event stream's refresh race. Here the answer is held back until
    the stream has drawn the computer's reply and it is your move again; when the older answer
    arrives it must be dropped (once, it was drawn and the page waited forever: CI stalled)."""
    created = create(server, {"game": "powerhouses", "seats": ["human", "computer:random"], "seed": 3, "delay": 0})
    live = server.service.get(created["id"])
    held: list[tuple[Any, Any]] = []
    page.route("**/actions?render=true", lambda route: held.append((route, route.fetch())))
    page.goto(created["table_url"])
    stale_answers = 0
    for _ in range(40):
        if live.state.is_terminal() or stale_answers >= 2:
            break
        wait_js(page,
            "document.getElementById('status').textContent.startsWith('Your move')"
            " || document.getElementById('status').textContent.startsWith('Match over')"
        )
        if status_text(page).startswith("Match over"):
            break
        a_move(page, "last").click()  # "stop" where offered: the computer replies
        deadline = time.monotonic() + 20
        while not held:
            assert time.monotonic() < deadline, "the move was never sent"
            page.wait_for_timeout(10)
        route, response = held.pop()
        while live.state.current_player() != 0 and not live.state.is_terminal():
            assert time.monotonic() < deadline, "the computer did not reply"
            page.wait_for_timeout(10)
        if live.state.is_terminal():
            route.fulfill(response=response)
            break
        wait_js(page, "document.getElementById('status').textContent.startsWith('Your move')")
        answer = response.json()
        stale_answers += answer["version"] < live.version and answer["to_move"] != 0
        route.fulfill(response=response)
        page.wait_for_timeout(200)  # the late answer is handled
        assert status_text(page).startswith("Your move"), status_text(page)
        assert page.locator("#actions button:not([disabled]), #picture .pickable").count() > 0
    assert stale_answers >= 1 or live.state.is_terminal()


# Short but complete matches: every implemented game, you against the computer, to the end, played
# only by clicking the table's pickable parts and the buttons left under it (never more than 40).
FULL_MATCH_PARAMS: dict[str, dict[str, Any]] = {
    "filsinger": {"tournament_standard": True},  # the basic game has no decisions for players
    "rumbleslam": {"rounds": 1},
    "skirmish": {"max_rounds": 2},
}


@pytest.mark.parametrize("game", sorted(__import__("turnbuckle").list_games()))
def test_every_game_played_to_the_end_in_the_browser(server: Server, page: Any, game: str) -> None:
    import turnbuckle

    players = turnbuckle.load_game(game, **FULL_MATCH_PARAMS.get(game, {})).num_players()
    created = create(server, {"game": game, "params": FULL_MATCH_PARAMS.get(game, {}),
                              "seats": ["human"] + ["computer:random"] * (players - 1), "seed": 5, "delay": 0})
    page.goto(created["table_url"])
    page.wait_for_selector("#status")
    live = server.service.get(created["id"])
    rng = random.Random(5)
    deadline = time.monotonic() + 300
    moves = 0
    while not live.state.is_terminal():
        assert time.monotonic() < deadline, (
            f"{game}: the match did not end in the browser (to move: {live.state.current_player()},"
            f" page: {status_text(page)!r}, after {len(live.state.history)} actions)")
        if live.state.current_player() == 0 and status_text(page).startswith("Your move"):
            play_by_picture(page, live, 0, rng)  # asserts the button limit at every step
            moves += 1
        else:
            page.wait_for_timeout(20)
    wait_js(page, "document.getElementById('status').textContent.startsWith('Match over')")
    result = live.state.match_result()
    assert result is not None and moves > 0
    assert result.describe().split(" by ")[0] in status_text(page) or "draw" in status_text(page)


def test_rumbleslam_corner_and_setup_square_clicked_on_the_mat(server: Server, page: Any) -> None:
    # rumbleslam SETTING UP THE GAME: a turnbuckle clicked takes the corner, a lit square places a wrestler
    created = create(server, {"game": "rumbleslam", "params": {"rounds": 1},
                              "seats": ["human", "computer:random"], "seed": 5, "delay": 0})
    live = server.service.get(created["id"])
    page.goto(created["table_url"])
    rng = random.Random(1)
    deadline = time.monotonic() + 60
    clicked: list[str] = []
    while "place" not in clicked:
        assert time.monotonic() < deadline and not live.state.is_terminal(), "no placement was offered"
        your_move(page)
        legal = [a.name for a in live.state.legal_actions()] if live.state.current_player() == 0 else []
        verb = next((v for v in ("corner", "place") if any(n.startswith(v + " ") for n in legal)), None)
        if verb is None:
            if legal:
                play_by_picture(page, live, 0, rng)
                wait_js(page, f"!({SENDING})")  # the answer drawn
            else:
                page.wait_for_timeout(20)
            continue
        lit = page.locator("#picture [data-pick^='sq:'].pickable")
        lit.first.wait_for()
        ids = lit.evaluate_all("els => els.map(e => e.dataset.pick)")
        square = str(ids[len(ids) // 2])[3:]
        before = len(live.state.history)
        page.locator(f"#picture [data-pick='sq:{square}']").click()  # a real click on the mat (by id: the
        # page may draw the same position twice, the move's answer and the event stream's refresh)
        while len(live.state.history) == before:
            assert time.monotonic() < deadline, "the click on the mat did not reach the server"
            time.sleep(0.01)
        name = live.state.history[before].name
        assert name == (f"corner {square[3:]}" if verb == "corner" else f"place {square}")
        clicked.append(verb)
        wait_js(page, f"!({SENDING})")  # the answer drawn
    wait_js(page,   # the commentary tells of it: "... climbs into the ring at E5."
        "sq => Array.from(document.querySelectorAll('#feed li')).some(li => li.textContent.includes('ring at ' + sq))",
        arg=square)


def test_the_table_says_why_a_match_stopped(server: Server, strict_page: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from turnbuckle.web.computer import ComputerPlayer

    class Failing:
        name = "failing"

        def choose(self, state: Any, rng: Any) -> Any:
            raise RuntimeError("out of bananas")

    monkeypatch.setattr(ComputerPlayer, "agent", staticmethod(lambda match, seat: Failing()))
    created = create(server, {"game": "powerhouses", "seats": ["computer:expert", "human"], "seed": 2})
    strict_page.goto(created["table_url"])
    strict_page.wait_for_selector("#status.finished")
    assert status_text(strict_page) == ("Match stopped: the computer (expert) playing seat 0 could not move: "
                                        "RuntimeError: out of bananas")
