"""Main-phase plays (5.4 A): Holds, Power Surge (8.4), Recovery (6.2), Combination (11.1), Tag and
Double Team (12.x), leaving the ring (11.3), conceding (14.3), and the choice of a Hold's target;
each opens the response chain it invites (``flow.open_chain``).

Reads: C_BLOCK, C_COMB, C_DT, C_OOR, C_PS, C_REC1, C_REC2, C_REF, C_SPEC, C_TAG, C_WILD, base_att, base_def,
base_dt, base_kind, base_phys, bout_over, err_action, err_seat, g, holds, result, turn, turn_no, warned
Writes: _err_text, _err_why, acted, base_out, chain, combo, dmg, dt_card, entries, free_for_all, illegal_in,
illegal_limit,
pending, phase, plays, pos, responders, stay_pending, surge_turn, tagged
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.wrasslin.core import (
    E_EXIT,
    E_HOLD,
    Entry,
    abilities,
    card_name,
    clear_base,
    clear_error,
    hold_fault,
    hold_spec,
    hold_targets,
    is_mobile,
    opponents,
    partners,
    seat_name,
    set_base,
    strength,
    surge_rating,
    take,
    to_discard,
    wrestler_of,
)
from turnbuckle.games.wrasslin.flow import after_primary, end_turn, new_bout, next_responder, next_turn, open_chain
from turnbuckle.games.wrasslin.holds import abandon, break_hold, maintains
from turnbuckle.games.wrasslin.matchtypes import APRON, FLOOR, RING
from turnbuckle.games.wrasslin.options import counts_running
from turnbuckle.games.wrasslin.results import lose
from turnbuckle.games.wrasslin.ring import reenter

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState


def do_main(st: WrasslinState, s: int, kind: str, arg: int) -> None:
    g = st.g
    if kind in ("play", "wild") and st.phase == "dt_hold":
        choose_hold(st, s, st.C_WILD if kind == "wild" else arg, arg, dt=True)
        return
    if kind in ("play", "wild"):
        phys = arg if kind == "play" else st.C_WILD
        card = g.cards[arg]
        if arg == st.C_PS:
            surge(st, s, phys)
            st.phase = "main"
            after_surge_in_turn(st, s)
            return
        if card.hold is not None:
            choose_hold(st, s, phys, arg, dt=False)
            return
        if arg == st.C_COMB:
            take(st, s, phys)
            to_discard(st, phys)
            st.combo = 2
            if st.record_events:
                st.emit("combination", seat=s, wrestler=seat_name(st, s))
            return
        if arg in (st.C_REC1, st.C_REC2):
            take(st, s, phys)
            recover(st, s, phys, 1 if arg == st.C_REC1 else 2, card.name)
            primary_done(st, s)
            return
        if arg == st.C_TAG:
            take(st, s, phys)
            play_tag(st, s, phys)
            return
        if arg == st.C_DT:
            take(st, s, phys)
            st.dt_card = phys
            st.phase = "dt_hold"
            return
        if arg == st.C_BLOCK:
            take(st, s, phys)
            to_discard(st, phys)
            for r in [r for r in st.holds if r[1] == s and r[4]]:
                break_hold(st, r, "blocked")
            primary_done(st, s)
            return
        if arg == st.C_REF:
            # 12.41: the Referee spots the illegal man; the offending team may answer with a
            # Distraction if it has a manager or a third mobile partner
            take(st, s, phys)
            st.acted = True
            bad = next(t for t in opponents(st, s) if st.illegal_in[t] >= 0)
            set_base(st, "refcall", phys, 0, s, bad, -1)
            if st.record_events:
                st.emit("referee_call", seat=s, wrestler=seat_name(st, s), caught=[seat_name(st, bad)])
            open_chain(st, s, "primary")
            return
        raise AssertionError(f"unhandled play {card.name}")
    if kind in ("spec", "spec_wild"):
        phys = st.C_SPEC if kind == "spec" else st.C_WILD
        sp = wrestler_of(st, s).specialties[arg]
        if sp.effect == "hold":
            choose_hold(st, s, phys, -arg - 1, dt=False)
        elif sp.effect == "recovery":
            take(st, s, phys)
            recover(st, s, phys, sp.recover, sp.name, specialty=True)
            primary_done(st, s)
        elif sp.effect == "tag":
            take(st, s, phys)
            play_tag(st, s, phys)
        elif sp.effect == "double_team":
            take(st, s, phys)
            st.dt_card = phys
            st.phase = "dt_hold"
        return
    if kind == "discard":
        take(st, s, arg)
        to_discard(st, arg)
        if st.record_events:
            st.emit("discard", seat=s, wrestler=seat_name(st, s), card=g.cards[arg].name)
        primary_done(st, s)
        return
    if kind in ("exit", "exit_wild"):
        phys = st.C_OOR if kind == "exit" else st.C_WILD
        take(st, s, phys)
        st.acted = True
        opp = [t for t in opponents(st, s) if st.pos[t] == RING]
        set_base(st, "exit", phys, 0, s, opp[0] if opp else -1, -1)
        if st.record_events:
            st.emit("exit_attempt", seat=s, wrestler=seat_name(st, s))
        open_chain(st, s, "primary")
        return
    if kind == "reenter":
        reenter(st, s)
        primary_done(st, s)
        return
    if kind == "enter":
        st.pos[s] = RING
        st.free_for_all = True
        st.illegal_in = [-1] * g.players
        if st.record_events:
            st.emit("free_for_all", seat=s, wrestler=seat_name(st, s))
        return
    if kind == "apron":
        st.pos[s] = APRON
        st.illegal_in[s] = -1
        if st.record_events:
            st.emit("returns_to_apron", seat=s, wrestler=seat_name(st, s))
        return
    if kind == "end":
        st.combo = 0
        if st.phase == "dt_hold":
            to_discard(st, st.dt_card)  # no Hold left to Double Team with: the card is spent
            st.dt_card = -1
            st.phase = "main"
        if st.err_seat >= 0:
            # 11.5: an illegal play of this turn (a Power Surge) may still be challenged
            set_base(st, "play", -1, 0, s, -1, -1)
            open_chain(st, s, "end")
            return
        end_turn(st)
        return
    if kind == "extra_surge":
        take(st, s, st.C_PS)
        to_discard(st, st.C_PS)
        st.surge_turn[s] = st.turn_no  # it is his one Power Surge of the turn
        if st.record_events:
            st.emit("discard", seat=s, wrestler=seat_name(st, s), card="Power Surge")
        return
    raise AssertionError(f"unhandled main action {kind}")


def concede(st: WrasslinState, s: int) -> None:
    """14.3: at any time a Wrestler may voluntarily concede. A play he is part of is called off (its
    cards are discarded); in the Battle Royal format a bystander simply leaves and the answers go on."""
    involved = (not st.g.royal or s == st.turn or s in (st.base_att, st.base_def)
                or any(it[2] == s for it in st.chain))
    if involved:
        call_off_play(st)
    if st.record_events:
        st.emit("concede", seat=s, wrestler=seat_name(st, s))
    lose(st, [s], "conceded")
    if st.result is not None:
        return
    if st.bout_over:
        new_bout(st)
    elif not involved:
        if st.phase == "respond":
            next_responder(st)
    elif s == st.turn:
        next_turn(st)  # 14.6: the next Wrestler enters; play moves on
    else:
        end_turn(st)


def call_off_play(st: WrasslinState) -> None:
    """Discard the cards of the play in progress and its answers (a concession ends it)."""
    for it in st.chain:
        to_discard(st, it[1])
    if st.base_kind in ("hold", "exit", "tag", "refcall"):
        to_discard(st, st.base_phys)
        to_discard(st, st.base_dt)
    if st.phase == "dt_hold" or (st.phase == "target" and st.pending and st.pending[0] == "dt"):
        to_discard(st, st.dt_card)
    st.dt_card = -1
    st.pending = None
    st.chain = []
    st.responders = []
    st.combo = 0
    st.stay_pending = False
    clear_base(st)
    clear_error(st)
    st.phase = "main"


def choose_hold(st: WrasslinState, s: int, phys: int, ref: int, dt: bool) -> None:
    spec = hold_spec(st, s, ref)
    targets = hold_targets(st, s, spec, dt, errors=st.g.errors_rule)
    if len(targets) == 1:
        play_hold(st, s, phys, ref, targets[0], st.dt_card if dt else -1)
    else:
        st.pending = ("dt" if dt else "hold", phys, ref)
        st.phase = "target"


def play_hold(st: WrasslinState, s: int, phys: int, ref: int, target: int, dt: int) -> None:
    spec = hold_spec(st, s, ref)
    if st.err_seat == s and st.plays and st.err_action == st.plays[-1]:
        fault = hold_fault(st, s, spec, target, dt >= 0)
        if fault:
            st._err_text = fault  # 11.5: what is wrong with the Hold on the target he chose
            st._err_why = None
    take(st, s, phys)
    abandon(st, s)  # 10.1D / 10.2D: a new Hold abandons the one he was applying
    st.acted = True
    st.dt_card = -1
    set_base(st, "hold", phys, ref, s, target, dt)
    st.base_out = spec.reaches_outside and st.pos[target] == FLOOR
    if st.record_events:
        st.emit("hold", seat=s, wrestler=seat_name(st, s), target=target, victim=seat_name(st, target),
                  hold=spec.name, card=card_name(st, phys), double_team=dt >= 0, illegal=spec.illegal)
    open_chain(st, s, "primary")


def primary_done(st: WrasslinState, s: int) -> None:
    st.acted = True
    if st.err_seat >= 0 or any(st.warned[t] > 0 for t in range(st.g.players)) or counts_running(st):
        set_base(st, "play", -1, 0, s, -1, -1)
        open_chain(st, s, "primary")
    else:
        after_primary(st)


def surge(st: WrasslinState, s: int, phys: int) -> None:
    """8.4: Strength rises by the current Power Surge rating until the start of his next turn."""
    take(st, s, phys)
    to_discard(st, phys)
    rating = wrestler_of(st, s).abilities(st.dmg[s])[3]
    surge_rating(st, s)
    if st.record_events:
        st.emit("power_surge", seat=s, wrestler=seat_name(st, s), amount=rating, strength=strength(st, s))


def after_surge_in_turn(st: WrasslinState, s: int) -> None:
    # 10.2B / 10.1: a surge that removes the attacker's precondition breaks the Pin/Hold
    for r in [r for r in st.holds if r[1] == s]:
        if not maintains(st, r):
            break_hold(st, r, "power surge")


def recover(st: WrasslinState, s: int, phys: int, amount: int, label: str, specialty: bool = False) -> None:
    """6.2: remove the oldest Damage cards, no more than the current Recovery rating (3.15)."""
    if not specialty:
        amount = min(amount, abilities(st, s)[4])
    removed: list[str] = []
    kept: list[Entry] = []
    for e in st.entries[s]:
        if amount > 0 and e[3] != E_EXIT and e[2] > 0:
            amount -= 1
            st.dmg[s] -= e[2]
            to_discard(st, e[0])
            removed.append(card_name(st, e[0]) if e[3] == E_HOLD else "face-down card")
        else:
            kept.append(e)
    st.entries[s] = kept
    to_discard(st, phys)
    if st.record_events:
        st.emit("recovery", seat=s, wrestler=seat_name(st, s), card=label, removed=removed, damage=st.dmg[s])
    if st.dmg[s] == 0:
        for r in [r for r in st.holds if r[1] == s and r[4]]:
            break_hold(st, r, "no damage left")  # 11.41: The Champ's Specialty breaks the Pin


def play_tag(st: WrasslinState, s: int, phys: int) -> None:
    st.tagged = True
    abandon(st, s)
    apron = [t for t in partners(st, s) if st.pos[t] == APRON]
    partner = next((t for t in apron if is_mobile(st, t)), apron[0])  # 11.5: an immobile one, as an error
    set_base(st, "tag", phys, 0, s, partner, -1)
    if st.record_events:
        st.emit("tag_attempt", seat=s, wrestler=seat_name(st, s), partner=seat_name(st, partner))
    open_chain(st, s, "main")


# -- the steps (steps.STEPS): the turn player's decision, by phase ---------------------------
def step_main(st: WrasslinState, aid: int) -> None:
    """5.4 A: the turn player's play."""
    kind, arg = st.g.decode[aid]
    st.plays.append(aid)
    do_main(st, st.current_player(), kind, arg)


def step_dt_hold(st: WrasslinState, aid: int) -> None:
    """12.4: the Hold of a Double Team (or ending the turn), decided as a main-phase play."""
    step_main(st, aid)


def step_target(st: WrasslinState, aid: int) -> None:
    """Whom the Hold just chosen goes on."""
    assert st.pending is not None
    pk, phys, ref = st.pending
    st.pending = None
    st.phase = "main"
    play_hold(st, st.current_player(), phys, ref, st.g.decode[aid][1], st.dt_card if pk == "dt" else -1)


def step_stay(st: WrasslinState, aid: int) -> None:
    """12.41: after a Double Team, stay in the ring (illegally) or return to the apron."""
    p = st.current_player()
    st.stay_pending = False
    if st.g.decode[aid][0] == "stay":
        st.pos[p] = RING
        st.illegal_in[p] = 0
        st.illegal_limit[p] = 5
        if st.record_events:
            st.emit("stays_in", seat=p, wrestler=seat_name(st, p))
    end_turn(st)


def step_concede(st: WrasslinState, aid: int) -> None:
    """14.3: in a tournament a Wrestler may concede at any time (any phase but the draft)."""
    concede(st, st.current_player())
