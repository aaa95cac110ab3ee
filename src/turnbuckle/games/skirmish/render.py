"""Pictures of the ring: a scaled character grid for the terminal and an SVG for the browser.

Both read ``observation(player)`` only, so they never show a secret (an unrevealed bid). The SVG
also takes the names of the viewer's legal actions and draws the destinations among them (``move X
Y``, ``stay``, ``to P<k> b2b|2in <bearing>``, ``rope N|E|S|W``) as dots to click; the named points
are found from the observation by the same geometry the rules use (``geometry.anchor_points``,
``geometry.rope_point``). Facings, Whip routes and every other decision stay buttons.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from typing import Any, NamedTuple
from xml.sax.saxutils import escape, quoteattr

from turnbuckle.engine.game import NARROW_TEXT, NARROW_WIDTH
from turnbuckle.engine.picks import Pick
from turnbuckle.games.skirmish import geometry as geo

COLS = 60
"""Terminal grid: half an inch per column."""
ROWS = 20
"""1.5 inches per row (terminal cells are about twice as tall as wide)."""
RING = 30.0
REACH = 2.0
ARROWS = ("→", "↗", "↑", "↖", "←", "↙", "↓", "↘")
COLOURS = ("#c0392b", "#2471a3", "#229954", "#b9770e")
LETTERS = "ABCDEFGH"
LEGEND = "    letters: the models listed below; arrows: their facings; dots (·): each base's 2-inch reach"
"""Printed under the terminal ring: what its letters, arrows and dotted arcs mean."""


def _cell(x: float, y: float) -> tuple[int, int]:
    col = min(COLS - 1, max(0, int(x / RING * COLS)))
    row = min(ROWS - 1, max(0, int((RING - y) / RING * ROWS)))
    return row, col


def _arrow(facing: list[int]) -> tuple[str, int, int]:
    angle = math.atan2(facing[1], facing[0])
    octant = round(angle / (math.pi / 4)) % 8
    step = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))[octant]
    return ARROWS[octant], step[0], step[1]


def render_text(observation: dict[str, Any]) -> str:
    """The ring as a character grid (models as letters, facing arrows, ``·`` the 2-inch reach), then a
    table of END, AP pool, bid and stagger."""
    grid = [[" "] * COLS for _ in range(ROWS)]
    models = [m for m in observation["models"] if m["in_ring"]]
    for m in models:  # the 2-inch reach around each base
        reach = m["base"] / 2 + REACH
        for row in range(ROWS):
            for col in range(COLS):
                cx = (col + 0.5) / COLS * RING
                cy = RING - (row + 0.5) / ROWS * RING
                if math.hypot(cx - m["x"], cy - m["y"]) <= reach:
                    grid[row][col] = "·"
    for m in models:
        row, col = _cell(m["x"], m["y"])
        grid[row][col] = LETTERS[m["model"]]
        arrow, dx, dy = _arrow(m["facing"])
        r2, c2 = row - dy, col + dx
        if 0 <= r2 < ROWS and 0 <= c2 < COLS and grid[r2][c2] in (" ", "·"):
            grid[r2][c2] = arrow
    top = "NW ┌" + "─" * COLS + "┐ NE"
    bottom = "SW └" + "─" * COLS + "┘ SE"
    lines = [f"Round {observation['round']} of {observation['max_rounds']} · {observation['phase']}"
             + (f" · {observation['players'][observation['turn_player']]['label']}'s turn"
                if observation.get("turn_player") is not None else ""), top]
    lines += ["   │" + "".join(r) + "│" for r in grid]
    lines.append(bottom)
    lines.append(LEGEND)
    lines.append("")
    header = f"{'':2} {'wrestler':<18} {'plr':>3} {'END':>6} {'pool':>4} {'bid':>4} {'left':>4}  state"
    lines.append(header)
    players = observation["players"]
    for m in observation["models"]:
        p = players[m["player"]]
        bid = "?" if p["bid_submitted"] and p["bid"] is None else ("-" if p["bid"] is None else str(p["bid"]))
        left = "-" if p["bid_left"] is None else str(p["bid_left"])
        where = f"({m['x']:g}, {m['y']:g})" if m["in_ring"] else "outside"
        state = ", ".join(s for s in ("staggered" if m["staggered"] else "", where) if s)
        lines.append(f"{LETTERS[m['model']]:2} {m['name'][:18]:<18} P{m['player']:<2} {m['end']:>2}/{m['end_start']:<3}"
                     f" {p['pool']:>4} {bid:>4} {left:>4}  {state}")
    pend = observation.get("pending")
    if pend and pend.get("maneuver"):
        extra = ""
        if pend.get("a_hits") or pend.get("d_hits"):  # 0 vs 0: nothing rolled yet (or nothing to tell)
            extra = f" · hits {pend.get('a_hits', 0)} vs {pend.get('d_hits', 0)}"
        if pend.get("count"):
            extra += f" · count {pend['count']}"
        if "limit" in pend:
            extra += f" · up to {pend['limit']:g} inches"
        lines.append(f"now: {pend['maneuver']}{extra}")
    if observation.get("prompt"):
        lines.append(f"Now: {observation['prompt']}")
    if observation.get("winner") is not None:
        lines.append(f"winner: {players[observation['winner']]['label']}")
    return "\n".join(lines)


class Destination(NamedTuple):
    """A legal destination: its exact action name, where it is (inches), what it does in words."""

    action: str
    x: float
    y: float
    label: str
    named: bool


def _lattice(model: dict[str, Any]) -> tuple[geo.Point, int]:
    """A model's centre and base radius back in lattice units (the observation gives inches)."""
    return (round(model["x"] * geo.UNIT), round(model["y"] * geo.UNIT)), round(model["base"] * geo.UNIT / 2)


