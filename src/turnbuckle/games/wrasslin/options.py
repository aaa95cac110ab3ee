"""What a player may do now: the main-phase plays (5.4 A) and the answers to a play (5.6, 8.x, 9.x),
and the legal list built from them (with the 11.5 errors rule, the illegal plays a player may still
make, noted in ``_errset``).

Legal-move generation only; nothing here changes the match (it caches the legal list it builds).

Reads: C_BLOCK, C_COMB, C_DIS, C_DT, C_IB, C_IR, C_LSC, C_OOR, C_PS, C_REC1, C_REC2, C_REF, C_REVERSE, C_SPEC,
C_TAG, C_WILD, acted, base_att, base_def, base_dt, base_kind, base_ref, chain, combo, dmg, dt_lock, err_seat,
free_for_all, g, hand, holds, illegal_in, obligation, pending, phase, pool, pos, refused, responders, result,
surge_turn, tagged, team, turn, turn_no, warned, wid
Writes: _errset, _legal
"""

from __future__ import annotations

from itertools import compress
from operator import attrgetter
from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.wrasslin.core import (
    NEGATORS,
    Candidate,
    abilities,
    can_react,
    can_surge,
    candidate_lists,
    candidates,
    entitled,
    hold_spec,
    hold_targets,
    is_held,
    is_mobile,
    is_pinned,
    opponents,
    partners,
    targets_for,
    team_may_distract,
    wrestler_of,
)
from turnbuckle.games.wrasslin.matchtypes import APRON, FLOOR, RING

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState


# -- main-phase actions (5.4 A) --------------------------------------------------------------
def hold_options(st: WrasslinState, s: int, dt: bool, exclude: int = -1, errors: bool = False,
                  known: tuple[tuple[int, int, int, int, int], list[Candidate]] | None = None) -> list[Action]:
    """Every Hold ``s`` may play now, from his hand or as a Wild Card (11.2) or Specialty (11.4);
    ``errors``: also those only an 11.5 error plays (abilities, alignment, penalized target). ``known``:
    his ``abilities`` and the ``candidates`` for ``errors``, when the caller has them already."""
    g = st.g
    h = st.hand[s]
    acts: list[Action] = []
    a = abilities(st, s) if known is None else known[0]
    if a[0] < 1 and not errors:
        return acts  # 3.11: no Strength, no Hold
    cands = candidates(st, s, errors) if known is None else known[1]
    if not cands:
        return acts
    key = (st.wid[s], a, st.pos[s], dt, errors, st.free_for_all, *cands)
    memo = g.hold_memo
    found = memo.get(key)
    if found is None:
        found = reachable_holds(st, s, dt, errors, cands, a)
        if len(memo) > 200_000:
            memo.clear()
        memo[key] = found
    cards, specs = found
    wild = h[st.C_WILD] - (1 if exclude == st.C_WILD else 0) > 0
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
        has_spec = h[st.C_SPEC] > 0
        if has_spec or wild:
            for i in specs:
                if has_spec:
                    acts.append(g.a_spec[i])
                if wild:
                    acts.append(g.a_spec_wild[i])
    return acts

action_id = attrgetter("id")
"""An action's id: the key legal lists are sorted by."""


def hold_inputs(st: WrasslinState, s: int) -> tuple[tuple[tuple[int, int, int, int, int], list[Candidate]],
                                        tuple[tuple[int, int, int, int, int], list[Candidate]]]:
    """``hold_options``'s ``known`` for the legal list and for the lax one, worked out together."""
    a = abilities(st, s)
    legal, lax = candidate_lists(st, s)
    return (a, legal), (a, lax)


