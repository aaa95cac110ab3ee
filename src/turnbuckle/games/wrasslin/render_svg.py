"""The WRASSLIN' table as an SVG picture for the browser.

``render_svg(game, observation)`` backs ``WrasslinGame.render_svg``: one row per Wrestler (Damage
Track, ratings, position, cards in play, pin count, the hand face down with its size), the deck and
the discard pile, the play being answered and, for the seat whose observation it is, that hand face
up as cards (name, colour, Initiative Number, kind, what it needs, its effect and damage; an 11.5 error
marked "may be challenged"). Each hand card and each wrestler row is a part to pick (``table.picks``). It shows
only what the observation holds, so a seat's picture never shows another seat's cards. ``narrow``
(a phone) draws the same parts ``NARROW_WIDTH`` across: each row's facts a line each, the piles under
the title, the long lines wrapped, every text at least ``NARROW_TEXT``; the hand is the same cards
(the page shows them as a strip of their own, scaled to read).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from turnbuckle.engine.game import NARROW_TEXT, NARROW_WIDTH
from turnbuckle.engine.picks import pick_attrs, pick_id
from turnbuckle.games.wrasslin.table import CHALLENGE_NOTE, COLOURS, card_face, card_of, card_pick

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.rules import WrasslinGame

WIDTH = 860
ROW = 104
CARD_W = 114
CARD_H = 176
GAP = 6


def _text(x: float, y: float, text: str, size: float = 13, weight: str = "normal", anchor: str = "start",
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
    return lines


LINE = 13
"""Line height of the small print on a card."""
NAME_TOP = 36
"""Below the colour band with the card's name."""


def _fits(text: str, size: float, bold: bool = False) -> int:
    """How many characters of ``text``'s font fit across a card (a generous width per character, so
    no line runs past the card's edge)."""
    return max(6, int((CARD_W - 12) / (size * (0.62 if bold else 0.58))))


def _face_lines(face: dict[str, str]) -> list[tuple[str, float, str, str]]:
    """The card's small print, a line each (text, size, weight, colour): its Initiative Number (the
    number called in 5.3), kind, what it needs and what it does (a Hold's damage), wrapped whole."""
    lines: list[tuple[str, float, str, str]] = []
    if face.get("initiative"):
        lines.append((f"Initiative {face['initiative']}", 11.5, "bold", "#b3261e"))
    lines += [(line, 10.5, "bold", "#333") for line in _wrap(face["kind"], _fits(face["kind"], 10.5, True))]
    lines += [(line, 10.5, "normal", "#5f6368") for line in _wrap(face["needs"], _fits(face["needs"], 10.5))]
    lines += [(line, 10.5, "normal", "#1d1d1f") for line in _wrap(face["effect"], _fits(face["effect"], 10.5))]
    return lines


def card_height(game: WrasslinGame, names: list[str]) -> int:
    """The height of the hand's cards: the tallest card's print, never less than ``CARD_H``."""
    tallest = max((len(_face_lines(card_face(game, n))) for n in names), default=0)
    return max(CARD_H, NAME_TOP + 8 + LINE * tallest + 20)


