"""The pages in a real browser (Playwright driving Debian's Chromium): a whole Powerhouses match by
clicks and keys, two WRASSLIN' players who never see each other's cards, replay stepping, and a
reload in the middle of a match. Skipped, with the reason, where no Chromium is installed."""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
uvicorn = pytest.importorskip("uvicorn")

from turnbuckle.web.app import create_app  # noqa: E402
from turnbuckle.web.limits import Limits  # noqa: E402
from turnbuckle.web.live import MatchService  # noqa: E402
from turnbuckle.web.repository import MemoryRepository  # noqa: E402
from turnbuckle.web.views import legal_action_list, picture  # noqa: E402

CHROMIUM = os.environ.get("TURNBUCKLE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM),
    reason=f"no Chromium at {CHROMIUM} (apt-get install chromium, or set TURNBUCKLE_CHROMIUM)",
)
TIMEOUT = 30_000


class Server:
    def __init__(self) -> None:
        self.service = MatchService(MemoryRepository(), think_cap=2.0, computer_delay=0.05)
        self.app = create_app(service=self.service, limits=Limits(exempt_loopback=True))  # the browser plays fast
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server() as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A page for tests that wait on JavaScript expressions: Playwright evaluates those with eval,
    which the app's CSP (rightly) forbids, so this context bypasses the CSP. ``strict_page`` keeps it."""
    context = browser.new_context(bypass_csp=True)
    context.set_default_timeout(TIMEOUT)
    yield context.new_page()
    context.close()


@pytest.fixture
def strict_page(browser: Any) -> Iterator[Any]:
    """A page under the app's own CSP; any CSP violation the browser reports fails the test."""
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    violations: list[str] = []
    page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)
    yield page
    context.close()
    assert not violations, violations


def create(server: Server, body: dict[str, Any]) -> dict[str, Any]:
    import httpx2 as httpx

    response = httpx.post(f"{server.url}/api/matches", json=body, timeout=30)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def status_text(page: Any) -> str:
    return str(page.locator("#status").inner_text())


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
        if buttons.count() and text.startswith("Your move"):
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
                known[seat] |= {n for n in names if n in own or n in events}
            for seat in (0, 1):
                other = set(state.observation(1 - seat)["hand"]) - known[seat]
                shown = pages[seat].locator("#table").inner_html()
                leaked = {n for n in other if n in shown}
                where = [shown[max(0, shown.find(n) - 150) : shown.find(n) + 60] for n in leaked]
                assert not leaked, f"seat {seat}'s page shows {sorted(leaked)} from the other hand: {where}"
            mover = state.current_player()
            before = len(state.history)
            buttons = pages[mover].locator("#actions button")
            buttons.first.wait_for()
            plays = pages[mover].locator("#actions button[data-action^='play ']")
            (plays.first if plays.count() else buttons.first).click()
            deadline = time.monotonic() + 20
            while len(live.state.history) == before:
                assert time.monotonic() < deadline, "the click did not reach the server"
                time.sleep(0.02)
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
    created = create(server, {"game": "powerhouses", "seats": ["computer:heuristic"] * 2, "seed": 8, "delay": 0})
    deadline = time.monotonic() + 60
    while not server.service.get(created["id"]).state.is_terminal():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    page.goto(f"{server.url}/m/{created['id']}/replay")
    position = page.locator("#position")
    page.wait_for_function("document.getElementById('position').textContent.startsWith('step 0 ')")
    page.click("#forward")
    page.wait_for_function("document.getElementById('position').textContent.startsWith('step 1 ')")
    assert page.locator("#feed li").count() >= 1
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.getElementById('position').textContent.startsWith('step 2 ')")
    page.click("#back")
    page.wait_for_function("document.getElementById('position').textContent.startsWith('step 1 ')")
    page.keyboard.press("End")
    page.wait_for_function("document.getElementById('result').textContent.includes('wins by pin')")
    assert page.locator("#forward").is_disabled()
    page.keyboard.press("Home")
    page.wait_for_function("document.getElementById('position').textContent.startsWith('step 0 ')")
    assert "step 0" in position.inner_text()
    assert page.locator("#picture svg").count() == 1


def test_reload_mid_match_resumes(server: Server, page: Any) -> None:
    created = create(server, {"game": "powerhouses", "seats": ["human", "computer:heuristic"], "seed": 14})
    page.goto(created["table_url"])
    moves = 0
    while moves < 3:
        page.wait_for_function(
            "document.getElementById('status').textContent.startsWith('Your move')"
            " || document.getElementById('status').textContent.startsWith('Match over')"
        )
        if status_text(page).startswith("Match over"):
            break
        page.locator("#actions button").first.click()
        moves += 1
        page.wait_for_timeout(100)
    live = server.service.get(created["id"])
    actions_before = len(live.state.history)
    page.reload()
    page.wait_for_selector("#picture svg")
    page.wait_for_function(
        "document.getElementById('status').textContent.startsWith('Your move')"
        " || document.getElementById('status').textContent.startsWith('Match over')"
    )
    assert len(live.state.history) >= actions_before  # nothing was lost
    assert page.locator("#feed li").count() > 0  # the commentary so far comes back
    if status_text(page).startswith("Your move"):
        page.locator("#actions button").first.click()
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
        page.wait_for_function(
            "document.getElementById('status').textContent.startsWith('Your move')"
            " || document.getElementById('status').textContent.startsWith('Match over')"
        )
        if status_text(page).startswith("Match over"):
            break
        page.locator("#actions button").last.click()  # "stop" where offered: the computer replies
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
        page.wait_for_function("document.getElementById('status').textContent.startsWith('Your move')")
        answer = response.json()
        stale_answers += answer["version"] < live.version and answer["to_move"] != 0
        route.fulfill(response=response)
        page.wait_for_timeout(200)  # the late answer is handled
        assert status_text(page).startswith("Your move"), status_text(page)
        assert page.locator("#actions button:not([disabled])").count() > 0
    assert stale_answers >= 1 or live.state.is_terminal()


