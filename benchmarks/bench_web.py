"""The web app's costs: requests per second, overhead over the engine, page weight, click latency.

Run: ``python benchmarks/bench_web.py [--seconds 5] [--db memory|sqlite] [--phone]``. A real uvicorn server
on 127.0.0.1 (a free port) and one HTTP client (httpx2, keep-alive) on this machine:

- **post + read**: one "post action, then read the next seat's observation" pair per step of a
  hot-seat match (both seats people, so no computer thinks), with matches restarted as they end.
  Pairs per second, and the mean time of a pair.
- **CPU**: process CPU time per pair (the client and the server run in this one process), which a
  busy machine disturbs far less than wall time.
- **engine**: the same steps done on the state directly (``observation`` + ``legal_actions`` +
  ``apply_action``, dice rolled the same way), so *web overhead* = pair time - engine time.
- **page weight**: the table page's HTML, CSS and JavaScript plus the first seat view with its SVG.
- **click-to-update**: the time from posting a move to holding the new picture (``?render=true``,
  what a click in the browser waits for), p50 and p95; with ``--browser N``, also N real clicks in
  Chromium, timed from the click to the new picture in the page (needs Playwright and Chromium).
- **--phone**: a phone in Chromium instead (390x844, touch, ``Emulation.setCPUThrottlingRate`` 4x: a
  mid-range phone's CPU): per game, hot seat (no computer thinking), the time from a finger's touch
  on a lit part or button to the new picture in the page and to the frame that shows it (p50, p95),
  the page's main-thread time for it (the trace's thread clock, which the 4x slowdown stretches:
  what the tap costs the phone's CPU, network waits left out; a busy machine disturbs it far less
  than the wall times, though not to nothing), the move request's share (sent to answered: the server and the wire),
  and the table page's weight as
  loaded (HTML, CSS, JS, icons and the API answers with the picture; bytes sent, gzipped, and their
  size unpacked). Targets: p95 <= 150 ms, <= 200 KB.
"""

from __future__ import annotations

import argparse
import random
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple

import httpx2 as httpx
import uvicorn
from rich.console import Console
from rich.table import Table

import turnbuckle
from turnbuckle.engine.game import CHANCE
from turnbuckle.web.app import create_app
from turnbuckle.web.limits import Limits
from turnbuckle.web.repository import MatchRepository, MemoryRepository

GAMES = ("powerhouses", "wrasslin", "filsinger", "rumbleslam", "skirmish")
PARAMS: dict[str, dict[str, Any]] = {"filsinger": {"tournament_standard": True}}
"""Options that give the people decisions (Filsinger's basic game has none)."""


def start_server(repository: MatchRepository) -> tuple[uvicorn.Server, threading.Thread, str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    app = create_app(repository, limits=Limits(exempt_loopback=True))  # this one client posts as fast as it can
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    return server, thread, f"http://127.0.0.1:{port}"


def new_match(client: httpx.Client, game: str, seed: int) -> tuple[str, dict[str, str], dict[str, Any]]:
    body = {"game": game, "params": PARAMS.get(game, {}), "seats": ["hot-seat", "hot-seat"], "seed": seed}
    created = client.post("/api/matches", json=body).json()
    headers = {"Authorization": f"Bearer {created['owner_token']}"}
    view = client.get(f"/api/matches/{created['id']}/seats/{created['to_move']}", headers=headers).json()
    return created["id"], headers, view


def web_pairs(client: httpx.Client, game: str, seconds: float, render: bool) -> tuple[int, list[float], float]:
    """(pairs, per-pair or per-click latencies, CPU seconds of this process: client and server)
    of post action + read the next mover's view."""
    seed = 1
    match_id, headers, view = new_match(client, game, seed)
    rng = random.Random(7)
    latencies: list[float] = []
    cpu = time.process_time()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if view["finished"] or not view["legal_actions"]:
            seed += 1
            match_id, headers, view = new_match(client, game, seed)
            continue
        action = rng.choice(view["legal_actions"])["name"]
        params = {"render": "true"} if render else {}
        started = time.perf_counter()
        posted = client.post(f"/api/matches/{match_id}/seats/{view['seat']}/actions", params=params,
                             json={"action": action}, headers=headers).json()
        if render:
            latencies.append(time.perf_counter() - started)
            view = posted
            if not posted["finished"] and posted["to_move"] is not None and posted["to_move"] != posted["seat"]:
                view = client.get(f"/api/matches/{match_id}/seats/{posted['to_move']}", headers=headers).json()
            continue
        mover = posted["to_move"] if posted["to_move"] is not None else view["seat"]
        view = client.get(f"/api/matches/{match_id}/seats/{mover}", headers=headers).json()
        latencies.append(time.perf_counter() - started)
    return len(latencies), latencies, time.process_time() - cpu


def engine_pairs(game_name: str, seconds: float) -> tuple[int, float]:
    """(steps, CPU seconds) of the same work on the state: apply, roll the dice, observe, list moves."""
    game = turnbuckle.load_game(game_name, **PARAMS.get(game_name, {}))
    rng = random.Random(7)
    state = game.new_initial_state()
    steps = 0
    started = time.process_time()
    deadline = time.perf_counter() + seconds
    seed = 1
    while time.perf_counter() < deadline:
        while state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(random.Random(f"{seed}:{len(state.history)}")))
        if state.is_terminal():
            state = game.new_initial_state()
            seed += 1
            continue
        player = state.current_player()
        legal = state.legal_actions()
        state.observation(player)
        state.apply_action(rng.choice(legal))
        while state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(random.Random(f"{seed}:{len(state.history)}")))
        state.observation(max(state.current_player(), 0))
        if not state.is_terminal():
            state.legal_actions()
        _ = state.events
        steps += 1
    return steps, time.process_time() - started


