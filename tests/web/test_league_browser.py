"""The league in a real browser (Playwright driving Debian's Chromium; issue 25 item 11): a promotion
made in the terminal, run from the browser (a card with a title match booked and run; standings,
lineage and the wrestler's page change), one match of a card played at the table and stored,
a visitor who sees no edit controls and whose every admin request is refused, and the card editor's
list items and messages. Skipped, with the reason, where no Chromium is installed."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "league"))
from league_helpers import run_cli
from playwright.sync_api import expect

from support.browser import TIMEOUT, Server, needs_chromium
from turnbuckle.league import service
from turnbuckle.league.roster_cards import base_document
from turnbuckle.store import Database, open_database
from turnbuckle.web.app import create_app
from turnbuckle.web.sql_repository import SqlRepository

pytestmark = needs_chromium
NAMES = [e["name"] for e in base_document("powerhouses", None)["wrestler"]]


class Promotion:
    """A promotion made with the terminal commands, and `turnbuckle serve` on its database."""

    def __init__(self, path: Path) -> None:
        made = run_cli("new", "Browser Bash", "--game", "powerhouses", "--seed", "3", "--json", db=path)
        assert made.returncode == 0, made.stderr
        self.token = json.loads(made.stdout)["admin_token"]
        for args in (("sign", "--all"), ("belt", "new", "World Title")):
            assert run_cli(*args, db=path).returncode == 0
        self.db: Database = open_database(str(path))
        self.server = Server(create_app(SqlRepository(self.db), think_cap=1.0, computer_delay=0.05))
        self.url = self.server.url

    def __enter__(self) -> Promotion:
        self.server.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.__exit__(*exc)
        self.db.close()

    @property
    def league(self) -> str:
        return f"{self.url}/leagues/1"


@pytest.fixture(scope="module")
def promotion(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Promotion]:
    with Promotion(tmp_path_factory.mktemp("browser") / "league.db") as running:
        yield running


@pytest.fixture
def visitor(browser: Any) -> Iterator[Any]:
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT)
    yield context.new_page()
    context.close()


@pytest.fixture
def promoter(browser: Any, promotion: Promotion) -> Iterator[Any]:
    """A page logged in with the admin token, through the login form."""
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    page.goto(promotion.league)
    page.click("text=Promoter log in")
    page.fill("#token", promotion.token)
    page.click("button:has-text('Log in')")
    page.wait_for_url("**/leagues/1/admin")
    yield page
    context.close()


def test_book_and_run_a_title_card_in_the_browser(promotion: Promotion, promoter: Any) -> None:
    page = promoter
    page.goto(f"{promotion.league}/titles")
    assert "vacant" in page.locator("main").inner_text()
    page.goto(f"{promotion.league}/standings")
    assert page.locator("tbody tr").count() == len(NAMES)
    assert _wins(page) == 0
    page.click(".league-nav >> text=Cards")
    page.click("text=Book a card")
    page.fill("#card-name", "Title Night")
    page.select_option("[name='m0.s0.0']", NAMES[2])
    page.select_option("[name='m0.s1.0']", NAMES[3])
    page.select_option("[name='m1.s0.0']", NAMES[0])
    page.select_option("[name='m1.s1.0']", NAMES[1])
    page.select_option("[name='m1.title']", "World Title")
    page.click("button:has-text('Book the card')")
    page.wait_for_url("**/leagues/1/cards/*")
    assert "Title Night" in page.locator("h1").inner_text()
    assert page.locator(".match .tag.gold").inner_text().startswith("World Title")
    page.click("button:has-text('Run the card with the computer')")
    expect(page.locator(".match .replay")).to_have_count(2, timeout=TIMEOUT)  # no string eval: the CSP forbids it
    assert page.locator(".match-line").nth(1).inner_text().count(" def. ") == 1
    champion = service.titles_view(promotion.db, None)[0]["champion"][0]
    page.goto(f"{promotion.league}/titles")
    lineage = page.locator("table tbody tr").first.inner_text()
    assert champion in lineage and "card #1" in lineage
    assert page.locator("svg.chart rect").count() >= 1
    page.goto(f"{promotion.league}/standings")
    assert _wins(page) == 2
    page.click(f"tbody >> text={champion}")
    page.wait_for_url("**/wrestlers/*")
    body = page.locator("main").inner_text()
    assert "Title reigns" in body and "World Title won on card #1, champion now" in body
    assert page.locator("svg.chart circle").count() == 2  # the start and card #1


def _wins(page: Any) -> int:
    """The W column of the standings table, added up."""
    rows = page.locator("tbody tr")
    return sum(int(rows.nth(i).locator("td.num").nth(1).inner_text()) for i in range(rows.count()))


def test_play_a_match_of_a_card_at_the_table_and_see_it_stored(promotion: Promotion, promoter: Any,
                                                               visitor: Any) -> None:
    made = run_cli("card", "new", "Table Night", "-m", f"{NAMES[4]} vs {NAMES[5]}", "-m", f"{NAMES[6]} vs {NAMES[7]}",
                   "--json", db=promotion.db.path)
    assert made.returncode == 0, made.stderr
    number = json.loads(made.stdout)["event"]
    page = promoter
    page.goto(f"{promotion.league}/cards/{number}")
    page.locator(".play-form").first.locator("select[name=side]").select_option("1")
    page.locator(".play-form").first.locator("button").click()
    page.wait_for_url("**/m/*")
    live_url = page.url.split("#")[0]
    visitor.goto(f"{promotion.league}/cards/{number}")
    assert visitor.locator("text=Watch live").get_attribute("href") == live_url.removeprefix(promotion.url)
    for move in range(400):
        text = page.locator("#status").inner_text()
        if text.startswith("Match over"):
            break
        buttons = page.locator("#actions button:not([disabled])")
        tie = page.locator("#picture .pickable")  # a tie between abilities is broken on the sheet
        if text.startswith("Your move") and (buttons.count() or tie.count()):
            (tie.first if not buttons.count() else buttons.last if move % 2 else buttons.first).click()
        page.wait_for_timeout(40)
    else:
        raise AssertionError("the match did not end in the browser")
    page.goto(f"{promotion.league}/cards/{number}")
    for _ in range(100):  # stored by the web app's finish hook, off the request
        if page.locator(".match").first.locator(".replay").count():
            break
        page.wait_for_timeout(100)
        page.reload()
    first = page.locator(".match").first.inner_text()
    assert " def. " in first and "Replay" in first
    stored = service.show_event(promotion.db, None, number)["matches"][0]
    assert stored["status"] == "done" and stored["agents"][0] == "browser"
    page.click("button:has-text('Run the card with the computer')")
    expect(page.locator(".match .replay")).to_have_count(2, timeout=TIMEOUT)  # no string eval: the CSP forbids it
    assert service.show_event(promotion.db, None, number)["status"] == "done"


def test_a_visitor_sees_no_edit_control_and_every_admin_request_is_refused(promotion: Promotion,
                                                                          visitor: Any) -> None:
    from turnbuckle.league.booking import parse_match_spec
    from turnbuckle.web import league_admin

    page = visitor
    if not service.list_events(promotion.db, None):  # a card to look at, whichever test ran first
        service.book_card(promotion.db, None, None, [parse_match_spec(f"{NAMES[0]} vs {NAMES[1]}")])
    for path in ("", "/roster", "/standings", "/titles", "/cards", "/cards/1", "/feuds", "/injuries",
                 "/wrestlers/1"):
        page.goto(f"{promotion.league}{path}")
        assert page.locator("[data-admin]").count() == 0, path
        assert page.locator("form[method=post]").count() == 0, path
        assert page.locator("text=Promoter log in").count() == 1
    refused = 0
    for route in league_admin.router.routes:
        path = getattr(route, "path", "")
        if not path.startswith("/leagues/{league_id}/admin"):
            continue
        url = promotion.url + path.replace("{league_id}", "1").replace("{number}", "1").replace("{feud_id}", "1")
        for method in getattr(route, "methods", set()) - {"HEAD"}:
            answer = page.request.fetch(url, method=method, headers={"accept": "application/json"})
            assert answer.status == 401, (method, url, answer.status)
            refused += 1
    assert refused >= 14
    page.goto(f"{promotion.league}/admin")
    assert "only Browser Bash's promoter may do this" in page.locator("main").inner_text()


def test_the_card_editor_adds_a_list_item_and_shows_a_message_beside_its_field(promotion: Promotion,
                                                                              promoter: Any) -> None:
    page = promoter
    page.goto(f"{promotion.league}/admin/editor?new=Nova%20Starr")
    assert page.locator("#f-name").input_value() == "Nova Starr"
    page.select_option("#f-weakness", "Strength")  # the template's specialty too
    page.click("button[value=save]")
    page.wait_for_selector("#err-f-specialty")
    assert "specialty and weakness are both Strength" in page.locator("#err-f-specialty").inner_text()
    assert page.evaluate("document.activeElement.id") in ("f-specialty", "f-weakness", "f-name")
    page.select_option("#f-weakness", "Agility")
    page.click("button[value=save]")
    page.wait_for_selector("text=Saved.")
    page.goto(f"{promotion.league}/admin")
    page.select_option("#sign-name", "Nova Starr")
    page.click("#sign button:has-text('Sign')")
    page.wait_for_selector("text=Signed 1: Nova Starr")


def test_booking_adds_a_match_and_a_side_on_the_page(promotion: Promotion, promoter: Any) -> None:
    page = promoter
    page.goto(f"{promotion.league}/admin/book?rows=1")
    assert page.locator("[data-row]").count() == 1
    page.click("#add-row")
    assert page.locator("#rows [data-row]").count() == 2
    assert page.locator("[name='m1.s1.0']").count() == 1
    page.locator("[data-row='1'] [data-add-side]").click()
    assert page.locator("[name='m1.s2.0']").count() == 1
    page.select_option("[name='m0.s0.0']", NAMES[8])
    page.select_option("[name='m0.s1.0']", NAMES[8])
    page.click("button:has-text('Book the card')")
    assert f"{NAMES[8]} is already booked on this card (match 1)" in page.locator(".error").inner_text()
