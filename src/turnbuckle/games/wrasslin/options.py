"""What a player may do now: the main-phase plays (5.4 A) and the answers to a play (5.6, 8.x, 9.x).

Legal-move generation only; nothing here changes the state."""

from __future__ import annotations

from itertools import compress

from turnbuckle.engine.actions import Action
from turnbuckle.games.wrasslin.core import NEGATORS, Candidate, WrasslinCore
from turnbuckle.games.wrasslin.matchtypes import APRON, FLOOR, RING


class LegalOptionsMixin(WrasslinCore):
    """The legal choices of the player to move, in the main phase and in a response chain."""

    # -- main-phase actions (5.4 A) --------------------------------------------------------------
    def _hold_options(self, s: int, dt: bool, exclude: int = -1, errors: bool = False,
                      known: tuple[tuple[int, int, int, int, int], list[Candidate]] | None = None) -> list[Action]:
        """Every Hold ``s`` may play now, from his hand or as a Wild Card (11.2) or Specialty (11.4);
        ``errors``: also those only an 11.5 error plays (abilities, alignment, penalized target). ``known``:
        his ``abilities`` and the ``_candidates`` for ``errors``, when the caller has them already."""
        g = self.g
        h = self.hand[s]
        acts: list[Action] = []
        a = self.abilities(s) if known is None else known[0]
        if a[0] < 1 and not errors:
            return acts  # 3.11: no Strength, no Hold
        cands = self._candidates(s, errors) if known is None else known[1]
        if not cands:
            return acts
        key = (self.wid[s], a, self.pos[s], dt, errors, self.free_for_all, *cands)
        memo = g.hold_memo
        found = memo.get(key)
        if found is None:
            found = self._reachable_holds(s, dt, errors, cands, a)
            if len(memo) > 200_000:
                memo.clear()
            memo[key] = found
        cards, specs = found
        wild = h[self.C_WILD] - (1 if exclude == self.C_WILD else 0) > 0
        play, as_wild = g.a_play, g.a_wild
        for ci in cards:
            if not wild and not h[ci]:
                continue
            have = h[ci] - (1 if exclude == ci else 0) > 0
            if not have and not wild:
                continue
            if have:
                acts.append(play[ci])
            if wild:
                acts.append(as_wild[ci])
        if specs:
            has_spec = h[self.C_SPEC] > 0
            if has_spec or wild:
                for i in specs:
                    if has_spec:
                        acts.append(g.a_spec[i])
                    if wild:
                        acts.append(g.a_spec_wild[i])
        return acts

    def _hold_inputs(self, s: int) -> tuple[tuple[tuple[int, int, int, int, int], list[Candidate]],
                                            tuple[tuple[int, int, int, int, int], list[Candidate]]]:
        """``_hold_options``'s ``known`` for the legal list and for the lax one, worked out together."""
        a = self.abilities(s)
        legal, lax = self._candidate_lists(s)
        return (a, legal), (a, lax)

    def _reachable_holds(self, s: int, dt: bool, errors: bool, cands: list[tuple[int, int, int, int, int]],
                         a: tuple[int, int, int, int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The Hold cards (by card index) and Specialty Holds (by number) ``s`` could put on someone now,
        whatever his hand: ``_hold_options`` memoizes it per situation and filters it by the hand."""
        g = self.g
        wr = self.w(s)
        dirty = wr.dirty
        cards: list[int] = []
        for ci, spec in g.hold_cards:
            if spec.illegal and not dirty and not errors:
                continue  # 7.1: only dirty Wrestlers play blue Illegal Holds
            if dt and (spec.pin or spec.continuous):
                continue  # 12.4
            if self._targets_for(s, spec, dt, cands, a, errors=errors):
                cards.append(ci)
        specs: list[int] = []
        if not dt:
            for i, sp in enumerate(wr.specialties):
                if sp.hold is None:
                    continue
                if sp.hold.illegal and not dirty and not errors:
                    continue
                if self._targets_for(s, sp.hold, False, cands, a, errors=errors):
                    specs.append(i)
        return tuple(cards), tuple(specs)

    def _main_actions(self, s: int, lax: bool) -> tuple[list[Action], list[Action] | None]:
        """The turn player's plays (5.4 A) and, with ``lax``, in one pass, the list that also holds the plays
        only an 11.5 error makes (he lacks the abilities, alignment, mobility or Power Surge for them, is under
        a Hold, or ignores his called card). One pass: the errors rule would otherwise redo every check."""
        g = self.g
        h = self.hand[s]
        if self.phase == "dt_hold":
            legal, lax_known = self._hold_inputs(s)
            return (self._hold_options(s, dt=True, known=legal) or [g.a_end],
                    (self._hold_options(s, dt=True, errors=True, known=lax_known) or [g.a_end]) if lax else None)
        wild = h[self.C_WILD] > 0
        acts: list[Action] = []
        """The legal plays."""
        errs: list[Action] = []
        """The plays of the ``lax`` list; ``acts`` is copied in where the two agree."""
        C_PS = self.C_PS
        if h[C_PS] or wild:
            surge = [g.a_play[C_PS]] if h[C_PS] else []
            if wild:
                surge.append(g.a_wild[C_PS])
            if self.can_surge(s):
                acts += surge
            errs += surge
        if h[C_PS] and not self.acted and self.surge_turn[s] != self.turn_no and sum(h) > 1:
            acts.append(g.a_extra_surge)  # 8.4: "played (or discarded) in addition to any other card"
            errs.append(g.a_extra_surge)
        if self.combo:
            # 11.1: the Holds of a Combination (or end the turn)
            legal, lax_known = self._hold_inputs(s)
            return ([*acts, *self._hold_options(s, dt=False, known=legal), g.a_end],
                    [*errs, *self._hold_options(s, dt=False, errors=True, known=lax_known), g.a_end] if lax else None)
        held = self.held(s)
        """Under a Hold or Pin (10.12, 10.21): what that forbids is still played as an 11.5 error."""
        pinned = held and self.pinned(s)
        pos = self.pos[s]
        specs = self.w(s).specialties
        has_spec = h[self.C_SPEC] > 0
        mt = g.match_type
        if mt in ("tag", "handicap"):
            if pos == RING and not self.tagged and any(self.pos[t] == APRON for t in self.partners(s)):
                tag: list[Action] = []
                if h[self.C_TAG]:
                    tag.append(g.a_play[self.C_TAG])
                if wild:
                    tag.append(g.a_wild[self.C_TAG])
                if has_spec or wild:
                    for i, sp in enumerate(specs):
                        if sp.effect == "tag":
                            tag.append(g.a_spec[i] if has_spec else g.a_spec_wild[i])
                errs += tag
                if not held and self.mobile(s) and any(
                    self.pos[t] == APRON and self.mobile(t) for t in self.partners(s)
                ):
                    acts += tag
            if pos == APRON:
                for errors in (False, True) if lax else (False,):
                    if held and not errors:
                        continue
                    dt_sources: list[Action] = []
                    if h[self.C_DT] and self._hold_options(s, dt=True, exclude=self.C_DT, errors=errors):
                        dt_sources.append(g.a_play[self.C_DT])
                    if wild and self._hold_options(s, dt=True, exclude=self.C_WILD, errors=errors):
                        dt_sources.append(g.a_wild[self.C_DT])
                    if has_spec and any(sp.effect == "double_team" for sp in specs) and \
                            self._hold_options(s, dt=True, exclude=self.C_SPEC, errors=errors):
                        i = next(i for i, sp in enumerate(specs) if sp.effect == "double_team")
                        dt_sources.append(g.a_spec[i])
                    (errs if errors else acts).extend(dt_sources)
                # 12.42: two opponents in the ring against my partner alone
                if not self.free_for_all and any(self.pos[t] == RING for t in self.partners(s)) and sum(
                    1 for t in self.opponents(s) if self.pos[t] == RING
                ) >= 2:
                    if not held:
                        acts.append(g.a_enter)
                    errs.append(g.a_enter)
            if self.illegal_in[s] >= 0:
                acts.append(g.a_apron)
                errs.append(g.a_apron)
            if not self.free_for_all and any(self.illegal_in[t] >= 0 for t in self.opponents(s)):
                # 12.41: the Referee spots the illegal man
                if h[self.C_REF]:
                    acts.append(g.a_play[self.C_REF])
                    errs.append(g.a_play[self.C_REF])
                if wild:
                    acts.append(g.a_wild[self.C_REF])
                    errs.append(g.a_wild[self.C_REF])
        if pos in (RING, FLOOR):
            legal, lax_known = self._hold_inputs(s)
            if not held:
                holds = self._hold_options(s, dt=False, known=legal)
                acts += holds
                if holds:
                    if h[self.C_COMB]:
                        acts.append(g.a_play[self.C_COMB])
                    if wild:
                        acts.append(g.a_wild[self.C_COMB])
            if lax:
                errs += self._hold_options(s, dt=False, errors=True, known=lax_known)
            if pos == RING and not g.royal and self.opponents(s):
                exits: list[Action] = []
                if h[self.C_OOR]:
                    exits.append(g.a_exit)
                if wild:
                    exits.append(g.a_exit_wild)
                if exits:
                    errs += exits
                    # 10.21: the pinner stays put too
                    if not held and not (self.holds and any(r[0] == s and r[4] for r in self.holds)) and \
                            self.mobile(s):
                        acts += exits
        if pos == FLOOR:
            if self.mobile(s):
                acts.append(g.a_reenter)
            errs.append(g.a_reenter)
        dmg = self.dmg[s]
        if dmg > 0 and self.abilities(s)[4] > 0:
            rec: list[Action] = []
            if h[self.C_REC1]:
                rec.append(g.a_play[self.C_REC1])
            if h[self.C_REC2]:
                rec.append(g.a_play[self.C_REC2])
            if wild:
                rec.append(g.a_wild[self.C_REC1])
                rec.append(g.a_wild[self.C_REC2])
            if not held:
                acts += rec
            errs += rec
        if (has_spec or wild) and dmg > 0:
            for i, sp in enumerate(specs):
                if sp.effect == "recovery":
                    act = g.a_spec[i] if has_spec else g.a_spec_wild[i]
                    if not held or (sp.while_pinned and not self.held_by_continuous(s)):
                        acts.append(act)
                    errs.append(act)
        if pinned and (h[self.C_BLOCK] or wild):
            # 10.2A / introductory sheet: the pinned Wrestler may Block the Pin
            block = [g.a_play[self.C_BLOCK]] if h[self.C_BLOCK] else []
            if wild:
                block.append(g.a_wild[self.C_BLOCK])
            if self.can_react(s):
                acts += block
            errs += block
        discards = list(compress(g.a_discard, h))
        acts += discards
        errs += discards
        if self.obligation >= 0 and self.turn_no == 1:
            # 5.3: the called card is the first play or discard; a Power Surge (8.4) and a Tag (12.3) go
            # "in addition to" the play, so they may come with it
            ob = self.obligation
            extra = (g.a_play[self.C_PS], g.a_wild[self.C_PS], g.a_extra_surge, g.a_play[self.C_TAG],
                     g.a_wild[self.C_TAG], g.a_concede)
            kept = [x for x in acts if self._uses(x, ob) or x in extra]
            if kept:
                acts = kept
        if not acts:
            acts.append(g.a_end)  # an empty hand (the deck ran dry): nothing to play or discard
        if not lax:
            return acts, None
        if not errs:
            errs.append(g.a_end)
        return acts, errs

    def _void_wild(self, action: Action) -> bool:
        """A Wild Card may not become a card this match has removed (intro sheet, 13.2, 14.2)."""
        return action.id in self.g.void_wild

    def held_by_continuous(self, s: int) -> bool:
        return any(r[1] == s and not r[4] for r in self.holds)

    def _uses(self, action: Action, ci: int) -> bool:
        """Does ``action`` play or discard card type ``ci`` (5.3: the first player's called card)?"""
        kind, arg = self.g.decode[action.id]
        if ci == self.C_WILD:
            return kind in ("wild", "spec_wild") or action is self.g.a_exit_wild or (kind == "discard" and arg == ci)
        if ci == self.C_SPEC:
            return kind == "spec" or (kind == "discard" and arg == ci)
        if ci == self.C_OOR and action is self.g.a_exit:
            return True
        return kind in ("play", "discard") and arg == ci

    # -- responses (5.6, 8.x, 9.x) ---------------------------------------------------------------
    def _effective(self) -> tuple[list[bool], list[str]]:
        """Which chain items stand, top down, and the kinds of standing items aimed at the base play."""
        chain = self.chain
        negated = [False] * len(chain)
        hits: list[str] = []
        for i in range(len(chain) - 1, -1, -1):
            if negated[i]:
                continue
            kind, _phys, _seat, tgt = chain[i]
            if tgt >= 0:
                if kind in ("referee", "distraction", "long", "short"):
                    negated[tgt] = True
            else:
                hits.append(kind)
        return [not x for x in negated], hits

    def base_illegal(self) -> bool:
        if self.base_kind != "hold":
            return False
        return self.base_dt >= 0 or self.spec(self.base_att, self.base_ref).illegal

    def counts_running(self) -> bool:
        if FLOOR in self.pos or max(self.illegal_in) >= 0 or any(r[4] for r in self.holds):
            return True
        return self.base_kind == "hold" and self.spec(self.base_att, self.base_ref).pin

    def _responses(self, q: int, lax: bool) -> tuple[list[Action], list[Action] | None]:
        """``q``'s answers to the play (5.6, 8.x, 9.x) and, with ``lax``, in the same pass, the list that also
        holds those only an 11.5 error makes (no ability left to react, a Reverse against a Specialty or
        Continuing Hold, a second Power Surge, no manager or mobile partner for Outside Influence)."""
        g = self.g
        h = self.hand[q]
        wild = h[self.C_WILD] > 0
        acts: list[Action] = []
        errs: list[Action] = []
        """The ``lax`` list; ``acts`` is copied in where the two agree."""
        bk = self.base_kind
        att, dfn = self.base_att, self.base_def
        chain = self.chain
        if chain and chain[-1][0] in ("block", "reverse"):
            # 8.32: nothing answers a red card; it waits only for a challenge of the red card itself
            acts = [g.a_challenge] if self._may_challenge(q) else []
            return acts, acts.copy() if lax else None
        eff, hits = self._effective()
        battle_royal = g.royal
        if bk in ("hold", "reapply", "exit"):
            standing = not any(k in NEGATORS for k in hits)
            spec = self.spec(att, self.base_ref) if bk != "exit" else None
            reversible = bk == "exit" or (bk == "hold" and spec is not None and spec.reversible)
            # 8.33 / 11.4: a Reverse against a Specialty or Continuing Hold, as an error
            reversible_err = reversible or (bk == "hold" and spec is not None and not spec.pin)
            if q == dfn and standing and not (bk == "hold" and self.base_dt >= 0) and \
                    not any(it[0] in ("block", "reverse") for it in chain):
                block: list[Action] = []
                if h[self.C_BLOCK]:
                    block.append(g.a_react[self.C_BLOCK])
                if wild:
                    block.append(g.a_react_wild[self.C_BLOCK])
                reverse: list[Action] = []
                if h[self.C_REVERSE]:
                    reverse.append(g.a_react[self.C_REVERSE])
                if wild:
                    reverse.append(g.a_react_wild[self.C_REVERSE])
                if self.can_react(q):
                    acts += block
                    if reversible:
                        acts += reverse
                errs += block
                if reversible_err:
                    errs += reverse
                if bk != "exit" and (h[self.C_PS] or wild) and not any(it[0] == "surge" for it in chain):
                    surge = [g.a_react[self.C_PS]] if h[self.C_PS] else []
                    if wild:
                        surge.append(g.a_react_wild[self.C_PS])
                    if self.can_surge(q):
                        acts += surge
                    errs += surge
            if (
                bk != "exit" and not battle_royal and standing and dfn >= 0
                and self.team[q] == self.team[dfn] and (h[self.C_IB] or h[self.C_IR] or wild)
            ):
                outside: list[Action] = []
                if h[self.C_IB]:
                    outside.append(g.a_react[self.C_IB])
                if wild:
                    outside.append(g.a_react_wild[self.C_IB])
                ireverse: list[Action] = []
                if h[self.C_IR]:
                    ireverse.append(g.a_react[self.C_IR])
                if wild:
                    ireverse.append(g.a_react_wild[self.C_IR])
                if self.entitled(q):
                    acts += outside
                    if bk == "hold" and reversible:
                        acts += ireverse
                errs += outside
                if bk == "hold" and reversible_err:
                    errs += ireverse
        if bk == "refcall":
            # 12.41: a Distraction voids the Referee's call on the illegal man only if the offending team
            # has a manager or a third mobile Tag Team partner
            if self.team[q] == self.team[dfn] and "distraction" not in hits and (h[self.C_DIS] or wild):
                distract = [g.a_react[self.C_DIS]] if h[self.C_DIS] else []
                if wild:
                    distract.append(g.a_react_wild[self.C_DIS])
                if self.team_may_distract(dfn):
                    acts += distract
                errs += distract
        elif not battle_royal and not self.free_for_all and self.dt_lock < 0:
            both: list[Action] = []
            """Answers open to anyone holding the card (no ability or entitlement needed)."""
            target = self._referee_target(q, eff, hits)
            if target is not None:
                if not target[1]:
                    if h[self.C_REF]:
                        both.append(g.a_react[self.C_REF])
                    if wild:
                        both.append(g.a_react_wild[self.C_REF])
                if h[self.C_SPEC] or wild:
                    for i, sp in enumerate(self.w(q).specialties):
                        if sp.effect == "referee":
                            both.append(g.a_react_spec[i])
            # 9.5: Distraction voids the standing Referee aimed at my side, or an opponent's Tag
            if h[self.C_DIS] or wild:
                ok = False
                for i in range(len(chain) - 1, -1, -1):
                    kind, _p, seat, _t = chain[i]
                    if eff[i] and kind == "referee":
                        ok = self.team[seat] != self.team[q]
                        break
                if bk == "tag" and self.team[att] != self.team[q] and "distraction" not in hits:
                    ok = True
                if ok:
                    distract = [g.a_react[self.C_DIS]] if h[self.C_DIS] else []
                    if wild:
                        distract.append(g.a_react_wild[self.C_DIS])
                    if self.entitled(q):
                        acts += distract
                    errs += distract
            # 9.2: Long/Short Count during an opponent's turn
            if q != self.turn and self.team[q] != self.team[self.turn] and (h[self.C_LSC] or wild) and \
                    self.counts_running():
                lsc = [i for i, it in enumerate(chain) if it[0] in ("long", "short")]
                standing_lsc = [i for i in lsc if eff[i]]
                if not lsc or (standing_lsc and chain[standing_lsc[-1]][2] != q):
                    if h[self.C_LSC]:
                        both += [g.a_long, g.a_short]
                    if wild:
                        both += [g.a_long_wild, g.a_short_wild]
            acts += both
            errs += both
        if self._may_challenge(q):
            acts.append(g.a_challenge)
            errs.append(g.a_challenge)
        return acts, errs if lax else None

    def _may_challenge(self, q: int) -> bool:
        """11.5: an opponent of the pending illegal play may challenge it (until his side plays a card)."""
        return self.err_seat >= 0 and self.team[q] != self.team[self.err_seat]

    def _referee_target(self, q: int, eff: list[bool], hits: list[str]) -> tuple[int, bool] | None:
        """The standing illegal card a Referee by ``q`` would catch (9.4), and whether it is referee-proof."""
        chain = self.chain
        for i in range(len(chain) - 1, -1, -1):
            kind, _p, seat, _t = chain[i]
            if eff[i] and kind in ("iblock", "ireverse") and self.team[seat] != self.team[q]:
                return (i, False)
        att = self.base_att
        if att < 0 or self.team[att] == self.team[q] or "referee" in hits:
            return None
        if any(k in ("block", "reverse", "iblock", "ireverse") for k in hits):
            return None
        if self.warned[att] > 0 and att == self.turn and self.base_kind in ("hold", "exit", "play", "tag"):
            return (-1, False)  # 9.42: ignoring a warning
        if self.base_kind == "hold" and self.base_illegal():
            if self.pos[att] != RING and self.pos[self.base_def] != RING:
                return None  # 11.31: no Referee outside the ring
            spec = self.spec(att, self.base_ref)
            return (-1, spec.referee_proof)
        return None