def reachable_holds(st: WrasslinState, s: int, dt: bool, errors: bool, cands: list[tuple[int, int, int, int, int]],
                     a: tuple[int, int, int, int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The Hold cards (by card index) and Specialty Holds (by number) ``s`` could put on someone now,
    whatever his hand: ``hold_options`` memoizes it per situation and filters it by the hand."""
    g = st.g
    wr = wrestler_of(st, s)
    dirty = wr.dirty
    cards: list[int] = []
    for ci, spec in g.hold_cards:
        if spec.illegal and not dirty and not errors:
            continue  # 7.1: only dirty Wrestlers play blue Illegal Holds
        if dt and (spec.pin or spec.continuous):
            continue  # 12.4
        if targets_for(st, s, spec, dt, cands, a, errors=errors):
            cards.append(ci)
    specs: list[int] = []
    if not dt:
        for i, sp in enumerate(wr.specialties):
            if sp.hold is None:
                continue
            if sp.hold.illegal and not dirty and not errors:
                continue
            if targets_for(st, s, sp.hold, False, cands, a, errors=errors):
                specs.append(i)
    return tuple(cards), tuple(specs)


def main_actions(st: WrasslinState, s: int, lax: bool) -> tuple[list[Action], list[Action] | None]:
    """The turn player's plays (5.4 A) and, with ``lax``, in one pass, the list that also holds the plays
    only an 11.5 error makes (he lacks the abilities, alignment, mobility or Power Surge for them, is under
    a Hold, or ignores his called card). One pass: the errors rule would otherwise redo every check."""
    g = st.g
    h = st.hand[s]
    if st.phase == "dt_hold":
        legal, lax_known = hold_inputs(st, s)
        return (hold_options(st, s, dt=True, known=legal) or [g.a_end],
                (hold_options(st, s, dt=True, errors=True, known=lax_known) or [g.a_end]) if lax else None)
    wild = h[st.C_WILD] > 0
    acts: list[Action] = []
    """The legal plays."""
    errs: list[Action] = []
    """The plays of the ``lax`` list; ``acts`` is copied in where the two agree."""
    C_PS = st.C_PS
    if h[C_PS] or wild:
        surge = [g.a_play[C_PS]] if h[C_PS] else []
        if wild:
            surge.append(g.a_wild[C_PS])
        if can_surge(st, s):
            acts += surge
        errs += surge
    if h[C_PS] and not st.acted and st.surge_turn[s] != st.turn_no and sum(h) > 1:
        acts.append(g.a_extra_surge)  # 8.4: "played (or discarded) in addition to any other card"
        errs.append(g.a_extra_surge)
    if st.combo:
        # 11.1: the Holds of a Combination (or end the turn)
        legal, lax_known = hold_inputs(st, s)
        return ([*acts, *hold_options(st, s, dt=False, known=legal), g.a_end],
                [*errs, *hold_options(st, s, dt=False, errors=True, known=lax_known), g.a_end] if lax else None)
    held = is_held(st, s)
    """Under a Hold or Pin (10.12, 10.21): what that forbids is still played as an 11.5 error."""
    pinned = held and is_pinned(st, s)
    pos = st.pos[s]
    specs = wrestler_of(st, s).specialties
    has_spec = h[st.C_SPEC] > 0
    mt = g.match_type
    if mt in ("tag", "handicap"):
        if pos == RING and not st.tagged and any(st.pos[t] == APRON for t in partners(st, s)):
            tag: list[Action] = []
            if h[st.C_TAG]:
                tag.append(g.a_play[st.C_TAG])
            if wild:
                tag.append(g.a_wild[st.C_TAG])
            if has_spec or wild:
                for i, sp in enumerate(specs):
                    if sp.effect == "tag":
                        tag.append(g.a_spec[i] if has_spec else g.a_spec_wild[i])
            errs += tag
            if not held and is_mobile(st, s) and any(
                st.pos[t] == APRON and is_mobile(st, t) for t in partners(st, s)
            ):
                acts += tag
        if pos == APRON:
            for errors in (False, True) if lax else (False,):
                if held and not errors:
                    continue
                dt_sources: list[Action] = []
                if h[st.C_DT] and hold_options(st, s, dt=True, exclude=st.C_DT, errors=errors):
                    dt_sources.append(g.a_play[st.C_DT])
                if wild and hold_options(st, s, dt=True, exclude=st.C_WILD, errors=errors):
                    dt_sources.append(g.a_wild[st.C_DT])
                if has_spec and any(sp.effect == "double_team" for sp in specs) and \
                        hold_options(st, s, dt=True, exclude=st.C_SPEC, errors=errors):
                    i = next(i for i, sp in enumerate(specs) if sp.effect == "double_team")
                    dt_sources.append(g.a_spec[i])
                (errs if errors else acts).extend(dt_sources)
            # 12.42: two opponents in the ring against my partner alone
            if not st.free_for_all and any(st.pos[t] == RING for t in partners(st, s)) and sum(
                1 for t in opponents(st, s) if st.pos[t] == RING
            ) >= 2:
                if not held:
                    acts.append(g.a_enter)
                errs.append(g.a_enter)
        if st.illegal_in[s] >= 0:
            acts.append(g.a_apron)
            errs.append(g.a_apron)
        if not st.free_for_all and any(st.illegal_in[t] >= 0 for t in opponents(st, s)):
            # 12.41: the Referee spots the illegal man
            if h[st.C_REF]:
                acts.append(g.a_play[st.C_REF])
                errs.append(g.a_play[st.C_REF])
            if wild:
                acts.append(g.a_wild[st.C_REF])
                errs.append(g.a_wild[st.C_REF])
    if pos in (RING, FLOOR):
        legal, lax_known = hold_inputs(st, s)
        if not held:
            holds = hold_options(st, s, dt=False, known=legal)
            acts += holds
            if holds:
                if h[st.C_COMB]:
                    acts.append(g.a_play[st.C_COMB])
                if wild:
                    acts.append(g.a_wild[st.C_COMB])
        if lax:
            errs += hold_options(st, s, dt=False, errors=True, known=lax_known)
        if pos == RING and not g.royal and opponents(st, s):
            exits: list[Action] = []
            if h[st.C_OOR]:
                exits.append(g.a_exit)
            if wild:
                exits.append(g.a_exit_wild)
            if exits:
                errs += exits
                # 10.21: the pinner stays put too
                if not held and not (st.holds and any(r[0] == s and r[4] for r in st.holds)) and \
                        is_mobile(st, s):
                    acts += exits
    if pos == FLOOR:
        if is_mobile(st, s):
            acts.append(g.a_reenter)
        errs.append(g.a_reenter)
    dmg = st.dmg[s]
    if dmg > 0 and abilities(st, s)[4] > 0:
        rec: list[Action] = []
        if h[st.C_REC1]:
            rec.append(g.a_play[st.C_REC1])
        if h[st.C_REC2]:
            rec.append(g.a_play[st.C_REC2])
        if wild:
            rec.append(g.a_wild[st.C_REC1])
            rec.append(g.a_wild[st.C_REC2])
        if not held:
            acts += rec
        errs += rec
    if (has_spec or wild) and dmg > 0:
        for i, sp in enumerate(specs):
            if sp.effect == "recovery":
                act = g.a_spec[i] if has_spec else g.a_spec_wild[i]
                if not held or (sp.while_pinned and not held_by_continuous(st, s)):
                    acts.append(act)
                errs.append(act)
    if pinned and (h[st.C_BLOCK] or wild):
        # 10.2A / introductory sheet: the pinned Wrestler may Block the Pin
        block = [g.a_play[st.C_BLOCK]] if h[st.C_BLOCK] else []
        if wild:
            block.append(g.a_wild[st.C_BLOCK])
        if can_react(st, s):
            acts += block
        errs += block
    discards = list(compress(g.a_discard, h))
    acts += discards
    errs += discards
    if st.obligation >= 0 and st.turn_no == 1:
        # 5.3: the called card is the first play or discard; a Power Surge (8.4) and a Tag (12.3) go
        # "in addition to" the play, so they may come with it
        ob = st.obligation
        extra = (g.a_play[st.C_PS], g.a_wild[st.C_PS], g.a_extra_surge, g.a_play[st.C_TAG],
                 g.a_wild[st.C_TAG], g.a_concede)
        kept = [x for x in acts if uses(st, x, ob) or x in extra]
        if kept:
            acts = kept
    if not acts:
        acts.append(g.a_end)  # an empty hand (the deck ran dry): nothing to play or discard
    if not lax:
        return acts, None
    if not errs:
        errs.append(g.a_end)
    return acts, errs


def void_wild(st: WrasslinState, action: Action) -> bool:
    """A Wild Card may not become a card this match has removed (intro sheet, 13.2, 14.2)."""
    return action.id in st.g.void_wild


def held_by_continuous(st: WrasslinState, s: int) -> bool:
    return any(r[1] == s and not r[4] for r in st.holds)


def uses(st: WrasslinState, action: Action, ci: int) -> bool:
    """Does ``action`` play or discard card type ``ci`` (5.3: the first player's called card)?"""
    kind, arg = st.g.decode[action.id]
    if ci == st.C_WILD:
        return kind in ("wild", "spec_wild") or action is st.g.a_exit_wild or (kind == "discard" and arg == ci)
    if ci == st.C_SPEC:
        return kind == "spec" or (kind == "discard" and arg == ci)
    if ci == st.C_OOR and action is st.g.a_exit:
        return True
    return kind in ("play", "discard") and arg == ci


# -- responses (5.6, 8.x, 9.x) ---------------------------------------------------------------
def effective(st: WrasslinState) -> tuple[list[bool], list[str]]:
    """Which chain items stand, top down, and the kinds of standing items aimed at the base play."""
    chain = st.chain
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


def base_illegal(st: WrasslinState) -> bool:
    if st.base_kind != "hold":
        return False
    return st.base_dt >= 0 or hold_spec(st, st.base_att, st.base_ref).illegal


def counts_running(st: WrasslinState) -> bool:
    if FLOOR in st.pos or max(st.illegal_in) >= 0 or any(r[4] for r in st.holds):
        return True
    return st.base_kind == "hold" and hold_spec(st, st.base_att, st.base_ref).pin


def card_plays(st: WrasslinState, hand: list[int], card: int) -> list[Action]:
    """Reaction card ``card`` played from ``hand`` and the Wild Card played as it (10.x): the actions the
    hand holds for that reaction, in that order."""
    found = [st.g.a_react[card]] if hand[card] else []
    if hand[st.C_WILD] > 0:
        found.append(st.g.a_react_wild[card])
    return found


def responses(st: WrasslinState, q: int, lax: bool) -> tuple[list[Action], list[Action] | None]:
    """``q``'s answers to the play (5.6, 8.x, 9.x) and, with ``lax``, in the same pass, the list that also
    holds those only an 11.5 error makes (no ability left to react, a Reverse against a Specialty or
    Continuing Hold, a second Power Surge, no manager or mobile partner for Outside Influence)."""
    g = st.g
    h = st.hand[q]
    wild = h[st.C_WILD] > 0
    acts: list[Action] = []
    errs: list[Action] = []
    """The ``lax`` list; ``acts`` is copied in where the two agree."""
    bk = st.base_kind
    att, dfn = st.base_att, st.base_def
    chain = st.chain
    if chain and chain[-1][0] in ("block", "reverse"):
        # 8.32: nothing answers a red card; it waits only for a challenge of the red card itself
        acts = [g.a_challenge] if may_challenge(st, q) else []
        return acts, acts.copy() if lax else None
    eff, hits = effective(st)
    battle_royal = g.royal
    if bk in ("hold", "reapply", "exit"):
        standing = not any(k in NEGATORS for k in hits)
        spec = hold_spec(st, att, st.base_ref) if bk != "exit" else None
        reversible = bk == "exit" or (bk == "hold" and spec is not None and spec.reversible)
        # 8.33 / 11.4: a Reverse against a Specialty or Continuing Hold, as an error
        reversible_err = reversible or (bk == "hold" and spec is not None and not spec.pin)
        if q == dfn and standing and not (bk == "hold" and st.base_dt >= 0) and \
                not any(it[0] in ("block", "reverse") for it in chain):
            block = card_plays(st, h, st.C_BLOCK)
            reverse = card_plays(st, h, st.C_REVERSE)
            if can_react(st, q):
                acts += block
                if reversible:
                    acts += reverse
            errs += block
            if reversible_err:
                errs += reverse
            if bk != "exit" and (h[st.C_PS] or wild) and not any(it[0] == "surge" for it in chain):
                surge = card_plays(st, h, st.C_PS)
                if can_surge(st, q):
                    acts += surge
                errs += surge
        if (
            bk != "exit" and not battle_royal and standing and dfn >= 0
            and st.team[q] == st.team[dfn] and (h[st.C_IB] or h[st.C_IR] or wild)
        ):
            outside = card_plays(st, h, st.C_IB)
            ireverse = card_plays(st, h, st.C_IR)
            if entitled(st, q):
                acts += outside
                if bk == "hold" and reversible:
                    acts += ireverse
            errs += outside
            if bk == "hold" and reversible_err:
                errs += ireverse
    if bk == "refcall":
        # 12.41: a Distraction voids the Referee's call on the illegal man only if the offending team
        # has a manager or a third mobile Tag Team partner
        if st.team[q] == st.team[dfn] and "distraction" not in hits and (h[st.C_DIS] or wild):
            distract = card_plays(st, h, st.C_DIS)
            if team_may_distract(st, dfn):
                acts += distract
            errs += distract
    elif not battle_royal and not st.free_for_all and st.dt_lock < 0:
        both: list[Action] = []
        """Answers open to anyone holding the card (no ability or entitlement needed)."""
        target = referee_target(st, q, eff, hits)
        if target is not None:
            if not target[1]:
                both += card_plays(st, h, st.C_REF)
            if h[st.C_SPEC] or wild:
                for i, sp in enumerate(wrestler_of(st, q).specialties):
                    if sp.effect == "referee":
                        both.append(g.a_react_spec[i])
        # 9.5: Distraction voids the standing Referee aimed at my side, or an opponent's Tag
        if h[st.C_DIS] or wild:
            ok = False
            for i in range(len(chain) - 1, -1, -1):
                kind, _p, seat, _t = chain[i]
                if eff[i] and kind == "referee":
                    ok = st.team[seat] != st.team[q]
                    break
            if bk == "tag" and st.team[att] != st.team[q] and "distraction" not in hits:
                ok = True
            if ok:
                distract = card_plays(st, h, st.C_DIS)
                if entitled(st, q):
                    acts += distract
                errs += distract
        # 9.2: Long/Short Count during an opponent's turn
        if q != st.turn and st.team[q] != st.team[st.turn] and (h[st.C_LSC] or wild) and \
                counts_running(st):
            lsc = [i for i, it in enumerate(chain) if it[0] in ("long", "short")]
            standing_lsc = [i for i in lsc if eff[i]]
            if not lsc or (standing_lsc and chain[standing_lsc[-1]][2] != q):
                if h[st.C_LSC]:
                    both += [g.a_long, g.a_short]
                if wild:
                    both += [g.a_long_wild, g.a_short_wild]
        acts += both
        errs += both
    if may_challenge(st, q):
        acts.append(g.a_challenge)
        errs.append(g.a_challenge)
    return acts, errs if lax else None


def may_challenge(st: WrasslinState, q: int) -> bool:
    """11.5: an opponent of the pending illegal play may challenge it (until his side plays a card)."""
    return st.err_seat >= 0 and st.team[q] != st.team[st.err_seat]


def referee_target(st: WrasslinState, q: int, eff: list[bool], hits: list[str]) -> tuple[int, bool] | None:
    """The standing illegal card a Referee by ``q`` would catch (9.4), and whether it is referee-proof."""
    chain = st.chain
    for i in range(len(chain) - 1, -1, -1):
        kind, _p, seat, _t = chain[i]
        if eff[i] and kind in ("iblock", "ireverse") and st.team[seat] != st.team[q]:
            return (i, False)
    att = st.base_att
    if att < 0 or st.team[att] == st.team[q] or "referee" in hits:
        return None
    if any(k in ("block", "reverse", "iblock", "ireverse") for k in hits):
        return None
    if st.warned[att] > 0 and att == st.turn and st.base_kind in ("hold", "exit", "play", "tag"):
        return (-1, False)  # 9.42: ignoring a warning
    if st.base_kind == "hold" and base_illegal(st):
        if st.pos[att] != RING and st.pos[st.base_def] != RING:
            return None  # 11.31: no Referee outside the ring
        spec = hold_spec(st, att, st.base_ref)
        return (-1, spec.referee_proof)
    return None


def compute_legal(st: WrasslinState) -> list[Action]:
    """The legal decisions; with the 11.5 errors rule, also the illegal plays a player may still make
    (``_errset``): they stand unless an opponent challenges before playing a card."""
    acts, lax = decision_lists(st, st.g.errors_rule and st.phase in ("main", "dt_hold", "target", "respond"))
    return with_errors(st, acts, lax)


def with_errors(st: WrasslinState, acts: list[Action], lax: list[Action] | None) -> list[Action]:
    """``acts`` plus the 11.5 errors among ``lax`` (noted in ``_errset``) and, in a tournament, concede."""
    errs: frozenset[int] = frozenset()
    if lax is not None:
        have = set(map(action_id, acts))
        extra = [a for a in lax if a.id not in have]
        if extra:
            acts += extra
            errs = frozenset(map(action_id, extra))
    st._errset = errs
    if st.g.match_type == "tournament" and st.phase not in ("initiative", "draft") and acts:
        acts.append(st.g.a_concede)  # 14.3: at any time a Wrestler may voluntarily concede
    return acts


def prime_responses(st: WrasslinState, q: int, answers: list[Action], lax: list[Action] | None) -> None:
    """``next_responder`` just asked ``q`` (now to answer) for his ``responses`` (and, with the errors
    rule, the ``lax`` ones): the legal list from them, without asking again."""
    if st.result is not None:
        return
    errors = respond_options(st, q, lax) if lax is not None else None
    st._legal = sorted(with_errors(st, respond_options(st, q, answers), errors), key=action_id)


def respond_options(st: WrasslinState, p: int, acts: list[Action]) -> list[Action]:
    """``p``'s answers (``responses``) less those refused by a challenge or void as a Wild Card, and pass."""
    g = st.g
    if st.refused:
        acts = [a for a in acts if (p, a.id) not in st.refused]
    if g.void and st.hand[p][st.C_WILD]:
        void = g.void_wild
        acts = [a for a in acts if a.id not in void]
    acts.append(g.a_pass)
    return acts


def decisions(st: WrasslinState, errors: bool = False) -> list[Action]:
    acts, lax = decision_lists(st, errors)
    return lax if lax is not None else acts


def decision_lists(st: WrasslinState, lax: bool) -> tuple[list[Action], list[Action] | None]:
    """The legal decisions and, with ``lax``, the decisions an 11.5 error may also make (main-phase
    plays are worked out for both lists in one pass)."""
    ph = st.phase
    if ph == "respond" and st.result is None:
        q = st.responders[0]
        answers, errs = responses(st, q, lax)
        return respond_options(st, q, answers), respond_options(st, q, errs) if errs is not None else None
    if ph != "main" and ph != "dt_hold":
        return phase_decisions(st), phase_decisions(st, errors=True) if lax else None
    p = st.current_player()
    if p < 0:
        return [], [] if lax else None
    g = st.g
    lists = main_actions(st, p, lax)
    out: list[list[Action]] = []
    for acts in lists:
        if acts is None:
            break
        if st.refused:
            acts = [a for a in acts if (p, a.id) not in st.refused] or [g.a_end]
        if g.void and st.hand[p][st.C_WILD]:
            void = g.void_wild
            acts = [a for a in acts if a.id not in void]
        out.append(acts)
    return out[0], out[1] if lax else None


def phase_decisions(st: WrasslinState, errors: bool = False) -> list[Action]:
    """The decisions outside the main phase (``errors``: with the 11.5 errors among them)."""
    p = st.current_player()
    if p < 0:
        return []
    g = st.g
    ph = st.phase
    if ph == "respond":
        answers, errs = responses(st, p, errors)
        return respond_options(st, p, errs if errs is not None else answers)
    if ph == "initiative":
        return [g.a_call[ci] for ci, c in enumerate(st.hand[p]) if c]
    if ph == "penalty":
        return [g.a_serve, g.a_ignore]
    if ph == "upkeep":
        acts = [g.a_release]
        if st.hand[p][st.C_PS]:
            acts.append(g.a_play[st.C_PS])
        if st.hand[p][st.C_WILD]:
            acts.append(g.a_wild[st.C_PS])
        return acts
    if ph == "accumulate":
        return [g.a_accumulate[ci] for ci, c in enumerate(st.hand[p]) if c]
    if ph == "target":
        assert st.pending is not None
        kind, _phys, ref = st.pending
        spec = hold_spec(st, p, ref)
        targets = [g.a_target[t] for t in hold_targets(st, p, spec, dt=kind == "dt", errors=errors)]
        return [a for a in targets if (p, a.id) not in st.refused]
    if ph == "stay":
        return [g.a_stay, g.a_apron]
    if ph == "draft":
        return [g.a_draft[w] for w in st.pool]
    return []
