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


def render_svg(observation: dict[str, Any], actions: Sequence[str] = ()) -> str:
    """Ring, ropes, corner posts, models with facing and front arc, reach circles, move range and,
    on the viewer's move decision, its legal destinations as dots to click (drawn last: on top)."""
    scale = 20.0
    pad = 30.0
    size = RING * scale + 2 * pad
    prompt = observation.get("prompt")
    # what the decision needs (a boost's dice, a counter's AP, a bid's pool): the browser shows this
    # picture instead of the text view, so the picture says it, under the ring
    now = textwrap.wrap(f"Now: {prompt}", 95) if prompt else []
    height = size + 16 * len(now) + (6 if now else 0)

    def px(x: float) -> float:
        return pad + x * scale

    def py(y: float) -> float:
        return pad + (RING - y) * scale

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size:g} {height:g}" width="{size:g}" '
           f'height="{height:g}" font-family="sans-serif">',
           f'<rect x="0" y="0" width="{size:g}" height="{height:g}" fill="#222"/>',
           f'<rect x="{pad}" y="{pad}" width="{RING * scale:g}" height="{RING * scale:g}" fill="#e8e2d0"/>']
    for offset, rope in zip((-4, -9, -14), ("#f1c40f", "#e74c3c", "#f1c40f"), strict=True):  # electrified ropes
        side = RING * scale - 2 * offset
        out.append(f'<rect class="rope" x="{pad + offset}" y="{pad + offset}" width="{side:g}" height="{side:g}" '
                   f'fill="none" stroke="{rope}" stroke-width="2"/>')
    for name, (cx, cy) in {"SW": (0, 0), "SE": (RING, 0), "NW": (0, RING), "NE": (RING, RING)}.items():
        out.append(f'<circle class="corner" cx="{px(cx):g}" cy="{py(cy):g}" r="9" fill="#555"/>'
                   f'<text x="{px(cx):g}" y="{py(cy) + 4:g}" font-size="9" fill="#fff" text-anchor="middle">{name}'
                   '</text>')
    pend = observation.get("pending") or {}
    models = observation["models"]
    if "limit" in pend and "mover" in pend:
        mover = models[pend["mover"]]
        out.append(f'<circle class="destinations" cx="{px(mover["x"]):g}" cy="{py(mover["y"]):g}" '
                   f'r="{pend["limit"] * scale:g}" fill="#27ae60" fill-opacity="0.12" stroke="#27ae60" '
                   'stroke-dasharray="6 4"/>')
    names: list[str] = []  # drawn last, over the dots, and never in the way of a click
    for m in models:
        if not m["in_ring"]:
            continue
        colour = COLOURS[m["player"] % len(COLOURS)]
        x, y, r = px(m["x"]), py(m["y"]), m["base"] / 2 * scale
        fx, fy = m["facing"]
        norm = math.hypot(fx, fy) or 1.0
        ux, uy = fx / norm, -fy / norm  # screen y points down
        reach = r + REACH * scale
        out.append(f'<circle class="reach" cx="{x:g}" cy="{y:g}" r="{reach:g}" fill="none" stroke="{colour}" '
                   'stroke-opacity="0.5" stroke-dasharray="3 3"/>')
        # front arc: the half-disc ahead of the centre line
        ax, ay = -uy * reach, ux * reach
        out.append(f'<path class="front-arc" d="M {x + ax:g} {y + ay:g} A {reach:g} {reach:g} 0 0 0 '
                   f'{x - ax:g} {y - ay:g} Z" fill="{colour}" fill-opacity="0.10"/>')
        out.append(f'<circle class="model" data-name={quoteattr(m["name"])} cx="{x:g}" cy="{y:g}" r="{r:g}" '
                   f'fill="{colour}" stroke="{"#000" if not m["staggered"] else "#f39c12"}" '
                   f'stroke-width="{2 if not m["staggered"] else 4}"/>')
        out.append(f'<line class="facing" x1="{x:g}" y1="{y:g}" x2="{x + ux * (r + 8):g}" y2="{y + uy * (r + 8):g}" '
                   'stroke="#000" stroke-width="3"/>')
        staggered = " · staggered" if m["staggered"] else ""
        names.append(f'<text x="{x:g}" y="{y - r - 6:g}" font-size="11" text-anchor="middle" fill="#111" '
                     f'stroke="#fff" stroke-width="3" paint-order="stroke" pointer-events="none">'
                     f'{escape(m["name"])} · END {m["end"]}{staggered}</text>')
    found = destinations(observation, actions)
    if found:
        # hundreds of grid dots: shared paint on the group and no tooltip each keep the picture small
        out.append('<g class="targets" fill="#1e8449" stroke="#fff" stroke-width="1">')
        for d in found:
            if not d.named:
                out.append(f'<circle class="target" data-action={quoteattr(d.action)} tabindex="0" role="button" '
                           f'aria-label={quoteattr(d.label)} cx="{px(d.x):g}" cy="{py(d.y):g}" r="3.5"/>')
        for d in found:  # the named points over the grid
            if d.named:
                out.append(f'<circle class="target named" data-action={quoteattr(d.action)} tabindex="0" '
                           f'role="button" aria-label={quoteattr(d.label)} cx="{px(d.x):g}" cy="{py(d.y):g}" r="6" '
                           f'fill="#8e44ad"><title>{escape(d.label)}</title></circle>')
        out.append("</g>")
    out.extend(names)
    outside = [m["name"] for m in models if not m["in_ring"]]
    if outside:  # a tag partner on the apron, or a wrestler not yet in: named so no one is missing
        out.append(f'<text class="outside" x="{pad}" y="{size - 6:g}" font-size="11" fill="#ddd">Outside the ring: '
                   f'{escape(", ".join(outside))}</text>')
    for i, line in enumerate(now):
        out.append(f'<text class="prompt" x="6" y="{size + 12 + 16 * i:g}" font-size="12" fill="#f4d03f">'
                   f'{escape(line)}</text>')
    out.append("</svg>")
    return "".join(out)
