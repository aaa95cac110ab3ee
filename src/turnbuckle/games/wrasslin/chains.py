"""Response chains (5.6, 8.x, 9.x): asking each seat in turn, Reactions and Outside Influence,
challenges (11.5), and resolving the chain against the base play."""

from __future__ import annotations

from turnbuckle.games.wrasslin.core import WrasslinCore
from turnbuckle.games.wrasslin.matchtypes import APRON, FLOOR, OUT, RING

_ENGINE_FIELDS = frozenset(
    {"game", "_history", "_events", "_event_cache", "_events_deferred", "record_events", "_origin"})
"""State fields the engine owns: a challenge (11.5) restores everything else."""


class ChainsMixin(WrasslinCore):
    """Collects the responses to the base play and resolves them once nobody answers."""

    def _queue_after(self, s: int) -> list[int]:
        n = self.g.players
        return [(s + i) % n for i in range(1, n) if self.pos[(s + i) % n] != OUT]

    def _open_chain(self, actor: int, resume: str) -> None:
        self.chain = []
        self.resume = resume
        self.responders = self._queue_after(actor)
        self._next_responder()

    def _next_responder(self) -> None:
        g = self.g
        while self.responders:
            q = self.responders[0]
            if not g.auto_pass:
                self.phase = "respond"
                return
            answers, lax = self._responses(q, g.errors_rule)
            if answers or lax:
                self.phase = "respond"
                self._prime_responses(q, answers, lax)
                return
            self.responders.pop(0)
        self._resolve()

    def _do_response(self, q: int, kind: str, arg: int) -> None:
        g = self.g
        if kind == "pass":
            self.responders.pop(0)
            self._next_responder()
            return
        if kind == "challenge":
            self._challenge(q)
            return
        if self.err_seat >= 0 and self.team[self.err_seat] != self.team[q]:
            self._clear_error()  # 11.5: an opponent has played a card: the illegal play stands
        if kind in ("long", "short", "long_wild", "short_wild"):
            phys = self.C_LSC if kind in ("long", "short") else self.C_WILD
            self._take(q, phys)
            eff, _ = self._effective()
            standing = [i for i, it in enumerate(self.chain) if it[0] in ("long", "short") and eff[i]]
            self.chain.append((kind.split("_")[0], phys, q, standing[-1] if standing else -1))
            if self.record_events:
                self.emit("count_call", seat=q, wrestler=self.name(q), call=kind.split("_")[0],
                          counter=bool(standing))
            self.responders = self._queue_after(q)
            self._next_responder()
            return
        if kind == "react_spec":
            phys = self.C_SPEC if self.hand[q][self.C_SPEC] else self.C_WILD
            ci = self.C_REF
        else:
            ci = arg
            phys = arg if kind == "react" else self.C_WILD
        self._take(q, phys)
        eff, hits = self._effective()
        name = g.cards[ci].name
        if ci == self.C_PS:
            rating = self.w(q).abilities(self.dmg[q])[3]
            self._surge_rating(q)
            self.chain.append(("surge", phys, q, -1))
            if self.record_events:
                self.emit("power_surge", seat=q, wrestler=self.name(q), amount=rating, strength=self.strength(q),
                          reaction=True)
            self.responders = [q, *self._queue_after(q)]
            self._next_responder()
            return
        if ci in (self.C_BLOCK, self.C_REVERSE):
            self.chain.append(("block" if ci == self.C_BLOCK else "reverse", phys, q, -1))
            if self.record_events:
                self.emit("reaction", seat=q, wrestler=self.name(q), card=name)
            if self.err_seat >= 0 and self.team[self.err_seat] == self.team[q]:
                # 11.5: an illegal red card waits for the other side's challenge (nothing else answers it)
                self.responders = [t for t in self._queue_after(q) if self.team[t] != self.team[q]]
                self._next_responder()
                return
            self._resolve()  # 8.32: there is no counter to a red Reaction card
            return
        if ci in (self.C_IB, self.C_IR):
            self.chain.append(("iblock" if ci == self.C_IB else "ireverse", phys, q, -1))
        elif ci == self.C_REF:
            target = self._referee_target(q, eff, hits)
            self.chain.append(("referee", phys, q, target[0] if target else -1))
            if kind == "react_spec":
                name = "Specialty Referee"
        elif ci == self.C_DIS:
            tgt = -1
            for i in range(len(self.chain) - 1, -1, -1):
                if eff[i] and self.chain[i][0] == "referee":
                    tgt = i
                    break
            self.chain.append(("distraction", phys, q, tgt))
        if self.record_events:
            self.emit("outside_influence", seat=q, wrestler=self.name(q), card=name)
        self.responders = self._queue_after(q)
        self._next_responder()

    def _challenge(self, q: int) -> None:
        """11.5: an illegal play spotted before any opposing card is played is refused: the match goes back
        to just before it, and the player chooses again (that play is not offered again this turn)."""
        s, reason, refused = self.err_seat, self.err_reason, self.err_action
        snap = self.err_snap
        assert snap is not None
        fresh = snap._shallow()
        snap._copy_into(fresh)
        for key, value in vars(fresh).items():
            if key not in _ENGINE_FIELDS:
                setattr(self, key, value)
        self.refused.append((s, refused))
        if self.phase == "target" and self.pending is not None and not self._decisions(errors=self.g.errors_rule):
            # every target of that Hold refused: back to the choice of play, without that Hold
            self.phase = "dt_hold" if self.pending[0] == "dt" else "main"
            self.pending = None
            if self.plays:
                self.refused.append((s, self.plays[-1]))
        self._legal = None
        if self.record_events:
            self.emit("challenge", seat=q, wrestler=self.name(q), offender=self.name(s), reason=reason)

    def _resolve(self) -> None:
        self.plays = []
        self._clear_error()  # 11.5: nobody challenged: the play stands
        eff, hits = self._effective()
        for it in self.chain:
            self._to_discard(it[1])
        lsc = [it for i, it in enumerate(self.chain) if eff[i] and it[0] in ("long", "short") and it[3] == -1]
        bk, att, dfn = self.base_kind, self.base_att, self.base_def
        self.chain = []
        self.responders = []
        for kind, *_ in lsc:
            self._apply_count_call(kind)
        outcome = "applied"
        if "referee" in hits and att >= 0 and self.warned[att] > 0 and att == self.turn:
            if self.record_events:
                self.emit("disqualification", seat=att, wrestler=self.name(att), reason="ignored the Referee (9.42)")
            for ci in (self.base_phys, self.base_dt):
                if bk in ("hold", "exit", "tag"):
                    self._to_discard(ci)
            self._lose([att], "disqualified (9.42)")
            self._clear_base()
            if self.result is None:
                self._continue()
            return
        if bk == "hold":
            spec = self.spec(att, self.base_ref)
            if "referee" in hits:
                outcome = "refereed"
            elif "reverse" in hits or "ireverse" in hits:
                outcome = "reversed"
            elif "block" in hits or "iblock" in hits:
                outcome = "blocked"
            elif "surge" in hits and (spec.gray or spec.pin):
                ds, as_ = self.strength(dfn), self.strength(att)
                if ds > as_ and spec.reversible and self.base_dt < 0:
                    outcome = "reversed"
                elif ds >= as_:
                    outcome = "blocked"
            self.last_outcome = outcome
            self._to_discard(self.base_dt)
            if self.base_out:
                self._to_floor(att)  # 11.41: Adams ends outside the ring, successful or not
            if outcome == "refereed":
                self._to_discard(self.base_phys)
                turns = max(1, spec.damage_on(self.w(dfn).weight) if not spec.continuous else 1)
                if self.combo == 2:
                    turns -= 1  # 11.1: losing the second Hold counts as the first penalty turn
                self.penalty[att] = turns
                self.unfilled[att] = True
                if self.base_dt >= 0:
                    self.dt_lock = att
                if self.record_events:
                    self.emit("penalty", seat=att, wrestler=self.name(att), hold=spec.name, turns=turns)
            elif outcome == "blocked":
                self._to_discard(self.base_phys)
                if self.record_events:
                    self.emit("blocked", seat=dfn, wrestler=self.name(dfn), hold=spec.name, attacker=self.name(att))
            else:
                if outcome == "reversed" and self.record_events:
                    self.emit("reversed", seat=dfn, wrestler=self.name(dfn), hold=spec.name,
                              attacker=self.name(att))
                self._land(att, dfn, self.base_ref, self.base_phys, outcome == "reversed")
                if outcome == "applied" and self.base_dt >= 0 and self.pos[att] == APRON and \
                        self.result is None and not self.free_for_all:
                    self.stay_pending = True  # 12.41: he may stay in the ring
        elif bk == "reapply":
            record = next((r for r in self.holds if r[0] == att and r[1] == dfn), None)
            if record is not None:
                broken = any(k in ("block", "iblock") for k in hits) or not self.maintains(record)
                if broken:
                    self._break_hold(record, "broken")
        elif bk == "exit":
            if any(k in ("block", "reverse") for k in hits):
                self._to_discard(self.base_phys)
                if self.record_events:
                    self.emit("dragged_back", seat=att, wrestler=self.name(att))
            else:
                self._to_floor(att, self.base_phys)
                if self.record_events:
                    self.emit("exit", seat=att, wrestler=self.name(att))
        elif bk == "refcall":
            self._to_discard(self.base_phys)
            if "distraction" in hits:
                if self.record_events:
                    self.emit("referee_distracted", seat=dfn, wrestler=self.name(dfn), caller=self.name(att))
            else:
                self._lose([dfn], "disqualified (illegal man, 12.41)")
                if self.result is not None:
                    self._clear_base()
                    return
        elif bk == "tag":
            self._to_discard(self.base_phys)
            if "distraction" in hits:
                if self.record_events:
                    self.emit("tag_voided", seat=att, wrestler=self.name(att))
            else:
                self.pos[att] = APRON
                self.pos[dfn] = RING
                if self.record_events:
                    self.emit("tag", seat=att, wrestler=self.name(att), partner=self.name(dfn))
        self._clear_base()
        self._continue()

    def _clear_base(self) -> None:
        self._set_base("", -1, 0, -1, -1, -1)
        self.base_out = False

    def _continue(self) -> None:
        if self.result is not None:
            return
        if self.bout_over:
            self._new_bout()
            return
        r = self.resume
        if r == "primary":
            self._after_primary()
        elif r == "reapply":
            self._after_reapply()
        elif r == "end":
            self._end_turn()
        else:
            self.phase = "main"

    def _apply_count_call(self, kind: str) -> None:
        """9.2: a Long Count restarts every count; a Short Count falls at two (disqualifies at four)."""
        for r in self.holds:
            if r[4]:
                if kind == "long":
                    r[5] = 0
                else:
                    r[6] = 2
        for s in range(self.g.players):
            if self.pos[s] == FLOOR:
                if kind == "long":
                    self.out_count[s] = 0
                else:
                    self.out_limit[s] = 4
            if self.illegal_in[s] > 0 and kind == "long":
                self.illegal_in[s] = 0
        if self.record_events:
            self.emit("count_changed", call=kind)
