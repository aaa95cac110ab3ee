"""The turn cycle, what comes next after a decision: the draws owed (5.2, 5.4 B, 5.8), initiative
(5.3, 12.1, 13.1), the start of a turn with its Continuing Holds and Pins (10.1, 10.2, 10.11) and the
counts at its end (10.22, 11.33, 12.41), the response chain (5.6, 8.x, 9.x: asking each seat in
turn, resolving it against the base play) and where a resolved chain returns to (``resume``), and a
tournament's next bout (14.x).

These functions call one another in a circle (a turn ends, cards are drawn, the next turn starts, a
Hold is reapplied and answered, the chain resolves, the turn ends), so they share one module; every
decision handler (``chains``, ``deck``, ``turns``, ``plays``, ``tournament``) calls into it, and it
calls only down (``landing``, ``ring``, ``results``, ``holds``, ``options``, ``core``).

Reads: base_out, enter_queue, free_for_all, g, hand, holds, result
Writes: acted, after_draw, base_att, base_def, base_dt, base_kind, base_phys, base_ref, bout_over, br,
callers, calls, chain, combo, deck, deck_n, discard, dmg, draws, dt_lock, entries, first_bout, illegal_in,
illegal_limit,
last_outcome, next_after_bout, obligation, out_count, out_limit, passes, penalty, pending, phase, plays, pos,
refused, responders, resume, stay_pending, surge, tagged, turn, turn_no, unfilled, warned
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.wrasslin.core import (
    E_FACEDOWN,
    can_surge,
    clear_base,
    clear_error,
    hold_name,
    hold_spec,
    opponents,
    queue_refill,
    seat_name,
    strength,
    to_discard,
    wrestler_of,
)
from turnbuckle.games.wrasslin.holds import break_hold, maintains
from turnbuckle.games.wrasslin.landing import land
from turnbuckle.games.wrasslin.matchtypes import APRON, FLOOR, OUT, RING
from turnbuckle.games.wrasslin.options import effective, hold_options, prime_responses, responses
from turnbuckle.games.wrasslin.results import br_check, check_submit, finish, lose
from turnbuckle.games.wrasslin.ring import reenter, to_floor

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState


def prepare_draw(st: WrasslinState) -> None:
    while st.draws:
        if st.deck_n > 0:
            st.phase = "draw"
            return
        if st.passes + 1 >= st.g.pass_limit:
            if st.record_events:
                st.emit("time_limit", passes=st.passes + 1)
            finish(st, set(), "draw: two passes through the deck (5.8)")
            return
        st.passes += 1
        st.deck = st.discard
        st.discard = [0] * len(st.deck)
        st.deck_n = sum(st.deck)
        if st.record_events:
            st.emit("reshuffle", passes=st.passes, cards=st.deck_n)
        if st.deck_n == 0:
            st.draws.clear()
    after_draws(st)


def after_draws(st: WrasslinState) -> None:
    then = st.after_draw
    if then == "initiative":
        start_initiative(st)
    elif then == "enter":
        if st.enter_queue:
            st.phase = "enter"
        elif st.first_bout:
            start_initiative(st)
        elif st.g.royal:
            next_turn(st)
        else:
            start_turn(st, st.next_after_bout)
    elif then == "next":
        next_turn(st)


# -- initiative (5.3, 12.1, 13.1) ------------------------------------------------------------
def start_initiative(st: WrasslinState) -> None:
    st.first_bout = False
    st.callers = [s for s in range(st.g.players) if st.pos[s] == RING]
    st.calls = []
    st.phase = "initiative"


# -- turns -----------------------------------------------------------------------------------
def next_turn(st: WrasslinState) -> None:
    if st.enter_queue:
        st.phase = "enter"  # 14.6: fresh Wrestlers enter before the next turn
        st.after_draw = "enter"
        return
    n = st.g.players
    s = st.turn
    for _ in range(n):
        s = (s + 1) % n
        if st.pos[s] != OUT:
            break
    start_turn(st, s)


def start_turn(st: WrasslinState, s: int) -> None:
    st.turn = s
    st.turn_no += 1
    lapsed = st.surge[s] > 0
    st.surge[s] = 0  # 8.4: a Power Surge lasts until the start of his next turn
    st.acted = False
    st.combo = 0
    st.tagged = False
    st.pending = None
    st.stay_pending = False
    st.refused = []
    st.plays = []
    clear_error(st)
    if st.turn_no > 1:
        st.obligation = -1
    if st.dt_lock == s:
        st.dt_lock = -1
    if st.br:
        # 13.5: the victim was not thrown out by the time the attacker's turn came round again
        for b in [b for b in st.br if b[0] == s]:
            st.br.remove(b)
            to_discard(st, b[3])
    if lapsed and st.g.royal:
        br_check(st)  # 13.1: a Wrestler who stood on his Surge alone is immobile now
        if st.result is not None:
            return
    if st.record_events:
        st.emit("turn", seat=s, wrestler=seat_name(st, s), number=st.turn_no)
    if st.penalty[s] > 0:
        st.phase = "penalty"
        return
    upkeep(st, s)


def upkeep(st: WrasslinState, s: int) -> None:
    """Start of turn: a Continuing Hold/Pin is reapplied (10.1, 10.2) unless broken."""
    for r in st.holds:
        if r[0] != s:
            continue
        if not maintains(st, r):
            if can_surge(st, s):
                st.phase = "upkeep"  # 8.41: a new Power Surge to keep the Hold, or let go
                return
            break_hold(st, r, "lost the abilities")
            upkeep(st, s)
            return
        st.base_kind = "reapply"
        st.base_phys = -1
        st.base_ref = r[2]
        st.base_att = s
        st.base_def = r[1]
        st.base_dt = -1
        open_chain(st, s, "reapply")
        return
    st.phase = "main"


def after_reapply(st: WrasslinState) -> None:
    s = st.turn
    for r in st.holds:
        if r[0] == s and not r[4]:
            if sum(st.hand[s]):
                st.phase = "accumulate"
                return
            continuous_damage(st, s, r[1], r[2], -1)
            break
    if st.bout_over:
        new_bout(st)
        return
    st.phase = "main"


def continuous_damage(st: WrasslinState, att: int, dfn: int, ref: int, ci: int, shown: bool = False) -> None:
    st.entries[dfn].append((ci, ref, 1, E_FACEDOWN, -1 if shown else att))
    st.dmg[dfn] += 1
    if st.record_events:
        st.emit("hold_continues", seat=att, wrestler=seat_name(st, att), target=dfn, victim=seat_name(st, dfn),
                  hold=hold_name(st, att, ref), damage=st.dmg[dfn])
    check_submit(st, dfn)


def end_turn(st: WrasslinState) -> None:
    s = st.turn
    st.combo = 0
    if st.pos[s] != OUT:
        count_end_of_turn(st, s)
    if st.result is not None:
        return
    if st.bout_over:
        new_bout(st)
        return
    if st.warned[s] > 0:
        st.warned[s] -= 1
    if st.pos[s] != OUT and st.penalty[s] == 0:
        st.unfilled[s] = False
        queue_refill(st, s)
    st.after_draw = "next"
    prepare_draw(st)


def count_end_of_turn(st: WrasslinState, s: int) -> None:
    """10.22 Pin count, 11.33 count-out, 12.41 illegal-man count, at the end of his turn."""
    illegal_man = any(x >= 0 for x in st.illegal_in)
    for r in st.holds:
        if r[4] and r[1] == s and not illegal_man and not st.free_for_all:
            r[5] += 1
            if st.record_events:
                st.emit("pin_count", seat=s, wrestler=seat_name(st, s), count=r[5])
            if r[5] >= r[6]:
                if st.record_events:
                    st.emit("fall", seat=s, wrestler=seat_name(st, s), by=seat_name(st, r[0]))
                lose(st, [s], "pinned")
                return
    if st.pos[s] == FLOOR:
        st.out_count[s] += 1
        if st.record_events:
            st.emit("ring_count", seat=s, wrestler=seat_name(st, s), count=st.out_count[s])
        if st.out_count[s] >= st.out_limit[s]:
            opp_in = any(st.pos[t] == RING for t in opponents(st, s))
            if opp_in:
                lose(st, [s], "counted out")
            else:
                others = [t for t in opponents(st, s) if st.pos[t] == FLOOR]
                lose(st, [s, *others], "double disqualification")
            return
    if st.illegal_in[s] >= 0:
        st.illegal_in[s] += 1
        if st.illegal_in[s] >= st.illegal_limit[s]:
            lose(st, [s], "disqualified (illegal man, 12.41)")


def after_primary(st: WrasslinState) -> None:
    s = st.turn
    if st.result is not None:
        return
    if st.bout_over:
        new_bout(st)
        return
    if st.pos[s] == OUT:
        next_turn(st)
        return
    if st.combo:
        st.combo -= 1
        if st.combo and st.last_outcome in ("applied", "blocked") and hold_options(st, s, dt=False):
            st.phase = "main"
            return
        st.combo = 0
    if st.stay_pending:
        st.phase = "stay"
        return
    end_turn(st)


def queue_after(st: WrasslinState, s: int) -> list[int]:
    n = st.g.players
    return [(s + i) % n for i in range(1, n) if st.pos[(s + i) % n] != OUT]


def open_chain(st: WrasslinState, actor: int, resume: str) -> None:
    st.chain = []
    st.resume = resume
    st.responders = queue_after(st, actor)
    next_responder(st)


def next_responder(st: WrasslinState) -> None:
    g = st.g
    while st.responders:
        q = st.responders[0]
        if not g.auto_pass:
            st.phase = "respond"
            return
        answers, lax = responses(st, q, g.errors_rule)
        if answers or lax:
            st.phase = "respond"
            prime_responses(st, q, answers, lax)
            return
        st.responders.pop(0)
    resolve(st)


def resolve(st: WrasslinState) -> None:
    st.plays = []
    clear_error(st)  # 11.5: nobody challenged: the play stands
    eff, hits = effective(st)
    for it in st.chain:
        to_discard(st, it[1])
    lsc = [it for i, it in enumerate(st.chain) if eff[i] and it[0] in ("long", "short") and it[3] == -1]
    bk, att, dfn = st.base_kind, st.base_att, st.base_def
    st.chain = []
    st.responders = []
    for kind, *_ in lsc:
        apply_count_call(st, kind)
    outcome = "applied"
    if "referee" in hits and att >= 0 and st.warned[att] > 0 and att == st.turn:
        if st.record_events:
            st.emit("disqualification", seat=att, wrestler=seat_name(st, att), reason="ignored the Referee (9.42)")
        for ci in (st.base_phys, st.base_dt):
            if bk in ("hold", "exit", "tag"):
                to_discard(st, ci)
        lose(st, [att], "disqualified (9.42)")
        clear_base(st)
        if st.result is None:
            continue_play(st)
        return
    if bk == "hold":
        spec = hold_spec(st, att, st.base_ref)
        if "referee" in hits:
            outcome = "refereed"
        elif "reverse" in hits or "ireverse" in hits:
            outcome = "reversed"
        elif "block" in hits or "iblock" in hits:
            outcome = "blocked"
        elif "surge" in hits and (spec.gray or spec.pin):
            ds, as_ = strength(st, dfn), strength(st, att)
            if ds > as_ and spec.reversible and st.base_dt < 0:
                outcome = "reversed"
            elif ds >= as_:
                outcome = "blocked"
        st.last_outcome = outcome
        to_discard(st, st.base_dt)
        if st.base_out:
            to_floor(st, att)  # 11.41: Adams ends outside the ring, successful or not
        if outcome == "refereed":
            to_discard(st, st.base_phys)
            turns = max(1, spec.damage_on(wrestler_of(st, dfn).weight) if not spec.continuous else 1)
            if st.combo == 2:
                turns -= 1  # 11.1: losing the second Hold counts as the first penalty turn
            st.penalty[att] = turns
            st.unfilled[att] = True
            if st.base_dt >= 0:
                st.dt_lock = att
            if st.record_events:
                st.emit("penalty", seat=att, wrestler=seat_name(st, att), hold=spec.name, turns=turns)
        elif outcome == "blocked":
            to_discard(st, st.base_phys)
            if st.record_events:
                st.emit("blocked", seat=dfn, wrestler=seat_name(st, dfn), hold=spec.name, attacker=seat_name(st, att))
        else:
            if outcome == "reversed" and st.record_events:
                st.emit("reversed", seat=dfn, wrestler=seat_name(st, dfn), hold=spec.name,
                          attacker=seat_name(st, att))
            land(st, att, dfn, st.base_ref, st.base_phys, outcome == "reversed")
            if outcome == "applied" and st.base_dt >= 0 and st.pos[att] == APRON and \
                    st.result is None and not st.free_for_all:
                st.stay_pending = True  # 12.41: he may stay in the ring
    elif bk == "reapply":
        record = next((r for r in st.holds if r[0] == att and r[1] == dfn), None)
        if record is not None:
            broken = any(k in ("block", "iblock") for k in hits) or not maintains(st, record)
            if broken:
                break_hold(st, record, "broken")
    elif bk == "exit":
        if any(k in ("block", "reverse") for k in hits):
            to_discard(st, st.base_phys)
            if st.record_events:
                st.emit("dragged_back", seat=att, wrestler=seat_name(st, att))
        else:
            to_floor(st, att, st.base_phys)
            if st.record_events:
                st.emit("exit", seat=att, wrestler=seat_name(st, att))
    elif bk == "refcall":
        to_discard(st, st.base_phys)
        if "distraction" in hits:
            if st.record_events:
                st.emit("referee_distracted", seat=dfn, wrestler=seat_name(st, dfn), caller=seat_name(st, att))
        else:
            lose(st, [dfn], "disqualified (illegal man, 12.41)")
            if st.result is not None:
                clear_base(st)
                return
    elif bk == "tag":
        to_discard(st, st.base_phys)
        if "distraction" in hits:
            if st.record_events:
                st.emit("tag_voided", seat=att, wrestler=seat_name(st, att))
        else:
            st.pos[att] = APRON
            st.pos[dfn] = RING
            if st.record_events:
                st.emit("tag", seat=att, wrestler=seat_name(st, att), partner=seat_name(st, dfn))
    clear_base(st)
    continue_play(st)


def continue_play(st: WrasslinState) -> None:
    if st.result is not None:
        return
    if st.bout_over:
        new_bout(st)
        return
    r = st.resume
    if r == "primary":
        after_primary(st)
    elif r == "reapply":
        after_reapply(st)
    elif r == "end":
        end_turn(st)
    else:
        st.phase = "main"


def apply_count_call(st: WrasslinState, kind: str) -> None:
    """9.2: a Long Count restarts every count; a Short Count falls at two (disqualifies at four: a
    count-out, and the illegal man's count of 12.41)."""
    for r in st.holds:
        if r[4]:
            if kind == "long":
                r[5] = 0
            else:
                r[6] = 2
    for s in range(st.g.players):
        if st.pos[s] == FLOOR:
            if kind == "long":
                st.out_count[s] = 0
            else:
                st.out_limit[s] = 4
        if st.illegal_in[s] > 0 and kind == "long":
            st.illegal_in[s] = 0
        elif st.illegal_in[s] >= 0 and kind == "short":
            st.illegal_limit[s] = 4
    if st.record_events:
        st.emit("count_changed", call=kind)


def new_bout(st: WrasslinState) -> None:
    """14.4: fresh Wrestlers enter; the winner keeps his hand and damage."""
    st.bout_over = False
    st.chain = []
    st.responders = []
    st.combo = 0
    st.pending = None
    st.stay_pending = False
    clear_base(st)
    for r in list(st.holds):
        break_hold(st, r, "new bout")
    st.out_count = [0] * st.g.players
    st.out_limit = [5] * st.g.players
    st.surge = [0] * st.g.players
    st.next_after_bout = st.enter_queue[0]
    st.draws = []
    for s in range(st.g.players):
        if st.pos[s] == FLOOR:
            reenter(st, s)
        if st.pos[s] != OUT and st.penalty[s] == 0:
            queue_refill(st, s)
    st.after_draw = "enter"
    prepare_draw(st)
