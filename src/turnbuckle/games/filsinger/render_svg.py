"""The Filsinger table as an SVG picture for the browser: the two cards in the ring side by side,
the LEVEL, fatigue tokens and the pin count.

``render_svg(game, observation)`` backs ``FilsingerGame.render_svg``; it reads the observation plus
the cards' printed ratings from the game.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.rules import FilsingerGame

WIDTH = 760
HEIGHT = 400
LEVELS = 3


def _text(x: float, y: float, text: str, size: int = 13, weight: str = "normal", anchor: str = "start",
          fill: str = "#1d1d1f") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
            f'fill="{fill}">{escape(text)}</text>')


def _card(game: FilsingerGame, obs: dict[str, Any], side: int, x: float) -> list[str]:
    names: list[str] = obs.get("in_ring") or ["?", "?"]
    name = names[side]
    card = next((c for c in game.cards if c.name == name), None)
    attacking = obs.get("attacker") == side
    out = [f'<g class="card"><rect x="{x}" y="14" width="250" height="300" rx="12" '
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
    out.append(_text(x + 14, 240, "Fatigue", 13))
    for i in range(fatigue):
        out.append(f'<circle cx="{x + 80 + i * 18}" cy="236" r="7" fill="#b8860b">'
                   "<title>fatigue token</title></circle>")
    if not fatigue:
        out.append(_text(x + 80, 240, "none", 12, fill="#5f6368"))
    saves = (obs.get("pin_saves_left") or [0, 0])[side]
    if saves:
        out.append(_text(x + 14, 266, f"pin saves left: {saves}", 12))
    out.append("</g>")
    return out


def render_svg(game: FilsingerGame, obs: dict[str, Any]) -> str:
    """Both cards, the LEVEL ladder between them, and the pin in progress."""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'aria-label="{escape(" vs ".join(obs.get("in_ring") or []))}" font-family="system-ui, sans-serif">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fbfaf7"/>']
    out += _card(game, obs, 0, 12)
    out += _card(game, obs, 1, WIDTH - 262)
    cx = WIDTH / 2
    level = int(obs.get("level") or 1)
    out.append(_text(cx, 40, "LEVEL", 14, "bold", "middle"))
    for n in range(LEVELS, 0, -1):
        y = 56 + (LEVELS - n) * 52
        on = n == level
        out.append(f'<rect x="{cx - 40}" y="{y}" width="80" height="44" rx="8" fill="{"#b3261e" if on else "#fff"}" '
                   f'stroke="#555"/>')
        out.append(_text(cx, y + 29, str(n), 20, "bold", "middle", "#fff" if on else "#555"))
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
        out.append(f'<rect x="{cx - 200}" y="330" width="400" height="52" rx="10" fill="#fdf0c4" stroke="#b8860b"/>')
        out.append(_text(cx, 362, text, 17, "bold", "middle"))
    out.append("</svg>")
    return "".join(out)
