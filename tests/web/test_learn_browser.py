"""A lesson completed by clicks in a real browser, for every game with lessons (issue 34, test 9):
table.js draws the lesson's table and plays its picks, a wrong click is refused with the rule, the
lesson's text follows, progress is kept in localStorage (and on a logged-in player's account), and the
last lesson leads to a real match."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from playwright.sync_api import expect

from support.accounts import PASSWORD, app_on
from support.browser import TIMEOUT, Server, needs_chromium
from turnbuckle.engine.registry import list_games
from turnbuckle.learn.lessons import LessonFile, lessons
from turnbuckle.learn.run import LessonRun
from turnbuckle.web import accounts, lesson_marks
from turnbuckle.web.views import legal_action_list, pick_list

pytestmark = needs_chromium
TAUGHT = [game for game in list_games() if lessons(game)]
YOUR_MOVE = re.compile(r"^\s*Your move")


def click_action(page: Any, run: LessonRun, name: str) -> None:
    """Choose ``name`` as a person would: its parts of the picture in turn (and the menu beside the
    last, if that part completes several moves), else its button under the picture."""
    state = run.state
    actions = legal_action_list(state.game, state, run.seat)
    picks = [p for p in pick_list(state.game, state.observation(run.seat), actions) if p["action"] == name]
    if not picks:
        page.locator(f'#actions button[data-action="{name}"]').click()
        return
    for part in picks[0]["path"]:
        page.locator(f'#picture [data-pick="{part}"].pickable').first.click()
    menu = page.locator(f'#pick-menu button[data-action="{name}"]')
    if menu.count():
        menu.click()


def wrong_choice(run: LessonRun) -> str | None:
    step = run.step
    assert step is not None
    others = [n for n in run.legal_names() if n != step.action]
    return others[0] if others else None


def play_lesson(page: Any, server: Server, file: LessonFile) -> None:
    page.goto(f"{server.url}/learn/{file.game}/{file.number}")
    run = LessonRun(file)  # the same lesson, followed here to know what to click
    while not run.finished:
        step = run.step
        assert step is not None
        # locators, not wait_for_function: Playwright's repeated string eval can trip the page's CSP
        # after a navigation (microsoft/playwright#36986)
        expect(page.locator("#lesson-step")).to_have_text(f"Step {run.index + 1} of {len(file.lesson.steps)}",
                                                          timeout=TIMEOUT)
        expect(page.locator("#status")).to_have_text(YOUR_MOVE, timeout=TIMEOUT)
        wrong = wrong_choice(run)
        if wrong is not None and run.index == 0:
            click_action(page, run, wrong)
            expect(page.locator("#action-error")).to_have_text(re.compile(r"\S"), timeout=TIMEOUT)
            expected = step.refusals.get(wrong, step.refusal)
            assert page.locator("#action-error").inner_text() == expected
        expect(page.locator("#status")).to_have_text(YOUR_MOVE, timeout=TIMEOUT)
        click_action(page, run, step.action)
        assert run.attempt(step.action).accepted
    page.wait_for_selector("#lesson[data-finished]")
    assert page.locator("#lesson-text").inner_text() == file.lesson.outro
    assert page.locator("#feed li").count() > 0


@pytest.mark.parametrize("game", TAUGHT)
def test_a_lesson_completed_by_clicks(server: Server, page: Any, game: str) -> None:
    file = lessons(game)[0]
    play_lesson(page, server, file)
    assert page.locator("#next-lesson").is_visible()
    kept = page.evaluate(f"localStorage.getItem('turnbuckle.learn.{game}')")
    assert json.loads(kept) == [1]
    page.goto(f"{server.url}/learn/{game}")
    assert page.locator('[data-lesson="1"] .done-mark').is_visible()
    assert not page.locator('[data-lesson="2"] .done-mark').is_visible()


def test_the_last_lesson_leads_to_a_match_against_the_easiest_computer_with_hints(server: Server, page: Any) -> None:
    file = lessons("powerhouses")[-1]
    play_lesson(page, server, file)
    page.locator("#real-match").click()
    page.wait_for_url("**/m/*")
    match = server.service.get(page.url.split("/m/")[1].split("#")[0])
    assert match.record.seats[1] == "computer:random"
    page.wait_for_selector("#hint:not([hidden])")


@pytest.mark.parametrize("number", range(2, len(lessons("rumbleslam")) + 1))
def test_every_rumbleslam_lesson_by_clicks_on_the_mat(server: Server, page: Any, number: int) -> None:
    """The miniatures game's lessons are played on the mat (a wrestler, then a square; a throw's
    landing square; the corner's smash or rebound), not only through buttons."""
    play_lesson(page, server, lessons("rumbleslam")[number - 1])


