"""The ring skirmish game in the browser: which part of the ring each decision is made on.

- a move's destinations are points in the ring (``pt:X,Y`` in inches; the ring snaps a click to the
  nearest one), the named ones (``stay``, ``rope N``, ``to P1 b2b 0``) larger points of their own;
- a facing is an arrow around the mover (``fc:...``), one per direction offered;
- a maneuver against a model is a click on that model (``pl:K``, its player), then a menu of the
  maneuvers that can hit it (strike, whip, suplex, pin attempt, drain, ...);
- a corner is its post (``cr:NE``) and a Whip's rope is that side of the ring (``rp:E``).

Bids, boosts, effects and the rest have no place in the ring and stay buttons.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from turnbuckle.engine.picks import Pick, pick_id

COMPASS = ("E", "ENE", "NE", "NNE", "N", "NNW", "NW", "WNW", "W", "WSW", "SW", "SSW", "S", "SSE", "SE", "ESE")
"""The 16 compass points, counter-clockwise from east in steps of 22.5 degrees."""
TARGETED = ("strike", "clothesline", "body slam", "suplex", "whip", "pin attempt", "desert bridge", "boxcar press",
            "drain", "doubleteam", "face P")
"""Action names that name a model's player (``... P1``): picked by clicking that model."""


def point_id(x: float, y: float) -> str:
    return pick_id("pt", f"{x:g},{y:g}")


def facing_angle(key: str, observation: dict[str, Any], mover: int | None) -> float | None:
    """The direction (degrees counter-clockwise from east) a ``face KEY`` action turns to: a compass
    point, an angle, or ``P<k>`` (towards that player's model in the ring)."""
    if key in COMPASS:
        return COMPASS.index(key) * 22.5
    if key.startswith("P") and key[1:].isdigit() and mover is not None:
        models = observation["models"]
        me = models[mover]
        other = next((m for m in models if m["player"] == int(key[1:]) and m["in_ring"]), None)
        if other is None:
            return None
        return math.degrees(math.atan2(other["y"] - me["y"], other["x"] - me["x"])) % 360
    try:
        return float(key) % 360
    except ValueError:
        return None


def target_player(action: str) -> int | None:
    """The player whose model ``action`` is aimed at (``suplex P1`` -> 1), if it names one."""
    for word in action.split()[1:]:
        if word.startswith("P") and word[1:].isdigit():
            return int(word[1:])
    return None


def mover_of(observation: dict[str, Any]) -> int | None:
    pending = observation.get("pending") or {}
    mover = pending.get("mover")
    return int(mover) if isinstance(mover, int) else None


def picks(observation: dict[str, Any], actions: Sequence[str], named_points: dict[str, str]) -> list[Pick]:
    """Each action with a place in the ring; ``named_points`` maps named destinations to their ids."""
    found: list[Pick] = []
    for action in actions:
        words = action.split()
        if words[0] == "move" and len(words) == 3:
            found.append(Pick(action, (point_id(float(words[1]), float(words[2])),)))
        elif action in named_points:
            found.append(Pick(action, (named_points[action],)))
        elif words[0] == "face" and len(words) == 2:
            found.append(Pick(action, (pick_id("fc", words[1]),)))
        elif words[0] == "corner" and len(words) == 2:
            found.append(Pick(action, (pick_id("cr", words[1]),)))
        elif words[0] == "via" and len(words) == 3 and words[1] == "rope":
            found.append(Pick(action, (pick_id("rp", words[2]),)))
        elif action.startswith(TARGETED) and (k := target_player(action)) is not None:
            found.append(Pick(action, (pick_id("pl", k),)))
    return found
