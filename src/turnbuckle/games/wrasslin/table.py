"""WRASSLIN' in the browser: which card in your hand each move plays, the wrestler a Hold goes on,
what each move says (11.5 errors marked "may be challenged"), and the cards the move log draws.

Every move that uses a card is chosen by clicking that card in your hand: "play Arm Bar",
"discard Arm Bar", "react Block", "call 55 (Arm Bar)", "accumulate Arm Bar" all start at the Arm
Bar card; a card that starts several moves (a Wild Card, the Long/Short Count, a Specialty card, a
card you may play or discard) opens a menu of them. "target seat N" is a click on that wrestler.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from turnbuckle.engine.events import Event
from turnbuckle.engine.picks import Pick, Piece, pick_id

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.rules import WrasslinGame

CARD_OF_KIND: dict[str, str] = {
    "wild": "Wild Card", "react_wild": "Wild Card", "spec_wild": "Wild Card", "long_wild": "Wild Card",
    "short_wild": "Wild Card", "exit_wild": "Wild Card", "spec": "Specialty", "react_spec": "Specialty",
    "long": "Long/Short Count", "short": "Long/Short Count", "exit": "Out of Ring", "extra_surge": "Power Surge",
}
"""Moves whose card is fixed by the move, not named in it."""
CARD_ARG_KINDS = frozenset({"play", "discard", "react", "accumulate", "call"})
"""Moves whose argument is the card they use."""
CHALLENGE_NOTE = "may be challenged"


@lru_cache(maxsize=64)
def _card_index(game: WrasslinGame) -> dict[str, int]:
    return {card.name: i for i, card in enumerate(game.cards)}


def card_pick(game: WrasslinGame, name: str) -> str:
    """The pick id of the hand card called ``name``."""
    return pick_id("cd", _card_index(game).get(name, name))


def card_of(game: WrasslinGame, action: str) -> str | None:
    """The name of the hand card ``action`` uses, if it uses one."""
    found = game.actions.by_name(action)
    if found is None or found in game.actions.chance:
        return None
    kind, arg = game.decode[found.id]
    if kind in CARD_ARG_KINDS:
        return game.cards[arg].name
    return CARD_OF_KIND.get(kind)


def picks(game: WrasslinGame, obs: dict[str, Any], actions: Sequence[str]) -> list[Pick]:
    hand = obs.get("hand") or {}
    found: list[Pick] = []
    for action in actions:
        card = card_of(game, action)
        if card is not None and card in hand:
            found.append(Pick(action, (card_pick(game, card),), _wild_group(game, action)))
            continue
        move = game.actions.by_name(action)
        if move is not None and move not in game.actions.chance and game.decode[move.id][0] == "target":
            found.append(Pick(action, (pick_id("ws", game.decode[move.id][1]),)))
    errors = obs.get("errors") or {}
    found.sort(key=lambda p: p.action in errors)  # a card's menu lists its 11.5 errors after its legal uses
    return found


def _wild_group(game: WrasslinGame, action: str) -> str:
    """The kind of card a Wild Card move makes it ("Agility Hold", "reaction"): its menu's heading
    (11.2: it can be any card you could play, some forty of them)."""
    _, sep, name = action.partition(" Wild Card as ")
    if not sep or name not in _card_index(game):
        return ""
    return card_face(game, name)["kind"]


def labels(game: WrasslinGame, obs: dict[str, Any], actions: Sequence[str]) -> dict[str, str | None]:
    """The rulebook's words for each move; an 11.5 error says it may be challenged, and why."""
    errors: dict[str, str] = obs.get("errors") or {}
    out: dict[str, str | None] = {}
    for action in actions:
        text = game.describe_action(action)
        if action in errors:
            text = f"{CHALLENGE_NOTE} (11.5: {errors[action]})" + (f"; {text}" if text else "")
        out[action] = text
    return out


def card_face(game: WrasslinGame, name: str) -> dict[str, str]:
    """What a card shows: its colour, Initiative Number (5.3), kind and damage, what it needs, and its
    effect line."""
    from turnbuckle.games.wrasslin.describe import CARD_EFFECTS, HOLD_KINDS, hold_effect

    index = _card_index(game).get(name)
    card = game.cards[index] if index is not None else None
    if card is None:
        return {"colour": "black", "initiative": "", "kind": "", "needs": "", "effect": ""}
    if card.hold is not None:
        spec = card.hold
        effect = hold_effect(spec).split(";")[0]
        needs = spec.req.describe()
        return {"colour": card.color, "initiative": str(card.initiative), "kind": HOLD_KINDS.get(card.category, "Hold"),
                "needs": "" if needs == "none" else f"needs {needs}", "effect": effect,
                "damage": str(card.damage_label)}
    effect = CARD_EFFECTS.get(card.name, card.category)
    return {"colour": card.color, "initiative": str(card.initiative), "kind": card.category, "needs": "",
            "effect": effect.split(" (")[0]}


def event_pieces(game: WrasslinGame, event: Event) -> list[Piece]:
    """The card a play, a response or a damage card shows, as a card."""
    d = event.data
    name = d.get("card") if isinstance(d.get("card"), str) else None
    if name is None or name not in _card_index(game):
        return []
    face = card_face(game, name)
    owner = d.get("wrestler") or d.get("by")
    piece: Piece = {"kind": "card", "name": name, "type": face["kind"], "colour": COLOURS.get(face["colour"], "#777"),
                    "detail": face["effect"]}
    if isinstance(owner, str):
        piece["owner"] = owner
    return [piece]


COLOURS = {"black": "#333333", "gray": "#8a8a8a", "red": "#b3261e", "green": "#2e7d32", "blue": "#1f5fa8",
           "red-black": "#6e1a16", "blue-green": "#1f6f6a"}
"""Card colours on the table (WRASSLIN' sorts its cards by colour)."""