# Short but complete matches: every implemented game, you against the computer, to the end.
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
    deadline = time.monotonic() + 240
    while not live.state.is_terminal():
        assert time.monotonic() < deadline, (
            f"{game}: the match did not end in the browser (to move: {live.state.current_player()},"
            f" page: {status_text(page)!r}, after {len(live.state.history)} actions)")
        if live.state.current_player() == 0 and status_text(page).startswith("Your move"):
            before = len(live.state.history)
            buttons = page.locator("#actions button:not([disabled]):not([data-action^='concede'])")
            if not buttons.count():
                page.wait_for_timeout(20)
                continue
            buttons.last.click()  # the last listed move ("stop" in Powerhouses, so matches end); never concede
            wait = time.monotonic() + 10
            while len(live.state.history) == before and time.monotonic() < wait:
                time.sleep(0.01)
        else:
            page.wait_for_timeout(20)
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Match over')")
    result = live.state.match_result()
    assert result is not None
    assert result.describe().split(" by ")[0] in status_text(page) or "draw" in status_text(page)


def _click_a_target(server: Server, page: Any, created: dict[str, Any], prefer: tuple[str, ...],
                    setup: Any) -> tuple[str, int]:
    """Play by buttons (``setup`` picks one) until, on your move, the picture has a target whose
    action starts with one of ``prefer``; click the first. Returns that action and the history
    length before it."""
    live = server.service.get(created["id"])
    page.goto(created["table_url"])
    page.wait_for_selector("#status")
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline and not live.state.is_terminal(), "no target was offered"
        page.wait_for_function(
            "document.getElementById('status').textContent.startsWith('Your move')"
            " && document.querySelectorAll('#actions button:not([disabled])').length > 0")
        if live.state.current_player() != 0:
            page.wait_for_timeout(20)
            continue
        found = page.locator("#picture .target[data-action]")
        names = [str(n) for n in found.evaluate_all("els => els.map(e => e.dataset.action)")]
        if any(n.startswith(prefer) for n in names):
            break
        before = len(live.state.history)
        setup(page).click()
        while len(live.state.history) == before:
            assert time.monotonic() < deadline, "a button click did not reach the server"
            time.sleep(0.01)
    assert set(names) <= {a.name for a in live.state.legal_actions()}
    action = next(n for n in names if n.startswith(prefer))
    before = len(live.state.history)
    page.locator(f"#picture .target[data-action={json.dumps(action)}]").click()
    deadline = time.monotonic() + 20
    while len(live.state.history) == before:
        assert time.monotonic() < deadline, "the click on the picture did not reach the server"
        time.sleep(0.01)
    assert live.state.history[before].name == action  # the clicked place was played, nothing else
    return action, before


def test_rumbleslam_square_clicked_on_the_mat(server: Server, page: Any) -> None:
    created = create(server, {"game": "rumbleslam", "params": {"rounds": 1},
                              "seats": ["human", "computer:random"], "seed": 5, "delay": 0})
    action, _ = _click_a_target(server, page, created, ("place ", "move "),
                                lambda p: p.locator("#actions button:not([disabled])").first)
    page.wait_for_function(  # the commentary tells of it: "... climbs into the ring at E5." / "... moves to E5."
        "sq => Array.from(document.querySelectorAll('#feed li')).some(li => li.textContent.includes(sq))",
        arg=action.rsplit(" ", 1)[1])


def test_skirmish_destination_clicked_in_the_ring(server: Server, page: Any) -> None:
    import httpx2 as httpx

    created = create(server, {"game": "skirmish", "params": {"max_rounds": 2},
                              "seats": ["human", "computer:random"], "seed": 5, "delay": 0})

    def jockey_first(p: Any) -> Any:  # bid high and Jockey (the move): it leads to a destination
        jockey = p.locator("#actions button:not([disabled])[data-action='jockey']")
        bids = p.locator("#actions button:not([disabled])[data-action^='bid ']")
        return jockey if jockey.count() else bids.last if bids.count() else p.locator("#actions button").first

    action, _ = _click_a_target(server, page, created, ("move ",), jockey_first)
    x, y = (float(v) for v in action.split()[1:])
    events = httpx.get(f"{server.url}/api/matches/{created['id']}/events?since=0", timeout=30).json()["events"]
    assert any(e["kind"] == "moved" and (e["data"]["x"], e["data"]["y"]) == (x, y) for e in events)
    page.wait_for_selector("#actions button[data-action='keep facing']")  # the facing decision: buttons
    assert page.locator("#picture .target").count() == 0


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
