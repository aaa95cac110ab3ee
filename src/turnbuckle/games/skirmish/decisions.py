"""Ring skirmish decisions: the legal answers to each pending decision and why any other is refused.

Each phase's legal decision ids, and the reason an action is not among them.

Reads: _opts, active, chooser, corner, left, models, pend, phase, pool, used
Writes: _cache, _legal_ids_sorted
"""

from __future__ import annotations

import math
from bisect import bisect_left
from typing import TYPE_CHECKING

import numpy as np

from turnbuckle.engine.actions import Action
from turnbuckle.engine.errors import IllegalActionError
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.chance import chance_outcomes
from turnbuckle.games.skirmish.core import (
    BID,
    BOOST,
    CHANCE_PHASES,
    CORNER,
    COUNTER,
    DEST,
    FACE,
    FLAUNT_EFFECT,
    FLAUNT_EFFECTS,
    OLD_FACING_NAMES,
    OVER,
    PHASE_NAMES,
    PLACE,
    PUSH,
    PUSH_MAX,
    ROUTE,
    STARTER,
    TURN,
    id_of,
    obstacles_of,
    opponents_of,
    others_in_ring,
)
from turnbuckle.games.skirmish.destinations import destinations, facing_ids, grid_destination_ok, named_destinations
from turnbuckle.games.skirmish.menu import maneuver_cost, maneuver_options

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


def legal_actions(st: SkirmishState) -> list[Action]:
    """The chooser's decisions, sorted by id; memoised in ``_cache`` until the next action."""
    if st.phase == OVER or st.phase in CHANCE_PHASES:
        return []
    if st._cache is None:
        if st.phase == DEST:  # hundreds of grid points: one numpy sort and index
            named, grid = destinations(st)
            ids = np.sort(np.concatenate((np.fromiter(named, dtype=np.int64, count=len(named)), grid)))
            st._cache = st.game.decision_array[ids].tolist()
            st._legal_ids_sorted = ids.tolist()
        else:
            table = st.game.decision_list
            st._legal_ids_sorted = sorted(legal_ids(st))
            st._cache = [table[i] for i in st._legal_ids_sorted]
    return st._cache


def is_allowed(st: SkirmishState, action: Action) -> bool:
    g = st.game
    if st.phase in CHANCE_PHASES:
        outcomes = chance_outcomes(st)
        return 0 <= action.id < len(g.chance_list) and g.chance_list[action.id] == action and any(
            a.id == action.id for a, _ in outcomes)
    if st.phase == OVER:
        return False
    if not (0 <= action.id < len(g.decision_list) and g.decision_list[action.id] == action):
        return False
    if st.phase == DEST and st._cache is None:
        # cheap path for replays: one destination checked alone, no full grid
        if action.id in named_destinations(st)[0]:
            return True
        return g.grid_base <= action.id < g.push_base and grid_destination_ok(st, action.id)
    legal_actions(st)
    ids = st._legal_ids_sorted
    at = bisect_left(ids, action.id)
    return at < len(ids) and ids[at] == action.id and 0 <= action.id < len(g.decision_list) \
        and g.decision_list[action.id] == action


def illegal_message(st: SkirmishState, action: Action) -> str:
    """Why a decision is refused, for the chooser (chance and the match's end: the engine's words)."""
    reason = why_illegal(st, action)
    who = st.game.player_label(st.chooser)
    return f"{action.name!r} is not legal for {who} now: {reason}"


def typed_name(st: SkirmishState, text: str) -> str:
    """The action name ``text`` stands for: typed points such as ``move 12.5 8`` (normalised to
    ``move 12.5 8.0``), and the facings' old names (``face 90``, degrees counter-clockwise from east)
    that stored matches and replays from before the compass names hold. Raises for a point off the grid."""
    parts = text.split()
    if len(parts) == 2 and parts[0] == "face" and parts[1] in OLD_FACING_NAMES:
        return f"face {OLD_FACING_NAMES[parts[1]]}"
    if len(parts) == 3 and parts[0] == "move":
        try:
            x, y = float(parts[1]), float(parts[2])
        except ValueError:
            return text
        if not (math.isfinite(x) and math.isfinite(y)):  # 'move 1e999 1', 'move nan 2'
            return text
        name = f"move {x:.1f} {y:.1f}"
        if st.game.actions.by_name(name) is None:
            nx = min(29.5, max(0.5, round(x * 2) / 2))
            ny = min(29.5, max(0.5, round(y * 2) / 2))
            raise IllegalActionError(f"{text!r} is not on the 0.5-inch grid; nearest: move {nx:.1f} {ny:.1f}")
        return name
    return text