def _side(bearing: float) -> str:
    return {0.0: "in front", 180.0: "behind"}.get(bearing, f"{bearing:g} degrees clockwise from its front")


def destinations(observation: dict[str, Any], actions: Sequence[str]) -> list[Destination]:
    """The destinations among ``actions`` (a pending move's decision), each with its point."""
    pend = observation.get("pending") or {}
    if "mover" not in pend or not actions:
        return []
    models = observation["models"]
    mover = models[pend["mover"]]
    who = mover["name"]
    start, r = _lattice(mover)
    others = [m for i, m in enumerate(models) if i != pend["mover"] and m["in_ring"]]
    obstacles = [(*_lattice(m)[0], _lattice(m)[1]) for m in others]
    anchors: dict[int, tuple[tuple[geo.Point | None, ...], str]] = {}
    out: list[Destination] = []
    for name in actions:
        parts = name.split()
        if parts[0] == "move" and len(parts) == 3:
            x, y = float(parts[1]), float(parts[2])
            out.append(Destination(name, x, y, f"Move to ({x:g}, {y:g})", False))
        elif name == "stay":
            where = "goes back to where it started" if pend.get("via") else "stays where it is"
            out.append(Destination(name, start[0] / geo.UNIT, start[1] / geo.UNIT, f"{who} {where}", True))
        elif parts[0] == "rope" and len(parts) == 2:
            px_, py_ = geo.rope_point(start, r, parts[1])
            out.append(Destination(name, px_ / geo.UNIT, py_ / geo.UNIT,
                                   f"Move {who} straight to the {parts[1]} rope", True))
        elif parts[0] == "to" and len(parts) == 4 and parts[1].startswith("P"):
            seat, kind, bearing = int(parts[1][1:]), parts[2], float(parts[3])
            if seat not in anchors:
                ref = next((m for m in others if m["player"] == seat), None)
                if ref is None:
                    continue
                ref_pos, ref_r = _lattice(ref)
                rest = [o for o in obstacles if (o[0], o[1]) != ref_pos]
                anchors[seat] = (geo.anchor_points(ref_pos, (ref["facing"][0], ref["facing"][1]), ref_r, r, rest),
                                 ref["name"])
            points, ref_name = anchors[seat]
            k = ("b2b", "2in").index(kind) * len(geo.ANCHOR_BEARINGS) + geo.ANCHOR_BEARINGS.index(bearing)
            point = points[k]
            if point is None:
                continue
            how = "into base contact with" if kind == "b2b" else "2 inches from"
            out.append(Destination(name, point[0] / geo.UNIT, point[1] / geo.UNIT,
                                   f"Move {who} {how} {ref_name}, {_side(bearing)}", True))
    return out


Placed = tuple[list["Destination"], dict[str, str], list[Pick]]


