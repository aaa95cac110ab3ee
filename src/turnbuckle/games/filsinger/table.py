"""The Filsinger table in the browser: what each choice's odds are, which choices sit on the table,
and the dice and chart rows the move log draws.

The labels say what the terminal's moment line says ("Moonsault 3 works on 2-5"), one per choice,
from the observation alone. The picks put a Choice Situation's two moves on the table as cards, a
"roll again" on the LEVEL box it drops to, and a tag on the partner waiting on the apron.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from turnbuckle.engine.events import Event
from turnbuckle.engine.picks import Pick, Piece, pick_id

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.models import Card
    from turnbuckle.games.filsinger.rules import FilsingerGame


def on(n: int) -> str:
    """The rolls of two dice that are ``n`` or lower, in words (as the terminal says them)."""
    return "never" if n < 2 else "on 2" if n == 2 else "on any roll" if n >= 12 else f"on 2-{n}"


def card_named(game: FilsingerGame, name: str) -> Card | None:
    """The card in the match called ``name`` (None when no card is)."""
    return next((c for c in game.cards if c.name == name), None)


def choice_labels(game: FilsingerGame, obs: dict[str, Any], actions: Sequence[str]) -> dict[str, str | None]:
    """Each choice with its odds, in the rulebook's words."""
    pending: dict[str, Any] = obs.get("pending") or {}
    level = int(obs.get("level") or 1)
    lower = max(1, level - 1)
    names = obs.get("in_ring") or ["?", "?"]
    attacker = int(obs["attacker"]) if obs.get("attacker") in (0, 1) else 0
    defender = names[1 - attacker]
    labels: dict[str, str | None] = {}
    for action in actions:
        label: str | None = None
        if action == "roll offense":
            label = f"roll LEVEL {level} OFFENSE"
        elif action.startswith("tag out to "):
            label = f"{action.removeprefix('tag out to ')} comes in and rolls LEVEL {level} OFFENSE"
        elif action == "try move" and pending.get("chart"):
            rating = pending.get("rating")
            label = f"{pending.get('wrestler')} rolls the {game.chart_title(pending['chart'])} chart" + (
                f" (rating {rating})" if rating not in (None, "-") else "")
        elif action == "roll again":
            label = f"roll LEVEL {lower} OFFENSE instead"
        elif action == "risk disqualification" and "rating" in pending:
            label = f"DISQUALIFICATION {pending['rating']}: out {on(int(pending['rating']))}"
        elif action.startswith("choose "):
            move = next((m for m in pending.get("moves", []) if m["move"] == action.removeprefix("choose ")), None)
            if move is not None:
                label = f"{move['move']} {move['level']} works {on(int(move['works_on']))}; a miss gives " \
                        f"{defender} LEVEL 2 OFFENSE"
        elif action == "roll pin" and "pin" in pending:
            label = f"{'CAGE' if game.cage else 'PIN'} {pending['pin']}: pinned {on(int(pending['pin']))}"
        elif action == "pin save":
            saves = (obs.get("pin_saves_left") or [0, 0])
            mover = obs.get("to_move")
            left = saves[mover] if mover in (0, 1) else 0
            label = f"a partner breaks up the pin ({left} left this match)"
        elif action == "distract referee":
            mover = obs.get("to_move")
            card = card_named(game, names[mover]) if mover in (0, 1) else None
            if card is not None:
                label = f"the distraction works {on(game.distractor_rating(card))} (once per match)"
        elif action == "interfere":
            label = "outside interference breaks the count (once per match)"
        elif action == "stay" and "level" in pending:
            label = f"the opponent rolls LEVEL {pending['level']} OFFENSE"
        elif action == "leave ring":
            card = card_named(game, defender)
            label = "roll the Out of the Ring chart" + (f" (Ring rating {card.ratings.ring})" if card else "")
        elif action == "try tag":
            label = "two dice: 2-6 for regular partners, 2-4 for the same group"
        elif action == "bring ally":
            mover = obs.get("to_move")
            card = card_named(game, names[mover]) if mover in (0, 1) else None
            ally = card.allies[0] if card is not None and card.allies else "the ally"
            label = f"{ally} comes to ringside (may interfere when you are thrown out)"
        elif action == "ally interferes":
            label = "on 6 or lower the opponent rolls DISQUALIFICATION 6"
        labels[action] = label
    return labels


def picks(game: FilsingerGame, obs: dict[str, Any], actions: Sequence[str]) -> list[Pick]:
    """Choices that sit on the table: a Choice Situation's move cards, the LEVEL a "roll again" drops
    to, the partner on the apron to tag."""
    level = int(obs.get("level") or 1)
    pending: dict[str, Any] = obs.get("pending") or {}
    found: list[Pick] = []
    for action in actions:
        if action.startswith("choose "):
            moves = [m["move"] for m in pending.get("moves", [])]
            name = action.removeprefix("choose ")
            if name in moves:
                found.append(Pick(action, (pick_id("mv", moves.index(name)),)))
        elif action == "roll again":
            found.append(Pick(action, (pick_id("lv", max(1, level - 1)),)))
        elif action.startswith("tag out to "):
            found.append(Pick(action, (pick_id("pt", action.removeprefix("tag out to ")),)))
    return found


def event_pieces(event: Event) -> list[Piece]:
    """The die of a LEVEL roll, the two dice of a chart or pin roll (as their total), and the chart
    row a roll landed on, as a card."""
    d = event.data
    if event.kind in ("offense", "defense") and "roll" in d:
        what = "OFFENSE" if event.kind == "offense" else "DEFENSE"
        return [{"kind": "die", "faces": "d6", "value": int(d["roll"]), "owner": str(d.get("wrestler", ""))},
                {"kind": "card", "name": f"LEVEL {d.get('level')} {what} {d['roll']}", "type": what.lower(),
                 "detail": str(d.get("text", ""))}]
    if event.kind == "chart_result" and "roll" in d:
        return [{"kind": "die", "faces": "2d6", "value": int(d["roll"]), "owner": str(d.get("wrestler", ""))},
                {"kind": "card", "name": f"{d.get('title', 'chart')} {d['roll']}", "type": "chart",
                 "detail": str(d.get("text", ""))}]
    if event.kind in ("choice_roll", "finisher_miss", "tag_failed") and "roll" in d:
        return [{"kind": "die", "faces": "2d6", "value": int(d["roll"]), "owner": str(d.get("wrestler", ""))}]
    if event.kind in ("distraction_works", "distraction_fails") and "roll" in d:
        return [{"kind": "die", "faces": "2d6", "value": int(d["roll"])}]
    if event.kind in ("kick_out", "pin", "result", "survives") and isinstance(d.get("roll"), int) and d["roll"] > 0:
        return [{"kind": "die", "faces": "2d6", "value": int(d["roll"])}]
    return []
