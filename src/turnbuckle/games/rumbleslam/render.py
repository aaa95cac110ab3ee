"""The RUMBLESLAM table as an SVG for the browser: the mat a player acts on, and a panel beside it.

``render_svg(observation, actions)`` backs ``RumbleslamGame.render_svg``. It reads the observation
and the names of the viewer's legal actions only (never the state), so it shows nothing the viewer
may not see. The mat carries its square names (columns A-J, rows 1-10 and the turnbuckles, as the
actions name them); each wrestler is a numbered token (a number in a disc, never a letter that could
read as a column), listed in the panel with its name, STA, place and counters, under its team's
Endorsements, Sponsorships and Dosh in the ring.

Every part ``picks.picks`` names is drawn with ``data-pick`` (``engine.picks``): the squares lie
over the tokens but take clicks only while the page lights them (a big wrestler may move onto its
own squares), the ropes and the shove arrows appear only while they can be chosen.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from turnbuckle.engine.events import Event
from turnbuckle.engine.game import NARROW_TEXT, NARROW_WIDTH
from turnbuckle.engine.picks import Pick, Piece, pick_attrs
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.models import CROWD_FACES
from turnbuckle.games.rumbleslam.picks import (
    direction_pick,
    indices,
    picks,
    rope_pick,
    shoved,
    square_pick,
    wrestler_pick,
)

CELL = 40
"""Pixels per square."""
MARGIN = 22
"""Room around the mat for the column letters and row numbers."""
MAT = mat.SIZE * CELL + 2 * MARGIN
PANEL_X = MAT + 12
PANEL_W = 244
WIDTH = PANEL_X + PANEL_W + 4
NARROW_LEFT = 8
"""A narrow picture starts this far left of the mat's margin: room for its larger row numbers."""
NARROW_LEAST = math.ceil(10 * NARROW_TEXT * (PANEL_X - 2 + NARROW_LEFT) / NARROW_WIDTH) / 10
"""The mat's smallest text in a narrow picture: the mat (not the panel, stacked under it on a phone)
takes the phone's width, so this is ``NARROW_TEXT`` at a ``NARROW_WIDTH`` picture."""
COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#9a7d0a")
"""Team colours, by seat."""
INK, MUTED, BACK = "#222", "#5f6368", "#f6f3ea"
ROW_H = 30
DIE_COLOURS = {"C": "#b87333", "S": "#c0c0c0", "G": "#d4af37", "Crowd": "#6c3483"}
DIE_NAMES = {"C": "copper", "S": "silver", "G": "gold", "Crowd": "crowd"}


def _px(cell: int) -> tuple[int, int]:
    """The top-left pixel of a cell."""
    x, y = mat.xy(cell)
    return MARGIN + x * CELL, MARGIN + y * CELL


def _text(x: float, y: float, text: str, size: float = 12, fill: str = INK, weight: str = "normal",
          anchor: str = "start", cls: str = "", least: float = 0) -> str:
    """A label (``least``: the smallest size allowed, a narrow picture's)."""
    klass = f' class="{cls}"' if cls else ""
    return (f'<text{klass} x="{x:g}" y="{y:g}" font-size="{max(size, least):g}" fill="{fill}" font-weight="{weight}" '
            f'text-anchor="{anchor}" pointer-events="none">{escape(text)}</text>')


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _number(index: int) -> str:
    return str(index + 1)


def _where(w: dict[str, Any]) -> str:
    if w["where"] in ("ring", "turnbuckle"):
        return f"on {w['square']}"
    if w["lifted_by"]:
        return f"held by {w['lifted_by']}"
    places = {"lifted": "in the air", "sidelines": "on the sidelines", "out": "out of the match"}
    return places.get(w["where"], str(w["where"]))


def _counters(w: dict[str, Any]) -> list[str]:
    out = ["KO'd"] if w["ko"] else []
    for name, count in w["counters"].items():
        if w["ko"] and name == "Knockdown":
            continue
        out.append(name if count == 1 else f"{name} x{count}")
    return out