def page_weight(client: httpx.Client, game: str) -> dict[str, int]:
    body = {"game": game, "params": PARAMS.get(game, {}), "seats": ["human", "human"], "seed": 3}
    created = client.post("/api/matches", json=body).json()
    headers = {"Authorization": f"Bearer {created['owner_token']}"}
    html = client.get(f"/m/{created['id']}").content
    assets = ("app.css", "table.js", "layout.js", "zoom.js", "favicon.svg")
    static = sum(len(client.get(f"/static/{name}").content) for name in assets)
    view = client.get(f"/api/matches/{created['id']}/seats/0", params={"render": "true"}, headers=headers)
    meta = client.get(f"/api/matches/{created['id']}", headers=headers).content
    return {"html": len(html), "static": static, "view": len(view.content) + len(meta)}


CLICK_JS = """
() => new Promise((resolve) => {
  // a move with no place on the table (a button), else a pickable part of the picture; a part that
  // only selects (a wrestler before its square) answers -2 at once and the next call clicks on
  const parts = Array.from(document.querySelectorAll('#picture .pickable'));
  const buttons = Array.from(document.querySelectorAll('#actions button:not([disabled])'));
  const target = parts.length ? parts[Math.floor(Math.random() * parts.length)] : buttons[0];
  if (!target) { resolve(-1); return; }
  const started = performance.now();
  const watcher = new MutationObserver(() => { watcher.disconnect(); resolve(performance.now() - started); });
  watcher.observe(document.getElementById('picture'), { childList: true, subtree: true });
  if (parts.length) target.dispatchEvent(new MouseEvent('click', { bubbles: true })); else target.click();
  setTimeout(() => { watcher.disconnect(); resolve(-3); }, 5000);  // nothing came back (a refused click)
  setTimeout(() => {
    const menu = document.querySelector('#pick-menu:not([hidden]) button[data-action]');
    if (menu) { menu.click(); return; }
    if (document.querySelector('#picture .selected')) { watcher.disconnect(); resolve(-2); }
  }, 0);
})
"""


def browser_clicks(url: str, game: str, clicks: int) -> list[float]:
    """Milliseconds from a click on a move to the new picture on screen, in Chromium (hot-seat)."""
    import os
    import shutil

    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("TURNBUCKLE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage"]
    out: list[float] = []
    with sync_playwright() as p, httpx.Client(base_url=url, timeout=30) as client:
        browser = p.chromium.launch(executable_path=chromium, args=args)
        page = browser.new_page()
        seed = 1
        while len(out) < clicks:
            created = client.post("/api/matches", json={"game": game, "params": PARAMS.get(game, {}),
                                                        "seats": ["hot-seat", "hot-seat"], "seed": seed}).json()
            seed += 1
            page.goto(created["table_url"])
            page.wait_for_selector("#picture svg, #handover:not([hidden])")  # hidden hands: hand-over first
            page.wait_for_timeout(200)
            misses = 0
            while len(out) < clicks and misses < 40:  # 40 clicks in a row that moved nothing: a new match
                if page.locator("#handover").is_visible():
                    page.click("#handover-ready")
                    page.wait_for_selector("#picture svg")
                if page.locator("#status").inner_text().startswith("Match over"):
                    break
                took = page.evaluate(CLICK_JS)
                if took == -2:  # a selection: the next click completes the move
                    misses += 1
                    continue
                if took < 0:
                    misses += 1
                    page.wait_for_timeout(50)
                    continue
                misses = 0
                out.append(took / 1000)
                page.wait_for_timeout(30)
        browser.close()
    return out


