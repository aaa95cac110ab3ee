"""The ring skirmish table in Chromium: a Jockey's destination chosen by clicking in the ring (a click
beside the small points takes the nearest), then the facing by clicking an arrow around the model."""

from __future__ import annotations

import random
import time
from typing import Any

from support.browser import Server, create, needs_chromium, play_by_picture, your_move

pytestmark = needs_chromium


def wait_for(live: Any, count: int) -> None:
    deadline = time.monotonic() + 20
    while len(live.state.history) < count:
        assert time.monotonic() < deadline, "the click did not reach the server"
        time.sleep(0.01)


def test_move_by_clicking_the_ring_then_face_by_an_arrow(server: Server, page: Any) -> None:
    created = create(server, {"game": "skirmish", "params": {"max_rounds": 2},
                              "seats": ["human", "computer:random"], "seed": 11, "delay": 0})
    live = server.service.get(created["id"])
    page.goto(created["table_url"])
    page.wait_for_selector("#picture svg")
    rng = random.Random(11)
    for _ in range(30):  # bid high, then Jockey: the move that leads to a destination
        your_move(page)
        names = [a.name for a in live.state.legal_actions()] if live.state.current_player() == 0 else []
        if any(n.startswith("move ") for n in names):
            break
        before = len(live.state.history)
        bids = [n for n in names if n.startswith("bid ")]
        choice = "jockey" if "jockey" in names else bids[-1] if bids else "end turn" if "end turn" in names else None
        if choice is None:  # a corner to start from, an effect, ...: whatever the table offers
            play_by_picture(page, live, 0, rng)
        else:
            page.click(f"#actions button[data-action='{choice}']")
        wait_for(live, before + 1)
        page.wait_for_timeout(100)
    points = page.locator("#picture .pickable[data-snap-point]")
    assert points.count() > 20  # the reach, as points (and only while they can be picked)
    assert page.locator("#actions button").count() <= 40
    box = points.nth(points.count() // 2).bounding_box()
    before = len(live.state.history)
    page.mouse.click(box["x"] + box["width"] / 2 + 3, box["y"] + box["height"] / 2 + 2)  # beside it: snaps
    wait_for(live, before + 1)
    moved = live.state.history[before].name
    assert moved.startswith(("move ", "stay", "to ", "rope "))
    page.wait_for_selector("#picture .pickable[data-pick^='fc:']")
    arrows = page.locator("#picture .pickable[data-pick^='fc:']")
    assert arrows.count() >= 8
    facing = arrows.first.get_attribute("data-pick")
    before = len(live.state.history)
    arrows.first.click()
    wait_for(live, before + 1)
    assert live.state.history[before].name == f"face {facing.split(':', 1)[1]}"