def _face_up(game: WrasslinGame, x: float, y: float, name: str, count: int, flagged: bool, height: int,
             boxed: bool = False) -> str:
    """One card of the hand, face up: colour band and name, Initiative Number, kind, needs, effect; a pick
    (``boxed``: saying where it is, ``data-box``, so a phone lays its hand out without measuring it)."""
    face = card_face(game, name)
    colour = COLOURS.get(face["colour"], "#555")
    label = name if count == 1 else f"{name} (x{count})"
    if face.get("initiative"):
        label += f", Initiative {face['initiative']}"
    if flagged:
        label += f", {CHALLENGE_NOTE}"
    stroke = 'stroke="#b3261e" stroke-dasharray="5 3" stroke-width="2"' if flagged else 'stroke="#333"'
    box = f' data-box="{x:g} {y:g} {CARD_W} {height}"' if boxed else ""
    parts = [f'<g {pick_attrs(card_pick(game, name), label)}{box}>'
             f'<title>{escape(label)}: {escape(face["effect"])}</title>'
             f'<rect class="hit" x="{x}" y="{y}" width="{CARD_W}" height="{height}" rx="7" fill="#fff" {stroke}/>'
             f'<rect x="{x + 1}" y="{y + 1}" width="{CARD_W - 2}" height="34" rx="6" fill="{colour}"/>']
    for i, line in enumerate(_wrap(name, 13)[:2]):
        parts.append(_text(x + CARD_W / 2, y + 15 + i * 14, line, 13, "bold", "middle", "#fff"))
    line_y = y + NAME_TOP + 14
    for text, size, weight, fill in _face_lines(face):
        parts.append(_text(x + 6, line_y, text, size, weight, fill=fill))
        line_y += LINE
    if flagged:
        parts.append(_text(x + CARD_W / 2, y + height - 8, CHALLENGE_NOTE, 10, "bold", "middle", "#b3261e"))
    elif count > 1:
        parts.append(_text(x + CARD_W - 6, y + height - 7, f"x{count}", 11, "bold", "end", "#b3261e"))
    parts.append("</g>")
    return "".join(parts)


def _face_down(x: float, y: float, count: int, who: str) -> str:
    parts = [f'<g class="hand-back"><title>{escape(who)}: {count} cards, face down</title>']
    for i in range(min(count, 7)):
        parts.append(f'<rect x="{x + i * 7}" y="{y}" width="30" height="44" rx="4" fill="#7a1f1f" stroke="#fff"/>')
    parts.append(_text(x + min(count, 7) * 7 + 36, y + 28, f"{count} cards", 12))
    parts.append("</g>")
    return "".join(parts)


def _track(x: float, y: float, damage: int, submit_at: int, immobile_at: int, span: float = 440,
           size: float = 12) -> str:
    """The Damage Track as boxes (``span`` across at most): filled up to the damage taken; immobile and
    submission marked."""
    boxes = max(submit_at, damage, 1)
    step = min(22.0, span / boxes)
    parts = [f'<g class="damage-track"><title>damage {damage} of {submit_at}</title>']
    for i in range(boxes):
        fill = "#b3261e" if i < damage else "#fff"
        stroke = "#b8860b" if immobile_at and i == immobile_at - 1 else "#666"
        parts.append(f'<rect x="{x + i * step:.1f}" y="{y}" width="{step - 3:.1f}" height="14" fill="{fill}" '
                     f'stroke="{stroke}" stroke-width="1.2"/>')
    parts.append(_text(x + boxes * step + 6, y + 12, f"damage {damage}/{submit_at}", size))
    parts.append("</g>")
    return "".join(parts)