def _placed(observation: dict[str, Any], actions: Sequence[str]) -> Placed:
    """The destinations among ``actions``, the ids of the named ones, and every action's pick."""
    from turnbuckle.engine.picks import pick_id
    from turnbuckle.games.skirmish.table import picks

    found = destinations(observation, actions)
    named = {d.action: pick_id("np", d.action.replace(" ", "_")) for d in found if d.named}
    return found, named, picks(observation, actions, named)


def table_picks(observation: dict[str, Any], actions: Sequence[str]) -> list[Pick]:
    """``Game.picks``: how each action is chosen on the picture ``render_svg`` draws."""
    return _placed(observation, actions)[2]


SCALE = 20.0
"""Pixels per inch in the browser's picture."""
RANGE_PHASES = ("destination", "whip route")
"""The decisions before a move ends: the move's range is drawn only then."""
PAD = 30.0
PANEL = 230.0
"""Width of the gauges beside the ring (AP pools, bids, END)."""


def _gauge(x: float, y: float, width: float, value: float, most: float, colour: str, label: str) -> str:
    filled = 0.0 if most <= 0 else max(0.0, min(1.0, value / most)) * width
    return (f'<g class="gauge"><title>{escape(label)}</title>'
            f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="10" rx="3" fill="#444"/>'
            f'<rect x="{x:g}" y="{y:g}" width="{filled:.1f}" height="10" rx="3" fill="{colour}"/></g>')


def _panel(observation: dict[str, Any], x0: float) -> tuple[list[str], float]:
    """Each player's AP pool (and what is left of a revealed bid) and each model's END, as gauges; and
    where they end (y)."""
    out = [f'<text x="{x0:g}" y="{PAD + 4:g}" font-size="13" font-weight="bold" fill="#eee">'
           f'Round {observation["round"]} of {observation["max_rounds"]}</text>',
           f'<text x="{x0:g}" y="{PAD + 22:g}" font-size="11" fill="#bbb">{escape(str(observation["phase"]))}</text>']
    y = PAD + 44
    most_pool = max([10, *(p["pool"] for p in observation["players"])])
    for p in observation["players"]:
        colour = COLOURS[p["player"] % len(COLOURS)]
        bid = "?" if p["bid_submitted"] and p["bid"] is None else ("-" if p["bid"] is None else str(p["bid"]))
        out.append(f'<text x="{x0:g}" y="{y:g}" font-size="12" font-weight="bold" fill="{colour}">'
                   f'P{p["player"]} {escape(p["label"][:24])}</text>')
        out.append(_gauge(x0, y + 6, PANEL - 70, p["pool"], most_pool, "#f1c40f", f"AP pool {p['pool']}"))
        out.append(f'<text x="{x0 + PANEL - 62:g}" y="{y + 15:g}" font-size="11" fill="#eee">AP {p["pool"]}</text>')
        left = "" if p["bid_left"] is None else f", {p['bid_left']} left"
        out.append(f'<text x="{x0:g}" y="{y + 31:g}" font-size="11" fill="#ccc">bid {bid}{left}</text>')
        y += 40
        for m in observation["models"]:
            if m["player"] != p["player"]:
                continue
            state = "" if m["in_ring"] else " (outside)"
            out.append(f'<text x="{x0 + 8:g}" y="{y + 4:g}" font-size="11" fill="#ddd">'
                       f'{LETTERS[m["model"]]} {escape(m["name"][:20])}{state}</text>')
            out.append(_gauge(x0 + 8, y + 9, PANEL - 78, m["end"], m["end_start"], "#e74c3c",
                              f"END {m['end']} of {m['end_start']}"))
            out.append(f'<text x="{x0 + PANEL - 62:g}" y="{y + 18:g}" font-size="11" fill="#eee">'
                       f'END {m["end"]}/{m["end_start"]}</text>')
            y += 30
        y += 10
    return out, y


