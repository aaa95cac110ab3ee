"""The league's pages as a person sees them (issue 29 item 15), in Debian's Chromium at a desktop
width and a 390 px phone: the card editor lists every signed wrestler where it can be seen (the
16th of a Filsinger promotion was cut off below a scrolling list), the navigation marks the page
you are on (``aria-current="page"``) and keeps it in sight, and each chart entry of a
wrestler's card shows its whole text. Skipped, with the reason, where no Chromium is installed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from support.browser import TIMEOUT, Server, needs_chromium
from turnbuckle.league import service
from turnbuckle.store import Database, open_database
from turnbuckle.web.app import create_app
from turnbuckle.web.sql_repository import SqlRepository

pytestmark = needs_chromium
WIDTHS = {"desktop": {"width": 1180, "height": 900}, "phone": {"width": 390, "height": 844}}


class Galaxy:
    """A Filsinger promotion with its whole roster (16 wrestlers) signed, served on its database."""

    def __init__(self, path: Path) -> None:
        self.db: Database = open_database(str(path))
        self.token = str(service.create_league(self.db, "Galaxy", "filsinger", {}, seed=7)["admin_token"])
        self.signed = service.sign(self.db, None, [], everyone=True)
        self.server = Server(create_app(SqlRepository(self.db), think_cap=1.0, computer_delay=0.05))
        self.league = f"{self.server.url}/leagues/1"


@pytest.fixture(scope="module")
def galaxy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Galaxy]:
    made = Galaxy(tmp_path_factory.mktemp("galaxy") / "league.db")
    with made.server:
        yield made
    made.db.close()


@pytest.fixture(params=sorted(WIDTHS))
def promoter(request: pytest.FixtureRequest, browser: Any, galaxy: Galaxy) -> Iterator[Any]:
    """A promoter's page (logged in through the form) at a desktop width and a phone's."""
    context = browser.new_context(viewport=WIDTHS[request.param])
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    page.goto(f"{galaxy.league}/login")
    page.fill("#token", galaxy.token)
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/leagues/1/admin")
    yield page
    context.close()


SEEN = """(el) => {
    // scroll the page (only the page) to the element; it is seen if it is what lies at its centre
    const box = el.getBoundingClientRect();
    window.scrollBy(0, box.top - window.innerHeight / 2);
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || x > window.innerWidth || y < 0 || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
}"""


def test_the_card_editor_lists_every_signed_wrestler_in_sight(galaxy: Galaxy, promoter: Any) -> None:
    page = promoter
    page.goto(f"{galaxy.league}/admin/editor")
    links = page.locator(".card-names a")
    assert sorted(links.all_inner_texts()) == sorted(galaxy.signed) and len(galaxy.signed) == 16
    for i in range(links.count()):
        assert links.nth(i).evaluate(SEEN), links.nth(i).inner_text()


NAV = [("", "Home"), ("/roster", "Roster"), ("/standings", "Standings"), ("/titles", "Titles"), ("/cards", "Cards"),
       ("/feuds", "Feuds"), ("/injuries", "Injuries"), ("/admin", "Promoter"), ("/wrestlers/1", "Roster"),
       ("/admin/book", "Cards"), ("/admin/editor", "Roster")]


def test_the_navigation_marks_the_page_you_are_on_and_keeps_it_in_sight(galaxy: Galaxy, promoter: Any) -> None:
    page = promoter
    for path, label in NAV:
        page.goto(f"{galaxy.league}{path}")
        current = page.locator(".league-nav a[aria-current='page']")
        assert current.count() == 1 and current.inner_text() == label, path
        page.evaluate("window.scrollTo(0, 0)")
        assert current.evaluate(SEEN), (path, label)
        assert current.evaluate("(el) => getComputedStyle(el).backgroundColor") != page.locator(
            ".league-nav a:not([aria-current]):not([data-admin])"
        ).first.evaluate("(el) => getComputedStyle(el).backgroundColor"), path
        top = page.locator("header.top a[aria-current]")
        assert top.count() == 1 and top.inner_text() == "Leagues" and top.get_attribute("aria-current") == "true"
    page.goto(f"{galaxy.server.url}/leagues")
    top = page.locator("header.top a[aria-current='page']")
    assert top.count() == 1 and top.inner_text() == "Leagues"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


CUT = """(root) => Array.from(root.querySelectorAll('.items.compact input'))
    .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.name + ': ' + el.value)"""


def test_each_chart_entry_of_a_wrestlers_card_shows_its_whole_text(galaxy: Galaxy, promoter: Any) -> None:
    page = promoter
    for wrestler in galaxy.signed:  # the longest entry is 27 characters: "DALTON DAREDEVIL 0-7 (roll)"
        page.goto(f"{galaxy.league}/admin/editor?card={wrestler.replace(' ', '%20')}")
        entries = page.locator("#card-editor .items.compact input")
        assert entries.count() > 30  # offense, defense and the other charts
        assert page.locator("#card-editor").evaluate(CUT) == [], wrestler
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), wrestler
    # an entry typed longer than it was grows its field
    field = page.locator("#card-editor .items.compact input[data-fit]").nth(5)
    before = field.evaluate("(el) => el.clientWidth")
    field.fill("flying elbow off the top 3")
    assert field.evaluate("(el) => el.clientWidth") > before
    assert page.locator("#card-editor").evaluate(CUT) == []