def legal_ids(st: SkirmishState) -> list[int]:
    g = st.game
    phase = st.phase
    by = g.actions.by_name
    if phase == TURN:
        known = st._opts
        options = known[1] if known is not None and known[0] == st.chooser else \
            maneuver_options(st, st.chooser, False)
        ids = [a for a, _ in options]
        return [*ids, id_of(by, "end turn")]
    if phase == BID:
        return [id_of(by, f"bid {k}") for k in range(st.pool[st.chooser] + 1)]
    if phase == DEST:
        named, grid = destinations(st)
        return [*named, *grid.tolist()]
    if phase == FACE:
        return facing_ids(st)
    if phase == ROUTE:
        return [g.route_base, *(g.route_base + 1 + geo.ROPES.index(side) for side in st.pend["routes"])]
    if phase == BOOST:
        return [id_of(by, "no boost"), id_of(by, "boost")]
    if phase == COUNTER:
        return [id_of(by, "no counter"), *(a for a, _ in maneuver_options(st, st.chooser, True))]
    if phase == PUSH:
        stop = st.pend["stop"]
        limit = min(20 * st.pend["sdv"], stop)
        ids = [g.push_base + d for d in range(min(PUSH_MAX, math.ceil(limit / geo.UNIT - 1e-9)))
               if d * geo.UNIT < limit - 1e-9]
        if limit > 1e-9:
            ids.append(g.push_max)
        return ids or [g.push_base]
    if phase == PLACE:
        return [g.place_base + i for i in range(len(geo.REAR_BEARINGS))]
    if phase == FLAUNT_EFFECT:
        chosen = st.pend["chosen"]
        ids = [g.effect_base + i for i, e in enumerate(FLAUNT_EFFECTS) if e not in chosen]
        if "drain" not in chosen:
            ids += [g.drain_base + p for p in opponents_of(st, st.pend["player"])]
        return ids
    if phase == CORNER:
        taken = set(st.corner)
        return [id_of(by, f"corner {c}") for c in geo.CORNERS if c not in taken]
    if phase == STARTER:
        return [id_of(by, "starter 1"), id_of(by, "starter 2")]
    return []


def why_illegal(st: SkirmishState, action: Action) -> str:
    g = st.game
    name = action.name
    phase = st.phase
    if phase == BID and name.startswith("bid "):
        return f"bid larger than the pool ({st.pool[st.chooser]})"
    if phase in (TURN, COUNTER) and action.id in g.maneuver_spec:
        mi, seat, _ = g.maneuver_spec[action.id]
        m = g.maneuvers[mi]
        p = st.chooser
        if mi in st.used[p]:
            return f"{m.name} was already performed this round (each maneuver once per round)"
        budget = st.left[p] + (st.pool[p] if phase == COUNTER else 0)
        if maneuver_cost(st, p, mi) > budget:
            return f"{m.name} costs {maneuver_cost(st, p, mi)} AP and only {budget} are available"
        if mi not in g.own[st.models[st.active[p]].wrestler]:
            return f"{m.name} is not this wrestler's maneuver"
        if seat >= 0:
            return "the target is not in range, not in the front arc, or a requirement is not met"
        return "a requirement of the maneuver is not met"
    if phase == DEST:
        point = name_point(st, name)
        if point is not None:
            mover = st.models[st.pend["mover"]]
            if not geo.inside(point, mover.r):
                return "outside the ring"
            if any(geo.overlaps(point, mover.r, o.pos, o.r) for o in others_in_ring(st, st.pend["mover"])):
                return "overlaps another model's base"
            via = st.pend.get("via")
            if via is None:
                length = geo.PathFinder(mover.pos, mover.r, obstacles_of(st, st.pend["mover"])).length(point)
            else:
                length = float(geo.via_rope_lengths(mover.pos, mover.r, via, np.array([float(point[0])]),
                                                    np.array([float(point[1])]),
                                                    obstacles_of(st, st.pend["mover"]))[0])
            if length > st.pend["limit"] + 1e-9:
                shown = "no path" if math.isinf(length) else f"{length / geo.UNIT:.2f}"
                return f"too far: {shown} > {st.pend['limit'] / geo.UNIT:g} inches"
        return "not a destination offered now"
    offered = legal_actions(st)
    legal = ", ".join(a.name for a in offered[:12]) + (", ..." if len(offered) > 12 else "")
    return f"{PHASE_NAMES[phase]} decision expected (legal: {legal})"


def name_point(st: SkirmishState, name: str) -> geo.Point | None:
    parts = name.split()
    if len(parts) == 3 and parts[0] == "move":
        try:
            return (round(float(parts[1]) * geo.UNIT), round(float(parts[2]) * geo.UNIT))
        except ValueError:
            return None
    return None