LEGEND_MARKS: dict[str, tuple[str, str]] = {
    "model": ('<circle r="6" fill="#c0392b" stroke="#000" stroke-width="1.5"/>', "wrestler (letter; colour: player)"),
    "staggered": ('<circle r="6" fill="#c0392b" stroke="#f39c12" stroke-width="3"/>', "staggered"),
    "front-arc": ('<path d="M 6 0 A 6 6 0 0 0 -6 0 Z" fill="#2471a3" fill-opacity="0.35"/>',
                  "front arc (the half ahead)"),
    "reach": ('<circle r="6" fill="none" stroke="#2471a3" stroke-dasharray="3 2"/>', "2-inch reach"),
    "facing": ('<line x1="0" y1="0" x2="9" y2="0" stroke="#000" stroke-width="3"/>', "facing"),
    "corner": ('<circle r="6" fill="#555"/>', "corner post"),
    "rope": ('<rect x="-6" y="-5" width="12" height="10" fill="none" stroke="#e74c3c" stroke-width="2"/>',
             "electrified ropes"),
    "destinations": ('<circle r="6" fill="#27ae60" fill-opacity="0.3" stroke="#27ae60" stroke-dasharray="3 2"/>',
                     "move range"),
    "targets": ('<circle r="4" fill="#1e8449" stroke="#fff"/>', "a place to move to (click)"),
    "named-targets": ('<circle r="6" fill="#8e44ad" stroke="#fff"/>', "stay / to a rope / next to a wrestler (click)"),
    "facing-dial": ('<circle r="7" fill="#34495e" fill-opacity="0.25" stroke="#34495e"/>'
                    '<polygon points="6,0 0,-4 0,-1.5 -6,-1.5 -6,1.5 0,1.5 0,4" fill="#34495e"/>',
                    "turn to face that way (click)"),
    "rope-sides": ('<rect x="-7" y="-4" width="14" height="8" fill="#f1c40f" fill-opacity="0.6"/>',
                   "a rope to bounce off (click)"),
}
"""Every kind of mark the picture draws (by the class it is drawn with), as the legend shows it."""


def _legend(y: float, width: float, marks: list[str], text_size: float = 11) -> tuple[list[str], float]:
    """What the ring's marks now on it mean, in rows as wide as the ring (on a phone the picture is the
    ring alone, its gauges stacked under it); returns the rows' height. ``text_size`` above 11 (a
    narrow picture's) grows the swatches, rows and gaps with it."""
    k = text_size / 11
    out = []
    x, row = PAD, 0
    for mark in marks:
        swatch, text = LEGEND_MARKS[mark]
        step = (26 + 5.6 * len(text)) * k
        if x + step > width - 6 and x > PAD:
            x, row = PAD, row + 1
        top = y + 16 * k * row
        grow = f" scale({k:g})" if k != 1 else ""
        out.append(f'<g class="legend-item" data-legend="{mark}"><g transform="translate({x + 6 * k:g},{top:g}){grow}">'
                   f'{swatch}</g><text x="{x + 16 * k:g}" y="{top + 4 * k:g}" font-size="{text_size:g}" fill="#ddd">'
                   f'{escape(text)}</text></g>')
        x += step
    return out, 16 * k * (row + 1)


