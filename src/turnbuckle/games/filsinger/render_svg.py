"""The Filsinger table as an SVG picture for the browser: the two cards in the ring side by side,
the LEVEL, fatigue tokens, allies, distraction and interference, the partners on the apron, a
Choice Situation's two moves and the pin count. The LEVEL boxes, the move cards and the partners
are parts to pick (``table.picks``).

``render_svg(game, observation)`` backs ``FilsingerGame.render_svg``; it reads the observation plus
the cards' printed ratings from the game.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from turnbuckle.engine.picks import pick_attrs, pick_id
from turnbuckle.games.filsinger.table import card_named, on

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.rules import FilsingerGame

WIDTH = 760
HEIGHT = 480
CARD_H = 330
LEVELS = 3


def _text(x: float, y: float, text: str, size: int = 13, weight: str = "normal", anchor: str = "start",
          fill: str = "#1d1d1f") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
            f'fill="{fill}">{escape(text)}</text>')


def _card(game: FilsingerGame, obs: dict[str, Any], side: int, x: float) -> list[str]:
    names: list[str] = obs.get("in_ring") or ["?", "?"]
    name = names[side]
    card = card_named(game, name)
    attacking = obs.get("attacker") == side
    out = [f'<g class="card"><rect x="{x}" y="14" width="250" height="{CARD_H}" rx="12" '
           f'fill="#fff" stroke="{"#b3261e" if attacking else "#999"}" stroke-width="{3 if attacking else 1.5}"/>',
           _text(x + 125, 42, name, 16, "bold", "middle"),
           _text(x + 125, 62, (obs.get("sides") or ["", ""])[side] if len(game.teams[side]) > 1 else
                 ("on offense" if attacking else "on defense"), 12, anchor="middle", fill="#5f6368")]
    pin = (obs.get("pin_ratings") or [None, None])[side]
    rows: list[tuple[str, str]] = [("PIN rating", f"{pin}" if pin is not None else "-")]
    if card is not None:
        r = card.ratings
        rows += [("Ropes / Turnbuckle", f"{r.ropes} / {r.turnbuckle}"),
                 ("Ring / Deathjump", f"{r.ring} / {r.deathjump}"),
                 ("Disqualification", str(r.disqualification)), ("Agility / Power", f"{r.agility} / {r.power}")]
    for i, (label, value) in enumerate(rows):
        y = 92 + i * 26
        out.append(_text(x + 14, y, label, 13))
        out.append(_text(x + 236, y, value, 13, "bold", "end"))
    fatigue = int((obs.get("tokens") or {}).get(name, 0))
    out.append(_text(x + 14, 236, "Fatigue", 13))
    for i in range(fatigue):
        out.append(f'<circle cx="{x + 80 + i * 18}" cy="232" r="7" fill="#b8860b">'
                   "<title>fatigue token</title></circle>")
    if not fatigue:
        out.append(_text(x + 80, 236, "none", 12, fill="#5f6368"))
    y = 260
    for line, live in _extras(game, obs, side, card):
        out.append(_text(x + 14, y, line, 12, fill="#1d1d1f" if live else "#8a8a8a"))
        y += 20
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


def _apron(game: FilsingerGame, obs: dict[str, Any], side: int, x: float) -> list[str]:
    """The partners waiting on the apron (tag matches): a click tags one in when that is a choice."""
    if game.size == 1:
        return []
    in_ring = (obs.get("in_ring") or ["", ""])[side]
    partners = [game.cards[i].name for i in game.teams[side] if game.cards[i].name != in_ring]
    out = [_text(x, 366, "on the apron", 11, fill="#5f6368")]
    px = x + 78
    for name in partners:
        width = min(170.0, 18 + 7.4 * len(name))
        if px + width > x + 250:
            break
        out.append(f'<g {pick_attrs(pick_id("pt", name), f"Tag in {name}")}>'
                   f'<rect class="hit" x="{px:.1f}" y="352" width="{width:.1f}" height="22" rx="11" fill="#efece6" '
                   f'stroke="#999"/>{_text(px + width / 2, 367, name, 12, anchor="middle")}</g>')
        px += width + 6
    return out


def _choice(obs: dict[str, Any]) -> list[str]:
    """A Choice Situation's two moves as cards to pick, with the rolls that make each work."""
    pending = obs.get("pending") or {}
    moves = pending.get("moves") or []
    if obs.get("phase") != "choice" or not moves:
        return []
    out = [_text(WIDTH / 2, 398, f"Choice Situation {pending.get('choice', '')}: pick a move", 13, "bold", "middle")]
    width = 300
    left = WIDTH / 2 - (width * len(moves) + 20 * (len(moves) - 1)) / 2
    for i, move in enumerate(moves):
        x = left + i * (width + 20)
        works = f"works {on(int(move['works_on']))}"
        title = f"{move['move']} {move['level']}"
        out.append(f'<g {pick_attrs(pick_id("mv", i), f"{title}, {works}")}>'
                   f'<rect class="hit" x="{x:.1f}" y="408" width="{width}" height="56" rx="10" fill="#fff" '
                   f'stroke="#555"/>{_text(x + width / 2, 430, title, 15, "bold", "middle")}'
                   f'{_text(x + width / 2, 452, works, 12, anchor="middle", fill="#0b6b2e")}</g>')
    return out


def render_svg(game: FilsingerGame, obs: dict[str, Any]) -> str:
    """Both cards, the LEVEL ladder between them, and the pin in progress."""
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
    pending = obs.get("pending") or {}
    if "pinned" in pending:
        out.append(f'<rect x="{cx - 110}" y="250" width="220" height="50" rx="8" fill="#fdf0c4" stroke="#b8860b"/>')
        out.append(_text(cx, 270, f"PIN on {pending['pinned']}", 14, "bold", "middle"))
        out.append(_text(cx, 290, f"pinned on 2-{pending.get('pin')}", 12, anchor="middle"))
    result = obs.get("result")
    if result:
        sides = obs.get("sides") or ["", ""]
        winner = result.get("winner")
        text = (f"{sides[winner]} wins by {result.get('how')}" if winner in (0, 1)
                else f"no winner ({result.get('how')})")
        out.append(f'<rect x="{cx - 200}" y="404" width="400" height="52" rx="10" fill="#fdf0c4" stroke="#b8860b"/>')
        out.append(_text(cx, 436, text, 17, "bold", "middle"))
    out.append("</svg>")
    return "".join(out)
