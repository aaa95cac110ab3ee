"""RUMBLESLAM damage, KO, removal and the end of the match; pins and Crowd Pleasers.

What happens to a wrestler's STA, counters and place in the match, and the crowd's verdicts.

Reads: active, buf, dosh_count, ws
Writes: deferred, end_flag, method, outcome, over, removed, stack
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.core import (
    CENTER,
    COUNTER_CAP,
    FLOOR,
    LIFTED,
    OUT,
    STAT_INDEX,
    Box,
    Wrestler,
    decide_step,
    dice_total,
    emit_roll,
    in_contact,
    is_enemy,
    label,
    place,
    push,
    touching,
)
from turnbuckle.games.rumbleslam.dice import BLANK, BOO, CHEER
from turnbuckle.games.rumbleslam.placement import placement_spots
from turnbuckle.games.rumbleslam.rerolls import crowd_roll, reroll_steps

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.state import RumbleslamState


def damage(st: RumbleslamState, w: Wrestler, n: int, why: str = "") -> None:
    """rumbleslam STATS (STA never below 0), KO'D, LIFT (a damaged lifter drops its load)."""
    if n <= 0 or not w.in_ring:
        return
    before = w.sta
    w.sta = max(0, w.sta - n)
    st.emit("damage", {"wrestler": label(st, w), "amount": n, "sta": w.sta, "why": why})
    if w.lifting >= 0:
        drop(st, w)
    if before > 0 and w.sta == 0:
        ko(st, w)


def ko(st: RumbleslamState, w: Wrestler) -> None:
    w.kd = 1
    w.bleed = 0
    w.cp = 0
    st.emit("ko", {"wrestler": label(st, w)})
    if w.lifting >= 0:
        drop(st, w)
    if w.index == st.active:
        st.end_flag = True


def knockdown(st: RumbleslamState, w: Wrestler) -> None:
    if not w.in_ring:
        return
    w.kd = 1
    st.emit("knockdown", {"wrestler": label(st, w)})
    if w.lifting >= 0:
        drop(st, w)


def heal(st: RumbleslamState, w: Wrestler, n: int) -> None:
    if not w.in_ring:
        return
    was_ko = w.ko
    w.sta = min(w.sta_max, w.sta + n)
    if was_ko and w.sta > 0:
        st.emit("recover", {"wrestler": label(st, w), "sta": w.sta})


def counter(st: RumbleslamState, w: Wrestler, rule: str, n: int) -> None:
    """rumbleslam COUNTERS: one of each kind, two only when the effect says 2."""
    # the four counters named one by one (no getattr/setattr by name: compiled classes need fields)
    if rule == "-AP":
        current = w.m_ap
    elif rule == "+AP":
        current = w.p_ap
    elif rule == "-MP":
        current = w.m_mp
    elif rule == "+MP":
        current = w.p_mp
    else:
        raise KeyError(rule)
    cap = 2 if n >= 2 else 1
    new = min(max(current, min(current + n, cap)), COUNTER_CAP)
    if rule == "-AP":
        w.m_ap = new
    elif rule == "+AP":
        w.p_ap = new
    elif rule == "-MP":
        w.m_mp = new
    else:
        w.p_mp = new
    st.emit("counter", {"wrestler": label(st, w), "counter": rule, "count": new})


def drop(st: RumbleslamState, lifter: Wrestler) -> None:
    """rumbleslam LIFT: the Lifted wrestler is dropped at once; its controlling player places
    it in base contact with the lifter (or the closest free square), before anything else."""
    t = st.ws[lifter.lifting]
    lifter.lifting = -1
    t.lifted_by = -1  # Lifted by nobody: in the air until placed
    near, contact = (lifter.box(), lifter.box()) if lifter.on_mat else (CENTER, None)
    st.deferred.append(("settle", "drop", t.index, t.player, near, contact))


def step_settle(st: RumbleslamState, purpose: str, index: int, player: int, near: Box, contact: Box | None) -> None:
    """Put a wrestler in the air back on the mat: the player chooses among equally good squares."""
    w = st.ws[index]
    if w.loc != LIFTED or w.lifted_by >= 0:
        return
    spots = placement_spots(st, w, near, contact)
    if not spots:
        remove(st, w, "no room in the ring")
    elif len(spots) == 1:
        settle(st, purpose, w, spots[0])
    else:
        push(st, decide_step(st, "place", player, purpose, index, near, contact))


def settle(st: RumbleslamState, purpose: str, w: Wrestler, spot: int) -> None:
    place(st, w, FLOOR, spot)
    if purpose in ("drop", "escape"):
        st.emit(purpose, {"wrestler": label(st, w), "square": mat.SQUARE_NAMES[spot]})


def remove(st: RumbleslamState, w: Wrestler, how: str) -> None:
    """rumbleslam OBJECT OF THE GAME: removed wrestlers leave the game."""
    if w.loc == OUT:
        return
    if w.lifting >= 0:
        # rumbleslam LIFT (AMB-29): the load is dropped; its controlling player places it where
        # the lifter stood next to (R-RS-17), as for any drop
        drop(st, w)
    if w.lifted_by >= 0:
        st.ws[w.lifted_by].lifting = -1
        w.lifted_by = -1
    place(st, w, OUT, -1)
    w.cp = 0
    w.bleed = 0
    st.removed[w.player] += 1
    st.emit("removed", {"wrestler": label(st, w), "how": how})
    if w.index == st.active:
        st.end_flag = True
    check_over(st)


