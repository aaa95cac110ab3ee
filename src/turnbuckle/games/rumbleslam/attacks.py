"""RUMBLESLAM actions and attacks: paying for them, Dirty checks, rolls, Beatdowns and Reversals.

Carries out a chosen action: AP, No Class and Dirty checks, the opposed roll and its hit.

Reads: active, ws
Writes: dirty, end_flag, stack, tag_used, used
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attack_profiles import A_LIFT, A_TB, LIFT, TRIP
from turnbuckle.games.rumbleslam.core import (
    FLOOR,
    TB,
    Wrestler,
    decide_step,
    dice_faces,
    dice_total,
    emit_roll,
    is_enemy,
    label,
    place,
    push,
    stat_pool,
    touching,
)
from turnbuckle.games.rumbleslam.dice import BLANK, BOO
from turnbuckle.games.rumbleslam.menu import dodge_spots
from turnbuckle.games.rumbleslam.placement import reachable
from turnbuckle.games.rumbleslam.rerolls import crowd_roll, reroll_steps
from turnbuckle.games.rumbleslam.status import counter, damage, knockdown

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.state import RumbleslamState


def count_action(st: RumbleslamState, kind: str) -> bool:
    """rumbleslam DIRTY: No Class is a third identical action in one activation."""
    st.used.append(kind)
    return st.used.count(kind) >= 3


def dirty_then(st: RumbleslamState, w: Wrestler, cont: tuple[Any, ...], auto_pass: bool = False) -> None:
    """rumbleslam DIRTY: first Dirty action 1 Crowd die, later ones 2; a Boo ends it with -AP."""
    st.dirty += 1
    if auto_pass:
        st.emit("dirty", {"wrestler": label(st, w), "dice": 0})
        push(st, cont)
        return
    n = 1 if st.dirty == 1 else 2
    push(st, *crowd_roll(st, w.player, n, (BOO,)), ("dirty_done", w.index, cont))


def step_dirty_done(st: RumbleslamState, index: int, cont: tuple[Any, ...]) -> None:
    w = st.ws[index]
    faces = dice_faces(st)
    emit_roll(st, "dirty check", wrestler=label(st, w))
    if BOO in faces:
        counter(st, w, "-AP", 1)
        st.emit("dirty_fail", {"wrestler": label(st, w)})
        st.end_flag = True
        return
    push(st, cont)


def do_action(st: RumbleslamState, w: Wrestler, what: tuple[Any, ...]) -> None:
    step: tuple[Any, ...]
    verb = what[0]
    g = st.game
    if verb == "end":
        st.stack.pop()
        push(st, ("end_act", w.index))
        return
    if verb == "move":
        cost = reachable(st, w, w.mp)[what[2]]
        w.mp -= cost
        place(st, w, FLOOR, what[2])
        st.emit("move", {"wrestler": label(st, w), "to": mat.SQUARE_NAMES[what[2]], "mp": cost})
        return
    if verb == "stand":
        w.ap -= 1
        w.kd = 0
        count_action(st, "stand")
        st.emit("stand", {"wrestler": label(st, w)})
        return
    if verb == "cp":
        cost = g.entrants[w.index].profile.cp_cost
        w.ap -= cost
        dirty = count_action(st, "cp") if cost > 0 else False  # a 0AP action is free (rumbleslam DIRTY)
        step = ("crowd_pleaser", w.index)
        if dirty:
            dirty_then(st, w, step)
        else:
            push(st, step)
        return
    if verb == "climb":
        w.ap -= 1
        dirty = count_action(st, "climb")
        step = ("climb", w.index)
        dirty_then(st, w, step) if dirty else push(st, step)
        return
    if verb == "dismount":
        w.ap -= 1
        dirty = count_action(st, "dismount")
        step = ("dismount", w.index)
        dirty_then(st, w, step) if dirty else push(st, step)
        return
    if verb == "tagout":
        w.ap -= 2
        push(st, ("tag_out", w.index))
        return
    if verb == "throw":
        w.ap -= 1
        t = st.ws[w.lifting]
        no_class = count_action(st, "throw")
        step = ("throw_to", w.index, t.index, what[1], False)
        # rumbleslam DIRTY: throwing an enemy who isn't KO'd is Dirty
        if (is_enemy(st, w, t) and not t.ko) or no_class:
            dirty_then(st, w, step)
        else:
            push(st, step)
        return
    if verb == "bounce":
        attack = g.attacks[what[3]]
        w.ap -= attack.ap
        dirty = count_action(st, "rope") or attack.has("DIRTY")
        step = ("bounce", w.index, what[2], what[3])
        dirty_then(st, w, step) if dirty else push(st, step)
        return
    if verb == "devastate":
        attack = g.attacks[what[2]]
        w.ap -= attack.ap
        dirty = count_action(st, attack.kind) or attack.has("DIRTY")
        step = ("devastate", w.index, what[2])
        dirty_then(st, w, step) if dirty else push(st, step)
        return
    if verb == "pin":
        w.ap -= 1
        t = st.ws[what[2]]
        dirty = count_action(st, "pin")
        step = ("pin", w.index, t.index)
        dirty_then(st, w, step) if dirty else push(st, step)
        return
    if verb in ("attack", "tag", "tbattack"):
        t = st.ws[what[2]]
        attack = g.attacks[what[3]]
        w.ap -= attack.ap
        if verb == "tag":
            tag = g.entrants[w.index].tag_team
            assert tag is not None
            st.tag_used.append(tag.name)
        no_class = count_action(st, attack.kind)
        if verb == "tbattack":
            land = decide_step(st, "land", w.player, w.index, t.index, what[3])
            dirty_then(st, w, land) if no_class or attack.has("DIRTY") else push(st, land)
            return
        step = ("attack", w.index, t.index, what[3])
        auto = False
        dirty = no_class or attack.has("DIRTY")
        if what[3] == A_LIFT:
            # lifting a friendly wrestler is Dirty only as No Class (ruling AMB-22); "All Dirty rolls
            # automatically succeed when attempting to Lift a KO'd wrestler" (rumbleslam LIFT), No Class too
            dirty = no_class or is_enemy(st, w, t)
            auto = t.ko
        if dirty:
            dirty_then(st, w, step, auto_pass=auto)
        else:
            push(st, step)
        return
    raise AssertionError(f"unknown action {what}")


def step_attack(st: RumbleslamState, a_i: int, t_i: int, atk_i: int) -> None:
    """rumbleslam ACTION POINTS: roll the attack against the defence (choices first)."""
    a, t = st.ws[a_i], st.ws[t_i]
    if not touching(st, a, t):
        return
    attack = st.game.attacks[atk_i]
    if atk_i == A_LIFT and (t.ko or not is_enemy(st, a, t)):
        # rumbleslam LIFT: a KO'd or friendly wrestler: equal or beat its WEIGHT with GRP
        dice, flat = stat_pool(st, a, "grp")
        push(st, ("roll", tuple((0, k) for k in dice)),
             *reroll_steps(st, "test", (flat, 0), st.game.entrants[t.index].profile.weight,
                           (a.player, a.player)),
             ("lift_weight", a_i, t_i, flat))
        return
    if len(attack.defend) > 1 and not (t.ko):
        purpose = "trip" if attack.kind == TRIP else "lift"
        push(st, decide_step(st, "defend", t.player, purpose, a_i, t_i, atk_i))
        return
    push(st, ("opp_roll", a_i, t_i, atk_i, attack.defend[0]))


def defend(st: RumbleslamState, step: tuple[Any, ...], stat: str) -> None:
    purpose, a_i, t_i, atk_i = step[3], step[4], step[5], step[6]
    if purpose == "escape":
        lifter, w = st.ws[a_i], st.ws[t_i]
        ad, af = stat_pool(st, lifter, "grp")
        dd, df = stat_pool(st, w, stat)
        push(st, ("roll", tuple((0, k) for k in ad) + tuple((1, k) for k in dd)),
             *reroll_steps(st, "opp", (af, df), 0, (lifter.player, w.player)),
             ("escape_rolled", a_i, t_i, stat, (af, df)))
        return
    push(st, ("opp_roll", a_i, t_i, atk_i, stat))


def step_opp_roll(st: RumbleslamState, a_i: int, t_i: int, atk_i: int, dstat: str) -> None:
    a, t = st.ws[a_i], st.ws[t_i]
    attack = st.game.attacks[atk_i]
    ad, af = stat_pool(st, a, attack.stat, attack)
    ad = ad + attack.extra
    dd, df = stat_pool(st, t, dstat)
    push(st, ("roll", tuple((0, k) for k in ad) + tuple((1, k) for k in dd)),
         *reroll_steps(st, "opp", (af, df), 0, (a.player, t.player)),
         ("opp_resolve", a_i, t_i, atk_i, dstat, (af, df)))


def step_opp_resolve(st: RumbleslamState, a_i: int, t_i: int, atk_i: int, dstat: str, flats: tuple[int, int]) -> None:
    a, t = st.ws[a_i], st.ws[t_i]
    attack = st.game.attacks[atk_i]
    A = dice_total(st, 0) + flats[0]
    D = dice_total(st, 1) + flats[1]
    margin = A - D
    emit_roll(st, attack.name, attacker=label(st, a), defender=label(st, t), stat=dstat.upper(),
              totals=[A, D], success=A > D)
    if not t.in_ring or not a.in_ring:
        return
    if A > D:
        row = min(margin, 8) if margin >= 4 else 0
        if row:
            st.emit("beatdown", {"attacker": label(st, a), "target": label(st, t), "row": row})
        resolve_hit(st, a, t, atk_i, row, 0)
        return
    # rumbleslam TRIP / LIFT: the defender's chosen stat decides what a failure costs
    steps: list[tuple[Any, ...]] = []
    if attack.kind in (TRIP, LIFT):
        if dstat in ("def", "grp"):
            damage(st, a, 1, f"{attack.name} countered")
        elif t.loc == FLOOR and dodge_spots(st, t):
            steps.append(decide_step(st, "place", t.player, "dodge", t_i))
    if -margin >= 4:
        steps.append(("reversal", a_i, t_i, atk_i, min(-margin, 8)))
    push(st, *steps)


def step_reversal(st: RumbleslamState, a_i: int, t_i: int, atk_i: int, row: int) -> None:
    """rumbleslam REVERSALS: the defender's result beat the attacker's by 4 or more."""
    a, t = st.ws[a_i], st.ws[t_i]
    st.emit("reversal", {"attacker": label(st, a), "defender": label(st, t), "row": row})
    if a.index == st.active:
        st.end_flag = True
    if not a.in_ring:
        return
    if row == 5:
        damage(st, a, 1, "reversal")
        if a.on_mat and t.on_mat and a.loc == FLOOR:
            push(st, decide_step(st, "shove", t.player, a_i, t_i, 2))
    elif row >= 6:
        # the attack hits the attacking wrestler instead (ruling AMB-17), choices by the defender
        resolve_hit(st, t, a, atk_i, 0, 1 if row >= 7 else 0, reversed_crowd=row >= 8)


def resolve_hit(
    st: RumbleslamState, a: Wrestler, t: Wrestler, atk_i: int, row: int, extra: int, reversed_crowd: bool | None = None
) -> None:
    """A successful hit: DMG first, then every special rule (rumbleslam SPECIAL RULES)."""
    attack = st.game.attacks[atk_i]
    dmg = attack.dmg
    if atk_i == A_TB:
        dmg = st.game.tb_damage
    dmg += extra
    rules = list(attack.rules)
    if row == 4:
        dmg += 1
    elif row == 5:
        dmg += 1
        rules.append(("SHOVE", 2))
    elif row == 6:
        dmg += 2
        rules.append(("DAZED", 1))
    elif row == 7:
        dmg += 2
        rules.append(("KNOCKDOWN", 1))
    elif row >= 8:
        dmg = max(dmg, t.sta)  # instant KO
    was_tb = t.loc == TB
    damage(st, t, dmg, attack.name)
    steps: list[tuple[Any, ...]] = []
    for rule, n in rules:
        if rule in ("-AP", "+AP", "-MP", "+MP"):
            counter(st, t, rule, n)
        elif rule == "BLEEDING" and not t.ko:
            t.bleed = 1
            st.emit("bleeding", {"wrestler": label(st, t)})
        elif rule == "KNOCKDOWN":
            knockdown(st, t)
    for rule, _n in rules:
        if rule == "DAZED":
            steps.extend(crowd_roll(st, t.player, 1, (BLANK, BOO)))
            steps.append(("dazed", t.index))
        elif rule == "FURY":
            steps.append(("fury", a.index, t.index))
    for rule, n in rules:
        if rule == "LIFTED":
            steps.append(("auto_lift", a.index, t.index, 0))
        elif rule == "THROW":
            steps.append(("auto_lift", a.index, t.index, n))
        elif rule == "SHOVE":
            steps.append(("shove_prompt", t.index, a.index, n))
        elif rule == "BOUNCEBACK":
            steps.append(("bounceback", a.index, t.index, n))
    if (attack.has("CROWD") and reversed_crowd is None) or reversed_crowd:
        steps.append(("crowd_pleaser", a.index))
    if was_tb:
        steps.append(("tb_test", t.index, a.index))
    push(st, *steps)
