"""RUMBLESLAM special rules that move or hit: SHOVE, ropes, BOUNCEBACK, DAZED, FURY, DEVASTATING, Tag Out."""

from __future__ import annotations

from typing import Any

from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attack_profiles import A_FURY, A_ROPE
from turnbuckle.games.rumbleslam.attacks import AttackRules
from turnbuckle.games.rumbleslam.core import FLOOR, SIDE, Wrestler
from turnbuckle.games.rumbleslam.dice import BLANK, BOO


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class SpecialRules(AttackRules):
    """The special rules and rope moves that follow a hit or an action."""

    def _s_shove_prompt(self, t_i: int, a_i: int, n: int) -> None:
        t, a = self.ws[t_i], self.ws[a_i]
        if t.loc != FLOOR:
            return  # ruling AMB-42: a wrestler on a turnbuckle (or Lifted) is not shoved
        self._push(self._decide_step("shove", a.player, t_i, a_i, n))

    def _shove(self, t: Wrestler, pusher: Wrestler, n: int, d: tuple[int, int]) -> None:
        """rumbleslam (SHOVE X): straight line; stops at a wrestler, bounces off a rope, smashes
        against a turnbuckle."""
        if t.loc != FLOOR:
            return
        moved = 0
        for _ in range(n):
            nxt = mat.step(t.pos, d)
            cells = mat.footprint(nxt, t.size)
            tb, ropes = mat.classify(cells)
            if tb:
                self.emit("shove", {"wrestler": self._label(t), "to": mat.SQUARE_NAMES[t.pos], "squares": moved})
                self.emit("smash", {"wrestler": self._label(t)})
                self._damage(t, 2, "smashed against the turnbuckle")
                return
            if ropes:
                self.emit("shove", {"wrestler": self._label(t), "to": mat.SQUARE_NAMES[t.pos], "squares": moved})
                self._push(("rebound", t.index, ropes[0]))
                return
            if not self._free(cells, t.index):
                break
            self._place(t, FLOOR, nxt)
            moved += 1
        self.emit("shove", {"wrestler": self._label(t), "to": mat.SQUARE_NAMES[t.pos], "squares": moved})

    def _s_rebound(self, t_i: int, rope: str) -> None:
        """rumbleslam BOUNCED FROM THE ROPES: five squares straight away from the rope; a
        stationary enemy in the way makes a Rope Attack against the moving wrestler."""
        t = self.ws[t_i]
        if t.loc != FLOOR:
            return
        d = mat.AWAY_FROM_ROPE[rope]
        for _ in range(5):
            nxt = mat.step(t.pos, d)
            cells = mat.footprint(nxt, t.size)
            tb, ropes = mat.classify(cells)
            if tb or ropes:
                break
            blockers = sorted({self.occ[c] for c in cells if self.occ[c] not in (-1, t.index)})
            if blockers:
                enemies = [b for b in blockers if self._enemy(self.ws[b], t) and not self.ws[b].ko]
                self.emit("bounce", {"wrestler": self._label(t), "to": mat.SQUARE_NAMES[t.pos], "forced": True})
                if enemies:
                    self._push(("attack", enemies[0], t_i, A_ROPE))
                return
            self._place(t, FLOOR, nxt)
        self.emit("bounce", {"wrestler": self._label(t), "to": mat.SQUARE_NAMES[t.pos], "forced": True})

    def _s_bounce(self, w_i: int, rope: str, atk_i: int) -> None:
        """rumbleslam BOUNCE OFF THE ROPE / ROPE ATTACK / ROPE ABILITIES / (ROCKET)."""
        w = self.ws[w_i]
        if w.loc != FLOOR:
            return
        attack = self.game.attacks[atk_i]
        d = mat.AWAY_FROM_ROPE[rope]
        for _ in range(8 if attack.has("ROCKET") else 5):
            nxt = mat.step(w.pos, d)
            cells = mat.footprint(nxt, w.size)
            tb, ropes = mat.classify(cells)
            if tb or ropes:
                break
            blockers = sorted({self.occ[c] for c in cells if self.occ[c] not in (-1, w.index)})
            if blockers:
                enemies = [b for b in blockers if self._enemy(self.ws[b], w)]
                self.emit("bounce", {"wrestler": self._label(w), "to": mat.SQUARE_NAMES[w.pos], "forced": False})
                if enemies:
                    self._push(("attack", w_i, enemies[0], atk_i))
                return
            self._place(w, FLOOR, nxt)
        self.emit("bounce", {"wrestler": self._label(w), "to": mat.SQUARE_NAMES[w.pos], "forced": False})

    def _s_bounceback(self, a_i: int, t_i: int, n: int) -> None:
        """rumbleslam (BOUNCEBACK X): the attacker moves X squares straight away (stops early)."""
        a, t = self.ws[a_i], self.ws[t_i]
        if a.loc != FLOOR or not t.on_mat:
            return
        d = mat.direction_between(t.box(), a.box())
        if d == (0, 0):
            return
        for _ in range(n):
            nxt = mat.step(a.pos, d)
            if not self._fits(nxt, a.size, a.index):
                break
            self._place(a, FLOOR, nxt)
        self.emit("move", {"wrestler": self._label(a), "to": mat.SQUARE_NAMES[a.pos], "why": "bounceback"})

    def _s_dazed(self, t_i: int) -> None:
        # rumbleslam (DAZED): Blank knockdown -AP -MP; Boo -AP -MP; Cheer nothing
        t = self.ws[t_i]
        face = self.buf[0][2]
        self._emit_roll("dazed", wrestler=self._label(t))
        if not t.in_ring:
            return
        if face in (BLANK, BOO):
            self._counter(t, "-AP", 1)
            self._counter(t, "-MP", 1)
        if face == BLANK:
            self._knockdown(t)

    def _s_fury(self, a_i: int, t_i: int) -> None:
        # rumbleslam (FURY): one free Brawl against the same target, if still in base contact
        a, t = self.ws[a_i], self.ws[t_i]
        if a.loc == FLOOR and t.on_mat and not a.ko and not a.kd and a.lifting < 0 and self._contact(a, t):
            self._push(("attack", a_i, t_i, A_FURY))

    def _s_devastate(self, a_i: int, atk_i: int) -> None:
        """rumbleslam (DEVASTATING): one attack roll against every wrestler in base contact."""
        a = self.ws[a_i]
        attack = self.game.attacks[atk_i]
        dice, flat = self._pool(a, attack.stat, attack)
        self._push(("roll", tuple((0, k) for k in dice)), ("devastate_rolled", a_i, atk_i, flat))

    def _s_devastate_rolled(self, a_i: int, atk_i: int, flat: int) -> None:
        a = self.ws[a_i]
        self._emit_roll(self.game.attacks[atk_i].name, attacker=self._label(a), totals=[self._total(0) + flat])
        hit = tuple(t.index for t in self._in_contact(a))
        self._push(("devastate_next", a_i, atk_i, flat, hit, tuple(self.buf)))

    def _s_devastate_next(
        self, a_i: int, atk_i: int, flat: int, left: tuple[int, ...], dice: tuple[tuple[int, str, int, bool], ...]
    ) -> None:
        """rumbleslam (DEVASTATING): "the attacking wrestler decides what order to attack the
        wrestlers" (``hit <wrestler>``); ``dice`` are the attack dice, rolled once for all."""
        a = self.ws[a_i]
        left = tuple(i for i in left if self.ws[i].on_mat)
        if not left or not a.in_ring:
            return
        if len(left) == 1:
            self._push(("devastate_one", a_i, left[0], atk_i, flat, (), dice))
        else:
            self._push(self._decide_step("hit", a.player, a_i, atk_i, flat, left, dice))

    def _s_devastate_one(
        self, a_i: int, t_i: int, atk_i: int, flat: int, left: tuple[int, ...],
        dice: tuple[tuple[int, str, int, bool], ...],
    ) -> None:
        """One defender's DEF roll against the carried attack dice: both are the players' own dice
        to re-roll (rumbleslam ENDORSEMENTS); a re-rolled attack die stands for the defenders after."""
        a, t = self.ws[a_i], self.ws[t_i]
        dd, df = self._pool(t, "def")
        owners = (a.player, t.player)
        windows: list[tuple[Any, ...]]
        if self._enemy(a, t):
            windows = self._reroll_steps("opp", (flat, df), 0, owners)
        else:  # a friend is hit too: its player may re-roll its DEF dice to keep it safe
            windows = [("reroll_window", a.player, "guard", (flat, df), 0, owners)]
        self._push(("roll_on", dice, tuple((1, k) for k in dd)), *windows,
                   ("devastate_resolve", a_i, t_i, atk_i, (flat, df), left))

    def _s_devastate_resolve(
        self, a_i: int, t_i: int, atk_i: int, flats: tuple[int, int], left: tuple[int, ...]
    ) -> None:
        a, t = self.ws[a_i], self.ws[t_i]
        total = self._total(0) + flats[0]
        d = self._total(1) + flats[1]
        self._emit_roll("defence", attacker=self._label(a), defender=self._label(t), totals=[total, d],
                        success=total > d)
        # the next defender (after this hit's effects, pushed above it) faces the same attack dice
        self._push(("devastate_next", a_i, atk_i, flats[0], left, tuple(x for x in self.buf if x[0] == 0)))
        if total > d and t.in_ring and a.in_ring:
            self._hit(a, t, atk_i, 0, 0)

    def _s_tag_out(self, w_i: int) -> None:
        """rumbleslam TAG OUT: the partner takes this square with full AP and MP; activation ends."""
        w = self.ws[w_i]
        e = self.game.entrants[w_i]
        partner = self.ws[e.partner]
        assert e.tag_team is not None
        self.tag_used.append(e.tag_team.name)
        pos = w.pos
        self._place(w, SIDE, -1)
        w.cp = 0
        self._place(partner, FLOOR, pos)
        partner.activated = False
        self.emit("tag_out", {"wrestler": self._label(w), "partner": self._label(partner)})
        self.end_flag = True
