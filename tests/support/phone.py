"""Phone-sized browser checks (issue 30): a 390x844 touch context, what a page must satisfy at that
size (no sideways scroll, text and tap targets large enough, the prompt in view), and a player who
acts by touch taps (never mouse clicks) on the table's lit parts and buttons."""

from __future__ import annotations

import json
import random
import time
from typing import Any

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
                         "is_mobile": True, "has_touch": True}
"""A mid-size phone, as Playwright's context options."""

MIN_TEXT_PX = 12.0
MIN_TAP_PX = 24.0
ZOOMED_TAP_PX = 32.0
SLACK = 0.5
"""Sub-pixel rounding allowed on every size measured."""

SIDEWAYS_JS = "() => document.scrollingElement.scrollWidth - innerWidth"

SMALL_TEXT_JS = """
(root) => {
  // HTML text shown inside `root` (its own text nodes) whose font is under the limit
  const out = [];
  const scope = document.querySelector(root);
  if (!scope) return out;
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest('svg, [hidden], .visually-hidden')) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < LIMIT) out.push(size + 'px: ' + n.textContent.trim().slice(0, 40));
  }
  return out;
}
""".replace("LIMIT", str(MIN_TEXT_PX - SLACK))

SMALL_SVG_TEXT_JS = """
(which) => {
  // the picture's text (or its strip's: a hand of cards), in screen pixels at the size shown
  const pic = document.querySelector(which || '#picture svg');
  if (!pic) return [];
  const scale = pic.getBoundingClientRect().width / pic.viewBox.baseVal.width;
  const out = [];
  for (const t of pic.querySelectorAll('text')) {
    if (!t.getBoundingClientRect().height || !t.textContent.trim()) continue;
    const size = parseFloat(getComputedStyle(t).fontSize) * scale;
    if (size < LIMIT) out.push(size.toFixed(1) + 'px: ' + t.textContent.trim().slice(0, 40));
  }
  return out;
}
""".replace("LIMIT", str(MIN_TEXT_PX - SLACK))

SMALL_BUTTONS_JS = """
(root) => Array.from(document.querySelectorAll(root + ' button, ' + root + ' a.button'))
  .filter((b) => { const r = b.getBoundingClientRect(); return r.width && r.height && !b.closest('[hidden]'); })
  .map((b) => { const r = b.getBoundingClientRect();
                return [Math.min(r.width, r.height), b.textContent.trim().slice(0, 30)]; })
  .filter(([size]) => size < LIMIT)
""".replace("LIMIT", str(MIN_TAP_PX - SLACK))

SMALL_PANEL_TEXT_JS = """
() => {
  // the text of the panels stacked under the picture (each scaled by its own transform): read at once
  const pic = document.querySelector('#picture svg');
  if (!pic || !pic.querySelector('.side-panel')) return [];
  const scale = pic.getBoundingClientRect().width / pic.viewBox.baseVal.width;
  const out = [];
  for (const panel of pic.querySelectorAll('.side-panel')) {
    const moved = panel.transform.baseVal.consolidate();
    const k = moved ? moved.matrix.a : 1;
    for (const t of panel.querySelectorAll('text')) {
      if (!t.textContent.trim()) continue;
      const size = parseFloat(getComputedStyle(t).fontSize) * scale * k;
      if (size < LIMIT) out.push(size.toFixed(1) + 'px: ' + t.textContent.trim().slice(0, 40));
    }
  }
  return out;
}
""".replace("LIMIT", str(MIN_TEXT_PX - SLACK))

FULL_WIDTH_TEXT_JS = """
() => {
  // every text of the picture as large as it is at the screen's width, unzoomed (the size on screen
  // now, each with its own transform, such as a panel stacked under the mat, over the zoom)
  const pic = document.querySelector('#picture svg');
  if (!pic) return [];
  const zoom = window.turnbuckleZoom ? window.turnbuckleZoom.zoom : 1;
  const out = [];
  for (const t of pic.querySelectorAll('text')) {
    if (!t.getBoundingClientRect().height || !t.textContent.trim()) continue;
    const m = t.getScreenCTM();
    const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b) / zoom;
    if (size < LIMIT) out.push(size.toFixed(1) + 'px: ' + t.textContent.trim().slice(0, 40));
  }
  return out;
}
""".replace("LIMIT", str(MIN_TEXT_PX - SLACK))

PROMPT_IN_VIEW_JS = """
() => { const r = document.getElementById('status').getBoundingClientRect();
        return r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1; }
"""

TAP_POINT_JS = """
(el) => {
  // bring the part to the middle of the picture box (and the page), then a point of it a finger
  // would hit: one where the part itself is the top thing on screen
  el.scrollIntoView({ block: 'center', inline: 'center' });
  const r = el.getBoundingClientRect();
  for (const [fx, fy] of [[.5, .5], [.3, .3], [.7, .7], [.3, .7], [.7, .3], [.5, .2], [.5, .8], [.2, .5], [.8, .5]]) {
    const x = r.left + r.width * fx, y = r.top + r.height * fy;
    const top = document.elementFromPoint(x, y);
    const lit = Array.from(document.querySelectorAll('#picture .pickable'));
    if (top && top.closest('[data-pick]') === el) return [x, y, window.turnbuckleZoom.tapSize(el, lit)];
  }
  return null;
}
"""


