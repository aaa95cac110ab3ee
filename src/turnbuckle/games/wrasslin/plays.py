"""Main-phase plays (5.4 A): Holds, Power Surge (8.4), Recovery (6.2), Combination (11.1), Tag and
Double Team (12.x), leaving and re-entering the ring (11.3)."""

from __future__ import annotations

from turnbuckle.games.wrasslin.core import E_EXIT, E_HOLD, Entry, WrasslinCore
from turnbuckle.games.wrasslin.matchtypes import APRON, FLOOR, OUT, RING


class MainPlaysMixin(WrasslinCore):
    """Carries out the turn player's decision and opens the response chain it invites."""

    def _do_main(self, s: int, kind: str, arg: int) -> None:
        g = self.g
        if kind in ("play", "wild") and self.phase == "dt_hold":
            self._choose_hold(s, self.C_WILD if kind == "wild" else arg, arg, dt=True)
            return
        if kind in ("play", "wild"):
            phys = arg if kind == "play" else self.C_WILD
            card = g.cards[arg]
            if arg == self.C_PS:
                self._surge(s, phys)
                self.phase = "main"
                self._after_surge_in_turn(s)
                return
            if card.hold is not None:
                self._choose_hold(s, phys, arg, dt=False)
                return
            if arg == self.C_COMB:
                self._take(s, phys)
                self._to_discard(phys)
                self.combo = 2
                if self.record_events:
                    self.emit("combination", seat=s, wrestler=self.name(s))
                return
            if arg in (self.C_REC1, self.C_REC2):
                self._take(s, phys)
                self._recover(s, phys, 1 if arg == self.C_REC1 else 2, card.name)
                self._primary_done(s)
                return
            if arg == self.C_TAG:
                self._take(s, phys)
                self._play_tag(s, phys)
                return
            if arg == self.C_DT:
                self._take(s, phys)
                self.dt_card = phys
                self.phase = "dt_hold"
                return
            if arg == self.C_BLOCK:
                self._take(s, phys)
                self._to_discard(phys)
                for r in [r for r in self.holds if r[1] == s and r[4]]:
                    self._break_hold(r, "blocked")
                self._primary_done(s)
                return
            if arg == self.C_REF:
                # 12.41: the Referee spots the illegal man; the offending team may answer with a
                # Distraction if it has a manager or a third mobile partner
                self._take(s, phys)
                self.acted = True
                bad = next(t for t in self.opponents(s) if self.illegal_in[t] >= 0)
                self._set_base("refcall", phys, 0, s, bad, -1)
                if self.record_events:
                    self.emit("referee_call", seat=s, wrestler=self.name(s), caught=[self.name(bad)])
                self._open_chain(s, "primary")
                return
            raise AssertionError(f"unhandled play {card.name}")
        if kind in ("spec", "spec_wild"):
            phys = self.C_SPEC if kind == "spec" else self.C_WILD
            sp = self.w(s).specialties[arg]
            if sp.effect == "hold":
                self._choose_hold(s, phys, -arg - 1, dt=False)
            elif sp.effect == "recovery":
                self._take(s, phys)
                self._recover(s, phys, sp.recover, sp.name, specialty=True)
                self._primary_done(s)
            elif sp.effect == "tag":
                self._take(s, phys)
                self._play_tag(s, phys)
            elif sp.effect == "double_team":
                self._take(s, phys)
                self.dt_card = phys
                self.phase = "dt_hold"
            return
        if kind == "discard":
            self._take(s, arg)
            self._to_discard(arg)
            if self.record_events:
                self.emit("discard", seat=s, wrestler=self.name(s), card=g.cards[arg].name)
            self._primary_done(s)
            return
        if kind in ("exit", "exit_wild"):
            phys = self.C_OOR if kind == "exit" else self.C_WILD
            self._take(s, phys)
            self.acted = True
            opp = [t for t in self.opponents(s) if self.pos[t] == RING]
            self._set_base("exit", phys, 0, s, opp[0] if opp else -1, -1)
            if self.record_events:
                self.emit("exit_attempt", seat=s, wrestler=self.name(s))
            self._open_chain(s, "primary")
            return
        if kind == "reenter":
            self._reenter(s)
            self._primary_done(s)
            return
        if kind == "enter":
            self.pos[s] = RING
            self.free_for_all = True
            self.illegal_in = [-1] * g.players
            if self.record_events:
                self.emit("free_for_all", seat=s, wrestler=self.name(s))
            return
        if kind == "apron":
            self.pos[s] = APRON
            self.illegal_in[s] = -1
            if self.record_events:
                self.emit("returns_to_apron", seat=s, wrestler=self.name(s))
            return
        if kind == "end":
            self.combo = 0
            if self.phase == "dt_hold":
                self._to_discard(self.dt_card)  # no Hold left to Double Team with: the card is spent
                self.dt_card = -1
                self.phase = "main"
            if self.err_seat >= 0:
                # 11.5: an illegal play of this turn (a Power Surge) may still be challenged
                self._set_base("play", -1, 0, s, -1, -1)
                self._open_chain(s, "end")
                return
            self._end_turn()
            return
        if kind == "extra_surge":
            self._take(s, self.C_PS)
            self._to_discard(self.C_PS)
            self.surge_turn[s] = self.turn_no  # it is his one Power Surge of the turn
            if self.record_events:
                self.emit("discard", seat=s, wrestler=self.name(s), card="Power Surge")
            return
        raise AssertionError(f"unhandled main action {kind}")

    def _concede(self, s: int) -> None:
        """14.3: at any time a Wrestler may voluntarily concede. A play he is part of is called off (its
        cards are discarded); in the Battle Royal format a bystander simply leaves and the answers go on."""
        involved = (not self.g.royal or s == self.turn or s in (self.base_att, self.base_def)
                    or any(it[2] == s for it in self.chain))
        if involved:
            self._call_off_play()
        if self.record_events:
            self.emit("concede", seat=s, wrestler=self.name(s))
        self._lose([s], "conceded")
        if self.result is not None:
            return
        if self.bout_over:
            self._new_bout()
        elif not involved:
            if self.phase == "respond":
                self._next_responder()
        elif s == self.turn:
            self._next_turn()  # 14.6: the next Wrestler enters; play moves on
        else:
            self._end_turn()

    def _call_off_play(self) -> None:
        """Discard the cards of the play in progress and its answers (a concession ends it)."""
        for it in self.chain:
            self._to_discard(it[1])
        if self.base_kind in ("hold", "exit", "tag", "refcall"):
            self._to_discard(self.base_phys)
            self._to_discard(self.base_dt)
        if self.phase == "dt_hold" or (self.phase == "target" and self.pending and self.pending[0] == "dt"):
            self._to_discard(self.dt_card)
        self.dt_card = -1
        self.pending = None
        self.chain = []
        self.responders = []
        self.combo = 0
        self.stay_pending = False
        self._clear_base()
        self._clear_error()
        self.phase = "main"

    def _choose_hold(self, s: int, phys: int, ref: int, dt: bool) -> None:
        spec = self.spec(s, ref)
        targets = self.hold_targets(s, spec, dt, errors=self.g.errors_rule)
        if len(targets) == 1:
            self._play_hold(s, phys, ref, targets[0], self.dt_card if dt else -1)
        else:
            self.pending = ("dt" if dt else "hold", phys, ref)
            self.phase = "target"

    def _set_base(self, kind: str, phys: int, ref: int, att: int, dfn: int, dt: int) -> None:
        self.base_kind = kind
        self.base_phys = phys
        self.base_ref = ref
        self.base_att = att
        self.base_def = dfn
        self.base_dt = dt

    def _play_hold(self, s: int, phys: int, ref: int, target: int, dt: int) -> None:
        spec = self.spec(s, ref)
        if self.err_seat == s and self.plays and self.err_action == self.plays[-1]:
            fault = self.hold_fault(s, spec, target, dt >= 0)
            if fault:
                self.err_reason = fault  # 11.5: what is wrong with the Hold on the target he chose
        self._take(s, phys)
        self._abandon(s)  # 10.1D / 10.2D: a new Hold abandons the one he was applying
        self.acted = True
        self.dt_card = -1
        self._set_base("hold", phys, ref, s, target, dt)
        self.base_out = spec.reaches_outside and self.pos[target] == FLOOR
        if self.record_events:
            self.emit("hold", seat=s, wrestler=self.name(s), target=target, victim=self.name(target),
                      hold=spec.name, card=self.card_name(phys), double_team=dt >= 0, illegal=spec.illegal)
        self._open_chain(s, "primary")

    def _primary_done(self, s: int) -> None:
        self.acted = True
        if self.err_seat >= 0 or any(self.warned[t] > 0 for t in range(self.g.players)) or self.counts_running():
            self._set_base("play", -1, 0, s, -1, -1)
            self._open_chain(s, "primary")
        else:
            self._after_primary()

    def _after_primary(self) -> None:
        s = self.turn
        if self.result is not None:
            return
        if self.bout_over:
            self._new_bout()
            return
        if self.pos[s] == OUT:
            self._next_turn()
            return
        if self.combo:
            self.combo -= 1
            if self.combo and self.last_outcome in ("applied", "blocked") and self._hold_options(s, dt=False):
                self.phase = "main"
                return
            self.combo = 0
        if self.stay_pending:
            self.phase = "stay"
            return
        self._end_turn()

    def _surge(self, s: int, phys: int) -> None:
        """8.4: Strength rises by the current Power Surge rating until the start of his next turn."""
        self._take(s, phys)
        self._to_discard(phys)
        rating = self.w(s).abilities(self.dmg[s])[3]
        self._surge_rating(s)
        if self.record_events:
            self.emit("power_surge", seat=s, wrestler=self.name(s), amount=rating, strength=self.strength(s))

    def _after_surge_in_turn(self, s: int) -> None:
        # 10.2B / 10.1: a surge that removes the attacker's precondition breaks the Pin/Hold
        for r in [r for r in self.holds if r[1] == s]:
            if not self.maintains(r):
                self._break_hold(r, "power surge")

    def _recover(self, s: int, phys: int, amount: int, label: str, specialty: bool = False) -> None:
        """6.2: remove the oldest Damage cards, no more than the current Recovery rating (3.15)."""
        if not specialty:
            amount = min(amount, self.abilities(s)[4])
        removed: list[str] = []
        kept: list[Entry] = []
        for e in self.entries[s]:
            if amount > 0 and e[3] != E_EXIT and e[2] > 0:
                amount -= 1
                self.dmg[s] -= e[2]
                self._to_discard(e[0])
                removed.append(self.card_name(e[0]) if e[3] == E_HOLD else "face-down card")
            else:
                kept.append(e)
        self.entries[s] = kept
        self._to_discard(phys)
        if self.record_events:
            self.emit("recovery", seat=s, wrestler=self.name(s), card=label, removed=removed, damage=self.dmg[s])
        if self.dmg[s] == 0:
            for r in [r for r in self.holds if r[1] == s and r[4]]:
                self._break_hold(r, "no damage left")  # 11.41: The Champ's Specialty breaks the Pin

    def _play_tag(self, s: int, phys: int) -> None:
        self.tagged = True
        self._abandon(s)
        apron = [t for t in self.partners(s) if self.pos[t] == APRON]
        partner = next((t for t in apron if self.mobile(t)), apron[0])  # 11.5: an immobile one, as an error
        self._set_base("tag", phys, 0, s, partner, -1)
        if self.record_events:
            self.emit("tag_attempt", seat=s, wrestler=self.name(s), partner=self.name(partner))
        self._open_chain(s, "main")

    def _reenter(self, s: int) -> None:
        """11.32: announce re-entry and skip the turn; a new count starts against the opponent. A tag
        partner whose legal man is in the ring goes back to the apron (12.1: one at a time in the ring)."""
        apron = not self.free_for_all and any(
            self.pos[t] == RING and self.illegal_in[t] < 0 for t in self.partners(s)
        )
        self.pos[s] = APRON if apron else RING
        self.out_count[s] = 0
        self.out_limit[s] = 5
        kept = []
        for e in self.entries[s]:
            if e[3] == E_EXIT:
                self._to_discard(e[0])
            else:
                kept.append(e)
        self.entries[s] = kept
        for t in self.opponents(s):
            if self.pos[t] == FLOOR:
                self.out_count[t] = 0
        if apron:
            if self.record_events:
                self.emit("returns_to_apron", seat=s, wrestler=self.name(s))
        else:
            if self.record_events:
                self.emit("reenter", seat=s, wrestler=self.name(s))

    def _to_floor(self, s: int, phys: int = -1) -> None:
        self.pos[s] = FLOOR
        self.out_count[s] = 0
        self.out_limit[s] = 5
        if phys >= 0:
            self.entries[s].append((phys, -1, 0, E_EXIT, s))
        for r in [r for r in self.holds if s in (r[0], r[1])]:
            self._break_hold(r, "left the ring")
        if all(self.pos[t] != RING for t in self.opponents(s)):
            for t in range(self.g.players):
                if self.pos[t] == FLOOR:
                    self.out_count[t] = 0  # 11.33: both outside, a new count
        if self.free_for_all:
            self._check_team_out()
