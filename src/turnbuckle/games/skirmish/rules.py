"""The ring skirmish game (``skirmish``): the whole rule text as an engine state machine.

Section ids in comments (``SK-7.7``) are the headings of ``ring-skirmish.txt`` as numbered by
``ring-skirmish-checklist.md``; the rulings (``R-SK-n``) are in ``docs/rulings.md``.

Every die roll is an explicit chance node: hit pools are rolled in batches (``dice 5s=a 6s=b``:
the fives and sixes among the batch's dice), and every six adds a die to the next batch, so
critical hits explode without limit. Move and Whip distances are plain totals (``total 7``).
Pending resolution steps are plain data (``phase`` and the ``pend`` dict), so clones and JSON are
trivial.
"""

from __future__ import annotations

import math
from bisect import bisect_left

import numpy as np

from turnbuckle.engine.actions import Action
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import (
    BID,
    BID_ORDER,
    BOOST,
    CHANCE_PHASES,
    CORNER,
    COUNTER,
    DEST,
    FACE,
    FIRST_GAIN,
    FLAUNT_CAP,
    FLAUNT_EFFECT,
    MOVE_ROLL,
    OVER,
    PHASE_NAMES,
    PIN_COUNT,
    PLACE,
    PUSH,
    ROLL,
    ROPE_END,
    ROUND_GAIN,
    ROUTE,
    SETUP_ORDER,
    STARTER,
    TURN,
    WHIP_ROLL,
    Model,
    _id,
)
from turnbuckle.games.skirmish.dice import BATCHES, MAX_DICE, TOTALS
from turnbuckle.games.skirmish.game import (
    FLAUNT_EFFECTS,
    MATCH_TYPES,
    MAX_AP,
    PACKAGE,
    PUSH_MAX,
    SkirmishGame,
    load_chart,
    load_roster,
)
from turnbuckle.games.skirmish.specials import SpecialRules

__all__ = [
    "BATCHES", "BID", "BID_ORDER", "BOOST", "CHANCE_PHASES", "CORNER", "COUNTER", "DEST", "FACE", "FIRST_GAIN",
    "FLAUNT_CAP", "FLAUNT_EFFECT", "FLAUNT_EFFECTS", "MATCH_TYPES", "MAX_AP", "MAX_DICE", "MOVE_ROLL", "OVER",
    "PACKAGE", "PHASE_NAMES", "PIN_COUNT", "PLACE", "PUSH", "PUSH_MAX", "ROLL", "ROPE_END", "ROUND_GAIN", "ROUTE",
    "SETUP_ORDER", "STARTER", "TOTALS", "TURN", "WHIP_ROLL", "Model", "SkirmishGame", "SkirmishState", "load_chart",
    "load_roster"]


