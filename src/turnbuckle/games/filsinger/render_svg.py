"""The Filsinger table as an SVG picture for the browser: the two cards in the ring side by side,
the LEVEL, fatigue tokens, allies, distraction and interference, the partners on the apron, a
Choice Situation's two moves and the pin count. The LEVEL boxes, the move cards and the partners
are parts to pick (``table.picks``).

``render_svg(game, observation)`` backs ``FilsingerGame.render_svg``; it reads the observation plus
the cards' printed ratings from the game. ``narrow`` (a phone) stacks the same parts in one column:
the LEVEL ladder as a row on top, the move to pick (or the pin, or the result) under it, then each
card with its apron, every text at least ``NARROW_TEXT``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from turnbuckle.engine.game import NARROW_TEXT, NARROW_WIDTH
from turnbuckle.engine.picks import pick_attrs, pick_id
from turnbuckle.games.filsinger.table import card_named, on

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.rules import FilsingerGame

WIDTH = 760
HEIGHT = 480
CARD_H = 330
LEVELS = 3
NARROW_CARD_W = NARROW_WIDTH - 12
NARROW_CARD_H = 216
"""A narrow card's height without its side-rule lines (19 units each)."""


def _text(x: float, y: float, text: str, size: float = 13, weight: str = "normal", anchor: str = "start",
          fill: str = "#1d1d1f", least: float = 0) -> str:
    """A line of text (``least``: the smallest size allowed, a narrow picture's)."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{max(size, least):g}" font-weight="{weight}" '
            f'text-anchor="{anchor}" fill="{fill}">{escape(text)}</text>')


def _card(game: FilsingerGame, obs: dict[str, Any], side: int, x: float, top: float = 14,
          narrow: bool = False) -> list[str]:
    """One card: its name, who it is, its ratings, fatigue and side rules (``narrow``: a phone's
    card, as wide as the picture, its name and side on one line, its rows closer)."""
    names: list[str] = obs.get("in_ring") or ["?", "?"]
    name = names[side]
    card = card_named(game, name)
    attacking = obs.get("attacker") == side
    extras = _extras(game, obs, side, card)
    least = NARROW_TEXT if narrow else 0
    width = NARROW_CARD_W if narrow else 250
    height = NARROW_CARD_H + 19 * len(extras) if narrow else CARD_H
    who = ((obs.get("sides") or ["", ""])[side] if len(game.teams[side]) > 1 else
           ("on offense" if attacking else "on defense"))
    out = [f'<g class="card"><rect x="{x}" y="{top}" width="{width}" height="{height}" rx="12" '
           f'fill="#fff" stroke="{"#b3261e" if attacking else "#999"}" stroke-width="{3 if attacking else 1.5}"/>']
    if narrow:
        out += [_text(x + 14, top + 26, name, 16, "bold"), _text(x + 14, top + 46, who, 13, fill="#5f6368")]
        row_top, row_step, right = top + 72, 22, x + width - 14
    else:
        out += [_text(x + 125, top + 28, name, 16, "bold", "middle"),
                _text(x + 125, top + 48, who, 12, anchor="middle", fill="#5f6368")]
        row_top, row_step, right = top + 78, 26, x + 236
    pin = (obs.get("pin_ratings") or [None, None])[side]
    rows: list[tuple[str, str]] = [("PIN rating", f"{pin}" if pin is not None else "-")]
    if card is not None:
        r = card.ratings
        rows += [("Ropes / Turnbuckle", f"{r.ropes} / {r.turnbuckle}"),
                 ("Ring / Deathjump", f"{r.ring} / {r.deathjump}"),
                 ("Disqualification", str(r.disqualification)), ("Agility / Power", f"{r.agility} / {r.power}")]
    for i, (label, value) in enumerate(rows):
        y = row_top + i * row_step
        out.append(_text(x + 14, y, label, 13))
        out.append(_text(right, y, value, 13, "bold", "end"))
    fatigue = int((obs.get("tokens") or {}).get(name, 0))
    y = row_top + 5 * row_step + (10 if narrow else 14)
    out.append(_text(x + 14, y, "Fatigue", 13))
    for i in range(fatigue):
        out.append(f'<circle cx="{x + 80 + i * 18}" cy="{y - 4}" r="7" fill="#b8860b">'
                   "<title>fatigue token</title></circle>")
    if not fatigue:
        out.append(_text(x + 80, y, "none", 12, fill="#5f6368", least=least))
    y += 24
    for line, live in extras:
        out.append(_text(x + 14, y, line, 12, fill="#1d1d1f" if live else "#8a8a8a", least=least))
        y += 19 if narrow else 20
    out.append("</g>")
    return out


def _extras(game: FilsingerGame, obs: dict[str, Any], side: int, card: Any) -> list[tuple[str, bool]]:
    """The card's side rules in play: pin saves, the ringside ally, distraction and interference
    (used or still there), injuries."""
    opts = game.opts
    lines: list[tuple[str, bool]] = []
    if game.size > 1 and opts.pin_saves:
        saves = (obs.get("pin_saves_left") or [0, 0])[side]
        lines.append((f"pin saves left: {saves}", saves > 0))
    if opts.ringside_ally and game.size == 1:
        ally = card.allies[0] if card is not None and card.allies else None
        at = (obs.get("ally_ringside") or [False, False])[side]
        lines.append((f"ally at ringside: {ally}" if at and ally else f"ally: {ally or 'none'} (not at ringside)",
                      bool(at)))
    if opts.distractor:
        used = (obs.get("distraction_used") or [False, False])[side]
        works = f", works {on(game.distractor_rating(card))}" if card is not None else ""
        lines.append((f"distraction: {'used' if used else f'ready{works}'}", not used))
    if opts.interference:
        used = (obs.get("interference_used") or [False, False])[side]
        lines.append((f"interference: {'used' if used else 'ready'}", not used))
    hurt = [i for i in obs.get("injuries") or [] if isinstance(i, dict) and i.get("wrestler") in
            {game.cards[j].name for j in game.teams[side]}]
    for injury in hurt[:2]:
        lines.append((f"injured: {injury.get('wrestler')}", True))
    return lines[:4]


def _apron(game: FilsingerGame, obs: dict[str, Any], side: int, x: float, top: float = 352,
           narrow: bool = False) -> list[str]:
    """The partners waiting on the apron (tag matches): a click tags one in when that is a choice."""
    if game.size == 1:
        return []
    in_ring = (obs.get("in_ring") or ["", ""])[side]
    partners = [game.cards[i].name for i in game.teams[side] if game.cards[i].name != in_ring]
    least = NARROW_TEXT if narrow else 0
    out = [_text(x, top + 14, "on the apron", 11, fill="#5f6368", least=least)]
    px = x + (92 if narrow else 78)
    room = NARROW_CARD_W if narrow else 250
    tall = 30 if narrow else 22
    for name in partners:
        width = min(170.0, 18 + (8 if narrow else 7.4) * len(name))
        if px + width > x + room:
            break
        out.append(f'<g {pick_attrs(pick_id("pt", name), f"Tag in {name}")}>'
                   f'<rect class="hit" x="{px:.1f}" y="{top - (4 if narrow else 0)}" width="{width:.1f}" '
                   f'height="{tall}" rx="11" fill="#efece6" stroke="#999"/>'
                   f'{_text(px + width / 2, top + 15, name, 12, anchor="middle", least=least)}</g>')
        px += width + 6
    return out


def _choice(obs: dict[str, Any], top: float = 398, across: float = WIDTH, narrow: bool = False) -> list[str]:
    """A Choice Situation's two moves as cards to pick, with the rolls that make each work (``across``:
    the picture's width; a narrow one's moves are side by side, each half of it)."""
    pending = obs.get("pending") or {}
    moves = pending.get("moves") or []
    if obs.get("phase") != "choice" or not moves:
        return []
    least = NARROW_TEXT if narrow else 0
    out = [_text(across / 2, top, f"Choice Situation {pending.get('choice', '')}: pick a move", 13, "bold", "middle")]
    gap = 8 if narrow else 20
    width = (across - 12 - gap * (len(moves) - 1)) / len(moves) if narrow else 300
    left = across / 2 - (width * len(moves) + gap * (len(moves) - 1)) / 2
    for i, move in enumerate(moves):
        x = left + i * (width + gap)
        works = f"works {on(int(move['works_on']))}"
        title = f"{move['move']} {move['level']}"
        out.append(f'<g {pick_attrs(pick_id("mv", i), f"{title}, {works}")}>'
                   f'<rect class="hit" x="{x:.1f}" y="{top + 10}" width="{width:g}" height="56" rx="10" fill="#fff" '
                   f'stroke="#555"/>{_text(x + width / 2, top + 32, title, 14 if narrow else 15, "bold", "middle")}'
                   f'{_text(x + width / 2, top + 54, works, 12, anchor="middle", fill="#0b6b2e", least=least)}</g>')
    return out


def render_svg(game: FilsingerGame, obs: dict[str, Any], narrow: bool = False) -> str:
    """Both cards, the LEVEL ladder between them, and the pin in progress (``narrow``: in one column)."""
    if narrow:
        return _narrow(game, obs)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'aria-label="{escape(" vs ".join(obs.get("in_ring") or []))}" font-family="system-ui, sans-serif">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fbfaf7"/>']
    out += _card(game, obs, 0, 12)
    out += _card(game, obs, 1, WIDTH - 262)
    out += _apron(game, obs, 0, 12)
    out += _apron(game, obs, 1, WIDTH - 262)
    out += _choice(obs)
    cx = WIDTH / 2
    level = int(obs.get("level") or 1)
    out.append(_text(cx, 40, "LEVEL", 14, "bold", "middle"))
    for n in range(LEVELS, 0, -1):
        y = 56 + (LEVELS - n) * 52
        here = n == level
        out.append(f'<g {pick_attrs(pick_id("lv", n), f"LEVEL {n}")}>'
                   f'<rect class="hit" x="{cx - 40}" y="{y}" width="80" height="44" rx="8" '
                   f'fill="{"#b3261e" if here else "#fff"}" stroke="#555"/>'
                   f'{_text(cx, y + 29, str(n), 20, "bold", "middle", "#fff" if here else "#555")}</g>')
    phase = str(obs.get("phase", "")).replace("_", " ")
    out.append(_text(cx, 236, phase, 13, anchor="middle", fill="#5f6368"))
    out += _pin(obs, cx, 250)
    out += _result(obs, cx, 404)
    out.append("</svg>")
    return "".join(out)


def _pin(obs: dict[str, Any], cx: float, top: float, least: float = 0) -> list[str]:
    """The pin in progress: who is pinned and on what roll."""
    pending = obs.get("pending") or {}
    if "pinned" not in pending:
        return []
    return [f'<rect x="{cx - 110}" y="{top}" width="220" height="50" rx="8" fill="#fdf0c4" stroke="#b8860b"/>',
            _text(cx, top + 20, f"PIN on {pending['pinned']}", 14, "bold", "middle"),
            _text(cx, top + 40, f"pinned on 2-{pending.get('pin')}", 12, anchor="middle", least=least)]


def _result(obs: dict[str, Any], cx: float, top: float, width: float = 400) -> list[str]:
    """Who won and how, once the match is over."""
    result = obs.get("result")
    if not result:
        return []
    sides = obs.get("sides") or ["", ""]
    winner = result.get("winner")
    text = (f"{sides[winner]} wins by {result.get('how')}" if winner in (0, 1)
            else f"no winner ({result.get('how')})")
    return [f'<rect x="{cx - width / 2}" y="{top}" width="{width}" height="52" rx="10" fill="#fdf0c4" '
            'stroke="#b8860b"/>',
            _text(cx, top + 32, text, 17 if width >= 400 else 15, "bold", "middle")]


def _ladder_row(obs: dict[str, Any], top: float) -> list[str]:
    """A narrow picture's LEVEL ladder: its boxes in a row (1 to 3), the phase beside them."""
    level = int(obs.get("level") or 1)
    out = [_text(6, top + 28, "LEVEL", 14, "bold")]
    for n in range(1, LEVELS + 1):
        x = 62 + (n - 1) * 58
        here = n == level
        out.append(f'<g {pick_attrs(pick_id("lv", n), f"LEVEL {n}")}>'
                   f'<rect class="hit" x="{x}" y="{top}" width="52" height="44" rx="8" '
                   f'fill="{"#b3261e" if here else "#fff"}" stroke="#555"/>'
                   f'{_text(x + 26, top + 29, str(n), 20, "bold", "middle", "#fff" if here else "#555")}</g>')
    phase = str(obs.get("phase", "")).replace("_", " ")
    out.append(_text(NARROW_WIDTH - 6, top + 28, phase, 13, anchor="end", fill="#5f6368"))
    return out