def check_over(st: RumbleslamState) -> None:
    alive = [p for p in range(st.game.players) if any(w.in_ring for w in st.ws if w.player == p)]
    if len(alive) <= 1:
        finish(st, alive, "last team standing" if alive else "no wrestler left")


def finish(st: RumbleslamState, winners: list[int], how: str) -> None:
    n = st.game.players
    if not winners or len(winners) == n:
        st.outcome = (0.0,) * n
    else:
        k = len(winners)
        st.outcome = tuple((n - k) / (k * (n - 1)) if p in winners else -1.0 / (n - 1) for p in range(n))
    st.method = how
    st.over = True
    st.stack.clear()
    st.deferred.clear()
    st.emit("result", {"winners": [st.game.player_label(p) for p in winners], "how": how,
                       "dosh": st.dosh_count})


def step_pin(st: RumbleslamState, a_i: int, t_i: int) -> None:
    """rumbleslam PIN: 1C per WEIGHT each; the defender +1C at half STA, +2C at full; KO'd 1C."""
    a, t = st.ws[a_i], st.ws[t_i]
    if not touching(st, a, t) or not t.kd:
        return
    aw = st.game.entrants[a_i].profile.weight
    if t.ko:
        dn = 1
    else:
        dn = st.game.entrants[t_i].profile.weight
        if t.sta == t.sta_max:
            dn += 2
        elif t.sta >= math.ceil(t.sta_max / 2):
            dn += 1
    push(st, ("roll", tuple((0, "C") for _ in range(aw)) + tuple((1, "C") for _ in range(dn))),
         *reroll_steps(st, "opp", (0, 0), 0, (a.player, t.player)),
         ("pin_done", a_i, t_i))


def step_pin_done(st: RumbleslamState, a_i: int, t_i: int) -> None:
    a, t = st.ws[a_i], st.ws[t_i]
    A, D = dice_total(st, 0), dice_total(st, 1)
    emit_roll(st, "pin", attacker=label(st, a), defender=label(st, t), totals=[A, D], success=A > D)
    if A > D and t.in_ring:
        st.emit("pinned", {"attacker": label(st, a), "wrestler": label(st, t)})
        push(st, ("crowd_pleaser", a_i))
        remove(st, t, "pinned")


def step_crowd_pleaser(st: RumbleslamState, w_i: int) -> None:
    w = st.ws[w_i]
    if not w.in_ring or w.ko:
        return
    # the faces worth re-rolling (rumbleslam CROWD PLEASER / HEEL)
    if st.game.entrants[w_i].profile.heel:
        bad: tuple[int, ...] = () if w.cp_lock else (CHEER, BLANK)
    else:
        bad = (BOO,) if w.cp_lock else (BOO, BLANK)
    push(st, *crowd_roll(st, w.player, 1, bad), ("cp_done", w_i))


def step_cp_done(st: RumbleslamState, w_i: int) -> None:
    """rumbleslam CROWD PLEASER / HEEL."""
    w = st.ws[w_i]
    face = st.buf[0][2]
    prof = st.game.entrants[w_i].profile
    emit_roll(st, "crowd pleaser", wrestler=label(st, w))
    if not w.in_ring:
        return
    success = fail = False
    if prof.heel:
        success = face == BOO and not w.cp_lock
    else:
        if face == CHEER and not w.cp_lock:
            success = True
        elif face == BOO:
            fail = True
    if success:
        w.cp_lock = True
        w.cp = 1
        st.emit("crowd_pleaser", {"wrestler": label(st, w), "name": prof.crowd_pleaser.name,
                                  "result": "success"})
        cp_effect(st, w)
    elif fail:
        w.cp_lock = True
        counter(st, w, "-AP", 1)
        st.emit("crowd_pleaser", {"wrestler": label(st, w), "name": prof.crowd_pleaser.name,
                                  "result": "boo"})
    else:
        st.emit("crowd_pleaser", {"wrestler": label(st, w), "name": prof.crowd_pleaser.name,
                                  "result": "nothing"})


def cp_effect(st: RumbleslamState, w: Wrestler) -> None:
    cp = st.game.entrants[w.index].profile.crowd_pleaser
    if cp.effect == "bonus":
        assert cp.stat is not None
        targets = [w] + ([o for o in in_contact(st, w) if not is_enemy(st, w, o)] if cp.scope == "friends" else [])
        for o in targets:
            b = list(o.bonus)
            b[STAT_INDEX[cp.stat]] += cp.amount
            o.bonus = (b[0], b[1], b[2], b[3])
    elif cp.effect == "heal":
        heal(st, w, cp.amount)
    elif cp.effect == "ap":
        if w.index == st.active:
            w.ap += cp.amount
        else:
            counter(st, w, "+AP", cp.amount)
    elif cp.effect == "mp":
        if w.index == st.active:
            w.mp += cp.amount
        else:
            counter(st, w, "+MP", cp.amount)
    elif cp.effect == "enemy_counter":
        for o in in_contact(st, w):
            if is_enemy(st, w, o):
                if cp.counter == "KNOCKDOWN":
                    knockdown(st, o)
                elif cp.counter == "BLEEDING":
                    if not o.ko:
                        o.bleed = 1
                else:
                    assert cp.counter is not None
                    counter(st, o, cp.counter, 1)
