"""The RUMBLESLAM mat as an SVG for the browser, with the legal squares as targets to click.

``render_svg(observation, actions)`` backs ``RumbleslamGame.render_svg``. It reads the observation
and the names of the viewer's legal actions only (never the state), so it shows nothing the viewer
may not see. The actions that name a square (``move <wrestler> <square>``, ``place <square>``,
``land <square>``, ``throw <square>`` and ``corner <NW|NE|SW|SE>``, a turnbuckle) become targets:
one per action, never one per square, so every such move can be clicked. When several actions name
the same square (a lifter may move to a square or throw onto it) the square is split into side by
side strips, one per action, each lettered with its verb. ``shove <direction>`` and ``rebound
<rope>`` name a direction or a rope side, not a square, and stay buttons.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple
from xml.sax.saxutils import escape, quoteattr

from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.narrate import _letters

CELL = 40
"""Pixels per square."""
COLOURS = ("#c0392b", "#2471a3", "#229954", "#b7950b")
_CELL_OF: dict[str, int] = {n: c for c, n in enumerate(mat.SQUARE_NAMES)}
_CORNER_CELLS: dict[str, int] = dict(zip(mat.CORNER_NAMES, mat.TURNBUCKLES, strict=True))
_ON_FLOOR = ("move", "place", "land")
"""Verbs whose square is always a floor square (``throw`` may name a rope or a turnbuckle)."""


class Target(NamedTuple):
    """A legal action that names a square: its exact name, its verb, the wrestler it names, the cell."""

    action: str
    verb: str
    wrestler: str | None
    cell: int


def square_target(name: str) -> Target | None:
    """The square a legal action's name points at, or ``None`` for an action that names no square."""
    verb, _, rest = name.partition(" ")
    wrestler: str | None = None
    if verb == "corner":
        cell = _CORNER_CELLS.get(rest)
        return None if cell is None else Target(name, verb, None, cell)
    if verb == "move":
        wrestler, _, rest = rest.rpartition(" ")  # a label may hold spaces; the square never does
        if not wrestler:
            return None
    elif verb not in ("place", "land", "throw"):
        return None
    cell = _CELL_OF.get(rest)
    if cell is None or (verb in _ON_FLOOR and not mat.is_floor(cell)):
        return None
    return Target(name, verb, wrestler, cell)


def square_targets(actions: Iterable[str]) -> list[Target]:
    """Every legal action that names a square, in the order given."""
    return [t for t in map(square_target, actions) if t is not None]


def _wrestler(observation: dict[str, Any], name: str | None) -> dict[str, Any] | None:
    return next((w for w in observation["wrestlers"] if w["name"] == name), None)


def describe_target(observation: dict[str, Any], target: Target) -> str:
    """What clicking the target does, in words (its ``aria-label`` and tooltip)."""
    square = mat.SQUARE_NAMES[target.cell]
    active = next((w for w in observation["wrestlers"] if w.get("active")), None)
    if target.verb == "move":
        w = _wrestler(observation, target.wrestler)
        big = " (the north-west square of its 2x2 base)" if w is not None and w["size"] == 2 else ""
        return f"Move {target.wrestler} to {square}{big}"
    if target.verb == "place":
        prompt = observation.get("prompt")
        return f"{prompt[:1].upper()}{prompt[1:]}: {square}" if prompt else f"Place on {square}"
    if target.verb == "land":
        who = active["name"] if active else "the attacker"
        return f"Turnbuckle Attack: {who} lands on {square}"
    if target.verb == "throw":
        thrown = active["lifting"] if active and active.get("lifting") else "the lifted wrestler"
        if mat.is_rope(target.cell):
            return f"Throw {thrown} out of the ring over the ropes at {square}"
        return f"Throw {thrown} to {square}"
    return f"Take the {target.action.split(' ', 1)[1]} corner ({square})"