def wrestler_label(observation: dict[str, Any], index: int) -> str:
    """What a wrestler's token says to a screen reader (and the title of its menu)."""
    w = observation["wrestlers"][index]
    team = observation["teams"][w["team"]]["name"]
    state = ", ".join([f"STA {w['sta']}/{w['sta_max']}", _where(w), *_counters(w)])
    return f"{_number(index)}. {w['name']} ({team}): {state}"


# -- what each part does (aria-labels) ------------------------------------------------------------
def _action_words(observation: dict[str, Any], name: str) -> str:
    """What choosing one action on its last part does, in words."""
    verb, _, rest = name.partition(" ")
    active = next((w for w in observation["wrestlers"] if w.get("active")), None)
    if verb == "move":
        who, _, square = rest.rpartition(" ")
        return f"move {who} to {square}"
    if verb == "place":
        prompt = observation.get("prompt")
        return f"{prompt}: {rest}" if prompt else f"place on {rest}"
    if verb == "land":
        return f"{active['name'] if active else 'the attacker'} lands on {rest}"
    if verb == "throw":
        load = active["lifting"] if active and active.get("lifting") else "the lifted wrestler"
        cell = mat.parse_square(rest)
        return f"throw {load} out over the ropes at {rest}" if mat.is_rope(cell) else f"throw {load} to {rest}"
    if verb == "corner":
        return f"take the {rest} corner"
    if verb in ("climb", "dismount"):
        return f"{rest} climbs {'up' if verb == 'climb' else 'down'}"
    if name == "smash":
        return "smash the thrown wrestler against the turnbuckle (2 DMG)"
    if verb == "rebound":
        return f"rebound off the {rest} rope"
    if verb == "shove":
        return f"shove {rest}"
    if verb == "bounce" or (verb == "use" and " off " in rest):
        return rest.replace(" off ", " bounces off the ") + " rope"
    return name


def part_labels(observation: dict[str, Any], found: Sequence[Pick]) -> dict[str, str]:
    """Per part that ends some pick's path, what clicking it does (``a or b`` when it ends several)."""
    ending: dict[str, list[str]] = {}
    for p in found:
        if p.path[-1].startswith("w:"):
            continue  # a wrestler keeps its own description; its menu lists the attacks
        words = _action_words(observation, p.action)
        ending.setdefault(p.path[-1], [])
        if words not in ending[p.path[-1]]:
            ending[p.path[-1]].append(words)
    return {part: _short(" or ".join(words), 160) for part, words in ending.items()}


