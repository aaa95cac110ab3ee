"""A puzzle solved by clicks in a real browser, for every game with puzzles (issue 34, item 9), and one
by touch on a 390 px phone: table.js draws the puzzle's position and plays the pick, the answer's reply
shows right or wrong and every option's value, and the lists mark the puzzle solved (localStorage).
Under the app's own CSP (``strict_page``): any violation fails the test."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from support.accounts import PASSWORD, app_on
from support.browser import TIMEOUT, Server, needs_chromium, your_move
from support.phone import PHONE, page_problems, table_problems, tap_part
from turnbuckle.engine.registry import list_games
from turnbuckle.learn.puzzles import Puzzle, is_answer, puzzle_state, puzzles
from turnbuckle.web.views import legal_action_list, pick_list

pytestmark = needs_chromium
GAMES = [game for game in list_games() if puzzles(game)]


def path_of(p: Puzzle, name: str) -> list[str]:
    """The parts of the picture clicked in turn to choose ``name`` ([] when it is a button)."""
    state = puzzle_state(p)
    actions = legal_action_list(state.game, state, p.side)
    picks = [x for x in pick_list(state.game, state.observation(p.side), actions) if x["action"] == name]
    return list(picks[0]["path"]) if picks else []


def click_answer(page: Any, p: Puzzle, name: str) -> None:
    """Choose ``name`` as a person would: its parts of the picture in turn (and the menu beside the
    last, if that part completes several moves), else its button under the picture."""
    path = path_of(p, name)
    if not path:
        page.locator(f"#actions button[data-action={json.dumps(name)}]").click()
        return
    for part in path:
        page.locator(f"#picture [data-pick={json.dumps(part)}].pickable").first.click()
    menu = page.locator(f"#pick-menu button[data-action={json.dumps(name)}]")
    if menu.count():
        menu.click()


def wrong_move(p: Puzzle) -> str:
    return next(a.name for a in puzzle_state(p).legal_actions() if not is_answer(p, a.name))


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_solved_by_clicks(server: Server, strict_page: Any, game: str) -> None:
    page, p = strict_page, puzzles(game)[0]
    page.goto(f"{server.url}/puzzles/{game}/{p.number}")
    your_move(page)
    assert page.locator("#puzzle-prompt").inner_text() == p.prompt.strip()
    assert page.locator("#puzzle-result").is_hidden()
    click_answer(page, p, p.answer)
    page.locator('#puzzle[data-answered="right"]').wait_for()
    assert page.locator("#puzzle-verdict").inner_text().startswith("Right")
    values = page.locator("#puzzle-values li")
    assert values.count() == len(p.options)
    assert values.first.get_attribute("data-choice") == p.answer
    classes = (values.first.get_attribute("class") or "").split()
    assert "best" in classes and "chosen" in classes
    assert any(words in values.first.inner_text() for words in ("clearly best", "probably best"))
    assert page.locator("#status").inner_text() == "Solved"
    assert page.locator("#picture .pickable").count() == 0 and page.locator("#actions button").count() == 0
    solved = json.dumps({"1": "solved", "2": "solved"})
    page.evaluate(f"localStorage.setItem('turnbuckle.puzzles.{game}', {json.dumps(solved)})")
    page.reload()
    your_move(page)
    click_answer(page, p, wrong_move(p))
    page.locator('#puzzle[data-answered="wrong"]').wait_for()
    page.locator("#next-puzzle").click()  # the next one this browser has not solved
    if len(puzzles(game)) >= 3:
        page.wait_for_url(f"**/puzzles/{game}/3")
    else:  # with two, both solved: simply the next one
        page.wait_for_url(f"**/puzzles/{game}/2")
    page.goto(f"{server.url}/puzzles/{game}")
    assert page.locator(f'[data-puzzle="{p.number}"] .solved-mark').is_visible()  # a wrong answer since: still solved
    assert page.locator(".solved-count").inner_text() == "2"


def test_a_wrong_answer_is_shown_where_it_stood_then_solved_on_a_second_try(server: Server, strict_page: Any) -> None:
    page, p = strict_page, puzzles("powerhouses")[0]
    wrong = wrong_move(p)
    page.goto(f"{server.url}/puzzles/powerhouses/{p.number}")
    your_move(page)
    click_answer(page, p, wrong)
    page.locator('#puzzle[data-answered="wrong"]').wait_for()
    said = page.locator("#puzzle-verdict").inner_text()
    assert said.startswith("Not quite") and wrong in said and p.answer in said
    chosen = page.locator("#puzzle-values li.chosen")
    assert chosen.get_attribute("data-choice") == wrong and "points" in chosen.inner_text()
    page.goto(f"{server.url}/puzzles")
    assert page.locator(f'#powerhouses [data-puzzle="{p.number}"] .missed-mark').is_visible()
    page.goto(f"{server.url}/puzzles/powerhouses/{p.number}")
    your_move(page)
    click_answer(page, p, p.answer)
    page.locator('#puzzle[data-answered="right"]').wait_for()
    page.goto(f"{server.url}/puzzles")
    assert page.locator(f'#powerhouses [data-puzzle="{p.number}"] .solved-mark').is_visible()
    assert page.locator(f'#powerhouses [data-puzzle="{p.number}"] .missed-mark').is_hidden()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone's page (touch, 390x844); the CSP bypassed so the size checks can evaluate JavaScript."""
    context = browser.new_context(**PHONE, bypass_csp=True)
    context.set_default_timeout(TIMEOUT)
    yield context.new_page()
    context.close()


def a_puzzle_played_on_the_table() -> Puzzle:
    """A puzzle whose answer is a part of the picture (tapped), else the first one (a button)."""
    for game in GAMES:
        for p in puzzles(game)[:5]:
            if path_of(p, p.answer):
                return p
    return puzzles(GAMES[0])[0]


