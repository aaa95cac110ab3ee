"""The ring skirmish table in Chromium: a Jockey's destination chosen by clicking in the ring (a click
beside the small points takes the nearest), then the facing by clicking an arrow around the model."""

from __future__ import annotations

import math
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


MARKS = ("model", "staggered", "front-arc", "reach", "facing", "corner", "rope", "destinations", "targets",
         "named-targets", "facing-dial", "rope-sides")
"""The classes the ring's marks are drawn with."""
UNEXPLAINED = """svg => {
  const drawn = cls => Array.from(svg.querySelectorAll('.' + cls)).some(el => el.tagName !== 'g' || el.children.length);
  const listed = new Set(Array.from(svg.querySelectorAll('[data-legend]')).map(el => el.dataset.legend));
  return MARKS.filter(cls => drawn(cls) && !listed.has(cls));
}"""


def now_line(page: Any) -> str:
    return " ".join(page.locator("#picture svg text.prompt").evaluate_all("els => els.map(e => e.textContent)"))


def check_legend(page: Any) -> None:
    missing = page.locator("#picture svg").evaluate(UNEXPLAINED.replace("MARKS", str(list(MARKS))))
    assert not missing, f"marks on the picture with no word in the legend: {missing}"


def test_the_ring_speaks_in_clicks_and_explains_its_marks(server: Server, page: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    created = create(server, {"game": "skirmish", "params": {"max_rounds": 2},
                              "seats": ["human", "computer:random"], "seed": 11, "delay": 0})
    live = server.service.get(created["id"])
    page.goto(created["table_url"])
    page.wait_for_selector("#picture svg")
    rng = random.Random(11)
    bid_seen = False
    for _ in range(30):  # bid (the prompt says how much), then Jockey: the move that leads to a destination
        your_move(page)
        names = [a.name for a in live.state.legal_actions()] if live.state.current_player() == 0 else []
        if any(n.startswith("move ") for n in names):
            break
        before = len(live.state.history)
        bids = [n for n in names if n.startswith("bid ")]
        if bids:
            pool = live.state.observation(0)["players"][0]["pool"]
            assert f"you can bid 0 to {pool} AP" in now_line(page), now_line(page)
            assert page.locator("#actions .compact button").last.get_attribute("data-value") == str(pool)
            bid_seen = True
        choice = "jockey" if "jockey" in names else bids[-1] if bids else "end turn" if "end turn" in names else None
        if choice is None:
            play_by_picture(page, live, 0, rng)
        else:
            page.click(f"#actions button[data-action='{choice}']")
        wait_for(live, before + 1)
        page.wait_for_timeout(100)
    assert bid_seen
    page.wait_for_selector("#picture .pickable[data-snap-point]")
    now = now_line(page)
    assert "click where it ends" in now and "'move X Y'" not in now and "b2b" not in now, now
    assert page.locator("#picture svg .destinations").count() == 1  # the move's range
    check_legend(page)  # the purple points (stay, ropes, next to a wrestler) among them
    assert page.locator("#picture svg [data-legend='named-targets']").count() == 1
    stay = page.locator("#picture .pickable[data-pick='np:stay']")
    before = len(live.state.history)
    stay.dispatch_event("click")
    wait_for(live, before + 1)
    page.wait_for_selector("#picture .pickable[data-pick^='fc:']")
    assert page.locator("#picture svg .destinations").count() == 0  # moved: no range any more
    now = now_line(page)
    assert "click an arrow" in now and "'face NNE'" not in now and "'face Pk'" not in now, now
    check_legend(page)
    boxes = [b for b in (el.bounding_box() for el in page.locator("#picture .pickable[data-pick^='fc:']").all()) if b]
    assert len(boxes) >= 16
    for box in boxes:
        size = f"{box['width']:.0f}x{box['height']:.0f}"
        assert box["width"] >= 24 and box["height"] >= 24, f"a facing target of {size} px"
    centres = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]
    closest = min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1:])
    assert closest >= 24, f"two facing targets {closest:.0f} px apart"  # no target overlaps another's 24 px
