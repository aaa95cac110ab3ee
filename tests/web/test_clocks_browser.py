"""Two browsers play a turn-based lobby match where one side stops (issue 32, "Done when"): the
table shows the clocks; both chat (text, never HTML) and one mutes the other; the one who stops
gets the "your turn" badge, a push at the fake push endpoint and an e-mail at the SMTP sink; the
clock runs out, the computer finishes the match, and the abandonment record counts it; the replay
shows the players' chat to a player and nothing of it to a spectator. The clocks
run on a fake time injected into the match service."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.web.test_lobby_browser import play_until_over

from support.accounts import PASSWORD
from support.browser import TIMEOUT, Server, needs_chromium
from support.notify import PushEndpoint, Sink, browser_keys, push_endpoint, smtp_sink, vapid_keys
from turnbuckle.store import open_database
from turnbuckle.web import clocks
from turnbuckle.web.app import create_app
from turnbuckle.web.limits import Limits
from turnbuckle.web.service import MatchService
from turnbuckle.web.sql_repository import SqlRepository

pytestmark = needs_chromium
pytest.importorskip("aiosmtpd.controller", reason="aiosmtpd (the test extra) is not installed")
pytest.importorskip("pywebpush", reason="pywebpush (the push extra) is not installed")


class FakeNow:
    def __init__(self) -> None:
        self.t = time.time()

    def __call__(self) -> float:
        return self.t


Setup = tuple[Server, FakeNow, Sink, PushEndpoint]


@pytest.fixture
def setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Setup]:
    now = FakeNow()
    private, public = vapid_keys(tmp_path)
    with smtp_sink() as (sink, port), push_endpoint() as push:
        monkeypatch.setenv("TURNBUCKLE_SMTP_URL", f"smtp://127.0.0.1:{port}")
        monkeypatch.setenv("TURNBUCKLE_VAPID_PRIVATE_KEY", private)
        monkeypatch.setenv("TURNBUCKLE_VAPID_PUBLIC_KEY", public)
        db = open_database(str(tmp_path / "clocks.db"))
        service = MatchService(SqlRepository(db), think_cap=0.3, now=now, clock_look=3600)
        app = create_app(service=service, limits=Limits(exempt_loopback=True))
        app.state.notifier.now = now
        app.state.notifier.look = 3600  # the test looks itself
        try:
            with Server(app) as running:
                yield running, now, sink, push
        finally:
            db.close()


def sign_up(page: Any, url: str, name: str) -> None:
    page.goto(f"{url}/signup")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.fill("#password2", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"**/players/{name}*")


def say(page: Any, text: str) -> None:
    page.fill("#chat-text", text)
    page.click("#chat-form button[type=submit]")
    page.wait_for_selector(f"#chat-list li:has-text({text!r})")


def test_one_side_stops_the_other_is_told_the_clock_runs_out_and_the_computer_finishes(
        setup: Setup, browser: Any) -> None:
    server, now, sink, push = setup
    url = server.url
    contexts = [browser.new_context(), browser.new_context()]
    try:
        pages = []
        for context in contexts:
            context.set_default_timeout(TIMEOUT)
            pages.append(context.new_page())
        alice, bob = pages
        sign_up(alice, url, "Alice")
        sign_up(bob, url, "Bob")
        for page, name in ((alice, "Alice"), (bob, "Bob")):
            assert page.request.post(f"{url}/api/players/me/notifications",
                                     data={"email": f"{name.lower()}@example.test"}).ok
            assert page.request.post(f"{url}/api/players/me/push",
                                     data={"endpoint": f"{push.url}/push/{name}", "keys": browser_keys()}).ok
        alice.goto(f"{url}/lobby")
        alice.select_option("#format", "powerhouses|0")
        alice.select_option("#seat", "0")
        alice.select_option("#clock-kind", "turn")
        alice.select_option("#clock-days", "1")
        alice.click("#new-challenge button[type=submit]")
        alice.wait_for_selector("li.challenge:has-text('1 day per move')")
        bob.goto(f"{url}/lobby")
        bob.wait_for_selector("li.challenge:has-text('0 finished, 0 abandoned')")
        bob.click("li.challenge button:has-text('Take this seat')")
        for page in pages:
            page.wait_for_url("**/m/*#t=*")
            page.wait_for_selector("#picture svg")
            page.wait_for_selector("#clocks:has-text('1 day per move')")

        # both chat; what looks like HTML stays text; Bob mutes Alice
        say(alice, "hello <b>Bob</b>")
        bob.wait_for_selector("#chat-list li:has-text('hello <b>Bob</b>')")
        assert bob.locator("#chat-list b").count() == 0
        say(bob, "hi Alice")
        alice.wait_for_selector("#chat-list li:has-text('hi Alice')")
        bob.click("#chat-list button[data-mute='Alice']")
        bob.wait_for_selector("#chat-list li[data-author=Alice]", state="detached")
        say(alice, "still there?")
        bob.reload()
        bob.wait_for_selector("#chat-list li:has-text('hi Alice')")
        assert bob.locator("#chat-list li:has-text('still there?')").count() == 0

        # whoever is to move plays until the other has the decision; the other stops
        for page in pages:
            page.wait_for_selector("#status:not(:has-text('Loading'))")
        mover_index = 0 if alice.locator("#status").inner_text().startswith("Your move") else 1
        mover, stopper = pages[mover_index], pages[1 - mover_index]
        stopper_name = ("Alice", "Bob")[1 - mover_index]
        while mover.locator("#status").inner_text().startswith("Your move"):
            buttons = mover.locator("#actions button:not([disabled])")
            sheet = mover.locator("#picture .pickable")
            (sheet.first if sheet.count() else buttons.last).click()
            mover.wait_for_timeout(200)
        stopper.wait_for_selector("#status:has-text('Your move')")
        stopper.wait_for_selector("#turns-badge:not([hidden]) [data-turns-count]:has-text('1')")
        assert mover.locator("#turns-badge").is_hidden()

        notifier = server.app.state.notifier
        now.t = time.time() + notifier.turn_delay + 1
        assert notifier.run_once() >= 1
        assert f"/push/{stopper_name}" in [p for p, _, _ in push.received]
        assert f"{stopper_name.lower()}@example.test" in [m["To"] for m in sink.messages]

        # the clock runs out: casual, so the computer takes the seat over and finishes with the mover
        now.t += clocks.DAY
        assert server.service.check_clocks() == 1
        stopper.wait_for_selector("#clocks:has-text('out of time')")
        play_until_over([mover])
        stopper.wait_for_selector("#status:has-text('Match over')")
        server.app.state.settle.wait()

        # the replay shows the players' chat to a player (the table's link carries the seat token),
        # and nothing of it to anyone else
        match_id = mover.url.split("/m/")[1].split("#")[0]
        mover.wait_for_selector("#replay-link:not([hidden])")
        mover.click("#replay-link")
        mover.wait_for_url(f"**/replay/m{match_id}#t=*")
        mover.wait_for_selector("#players-chat:not([hidden]) li:has-text('hi Alice')")
        assert mover.locator("#players-chat-list b").count() == 0  # text, never HTML
        watcher = browser.new_context()
        contexts.append(watcher)
        watcher.set_default_timeout(TIMEOUT)
        viewer = watcher.new_page()
        viewer.goto(f"{url}/m/{match_id}/replay")
        viewer.wait_for_selector("#players-chat[data-looked=no]", state="attached")
        assert viewer.locator("#players-chat").is_hidden()
        assert viewer.locator("#players-chat-list li").count() == 0
        assert "hi Alice" not in viewer.content() and "hello" not in viewer.content()
        for page in pages:
            page.goto(f"{url}/players/{stopper_name}")
            assert "0 finished, 1 abandoned" in page.locator("[data-abandonment]").inner_text()
    finally:
        for context in contexts:
            context.close()


def test_the_account_page_sets_the_notifications(setup: Setup, browser: Any) -> None:
    server, _, _, _ = setup
    context = browser.new_context()
    try:
        context.set_default_timeout(TIMEOUT)
        page = context.new_page()
        sign_up(page, server.url, "Carol")
        page.goto(f"{server.url}/account")
        page.wait_for_selector("#notify-configured:has-text('e-mail is on')")
        assert "push is on" in page.locator("#notify-configured").inner_text()
        page.fill("#notify-email", "carol@example.test")
        page.uncheck("#notify-reminder")
        page.check("#notify-digest")
        page.click("#notify-form button[type=submit]")
        page.wait_for_selector("#notify-status:has-text('Saved.')")
        saved = page.request.get(f"{server.url}/api/players/me/notifications").json()
        assert saved["email"] == "carol@example.test" and not saved["reminder"] and saved["digest"] and saved["turn"]
    finally:
        context.close()
