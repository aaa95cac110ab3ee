"""Holds landing (6.1, 10.x, 11.3, 13.x): damage, Pins, Continuing Holds, Battle Royal Holds and
breaking Holds."""

from __future__ import annotations

from turnbuckle.games.wrasslin.core import E_HOLD, WrasslinCore
from turnbuckle.games.wrasslin.matchtypes import FLOOR, OUT


class HoldsMixin(WrasslinCore):
    """What a Hold that was not stopped does to its victim, and how Holds in effect end."""

    def _land(self, att: int, dfn: int, ref: int, phys: int, reversed_: bool) -> None:
        spec = self.spec(att, ref)
        victim, source = (att, dfn) if reversed_ else (dfn, att)
        if self.g.royal and spec.battle_royal:
            self._land_battle_royal(att, dfn, ref, phys, reversed_)
            return
        if spec.pin:
            self.holds.append([att, dfn, ref, phys, 1, 0, 3])
            if self.record_events:
                self.emit("pin", seat=att, wrestler=self.name(att), target=dfn, victim=self.name(dfn))
            self._third_wrestler(dfn, att)
            return
        if spec.out_of_ring:
            pts = self.w(victim).weight
        elif spec.reaches_outside and self.pos[dfn] == FLOOR and spec.damage_outside:
            pts = spec.damage_outside
        else:
            pts = spec.damage_on(self.w(victim).weight)
        self.entries[victim].append((phys, ref, pts, E_HOLD, source))
        self.dmg[victim] += pts
        if self.record_events:
            self.emit("damage", seat=victim, wrestler=self.name(victim), hold=spec.name, points=pts,
                      damage=self.dmg[victim], by=self.name(source))
        if spec.continuous and not reversed_:
            self.holds.append([att, dfn, ref, -1, 0, 0, 0])
            if self.record_events:
                self.emit("continuous_hold", seat=att, wrestler=self.name(att), victim=self.name(dfn), hold=spec.name)
        self._third_wrestler(victim, source)
        if spec.out_of_ring and self.pos[victim] != OUT:
            self._to_floor(victim)
            if self.record_events:
                self.emit("thrown_out", seat=victim, wrestler=self.name(victim))
        self._check_submit(victim)

    def _third_wrestler(self, victim: int, source: int) -> None:
        """10.1C / 10.2C: a Hold from a third Wrestler breaks the victim's own Hold; 13.6 cancellation."""
        for r in [r for r in self.holds if r[0] == victim and r[1] != source]:
            self._break_hold(r, "attacked by a third wrestler")
        for b in [b for b in self.br if b[0] == victim and b[1] != source]:
            self.br.remove(b)
            self._to_discard(b[3])

    def _land_battle_royal(self, att: int, dfn: int, ref: int, phys: int, reversed_: bool) -> None:
        spec = self.spec(att, ref)
        if not reversed_:
            self.br.append((att, dfn, ref, phys))
            self._third_wrestler(dfn, att)
            if self._br_enough(dfn):
                for b in [b for b in self.br if b[1] == dfn]:
                    self.br.remove(b)
                    self._to_discard(b[3])
                if self.record_events:
                    self.emit("thrown_out", seat=dfn, wrestler=self.name(dfn), hold=spec.name, by=self.name(att))
                self._eliminate(dfn, "thrown out of the ring")
            else:
                if self.record_events:
                    self.emit("br_hold", seat=att, wrestler=self.name(att), victim=self.name(dfn), hold=spec.name)
            return
        others = [b for b in self.br if b[1] == dfn]
        if not others:
            self._to_discard(phys)
            if self.record_events:
                self.emit("thrown_out", seat=att, wrestler=self.name(att), hold=spec.name, by=self.name(dfn))
            self._eliminate(att, "reversed out of the ring")
            return
        # 13.5: a reversal against two or more attackers damages each, throws none out
        hit = [(att, ref, phys), *[(b[0], b[2], b[3]) for b in others]]
        for b in others:
            self.br.remove(b)
        for seat, r, card in hit:
            pts = self.spec(seat, r).damage_on(self.w(seat).weight) or 1
            self.entries[seat].append((card, r, pts, E_HOLD, dfn))
            self.dmg[seat] += pts
            if self.record_events:
                self.emit("damage", seat=seat, wrestler=self.name(seat), hold=self.spec(seat, r).name, points=pts,
                          damage=self.dmg[seat], by=self.name(dfn))
        for seat, _r, _c in hit:
            if self.result is None and self.pos[seat] != OUT:
                self._check_submit(seat)

    def _br_enough(self, victim: int) -> bool:
        """13.5: the contributors' combined current abilities meet one of the BR Holds in play."""
        contrib = [b for b in self.br if b[1] == victim]
        st = sum(self.strength(b[0]) for b in contrib)
        ag = sum(self.abilities(b[0])[1] for b in contrib)
        sk = sum(self.abilities(b[0])[2] for b in contrib)
        weight = self.w(victim).weight
        for b in contrib:
            r = self.spec(b[0], b[2]).req
            if st >= max(r.strength, weight if r.ge_w else 0) and ag >= r.agility and sk >= r.skill:
                return True
        return False

    def _break_hold(self, r: list[int], why: str) -> None:
        if r in self.holds:
            self.holds.remove(r)
            if r[4]:
                self._to_discard(r[3])
            if self.record_events:
                self.emit("hold_broken", seat=r[1], wrestler=self.name(r[1]), attacker=self.name(r[0]),
                          hold=self.hold_name(r[0], r[2]), pin=bool(r[4]), why=why)

    def _abandon(self, s: int) -> None:
        for r in [r for r in self.holds if r[0] == s]:
            self._break_hold(r, "abandoned")