def page_problems(page: Any, root: str = "main") -> list[str]:
    """What is wrong with the page at a phone's size: a sideways scroll, text or buttons too small."""
    problems = []
    sideways = page.evaluate(SIDEWAYS_JS)
    if sideways > 0:
        problems.append(f"the page scrolls sideways by {sideways} px")
    problems += [f"small text {t}" for t in page.evaluate(SMALL_TEXT_JS, root)]
    problems += [f"small button {size:.1f}px {text!r}" for size, text in page.evaluate(SMALL_BUTTONS_JS, root)]
    return problems


def table_problems(page: Any) -> list[str]:
    """``page_problems`` for the table, the picture's own text under 12 px at the screen's width (no
    zoom), and the prompt out of view."""
    problems = page_problems(page, "#table")
    problems += [f"small text in the hand: {t}" for t in page.evaluate(SMALL_SVG_TEXT_JS, "#picture .strip svg")]
    problems += [f"small text in a panel: {t}" for t in page.evaluate(SMALL_PANEL_TEXT_JS)]
    problems += [f"small text in the picture at full width: {t}" for t in page.evaluate(FULL_WIDTH_TEXT_JS)]
    if not page.evaluate(PROMPT_IN_VIEW_JS):
        problems.append("the prompt is out of view")
    return problems


def read_zoom_problems(page: Any) -> list[str]:
    """The picture zoomed to read (its Aa button), by a tap: text still under 12 px. (A narrow picture
    reads at the screen's width: then Aa leaves it there, and Fit has nothing to undo.)"""
    page.locator(".zoom-bar .zoom-read").tap()
    page.wait_for_timeout(50)
    small = list(page.evaluate(SMALL_SVG_TEXT_JS))
    if zoom(page) > 1.001:
        page.locator(".zoom-bar button", has_text="Fit").tap()
    return [f"small text when zoomed to read: {t}" for t in small[:5]]


def zoom(page: Any) -> float:
    return float(page.evaluate("() => window.turnbuckleZoom.zoom"))


def tap_part(page: Any, pick: str) -> bool:
    """Tap the lit part ``pick`` as a finger would. A part too small to tap at this size is zoomed to
    first (the tap zooms instead of playing): then it must be at least 32 px, and it is tapped again.
    False when no point of it can be touched (covered by another part)."""
    for _ in range(3):
        part = page.locator(f"#picture .pickable[data-pick={json.dumps(pick)}]").first
        if not part.count():
            return False
        point = part.evaluate(TAP_POINT_JS)
        if point is None:
            return False
        x, y, size = point
        before = zoom(page)
        page.touchscreen.tap(x, y)
        if size >= MIN_TAP_PX - SLACK:
            return True
        page.wait_for_timeout(30)
        after = zoom(page)
        assert after > before, f"a {size:.1f} px part ({pick}) was played without zooming to it"
        now = part.evaluate(TAP_POINT_JS) if part.count() else None
        if now is not None:
            assert now[2] >= ZOOMED_TAP_PX - 1, f"{pick} is {now[2]:.1f} px after zooming (x{after:.2f})"
    return False


def tap_something(page: Any, rng: random.Random, avoid: tuple[str, ...] = ("concede",),
                  prefer_picks: float = 0.7) -> None:
    """One tap of what a player could do now: a menu item, a lit part of the picture, or a button."""
    menu = page.locator("#pick-menu:visible button[data-action]")
    if menu.count():
        names = [n for n in menu.evaluate_all("els => els.map(e => e.dataset.action)") if not n.startswith(avoid)]
        target = (page.locator(f"#pick-menu button[data-action={json.dumps(rng.choice(names))}]") if names
                  else page.locator("#pick-menu button.cancel"))
        target.tap(timeout=3000)
        return
    ids = page.locator("#picture .pickable").evaluate_all("els => els.map(e => e.dataset.pick)")
    buttons = page.locator("#actions button:visible:not([disabled])")
    names = [n for n in buttons.evaluate_all("els => els.map(e => e.dataset.action)") if not n.startswith(avoid)]
    if ids and (not names or rng.random() < prefer_picks):
        rng.shuffle(ids)
        for pick in ids[:5]:
            if tap_part(page, pick):
                return
    if names:
        page.locator(f"#actions button[data-action={json.dumps(rng.choice(names))}]").tap(timeout=3000)


def play_by_touch(page: Any, live: Any, seat: int, rng: random.Random, deadline: float = 30.0) -> list[str]:
    """Tap until a move of ``seat`` reaches the server; the table's problems seen on the way."""
    from playwright.sync_api import Error as PlaywrightError

    before = len(live.state.history)
    end = time.monotonic() + deadline
    problems: list[str] = []
    while len(live.state.history) == before:
        assert time.monotonic() < end, "no move reached the server"
        if page.evaluate("() => !!document.getElementById('picture').dataset.busy"
                         " || !!document.querySelector('#actions button[disabled]')"):
            page.wait_for_timeout(30)
            continue
        problems += table_problems(page)
        try:  # the page may redraw between looking and tapping (the event stream): look again
            tap_something(page, rng)
        except (PlaywrightError, AssertionError) as err:
            if isinstance(err, AssertionError) and "px" in str(err):
                raise
        page.wait_for_timeout(40)
    return problems