def _facing_dial(observation: dict[str, Any], actions: Sequence[str], mover: int, centre: tuple[float, float],
                 r: float, bounds: tuple[float, float]) -> list[str]:
    """The facings offered, as arrows to click on a dial around the mover: each a disc big enough to hit
    (24 px and more on a desktop screen), the compass points on one ring and the facings straight at
    a wrestler (in that wrestler's colour) on rings outside it, none over another. The dial stays
    inside the picture."""
    from turnbuckle.engine.picks import pick_attrs, pick_id
    from turnbuckle.games.skirmish.table import facing_angle

    offered = []
    for action in actions:
        words = action.split()
        if words[0] == "face" and len(words) == 2:
            angle = facing_angle(words[1], observation, mover)
            if angle is not None:
                offered.append((words[1], angle))
    if not offered:
        return []
    inner = max(DIAL, r + DIAL_HIT + 6)
    step = 2 * DIAL_HIT + 4
    rings: dict[str, float] = {}  # each facing's distance from the centre of the dial
    placed: list[tuple[float, float]] = []  # (angle, ring) of the facings at a wrestler so far
    for key, angle in sorted(offered, key=lambda item: item[1]):
        if not (key.startswith("P") and key[1:].isdigit()):
            rings[key] = inner
            continue
        ring = inner + step  # outside the compass points; further out when another is in the way
        while any(abs((angle - a + 180) % 360 - 180) < 24 and abs(ring - at) < 1 for a, at in placed):
            ring += step
        placed.append((angle, ring))
        rings[key] = ring
    reach = max(rings.values()) + DIAL_HIT
    cx = min(max(centre[0], reach), bounds[0] - reach)
    cy = min(max(centre[1], reach), bounds[1] - reach)
    out = ['<g class="facing-dial">',
           f'<circle cx="{cx:g}" cy="{cy:g}" r="{inner:g}" fill="none" stroke="#34495e" stroke-opacity="0.4" '
           'stroke-width="1" pointer-events="none"/>']
    if (cx, cy) != centre:  # pushed in from the edge: a line from the wrestler to its dial
        out.append(f'<line x1="{centre[0]:g}" y1="{centre[1]:g}" x2="{cx:g}" y2="{cy:g}" stroke="#34495e" '
                   'stroke-dasharray="4 3" pointer-events="none"/>')
    models = observation["models"]
    for key, angle in offered:
        at_model = key.startswith("P") and key[1:].isdigit()
        radius = rings[key]
        t = math.radians(angle)
        x, y = cx + math.cos(t) * radius, cy - math.sin(t) * radius
        colour = COLOURS[int(key[1:]) % len(COLOURS)] if at_model else "#34495e"
        label = f"Face {key}" if not at_model else f"Face {key}: straight at " + next(
            (m["name"] for m in models if m["player"] == int(key[1:]) and m["in_ring"]), key)
        out.append(f'<g {pick_attrs(pick_id("fc", key), label)}><title>{escape(label)}</title>'
                   f'<circle class="hit" cx="{x:g}" cy="{y:g}" r="{DIAL_HIT:g}" fill="{colour}" fill-opacity="0.25" '
                   f'stroke="{colour}" stroke-width="1"/>'
                   f'<polygon points="{DIAL_ARROW}" transform="translate({x:.1f},{y:.1f}) rotate({-angle:g})" '
                   f'fill="{colour}" pointer-events="none"/></g>')
    out.append("</g>")
    return out


DIAL = 78.0
"""The facing dial's inner radius (pixels): sixteen discs of ``DIAL_HIT`` fit round it without touching."""
DIAL_HIT = 15.0
"""A facing disc's radius: 30 picture pixels, 25 or more on a desktop screen."""
DIAL_ARROW = "-9,-2.5 1,-2.5 1,-7 10,0 1,7 1,2.5 -9,2.5"
"""An arrow pointing east (shaft and head), turned to each facing on its disc."""


NARROW_LEAST = math.ceil(10 * NARROW_TEXT * (RING * SCALE + 2 * PAD + 4) / NARROW_WIDTH) / 10
"""The ring's smallest text in a narrow picture: the ring (its gauges stacked under it on a phone)
takes the phone's width, so this is ``NARROW_TEXT`` at a ``NARROW_WIDTH`` picture."""


