"""RUMBLESLAM damage, KO, removal and the end of the match; pins and Crowd Pleasers."""

from __future__ import annotations

import math

from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.core import CENTER, COUNTER_CAP, FLOOR, LIFTED, OUT, STAT_INDEX, Box, Wrestler
from turnbuckle.games.rumbleslam.dice import BLANK, BOO, CHEER
from turnbuckle.games.rumbleslam.placement import PlacementRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class StatusRules(PlacementRules):
    """What happens to a wrestler's STA, counters and place in the match, and the crowd's verdicts."""

    def _damage(self, w: Wrestler, n: int, why: str = "") -> None:
        """rumbleslam STATS (STA never below 0), KO'D, LIFT (a damaged lifter drops its load)."""
        if n <= 0 or not w.in_ring:
            return
        before = w.sta
        w.sta = max(0, w.sta - n)
        self.emit("damage", {"wrestler": self._label(w), "amount": n, "sta": w.sta, "why": why})
        if w.lifting >= 0:
            self._drop(w)
        if before > 0 and w.sta == 0:
            self._ko(w)

    def _ko(self, w: Wrestler) -> None:
        w.kd = 1
        w.bleed = 0
        w.cp = 0
        self.emit("ko", {"wrestler": self._label(w)})
        if w.lifting >= 0:
            self._drop(w)
        if w.index == self.active:
            self.end_flag = True

    def _knockdown(self, w: Wrestler) -> None:
        if not w.in_ring:
            return
        w.kd = 1
        self.emit("knockdown", {"wrestler": self._label(w)})
        if w.lifting >= 0:
            self._drop(w)

    def _heal(self, w: Wrestler, n: int) -> None:
        if not w.in_ring:
            return
        was_ko = w.ko
        w.sta = min(w.sta_max, w.sta + n)
        if was_ko and w.sta > 0:
            self.emit("recover", {"wrestler": self._label(w), "sta": w.sta})

    def _counter(self, w: Wrestler, rule: str, n: int) -> None:
        """rumbleslam COUNTERS: one of each kind, two only when the effect says 2."""
        field = {"-AP": "m_ap", "+AP": "p_ap", "-MP": "m_mp", "+MP": "p_mp"}[rule]
        current = getattr(w, field)
        cap = 2 if n >= 2 else 1
        new = min(max(current, min(current + n, cap)), COUNTER_CAP)
        setattr(w, field, new)
        self.emit("counter", {"wrestler": self._label(w), "counter": rule, "count": new})

    def _drop(self, lifter: Wrestler) -> None:
        """rumbleslam LIFT: the Lifted wrestler is dropped at once; its controlling player places
        it in base contact with the lifter (or the closest free square), before anything else."""
        t = self.ws[lifter.lifting]
        lifter.lifting = -1
        t.lifted_by = -1  # Lifted by nobody: in the air until placed
        near, contact = (lifter.box(), lifter.box()) if lifter.on_mat else (CENTER, None)
        self.deferred.append(("settle", "drop", t.index, t.player, near, contact))

    def _s_settle(self, purpose: str, index: int, player: int, near: Box, contact: Box | None) -> None:
        """Put a wrestler in the air back on the mat: the player chooses among equally good squares."""
        w = self.ws[index]
        if w.loc != LIFTED or w.lifted_by >= 0:
            return
        spots = self._spots(w, near, contact)
        if not spots:
            self._remove(w, "no room in the ring")
        elif len(spots) == 1:
            self._settle(purpose, w, spots[0])
        else:
            self._push(self._decide_step("place", player, purpose, index, near, contact))

    def _settle(self, purpose: str, w: Wrestler, spot: int) -> None:
        self._place(w, FLOOR, spot)
        if purpose in ("drop", "escape"):
            self.emit(purpose, {"wrestler": self._label(w), "square": mat.SQUARE_NAMES[spot]})

    def _remove(self, w: Wrestler, how: str) -> None:
        """rumbleslam OBJECT OF THE GAME: removed wrestlers leave the game."""
        if w.loc == OUT:
            return
        if w.lifting >= 0:
            # rumbleslam LIFT (AMB-29): the load is dropped; its controlling player places it where
            # the lifter stood next to (R-RS-17), as for any drop
            self._drop(w)
        if w.lifted_by >= 0:
            self.ws[w.lifted_by].lifting = -1
            w.lifted_by = -1
        self._place(w, OUT, -1)
        w.cp = 0
        w.bleed = 0
        self.removed[w.player] += 1
        self.emit("removed", {"wrestler": self._label(w), "how": how})
        if w.index == self.active:
            self.end_flag = True
        self._check_over()

    def _check_over(self) -> None:
        alive = [p for p in range(self.game.players) if any(w.in_ring for w in self.ws if w.player == p)]
        if len(alive) <= 1:
            self._finish(alive, "last team standing" if alive else "no wrestler left")

    def _finish(self, winners: list[int], how: str) -> None:
        n = self.game.players
        if not winners or len(winners) == n:
            self.outcome = (0.0,) * n
        else:
            k = len(winners)
            self.outcome = tuple((n - k) / (k * (n - 1)) if p in winners else -1.0 / (n - 1) for p in range(n))
        self.method = how
        self.over = True
        self.stack.clear()
        self.deferred.clear()
        self.emit("result", {"winners": [self.game.player_label(p) for p in winners], "how": how,
                             "dosh": self.dosh_count})

    def _s_pin(self, a_i: int, t_i: int) -> None:
        """rumbleslam PIN: 1C per WEIGHT each; the defender +1C at half STA, +2C at full; KO'd 1C."""
        a, t = self.ws[a_i], self.ws[t_i]
        if not self._contact(a, t) or not t.kd:
            return
        aw = self.game.entrants[a_i].profile.weight
        if t.ko:
            dn = 1
        else:
            dn = self.game.entrants[t_i].profile.weight
            if t.sta == t.sta_max:
                dn += 2
            elif t.sta >= math.ceil(t.sta_max / 2):
                dn += 1
        self._push(("roll", tuple((0, "C") for _ in range(aw)) + tuple((1, "C") for _ in range(dn))),
                   *self._reroll_steps("opp", (0, 0), 0, (a.player, t.player)),
                   ("pin_done", a_i, t_i))

    def _s_pin_done(self, a_i: int, t_i: int) -> None:
        a, t = self.ws[a_i], self.ws[t_i]
        A, D = self._total(0), self._total(1)
        self._emit_roll("pin", attacker=self._label(a), defender=self._label(t), totals=[A, D], success=A > D)
        if A > D and t.in_ring:
            self.emit("pinned", {"attacker": self._label(a), "wrestler": self._label(t)})
            self._push(("crowd_pleaser", a_i))
            self._remove(t, "pinned")

    def _s_crowd_pleaser(self, w_i: int) -> None:
        w = self.ws[w_i]
        if not w.in_ring or w.ko:
            return
        # the faces worth re-rolling (rumbleslam CROWD PLEASER / HEEL)
        if self.game.entrants[w_i].profile.heel:
            bad: tuple[int, ...] = () if w.cp_lock else (CHEER, BLANK)
        else:
            bad = (BOO,) if w.cp_lock else (BOO, BLANK)
        self._push(*self._crowd_roll(w.player, 1, bad), ("cp_done", w_i))

    def _s_cp_done(self, w_i: int) -> None:
        """rumbleslam CROWD PLEASER / HEEL."""
        w = self.ws[w_i]
        face = self.buf[0][2]
        prof = self.game.entrants[w_i].profile
        self._emit_roll("crowd pleaser", wrestler=self._label(w))
        if not w.in_ring:
            return
        success = fail = False
        if prof.heel:
            success = face == BOO and not w.cp_lock
        else:
            if face == CHEER and not w.cp_lock:
                success = True
            elif face == BOO:
                fail = True
        if success:
            w.cp_lock = True
            w.cp = 1
            self.emit("crowd_pleaser", {"wrestler": self._label(w), "name": prof.crowd_pleaser.name,
                                        "result": "success"})
            self._cp_effect(w)
        elif fail:
            w.cp_lock = True
            self._counter(w, "-AP", 1)
            self.emit("crowd_pleaser", {"wrestler": self._label(w), "name": prof.crowd_pleaser.name,
                                        "result": "boo"})
        else:
            self.emit("crowd_pleaser", {"wrestler": self._label(w), "name": prof.crowd_pleaser.name,
                                        "result": "nothing"})

    def _cp_effect(self, w: Wrestler) -> None:
        cp = self.game.entrants[w.index].profile.crowd_pleaser
        if cp.effect == "bonus":
            assert cp.stat is not None
            targets = [w] + ([o for o in self._in_contact(w) if not self._enemy(w, o)] if cp.scope == "friends" else [])
            for o in targets:
                b = list(o.bonus)
                b[STAT_INDEX[cp.stat]] += cp.amount
                o.bonus = (b[0], b[1], b[2], b[3])
        elif cp.effect == "heal":
            self._heal(w, cp.amount)
        elif cp.effect == "ap":
            if w.index == self.active:
                w.ap += cp.amount
            else:
                self._counter(w, "+AP", cp.amount)
        elif cp.effect == "mp":
            if w.index == self.active:
                w.mp += cp.amount
            else:
                self._counter(w, "+MP", cp.amount)
        elif cp.effect == "enemy_counter":
            for o in self._in_contact(w):
                if self._enemy(w, o):
                    if cp.counter == "KNOCKDOWN":
                        self._knockdown(o)
                    elif cp.counter == "BLEEDING":
                        if not o.ko:
                            o.bleed = 1
                    else:
                        assert cp.counter is not None
                        self._counter(o, cp.counter, 1)
