"""RUMBLESLAM Lift, escapes, Throws (out of the ring, Live Ammunition) and the turnbuckle.

Lifting, getting down, throwing, and climbing, leaping from and falling off the turnbuckle.

Reads: occ, ws
Writes: buf, end_flag
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attack_profiles import A_LIFT
from turnbuckle.games.rumbleslam.core import (
    CENTER,
    FLOOR,
    LIFTED,
    SIDE,
    TB,
    Wrestler,
    decide_step,
    dice_total,
    emit_roll,
    is_enemy,
    label,
    place,
    push,
    stat_pool,
    touching,
)
from turnbuckle.games.rumbleslam.menu import cover_anchors, dismount_spot
from turnbuckle.games.rumbleslam.placement import land_at, nearest_spot, stay_spots
from turnbuckle.games.rumbleslam.rerolls import reroll_steps
from turnbuckle.games.rumbleslam.status import damage, drop, remove

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.state import RumbleslamState


def step_escape(st: RumbleslamState, index: int) -> None:
    # rumbleslam ACTIVATING A LIFTED WRESTLER
    w = st.ws[index]
    if st.end_flag or w.loc != LIFTED:
        return
    lifter = st.ws[w.lifted_by]
    if w.kd:
        if w.ap >= 1:
            w.ap -= 1
            w.kd = 0
            st.emit("stand", {"wrestler": label(st, w)})
        else:
            st.end_flag = True
            return
    if not is_enemy(st, w, lifter):
        escape_to(st, w, lifter)
        return
    push(st, decide_step(st, "defend", w.player, "escape", lifter.index, index, A_LIFT))


def escape_to(st: RumbleslamState, w: Wrestler, lifter: Wrestler) -> None:
    """The escaping wrestler's player places it in base contact with the lifter."""
    lifter.lifting = -1
    w.lifted_by = -1
    near, contact = (lifter.box(), lifter.box()) if lifter.on_mat else (CENTER, None)
    push(st, ("settle", "escape", w.index, w.player, near, contact))


def step_escape_rolled(st: RumbleslamState, lifter_i: int, index: int, stat: str, flats: tuple[int, int]) -> None:
    lifter, w = st.ws[lifter_i], st.ws[index]
    a, d = dice_total(st, 0) + flats[0], dice_total(st, 1) + flats[1]
    emit_roll(st, "escape", lifter=label(st, lifter), wrestler=label(st, w), totals=[a, d])
    if w.loc != LIFTED or w.lifted_by != lifter_i:
        return
    if d >= a:
        escape_to(st, w, lifter)
    else:
        st.end_flag = True


def step_auto_lift(st: RumbleslamState, a_i: int, t_i: int, throw: int) -> None:
    """rumbleslam (LIFTED) / (THROW X): a free Lift (and Throw), no roll, no Dirty check."""
    a, t = st.ws[a_i], st.ws[t_i]
    if a.loc != FLOOR or not t.on_mat or a.lifting >= 0 or a.ko or not touching(st, a, t):
        return
    lift(st, a, t)
    if throw:
        push(st, decide_step(st, "throw", a.player, a_i, t_i, throw, True))


def lift(st: RumbleslamState, a: Wrestler, t: Wrestler) -> None:
    if t.lifting >= 0:
        drop(st, t)
    place(st, t, LIFTED, -1)
    t.lifted_by = a.index
    a.lifting = t.index
    st.emit("lift", {"lifter": label(st, a), "wrestler": label(st, t)})


def step_lift_weight(st: RumbleslamState, a_i: int, t_i: int, flat: int) -> None:
    a, t = st.ws[a_i], st.ws[t_i]
    total = dice_total(st, 0) + flat
    weight = st.game.entrants[t_i].profile.weight
    emit_roll(st, "lift", lifter=label(st, a), wrestler=label(st, t), totals=[total, weight],
              success=total >= weight)
    if total >= weight and a.loc == FLOOR and t.on_mat and touching(st, a, t) and a.lifting < 0:
        lift(st, a, t)


def step_climb(st: RumbleslamState, w_i: int) -> None:
    """rumbleslam CLIMB THE TURNBUCKLE: a WEIGHT 3 wrestler fills just the turnbuckle square."""
    w = st.ws[w_i]
    tb = mat.turnbuckle_touched(w.pos, w.size) if w.loc == FLOOR else None
    if tb is None or st.occ[tb] != -1:
        return
    place(st, w, TB, tb)
    st.emit("climb", {"wrestler": label(st, w), "turnbuckle": mat.TURNBUCKLE_NAMES[tb]})