# -- the mat ----------------------------------------------------------------------------------------
def _mat(observation: dict[str, Any], least: float = 0) -> list[str]:
    tint: dict[int, str] = {}
    for p, team in enumerate(observation["teams"]):
        if team.get("corner"):
            for c in mat.corner_squares(mat.parse_square(team["corner"])):
                tint[c] = COLOURS[p % len(COLOURS)]
    parts = [f'<rect x="{MARGIN}" y="{MARGIN}" width="{mat.SIZE * CELL}" height="{mat.SIZE * CELL}" fill="#8b1a1a"/>']
    if least:  # a phone's: the same squares in a few nodes (a rect and two grids), quicker to lay out
        parts += _lean_grid(tint)
    for c in range(mat.CELLS):
        if least and not mat.is_turnbuckle(c):
            continue
        x, y = _px(c)
        if mat.is_floor(c):
            parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#ebe5d3" stroke="#b9b29c" '
                         'stroke-width="0.6"/>')
            if c in tint:
                parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{tint[c]}" '
                             'fill-opacity="0.16"/>')
        elif mat.is_turnbuckle(c):
            parts.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="6" '
                         'fill="#4a4a4a" stroke="#222"/>')
            parts.append(_text(x + CELL / 2, y + CELL / 2 + (6 if least else 4), mat.SQUARE_NAMES[c][3:], 11, "#eee",
                               "bold", "middle", least=least))
        else:
            parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="none" stroke="#6e1414" '
                         'stroke-width="0.6"/>')
    # rope lines along the ring's edge, and the square names the actions use
    ring = MARGIN + CELL
    parts.append(f'<rect x="{ring}" y="{ring}" width="{10 * CELL}" height="{10 * CELL}" fill="none" '
                 'stroke="#f2f2f2" stroke-width="2.5"/>')
    for i, col in enumerate(mat.COLUMNS):
        cx = MARGIN + (i + 1.5) * CELL
        parts.append(_text(cx, MARGIN - (5 if least else 7), col, 13, INK, "bold", "middle", "col", least))
        parts.append(_text(cx, MAT - MARGIN + (18 if least else 16), col, 13, INK, "bold", "middle", "col", least))
    for row in range(1, 11):
        cy = MARGIN + (row + 0.5) * CELL + (6.5 if least else 4.5)
        parts.append(_text(MARGIN - 5, cy, str(row), 13, INK, "bold", "end", "row", least))
        parts.append(_text(MAT - MARGIN + 5, cy, str(row), 13, INK, "bold", "start", "row", least))
    return parts


def _lean_grid(tint: dict[int, str]) -> list[str]:
    """The floor and the apron's squares as ``_mat`` draws them one rect each, in four nodes: the
    floor, its grid, the corners' tints, the apron's grid (the outer edge and the lines between)."""
    ring, end, full = MARGIN + CELL, MARGIN + 11 * CELL, MARGIN + mat.SIZE * CELL
    floor = [f"M{ring + k * CELL} {ring}V{end}M{ring} {ring + k * CELL}H{end}" for k in range(11)]
    apron = [f"M{MARGIN} {MARGIN}H{full}V{full}H{MARGIN}Z"]
    for k in range(1, 12):
        at = MARGIN + k * CELL
        apron += [f"M{at} {MARGIN}v{CELL}M{at} {end}v{CELL}M{MARGIN} {at}h{CELL}M{end} {at}h{CELL}"]
    out = [f'<rect x="{ring}" y="{ring}" width="{10 * CELL}" height="{10 * CELL}" fill="#ebe5d3"/>',
           f'<path d="{"".join(floor)}" fill="none" stroke="#b9b29c" stroke-width="0.6"/>']
    for colour in sorted(set(tint.values())):
        squares = "".join(f"M{_px(c)[0]} {_px(c)[1]}h{CELL}v{CELL}h{-CELL}Z" for c, t in tint.items() if t == colour)
        out.append(f'<path d="{squares}" fill="{colour}" fill-opacity="0.16"/>')
    out.append(f'<path d="{"".join(apron)}" fill="none" stroke="#6e1414" stroke-width="0.6"/>')
    return out