@pytest.fixture
def account_server(tmp_path: Path) -> Iterator[Server]:
    with app_on(tmp_path / "learn.db") as app, Server(app) as running:
        yield running


def log_in(page: Any, url: str, name: str) -> None:
    page.goto(f"{url}/login")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"**/players/{name}*")


def test_a_logged_in_players_finished_lesson_follows_them_to_another_browser(account_server: Server,
                                                                             browser: Any) -> None:
    """Issue 34, item 4: log in, finish lesson 1 of Powerhouses by clicks, then open the Learn page in
    a fresh browser (no localStorage) logged in as the same player: the mark is there, from the account."""
    url = account_server.url
    contexts = [browser.new_context(bypass_csp=True), browser.new_context(bypass_csp=True)]
    try:
        first, second = (context.new_page() for context in contexts)
        for context in contexts:
            context.set_default_timeout(TIMEOUT)
        first.goto(f"{url}/signup")
        first.fill("#name", "Student")
        first.fill("#password", PASSWORD)
        first.fill("#password2", PASSWORD)
        first.click("button[type=submit]")
        first.wait_for_url("**/players/Student*")
        play_lesson(first, account_server, lessons("powerhouses")[0])
        first.wait_for_selector("#lesson[data-saved]")

        log_in(second, url, "Student")
        assert second.evaluate("localStorage.getItem('turnbuckle.learn.powerhouses')") is None
        second.goto(f"{url}/learn/powerhouses")
        second.wait_for_selector("#lessons[data-synced]")
        assert second.locator('[data-lesson="1"] .done-mark').is_visible()
        assert not second.locator('[data-lesson="2"] .done-mark').is_visible()
        second.goto(f"{url}/account")
        count = len(lessons("powerhouses"))
        listed = second.locator('#lesson-progress [data-game="powerhouses"]').inner_text()
        assert f"lessons finished: 1 of {count}" in listed
    finally:
        for context in contexts:
            context.close()


def test_a_guests_marks_are_sent_to_the_account_once_on_log_in(account_server: Server, page: Any) -> None:
    """Marks a browser kept as a guest are stored on the account the first time a Learn page is
    opened logged in; a guest's own marks stay in the browser only."""
    url = account_server.url
    page.goto(f"{url}/learn/wrasslin")
    page.evaluate("localStorage.setItem('turnbuckle.learn.wrasslin', '[1, 2, 999]')")
    page.goto(f"{url}/learn/wrasslin")
    assert page.locator('[data-lesson="2"] .done-mark').is_visible()
    page.goto(f"{url}/signup")
    page.fill("#name", "Was_Guest")
    page.fill("#password", PASSWORD)
    page.fill("#password2", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url("**/players/Was_Guest*")
    page.goto(f"{url}/learn/wrasslin")
    page.wait_for_selector("#lessons[data-synced]")
    player = accounts.find(account_server.service.repository.db, "Was_Guest")
    assert player is not None
    assert lesson_marks.finished(account_server.service.repository.db, player.id) == {"wrasslin": [1, 2]}


def test_forget_my_progress_clears_the_accounts_marks_too(account_server: Server, strict_page: Any) -> None:
    """Logged in, *Forget my progress* forgets the game's lessons on the account as well as in the
    browser (else the account's marks would come straight back); under the app's own CSP."""
    page, url = strict_page, account_server.url
    page.goto(f"{url}/signup")
    page.fill("#name", "Forgetful")
    page.fill("#password", PASSWORD)
    page.fill("#password2", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url("**/players/Forgetful*")
    db = account_server.service.repository.db
    player = accounts.find(db, "Forgetful")
    assert player is not None
    lesson_marks.record(db, player.id, "powerhouses", [2])
    lesson_marks.record(db, player.id, "skirmish", [1])
    page.goto(f"{url}/learn/powerhouses")
    page.wait_for_selector("#lessons[data-synced]")
    assert page.locator('[data-lesson="2"] .done-mark').is_visible()
    page.click("#reset-progress")
    page.wait_for_selector('[data-lesson="2"] .done-mark', state="hidden")
    assert lesson_marks.finished(db, player.id) == {"skirmish": [1]}
    page.reload()
    page.wait_for_selector("#lessons[data-synced]")
    assert not page.locator('[data-lesson="2"] .done-mark').is_visible()
