"""Browser-test support: a live server in a thread, Debian's Chromium driven by Playwright, and a
driver that plays a seat by clicking the table's pickable parts and the remaining buttons."""

from __future__ import annotations

import os
import random
import re
import shutil
import socket
import threading
import time
from typing import Any

import pytest

from turnbuckle.web.app import create_app
from turnbuckle.web.limits import Limits
from turnbuckle.web.live import MatchService
from turnbuckle.web.repository import MemoryRepository

CHROMIUM = os.environ.get("TURNBUCKLE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
needs_chromium = pytest.mark.skipif(
    not os.path.exists(CHROMIUM),
    reason=f"no Chromium at {CHROMIUM} (apt-get install chromium, or set TURNBUCKLE_CHROMIUM)",
)
TIMEOUT = 30_000


class Server:
    """The web app served by uvicorn in a thread on a free loopback port (``app``: another app, such as
    one on a league's database; default: a fresh in-memory one whose loopback clients are not rate
    limited, since the browser plays fast)."""

    def __init__(self, app: Any = None) -> None:
        if app is None:
            self.service = MatchService(MemoryRepository(), think_cap=2.0, computer_delay=0.05)
            app = create_app(service=self.service, limits=Limits(exempt_loopback=True))
        else:
            self.service = app.state.service
        self.app = app
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        import uvicorn

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


def create(server: Server, body: dict[str, Any]) -> dict[str, Any]:
    import httpx2 as httpx

    response = httpx.post(f"{server.url}/api/matches", json=body, timeout=30)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def finished_computer_match(server: Server, seed: int = 8) -> dict[str, Any]:
    """A Powerhouses match two computers have played to its end (what the replay pages show)."""
    created = create(server, {"game": "powerhouses", "seats": ["computer:heuristic"] * 2, "seed": seed, "delay": 0})
    deadline = time.monotonic() + 60
    while not server.service.get(created["id"]).state.is_terminal():
        assert time.monotonic() < deadline, "the computers did not finish the match"
        time.sleep(0.05)
    return created


def status_text(page: Any) -> str:
    return str(page.locator("#status").inner_text())




MAX_BUTTONS = 40
"""The most action buttons the table may show at once (a table you act on, item 2)."""


YOUR_MOVE = re.compile(r"^\s*(Your move|Match over)")


def your_move(page: Any) -> None:
    """Wait until the page says it is this seat's move (or the match is over). A locator wait, not
    ``wait_for_function``: a string predicate that has to be polled is run through ``eval``, which the
    pages' Content Security Policy refuses (seen under load, when the first look is too early)."""
    page.locator("#status").filter(has_text=YOUR_MOVE).wait_for()


def wait_js(page: Any, expression: str, arg: Any = None, *, timeout: float = TIMEOUT) -> None:
    """Wait until a page expression (or a function of ``arg``) is truthy, polled from here with
    ``page.evaluate`` (DevTools' evaluate, which the pages' Content Security Policy leaves alone),
    not ``wait_for_function``, whose in-page polling of a string predicate goes through ``eval``
    and is refused under that policy now and then (microsoft/playwright#36986). A look that meets
    a navigation is tried again."""
    from playwright.sync_api import Error as PlaywrightError

    end = time.monotonic() + timeout / 1000
    while True:
        try:
            if page.evaluate(expression, arg):
                return
        except PlaywrightError as error:
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
        assert time.monotonic() < end, f"the page never met {expression[:120]!r} in {timeout / 1000:g} s"
        page.wait_for_timeout(50)


def visible_buttons(page: Any) -> int:
    """The buttons on screen to act with: under the picture, and in a menu open beside a part of it."""
    return int(page.locator("#actions button:visible, #pick-menu button:visible").count())


def play_by_picture(page: Any, live: Any, seat: int, rng: random.Random, *, avoid: tuple[str, ...] = ("concede",),
                    prefer_picks: float = 0.7, deadline: float = 20.0) -> str:
    """Make one move for ``seat`` as a person would: click a pickable part of the picture (following
    a selection to the next part, or a menu beside it) or one of the remaining buttons. Checks the
    button limit on the way. Returns the action the server applied."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    before = len(live.state.history)
    end = time.monotonic() + deadline
    while len(live.state.history) == before:
        assert time.monotonic() < end, "no move reached the server"
        assert visible_buttons(page) <= MAX_BUTTONS, f"{visible_buttons(page)} buttons on the table"
        if page.evaluate(SENDING):  # a move on its way to the server: its answer redraws the table
            page.wait_for_timeout(30)
            continue
        try:  # the page may redraw between looking and clicking (the event stream's refresh): look again
            _click_something(page, rng, avoid, prefer_picks)
        except PlaywrightTimeout:
            continue
        page.wait_for_timeout(30)
    return str(live.state.history[before].name)


SENDING = ("!!document.getElementById('picture').dataset.busy"
           " || !!document.querySelector('#actions button[disabled]')")
"""True while the page waits for the server's answer to a move (the picture busy, buttons off)."""


def _click_something(page: Any, rng: random.Random, avoid: tuple[str, ...], prefer_picks: float) -> None:
    menu = page.locator("#pick-menu:visible button[data-action], #pick-menu:visible button[data-group]")
    if menu.count():
        names = [n for n in menu.evaluate_all("els => els.map(e => e.dataset.action || '')") if n]
        names = [n for n in names if not n.startswith(avoid)]
        groups = page.locator("#pick-menu button[data-group]").evaluate_all("els => els.map(e => e.dataset.group)")
        if groups and (not names or rng.random() < 0.5):  # a long menu's groups (a Wild Card's kinds of card)
            page.locator(f"#pick-menu button[data-group={_quoted(rng.choice(groups))}]").click(timeout=2000)
        elif names:
            page.locator(f"#pick-menu button[data-action={_quoted(rng.choice(names))}]").click(timeout=2000)
        else:
            page.keyboard.press("Escape")
        return
    ids = page.locator("#picture .pickable").evaluate_all("els => els.map(e => e.dataset.pick)")
    buttons = page.locator("#actions button:visible:not([disabled])")
    names = [n for n in buttons.evaluate_all("els => els.map(e => e.dataset.action)") if not n.startswith(avoid)]
    if ids and (not names or rng.random() < prefer_picks):
        pick = _quoted(rng.choice(ids))
        page.locator(f"#picture .pickable[data-pick={pick}]").first.dispatch_event("click", timeout=2000)
    elif names:
        page.locator(f"#actions button[data-action={_quoted(rng.choice(names))}]").click(timeout=2000)
    else:
        page.wait_for_timeout(30)


def _quoted(text: str) -> str:
    import json

    return json.dumps(text)


def a_move(page: Any, which: str = "first") -> Any:
    """Something to click that plays a move now: a button (the ``first`` or ``last``), else a lit part of
    the picture (a Powerhouses tie between abilities is broken on the sheet and has no button)."""
    page.wait_for_selector("#actions button:not([disabled]), #picture .pickable")
    buttons = page.locator("#actions button:not([disabled])")
    if buttons.count():
        return buttons.first if which == "first" else buttons.last
    return page.locator("#picture .pickable").first
