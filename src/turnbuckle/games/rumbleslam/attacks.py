"""RUMBLESLAM actions and attacks: paying for them, Dirty checks, rolls, Beatdowns and Reversals."""

from __future__ import annotations

from typing import Any

from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attack_profiles import A_LIFT, A_TB, LIFT, TRIP
from turnbuckle.games.rumbleslam.core import FLOOR, TB, Wrestler
from turnbuckle.games.rumbleslam.dice import BLANK, BOO
from turnbuckle.games.rumbleslam.menu import MenuRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class AttackRules(MenuRules):
    """Carries out a chosen action: AP, No Class and Dirty checks, the opposed roll and its hit."""

    def _count(self, kind: str) -> bool:
        """rumbleslam DIRTY: No Class is a third identical action in one activation."""
        self.used.append(kind)
        return self.used.count(kind) >= 3

    def _dirty_then(self, w: Wrestler, cont: tuple[Any, ...], auto_pass: bool = False) -> None:
        """rumbleslam DIRTY: first Dirty action 1 Crowd die, later ones 2; a Boo ends it with -AP."""
        self.dirty += 1
        if auto_pass:
            self.emit("dirty", {"wrestler": self._label(w), "dice": 0})
            self._push(cont)
            return
        n = 1 if self.dirty == 1 else 2
        self._push(*self._crowd_roll(w.player, n, (BOO,)), ("dirty_done", w.index, cont))

    def _s_dirty_done(self, index: int, cont: tuple[Any, ...]) -> None:
        w = self.ws[index]
        faces = self._faces()
        self._emit_roll("dirty check", wrestler=self._label(w))
        if BOO in faces:
            self._counter(w, "-AP", 1)
            self.emit("dirty_fail", {"wrestler": self._label(w)})
            self.end_flag = True
            return
        self._push(cont)

    def _do_action(self, w: Wrestler, what: tuple[Any, ...]) -> None:
        step: tuple[Any, ...]
        verb = what[0]
        g = self.game
        if verb == "end":
            self.stack.pop()
            self._push(("end_act", w.index))
            return
        if verb == "move":
            cost = self._reachable(w, w.mp)[what[2]]
            w.mp -= cost
            self._place(w, FLOOR, what[2])
            self.emit("move", {"wrestler": self._label(w), "to": mat.SQUARE_NAMES[what[2]], "mp": cost})
            return
        if verb == "stand":
            w.ap -= 1
            w.kd = 0
            self._count("stand")
            self.emit("stand", {"wrestler": self._label(w)})
            return
        if verb == "cp":
            cost = g.entrants[w.index].profile.cp_cost
            w.ap -= cost
            dirty = self._count("cp") if cost > 0 else False  # a 0AP action is free (rumbleslam DIRTY)
            step = ("crowd_pleaser", w.index)
            if dirty:
                self._dirty_then(w, step)
            else:
                self._push(step)
            return
        if verb == "climb":
            w.ap -= 1
            dirty = self._count("climb")
            step = ("climb", w.index)
            self._dirty_then(w, step) if dirty else self._push(step)
            return
        if verb == "dismount":
            w.ap -= 1
            dirty = self._count("dismount")
            step = ("dismount", w.index)
            self._dirty_then(w, step) if dirty else self._push(step)
            return
        if verb == "tagout":
            w.ap -= 2
            self._push(("tag_out", w.index))
            return
        if verb == "throw":
            w.ap -= 1
            t = self.ws[w.lifting]
            no_class = self._count("throw")
            step = ("throw_to", w.index, t.index, what[1], False)
            # rumbleslam DIRTY: throwing an enemy who isn't KO'd is Dirty
            if (self._enemy(w, t) and not t.ko) or no_class:
                self._dirty_then(w, step)
            else:
                self._push(step)
            return
        if verb == "bounce":
            attack = g.attacks[what[3]]
            w.ap -= attack.ap
            dirty = self._count("rope") or attack.has("DIRTY")
            step = ("bounce", w.index, what[2], what[3])
            self._dirty_then(w, step) if dirty else self._push(step)
            return
        if verb == "devastate":
            attack = g.attacks[what[2]]
            w.ap -= attack.ap
            dirty = self._count(attack.kind) or attack.has("DIRTY")
            step = ("devastate", w.index, what[2])
            self._dirty_then(w, step) if dirty else self._push(step)
            return
        if verb == "pin":
            w.ap -= 1
            t = self.ws[what[2]]
            dirty = self._count("pin")
            step = ("pin", w.index, t.index)
            self._dirty_then(w, step) if dirty else self._push(step)
            return
        if verb in ("attack", "tag", "tbattack"):
            t = self.ws[what[2]]
            attack = g.attacks[what[3]]
            w.ap -= attack.ap
            if verb == "tag":
                tag = g.entrants[w.index].tag_team
                assert tag is not None
                self.tag_used.append(tag.name)
            no_class = self._count(attack.kind)
            if verb == "tbattack":
                land = self._decide_step("land", w.player, w.index, t.index, what[3])
                self._dirty_then(w, land) if no_class or attack.has("DIRTY") else self._push(land)
                return
            step = ("attack", w.index, t.index, what[3])
            auto = False
            dirty = no_class or attack.has("DIRTY")
            if what[3] == A_LIFT:
                # lifting a friendly wrestler is Dirty only as No Class (ruling AMB-22); "All Dirty rolls
                # automatically succeed when attempting to Lift a KO'd wrestler" (rumbleslam LIFT), No Class too
                dirty = no_class or self._enemy(w, t)
                auto = t.ko
            if dirty:
                self._dirty_then(w, step, auto_pass=auto)
            else:
                self._push(step)
            return
        raise AssertionError(f"unknown action {what}")

    def _s_attack(self, a_i: int, t_i: int, atk_i: int) -> None:
        """rumbleslam ACTION POINTS: roll the attack against the defence (choices first)."""
        a, t = self.ws[a_i], self.ws[t_i]
        if not self._contact(a, t):
            return
        attack = self.game.attacks[atk_i]
        if atk_i == A_LIFT and (t.ko or not self._enemy(a, t)):
            # rumbleslam LIFT: a KO'd or friendly wrestler: equal or beat its WEIGHT with GRP
            dice, flat = self._pool(a, "grp")
            self._push(("roll", tuple((0, k) for k in dice)),
                       *self._reroll_steps("test", (flat, 0), self.game.entrants[t.index].profile.weight,
                                           (a.player, a.player)),
                       ("lift_weight", a_i, t_i, flat))
            return
        if len(attack.defend) > 1 and not (t.ko):
            purpose = "trip" if attack.kind == TRIP else "lift"
            self._push(self._decide_step("defend", t.player, purpose, a_i, t_i, atk_i))
            return
        self._push(("opp_roll", a_i, t_i, atk_i, attack.defend[0]))

    def _defend(self, step: tuple[Any, ...], stat: str) -> None:
        purpose, a_i, t_i, atk_i = step[3], step[4], step[5], step[6]
        if purpose == "escape":
            lifter, w = self.ws[a_i], self.ws[t_i]
            ad, af = self._pool(lifter, "grp")
            dd, df = self._pool(w, stat)
            self._push(("roll", tuple((0, k) for k in ad) + tuple((1, k) for k in dd)),
                       *self._reroll_steps("opp", (af, df), 0, (lifter.player, w.player)),
                       ("escape_rolled", a_i, t_i, stat, (af, df)))
            return
        self._push(("opp_roll", a_i, t_i, atk_i, stat))

    def _s_opp_roll(self, a_i: int, t_i: int, atk_i: int, dstat: str) -> None:
        a, t = self.ws[a_i], self.ws[t_i]
        attack = self.game.attacks[atk_i]
        ad, af = self._pool(a, attack.stat, attack)
        ad = ad + attack.extra
        dd, df = self._pool(t, dstat)
        self._push(("roll", tuple((0, k) for k in ad) + tuple((1, k) for k in dd)),
                   *self._reroll_steps("opp", (af, df), 0, (a.player, t.player)),
                   ("opp_resolve", a_i, t_i, atk_i, dstat, (af, df)))

    def _s_opp_resolve(self, a_i: int, t_i: int, atk_i: int, dstat: str, flats: tuple[int, int]) -> None:
        a, t = self.ws[a_i], self.ws[t_i]
        attack = self.game.attacks[atk_i]
        A = self._total(0) + flats[0]
        D = self._total(1) + flats[1]
        margin = A - D
        self._emit_roll(attack.name, attacker=self._label(a), defender=self._label(t), stat=dstat.upper(),
                        totals=[A, D], success=A > D)
        if not t.in_ring or not a.in_ring:
            return
        if A > D:
            row = min(margin, 8) if margin >= 4 else 0
            if row:
                self.emit("beatdown", {"attacker": self._label(a), "target": self._label(t), "row": row})
            self._hit(a, t, atk_i, row, 0)
            return
        # rumbleslam TRIP / LIFT: the defender's chosen stat decides what a failure costs
        steps: list[tuple[Any, ...]] = []
        if attack.kind in (TRIP, LIFT):
            if dstat in ("def", "grp"):
                self._damage(a, 1, f"{attack.name} countered")
            elif t.loc == FLOOR and self._dodge_spots(t):
                steps.append(self._decide_step("place", t.player, "dodge", t_i))
        if -margin >= 4:
            steps.append(("reversal", a_i, t_i, atk_i, min(-margin, 8)))
        self._push(*steps)

    def _s_reversal(self, a_i: int, t_i: int, atk_i: int, row: int) -> None:
        """rumbleslam REVERSALS: the defender's result beat the attacker's by 4 or more."""
        a, t = self.ws[a_i], self.ws[t_i]
        self.emit("reversal", {"attacker": self._label(a), "defender": self._label(t), "row": row})
        if a.index == self.active:
            self.end_flag = True
        if not a.in_ring:
            return
        if row == 5:
            self._damage(a, 1, "reversal")
            if a.on_mat and t.on_mat and a.loc == FLOOR:
                self._push(self._decide_step("shove", t.player, a_i, t_i, 2))
        elif row >= 6:
            # the attack hits the attacking wrestler instead (ruling AMB-17), choices by the defender
            self._hit(t, a, atk_i, 0, 1 if row >= 7 else 0, reversed_crowd=row >= 8)

    def _hit(
        self, a: Wrestler, t: Wrestler, atk_i: int, row: int, extra: int, reversed_crowd: bool | None = None
    ) -> None:
        """A successful hit: DMG first, then every special rule (rumbleslam SPECIAL RULES)."""
        attack = self.game.attacks[atk_i]
        dmg = attack.dmg
        if atk_i == A_TB:
            dmg = self.game.tb_damage
        dmg += extra
        rules = list(attack.rules)
        if row == 4:
            dmg += 1
        elif row == 5:
            dmg += 1
            rules.append(("SHOVE", 2))
        elif row == 6:
            dmg += 2
            rules.append(("DAZED", 1))
        elif row == 7:
            dmg += 2
            rules.append(("KNOCKDOWN", 1))
        elif row >= 8:
            dmg = max(dmg, t.sta)  # instant KO
        was_tb = t.loc == TB
        self._damage(t, dmg, attack.name)
        steps: list[tuple[Any, ...]] = []
        for rule, n in rules:
            if rule in ("-AP", "+AP", "-MP", "+MP"):
                self._counter(t, rule, n)
            elif rule == "BLEEDING" and not t.ko:
                t.bleed = 1
                self.emit("bleeding", {"wrestler": self._label(t)})
            elif rule == "KNOCKDOWN":
                self._knockdown(t)
        for rule, _n in rules:
            if rule == "DAZED":
                steps.extend(self._crowd_roll(t.player, 1, (BLANK, BOO)))
                steps.append(("dazed", t.index))
            elif rule == "FURY":
                steps.append(("fury", a.index, t.index))
        for rule, n in rules:
            if rule == "LIFTED":
                steps.append(("auto_lift", a.index, t.index, 0))
            elif rule == "THROW":
                steps.append(("auto_lift", a.index, t.index, n))
            elif rule == "SHOVE":
                steps.append(("shove_prompt", t.index, a.index, n))
            elif rule == "BOUNCEBACK":
                steps.append(("bounceback", a.index, t.index, n))
        if (attack.has("CROWD") and reversed_crowd is None) or reversed_crowd:
            steps.append(("crowd_pleaser", a.index))
        if was_tb:
            steps.append(("tb_test", t.index, a.index))
        self._push(*steps)
