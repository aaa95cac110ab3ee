"""The Powerhouses table as an SVG picture for the browser: both sheets, dice counts, the throw.

``render_svg(game, observation)`` backs ``PowerhousesGame.render_svg``. It reads the observation
(every field public) plus the wrestlers' sheets from the game.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Any

from turnbuckle.engine.events import Event
from turnbuckle.engine.game import NARROW_TEXT, NARROW_WIDTH
from turnbuckle.engine.picks import Piece, pick_attrs, pick_id

if TYPE_CHECKING:
    from turnbuckle.games.powerhouses.rules import PowerhousesGame

WIDTH = 760
HEIGHT = 470
HISTORY_ROWS = 5
MAIN_BOX = f"{WIDTH / 2 - 175:g} 0 350 {HEIGHT}"
NARROW_LEAST = math.ceil(10 * NARROW_TEXT * 350 / NARROW_WIDTH) / 10
"""The throw's smallest text in a narrow picture (its 350-unit main box takes a phone's width)."""
"""The throw between the sheets (x y width height): what a phone shows first, the sheets under it."""
"""Earlier throws of the roll under way shown on the table (the newest ones)."""
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)),
}


def die_face(x: float, y: float, size: float, face: int, fill: str = "#fff", label: str = "") -> str:
    """One die showing ``face`` (pips), top-left at (x, y)."""
    title = f"<title>{escape(label or f'die showing {face}')}</title>"
    parts = [f'<g class="die">{title}<rect x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" rx="{size / 6:.1f}" '
             f'fill="{fill}" stroke="#222" stroke-width="1.5"/>']
    for px, py in PIPS.get(face, ()):
        parts.append(f'<circle cx="{x + px * size:.1f}" cy="{y + py * size:.1f}" r="{size / 11:.1f}" fill="#222"/>')
    parts.append("</g>")
    return "".join(parts)


def _text(x: float, y: float, text: str, size: float = 14, weight: str = "normal", anchor: str = "start",
          fill: str = "#1d1d1f", least: float = 0) -> str:
    """A line of text (``least``: the smallest size allowed, a narrow picture's)."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{max(size, least):g}" font-weight="{weight}" '
            f'text-anchor="{anchor}" fill="{fill}">{escape(text)}</text>')