class SkirmishState(SpecialRules):
    """A match in progress."""

    game: SkirmishGame

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER or self.phase in CHANCE_PHASES:
            return []
        if self._cache is None:
            if self.phase == DEST:  # hundreds of grid points: one numpy sort and index
                named, grid = self._destinations()
                ids = np.sort(np.concatenate((np.fromiter(named, dtype=np.int64, count=len(named)), grid)))
                self._cache = self.game.decision_array[ids].tolist()
                self._legal_ids_sorted = ids.tolist()
            else:
                table = self.game.decision_list
                self._legal_ids_sorted = sorted(self._legal_ids())
                self._cache = [table[i] for i in self._legal_ids_sorted]
        return self._cache

    def _is_allowed(self, action: Action) -> bool:
        g = self.game
        if self.phase in CHANCE_PHASES:
            outcomes = self.chance_outcomes()
            return 0 <= action.id < len(g.chance_list) and g.chance_list[action.id] == action and any(
                a.id == action.id for a, _ in outcomes)
        if self.phase == OVER:
            return False
        if not (0 <= action.id < len(g.decision_list) and g.decision_list[action.id] == action):
            return False
        if self.phase == DEST and self._cache is None:
            # cheap path for replays: one destination checked alone, no full grid
            if action.id in self._named_destinations()[0]:
                return True
            return g.grid_base <= action.id < g.push_base and self._grid_destination_ok(action.id)
        self.legal_actions()
        ids = self._legal_ids_sorted
        at = bisect_left(ids, action.id)
        return at < len(ids) and ids[at] == action.id and 0 <= action.id < len(g.decision_list) \
            and g.decision_list[action.id] == action

    def _illegal_message(self, action: Action) -> str:
        if self.phase in CHANCE_PHASES or self.phase == OVER:
            return super()._illegal_message(action)
        reason = self._why_illegal(action)
        who = self.game.player_label(self.chooser)
        return f"{action.name!r} is not legal for {who} now: {reason}"

    def _legal_ids(self) -> list[int]:
        g = self.game
        phase = self.phase
        by = g.actions.by_name
        if phase == TURN:
            known = self._opts
            options = known[1] if known is not None and known[0] == self.chooser else \
                self._maneuver_options(self.chooser, False)
            ids = [a for a, _ in options]
            return [*ids, _id(by, "end turn")]
        if phase == BID:
            return [_id(by, f"bid {k}") for k in range(self.pool[self.chooser] + 1)]
        if phase == DEST:
            named, grid = self._destinations()
            return [*named, *grid.tolist()]
        if phase == FACE:
            return self._facing_ids()
        if phase == ROUTE:
            return [g.route_base, *(g.route_base + 1 + geo.ROPES.index(side) for side in self.pend["routes"])]
        if phase == BOOST:
            return [_id(by, "no boost"), _id(by, "boost")]
        if phase == COUNTER:
            return [_id(by, "no counter"), *(a for a, _ in self._maneuver_options(self.chooser, True))]
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
            return [_id(by, f"corner {c}") for c in geo.CORNERS if c not in taken]
        if phase == STARTER:
            return [_id(by, "starter 1"), _id(by, "starter 2")]
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

    def _apply(self, action: Action) -> None:
        self._cache = None
        self._opts = None
        named = self._named
        self._dest = None
        self._named = None
        phase = self.phase
        g = self.game
        if phase == ROLL:
            self._on_batch(*g.batch_of[action.id])
        elif phase in (MOVE_ROLL, WHIP_ROLL):
            self._on_total(action.id - g.total_base)
        elif phase == TURN:
            if action.name == "end turn":
                self._end_turn()
            else:
                self._declare(self.chooser, g.maneuver_spec[action.id], counter=False)
        elif phase == BID:
            self._on_bid(int(action.name.split()[1]))
        elif phase == DEST:
            if named is None:
                named = self._named_destinations()
                self._named = None
            points = named[0]
            self._on_destination(points[action.id] if action.id in points
                                 else geo.GRID_POINTS[action.id - g.grid_base])
        elif phase == FACE:
            self._on_facing(action)
        elif phase == ROUTE:
            self._on_route(action.id - g.route_base)
        elif phase == BOOST:
            self._on_boost(action.name == "boost")
        elif phase == COUNTER:
            if action.name == "no counter":
                self.emit("no_counter", player=self.chooser)
                self._resume_turn()
            else:
                self._declare(self.chooser, g.maneuver_spec[action.id], counter=True)
        elif phase == PUSH:
            self._on_push(action)
        elif phase == PLACE:
            self._on_place(geo.REAR_BEARINGS[action.id - g.place_base])
        elif phase == FLAUNT_EFFECT:
            self._on_effect(action)
        elif phase in (SETUP_ORDER, BID_ORDER):
            self._on_order(g.order_of[action.id])
        elif phase == CORNER:
            self._on_corner(action.name.split()[1])
        elif phase == STARTER:
            self._on_starter(int(action.name.split()[1]) - 1)

    def _declare(self, player: int, spec: tuple[int, int, str], counter: bool) -> None:
        """Pay for and start a maneuver; ``spec`` is (maneuver, target seat or -1, stat)."""
        g = self.game
        mi, seat, stat = spec
        target = self.active[seat] if seat >= 0 else -1
        m = g.maneuvers[mi]
        cost = self._cost(player, mi)
        if counter:
            from_pool = min(self.pool[player], cost)  # R-SK-33: pool first, then bid
            self.pool[player] -= from_pool
            self.left[player] -= cost - from_pool
        else:
            self.left[player] -= cost
        if "tag" in m.effects:
            self.tag_double[player] = False
        self.used[player].add(mi)
        me_index = self.active[player]
        me = self.models[me_index]
        if mi == g.jockey_index:
            me.jockeyed = True
        self.emit("maneuver", player=player, wrestler=g.profiles[me.wrestler].name, maneuver=m.name, kind=m.kind,
                  cost=cost, counter=counter,
                  target=g.profiles[self.models[target].wrestler].name if target >= 0 else None,
                  stat=stat if len(m.stats) > 1 and m.kind in ("attack", "pin") else None)
        if m.kind == "move":
            self._start_move(player, mi, me_index)
        elif m.kind in ("attack", "pin"):
            d = self.models[target]
            self.pend = {"man": mi, "player": player, "model": me_index, "target": target, "tplayer": d.player,
                         "stat": stat, "counter": counter, "count": 0, "roped": []}
            self._start_rolloff()
        else:
            self._special(player, mi, me_index)
