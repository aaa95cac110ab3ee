"""The table as a WRASSLIN' player sees it in the terminal: wrestlers, your hand, the play."""

from __future__ import annotations

from typing import Any


def _cards(counts: dict[str, int]) -> str:
    return ", ".join(name if n == 1 else f"{name} x{n}" for name, n in counts.items()) or "(none)"


def render_observation(obs: dict[str, Any]) -> str:
    """Each wrestler's line (ratings as the Damage Track leaves them), then the play and the hand."""
    me = obs["player"]
    lines = [f"{obs['match_type'].replace('_', ' ').title()} - {obs['phase']}, turn {obs['turn_number']}"]
    for w in obs["wrestlers"]:
        who = "you" if w.get("seat") == me else f"seat {w.get('seat')}"
        if "damage" not in w:  # a seat between bouts (tournament) shows only who sits there
            lines.append(f"  {w.get('wrestler', '-')} ({who})")
            continue
        status = [w.get("position", "")]
        if not w.get("mobile", True):
            status.append("IMMOBILE")
        if w.get("penalty"):
            status.append(f"penalty {w['penalty']}")
        if w.get("wrestlers_left") is not None:
            status.append(f"{w['wrestlers_left']} wrestlers left")
        in_play = ", ".join(c["card"] for c in w.get("cards_in_play", []))
        lines.append(
            f"  {w['wrestler']} ({who}, {w['alignment']}): damage {w['damage']}, S{w['strength']} "
            f"A{w['agility']} Sk{w['skill']} PS{w['power_surge']} W{w['weight']} R{w['recovery']}; "
            f"{', '.join(status)}; {w['hand_size']} cards" + (f"; in play: {in_play}" if in_play else "")
        )
    for hold in obs["holds"]:
        lines.append(f"  hold in place: {hold}")
    play = obs.get("play")
    if play:
        target = obs["wrestlers"][play["on"]]["wrestler"] if play.get("on") is not None else "-"
        by = obs["wrestlers"][play["by"]]["wrestler"] if play.get("by") is not None else "-"
        what = play.get("hold") or play.get("card")
        lines.append(f"Now: {by} plays {what} on {target}" + (f" (as {play['card']})" if play.get("hold") else ""))
    lines.append(f"Deck {obs['deck_size']}, discards {sum(obs['discard'].values())}; your hand: {_cards(obs['hand'])}")
    return "\n".join(lines)