def _sheet(game: PowerhousesGame, obs: dict[str, Any], player: int, x: float) -> list[str]:
    sheet = game.sheets[player]
    dice = obs["dice"][player]
    rolling = obs.get("roller") == player and obs.get("winner") is None
    attacker = obs.get("attacker")
    role = ""
    if obs.get("phase") in ("attack", "defense", "come-back") and attacker in (0, 1):
        role = "attacking" if attacker == player else "defending"
    # a phone stacks the sheets under the throw (static/layout.js); data-box: where the sheet is
    out = [f'<g class="sheet side-panel" data-box="{x} 12 230 300" aria-label="{escape(sheet.name)}">',
           f'<rect x="{x}" y="12" width="230" height="300" rx="10" fill="{"#fff7e6" if rolling else "#fff"}" '
           f'stroke="{"#b3261e" if rolling else "#999"}" stroke-width="{3 if rolling else 1.5}"/>',
           _text(x + 115, 38, sheet.name, 15, "bold", "middle"),
           _text(x + 115, 58, f"{dice} {'die' if dice == 1 else 'dice'}" + (f" - {role}" if role else ""), 13,
                 anchor="middle", fill="#5f6368")]
    for i in range(dice):  # the dice count, as dice
        out.append(die_face(x + 12 + (i % 8) * 26, 68 + (i // 8) * 26, 22, 6, "#f4d35e", f"{sheet.name}: die {i + 1}"))
    pursued = obs.get("ability") if rolling else None
    for face in range(1, 7):
        line = sheet.sheet_lines()[face - 1]
        y = 122 + (face - 1) * 28
        hot = pursued is not None and (line == pursued or line == "Fan Support")
        if hot:
            out.append(f'<rect x="{x + 6}" y="{y - 2}" width="218" height="26" rx="5" fill="#e3f1e4"/>')
        choosable = rolling and line in (obs.get("tied_abilities") or [])
        if choosable:  # a tie between abilities: the roller picks one on the sheet
            out.append(f'<g {pick_attrs(pick_id("ab", line), f"Pursue {line}")}>'
                       f'<rect class="hit" x="{x + 6}" y="{y - 2}" width="218" height="26" rx="5" fill="#fff" '
                       f'fill-opacity="0.01" stroke="none"/>')
        out.append(die_face(x + 12, y, 22, face, label=f"face {face}"))
        out.append(_text(x + 44, y + 17, line, 14, "bold" if hot else "normal"))
        if choosable:
            out.append("</g>")
    specialty = f"specialty {sheet.specialty.value}, weakness {sheet.weakness.value}"
    out.append(_text(x + 115, 302, specialty, 11, anchor="middle", fill="#5f6368"))
    out.append("</g>")
    return out


def matches_pursued(game: PowerhousesGame, roller: int, ability: str | None, face: int) -> bool:
    """Whether ``face`` is set aside for the ability pursued (Fan Support, a 6, always is)."""
    if ability is None:
        return False
    shown = game.sheets[roller].face_ability(face)
    return shown is None or shown.value == ability


def _roll_so_far(game: PowerhousesGame, obs: dict[str, Any], cx: float, least: float = 0) -> list[str]:
    """The dice set aside so far and the roll's earlier throws, matched dice in green."""
    roller = obs.get("roller")
    throws = [list(t) for t in obs.get("turn_throws") or []]
    if roller not in (0, 1) or not throws or obs.get("winner") is not None:
        return []
    ability = obs.get("ability")
    size = 18
    out = [_text(cx, 214, "set aside", 12, anchor="middle", fill="#5f6368", least=least)]
    aside = [f for t in throws for f in t if matches_pursued(game, roller, ability, f)][:12]
    left = cx - len(aside) * (size + 3) / 2
    for i, face in enumerate(aside):
        out.append(die_face(left + i * (size + 3), 220, size, face, "#d5f0d8", f"set aside: {face}"))
    landed = list((obs.get("throw") or {}).get("landed") or [])
    earlier = throws[:-1] if throws and throws[-1] == landed else throws  # the big dice show the latest
    if not earlier:
        return out
    shown = earlier[-HISTORY_ROWS:]
    out.append(_text(cx, 262, "earlier throws of this roll", 12, anchor="middle", fill="#5f6368", least=least))
    for row, faces in enumerate(shown):
        number = len(earlier) - len(shown) + row + 1
        y = 270 + row * (size + 6)
        out.append(_text(cx - 112, y + 13, f"{number}.", 11, anchor="end", fill="#5f6368", least=least))
        for i, face in enumerate(faces[:10]):
            kept = matches_pursued(game, roller, ability, face)
            label = f"throw {number}: {face}" + (" (set aside)" if kept else "")
            out.append(die_face(cx - 108 + i * (size + 3), y, size, face, "#d5f0d8" if kept else "#fff", label))
    return out


def render_svg(game: PowerhousesGame, obs: dict[str, Any], narrow: bool = False) -> str:
    """Both wrestlers' sheets with their dice, and the throw in the middle (``narrow``: a phone's, where
    the throw alone takes the width, its sheets stacked under it: its small print at ``NARROW_LEAST``)."""
    least = NARROW_LEAST if narrow else 0
    wrestlers = obs.get("wrestlers") or [s.name for s in game.sheets]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'aria-label="{escape(" vs ".join(wrestlers))}" data-main-box="{MAIN_BOX}" '
           'font-family="system-ui, sans-serif">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fbfaf7"/>']
    out += _sheet(game, obs, 0, 12)
    out += _sheet(game, obs, 1, WIDTH - 242)
    cx = WIDTH / 2
    phase = str(obs.get("phase", ""))
    out.append(_text(cx, 38, phase.upper(), 16, "bold", "middle"))
    roller = obs.get("roller")
    if obs.get("winner") is None and roller in (0, 1):
        out.append(_text(cx, 60, f"{game.sheets[roller].name} rolls", 13, anchor="middle"))
    ability = obs.get("ability")
    if ability:
        out.append(_text(cx, 82, f"pursuing {ability}", 13, "bold", "middle", "#0b6b2e"))
    throw = obs.get("throw") or {}
    landed = list(throw.get("landed") or [])
    size = int(throw.get("size") or 0)
    for i in range(max(size, len(landed))):
        x = cx - 120 + (i % 5) * 48
        y = 100 + (i // 5) * 48
        if i < len(landed):
            out.append(die_face(x, y, 40, int(landed[i]), label=f"rolled {landed[i]}"))
        else:
            out.append(f'<rect x="{x}" y="{y}" width="40" height="40" rx="7" fill="none" stroke="#bbb" '
                       f'stroke-dasharray="4 3"><title>die still to land</title></rect>')
    out += _roll_so_far(game, obs, cx, least)
    rows = [f"matched: {obs.get('matches', 0)}", f"unmatched dice: {obs.get('unmatched_dice', 0)}"]
    totals = obs.get("takedown_totals") or []
    if phase == "take-down" and any(t is not None for t in totals):
        rows.append("take-down: " + " - ".join("?" if t is None else str(t) for t in totals))
    if obs.get("attack_total") is not None:
        rows.append(f"attack total to beat: {obs['attack_total']}")
    tied = obs.get("tied_abilities") or []
    if tied:
        rows.append("tie: choose " + " or ".join(tied))
    for i, row in enumerate(rows):
        out.append(_text(cx, 410 + i * 20, row, 13, anchor="middle"))
    winner = obs.get("winner")
    if winner in (0, 1):
        out.append(f'<rect x="{cx - 170}" y="328" width="340" height="56" rx="10" fill="#fdf0c4" stroke="#b8860b"/>')
        out.append(_text(cx, 362, f"{game.sheets[winner].name} wins!", 18, "bold", "middle"))
    out.append("</svg>")
    return "".join(out)


def event_pieces(game: PowerhousesGame, event: Event) -> list[Piece]:
    """A throw's dice for the move log: the ones set aside for the ability pursued stay bright."""
    if event.kind != "throw":
        return []
    player = int(event.data["player"])
    ability = event.data.get("ability")
    owner = game.sheets[player].name
    return [{"kind": "die", "faces": "d6", "value": int(face), "owner": owner,
             "kept": ability is None or matches_pursued(game, player, ability, int(face))}
            for face in event.data["faces"]]
