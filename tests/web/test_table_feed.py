"""The commentary in Chromium: scrolled to its newest entry, it starts at a whole entry, never a line
cut in half under its heading, and the newest entry is in full view (the table and the replay)."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from support.browser import Server, create, needs_chromium, wait_js

pytestmark = needs_chromium

EDGES = """() => {
  const feed = document.getElementById('feed');
  const box = feed.getBoundingClientRect();
  const items = Array.from(feed.children);
  const first = items.find(li => li.getBoundingClientRect().bottom > box.top + 0.5);
  return {scrolled: feed.scrollTop > 0, count: items.length, top: box.top, bottom: box.bottom,
          firstTop: first.getBoundingClientRect().top, firstText: first.textContent,
          lastBottom: items[items.length - 1].getBoundingClientRect().bottom};
}"""


def check_whole(page: Any) -> None:
    edges = page.evaluate(EDGES)
    assert edges["scrolled"], "the commentary is short enough not to scroll: nothing to check"
    assert edges["firstTop"] >= edges["top"] - 1, (
        f"the top entry is cut under the heading by {edges['top'] - edges['firstTop']:.1f}px: {edges['firstText']!r}")
    assert edges["lastBottom"] <= edges["bottom"] + 1, "the newest entry is not in full view"


@pytest.mark.parametrize("game", ["powerhouses", "wrasslin"])
def test_the_commentary_starts_at_a_whole_entry(server: Server, page: Any, game: str) -> None:
    created = create(server, {"game": game, "seats": ["computer:random"] * 2, "seed": 3, "delay": 0})
    live = server.service.get(created["id"])
    deadline = time.monotonic() + 120
    while not live.state.is_terminal():
        assert time.monotonic() < deadline, "the computers did not finish"
        time.sleep(0.05)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(created["table_url"])
    page.wait_for_selector("#status.finished")
    wait_js(page, f"document.querySelectorAll('#feed li').length >= {min(len(live.state.events), 300) // 2}")
    page.wait_for_timeout(300)  # the last updates drawn
    check_whole(page)
    page.goto(f"{server.url}/m/{created['id']}/replay")
    page.wait_for_selector("#feed")
    page.keyboard.press("End")
    wait_js(page, "document.getElementById('feed').scrollTop > 0")
    check_whole(page)
