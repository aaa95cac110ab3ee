"""Regenerate the table screenshots in docs/img/ (one per game, as a player sees it mid-match).

    python scripts/screenshots.py [GAME ...]
    python scripts/screenshots.py --phone [GAME ...]     # docs/img/GAME-table-phone.png

Starts the web app in this process, creates a match of each game against the computer with a
fixed seed, plays a few moves so the table has something on it, and saves a 1280-pixel-wide
picture of the page as docs/img/GAME-table.png (with --phone: a 390x844 touch phone, the whole
page, as docs/img/GAME-table-phone.png). Needs Playwright and Debian's Chromium.
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


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
"""A phone's screen (CSS pixels), as the phone tests use it."""
PHONE_MAX_HEIGHT = 1500
"""A phone picture's longest side in device pixels: below it is the commentary."""


def shoot(server: Server, page: Any, game: str, out: Path, phone: bool = False) -> None:
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
    if phone:
        save_phone(page, out)
    else:
        page.screenshot(path=str(out), full_page=False)
    print(f"{out}: {out.stat().st_size // 1024} KiB")


def save_phone(page: Any, out: Path) -> None:
    """The page's top (the table and what is stacked under it) at the phone's width, in 256 colours."""
    import io

    from PIL import Image

    page.evaluate("scrollTo(0, 0)")  # the sticky prompt where it stands at the top
    image = Image.open(io.BytesIO(page.screenshot(full_page=True)))
    if image.height > PHONE_MAX_HEIGHT:
        image = image.crop((0, 0, image.width, PHONE_MAX_HEIGHT))
    image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(out, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", default=turnbuckle.list_games())
    parser.add_argument("--phone", action="store_true", help="a 390x844 touch phone instead of a 1280 px desktop")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with Server() as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        size: dict[str, Any] = PHONE if args.phone else {"viewport": {"width": 1280, "height": 860}}
        page = browser.new_context(**size, bypass_csp=True).new_page()
        for game in args.games:
            name = f"{game}-table-phone.png" if args.phone else f"{game}-table.png"
            shoot(server, page, game, args.out / name, phone=args.phone)
        browser.close()


if __name__ == "__main__":
    main()
