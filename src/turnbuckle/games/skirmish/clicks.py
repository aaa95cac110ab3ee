"""The ring skirmish decisions in the browser's words: what to click.

The observation's prompt is written for the terminal, where a destination is typed as ``move X Y`` or
``to P1 b2b 90`` and a facing as ``face NNE``. On the picture the same choices are dots, points and
arrows, so the browser's "Now:" line says which to click instead; it is built from the observation
alone, like the prompt, so it tells no seat anything the others cannot see. Decisions the picture
has no words of its own for keep the prompt.
"""

from __future__ import annotations

from typing import Any

from turnbuckle.games.skirmish.geometry import compass_point


def click_prompt(observation: dict[str, Any]) -> str | None:
    """The "Now:" line of the browser's picture."""
    prompt = observation.get("prompt")
    if not isinstance(prompt, str) or not prompt:
        return None
    phase = observation.get("phase")
    pend = observation.get("pending") or {}
    models = observation["models"]
    mover = pend.get("mover")
    name = models[mover]["name"] if isinstance(mover, int) and 0 <= mover < len(models) else None
    if phase == "bid":
        return _bid(observation) or prompt
    if phase == "destination" and name is not None:
        how = "is whipped" if pend.get("forced") else "moves"
        via = f" off the {pend['via']} rope" if pend.get("via") else ""
        rope = " If it ends against the ropes, it takes 2 END." if pend.get("forced") else ""
        return (f"{name} {how}{via} up to {pend['limit']:g} inches (the green circle): click where it ends. A "
                f"green dot is a place in reach (a click takes the nearest); a purple point lets it stay, takes it "
                f"straight to a rope, or into base contact with (or 2 inches from) another wrestler: point at one "
                f"to see which.{rope}")
    if phase == "facing" and name is not None:
        fx, fy = models[mover]["facing"]
        return (f"{name} faces {compass_point(fx, fy)}: click an arrow around it to turn that way (N is the top "
                f"of the ring; an arrow in a wrestler's colour turns straight at that wrestler), or the "
                f"'keep facing' button. The front arc is the half ahead.")
    if phase == "whip route" and name is not None:
        return (f"Whip: {name} goes up to {pend['limit']:g} inches. Click a rope to bounce it off that rope on "
                f"the way (2 END), or the 'direct' button; then click where it ends.")
    return prompt


def _bid(observation: dict[str, Any]) -> str | None:
    """SK-3.2: how many AP the bidder can bid, plainly, and which number to click."""
    players = observation["players"]
    bidder = observation.get("current_player")
    if not isinstance(bidder, int) or not 0 <= bidder < len(players):
        return None
    pool = int(players[bidder]["pool"])
    can = "only 0 AP (your pool is empty)" if pool == 0 else f"0 to {pool} AP (your whole pool of {pool})"
    done = [p["label"] for p in players if p["bid_submitted"] and p["player"] != bidder]
    return (f"{players[bidder]['label']}: you can bid {can}; click a number under the picture. Bids stay secret "
            f"until all are in; the lowest bid moves first (ties: a roll-off). Only bid AP pay for maneuvers and "
            f"boosts; what is left goes back to the pool at the end of the round."
            + (f" Already bid: {', '.join(done)}." if done else ""))
