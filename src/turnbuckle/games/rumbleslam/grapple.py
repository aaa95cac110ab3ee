"""RUMBLESLAM Lift, escapes, Throws (out of the ring, Live Ammunition) and the turnbuckle."""

from __future__ import annotations

from typing import Any

from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attack_profiles import A_LIFT
from turnbuckle.games.rumbleslam.core import CENTER, FLOOR, LIFTED, SIDE, TB, Wrestler
from turnbuckle.games.rumbleslam.specials import SpecialRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class GrappleRules(SpecialRules):
    """Lifting, getting down, throwing, and climbing, leaping from and falling off the turnbuckle."""

    def _s_escape(self, index: int) -> None:
        # rumbleslam ACTIVATING A LIFTED WRESTLER
        w = self.ws[index]
        if self.end_flag or w.loc != LIFTED:
            return
        lifter = self.ws[w.lifted_by]
        if w.kd:
            if w.ap >= 1:
                w.ap -= 1
                w.kd = 0
                self.emit("stand", {"wrestler": self._label(w)})
            else:
                self.end_flag = True
                return
        if not self._enemy(w, lifter):
            self._escape_to(w, lifter)
            return
        self._push(self._decide_step("defend", w.player, "escape", lifter.index, index, A_LIFT))

    def _escape_to(self, w: Wrestler, lifter: Wrestler) -> None:
        """The escaping wrestler's player places it in base contact with the lifter."""
        lifter.lifting = -1
        w.lifted_by = -1
        near, contact = (lifter.box(), lifter.box()) if lifter.on_mat else (CENTER, None)
        self._push(("settle", "escape", w.index, w.player, near, contact))

    def _s_escape_rolled(self, lifter_i: int, index: int, stat: str, flats: tuple[int, int]) -> None:
        lifter, w = self.ws[lifter_i], self.ws[index]
        a, d = self._total(0) + flats[0], self._total(1) + flats[1]
        self._emit_roll("escape", lifter=self._label(lifter), wrestler=self._label(w), totals=[a, d])
        if w.loc != LIFTED or w.lifted_by != lifter_i:
            return
        if d >= a:
            self._escape_to(w, lifter)
        else:
            self.end_flag = True

    def _s_auto_lift(self, a_i: int, t_i: int, throw: int) -> None:
        """rumbleslam (LIFTED) / (THROW X): a free Lift (and Throw), no roll, no Dirty check."""
        a, t = self.ws[a_i], self.ws[t_i]
        if a.loc != FLOOR or not t.on_mat or a.lifting >= 0 or a.ko or not self._contact(a, t):
            return
        self._lift(a, t)
        if throw:
            self._push(self._decide_step("throw", a.player, a_i, t_i, throw, True))

    def _lift(self, a: Wrestler, t: Wrestler) -> None:
        if t.lifting >= 0:
            self._drop(t)
        self._place(t, LIFTED, -1)
        t.lifted_by = a.index
        a.lifting = t.index
        self.emit("lift", {"lifter": self._label(a), "wrestler": self._label(t)})

    def _s_lift_weight(self, a_i: int, t_i: int, flat: int) -> None:
        a, t = self.ws[a_i], self.ws[t_i]
        total = self._total(0) + flat
        weight = self.game.entrants[t_i].profile.weight
        self._emit_roll("lift", lifter=self._label(a), wrestler=self._label(t), totals=[total, weight],
                        success=total >= weight)
        if total >= weight and a.loc == FLOOR and t.on_mat and self._contact(a, t) and a.lifting < 0:
            self._lift(a, t)

    def _s_climb(self, w_i: int) -> None:
        """rumbleslam CLIMB THE TURNBUCKLE: a WEIGHT 3 wrestler fills just the turnbuckle square."""
        w = self.ws[w_i]
        tb = mat.turnbuckle_touched(w.pos, w.size) if w.loc == FLOOR else None
        if tb is None or self.occ[tb] != -1:
            return
        self._place(w, TB, tb)
        self.emit("climb", {"wrestler": self._label(w), "turnbuckle": mat.TURNBUCKLE_NAMES[tb]})

    def _s_dismount(self, w_i: int) -> None:
        """rumbleslam DISMOUNT THE TURNBUCKLE (WEIGHT 3: IMPACT)."""
        w = self.ws[w_i]
        spot = self._dismount_spot(w) if w.loc == TB else -1
        if spot >= 0:
            self._land(w, spot, ("dismounted", w_i))

    def _s_dismounted(self, w_i: int) -> None:
        w = self.ws[w_i]
        self.emit("dismount", {"wrestler": self._label(w), "square": mat.SQUARE_NAMES[w.pos]})

    def _s_tb_land(self, a_i: int, t_i: int, atk_i: int, anchor: int) -> None:
        """rumbleslam TURNBUCKLE: (JUMP) to a square in base contact with the target, then attack."""
        self._land(self.ws[a_i], anchor, ("tb_landed", a_i, t_i, atk_i))

    def _s_tb_landed(self, a_i: int, t_i: int, atk_i: int) -> None:
        a = self.ws[a_i]
        self.emit("leap", {"wrestler": self._label(a), "square": mat.SQUARE_NAMES[a.pos],
                           "target": self._label(t_i)})
        self._push(("opp_roll", a_i, t_i, atk_i, "def"))

    def _s_tb_test(self, w_i: int, attacker: int) -> None:
        """rumbleslam CLIMB THE TURNBUCKLE: hit up there, test as if thrown out of the ring."""
        w = self.ws[w_i]
        if w.loc != TB:
            return
        self._push(*self._dex_test(w, 0, ("tb_test_done", w_i, attacker)))

    def _dex_test(self, w: Wrestler, bonus: int, after: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        dice, flat = self._pool(w, "dex")
        flat += bonus
        return [("roll", tuple((0, k) for k in dice)),
                *self._reroll_steps("test", (flat, 0), 3, (w.player, w.player)),
                (*after, flat)]

    def _s_tb_test_done(self, w_i: int, attacker: int, flat: int) -> None:
        w = self.ws[w_i]
        total = self._total(0) + flat
        self._emit_roll("stay on the turnbuckle", wrestler=self._label(w), totals=[total], success=total >= 3)
        if w.loc != TB or total >= 3:
            return
        if attacker >= 0 and self.ws[attacker].in_ring:
            self._push(("crowd_pleaser", attacker))
        self._remove(w, "knocked off the turnbuckle")

    def _s_throw_to(self, a_i: int, t_i: int, cell: int, free: bool) -> None:
        """rumbleslam THROW / LIVE AMMUNITION / THROWING A WRESTLER OUT THE RING / ONTO THE TURNBUCKLE /
        AGAINST THE ROPES OR TURNBUCKLE."""
        a, t = self.ws[a_i], self.ws[t_i]
        if t.lifted_by != a_i or t.loc != LIFTED:
            return
        a.lifting = -1
        t.lifted_by = -1
        t.loc = SIDE  # in the air
        self.emit("throw", {"thrower": self._label(a), "wrestler": self._label(t), "square": mat.SQUARE_NAMES[cell]})
        bonus = self.game.tb_throw_bonus if mat.is_turnbuckle(cell) else 0
        if mat.is_rope(cell) or (mat.is_turnbuckle(cell) and self.occ[cell] == -1):
            t.loc = LIFTED  # still in the ring until the test
            if t.ko:
                self._push(("out_done", a_i, t_i, cell, -99))
                self.buf = []
            else:
                self._push(*self._dex_test(t, bonus, ("out_done", a_i, t_i, cell)))
            return
        target = self.occ[cell]
        if target != -1:
            self._live_ammo(a, t, self.ws[target])
            return
        if t.size == 2:
            # rumbleslam THROW: "pick a single square ... part of the wrestler's base must be in that
            # square": where the rest of the base goes is the thrower's player's to place
            anchors = self._cover_anchors(t, cell, set(a.cells()))
            if len(anchors) > 1:
                t.loc = LIFTED  # in the air above the ring until placed
                self._push(self._decide_step("place", a.player, "throw", t_i, (a_i, cell)))
                return
            anchor = anchors[0] if anchors else -1
        else:
            anchor = cell
        if anchor >= 0 and self._land(t, anchor, ("throw_landed", a_i, t_i)):
            return
        anchor = self._nearest_spot(t, mat.box(cell, 1))
        if anchor < 0:
            self._remove(t, "no room in the ring")
            return
        self._place(t, FLOOR, anchor)
        self._push(("throw_landed", a_i, t_i))

    def _s_throw_landed(self, a_i: int, t_i: int) -> None:
        """rumbleslam THROWING AGAINST THE ROPES OR TURNBUCKLE: where it landed decides."""
        a, t = self.ws[a_i], self.ws[t_i]
        if t.loc != FLOOR:
            return
        self.emit("land", {"wrestler": self._label(t), "square": mat.SQUARE_NAMES[t.pos]})
        tb = mat.turnbuckle_touched(t.pos, t.size)
        ropes = mat.ropes_touched(t.pos, t.size)
        if tb is not None:
            self._push(self._decide_step("rebound", a.player, t_i, ropes, True))
        elif len(ropes) == 1:
            self._push(("rebound", t_i, ropes[0]))
        elif ropes:
            self._push(self._decide_step("rebound", a.player, t_i, ropes, False))

    def _s_out_done(self, a_i: int, t_i: int, cell: int, flat: int) -> None:
        a, t = self.ws[a_i], self.ws[t_i]
        total = -99 if flat == -99 else self._total(0) + flat
        if flat != -99:
            self._emit_roll("stay in the ring", wrestler=self._label(t), totals=[total], success=total >= 3)
        if total >= 3:
            if mat.is_turnbuckle(cell) and self.occ[cell] == -1:
                self._place(t, TB, cell)
                self.emit("land", {"wrestler": self._label(t), "square": mat.SQUARE_NAMES[cell]})
                return
            # rumbleslam THROWING A WRESTLER OUT THE RING: "the defending player places the wrestler"
            spots = self._stay_spots(t, cell)
            if len(spots) == 1:
                self._stay(t, spots[0])
                return
            if spots:
                self._push(self._decide_step("stay", t.player, t_i, cell))
                return
        if self._enemy(a, t) and a.in_ring:
            self._push(("crowd_pleaser", a_i))
        self._remove(t, "thrown out of the ring")

    def _stay(self, t: Wrestler, spot: int) -> None:
        """The thrown wrestler stayed in the ring: it lands on ``spot`` (no bounce, R-RS-21)."""
        self._place(t, FLOOR, spot)
        self.emit("land", {"wrestler": self._label(t), "square": mat.SQUARE_NAMES[spot]})

    def _live_ammo(self, a: Wrestler, t: Wrestler, target: Wrestler) -> None:
        """rumbleslam LIVE AMMUNITION: the active player places the thrown wrestler touching the
        target, as close to the thrower as possible (its choice among equals)."""
        t.loc = LIFTED  # in the air, still in the ring
        self._push(("settle", "ammo", t.index, a.player, a.box(), target.box()),
                   ("ammo_hit", a.index, t.index, target.index))

    def _s_ammo_hit(self, a_i: int, t_i: int, g_i: int) -> None:
        t, target = self.ws[t_i], self.ws[g_i]
        if t.loc != FLOOR:
            return  # no room in the ring
        self.emit("live_ammo", {"wrestler": self._label(t), "target": self._label(target),
                                "square": mat.SQUARE_NAMES[t.pos]})
        if target.ko:
            self.buf = []
            self._push(("ammo_done", a_i, t_i, g_i, -99))
        else:
            self._push(*self._dex_test(target, 0, ("ammo_done", a_i, t_i, g_i)))

    def _s_ammo_done(self, a_i: int, t_i: int, g_i: int, flat: int) -> None:
        t, target = self.ws[t_i], self.ws[g_i]
        total = -99 if flat == -99 else self._total(0) + flat
        if flat != -99:
            self._emit_roll("dodge the live ammunition", wrestler=self._label(target), totals=[total],
                            success=total >= 3)
        steps: list[tuple[Any, ...]] = []
        if total < 3 and target.in_ring:
            was_tb = target.loc == TB
            self._damage(target, self.game.entrants[t_i].profile.weight, "live ammunition")
            if was_tb:
                steps.append(("tb_test", g_i, a_i))
        self._damage(t, 1, "thrown")
        self._push(*steps)