PHONE_CONTEXT: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
                                 "is_mobile": True, "has_touch": True}
PHONE_CPU_SLOWDOWN = 4
PACE_MS = 400
"""A person's pace: the next tap this long after the new picture (the page settles: the event stream's
refresh of the same position, the picture's layout), as a finger would, not a burst."""

ARM_JS = """
() => {
  // time the next touch to the next new picture: the touch's moment, then the picture's
  // (drawn: in the page's DOM, the table's scripts done), then the frame that shows it (painted: the
  // first task after the next animation frame, so style, layout and paint of the new picture count)
  window.__tap = { at: null, drawn: null, painted: null };
  const touched = () => { window.__tap.at = performance.now(); performance.mark('tb-tap'); };
  document.addEventListener('touchstart', touched, { once: true, capture: true });
  const watcher = new MutationObserver(() => {
    if (window.__tap.at !== null && window.__tap.drawn === null) {
      window.__tap.drawn = performance.now();
      watcher.disconnect();
      requestAnimationFrame(() => setTimeout(() => {
        window.__tap.painted = performance.now();
        performance.mark('tb-shown'); // with the page's CPU time so far (the trace's thread clock)
      }, 0));
    }
  });
  watcher.observe(document.getElementById('picture'), { childList: true });
}
"""

TARGET_JS = """
() => {
  // a point to touch: a lit part big enough for a finger at this size (where it is the top thing on
  // screen), or a button, or a menu item; null when there is nothing
  const menu = document.querySelector('#pick-menu:not([hidden]) button[data-action]');
  const lit = Array.from(document.querySelectorAll('#picture .pickable'));
  const size = (el) => window.turnbuckleZoom ? window.turnbuckleZoom.tapSize(el, lit) : 99;
  let parts = lit.filter((el) => size(el) >= 24);
  if (!parts.length && lit.length && window.turnbuckleZoom) { // parts too small at this size: zoom as a finger would
    const least = Math.min(...lit.map(size));
    window.turnbuckleZoom.zoomTo(window.turnbuckleZoom.zoom * 32 / Math.max(least, 1));
    parts = lit.filter((el) => size(el) >= 24);
  }
  const buttons = Array.from(document.querySelectorAll('#actions button:not([disabled])'))
    .filter((b) => !/^concede/.test(b.dataset.action || ''));
  const pool = menu ? [menu] : parts.length && (Math.random() < 0.7 || !buttons.length) ? parts : buttons;
  for (let tries = 0; tries < 6 && pool.length; tries++) {
    const el = pool[Math.floor(Math.random() * pool.length)];
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    if (top && (top === el || el.contains(top) || (top.closest && top.closest('[data-pick]') === el))) return [x, y];
  }
  return null;
}
"""


SELECTED_JS = ("() => document.querySelectorAll('#picture .selected').length"
               " + (document.getElementById('pick-menu').hidden ? 0 : 100)")
"""What a tap that plays nothing changes: the parts selected, a menu open."""

SERVER_JS = """
() => {
  // the last move's request, from sending it to its answer's last byte (the server's share, and the wire's)
  const posts = performance.getEntriesByType('resource').filter((e) => /\/actions\?/.test(e.name));
  const last = posts[posts.length - 1];
  return last ? last.responseEnd - last.startTime : 0;
}
"""


class PhoneTaps(NamedTuple):
    """What ``phone_taps`` measured: seconds per tap, and the page's weight."""

    drawn: list[float]
    painted: list[float]
    cpu: list[float]
    request: list[float]
    weight: dict[str, int]


def tap_cpu(events: list[dict[str, Any]]) -> list[float]:
    """The page's main-thread CPU seconds from each touch to the frame showing its picture: the thread
    clock (``tts``) of the trace's ``tb-tap`` and ``tb-shown`` marks, each shown paired with the touch
    before it. Thread time, not wall time: the 4x slowdown stretches it (measured: 4x); a busy
    machine's other processes disturb it far less than the wall time (not to nothing)."""
    out: list[float] = []
    tapped: dict[tuple[int, int], int] = {}
    for e in sorted((e for e in events if e.get("name") in ("tb-tap", "tb-shown") and "tts" in e),
                    key=lambda e: e["ts"]):
        thread = (e.get("pid", 0), e.get("tid", 0))
        if e["name"] == "tb-tap":
            tapped[thread] = e["tts"]
        elif thread in tapped:
            out.append((e["tts"] - tapped.pop(thread)) / 1e6)
    return out


