"""RUMBLESLAM played on its mat in Chromium: a whole match against the computer by clicking the
picture's parts and the few buttons left (never more than 40), and a person's real clicks: select a
wrestler, see the squares its MP reaches lit, click one, the wrestler stands there."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

from support.browser import (
    MAX_BUTTONS,
    SENDING,
    Server,
    create,
    needs_chromium,
    play_by_picture,
    status_text,
    visible_buttons,
    wait_js,
)
from turnbuckle.engine.picks import paths_by_action

pytestmark = needs_chromium

PLACED = ("place ", "move ", "nominate ", "activate ", "corner ")
"""Actions that have no button: played only by clicking the mat."""


def new_match(server: Server, page: Any, seed: int) -> tuple[dict[str, Any], Any]:
    created = create(server, {"game": "rumbleslam", "params": {"rounds": 1},
                              "seats": ["human", "computer:random"], "seed": seed, "delay": 0})
    page.goto(created["table_url"])
    page.wait_for_selector("#picture svg")
    return created, server.service.get(created["id"])


def my_turn(page: Any, live: Any) -> bool:
    return live.state.current_player() == 0 and status_text(page).startswith("Your move")


def play_a_move(page: Any, live: Any, rng: random.Random) -> str:
    """``play_by_picture``, then wait for the page to draw the answer (a picture or buttons still
    waiting on the server would be clicked stale)."""
    name = play_by_picture(page, live, 0, rng)
    wait_js(page, f"!({SENDING})")
    return name


def test_a_whole_match_played_on_the_mat(server: Server, page: Any) -> None:
    _, live = new_match(server, page, seed=5)
    rng = random.Random(7)
    mine: list[str] = []
    deadline = time.monotonic() + 300
    while not live.state.is_terminal():
        assert time.monotonic() < deadline, f"the match did not end ({len(live.state.history)} actions)"
        assert visible_buttons(page) <= MAX_BUTTONS
        if my_turn(page, live):
            mine.append(play_a_move(page, live, rng))
        else:
            page.wait_for_timeout(20)
    wait_js(page, "document.getElementById('status').textContent.startsWith('Match over')")
    assert any(name.startswith("place ") for name in mine) and any(name.startswith("move ") for name in mine)
    assert sum(name.startswith(PLACED) for name in mine) > len(mine) / 3
    assert page.locator("#feed li svg.die").count() > 0  # the rolls, drawn as the game's dice


def test_select_a_wrestler_see_its_reach_and_move_it(server: Server, page: Any) -> None:
    _, live = new_match(server, page, seed=11)
    rng = random.Random(3)
    deadline = time.monotonic() + 120
    while True:  # set up and play on until one of our wrestlers is up with MP to spend
        assert time.monotonic() < deadline and not live.state.is_terminal(), "no activation with MP came"
        if my_turn(page, live) and any(a.name.startswith("move ") for a in live.state.legal_actions()):
            break
        if my_turn(page, live):
            play_a_move(page, live, rng)
        else:
            page.wait_for_timeout(20)
    game, state = live.game, live.state
    observation = state.observation(0)
    paths = paths_by_action(game.picks(observation, [a.name for a in state.legal_actions()]))
    mover = next(p[0] for name, p in paths.items() if name.startswith("move "))
    index = int(mover[2:])
    name = observation["wrestlers"][index]["name"]
    reach = {p[1] for action, p in paths.items() if action.startswith(f"move {name} ")}
    token = page.locator(f"#picture g[data-pick='{mover}']").first  # on the mat (the legend row is second)
    token.wait_for()
    page.wait_for_selector(f"#picture g[data-pick='{mover}'].pickable")
    token.click()
    page.wait_for_selector(f"#picture g[data-pick='{mover}'].selected")
    lit = page.locator("#picture [data-pick^='sq:'].pickable").evaluate_all("els => els.map(e => e.dataset.pick)")
    assert set(lit) == {part for part in reach}  # every square its MP reaches, and nothing else
    target = sorted(reach)[len(reach) // 2]
    before = len(state.history)
    page.locator(f"#picture g[data-pick='{target}']").click()  # a real click, over the mat
    while len(live.state.history) == before:
        assert time.monotonic() < deadline, "the click on the square did not reach the server"
        time.sleep(0.01)
    assert live.state.history[before].name == f"move {name} {target[3:]}"
    wait_js(page,
        "([pick, square]) => Array.from(document.querySelectorAll(`#picture g[data-pick='${pick}']`))"
        ".some(g => (g.getAttribute('aria-label') || '').includes('on ' + square))",
        arg=[mover, target[3:]])


def test_the_keyboard_alone_moves_a_wrestler(server: Server, page: Any) -> None:
    _, live = new_match(server, page, seed=11)
    rng = random.Random(3)
    deadline = time.monotonic() + 120
    while not (my_turn(page, live) and any(a.name.startswith("move ") for a in live.state.legal_actions())):
        assert time.monotonic() < deadline and not live.state.is_terminal(), "no activation with MP came"
        if my_turn(page, live):
            play_a_move(page, live, rng)
        else:
            page.wait_for_timeout(20)
    observation = live.state.observation(0)
    paths = paths_by_action(live.game.picks(observation, [a.name for a in live.state.legal_actions()]))
    mover = next(p[0] for name, p in paths.items() if name.startswith("move "))
    page.wait_for_selector(f"#picture g[data-pick='{mover}'].pickable")
    page.wait_for_timeout(300)  # the event stream may draw this position once more (and move the focus)
    page.locator(f"#picture g[data-pick='{mover}']").first.focus()
    page.keyboard.press("Enter")  # select it: focus goes on to what it can do
    page.wait_for_selector(f"#picture g[data-pick='{mover}'].selected")
    for key in ("ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft") * 5:  # arrows walk the lit parts to a square
        if str(page.evaluate("document.activeElement.dataset.pick || ''")).startswith("sq:"):
            break
        page.keyboard.press(key)
    square = str(page.evaluate("document.activeElement.dataset.pick"))
    assert square.startswith("sq:")
    before = len(live.state.history)
    page.keyboard.press("Enter")
    while len(live.state.history) == before:
        assert time.monotonic() < deadline, "Enter on a square did not reach the server"
        time.sleep(0.01)
    name = observation["wrestlers"][int(mover[2:])]["name"]
    assert live.state.history[before].name == f"move {name} {square[3:]}"
