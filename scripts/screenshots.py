"""Regenerate the table screenshots in docs/img/ (one per game, as a player sees it mid-match).

    python scripts/screenshots.py [GAME ...]

Starts the web app in this process, creates a match of each game against the computer with a
fixed seed, plays a few moves so the table has something on it, and saves a 1280-pixel-wide
picture of the page as docs/img/GAME-table.png. Needs Playwright and Debian's Chromium.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import turnbuckle  # noqa: E402
from support.browser import CHROMIUM, CHROMIUM_ARGS, Server, create, play_by_picture  # noqa: E402

SETUPS: dict[str, dict[str, Any]] = {
    "powerhouses": {"params": {}, "moves": 3},
    "wrasslin": {"params": {}, "moves": 6},
    "filsinger": {"params": {"tournament_standard": True, "match_type": "tag"}, "moves": 1},
    "rumbleslam": {"params": {}, "moves": 12},
    "skirmish": {"params": {}, "moves": 8},
}


def shoot(server: Server, page: Any, game: str, out: Path) -> None:
    setup = SETUPS.get(game, {"params": {}, "moves": 4})
    players = turnbuckle.load_game(game, **setup["params"]).num_players()
    created = create(server, {"game": game, "params": setup["params"], "seed": 7, "delay": 0,
                              "seats": ["human"] + ["computer:random"] * (players - 1)})
    live = server.service.get(created["id"])
    page.goto(created["table_url"])
    page.wait_for_selector("#picture svg")
    rng = random.Random(7)
    for _ in range(setup["moves"]):
        deadline = time.monotonic() + 20
        while live.state.current_player() != 0 and not live.state.is_terminal():
            assert time.monotonic() < deadline, f"{game}: the computer did not move"
            time.sleep(0.02)
        if live.state.is_terminal():
            break
        page.wait_for_function("document.getElementById('status').textContent.startsWith('Your move')")
        play_by_picture(page, live, 0, rng)
    page.wait_for_timeout(800)
    piece = page.locator("#picture .pickable[data-pick^='w:']")  # a wrestler selected: what it can do lights up
    if piece.count():
        piece.first.dispatch_event("click")
        page.wait_for_timeout(300)
    page.screenshot(path=str(out), full_page=False)
    print(f"{out.relative_to(ROOT)}: {out.stat().st_size // 1024} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", default=turnbuckle.list_games())
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with Server() as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True).new_page()
        for game in args.games:
            shoot(server, page, game, ROOT / "docs" / "img" / f"{game}-table.png")
        browser.close()


if __name__ == "__main__":
    main()
