"""Issue 32, "Done when", on PostgreSQL: two browsers play a turn-based lobby match through two
``turnbuckle serve`` processes with a short clock (``--clock-scale``); one side stops, both
processes are restarted while its clock runs, the clock runs out, the computer finishes the match
for that side, and the abandonment record counts it on both processes' player pages. Before that
both players chat, each through their own process, and one mutes the other; the one who stops gets
the "your turn" badge, and a push at the fake push endpoint and an e-mail at the SMTP sink, each
once although two processes look for what is due. The browsers never wait fixed times: every step
waits for what the page shows."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from tests.web.test_clocks_browser import say, sign_up
from tests.web.test_lobby_browser import play_until_over

from support.browser import TIMEOUT, needs_chromium
from support.notify import PushEndpoint, Sink, browser_keys, push_endpoint, smtp_sink, vapid_keys
from support.serve import ServeProcess
from turnbuckle.store import open_database
from turnbuckle.store.notify_models import NotificationSent
from turnbuckle.web import clocks

pytestmark = [pytest.mark.postgres, needs_chromium]
pytest.importorskip("aiosmtpd.controller", reason="aiosmtpd (the test extra) is not installed")
pytest.importorskip("pywebpush", reason="pywebpush (the push extra) is not installed")

SCALE = 0.0002
DAYS = 2
"""Days per move: about 35 s at ``SCALE``, room for the chat (on the first mover's clock) and the restart
on a loaded machine (at 1 day, 17 s, one run in eleven ran out early)."""
"""A day per move becomes about 17 seconds: long enough for the one who plays on to move under
load, short enough to keep the test bounded."""


class ClockServe(ServeProcess):
    """A ``serve`` process with sped-up clocks, on a given port (the same one after a restart, so
    the open pages keep their address)."""

    def __init__(self, url: str, env: dict[str, str], port: int | None = None) -> None:
        super().__init__(url, "--clock-scale", str(SCALE), env=env, port=port)


def until(check: Callable[[], bool], timeout: float = 90.0, every: float = 0.25) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(every)


Servers = tuple[list[ClockServe], dict[str, str], Sink, PushEndpoint]


@pytest.fixture
def servers(pg_url: str, tmp_path: Path) -> Iterator[Servers]:
    """Two processes told (by environment variables, as docs/deploy.md sets them) of an SMTP sink
    and VAPID keys; pushes go to the endpoints the browsers subscribe with (the fake one)."""
    private, public = vapid_keys(tmp_path)
    with smtp_sink() as (sink, port), push_endpoint() as push:
        env = {"TURNBUCKLE_SMTP_URL": f"smtp://127.0.0.1:{port}", "TURNBUCKLE_VAPID_PRIVATE_KEY": private,
               "TURNBUCKLE_VAPID_PUBLIC_KEY": public}
        made = [ClockServe(pg_url, env), ClockServe(pg_url, env)]
        try:
            for server in made:
                server.wait_ready()
            yield made, env, sink, push  # the test replaces the list's items when it restarts them
        finally:
            for server in made:
                server.stop()


def claimed(pg_url: str) -> int:
    """How many notifications the processes claimed (each is sent by the one that claimed it)."""
    db = open_database(pg_url)
    try:
        with db.read() as session:
            return int(session.scalar(select(func.count()).select_from(NotificationSent)) or 0)
    finally:
        db.close()


def test_one_side_stops_the_processes_restart_the_clock_runs_out_and_the_computer_finishes(
        servers: Servers, pg_url: str, browser: Any) -> None:
    running, env, sink, push = servers
    a, b = running
    contexts = [browser.new_context(), browser.new_context()]
    try:
        pages = []
        for context in contexts:
            context.set_default_timeout(TIMEOUT)
            pages.append(context.new_page())
        alice, bob = pages
        sign_up(alice, a.base, "Alice")  # Alice through one process, Bob through the other
        sign_up(bob, b.base, "Bob")
        for page, server, name in ((alice, a, "Alice"), (bob, b, "Bob")):
            assert page.request.post(f"{server.base}/api/players/me/notifications",
                                     data={"email": f"{name.lower()}@example.test"}).ok
            assert page.request.post(f"{server.base}/api/players/me/push",
                                     data={"endpoint": f"{push.url}/push/{name}", "keys": browser_keys()}).ok
        alice.goto(f"{a.base}/lobby")
        alice.select_option("#format", "powerhouses|0")
        alice.select_option("#seat", "0")
        alice.select_option("#clock-kind", "turn")
        alice.select_option("#clock-days", str(DAYS))
        alice.click("#new-challenge button[type=submit]")
        alice.wait_for_selector(f"li.challenge:has-text('{DAYS} days per move')")
        bob.goto(f"{b.base}/lobby")
        bob.wait_for_selector(f"li.challenge:has-text('{DAYS} days per move')")  # made through the other process
        bob.click("li.challenge button:has-text('Take this seat')")
        for page in pages:
            page.wait_for_url("**/m/*#t=*")
            page.wait_for_selector("#picture svg")
            page.wait_for_selector("#clocks:has-text('per move')")
            page.wait_for_selector("#status:not(:has-text('Loading'))")
        match_id = alice.url.split("/m/")[1].split("#")[0]

        # both chat, each through their own process; Bob mutes Alice, and what she says later
        # (stored: her own list shows it) is not shown to him
        say(alice, "hello Bob")
        bob.wait_for_selector("#chat-list li:has-text('hello Bob')")
        say(bob, "hi Alice")
        alice.wait_for_selector("#chat-list li:has-text('hi Alice')")
        bob.click("#chat-list button[data-mute='Alice']")
        bob.wait_for_selector("#chat-list li[data-author=Alice]", state="detached")
        say(alice, "still there?")
        bob.reload()
        bob.wait_for_selector("#chat-list li:has-text('hi Alice')")
        bob.wait_for_selector("#status:not(:has-text('Loading'))")
        assert bob.locator("#chat-list li:has-text('still there?')").count() == 0
        assert bob.locator("#chat-list li[data-author=Alice]").count() == 0

        # whoever is to move plays until the other has the decision; the other stops
        until(lambda: any(p.locator("#status").inner_text().startswith("Your move") for p in pages))
        mover_index = 0 if alice.locator("#status").inner_text().startswith("Your move") else 1
        mover, stopper = pages[mover_index], pages[1 - mover_index]
        stopper_name = ("Alice", "Bob")[1 - mover_index]
        while mover.locator("#status").inner_text().startswith("Your move"):
            buttons = mover.locator("#actions button:not([disabled])")
            sheet = mover.locator("#picture .pickable")
            (sheet.first if sheet.count() else buttons.last).click()
            mover.wait_for_timeout(200)
        stopper.wait_for_selector("#status:has-text('Your move')")
        decided = time.monotonic()
        stopper.wait_for_selector("#turns-badge:not([hidden]) [data-turns-count]:has-text('1')")
        assert mover.locator("#turns-badge").is_hidden()

        # the tables are closed (no open streams to drain) and both processes stop and start again
        # (same ports) while the stopper's clock runs
        tables = [page.url for page in pages]
        for page in pages:
            page.goto("about:blank")
        for server in running:
            os.killpg(server.proc.pid, signal.SIGTERM)
        for server in running:
            server.stop()
        assert time.monotonic() - decided < DAYS * clocks.DAY * SCALE - 1, "the clock ran out before the restart"
        running[:] = [ClockServe(pg_url, env, a.port), ClockServe(pg_url, env, b.port)]
        for server in running:
            server.wait_ready()
        for page, table in zip(pages, tables, strict=True):
            page.goto(table)
            page.wait_for_selector("#picture svg")

        # the clock runs out (handled once, by whichever new process looks first): casual, so the
        # computer takes the seat over and finishes the match with the one who plays on
        stopper.wait_for_selector("#clocks:has-text('out of time')", timeout=90_000)
        play_until_over([mover], seconds=180)
        stopper.wait_for_selector("#status:has-text('Match over')", timeout=60_000)

        for page, server in ((alice, running[0]), (bob, running[1])):
            def counted(page: Any = page, server: ClockServe = server) -> bool:
                page.goto(f"{server.base}/players/{stopper_name}")
                record = page.locator("[data-abandonment]")
                return record.count() > 0 and "1 abandoned" in record.inner_text()

            until(counted, timeout=60, every=1.0)
            assert "0 finished, 1 abandoned" in page.locator("[data-abandonment]").inner_text()
        with running[0].client() as viewer:
            stored = viewer.get(f"/api/matches/{match_id}").json()
            assert stored["finished"], stored

        # the one who stopped was told (the reminder at 80% of the clock, due while it ran): a push
        # at the fake endpoint and an e-mail at the sink; every notice claimed was sent once, by
        # one process, although two looked (and two more after the restart)
        until(lambda: f"/push/{stopper_name}" in [path for path, _, _ in push.received], timeout=30)
        until(lambda: f"{stopper_name.lower()}@example.test" in [m["To"] for m in sink.messages], timeout=30)
        notices = claimed(pg_url)
        until(lambda: len(push.received) >= notices and len(sink.messages) >= notices, timeout=30)
        assert len(push.received) == len(sink.messages) == notices, (push.received, notices)
    finally:
        for context in contexts:
            context.close()