def phone_taps(url: str, game: str, seconds: float) -> PhoneTaps:
    """Seconds from a touch to the new picture on a 4x-slowed phone (hot seat), in the page and on
    screen (painted), the page's CPU for it, the move request's part of each, and the weight of the
    table page as it loaded (bytes sent and unpacked)."""
    import os
    import shutil

    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("TURNBUCKLE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage"]
    out: list[float] = []
    painted: list[float] = []
    server: list[float] = []
    weight: dict[str, int] = {}
    with sync_playwright() as p, httpx.Client(base_url=url, timeout=30) as client:
        browser = p.chromium.launch(executable_path=chromium, args=args)
        context = browser.new_context(**PHONE_CONTEXT, bypass_csp=True)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
        events: list[dict[str, Any]] = []
        traced: list[bool] = []
        cdp.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
        cdp.on("Tracing.tracingComplete", lambda message: traced.append(True))
        cdp.send("Tracing.start", {"traceConfig": {"includedCategories": ["blink.user_timing"]},
                                   "transferMode": "ReportEvents"})
        seed = 1
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            created = client.post("/api/matches", json={"game": game, "params": PARAMS.get(game, {}),
                                                        "seats": ["hot-seat", "hot-seat"], "seed": seed}).json()
            seed += 1
            page.goto(created["table_url"])
            page.wait_for_selector("#picture svg, #handover:not([hidden])")
            page.wait_for_load_state("networkidle")
            if not weight:
                weight = page.evaluate(
                    "() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
                    ".reduce((w, e) => ({sent: w.sent + e.transferSize, unpacked: w.unpacked + e.decodedBodySize}),"
                    " {sent: 0, unpacked: 0})")
            misses = 0
            while time.monotonic() < end and misses < 20:
                if page.locator("#handover").is_visible():
                    page.locator("#handover-ready").tap()
                    page.wait_for_selector("#picture svg")
                if page.locator("#status").inner_text().startswith("Match over"):
                    break
                page.evaluate(ARM_JS)
                point = page.evaluate(TARGET_JS)
                if point is None:
                    misses += 1
                    page.wait_for_timeout(50)
                    continue
                selected = page.evaluate(SELECTED_JS)
                page.touchscreen.tap(point[0], point[1])
                try:  # a tap that selects (a wrestler before its square) or opens a menu draws no new picture
                    page.wait_for_function(f"window.__tap.drawn !== null || ({SELECTED_JS})() !== {selected}",
                                           timeout=3000)
                except Exception:
                    misses += 1
                    continue
                if page.evaluate("window.__tap.drawn === null"):
                    continue
                misses = 0
                out.append(page.evaluate("window.__tap.drawn - window.__tap.at") / 1000)
                page.wait_for_function("window.__tap.painted !== null")
                painted.append(page.evaluate("window.__tap.painted - window.__tap.at") / 1000)
                server.append(page.evaluate(SERVER_JS) / 1000)
                page.wait_for_timeout(PACE_MS)
        cdp.send("Tracing.end")
        while not traced:
            page.wait_for_timeout(50)
        browser.close()
    return PhoneTaps(out, painted, tap_cpu(events), server, weight)