def _token(observation: dict[str, Any], index: int, labels: dict[str, str], least: float = 0) -> list[str]:
    w = observation["wrestlers"][index]
    if w["square"] is None or w["where"] not in ("ring", "turnbuckle"):
        return []
    x, y = _px(mat.parse_square(w["square"]))
    size = w["size"] * CELL
    cx, cy, r = x + size / 2, y + size / 2 - 2, size / 2 - 5
    colour = COLOURS[w["team"] % len(COLOURS)]
    label = labels.get(wrestler_pick(index), wrestler_label(observation, index))
    out = [f'<g {pick_attrs(wrestler_pick(index), label)} opacity="{0.5 if w["ko"] else 1}">'
           f"<title>{escape(label)}</title>"]
    if w.get("active"):  # the wrestler acting now: a white halo
        out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r + 4:g}" fill="#fff" stroke="#222" stroke-width="1"/>')
    dash = ' stroke-dasharray="3 2"' if "Knockdown" in w["counters"] else ""
    out.append(f'<circle class="hit" cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{colour}" stroke="#111" '
               f'stroke-width="1.5"{dash}/>')
    out.append(_text(cx, cy + (7 if size > CELL else 6.5 if least else 5.5), _number(index), 22 if size > CELL else 15,
                     "#fff", "bold", "middle", least=least))
    # STA as a bar under the disc
    bar = size - 12
    left = w["sta"] / w["sta_max"] if w["sta_max"] else 0
    out.append(f'<rect x="{x + 6}" y="{y + size - 6}" width="{bar}" height="4" fill="#fff" stroke="#555" '
               'stroke-width="0.5"/>')
    out.append(f'<rect x="{x + 6}" y="{y + size - 6}" width="{bar * left:g}" height="4" fill="#27ae60"/>')
    badges = [b for b, on in (("KO", w["ko"]), ("KD", "Knockdown" in w["counters"] and not w["ko"])) if on]
    if badges:  # a narrow picture's badge is as large as its text
        bw, bh = (least * 1.5, least + 2) if least else (18, 12)
        out.append(f'<rect x="{x + size - 1 - bw:g}" y="{y + 1}" width="{bw:g}" height="{bh:g}" rx="3" fill="#111"/>')
        out.append(_text(x + size - 1 - bw / 2, y + bh - 1, badges[0], 9, "#fff", "bold", "middle", least=least))
    if "Bleeding" in w["counters"]:
        out.append(f'<circle cx="{x + 6}" cy="{y + 6}" r="4" fill="#e00" stroke="#600"/>')
    out.append("</g>")
    return out


def _load(observation: dict[str, Any], index: int, labels: dict[str, str], least: float = 0) -> list[str]:
    """A wrestler held overhead: a small token over its lifter's corner (click it to throw it)."""
    w = observation["wrestlers"][index]
    lifter = indices(observation).get(w["lifted_by"] or "")
    held = observation["wrestlers"][lifter] if lifter is not None else None
    if held is None or held["square"] is None:
        return []
    x, y = _px(mat.parse_square(held["square"]))
    cx, cy = x + held["size"] * CELL - 6, y + 6
    label = labels.get(wrestler_pick(index), wrestler_label(observation, index))
    return [f'<g {pick_attrs(wrestler_pick(index), label)}><title>{escape(label)}</title>'
            f'<circle class="hit" cx="{cx}" cy="{cy}" r="{14 if least else 12}" '
            f'fill="{COLOURS[w["team"] % len(COLOURS)]}" stroke="#fff" stroke-width="2" stroke-dasharray="3 2"/>'
            + _text(cx, cy + (6.5 if least else 4.5), _number(index), 12, "#fff", "bold", "middle", least=least)
            + "</g>"]


def _squares(observation: dict[str, Any], labels: dict[str, str], big_movers: set[str]) -> list[str]:
    """Every square as a part to pick, over the tokens (they take clicks only while lit)."""
    occupied = {c for w in observation["wrestlers"] if w["square"] and w["where"] in ("ring", "turnbuckle")
                for c in mat.footprint(mat.parse_square(w["square"]), w["size"])}
    out = []
    for c in range(mat.CELLS):
        name = mat.SQUARE_NAMES[c]
        pid = square_pick(name)
        kind = "turnbuckle" if mat.is_turnbuckle(c) else "rope square" if mat.is_rope(c) else "square"
        label = f"{name}: {labels[pid]}" if pid in labels else f"{kind} {name}"
        x, y = _px(c)
        foot = ""
        if name in big_movers and mat.valid_footprint(c, 2):  # where a 2x2 base would stand
            foot = (f'<rect class="foot" x="{x}" y="{y}" width="{2 * CELL}" height="{2 * CELL}" fill="none" '
                    'stroke="#7d6608" stroke-width="2" stroke-dasharray="5 3"/>')
        hit = "hit busy" if c in occupied else "hit"  # lit more faintly: the token stays in its colours
        out.append(f'<g {pick_attrs(pid, label)}><rect class="{hit}" x="{x + 1}" y="{y + 1}" width="{CELL - 2}" '
                   f'height="{CELL - 2}" rx="3" fill="#fff" fill-opacity="0"/>{foot}</g>')
    return out


