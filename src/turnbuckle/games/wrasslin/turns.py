"""Initiative (5.3, 12.1, 13.1) and the turn cycle: penalties (9.41-9.42), Continuing Holds and Pins at
the start of a turn (10.1, 10.2, 10.11) and the counts at its end (10.22, 11.33, 12.41)."""

from __future__ import annotations

from turnbuckle.games.wrasslin.core import E_FACEDOWN, WrasslinCore
from turnbuckle.games.wrasslin.matchtypes import FLOOR, OUT, RING


class TurnsMixin(WrasslinCore):
    """Who moves first, how a turn starts and ends, and what a Continuing Hold or Pin does meanwhile."""

    # -- initiative (5.3, 12.1, 13.1) ------------------------------------------------------------
    def _start_initiative(self) -> None:
        self.first_bout = False
        self.callers = [s for s in range(self.g.players) if self.pos[s] == RING]
        self.calls = []
        self.phase = "initiative"

    def _do_call(self, s: int, ci: int) -> None:
        self.callers.pop(0)
        number = self.g.cards[ci].initiative
        self.calls.append((s, number))
        if self.record_events:
            self.emit("initiative_call", seat=s, wrestler=self.name(s), number=number)
        if self.callers:
            return
        first, number = min(self.calls, key=lambda c: c[1])  # ties: the earlier caller (5.3)
        self.obligation = next(c.index for c in self.g.cards if c.initiative == number)
        if self.record_events:
            self.emit("first_turn", seat=first, wrestler=self.name(first), number=number)
        self._start_turn(first)

    # -- turns -----------------------------------------------------------------------------------
    def _next_turn(self) -> None:
        if self.enter_queue:
            self.phase = "enter"  # 14.6: fresh Wrestlers enter before the next turn
            self.after_draw = "enter"
            return
        n = self.g.players
        s = self.turn
        for _ in range(n):
            s = (s + 1) % n
            if self.pos[s] != OUT:
                break
        self._start_turn(s)

    def _start_turn(self, s: int) -> None:
        self.turn = s
        self.turn_no += 1
        lapsed = self.surge[s] > 0
        self.surge[s] = 0  # 8.4: a Power Surge lasts until the start of his next turn
        self.acted = False
        self.combo = 0
        self.tagged = False
        self.pending = None
        self.stay_pending = False
        self.refused = []
        self.plays = []
        self._clear_error()
        if self.turn_no > 1:
            self.obligation = -1
        if self.dt_lock == s:
            self.dt_lock = -1
        if self.br:
            # 13.5: the victim was not thrown out by the time the attacker's turn came round again
            for b in [b for b in self.br if b[0] == s]:
                self.br.remove(b)
                self._to_discard(b[3])
        if lapsed and self.g.royal:
            self._br_check()  # 13.1: a Wrestler who stood on his Surge alone is immobile now
            if self.result is not None:
                return
        if self.record_events:
            self.emit("turn", seat=s, wrestler=self.name(s), number=self.turn_no)
        if self.penalty[s] > 0:
            self.phase = "penalty"
            return
        self._upkeep(s)

    def _do_penalty(self, s: int, serve: bool) -> None:
        if serve:
            # 9.41: the turn is lost; once the penalty has elapsed he draws to fill his hand
            self.penalty[s] -= 1
            if self.record_events:
                self.emit("penalty_turn", seat=s, wrestler=self.name(s), left=self.penalty[s])
            self._end_turn()
        else:
            # 9.42: ignore the warning and regain the lost turns, at the risk of disqualification
            self.warned[s] = self.penalty[s]
            self.penalty[s] = 0
            if self.record_events:
                self.emit("ignores_warning", seat=s, wrestler=self.name(s), turns=self.warned[s])
            self._upkeep(s)

    def maintains(self, r: list[int]) -> bool:
        """Can the attacker still apply his Continuing Hold / Pin (8.41, 10.1, 10.2B)?"""
        att, dfn = r[0], r[1]
        spec = self.spec(att, r[2])
        if self.meets(att, spec, dfn) != "":
            return False
        return not (r[4] and self.strength(att) <= self.strength(dfn))

    def _upkeep(self, s: int) -> None:
        """Start of turn: a Continuing Hold/Pin is reapplied (10.1, 10.2) unless broken."""
        for r in self.holds:
            if r[0] != s:
                continue
            if not self.maintains(r):
                if self.can_surge(s):
                    self.phase = "upkeep"  # 8.41: a new Power Surge to keep the Hold, or let go
                    return
                self._break_hold(r, "lost the abilities")
                self._upkeep(s)
                return
            self.base_kind = "reapply"
            self.base_phys = -1
            self.base_ref = r[2]
            self.base_att = s
            self.base_def = r[1]
            self.base_dt = -1
            self._open_chain(s, "reapply")
            return
        self.phase = "main"

    def _after_reapply(self) -> None:
        s = self.turn
        for r in self.holds:
            if r[0] == s and not r[4]:
                if sum(self.hand[s]):
                    self.phase = "accumulate"
                    return
                self._continuous_damage(s, r[1], r[2], -1)
                break
        if self.bout_over:
            self._new_bout()
            return
        self.phase = "main"

    def _accumulate(self, s: int, ci: int) -> None:
        """10.11: the attacker lays a card face down: one more point of damage. A Recovery or Power Surge
        may be shown as it goes down, to remove his own damage or raise his Strength as well."""
        self.hand[s][ci] -= 1
        shown = False
        if ci in (self.C_REC1, self.C_REC2) and self.dmg[s] > 0 and self.abilities(s)[4] > 0:
            shown = True
            self._recover(s, -1, 1 if ci == self.C_REC1 else 2, self.g.cards[ci].name + " (shown face down)")
        elif ci == self.C_PS and self.surge_turn[s] != self.turn_no and self.w(s).abilities(self.dmg[s])[3] > 0:
            shown = True
            self.surge[s] = self.w(s).abilities(self.dmg[s])[3]
            self.surge_turn[s] = self.turn_no
            if self.record_events:
                self.emit("power_surge", seat=s, wrestler=self.name(s), amount=self.surge[s], strength=self.strength(s))
        for r in self.holds:
            if r[0] == s and not r[4]:
                self._continuous_damage(s, r[1], r[2], ci, shown)
                break
        if self.result is None and not self.bout_over:
            self.phase = "main"
        elif self.bout_over:
            self._new_bout()

    def _continuous_damage(self, att: int, dfn: int, ref: int, ci: int, shown: bool = False) -> None:
        self.entries[dfn].append((ci, ref, 1, E_FACEDOWN, -1 if shown else att))
        self.dmg[dfn] += 1
        if self.record_events:
            self.emit("hold_continues", seat=att, wrestler=self.name(att), target=dfn, victim=self.name(dfn),
                      hold=self.hold_name(att, ref), damage=self.dmg[dfn])
        self._check_submit(dfn)

    def _end_turn(self) -> None:
        s = self.turn
        self.combo = 0
        if self.pos[s] != OUT:
            self._count_end_of_turn(s)
        if self.result is not None:
            return
        if self.bout_over:
            self._new_bout()
            return
        if self.warned[s] > 0:
            self.warned[s] -= 1
        if self.pos[s] != OUT and self.penalty[s] == 0:
            self.unfilled[s] = False
            self._queue_refill(s)
        self.after_draw = "next"
        self._prepare_draw()

    def _count_end_of_turn(self, s: int) -> None:
        """10.22 Pin count, 11.33 count-out, 12.41 illegal-man count, at the end of his turn."""
        illegal_man = any(x >= 0 for x in self.illegal_in)
        for r in self.holds:
            if r[4] and r[1] == s and not illegal_man and not self.free_for_all:
                r[5] += 1
                if self.record_events:
                    self.emit("pin_count", seat=s, wrestler=self.name(s), count=r[5])
                if r[5] >= r[6]:
                    if self.record_events:
                        self.emit("fall", seat=s, wrestler=self.name(s), by=self.name(r[0]))
                    self._lose([s], "pinned")
                    return
        if self.pos[s] == FLOOR:
            self.out_count[s] += 1
            if self.record_events:
                self.emit("ring_count", seat=s, wrestler=self.name(s), count=self.out_count[s])
            if self.out_count[s] >= self.out_limit[s]:
                opp_in = any(self.pos[t] == RING for t in self.opponents(s))
                if opp_in:
                    self._lose([s], "counted out")
                else:
                    others = [t for t in self.opponents(s) if self.pos[t] == FLOOR]
                    self._lose([s, *others], "double disqualification")
                return
        if self.illegal_in[s] >= 0:
            self.illegal_in[s] += 1
            if self.illegal_in[s] >= 5:
                self._lose([s], "disqualified (illegal man, 12.41)")
