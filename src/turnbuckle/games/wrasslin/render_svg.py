"""The WRASSLIN' table as an SVG picture for the browser.

``render_svg(game, observation)`` backs ``WrasslinGame.render_svg``: one row per Wrestler (Damage
Track, ratings, position, cards in play, pin count, the hand face down with its size) and, for the
seat whose observation it is, that hand face up as cards. It shows only what the observation holds,
so a seat's picture never shows another seat's cards.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.rules import WrasslinGame

WIDTH = 960
ROW = 104
CARD_W = 102
CARD_H = 64


def _text(x: float, y: float, text: str, size: int = 13, weight: str = "normal", anchor: str = "start",
          fill: str = "#1d1d1f") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
            f'fill="{fill}">{escape(text)}</text>')


def _wrap(text: str, width: int = 14) -> list[str]:
    words = text.replace("/", "/ ").split()
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += ("" if lines[-1].endswith("/") else " ") + word
        else:
            lines.append(word)
    return lines[:3]


def _face_up(x: float, y: float, name: str, count: int) -> str:
    label = name if count == 1 else f"{name} x{count}"
    parts = [f'<g class="card"><title>{escape(label)}</title>'
             f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="#fff" stroke="#333"/>']
    for i, line in enumerate(_wrap(name)):
        parts.append(_text(x + CARD_W / 2, y + 20 + i * 15, line, 12, "bold", "middle"))
    if count > 1:
        parts.append(_text(x + CARD_W - 6, y + CARD_H - 6, f"x{count}", 11, anchor="end", fill="#b3261e"))
    parts.append("</g>")
    return "".join(parts)


def _face_down(x: float, y: float, count: int, who: str) -> str:
    parts = [f'<g class="hand-back"><title>{escape(who)}: {count} cards, face down</title>']
    for i in range(min(count, 7)):
        parts.append(f'<rect x="{x + i * 7}" y="{y}" width="30" height="44" rx="4" fill="#7a1f1f" stroke="#fff"/>')
    parts.append(_text(x + min(count, 7) * 7 + 36, y + 28, f"{count} cards", 12))
    parts.append("</g>")
    return "".join(parts)


def _track(x: float, y: float, damage: int, submit_at: int, immobile_at: int) -> str:
    """The Damage Track as boxes: filled up to the damage taken; immobile and submission marked."""
    boxes = max(submit_at, damage, 1)
    step = min(22.0, 440 / boxes)
    parts = [f'<g class="damage-track"><title>damage {damage} of {submit_at}</title>']
    for i in range(boxes):
        fill = "#b3261e" if i < damage else "#fff"
        stroke = "#b8860b" if immobile_at and i == immobile_at - 1 else "#666"
        parts.append(f'<rect x="{x + i * step:.1f}" y="{y}" width="{step - 3:.1f}" height="14" fill="{fill}" '
                     f'stroke="{stroke}" stroke-width="1.2"/>')
    parts.append(_text(x + boxes * step + 6, y + 12, f"damage {damage}/{submit_at}", 12))
    parts.append("</g>")
    return "".join(parts)


def render_svg(game: WrasslinGame, obs: dict[str, Any]) -> str:
    """Every Wrestler's row, the play in progress, and the viewer's hand face up."""
    wrestlers: list[dict[str, Any]] = obs.get("wrestlers") or []
    me = obs.get("player")
    hand: dict[str, int] = obs.get("hand") or {}
    by_name = {w.name: w for w in game.wrestlers}
    pins = {h["defender"]: h for h in obs.get("holds") or [] if h.get("pin")}
    holds = {h["defender"]: h for h in obs.get("holds") or [] if not h.get("pin")}
    top = 46
    height = top + ROW * len(wrestlers) + (CARD_H + 70 if me is not None and hand else 40)
    mt = str(obs.get("match_type", "")).replace("_", " ")
    discards = sum((obs.get("discard") or {}).values())
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" '
           f'aria-label="WRASSLIN {escape(mt)} match" font-family="system-ui, sans-serif">',
           f'<rect width="{WIDTH}" height="{height}" fill="#fbfaf7"/>',
           _text(12, 26, f"{mt.title()} - turn {obs.get('turn_number', '?')}, {obs.get('phase', '')}", 16, "bold"),
           _text(WIDTH - 12, 26, f"deck {obs.get('deck_size', '?')}, discards {discards}", 13, anchor="end",
                 fill="#5f6368")]
    turn = obs.get("turn")
    for row, w in enumerate(wrestlers):
        y = top + row * ROW
        seat = w.get("seat")
        name = str(w.get("wrestler") or "-")
        mine = seat == me
        out.append(f'<rect x="6" y="{y}" width="{WIDTH - 12}" height="{ROW - 8}" rx="8" '
                   f'fill="{"#eef5ff" if mine else "#fff"}" stroke="{"#b3261e" if seat == turn else "#ccc"}" '
                   f'stroke-width="{2.5 if seat == turn else 1}"/>')
        label = f"{name}{' (you)' if mine else ''} - seat {seat}, {w.get('alignment', '')}"
        out.append(_text(16, y + 22, label, 14, "bold"))
        if "damage" not in w:
            continue
        card = by_name.get(name)
        submit_at = card.submit_at if card is not None else int(w["damage"]) + 1
        immobile_at = card.immobile_at if card is not None else 0
        out.append(_track(16, y + 32, int(w["damage"]), submit_at, immobile_at))
        status = [str(w.get("position", ""))]
        if not w.get("mobile", True):
            status.append("IMMOBILE")
        if w.get("penalty"):
            status.append(f"penalty {w['penalty']}")
        if w.get("wrestlers_left") is not None:
            status.append(f"{w['wrestlers_left']} wrestlers left")
        ratings = (f"S{w.get('strength')} A{w.get('agility')} Sk{w.get('skill')} PS{w.get('power_surge')} "
                   f"W{w.get('weight')} R{w.get('recovery')}")
        out.append(_text(16, y + 66, f"{ratings}  |  {', '.join(s for s in status if s)}", 12))
        in_play = ", ".join(str(c.get("card", "face-down")) for c in w.get("cards_in_play") or [])
        if in_play:
            out.append(_text(16, y + 86, f"in play: {in_play}", 12, fill="#5f6368"))
        if seat in pins:
            pin = pins[seat]
            out.append(f'<rect x="{WIDTH - 330}" y="{y + 8}" width="120" height="26" rx="5" fill="#fdf0c4" '
                       f'stroke="#b8860b"/>')
            out.append(_text(WIDTH - 270, y + 26, f"PIN {pin.get('count', 0)} of {pin.get('limit', 3)}", 13, "bold",
                             "middle"))
        elif seat in holds:
            out.append(_text(WIDTH - 330, y + 26, f"held: {holds[seat].get('hold')}", 12, fill="#b3261e"))
        if not mine:
            out.append(_face_down(WIDTH - 190, y + 14, int(w.get("hand_size", 0)), name))
        else:
            out.append(_text(WIDTH - 190, y + 40, f"{w.get('hand_size', 0)} cards (below)", 12))
    y = top + ROW * len(wrestlers)
    play = obs.get("play")
    if play:
        def who(seat: Any) -> str:
            return str(wrestlers[seat]["wrestler"]) if isinstance(seat, int) and 0 <= seat < len(wrestlers) else "-"

        what = play.get("hold") or play.get("card")
        line = f"Now: {who(play.get('by'))} plays {what} on {who(play.get('on'))}"
        answers = ", ".join(f"{who(r.get('by'))}: {r.get('card')}" for r in play.get("responses") or [])
        out.append(_text(12, y + 4, line + (f" (answered by {answers})" if answers else ""), 13, "bold"))
    if me is not None and hand:
        out.append(_text(12, y + 30, "Your hand", 14, "bold"))
        x = 12.0
        for name, count in hand.items():
            if x + CARD_W > WIDTH:
                break
            out.append(_face_up(x, y + 40, name, int(count)))
            x += CARD_W + 8
    out.append("</svg>")
    return "".join(out)