def test_a_puzzle_solved_by_touch_on_a_phone(server: Server, phone: Any) -> None:
    page, p = phone, a_puzzle_played_on_the_table()
    page.goto(f"{server.url}/puzzles/{p.game}/{p.number}")
    your_move(page)
    page.wait_for_selector("#picture svg")
    assert not table_problems(page), table_problems(page)
    path = path_of(p, p.answer)
    for part in path:
        page.locator(f"#picture .pickable[data-pick={json.dumps(part)}]").first.wait_for()
        assert tap_part(page, part), f"{part} could not be tapped"
    menu = page.locator(f"#pick-menu button[data-action={json.dumps(p.answer)}]")
    if path and menu.count():
        menu.tap()
    if not path:
        page.locator(f"#actions button[data-action={json.dumps(p.answer)}]").tap()
    page.locator('#puzzle[data-answered="right"]').wait_for()
    assert page.locator("#puzzle-result").is_visible()
    assert page.locator("#puzzle-values li").count() == len(p.options)
    problems = page_problems(page)
    for listing in ("/puzzles", f"/puzzles/{p.game}"):
        page.goto(server.url + listing)
        page.locator(f'#{p.game} [data-puzzle="{p.number}"] .solved-mark').wait_for()
        problems += [f"{listing}: {problem}" for problem in page_problems(page)]
    assert not problems, problems


@pytest.fixture
def account_server(tmp_path: Path) -> Iterator[Server]:
    with app_on(tmp_path / "puzzles.db") as app, Server(app) as running:
        yield running


def test_a_logged_in_players_solved_puzzle_follows_them_to_another_browser(account_server: Server,
                                                                          browser: Any) -> None:
    """Sign up, solve a puzzle by clicks; in a fresh browser (no localStorage) logged in as the same
    player the lists mark it solved, from the account."""
    url, p = account_server.url, puzzles(GAMES[-1])[1]
    contexts = [browser.new_context(), browser.new_context()]
    try:
        first, second = (context.new_page() for context in contexts)
        for context in contexts:
            context.set_default_timeout(TIMEOUT)
        first.goto(f"{url}/signup")
        first.fill("#name", "Puzzler")
        first.fill("#password", PASSWORD)
        first.fill("#password2", PASSWORD)
        first.click("button[type=submit]")
        first.wait_for_url("**/players/Puzzler*")
        first.goto(f"{url}/puzzles/{p.game}/{p.number}")
        your_move(first)
        click_answer(first, p, p.answer)
        first.locator('#puzzle[data-answered="right"]').wait_for()

        second.goto(f"{url}/login")
        second.fill("#name", "Puzzler")
        second.fill("#password", PASSWORD)
        second.click("button[type=submit]")
        second.wait_for_url("**/players/Puzzler*")
        second.goto(f"{url}/puzzles/{p.game}")
        assert second.locator(f'[data-puzzle="{p.number}"] .solved-mark').is_visible()
        assert second.locator(".solved-count").inner_text() == "1"
        second.goto(f"{url}/account")
        assert f"puzzles solved: 1 of {len(puzzles(p.game))}" in second.locator("#puzzle-progress").inner_text()
    finally:
        for context in contexts:
            context.close()


def many_choices() -> Puzzle:
    """A RUMBLESLAM decision of a seeded heuristic match with a dozen choices or more, valued by
    hand (this test is about the list, not the values): the first listed is the answer."""
    from turnbuckle.engine.registry import load_game
    from turnbuckle.learn.puzzle_making import decisions
    from turnbuckle.learn.puzzles import Option, Source

    agents = ["heuristic", "heuristic"]
    found = next(d for d in decisions(load_game("rumbleslam"), agents, 3) if len(d.state.legal_actions()) >= 12)
    names = [a.name for a in found.state.legal_actions()]
    gaps = [0.0] + [0.2 + i / 1000 for i in range(1, len(names))]
    options = [Option(action=name, label=name, value=0.7 - gap, se=0.01, gap=gap, gap_se=0.02 if gap else None)
               for name, gap in zip(names, gaps, strict=True)]
    return Puzzle(id="rumbleslam-001", game="rumbleslam", number=1, title="Which?", prompt="Find the best.",
                  position=found.state.to_position(), source=Source(seed=3, agents=agents, ply=found.ply),
                  side=found.state.current_player(), answer=names[0], options=options,
                  margin=options[0].value - options[1].value, method="search", budget=64, search_seed=1,
                  difficulty=0.5, difficulty_label="medium")


def test_many_choices_list_the_best_few_and_yours_then_the_rest_on_request(
    server: Server, strict_page: Any, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest,
) -> None:
    from turnbuckle.web import puzzle_pages

    page, p = strict_page, many_choices()
    monkeypatch.setattr(puzzle_pages, "puzzles", lambda game: (p,) if game == "rumbleslam" else puzzles(game))
    puzzle_pages._state.cache_clear()  # positions are cached by game and number: this one is not the shipped one
    request.addfinalizer(puzzle_pages._state.cache_clear)
    wrong = p.options[-1].action
    page.goto(f"{server.url}/puzzles/rumbleslam/1")
    your_move(page)
    click_answer(page, p, wrong)
    page.locator('#puzzle[data-answered="wrong"]').wait_for()
    shown = page.locator("#puzzle-values li:visible")
    assert shown.count() == 9 and shown.last.get_attribute("data-choice") == wrong
    assert "Estimated from 64 playouts per option" in page.locator("#puzzle-method").inner_text()
    page.locator("#puzzle-more").click()
    assert page.locator("#puzzle-values li:visible").count() == len(p.options)
    assert page.locator("#puzzle-more").is_hidden()