def _ropes(labels: dict[str, str], least: float = 0) -> list[str]:
    """Each side's rope, shown only while it can be chosen (a bounce, a rebound)."""
    out = []
    arrows = {"N": "\u2193", "S": "\u2191", "W": "\u2192", "E": "\u2190"}  # back into the ring
    for side in mat.ROPES:
        pid = rope_pick(side)
        if side in ("N", "S"):
            x, y, w, h = MARGIN + CELL, MARGIN + (0 if side == "N" else 11 * CELL), 10 * CELL, CELL
        else:
            x, y, w, h = MARGIN + (0 if side == "W" else 11 * CELL), MARGIN + CELL, CELL, 10 * CELL
        label = labels.get(pid, f"the {side} rope")
        glyphs = "".join(_text(x + w / 2 + (dx if w > h else 0), y + h / 2 + 6 + (0 if w > h else dx), arrows[side],
                               18, "#222", "bold", "middle", least=least) for dx in (-120, 0, 120))
        out.append(f'<g {pick_attrs(pid, label, only_when_pickable=True)}><title>{escape(label)}</title>'
                   f'<rect class="hit" x="{x + 2}" y="{y + 2}" width="{w - 4}" height="{h - 4}" rx="6" fill="#f4d03f" '
                   f'fill-opacity="0.75"/>{glyphs}</g>')
    return out


def _arrows(observation: dict[str, Any], labels: dict[str, str]) -> list[str]:
    """Arrows around a wrestler being shoved, one per direction (shown only while it can be chosen)."""
    found = shoved(observation)
    if found is not None:
        index, anchor = found
        size = observation["wrestlers"][index]["size"]
        x, y = _px(anchor)
        cx, cy, reach = x + size * CELL / 2, y + size * CELL / 2, size * CELL / 2 + CELL / 2
    else:  # the prompt named no one we know: a compass in the middle of the ring
        cx = cy = MARGIN + 6 * CELL
        reach = CELL
    out = []
    for name, (dx, dy) in mat.DIRECTIONS.items():
        pid = direction_pick(name)
        ax, ay = cx + dx * reach, cy + dy * reach
        label = labels.get(pid, f"shove {name}")
        # a triangle pointing along (dx, dy): tip ahead, base behind
        length = (dx * dx + dy * dy) ** 0.5
        ux, uy = dx / length, dy / length
        tip = (ax + ux * 10, ay + uy * 10)
        b1 = (ax - ux * 7 - uy * 8, ay - uy * 7 + ux * 8)
        b2 = (ax - ux * 7 + uy * 8, ay - uy * 7 - ux * 8)
        points = " ".join(f"{px:.1f},{py:.1f}" for px, py in (tip, b1, b2))
        out.append(f'<g {pick_attrs(pid, label, only_when_pickable=True)}><title>{escape(label)}</title>'
                   f'<circle class="hit" cx="{ax:g}" cy="{ay:g}" r="15" fill="#fff" fill-opacity="0.9" '
                   f'stroke="#7d6608"/><polygon points="{points}" fill="#b03a2e" pointer-events="none"/></g>')
    return out


# -- the panel -----------------------------------------------------------------------------------
def _dosh_in_ring(observation: dict[str, Any], team: int) -> float:
    """rumbleslam ROUNDS: what the team would count now (KO'd wrestlers half, the sidelines nothing)."""
    total = 0.0
    for w in observation["wrestlers"]:
        if w["team"] == team and w["where"] in ("ring", "turnbuckle", "lifted"):
            total += w["dosh"] / 2 if w["ko"] else w["dosh"]
    return total


