"""RUMBLESLAM on the picture: which parts of the mat a player clicks to choose each legal action.

The parts (``render.py`` draws every one of them with ``data-pick``):

- ``w:<n>``: wrestler number ``n`` (its index in the observation, shown as ``n + 1`` on its token and
  in the legend; a label may hold any characters, an index never does);
- ``sq:<square>``: a square as the actions name it (``E5``, a rope square ``N-D``, ``TB-NW``);
- ``rope:<N|S|E|W>``: one side's rope (bouncing off it, a thrown wrestler rebounding);
- ``dir:<N|NE|...>``: an arrow beside a wrestler being shoved.

An activation starts at the wrestler: clicking it lights the squares its MP reaches, the enemies
(and friends) it can attack or lift, the turnbuckle it can climb and the ropes it can bounce off;
an enemy completes every attack on it at once, so the page opens a menu of them. A lifter's load is
a part of its own (``w:`` of the lifted wrestler, drawn over the lifter): click it, then the square
to throw it to. Decisions about one square (set-up and other placements, a Turnbuckle Attack's
landing, the corner) are one click on that square; nominations, activations, entries and
Sponsorship recipients one click on the wrestler. What has no place stays a button: ending an
activation, standing up, a Crowd Pleaser, a Tag Out, Devastating abilities, defences, re-rolls,
Sponsorships and Choice options.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from turnbuckle.engine.picks import Pick, pick_id
from turnbuckle.games.rumbleslam import mat

ATTACK_VERBS = ("brawl", "grapple", "trip", "lift", "pin", "turnbuckle")
"""The verbs of ``<verb> <attacker>-><target>`` actions (abilities are ``use <ability>: a->t``)."""
SELF_VERBS = ("nominate", "activate", "enter", "recipient", "hit")
"""Decisions that name one wrestler and nothing else: a click on that wrestler."""
_SHOVE = re.compile(r"^SHOVE \d+: push (?P<who>.+) \(on (?P<square>\S+)\) up to ")
_CORNER = re.compile(r"^(?P<who>.+) is thrown into the corner: ")


def wrestler_pick(index: int) -> str:
    return pick_id("w", index)


def square_pick(square: str) -> str:
    return pick_id("sq", square)


def rope_pick(side: str) -> str:
    return pick_id("rope", side)


def direction_pick(direction: str) -> str:
    return pick_id("dir", direction)


def indices(observation: dict[str, Any]) -> dict[str, int]:
    """Each wrestler's index by its label (the name the actions use)."""
    return {w["name"]: i for i, w in enumerate(observation["wrestlers"])}


def _pair(text: str, labels: dict[str, int]) -> tuple[int, int] | None:
    """``attacker->target`` split where both sides are wrestlers (a label could hold ``->``)."""
    at = text.find("->")
    while at >= 0:
        a, t = labels.get(text[:at]), labels.get(text[at + 2:])
        if a is not None and t is not None:
            return a, t
        at = text.find("->", at + 1)
    return None


def _after_ability(rest: str, labels: dict[str, int]) -> str | None:
    """What follows ``<ability>: `` in ``use <ability>: ...`` (an ability name could hold ``: ``)."""
    at = rest.find(": ")
    while at >= 0:
        tail = rest[at + 2:]
        if _pair(tail, labels) is not None or tail.rpartition(" off ")[0] in labels or tail in labels:
            return tail
        at = rest.find(": ", at + 1)
    return None


def shoved(observation: dict[str, Any]) -> tuple[int, int] | None:
    """The wrestler a pending SHOVE pushes and its anchor cell, read from the decision's prompt."""
    found = _SHOVE.match(observation.get("prompt") or "")
    if observation.get("pending") != "shove" or found is None:
        return None
    for i, w in enumerate(observation["wrestlers"]):
        if w["name"] == found["who"] and w["square"] == found["square"]:
            return i, mat.parse_square(w["square"])
    return None