def render_svg(observation: dict[str, Any], actions: Sequence[str] = (), narrow: bool = False) -> str:
    """The ring (ropes, corner posts, models with facing, front arc and reach, the move range clipped
    to the ring), the gauges beside it and a legend; on the viewer's decision, the parts to pick:
    destination points (the ring snaps a click to the nearest), facing arrows, the models a maneuver
    can be aimed at, corners and rope sides (``table.picks``). ``narrow`` (a phone): the letters and
    the legend at ``NARROW_LEAST``; the names over the models and on the corner posts are left to the
    gauges under the ring (each model's letter, name and END) and to each part's label."""
    from turnbuckle.engine.picks import pick_attrs, pick_id
    from turnbuckle.games.skirmish.clicks import click_prompt
    from turnbuckle.games.skirmish.table import mover_of, point_id

    ring = RING * SCALE
    size = ring + 2 * PAD
    width = size + PANEL
    prompt = click_prompt(observation)
    now = textwrap.wrap(f"Now: {prompt}", 120) if prompt else []
    pend = observation.get("pending") or {}
    models = observation["models"]
    found, named, offered = _placed(observation, actions)
    mover = mover_of(observation)
    facings = any(a.startswith("face ") for a in actions) and mover is not None and models[mover]["in_ring"]
    ranged = "limit" in pend and "mover" in pend and observation.get("phase") in RANGE_PHASES
    marks = [mark for mark, shown in (
        ("model", True), ("staggered", any(m["staggered"] and m["in_ring"] for m in models)), ("front-arc", True),
        ("reach", True), ("facing", True), ("corner", True), ("rope", True), ("destinations", ranged),
        ("targets", any(not d.named for d in found)), ("named-targets", any(d.named for d in found)),
        ("facing-dial", facings), ("rope-sides", any(p.path[0].startswith("rp:") for p in offered)),
    ) if shown]
    least = NARROW_LEAST if narrow else 0.0
    legend, legend_h = _legend(size + 8 + (least / 2 if narrow else 0), size, marks, max(11, least))
    # under the ring alone: a phone's picture is the ring, whole
    height = size + 6 + legend_h + 16 * len(now) + (6 if now else 0)

    def px(x: float) -> float:
        return PAD + x * SCALE

    def py(y: float) -> float:
        return PAD + (RING - y) * SCALE

    wanted = {part for p in offered for part in p.path}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
           f'height="{height:g}" font-family="sans-serif">',
           '<defs><clipPath id="ring-clip">'
           f'<rect x="{PAD}" y="{PAD}" width="{ring:g}" height="{ring:g}"/></clipPath></defs>',
           f'<rect x="0" y="0" width="{width:g}" height="{height:g}" fill="#222"/>',
           f'<rect class="ring" data-snap="" x="{PAD}" y="{PAD}" width="{ring:g}" height="{ring:g}" fill="#e8e2d0"/>']
    for offset, rope in zip((-4, -9, -14), ("#f1c40f", "#e74c3c", "#f1c40f"), strict=True):  # electrified ropes
        side = ring - 2 * offset
        out.append(f'<rect class="rope" x="{PAD + offset}" y="{PAD + offset}" width="{side:g}" height="{side:g}" '
                   f'fill="none" stroke="{rope}" stroke-width="2" pointer-events="none"/>')
    out.append('<g class="rope-sides">')
    for rope_side, (x, y, w, h) in {"N": (PAD, PAD - 16, ring, 14), "S": (PAD, PAD + ring + 2, ring, 14),
                                    "W": (PAD - 16, PAD, 14, ring), "E": (PAD + ring + 2, PAD, 14, ring)}.items():
        pid = pick_id("rp", rope_side)
        if pid in wanted:
            out.append(f'<rect {pick_attrs(pid, f"the {rope_side} rope", hit=True)} x="{x:g}" y="{y:g}" '
                       f'width="{w:g}" height="{h:g}" fill="#f1c40f" fill-opacity="0.35"/>')
    out.append("</g>")
    for name, (cx, cy) in {"SW": (0, 0), "SE": (RING, 0), "NW": (0, RING), "NE": (RING, RING)}.items():
        tag = ("" if narrow else f'<text x="{px(cx):g}" y="{py(cy) + 4:g}" font-size="9" fill="#fff" '
               f'text-anchor="middle" pointer-events="none">{name}</text>')
        out.append(f'<g {pick_attrs(pick_id("cr", name), f"the {name} corner")}>'
                   f'<circle class="corner hit" cx="{px(cx):g}" cy="{py(cy):g}" r="10" fill="#555"/>{tag}</g>')
    if ranged:  # the move's range, until the wrestler has moved
        mover = models[pend["mover"]]
        out.append(f'<circle class="destinations" cx="{px(mover["x"]):g}" cy="{py(mover["y"]):g}" '
                   f'r="{pend["limit"] * SCALE:g}" fill="#27ae60" fill-opacity="0.12" stroke="#27ae60" '
                   'stroke-dasharray="6 4" clip-path="url(#ring-clip)" pointer-events="none"/>')
    names: list[str] = []  # drawn last, over the dots, and never in the way of a click
    moving = models[pend["mover"]] if "limit" in pend and "mover" in pend else None  # a phone drags it (zoom.js)
    for m in models:
        if not m["in_ring"]:
            continue
        colour = COLOURS[m["player"] % len(COLOURS)]
        x, y, r = px(m["x"]), py(m["y"]), m["base"] / 2 * SCALE
        fx, fy = m["facing"]
        norm = math.hypot(fx, fy) or 1.0
        ux, uy = fx / norm, -fy / norm  # screen y points down
        reach = r + REACH * SCALE
        out.append(f'<circle class="reach" cx="{x:g}" cy="{y:g}" r="{reach:g}" fill="none" stroke="{colour}" '
                   'stroke-opacity="0.5" stroke-dasharray="3 3" clip-path="url(#ring-clip)" pointer-events="none"/>')
        ax, ay = -uy * reach, ux * reach  # front arc: the half-disc ahead of the centre line
        out.append(f'<path class="front-arc" d="M {x + ax:g} {y + ay:g} A {reach:g} {reach:g} 0 0 0 '
                   f'{x - ax:g} {y - ay:g} Z" fill="{colour}" fill-opacity="0.10" clip-path="url(#ring-clip)" '
                   'pointer-events="none"/>')
        label = f"{m['name']} (P{m['player']}), END {m['end']}"
        classes = (" staggered" if m["staggered"] else "") + (" mover" if m is moving else "")
        out.append(f'<g {pick_attrs(pick_id("pl", m["player"]), label)}>'
                   f'<circle class="model hit{classes}" '
                   f'data-name={quoteattr(m["name"])} cx="{x:g}" cy="{y:g}" r="{r:g}" '
                   f'fill="{colour}" stroke="{"#000" if not m["staggered"] else "#f39c12"}" '
                   f'stroke-width="{2 if not m["staggered"] else 4}"/>'
                   f'<line class="facing" x1="{x:g}" y1="{y:g}" x2="{x + ux * (r + 8):g}" y2="{y + uy * (r + 8):g}" '
                   'stroke="#000" stroke-width="3" pointer-events="none"/>'
                   f'<text x="{x:g}" y="{y + (least * 0.36 if narrow else 4):g}" font-size="{max(11, least):g}" '
                   f'font-weight="bold" text-anchor="middle" fill="#fff" '
                   f'pointer-events="none">{LETTERS[m["model"]]}</text></g>')
        if narrow:
            continue
        staggered = " · staggered" if m["staggered"] else ""
        text = f"{m['name']} · END {m['end']}{staggered}"
        half = 3.1 * len(text)  # about half the label's width at 11px
        lx = min(max(x, PAD + half + 2), PAD + ring - half - 2)  # never across the ropes
        ly = y - r - 6 if y - r - 18 > PAD else y + r + 14
        names.append(f'<text x="{lx:g}" y="{ly:g}" font-size="11" text-anchor="middle" fill="#111" '
                     f'stroke="#fff" stroke-width="3" paint-order="stroke" pointer-events="none">'
                     f'{escape(text)}</text>')
    if facings and mover is not None:
        m = models[mover]
        out.extend(_facing_dial(observation, actions, mover, (px(m["x"]), py(m["y"])), m["base"] / 2 * SCALE,
                                (width, height)))
    if found:
        # hundreds of grid points: shown only while they can be picked; the ring snaps a click to one
        out.append('<g class="targets" fill="#1e8449" stroke="#fff" stroke-width="1">')
        for d in found:
            if not d.named:
                out.append(f'<circle {pick_attrs(point_id(d.x, d.y), d.label, only_when_pickable=True, hit=True)} '
                           f'data-snap-point="" cx="{px(d.x):g}" cy="{py(d.y):g}" r="3.5"/>')
        out.append('</g><g class="named-targets" fill="#1e8449" stroke="#fff" stroke-width="1">')
        for d in found:  # the named points over the grid
            if d.named:
                out.append(f'<circle {pick_attrs(named[d.action], d.label, only_when_pickable=True, hit=True)} '
                           f'data-snap-point="" cx="{px(d.x):g}" cy="{py(d.y):g}" r="7" fill="#8e44ad">'
                           f'<title>{escape(d.label)}</title></circle>')
        out.append("</g>")
    out.extend(names)
    gauges, bottom = _panel(observation, size + 6)
    outside = [m["name"] for m in models if not m["in_ring"]]
    # a phone stacks the gauges under the ring (layout.js); data-box: where they are, so the page need not measure
    out.append(f'<g class="side-panel" data-box="{size + 6:g} 0 {PANEL - 6:g} {size if outside else bottom:g}">')
    out.extend(gauges)
    if outside:  # a tag partner on the apron, or a wrestler not yet in: named so no one is missing
        out.append(f'<text class="outside" x="{size + 6:g}" y="{size - 6:g}" font-size="11" fill="#ddd">'
                   f'Outside: {escape(", ".join(outside))}</text>')
    out.append("</g>")
    out.extend(legend)
    for i, line in enumerate(now):
        out.append(f'<text class="prompt" x="6" y="{size + 14 + legend_h + 16 * i:g}" font-size="12" fill="#f4d03f">'
                   f'{escape(line)}</text>')
    out.append("</svg>")
    return "".join(out)