def _panel(observation: dict[str, Any], labels: dict[str, str]) -> tuple[list[str], float]:
    x0 = PANEL_X
    when = f"Round {observation['round']} of {observation['rounds']}" if observation["round"] else "Setting up"
    out = [_text(x0, 22, when, 16, INK, "bold", cls="round")]
    out.append(_text(x0, 40, _short(f"Initiative card: {observation['initiative_card']}", 40), 11.5, MUTED))
    y = 50.0
    active = next((i for i, w in enumerate(observation["wrestlers"]) if w.get("active")), None)
    if active is not None:
        w = observation["wrestlers"][active]
        out.append(f'<rect x="{x0}" y="{y}" width="{PANEL_W}" height="26" rx="5" fill="#fff4c2" stroke="#d4ac0d"/>')
        out.append(_text(x0 + 8, y + 18, _short(f"{_number(active)}. {w['name']}", 24), 13, INK, "bold"))
        out.append(_text(x0 + PANEL_W - 8, y + 18, f"AP {w['ap']}  MP {w['mp']}", 13, INK, "bold", "end",
                         cls="apmp"))
        y += 32
    for p, team in enumerate(observation["teams"]):
        colour = COLOURS[p % len(COLOURS)]
        members = [i for i, w in enumerate(observation["wrestlers"]) if w["team"] == p]
        y += 6
        out.append(f'<rect x="{x0}" y="{y}" width="5" height="{36 + ROW_H * len(members)}" fill="{colour}"/>')
        out.append(_text(x0 + 10, y + 13, _short(team["name"], 30), 13.5, colour, "bold", cls="team"))
        out.append(_text(x0 + PANEL_W - 6, y + 28, f"Dosh {_dosh_in_ring(observation, p):g}K", 11.5, INK, "bold",
                         "end", cls="dosh"))
        corner = f"corner {team['corner'][3:]} \u00b7 " if team.get("corner") else ""
        endorse = f"{team['endorsements']} Endorsement{'' if team['endorsements'] == 1 else 's'}"
        out.append(_text(x0 + 10, y + 28, _short(f"{corner}{endorse}", 28), 11, MUTED, cls="purse"))
        y += 34
        if team.get("sponsorships"):
            out.append(_text(x0 + 10, y + 7, _short("Sponsors: " + ", ".join(team["sponsorships"]), 42), 10.5, MUTED))
            y += 12
        for i in members:
            out.extend(_legend_row(observation, i, x0 + 8, y, labels))
            y += ROW_H
    return out, y


def _legend_row(observation: dict[str, Any], index: int, x: float, y: float, labels: dict[str, str]) -> list[str]:
    w = observation["wrestlers"][index]
    colour = COLOURS[w["team"] % len(COLOURS)]
    label = labels.get(wrestler_pick(index), wrestler_label(observation, index))
    line = [_where(w), *_counters(w)]
    if w.get("active"):
        line.append(f"AP {w['ap']} MP {w['mp']}")
    elif w.get("activated"):
        line.append("done this round")
    faded = w["where"] == "out"
    return [
        f'<g {pick_attrs(wrestler_pick(index), label)} opacity="{0.55 if faded else 1}">'
        f"<title>{escape(label)}</title>"
        f'<rect class="hit" x="{x - 3}" y="{y + 1}" width="{PANEL_W - 7}" height="{ROW_H - 2}" rx="4" fill="#fff" '
        f'fill-opacity="{0.9 if w.get("active") else 0}"/>'
        f'<circle cx="{x + 9}" cy="{y + 12}" r="9.5" fill="{colour}" stroke="#111"/>'
        + _text(x + 9, y + 16, _number(index), 11, "#fff", "bold", "middle")
        + _text(x + 24, y + 14, _short(w["name"], 22), 12.5, INK, "bold" if w.get("active") else "normal",
                cls="name")
        + _text(x + PANEL_W - 14, y + 14, f"STA {w['sta']}/{w['sta_max']}", 11.5, INK, "normal", "end", cls="sta")
        + _text(x + 24, y + 26, _short(" \u00b7 ".join(line), 40), 10.5, MUTED, cls="state")
        + "</g>"
    ]