def step_dismount(st: RumbleslamState, w_i: int) -> None:
    """rumbleslam DISMOUNT THE TURNBUCKLE (WEIGHT 3: IMPACT)."""
    w = st.ws[w_i]
    spot = dismount_spot(st, w) if w.loc == TB else -1
    if spot >= 0:
        land_at(st, w, spot, ("dismounted", w_i))


def step_dismounted(st: RumbleslamState, w_i: int) -> None:
    w = st.ws[w_i]
    st.emit("dismount", {"wrestler": label(st, w), "square": mat.SQUARE_NAMES[w.pos]})


def step_tb_land(st: RumbleslamState, a_i: int, t_i: int, atk_i: int, anchor: int) -> None:
    """rumbleslam TURNBUCKLE: (JUMP) to a square in base contact with the target, then attack."""
    land_at(st, st.ws[a_i], anchor, ("tb_landed", a_i, t_i, atk_i))


def step_tb_landed(st: RumbleslamState, a_i: int, t_i: int, atk_i: int) -> None:
    a = st.ws[a_i]
    st.emit("leap", {"wrestler": label(st, a), "square": mat.SQUARE_NAMES[a.pos],
                     "target": label(st, t_i)})
    push(st, ("opp_roll", a_i, t_i, atk_i, "def"))


def step_tb_test(st: RumbleslamState, w_i: int, attacker: int) -> None:
    """rumbleslam CLIMB THE TURNBUCKLE: hit up there, test as if thrown out of the ring."""
    w = st.ws[w_i]
    if w.loc != TB:
        return
    push(st, *dex_test(st, w, 0, ("tb_test_done", w_i, attacker)))