def phone_report(url: str, seconds: float, console: Console, games: tuple[str, ...] = GAMES) -> None:
    table = Table(title=f"a phone: 390x844, touch, CPU slowed {PHONE_CPU_SLOWDOWN}x "
                        f"(hot seat, {seconds:g} s a game)")
    for column in ("game", "taps", "tap p50 ms", "tap p95 ms", "painted p50 ms", "painted p95 ms",
                   "CPU p50 ms", "CPU p95 ms", "request p50 ms", "request p95 ms", "page KB sent", "page KB unpacked"):
        table.add_column(column, justify="right" if column != "game" else "left")

    def ms(values: list[float], q: float) -> str:
        return f"{percentile(values, q) * 1000:.0f}" if values else "-"

    for game in games:
        taps, painted, cpu, requests, weight = phone_taps(url, game, seconds)
        table.add_row(game, str(len(taps)), ms(taps, 0.5), ms(taps, 0.95), ms(painted, 0.5), ms(painted, 0.95),
                      ms(cpu, 0.5), ms(cpu, 0.95), ms(requests, 0.5), ms(requests, 0.95),
                      f"{weight.get('sent', 0) / 1000:.1f}", f"{weight.get('unpacked', 0) / 1000:.1f}")
        print(f"{game}: done", file=sys.stderr, flush=True)
    console.print(table)
    console.print("tap: from the finger's touch (touchstart) to the new picture in the page (the table's scripts "
                  "done); painted: to the frame that shows it (its style, layout and paint too); CPU: the page's "
                  "main-thread time from touch to that frame (its thread clock: the 4x slowdown counts, waits "
                  "for the network do not, other processes' load far less than in the wall times); request: the "
                  "move's "
                  "POST, sent to answered (server and wire, not slowed); targets p95 <= 150 ms, page <= 200 KB (the "
                  "table page as loaded: HTML, CSS, JS, icons, the API answers with the picture)")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per measurement")
    parser.add_argument("--browser", type=int, default=0, metavar="CLICKS",
                        help="also time CLICKS clicks in Chromium (click to new picture on screen)")
    parser.add_argument("--db", choices=("memory", "sqlite"), default="memory",
                        help="where matches are kept (sqlite: a temporary file, one write per move)")
    parser.add_argument("--phone", action="store_true",
                        help="only the phone figures: taps to new pictures at 4x CPU slowdown, and page weight")
    parser.add_argument("--game", action="append", choices=GAMES, help="with --phone: only this game (repeatable)")
    args = parser.parse_args()
    repository: MatchRepository
    if args.db == "sqlite":
        from turnbuckle.store import open_database
        from turnbuckle.web.sql_repository import SqlRepository

        repository = SqlRepository(open_database(str(Path(tempfile.mkdtemp()) / "bench.db")))
    else:
        repository = MemoryRepository()
    server, thread, url = start_server(repository)
    console = Console(width=max(Console().width, 130))
    if args.phone:
        try:
            phone_report(url, args.seconds, console, tuple(args.game or GAMES))
        finally:
            server.should_exit = True
            thread.join(timeout=10)
        return
    table = Table(title=f"turnbuckle web ({args.db} store, one client, {args.seconds:g} s per row)")
    for column in ("game", "post+read /s", "ms per pair", "CPU ms per pair", "engine CPU ms",
                   "web overhead CPU ms", "page KiB", "click p50 ms", "click p95 ms"):
        table.add_column(column, justify="right" if column != "game" else "left")
    browser_rows: list[tuple[str, int, float, float]] = []
    try:
        with httpx.Client(base_url=url, timeout=30) as client:
            for game in GAMES:
                web_pairs(client, game, 0.5, render=False)  # warm up
                pairs, times, cpu = web_pairs(client, game, args.seconds, render=False)
                steps, engine_seconds = engine_pairs(game, args.seconds)
                _, clicks, _ = web_pairs(client, game, args.seconds, render=True)
                weight = page_weight(client, game)
                pair_ms = statistics.fmean(times) * 1000
                cpu_ms = cpu / pairs * 1000
                engine_ms = engine_seconds / steps * 1000
                table.add_row(
                    game, f"{pairs / sum(times):.0f}", f"{pair_ms:.2f}", f"{cpu_ms:.2f}", f"{engine_ms:.3f}",
                    f"{cpu_ms - engine_ms:.2f}", f"{sum(weight.values()) / 1024:.1f}",
                    f"{percentile(clicks, 0.5) * 1000:.1f}", f"{percentile(clicks, 0.95) * 1000:.1f}",
                )
                if args.browser:
                    shown = browser_clicks(url, game, args.browser)
                    browser_rows.append((game, len(shown), percentile(shown, 0.5), percentile(shown, 0.95)))
                print(f"{game}: done", file=sys.stderr, flush=True)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
    console.print(table)
    if browser_rows:
        clicks_table = Table(title="click to new picture in Chromium (hot-seat table page)")
        for column in ("game", "clicks", "p50 ms", "p95 ms"):
            clicks_table.add_column(column, justify="right" if column != "game" else "left")
        for game, n, p50, p95 in browser_rows:
            clicks_table.add_row(game, str(n), f"{p50 * 1000:.1f}", f"{p95 * 1000:.1f}")
        console.print(clicks_table)
    console.print("CPU ms: process CPU time (client and server share this process), steadier than wall time on a "
                  "busy machine; page KiB = table page HTML + CSS + JS + the first seat view with its SVG "
                  "(uncompressed)")


if __name__ == "__main__":
    main()