def thrown_into_corner(observation: dict[str, Any]) -> int | None:
    """The turnbuckle a wrestler thrown into a corner may be smashed against (the rebound decision)."""
    found = _CORNER.match(observation.get("prompt") or "")
    if observation.get("pending") != "rebound" or found is None:
        return None
    w = next((w for w in observation["wrestlers"] if w["name"] == found["who"] and w["square"]), None)
    if w is None or w["where"] != "ring":
        return None
    return mat.TURNBUCKLE_AT[w["size"]][mat.parse_square(w["square"])]


def lifted_by(observation: dict[str, Any], lifter: int) -> int | None:
    """The index of the wrestler ``lifter`` holds overhead, if any."""
    name = observation["wrestlers"][lifter].get("lifting")
    return indices(observation).get(name) if name else None


def picks(observation: dict[str, Any], actions: Sequence[str]) -> list[Pick]:
    """The path of parts clicked for each of ``actions`` that has a place on the mat."""
    labels = indices(observation)
    wrestlers = observation["wrestlers"]
    acting = observation.get("pending") == "act"
    corner = thrown_into_corner(observation)
    found: list[Pick] = []
    for name in actions:
        path = _path(name, labels, wrestlers, acting, corner)
        if path:
            found.append(Pick(name, path))
    return found


def _path(name: str, labels: dict[str, int], wrestlers: list[dict[str, Any]], acting: bool,
          corner: int | None) -> tuple[str, ...] | None:
    verb, _, rest = name.partition(" ")
    if verb in ("place", "land"):
        return (square_pick(rest),)
    if verb == "corner":
        return (square_pick(f"TB-{rest}"),)
    if verb == "shove":
        return (direction_pick(rest),)
    if verb == "rebound":
        return (rope_pick(rest),)
    if name == "smash":
        return (square_pick(mat.SQUARE_NAMES[corner]),) if corner is not None else None
    if verb == "throw":
        thrower = next((i for i, w in enumerate(wrestlers) if w.get("active") and w.get("lifting")), None)
        load = labels.get(wrestlers[thrower]["lifting"]) if acting and thrower is not None else None
        # in an activation the load is picked first (the lifter's own click offers its moves)
        return (square_pick(rest),) if load is None else (wrestler_pick(load), square_pick(rest))
    if verb in SELF_VERBS and rest in labels:
        return (wrestler_pick(labels[rest]),)
    if verb == "move":
        who, _, square = rest.rpartition(" ")
        return (wrestler_pick(labels[who]), square_pick(square)) if who in labels else None
    if verb == "climb" and rest in labels:
        w = wrestlers[labels[rest]]
        if w["square"] is None:
            return None
        tb = mat.TURNBUCKLE_AT[w["size"]][mat.parse_square(w["square"])]
        return None if tb is None else (wrestler_pick(labels[rest]), square_pick(mat.SQUARE_NAMES[tb]))
    if verb == "dismount" and rest in labels:
        w = wrestlers[labels[rest]]
        if w["square"] not in mat.TURNBUCKLE_NAMES.values():
            return None
        floor = mat.CORNER_FLOOR[mat.parse_square(w["square"])]  # the floor square by the turnbuckle
        return (wrestler_pick(labels[rest]), square_pick(mat.SQUARE_NAMES[floor]))
    if verb == "use":
        tail = _after_ability(rest, labels)
        if tail is None:
            return None
        rest, verb = tail, ("bounce" if " off " in tail and _pair(tail, labels) is None else "attack")
        if tail in labels:
            return None  # a Devastating ability hits everyone in contact: no one to pick
    if verb == "bounce":
        who, _, side = rest.rpartition(" off ")
        return (wrestler_pick(labels[who]), rope_pick(side)) if who in labels and side in mat.ROPES else None
    if verb in (*ATTACK_VERBS, "attack"):
        pair = _pair(rest, labels)
        return None if pair is None else (wrestler_pick(pair[0]), wrestler_pick(pair[1]))
    return None
