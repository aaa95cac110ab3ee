"""Sharing a table in Chromium: the owner's Invite box tells at once when the guest opens the link
(no reload), replacing a link already copied asks first, and a watch link anyone can open shows a
page that says it is watching."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from support.browser import TIMEOUT, Server, create, needs_chromium, status_text, wait_js
from turnbuckle.web.grants import find
from turnbuckle.web.views import mover_label

pytestmark = needs_chromium

LIVE = 10_000
"""How long a page may take to show what the event stream told it (ms)."""


def invite_text(page: Any) -> str:
    return str(page.locator("#invite-list").inner_text())


def test_the_invite_box_says_at_once_that_the_guest_opened_the_link(server: Server, browser: Any) -> None:
    created = create(server, {"game": "wrasslin", "seats": ["human", "invite"], "seed": 4})
    host_context, guest_context = browser.new_context(bypass_csp=True), browser.new_context()
    try:
        host = host_context.new_page()
        host.goto(created["table_url"])
        host.locator("#invite-list textarea").wait_for()
        assert host.locator("#invite-list button:has-text('New link')").count() == 1
        guest = guest_context.new_page()
        guest.set_default_timeout(TIMEOUT)
        guest.goto(created["invites"][0]["url"])
        guest.wait_for_selector("#picture svg")
        wait_js(host, "document.getElementById('invite-list').textContent.includes('opened by the guest')",
                               timeout=LIVE)  # no reload: the event stream told the host's page
        assert "Seat 1 (Baby Face Harpo): opened by the guest" in invite_text(host)
        assert host.locator("#invite-list textarea, #invite-list button").count() == 0  # nothing to cancel the seat
    finally:
        host_context.close()
        guest_context.close()


def test_replacing_a_copied_invite_link_asks_first(server: Server, browser: Any) -> None:
    created = create(server, {"game": "wrasslin", "seats": ["human", "invite"], "seed": 6})
    context = browser.new_context(bypass_csp=True, permissions=["clipboard-read", "clipboard-write"])
    context.set_default_timeout(TIMEOUT)
    try:
        page = context.new_page()
        page.goto(created["table_url"])
        link = page.locator("#invite-list textarea")
        link.wait_for()
        first = link.input_value()
        page.click("#invite-list button:has-text('Copy link')")  # sent to someone, perhaps
        page.click("#invite-list button:has-text('New link')")
        ask = page.locator("#invite-list .invite-confirm")
        ask.wait_for()
        assert "could no longer join" in ask.inner_text()
        page.click("#invite-list button:has-text('Keep it')")
        assert ask.is_hidden() and link.input_value() == first
        tokens = server.service.get(created["id"]).record.tokens
        assert find(tokens, first.split("#t=")[1]) is not None  # kept: the link sent still works
        page.click("#invite-list button:has-text('New link')")
        page.click("#invite-list button:has-text('Replace the link')")
        wait_js(page, "u => document.querySelector('#invite-list textarea').value !== u", arg=first)
    finally:
        context.close()


def test_a_watch_link_to_copy_and_a_page_that_says_it_is_watching(server: Server, browser: Any) -> None:
    created = create(server, {"game": "powerhouses", "seats": ["human", "computer:random"], "seed": 2})
    owner_context, watcher_context = browser.new_context(bypass_csp=True), browser.new_context(bypass_csp=True)
    try:
        owner = owner_context.new_page()
        owner.goto(created["table_url"])
        field = owner.locator("#watch-link")
        wait_js(owner, "document.getElementById('watch-link').value !== ''")
        url = field.input_value()
        assert url == f"{server.url}/m/{created['id']}"  # the table's address, no token in it
        assert owner.locator("#copy-watch-link").is_visible()
        watcher = watcher_context.new_page()
        watcher.goto(url)
        watcher.wait_for_selector("#picture svg")
        wait_js(watcher, "document.getElementById('status').textContent.startsWith('Watching')")
        live = server.service.get(created["id"])
        assert status_text(watcher) == f"Watching: {mover_label(live.game, live.state)} to move"
        assert watcher.locator("#actions button").count() == 0
    finally:
        owner_context.close()
        watcher_context.close()