def _wrap_line(text: str, width: int) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` characters."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _hand_rows(count: int, width: float = WIDTH) -> int:
    per_row = max(1, int((width - 14) // (CARD_W + GAP)))
    return (count + per_row - 1) // per_row


def _piles(obs: dict[str, Any], x: float = WIDTH - 250, y: float = 0) -> str:
    """The deck (face down, its size) and the discard pile (face up, its size; its cards on hover)."""
    discard: dict[str, int] = obs.get("discard") or {}
    total = sum(discard.values())
    listed = ", ".join(f"{n} x{c}" if c > 1 else n for n, c in sorted(discard.items())) or "empty"
    deck = f"deck {obs.get('deck_size', '?')}"
    return (f'<g class="deck"><title>{deck} cards</title>'
            f'<rect x="{x}" y="{y + 8}" width="22" height="30" rx="3" fill="#7a1f1f" stroke="#fff"/>'
            f'<rect x="{x + 3}" y="{y + 5}" width="22" height="30" rx="3" fill="#7a1f1f" stroke="#fff"/>'
            f'{_text(x + 32, y + 26, deck, 13)}</g>'
            f'<g class="discards"><title>discard pile: {escape(listed)}</title>'
            f'<rect x="{x + 110}" y="{y + 6}" width="22" height="30" rx="3" fill="#fff" stroke="#555"/>'
            f'{_text(x + 140, y + 26, f"discards {total}", 13)}</g>')


def _prompt(game: WrasslinGame, obs: dict[str, Any], actions: list[str], wrestlers: list[dict[str, Any]]) -> str:
    """What the viewer is asked now, where it needs saying: an answer to a Hold, a target, a call."""
    if not actions:
        return ""
    who = {w.get("seat"): str(w.get("wrestler") or "-") for w in wrestlers}
    play = obs.get("play") or {}
    if any(a.startswith("react ") for a in actions) and play:
        what = play.get("hold") or play.get("card")
        kinds = sorted({(card_of(game, a) or "") for a in actions if a.startswith("react ")} - {""})
        return (f"{who.get(play.get('by'), '-')} plays {what} on {who.get(play.get('on'), '-')}: answer with "
                f"{', '.join(kinds)} (lit in your hand), or pass")
    if any(a.startswith("target seat ") for a in actions):
        return "Choose the wrestler the Hold goes on (click his row)"
    if any(a.startswith("call ") for a in actions):
        return "Call the Initiative Number of a card you will play or discard first (click it) (5.3)"
    if any(a.startswith("discard ") for a in actions) and not any(a.startswith("play ") for a in actions):
        return "Discard: click a card to put it on the discard pile"
    return ""


def render_svg(game: WrasslinGame, obs: dict[str, Any], actions: list[str] | None = None,
               narrow: bool = False) -> str:
    """Every Wrestler's row, the piles, the play in progress, and the viewer's hand face up."""
    actions = list(actions or [])
    if narrow:
        return _narrow(game, obs, actions)
    wrestlers: list[dict[str, Any]] = obs.get("wrestlers") or []
    me = obs.get("player")
    hand: dict[str, int] = obs.get("hand") or {}
    errors: dict[str, str] = obs.get("errors") or {}
    by_name = {w.name: w for w in game.wrestlers}
    pins = {h["defender"]: h for h in obs.get("holds") or [] if h.get("pin")}
    holds = {h["defender"]: h for h in obs.get("holds") or [] if not h.get("pin")}
    top = 46
    prompt_lines = _wrap_line(_prompt(game, obs, actions, wrestlers), 100)
    play = obs.get("play") if not any(a.startswith("react ") for a in actions) else None  # the prompt says it
    extra = (22 if play else 0) + 20 * len(prompt_lines)
    card_h = card_height(game, list(hand))
    hand_h = (_hand_rows(len(hand)) * (card_h + GAP) + 36) if me is not None and hand else 10
    height = top + ROW * len(wrestlers) + extra + hand_h + 10
    mt = str(obs.get("match_type", "")).replace("_", " ")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" '
           f'aria-label="WRASSLIN {escape(mt)} match" font-family="system-ui, sans-serif">',
           f'<rect width="{WIDTH}" height="{height}" fill="#fbfaf7"/>',
           _text(12, 26, f"{mt.title()} - turn {obs.get('turn_number', '?')}, {obs.get('phase', '')}", 16, "bold"),
           _piles(obs)]
    turn = obs.get("turn")
    for row, w in enumerate(wrestlers):
        y = top + row * ROW
        seat = w.get("seat")
        name = str(w.get("wrestler") or "-")
        mine = seat == me
        out.append(f'<g {pick_attrs(pick_id("ws", seat), f"{name} (seat {seat})")}>'
                   f'<rect class="hit" x="6" y="{y}" width="{WIDTH - 12}" height="{ROW - 8}" rx="8" '
                   f'fill="{"#eef5ff" if mine else "#fff"}" stroke="{"#b3261e" if seat == turn else "#ccc"}" '
                   f'stroke-width="{2.5 if seat == turn else 1}"/></g>')
        label = f"{name}{' (you)' if mine else ''} - seat {seat}, {w.get('alignment', '')}"
        out.append(_text(16, y + 22, label, 14, "bold"))
        if "damage" not in w:
            continue
        card = by_name.get(name)
        submit_at = card.submit_at if card is not None else int(w["damage"]) + 1
        immobile_at = card.immobile_at if card is not None else 0
        out.append(_track(16, y + 32, int(w["damage"]), submit_at, immobile_at))
        status = _status(w)
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
    y = top + ROW * len(wrestlers) + 6
    if play:
        def who(seat: Any) -> str:
            return str(wrestlers[seat]["wrestler"]) if isinstance(seat, int) and 0 <= seat < len(wrestlers) else "-"

        what = play.get("hold") or play.get("card")
        line = f"Now: {who(play.get('by'))} plays {what} on {who(play.get('on'))}"
        answers = ", ".join(f"{who(r.get('by'))}: {r.get('card')}" for r in play.get("responses") or [])
        out.append(_text(12, y + 10, line + (f" (answered by {answers})" if answers else ""), 13, "bold"))
        y += 22
    for line in prompt_lines:
        out.append(_text(12, y + 10, line, 13, "bold", fill="#0b6b2e"))
        y += 20
    if me is not None and hand:
        out.append(_text(12, y + 22, "Your hand", 14, "bold"))
        flagged = _flagged_cards(game, actions, errors)
        x, row_y = 8.0, y + 32
        out.append('<g class="hand-strip">')  # a phone shows it as a strip scrolling sideways (layout.js)
        for name, count in hand.items():
            if x + CARD_W > WIDTH - 6:
                x, row_y = 8.0, row_y + card_h + GAP
            out.append(_face_up(game, x, row_y, name, int(count), name in flagged, card_h))
            x += CARD_W + GAP
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def _flagged_cards(game: WrasslinGame, actions: list[str], errors: dict[str, str]) -> set[str]:
    """Cards whose every legal move now is an 11.5 error: they may be played, but may be challenged."""
    uses: dict[str, list[bool]] = {}
    for action in actions:
        card = card_of(game, action)
        if card is not None:
            uses.setdefault(card, []).append(action in errors)
    return {card for card, flags in uses.items() if flags and all(flags)}


def _status(w: dict[str, Any]) -> list[str]:
    """A wrestler's position and states (IMMOBILE, a penalty, partners left)."""
    status = [str(w.get("position", ""))]
    if not w.get("mobile", True):
        status.append("IMMOBILE")
    if w.get("penalty"):
        status.append(f"penalty {w['penalty']}")
    if w.get("wrestlers_left") is not None:
        status.append(f"{w['wrestlers_left']} wrestlers left")
    return [s for s in status if s]


NARROW_CHARS = 48
"""Characters of ``NARROW_TEXT`` print across a narrow picture (a generous width per character)."""


def _narrow_row(game: WrasslinGame, obs: dict[str, Any], w: dict[str, Any], y: float) -> tuple[list[str], float]:
    """One wrestler's row of a narrow picture, its facts a line each; and the row's height."""
    me, turn = obs.get("player"), obs.get("turn")
    seat = w.get("seat")
    name = str(w.get("wrestler") or "-")
    mine = seat == me
    small = NARROW_TEXT
    body = [_text(14, y + 22, f"{name}{' (you)' if mine else ''} - seat {seat}, {w.get('alignment', '')}", 14, "bold")]
    line_y = y + 22
    if "damage" in w:
        card = {c.name: c for c in game.wrestlers}.get(name)
        submit_at = card.submit_at if card is not None else int(w["damage"]) + 1
        immobile_at = card.immobile_at if card is not None else 0
        body.append(_track(14, y + 32, int(w["damage"]), submit_at, immobile_at, NARROW_WIDTH - 130, small))
        line_y = y + 64
        ratings = (f"S{w.get('strength')} A{w.get('agility')} Sk{w.get('skill')} PS{w.get('power_surge')} "
                   f"W{w.get('weight')} R{w.get('recovery')}")
        body.append(_text(14, line_y, ratings, small))
        hand = f"{w.get('hand_size', 0)} cards" + (" (below)" if mine else " in hand")
        body.append(_text(NARROW_WIDTH - 14, line_y, hand, small, anchor="end"))
        lines = [(", ".join(_status(w)), "#1d1d1f")]
        pins = {h["defender"]: h for h in obs.get("holds") or [] if h.get("pin")}
        holds = {h["defender"]: h for h in obs.get("holds") or [] if not h.get("pin")}
        if seat in pins:
            lines.append((f"PIN {pins[seat].get('count', 0)} of {pins[seat].get('limit', 3)}", "#b3261e"))
        elif seat in holds:
            lines.append((f"held: {holds[seat].get('hold')}", "#b3261e"))
        in_play = ", ".join(str(c.get("card", "face-down")) for c in w.get("cards_in_play") or [])
        if in_play:
            lines += [(text, "#5f6368") for text in _wrap_line(f"in play: {in_play}", NARROW_CHARS)[:2]]
        for text, fill in lines:
            if text:
                line_y += 18
                body.append(_text(14, line_y, text, small, fill=fill))
    height = line_y - y + 14
    row = (f'<g {pick_attrs(pick_id("ws", seat), f"{name} (seat {seat})")}>'
           f'<rect class="hit" x="6" y="{y}" width="{NARROW_WIDTH - 12}" height="{height:g}" rx="8" '
           f'fill="{"#eef5ff" if mine else "#fff"}" stroke="{"#b3261e" if seat == turn else "#ccc"}" '
           f'stroke-width="{2.5 if seat == turn else 1}"/></g>')
    return [row, *body], height


def _narrow(game: WrasslinGame, obs: dict[str, Any], actions: list[str]) -> str:
    """The phone's picture: the title and piles, a row per wrestler, the play and prompt, the hand."""
    wrestlers: list[dict[str, Any]] = obs.get("wrestlers") or []
    me = obs.get("player")
    hand: dict[str, int] = obs.get("hand") or {}
    mt = str(obs.get("match_type", "")).replace("_", " ")
    body = [_text(8, 24, f"{mt.title()} - turn {obs.get('turn_number', '?')}, {obs.get('phase', '')}", 16, "bold"),
            _piles(obs, 8, 30)]
    y = 76.0
    for w in wrestlers:
        row, height = _narrow_row(game, obs, w, y)
        body += row
        y += height + 6
    play = obs.get("play") if not any(a.startswith("react ") for a in actions) else None  # the prompt says it
    if play:
        def who(seat: Any) -> str:
            return str(wrestlers[seat]["wrestler"]) if isinstance(seat, int) and 0 <= seat < len(wrestlers) else "-"

        answers = ", ".join(f"{who(r.get('by'))}: {r.get('card')}" for r in play.get("responses") or [])
        line = (f"Now: {who(play.get('by'))} plays {play.get('hold') or play.get('card')} on {who(play.get('on'))}"
                + (f" (answered by {answers})" if answers else ""))
        for text in _wrap_line(line, NARROW_CHARS - 6):
            body.append(_text(8, y + 14, text, 13, "bold"))
            y += 19
    for text in _wrap_line(_prompt(game, obs, actions, wrestlers), NARROW_CHARS - 6):
        body.append(_text(8, y + 14, text, 13, "bold", fill="#0b6b2e"))
        y += 19
    if me is not None and hand:
        body.append(_text(8, y + 24, "Your hand", 14, "bold"))
        card_h = card_height(game, list(hand))
        flagged = _flagged_cards(game, actions, obs.get("errors") or {})
        x, row_y = 8.0, y + 34
        body.append('<g class="hand-strip">')  # a phone shows it as a strip scrolling sideways (layout.js)
        for name, count in hand.items():
            if x + CARD_W > NARROW_WIDTH - 6:
                x, row_y = 8.0, row_y + card_h + GAP
            body.append(_face_up(game, x, row_y, name, int(count), name in flagged, card_h, boxed=True))
            x += CARD_W + GAP
        body.append("</g>")
        y = row_y + card_h
    height = round(y + 10)
    return "".join([f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {NARROW_WIDTH} {height}" role="img" '
                    f'aria-label="WRASSLIN {escape(mt)} match" font-family="system-ui, sans-serif">',
                    f'<rect width="{NARROW_WIDTH}" height="{height}" fill="#fbfaf7"/>', *body, "</svg>"])
