"""Regenerate the home-screen icons (static/icon-192.png, icon-512.png) from static/icon.svg, drawn by
Chromium so the PNGs are exactly the SVG. Needs Playwright and Debian's Chromium.

    python scripts/icons.py
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "src" / "turnbuckle" / "web" / "static"
SIZES = (192, 512)


def main() -> None:
    svg = (STATIC / "icon.svg").read_text()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox"])
        page = browser.new_page(viewport={"width": 512, "height": 512})
        page.set_content(f"<body style='margin:0'>{svg.replace('<svg ', '<svg width=512 height=512 ', 1)}</body>")
        big = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
        browser.close()
    for size in SIZES:
        out = STATIC / f"icon-{size}.png"
        big.resize((size, size), Image.Resampling.LANCZOS).save(out, optimize=True)
        print(f"{out.name}: {out.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
