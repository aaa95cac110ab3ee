"""Regenerate the puzzle page's screenshots in docs/img/ (as a player sees it after answering).

    python scripts/puzzle_screenshots.py [--game GAME] [--number N] [--wrong]

Starts the web app in this process, opens the puzzle, answers it on the table (the right move, or
with --wrong another one) and saves docs/img/puzzle.png (1280 px desktop) and docs/img/puzzle-phone.png
(a 390x844 touch phone, the screen as the answer leaves it: the verdict). Needs Playwright and Debian's Chromium.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from screenshots import PHONE  # noqa: E402

from support.browser import CHROMIUM, CHROMIUM_ARGS, Server, your_move  # noqa: E402
from turnbuckle.learn.puzzles import Puzzle, is_answer, puzzle, puzzle_state  # noqa: E402
from turnbuckle.web.views import legal_action_list, pick_list  # noqa: E402


def answer(page: Any, p: Puzzle, name: str, touch: bool) -> None:
    """Choose ``name`` on the table: its parts of the picture in turn (and the menu beside the last),
    else its button."""
    state = puzzle_state(p)
    actions = legal_action_list(state.game, state, p.side)
    picks = [x for x in pick_list(state.game, state.observation(p.side), actions) if x["action"] == name]
    targets = [f"#picture .pickable[data-pick={json.dumps(part)}]" for part in picks[0]["path"]] if picks else [
        f"#actions button[data-action={json.dumps(name)}]"]
    for target in targets:
        node = page.locator(target).first
        if touch:
            node.tap()
        else:
            node.click()
    menu = page.locator(f"#pick-menu button[data-action={json.dumps(name)}]")
    if menu.count():
        menu.click()


def shoot(server: Server, page: Any, p: Puzzle, out: Path, wrong: bool, phone: bool) -> None:
    page.goto(f"{server.url}/puzzles/{p.game}/{p.number}")
    your_move(page)
    page.wait_for_selector("#picture svg")
    name = p.answer if not wrong else next(a.name for a in puzzle_state(p).legal_actions() if not is_answer(p, a.name))
    answer(page, p, name, touch=phone)
    page.locator("#puzzle[data-answered]").wait_for()
    page.evaluate("document.activeElement && document.activeElement.blur()")
    if phone:  # the screen as the answer leaves it: scrolled to the verdict under the table
        import io

        from PIL import Image

        image = Image.open(io.BytesIO(page.screenshot(full_page=False)))
        image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(out, optimize=True)
    else:
        page.evaluate("scrollTo(0, 0)")
        page.screenshot(path=str(out), full_page=False)
    print(f"{out}: {out.stat().st_size // 1024} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="powerhouses")
    parser.add_argument("--number", type=int, default=1)
    parser.add_argument("--wrong", action="store_true", help="answer with a move that is not the best")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = parser.parse_args()
    p = puzzle(args.game, args.number)
    from playwright.sync_api import sync_playwright

    with Server() as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for phone in (False, True):
            size: dict[str, Any] = PHONE if phone else {"viewport": {"width": 1280, "height": 860}}
            page = browser.new_context(**size, bypass_csp=True).new_page()
            shoot(server, page, p, args.out / ("puzzle-phone.png" if phone else "puzzle.png"), args.wrong, phone)
        browser.close()


if __name__ == "__main__":
    main()
