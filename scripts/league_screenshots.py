"""Screenshots of the league's pages for docs/league.md (docs/img/league-*.png).

Builds a demo promotion in a temporary database (Filsinger, a fixed seed: the same pictures every
run), runs the web app on it, and photographs the pages in Chromium at phone and desktop widths,
as a visitor and as the promoter. Each PNG is reduced to a 256-colour palette to stay small.

    PYTHONPATH=src python scripts/league_screenshots.py            # writes docs/img/league-*.png
    PYTHONPATH=src python scripts/league_screenshots.py --out /tmp/shots
"""

from __future__ import annotations

import argparse
import io
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn
from PIL import Image
from playwright.sync_api import Page, sync_playwright

from turnbuckle.league import service
from turnbuckle.league.booking import parse_match_spec
from turnbuckle.store import Database, open_database
from turnbuckle.web.app import create_app
from turnbuckle.web.sql_repository import SqlRepository

ROOT = Path(__file__).resolve().parent.parent
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1180, "height": 900}
MAX_HEIGHT = 1500
"""Taller pages are cut here (the top is what the docs show)."""


def demo_leagues(db: Database) -> tuple[str, str]:
    """A Filsinger promotion a few cards into its first season, with a card booked; and a
    WRASSLIN' one (for the card editor). Their admin tokens."""
    info = service.create_league(db, "Galaxy Wrestling", "filsinger", {"feud_table": True}, seed=7)
    service.sign(db, None, [], everyone=True)
    service.new_title(db, None, "World Title")
    service.new_title(db, None, "Tag Titles", "tag")
    service.run_season(db, None, 8, matches_per_card=5)
    service.book_card(db, None, "Galaxy Clash", [
        parse_match_spec("Cole Brandt vs Marcus Stone"),
        parse_match_spec("Rex Hammond & Duke Marlowe vs Vince Valentine & Ace Dalton"),
        parse_match_spec("Kenji Mori vs Jet Navarro"),
    ])
    cards = service.create_league(db, "Ring of Cards", "wrasslin", {}, seed=3)
    return str(info["admin_token"]), str(cards["admin_token"])


@contextmanager
def serving(db: Database) -> Iterator[str]:
    app = create_app(SqlRepository(db), think_cap=1.0)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def shoot(page: Page, url: str, path: Path, full: bool = True, reload: bool = True) -> None:
    if reload:
        page.goto(url)
    page.wait_for_load_state("networkidle")
    png = page.screenshot(full_page=full)
    image = Image.open(io.BytesIO(png))
    if image.height > MAX_HEIGHT:
        image = image.crop((0, 0, image.width, MAX_HEIGHT))
    small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size // 1024} KB")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        db = open_database(str(Path(tmp) / "demo.db"))
        token, cards_token = demo_leagues(db)
        with serving(db) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox", "--disable-gpu"])
            league = f"{base}/leagues/1"
            visitor = browser.new_context(viewport=DESKTOP, device_scale_factor=1)
            page = visitor.new_page()
            shoot(page, league, out / "league-home.png")
            shoot(page, f"{league}/titles", out / "league-titles.png")
            shoot(page, f"{league}/wrestlers/{wrestler_id(db, 'Cole Brandt')}", out / "league-wrestler.png")
            phone = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
            page = phone.new_page()
            shoot(page, f"{league}/roster", out / "league-roster-phone.png")
            shoot(page, f"{league}/cards/8", out / "league-card-phone.png")
            promoter = browser.new_context(viewport=DESKTOP, device_scale_factor=1)
            page = promoter.new_page()
            log_in(page, league, token)
            book_a_title_match(page, league)
            shoot(page, page.url, out / "league-book.png", full=False, reload=False)
            shoot(page, f"{league}/admin", out / "league-admin.png")
            cards = f"{base}/leagues/2"
            log_in(page, cards, cards_token)
            editor_with_mistakes(page, cards)
            page.set_viewport_size({"width": DESKTOP["width"], "height": 1100})
            shoot(page, page.url, out / "league-editor.png", full=False, reload=False)
            browser.close()
        db.close()


def wrestler_id(db: Database, name: str) -> int:
    from sqlalchemy import select

    from turnbuckle.store.league_models import LeagueWrestler

    with db.read() as session:
        found: Any = session.scalar(select(LeagueWrestler.id).where(LeagueWrestler.name == name))
        return int(found)


def log_in(page: Page, league: str, token: str) -> None:
    page.goto(f"{league}/login")
    page.fill("#token", token)
    page.click("button[type=submit]")
    page.wait_for_url("**/admin")


def book_a_title_match(page: Page, league: str) -> None:
    """The booking form with a main event for the World Title filled in (not sent)."""
    page.goto(f"{league}/admin/book?rows=2")
    page.select_option("[name='m0.s0.0']", "Lucky Lafleur")
    page.select_option("[name='m0.s1.0']", "Tank Okafor")
    page.select_option("[name='m1.s0.0']", "Tommy Sparks")
    page.select_option("[name='m1.s1.0']", "Boris Volkov")
    page.select_option("[name='m1.title']", "World Title")
    page.fill("#card-name", "Galaxy Showdown")
    page.locator("#card-name").blur()


def editor_with_mistakes(page: Page, league: str) -> None:
    """A new WRASSLIN' card saved with two mistakes: each message beside its field."""
    page.goto(f"{league}/admin/editor?new=Nova%20Starr")
    page.fill("[name='strength']", "15")
    page.fill("[name='weight']", "")
    page.click("button[value=save]")
    page.wait_for_load_state("networkidle")
    page.evaluate("window.scrollTo(0, 0)")


if __name__ == "__main__":
    main()