def _narrow(game: FilsingerGame, obs: dict[str, Any]) -> str:
    """The phone's picture: the ladder row, the choice (pin, result), then each card and its apron."""
    body: list[str] = _ladder_row(obs, 6)
    y = 60.0
    cx = NARROW_WIDTH / 2
    for part, height in ((_choice(obs, y + 14, NARROW_WIDTH, narrow=True), 82),
                         (_pin(obs, cx, y + 4, NARROW_TEXT), 60), (_result(obs, cx, y + 4, NARROW_CARD_W), 62)):
        if part:
            body += part
            y += height
    for side in (0, 1):
        body += _card(game, obs, side, 6, y, narrow=True)
        name = (obs.get("in_ring") or ["?", "?"])[side]
        y += NARROW_CARD_H + 19 * len(_extras(game, obs, side, card_named(game, name))) + 8
        apron = _apron(game, obs, side, 10, y + 4, narrow=True)
        if apron:
            body += apron
            y += 38
    height = round(y + 4)
    names = escape(" vs ".join(obs.get("in_ring") or []))
    return "".join([f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {NARROW_WIDTH} {height}" role="img" '
                    f'aria-label="{names}" font-family="system-ui, sans-serif">',
                    f'<rect width="{NARROW_WIDTH}" height="{height}" fill="#fbfaf7"/>', *body, "</svg>"])