def render_svg(observation: dict[str, Any], actions: Sequence[str] = (), narrow: bool = False) -> str:
    """The mat with every wrestler and part to pick, the panel, and the decision's prompt below
    (``narrow``: the mat's labels as large as a phone reads them, ``NARROW_LEAST``)."""
    least = NARROW_LEAST if narrow else 0
    left = NARROW_LEFT if narrow else 0
    found = picks(observation, actions)
    labels = part_labels(observation, found)
    big = {w["name"] for w in observation["wrestlers"] if w["size"] == 2}
    big_movers = {p.path[-1][3:] for p in found if p.action.startswith("move ")
                  and p.action[5:].rpartition(" ")[0] in big}
    panel, panel_bottom = _panel(observation, labels)
    prompt = observation.get("prompt")
    lines = textwrap.wrap(f"Now: {prompt}", 110) if prompt else []
    if observation.get("over"):
        lines.append(f"Match over: {observation.get('result')}")
    top = max(MAT, panel_bottom) + 6
    height = int(top + 18 * len(lines) + 8)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="rs-mat" width="{WIDTH + left}" height="{height}" '
             f'viewBox="{-left} 0 {WIDTH + left} {height}" font-family="sans-serif">',
             f'<rect x="{-left}" y="0" width="{WIDTH + left}" height="{height}" fill="{BACK}"/>']
    parts.extend(_mat(observation, least))
    for i in range(len(observation["wrestlers"])):
        parts.extend(_token(observation, i, labels, least))
    parts.extend(_squares(observation, labels, big_movers))
    for i, w in enumerate(observation["wrestlers"]):
        if w["where"] == "lifted":
            parts.extend(_load(observation, i, labels, least))
    parts.extend(_ropes(labels, least))
    parts.extend(_arrows(observation, labels))
    # a phone stacks the panel under the mat (layout.js); data-box: where it is, so the page need not measure it
    parts.extend([f'<g class="side-panel" data-box="{PANEL_X} 0 {PANEL_W} {panel_bottom:g}">', *panel, "</g>"])
    for i, line in enumerate(lines):
        over = observation.get("over") and i == len(lines) - 1
        parts.append(_text(8, top + 14 + 18 * i, line, 13, "#7d4e00" if over else INK, "bold" if over else "normal",
                           cls="result" if over else "prompt"))
    parts.append("</svg>")
    return "".join(parts)


# -- the move log's dice ----------------------------------------------------------------------------
def event_pieces(event: Event) -> list[Piece]:
    """rumbleslam DICE: a roll's Copper, Silver, Gold and Crowd dice, each in its own colour; an
    Endorsement's re-roll shows the face it threw away."""
    if event.kind == "roll":
        return [_die(text) for text in event.data.get("dice", []) if "=" in str(text)]
    if event.kind == "endorsement" and event.data.get("die") in DIE_NAMES:
        kind, was = str(event.data["die"]), event.data.get("was")
        face = was if isinstance(was, int | str) else "?"
        if kind == "Crowd" and isinstance(was, int) and 0 <= was < len(CROWD_FACES):
            face = CROWD_FACES[was]
        return [{**_die(f"{kind}={face}"), "kept": False}]
    return []


def _die(text: str) -> Piece:
    kind, _, face = str(text).partition("=")
    value: int | str = int(face) if face.lstrip("-").isdigit() else face
    return {"kind": "die", "value": value, "faces": DIE_NAMES.get(kind, kind.lower()),
            "colour": DIE_COLOURS.get(kind, "#ffffff")}
