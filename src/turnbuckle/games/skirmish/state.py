"""The ring skirmish state machine (``SkirmishState``): the engine loop over the rule layers.

Section ids in comments (``SK-7.7``) are the headings of ``ring-skirmish.txt`` as numbered by
``ring-skirmish-checklist.md``; the rulings (``R-SK-n``) are in ``docs/rulings.md``.

Every die roll is an explicit chance node: hit pools are rolled in batches (``dice 5s=a 6s=b``:
the fives and sixes among the batch's dice), and every six adds a die to the next batch, so
critical hits explode without limit. Move and Whip distances are plain totals (``total 7``).
Pending resolution steps are plain data (``phase`` and the ``pend`` dict), so clones and JSON are
trivial.

The rule families live in layers, each a class extending the one before it (``core`` ..
``decisions``); this module holds the legal-action contract and applies a chosen action.
"""

from __future__ import annotations

from bisect import bisect_left

import numpy as np

from turnbuckle.engine.actions import Action
from turnbuckle.engine.native import mypyc_attr
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
    FLAUNT_EFFECT,
    MOVE_ROLL,
    OVER,
    PLACE,
    PUSH,
    ROLL,
    ROUTE,
    SETUP_ORDER,
    STARTER,
    TURN,
    WHIP_ROLL,
)
from turnbuckle.games.skirmish.decisions import DecisionRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (turnbuckle.engine.game)
class SkirmishState(DecisionRules):
    """A match in progress: the rule layers (core, prompts, menu, destinations, rounds, damage,
    movement, placement, attacks, pins, specials, maneuvers, decisions), each using only the ones
    before it (or a stub it names, filled in by a later layer)."""

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