def _targets_svg(observation: dict[str, Any], targets: Sequence[Target]) -> list[str]:
    by_cell: dict[int, list[Target]] = {}
    for t in targets:
        by_cell.setdefault(t.cell, []).append(t)
    sizes = {w["name"]: w["size"] for w in observation["wrestlers"]}
    parts: list[str] = []
    for cell, here in by_cell.items():
        x, y = mat.xy(cell)
        width = CELL / len(here)
        for k, t in enumerate(here):
            left = x * CELL + k * width
            label = describe_target(observation, t)
            shape = ""
            if t.verb == "move" and sizes.get(t.wrestler) == 2:  # where the whole base would stand
                shape = (f'<rect class="footprint" x="{x * CELL}" y="{y * CELL}" width="{2 * CELL}" '
                         f'height="{2 * CELL}" fill="none" stroke="#7d6608" stroke-dasharray="4 3" '
                         'pointer-events="none"/>')
            letter = ""
            if len(here) > 1:  # which strip is which
                letter = (f'<text x="{left + width / 2:g}" y="{y * CELL + 25}" text-anchor="middle" font-size="12" '
                          f'fill="#4d3d00" pointer-events="none">{t.verb[0].upper()}</text>')
            parts.append(
                f'<g class="target" data-action={quoteattr(t.action)} tabindex="0" role="button" '
                f'aria-label={quoteattr(label)}><title>{escape(label)}</title>{shape}'
                f'<rect x="{left + 2:g}" y="{y * CELL + 2}" width="{width - 4:g}" height="{CELL - 4}" rx="4" '
                f'fill="#f4d03f" fill-opacity="0.45" stroke="#7d6608" stroke-width="1.5"/>{letter}</g>')
    return parts


def render_svg(observation: dict[str, Any], actions: Sequence[str] = ()) -> str:
    """The mat with every wrestler in the ring, a list of all of them, and (on the viewer's turn)
    the squares their legal actions name as targets, drawn over the wrestlers so an occupied square
    (a throw into someone) can still be clicked."""
    width = mat.SIZE * CELL
    rows = len(observation["wrestlers"])
    prompt = observation.get("prompt")
    # the decision's facts (the dice a re-roll would change, what a defence is against, ...): the
    # browser shows the picture instead of the text view, so the picture says them
    now = textwrap.wrap(f"Now: {prompt}", 72) if prompt else []
    height = width + 20 + 18 * rows + 17 * len(now)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="#222"/>']
    for c in range(mat.CELLS):
        x, y = mat.xy(c)
        if mat.is_floor(c):
            fill = "#e8e2d0"
        elif mat.is_turnbuckle(c):
            fill = "#555"
        else:
            fill = "#8b1a1a"
        parts.append(f'<rect x="{x * CELL}" y="{y * CELL}" width="{CELL}" height="{CELL}" fill="{fill}" '
                     f'stroke="#999" stroke-width="0.5"/>')
    letters = _letters(observation)
    for w in observation["wrestlers"]:
        if w["square"] is None or w["where"] not in ("ring", "turnbuckle"):
            continue
        anchor = mat.parse_square(w["square"])
        x, y = mat.xy(anchor)
        size = w["size"] * CELL
        colour = COLOURS[w["team"] % len(COLOURS)]
        name = escape(w["name"])
        opacity = "0.5" if w["ko"] else "1"
        parts.append(f'<g class="wrestler" opacity="{opacity}"><title>{name}</title>'
                     f'<circle cx="{x * CELL + size / 2}" cy="{y * CELL + size / 2}" r="{size / 2 - 3}" '
                     f'fill="{colour}" stroke="#000"/>'
                     f'<text x="{x * CELL + size / 2}" y="{y * CELL + size / 2 + 5}" text-anchor="middle" '
                     f'font-size="14" fill="#fff">{letters[w["name"]]}</text></g>')
    parts.extend(_targets_svg(observation, square_targets(actions)))
    y0 = width + 16
    for i, w in enumerate(observation["wrestlers"]):
        where = w["square"] if w["where"] in ("ring", "turnbuckle") else w["where"]
        parts.append(f'<text x="6" y="{y0 + 18 * i}" font-size="13" fill="{COLOURS[w["team"] % 4]}">'
                     f'{letters[w["name"]]}: {escape(w["name"])} STA {w["sta"]}/{w["sta_max"]} ({escape(str(where))})'
                     f'</text>')
    y1 = y0 + 18 * rows
    for i, line in enumerate(now):
        parts.append(f'<text class="prompt" x="6" y="{y1 + 17 * i}" font-size="13" fill="#f4d03f">'
                     f'{escape(line)}</text>')
    parts.append("</svg>")
    return "".join(parts)
