"""Ring skirmish setup and rounds (SK-2, SK-3): roll-offs, starters, corners, secret bids, turn order, turns."""

from __future__ import annotations

from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import (
    BID,
    BID_ORDER,
    CORNER,
    FIRST_GAIN,
    MAX_AP,
    OVER,
    ROUND_GAIN,
    SETUP_ORDER,
    STARTER,
    TURN,
)
from turnbuckle.games.skirmish.destinations import DestinationRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class RoundRules(DestinationRules):
    """Starting the game, the round's bids and the order of turns; a turn ends when nothing else is legal."""

    # -- SK-2 STARTING THE GAME ------------------------------------------------------------------------
    def _on_order(self, perm: tuple[int, ...]) -> None:
        if self.phase == SETUP_ORDER:
            self.setup_order = list(perm)
            self.emit("roll_off", order=list(perm))
            if self.game.per_side > 1:
                self.phase = STARTER
                self.chooser = perm[0]
                self.pend = {"step": 0}
            else:
                self._next_corner(0)
            return
        # BID_ORDER: order one group of tied bidders (SK-3.2, R-SK-19)
        group = self.tie_groups.pop(0)
        start = self.order.index(min(group, key=self.order.index))
        self.order[start : start + len(group)] = list(perm)
        self.emit("bid_roll_off", order=list(perm))
        if self.tie_groups:
            return
        self._start_turns()

    def _on_starter(self, index: int) -> None:
        p = self.chooser
        self.active[p] = self.game.team(p)[index]
        self.emit("starter", player=p, wrestler=self.game.profiles[self.active[p]].name)
        step = self.pend["step"] + 1
        if step < self.game.players:
            self.pend = {"step": step}
            self.chooser = self.setup_order[step]
        else:
            self._next_corner(0)

    def _next_corner(self, step: int) -> None:
        """The first (and third) in the roll-off choose a corner; the next takes the opposite one."""
        order = self.setup_order
        while step < len(order):
            p = order[step]
            if step % 2 == 1:
                self._place_start(p, geo.OPPOSITE[self.corner[order[step - 1]]])
                step += 1
                continue
            free = [c for c in geo.CORNERS if c not in self.corner]
            if len(free) == 1:
                self._place_start(p, free[0])
                step += 1
                continue
            self.phase = CORNER
            self.chooser = p
            self.pend = {"step": step}
            return
        self.pend = {}
        self._start_round()

    def _on_corner(self, corner: str) -> None:
        step = self.pend["step"]
        self._place_start(self.chooser, corner)
        self._next_corner(step + 1)

    def _place_start(self, player: int, corner: str) -> None:
        self.corner[player] = corner
        m = self.models[self.active[player]]
        m.x, m.y = geo.start_spot(corner)
        m.fx, m.fy = geo.toward(m.pos, (geo.RING // 2, geo.RING // 2))
        m.in_ring = True
        self.emit("placed", player=player, wrestler=self.game.profiles[m.wrestler].name, corner=corner,
                  x=m.x / geo.UNIT, y=m.y / geo.UNIT)

    # -- SK-3 ROUND OVERVIEW --------------------------------------------------------------------------
    def _start_round(self) -> None:
        g = self.game
        if self.round >= g.max_rounds:
            self.phase = OVER
            self.emit("round_limit", rounds=self.round)
            return
        self.round += 1
        gain = FIRST_GAIN if self.round == 1 else ROUND_GAIN
        for p in range(g.players):
            self.pool[p] = min(MAX_AP, self.pool[p] + gain)
            self.used[p] = set()
            self.bid[p] = 0
            self.left[p] = 0
            self.bid_in[p] = False
        for m in self.models:
            m.jockeyed = False
        self.flaunt_pin = [0] * g.players
        self.tag_double = [False] * g.players
        self.revealed = False
        self.order = []
        self.turn_index = -1
        self.emit("round", round=self.round, pools=list(self.pool))
        self.phase = BID
        self.chooser = 0

    def _on_bid(self, amount: int) -> None:
        p = self.chooser
        self.bid[p] = amount
        self.bid_in[p] = True
        self.emit("bid_submitted", player=p)
        if p + 1 < self.game.players:
            self.chooser = p + 1
            return
        # simultaneous reveal; the lowest bid takes the first turn (SK-3.2)
        self.revealed = True
        for q in range(self.game.players):
            self.pool[q] -= self.bid[q]
            self.left[q] = self.bid[q]
        self.emit("bids_revealed", bids=list(self.bid))
        self.order = sorted(range(self.game.players), key=lambda q: (self.bid[q], q))
        groups: dict[int, list[int]] = {}
        for q in self.order:
            groups.setdefault(self.bid[q], []).append(q)
        self.tie_groups = [grp for grp in groups.values() if len(grp) > 1]
        if self.tie_groups:
            self.phase = BID_ORDER
            return
        self._start_turns()

    def _start_turns(self) -> None:
        self.emit("turn_order", order=list(self.order))
        self.turn_index = 0
        self._begin_turn()

    def _begin_turn(self) -> None:
        p = self.order[self.turn_index]
        self.emit("turn", player=p, bid_left=self.left[p])
        self.phase = TURN
        self.chooser = p
        self.pend = {}
        self._auto_end()

    def _auto_end(self) -> None:
        """A turn ends by itself when ``end turn`` is the only legal decision (R-SK-25)."""
        if self.phase != TURN:
            return
        options = self._maneuver_options(self.chooser, False)
        if not options:
            self._end_turn()
            return
        self._opts = (self.chooser, options)  # the last change of this step: reused by legal_actions

    def _resume_turn(self) -> None:
        if self.phase == OVER:
            return
        self.pend = {}
        self.phase = TURN
        self.chooser = self.order[self.turn_index]
        self._auto_end()

    def _end_turn(self) -> None:
        self.emit("end_turn", player=self.chooser, unspent=self.left[self.chooser])
        self.turn_index += 1
        if self.turn_index < len(self.order):
            self._begin_turn()
            return
        # SK-3.6: unspent bid APs go back to the pool (capped)
        for p in range(self.game.players):
            self.pool[p] = min(MAX_AP, self.pool[p] + self.left[p])
            self.left[p] = 0
        self._start_round()