def dex_test(st: RumbleslamState, w: Wrestler, bonus: int, after: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    dice, flat = stat_pool(st, w, "dex")
    flat += bonus
    return [("roll", tuple((0, k) for k in dice)),
            *reroll_steps(st, "test", (flat, 0), 3, (w.player, w.player)),
            (*after, flat)]


def step_tb_test_done(st: RumbleslamState, w_i: int, attacker: int, flat: int) -> None:
    w = st.ws[w_i]
    total = dice_total(st, 0) + flat
    emit_roll(st, "stay on the turnbuckle", wrestler=label(st, w), totals=[total], success=total >= 3)
    if w.loc != TB or total >= 3:
        return
    if attacker >= 0 and st.ws[attacker].in_ring:
        push(st, ("crowd_pleaser", attacker))
    remove(st, w, "knocked off the turnbuckle")


def step_throw_to(st: RumbleslamState, a_i: int, t_i: int, cell: int, free: bool) -> None:
    """rumbleslam THROW / LIVE AMMUNITION / THROWING A WRESTLER OUT THE RING / ONTO THE TURNBUCKLE /
    AGAINST THE ROPES OR TURNBUCKLE."""
    a, t = st.ws[a_i], st.ws[t_i]
    if t.lifted_by != a_i or t.loc != LIFTED:
        return
    a.lifting = -1
    t.lifted_by = -1
    t.loc = SIDE  # in the air
    st.emit("throw", {"thrower": label(st, a), "wrestler": label(st, t), "square": mat.SQUARE_NAMES[cell]})
    bonus = st.game.tb_throw_bonus if mat.is_turnbuckle(cell) else 0
    if mat.is_rope(cell) or (mat.is_turnbuckle(cell) and st.occ[cell] == -1):
        t.loc = LIFTED  # still in the ring until the test
        if t.ko:
            push(st, ("out_done", a_i, t_i, cell, -99))
            st.buf = []
        else:
            push(st, *dex_test(st, t, bonus, ("out_done", a_i, t_i, cell)))
        return
    target = st.occ[cell]
    if target != -1:
        live_ammo(st, a, t, st.ws[target])
        return
    if t.size == 2:
        # rumbleslam THROW: "pick a single square ... part of the wrestler's base must be in that
        # square": where the rest of the base goes is the thrower's player's to place
        anchors = cover_anchors(st, t, cell, set(a.cells()))
        if len(anchors) > 1:
            t.loc = LIFTED  # in the air above the ring until placed
            push(st, decide_step(st, "place", a.player, "throw", t_i, (a_i, cell)))
            return
        anchor = anchors[0] if anchors else -1
    else:
        anchor = cell
    if anchor >= 0 and land_at(st, t, anchor, ("throw_landed", a_i, t_i)):
        return
    anchor = nearest_spot(st, t, mat.box(cell, 1))
    if anchor < 0:
        remove(st, t, "no room in the ring")
        return
    place(st, t, FLOOR, anchor)
    push(st, ("throw_landed", a_i, t_i))


def step_throw_landed(st: RumbleslamState, a_i: int, t_i: int) -> None:
    """rumbleslam THROWING AGAINST THE ROPES OR TURNBUCKLE: where it landed decides."""
    a, t = st.ws[a_i], st.ws[t_i]
    if t.loc != FLOOR:
        return
    st.emit("land", {"wrestler": label(st, t), "square": mat.SQUARE_NAMES[t.pos]})
    tb = mat.turnbuckle_touched(t.pos, t.size)
    ropes = mat.ropes_touched(t.pos, t.size)
    if tb is not None:
        push(st, decide_step(st, "rebound", a.player, t_i, ropes, True))
    elif len(ropes) == 1:
        push(st, ("rebound", t_i, ropes[0]))
    elif ropes:
        push(st, decide_step(st, "rebound", a.player, t_i, ropes, False))


def step_out_done(st: RumbleslamState, a_i: int, t_i: int, cell: int, flat: int) -> None:
    a, t = st.ws[a_i], st.ws[t_i]
    total = -99 if flat == -99 else dice_total(st, 0) + flat
    if flat != -99:
        emit_roll(st, "stay in the ring", wrestler=label(st, t), totals=[total], success=total >= 3)
    if total >= 3:
        if mat.is_turnbuckle(cell) and st.occ[cell] == -1:
            place(st, t, TB, cell)
            st.emit("land", {"wrestler": label(st, t), "square": mat.SQUARE_NAMES[cell]})
            return
        # rumbleslam THROWING A WRESTLER OUT THE RING: "the defending player places the wrestler"
        spots = stay_spots(st, t, cell)
        if len(spots) == 1:
            stay(st, t, spots[0])
            return
        if spots:
            push(st, decide_step(st, "stay", t.player, t_i, cell))
            return
    if is_enemy(st, a, t) and a.in_ring:
        push(st, ("crowd_pleaser", a_i))
    remove(st, t, "thrown out of the ring")


def stay(st: RumbleslamState, t: Wrestler, spot: int) -> None:
    """The thrown wrestler stayed in the ring: it lands on ``spot`` (no bounce, R-RS-21)."""
    place(st, t, FLOOR, spot)
    st.emit("land", {"wrestler": label(st, t), "square": mat.SQUARE_NAMES[spot]})


def live_ammo(st: RumbleslamState, a: Wrestler, t: Wrestler, target: Wrestler) -> None:
    """rumbleslam LIVE AMMUNITION: the active player places the thrown wrestler touching the
    target, as close to the thrower as possible (its choice among equals)."""
    t.loc = LIFTED  # in the air, still in the ring
    push(st, ("settle", "ammo", t.index, a.player, a.box(), target.box()),
         ("ammo_hit", a.index, t.index, target.index))


def step_ammo_hit(st: RumbleslamState, a_i: int, t_i: int, g_i: int) -> None:
    t, target = st.ws[t_i], st.ws[g_i]
    if t.loc != FLOOR:
        return  # no room in the ring
    st.emit("live_ammo", {"wrestler": label(st, t), "target": label(st, target),
                          "square": mat.SQUARE_NAMES[t.pos]})
    if target.ko:
        st.buf = []
        push(st, ("ammo_done", a_i, t_i, g_i, -99))
    else:
        push(st, *dex_test(st, target, 0, ("ammo_done", a_i, t_i, g_i)))


def step_ammo_done(st: RumbleslamState, a_i: int, t_i: int, g_i: int, flat: int) -> None:
    t, target = st.ws[t_i], st.ws[g_i]
    total = -99 if flat == -99 else dice_total(st, 0) + flat
    if flat != -99:
        emit_roll(st, "dodge the live ammunition", wrestler=label(st, target), totals=[total],
                  success=total >= 3)
    steps: list[tuple[Any, ...]] = []
    if total < 3 and target.in_ring:
        was_tb = target.loc == TB
        damage(st, target, st.game.entrants[t_i].profile.weight, "live ammunition")
        if was_tb:
            steps.append(("tb_test", g_i, a_i))
    damage(st, t, 1, "thrown")
    push(st, *steps)
