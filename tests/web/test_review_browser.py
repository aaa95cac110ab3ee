"""The review on the replay page, in a real browser: the chance-of-winning chart appears under the
table, clicking a point moves the table to that decision and shows the value of each option.
(The server, browser and page fixtures are the web conftest's; skipped without Chromium.)"""

from __future__ import annotations

from typing import Any

from support.browser import Server, create, finished_computer_match, needs_chromium, wait_js

pytestmark = needs_chromium


def test_the_replay_chart_appears_and_a_click_moves_the_table(server: Server, page: Any) -> None:
    created = finished_computer_match(server)
    page.goto(f"{server.url}/m/{created['id']}/replay")
    wait_js(page, "document.getElementById('position').textContent.startsWith('step 0 ')")
    page.wait_for_selector("#chart svg circle.point")
    points = page.locator("#chart circle.point[data-decision]")
    assert points.count() > 5
    assert "exact" in page.locator("#review-status").inner_text()
    page.locator("#chart").scroll_into_view_if_needed()
    # a point no later point covers (a Powerhouses roll can follow the last one closely)
    index = page.evaluate("""() => [...document.querySelectorAll('#chart circle.point[data-decision]')]
        .findIndex((c, i) => { const b = c.getBoundingClientRect();
          return i >= 3 && document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2) === c; })""")
    assert index >= 3
    target = points.nth(index)
    step = int(target.get_attribute("data-step"))
    assert step > 0
    target.click()
    wait_js(page, f"document.getElementById('position').textContent.startsWith('step {step} ')")
    options = page.locator("#decision table.options tr")
    options.first.wait_for()
    assert options.count() >= 3, "a header and at least two options"
    assert "%" in page.locator("#decision").inner_text() and "chosen" in page.locator("#decision").inner_text()
    page.locator("#chart circle.point[data-decision]").nth(2).focus()
    page.keyboard.press("Enter")
    second = int(points.nth(2).get_attribute("data-step"))
    wait_js(page, f"document.getElementById('position').textContent.startsWith('step {second} ')")


def test_the_hint_button_ranks_the_choices_and_is_absent_when_the_match_forbids_it(server: Server,
                                                                                   page: Any) -> None:
    created = create(server, {"game": "powerhouses", "seats": ["human", "computer:heuristic"], "seed": 6})
    page.goto(created["table_url"])
    page.wait_for_selector("#hint:not([hidden])")
    live = server.service.get(created["id"])
    legal = {a.name for a in live.state.legal_actions()}
    page.keyboard.press("h")  # the key, as the button says
    page.wait_for_selector("#hint-list li")
    ranked = page.locator("#hint-list li strong").all_inner_texts()
    assert set(ranked) == legal and len(ranked) == len(legal)
    assert "Exact" in page.locator("#hint-method").inner_text()  # Powerhouses: the solver's values
    assert "%" in page.locator("#hint-list li").first.inner_text()
    first = page.locator("#hint-list li").first.inner_text()
    assert any(w in first for w in ("clearly best", "slightly better", "as good as", "the only option")), first
    refused = create(server, {"game": "powerhouses", "seats": ["human", "computer:heuristic"], "seed": 6,
                              "hints": False})
    page.goto(refused["table_url"])
    page.wait_for_selector("#status.your-turn")
    assert page.locator("#hint").is_hidden()
    page.keyboard.press("h")
    assert page.locator("#hint-panel").is_hidden()


def test_the_new_match_form_sends_the_hints_choice(server: Server, page: Any) -> None:
    page.goto(f"{server.url}/new?game=powerhouses")
    page.wait_for_selector("#seat-1")
    assert page.locator("#hints").is_checked()  # against the computer: on
    page.select_option("#seat-1", "hot-seat")
    assert not page.locator("#hints").is_checked()  # two people: off unless they agree
    page.check("#hints")
    page.click("#start")
    page.wait_for_url("**/m/*")
    match_id = page.url.split("/m/")[1].split("#")[0]
    import httpx2 as httpx

    assert httpx.get(f"{server.url}/api/matches/{match_id}/hints", timeout=30).json()["hints"] is True
