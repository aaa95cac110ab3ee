"""Ring skirmish decisions: the legal answers to each pending decision and why any other is refused."""

from __future__ import annotations

import math

import numpy as np

from turnbuckle.engine.actions import Action
from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import (
    BID,
    BOOST,
    CORNER,
    COUNTER,
    DEST,
    FACE,
    FLAUNT_EFFECT,
    FLAUNT_EFFECTS,
    PHASE_NAMES,
    PLACE,
    PUSH,
    PUSH_MAX,
    ROUTE,
    STARTER,
    TURN,
    id_of,
)
from turnbuckle.games.skirmish.maneuvers import ManeuverRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class DecisionRules(ManeuverRules):
    """Each phase's legal decision ids, and the reason an action is not among them."""

    def _legal_ids(self) -> list[int]:
        g = self.game
        phase = self.phase
        by = g.actions.by_name
        if phase == TURN:
            known = self._opts
            options = known[1] if known is not None and known[0] == self.chooser else \
                self._maneuver_options(self.chooser, False)
            ids = [a for a, _ in options]
            return [*ids, id_of(by, "end turn")]
        if phase == BID:
            return [id_of(by, f"bid {k}") for k in range(self.pool[self.chooser] + 1)]
        if phase == DEST:
            named, grid = self._destinations()
            return [*named, *grid.tolist()]
        if phase == FACE:
            return self._facing_ids()
        if phase == ROUTE:
            return [g.route_base, *(g.route_base + 1 + geo.ROPES.index(side) for side in self.pend["routes"])]
        if phase == BOOST:
            return [id_of(by, "no boost"), id_of(by, "boost")]
        if phase == COUNTER:
            return [id_of(by, "no counter"), *(a for a, _ in self._maneuver_options(self.chooser, True))]
        if phase == PUSH:
            stop = self.pend["stop"]
            limit = min(20 * self.pend["sdv"], stop)
            ids = [g.push_base + d for d in range(min(PUSH_MAX, math.ceil(limit / geo.UNIT - 1e-9)))
                   if d * geo.UNIT < limit - 1e-9]
            if limit > 1e-9:
                ids.append(g.push_max)
            return ids or [g.push_base]
        if phase == PLACE:
            return [g.place_base + i for i in range(len(geo.REAR_BEARINGS))]
        if phase == FLAUNT_EFFECT:
            chosen = self.pend["chosen"]
            ids = [g.effect_base + i for i, e in enumerate(FLAUNT_EFFECTS) if e not in chosen]
            if "drain" not in chosen:
                ids += [g.drain_base + p for p in self._opponents(self.pend["player"])]
            return ids
        if phase == CORNER:
            taken = set(self.corner)
            return [id_of(by, f"corner {c}") for c in geo.CORNERS if c not in taken]
        if phase == STARTER:
            return [id_of(by, "starter 1"), id_of(by, "starter 2")]
        return []

    def _why_illegal(self, action: Action) -> str:
        g = self.game
        name = action.name
        phase = self.phase
        if phase == BID and name.startswith("bid "):
            return f"bid larger than the pool ({self.pool[self.chooser]})"
        if phase in (TURN, COUNTER) and action.id in g.maneuver_spec:
            mi, seat, _ = g.maneuver_spec[action.id]
            m = g.maneuvers[mi]
            p = self.chooser
            if mi in self.used[p]:
                return f"{m.name} was already performed this round (each maneuver once per round)"
            budget = self.left[p] + (self.pool[p] if phase == COUNTER else 0)
            if self._cost(p, mi) > budget:
                return f"{m.name} costs {self._cost(p, mi)} AP and only {budget} are available"
            if mi not in g.own[self.models[self.active[p]].wrestler]:
                return f"{m.name} is not this wrestler's maneuver"
            if seat >= 0:
                return "the target is not in range, not in the front arc, or a requirement is not met"
            return "a requirement of the maneuver is not met"
        if phase == DEST:
            point = self._name_point(name)
            if point is not None:
                mover = self.models[self.pend["mover"]]
                if not geo.inside(point, mover.r):
                    return "outside the ring"
                if any(geo.overlaps(point, mover.r, o.pos, o.r) for o in self._others(self.pend["mover"])):
                    return "overlaps another model's base"
                via = self.pend.get("via")
                if via is None:
                    length = geo.PathFinder(mover.pos, mover.r, self._obstacles(self.pend["mover"])).length(point)
                else:
                    length = float(geo.via_rope_lengths(mover.pos, mover.r, via, np.array([float(point[0])]),
                                                        np.array([float(point[1])]),
                                                        self._obstacles(self.pend["mover"]))[0])
                if length > self.pend["limit"] + 1e-9:
                    shown = "no path" if math.isinf(length) else f"{length / geo.UNIT:.2f}"
                    return f"too far: {shown} > {self.pend['limit'] / geo.UNIT:g} inches"
            return "not a destination offered now"
        offered = self.legal_actions()
        legal = ", ".join(a.name for a in offered[:12]) + (", ..." if len(offered) > 12 else "")
        return f"{PHASE_NAMES[phase]} decision expected (legal: {legal})"

    def _name_point(self, name: str) -> geo.Point | None:
        parts = name.split()
        if len(parts) == 3 and parts[0] == "move":
            try:
                return (round(float(parts[1]) * geo.UNIT), round(float(parts[2]) * geo.UNIT))
            except ValueError:
                return None
        return None

