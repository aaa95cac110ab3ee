"""RUMBLESLAM special rules that move or hit: SHOVE, ropes, BOUNCEBACK, DAZED, FURY, DEVASTATING, Tag Out.

The special rules and rope moves that follow a hit or an action.

Reads: buf, occ, ws
Writes: end_flag, tag_used
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attack_profiles import A_FURY, A_ROPE
from turnbuckle.games.rumbleslam.attacks import resolve_hit
from turnbuckle.games.rumbleslam.core import (
    FLOOR,
    SIDE,
    Wrestler,
    cells_free,
    decide_step,
    dice_total,
    emit_roll,
    fits,
    in_contact,
    is_enemy,
    label,
    place,
    push,
    stat_pool,
    touching,
)
from turnbuckle.games.rumbleslam.dice import BLANK, BOO
from turnbuckle.games.rumbleslam.rerolls import reroll_steps
from turnbuckle.games.rumbleslam.status import counter, damage, knockdown

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.state import RumbleslamState


def step_shove_prompt(st: RumbleslamState, t_i: int, a_i: int, n: int) -> None:
    t, a = st.ws[t_i], st.ws[a_i]
    if t.loc != FLOOR:
        return  # ruling AMB-42: a wrestler on a turnbuckle (or Lifted) is not shoved
    push(st, decide_step(st, "shove", a.player, t_i, a_i, n))


def shove(st: RumbleslamState, t: Wrestler, pusher: Wrestler, n: int, d: tuple[int, int]) -> None:
    """rumbleslam (SHOVE X): straight line; stops at a wrestler, bounces off a rope, smashes
    against a turnbuckle."""
    if t.loc != FLOOR:
        return
    moved = 0
    for _ in range(n):
        nxt = mat.step(t.pos, d)
        cells = mat.footprint(nxt, t.size)
        tb, ropes = mat.classify(cells)
        if tb:
            st.emit("shove", {"wrestler": label(st, t), "to": mat.SQUARE_NAMES[t.pos], "squares": moved})
            st.emit("smash", {"wrestler": label(st, t)})
            damage(st, t, 2, "smashed against the turnbuckle")
            return
        if ropes:
            st.emit("shove", {"wrestler": label(st, t), "to": mat.SQUARE_NAMES[t.pos], "squares": moved})
            push(st, ("rebound", t.index, ropes[0]))
            return
        if not cells_free(st, cells, t.index):
            break
        place(st, t, FLOOR, nxt)
        moved += 1
    st.emit("shove", {"wrestler": label(st, t), "to": mat.SQUARE_NAMES[t.pos], "squares": moved})


def step_rebound(st: RumbleslamState, t_i: int, rope: str) -> None:
    """rumbleslam BOUNCED FROM THE ROPES: five squares straight away from the rope; a
    stationary enemy in the way makes a Rope Attack against the moving wrestler."""
    t = st.ws[t_i]
    if t.loc != FLOOR:
        return
    d = mat.AWAY_FROM_ROPE[rope]
    for _ in range(5):
        nxt = mat.step(t.pos, d)
        cells = mat.footprint(nxt, t.size)
        tb, ropes = mat.classify(cells)
        if tb or ropes:
            break
        blockers = sorted({st.occ[c] for c in cells if st.occ[c] not in (-1, t.index)})
        if blockers:
            enemies = [b for b in blockers if is_enemy(st, st.ws[b], t) and not st.ws[b].ko]
            st.emit("bounce", {"wrestler": label(st, t), "to": mat.SQUARE_NAMES[t.pos], "forced": True})
            if enemies:
                push(st, ("attack", enemies[0], t_i, A_ROPE))
            return
        place(st, t, FLOOR, nxt)
    st.emit("bounce", {"wrestler": label(st, t), "to": mat.SQUARE_NAMES[t.pos], "forced": True})


def step_bounce(st: RumbleslamState, w_i: int, rope: str, atk_i: int) -> None:
    """rumbleslam BOUNCE OFF THE ROPE / ROPE ATTACK / ROPE ABILITIES / (ROCKET)."""
    w = st.ws[w_i]
    if w.loc != FLOOR:
        return
    attack = st.game.attacks[atk_i]
    d = mat.AWAY_FROM_ROPE[rope]
    for _ in range(8 if attack.has("ROCKET") else 5):
        nxt = mat.step(w.pos, d)
        cells = mat.footprint(nxt, w.size)
        tb, ropes = mat.classify(cells)
        if tb or ropes:
            break
        blockers = sorted({st.occ[c] for c in cells if st.occ[c] not in (-1, w.index)})
        if blockers:
            enemies = [b for b in blockers if is_enemy(st, st.ws[b], w)]
            st.emit("bounce", {"wrestler": label(st, w), "to": mat.SQUARE_NAMES[w.pos], "forced": False})
            if enemies:
                push(st, ("attack", w_i, enemies[0], atk_i))
            return
        place(st, w, FLOOR, nxt)
    st.emit("bounce", {"wrestler": label(st, w), "to": mat.SQUARE_NAMES[w.pos], "forced": False})


def step_bounceback(st: RumbleslamState, a_i: int, t_i: int, n: int) -> None:
    """rumbleslam (BOUNCEBACK X): the attacker moves X squares straight away (stops early)."""
    a, t = st.ws[a_i], st.ws[t_i]
    if a.loc != FLOOR or not t.on_mat:
        return
    d = mat.direction_between(t.box(), a.box())
    if d == (0, 0):
        return
    for _ in range(n):
        nxt = mat.step(a.pos, d)
        if not fits(st, nxt, a.size, a.index):
            break
        place(st, a, FLOOR, nxt)
    st.emit("move", {"wrestler": label(st, a), "to": mat.SQUARE_NAMES[a.pos], "why": "bounceback"})


def step_dazed(st: RumbleslamState, t_i: int) -> None:
    # rumbleslam (DAZED): Blank knockdown -AP -MP; Boo -AP -MP; Cheer nothing
    t = st.ws[t_i]
    face = st.buf[0][2]
    emit_roll(st, "dazed", wrestler=label(st, t))
    if not t.in_ring:
        return
    if face in (BLANK, BOO):
        counter(st, t, "-AP", 1)
        counter(st, t, "-MP", 1)
    if face == BLANK:
        knockdown(st, t)


def step_fury(st: RumbleslamState, a_i: int, t_i: int) -> None:
    # rumbleslam (FURY): one free Brawl against the same target, if still in base contact
    a, t = st.ws[a_i], st.ws[t_i]
    if a.loc == FLOOR and t.on_mat and not a.ko and not a.kd and a.lifting < 0 and touching(st, a, t):
        push(st, ("attack", a_i, t_i, A_FURY))


def step_devastate(st: RumbleslamState, a_i: int, atk_i: int) -> None:
    """rumbleslam (DEVASTATING): one attack roll against every wrestler in base contact."""
    a = st.ws[a_i]
    attack = st.game.attacks[atk_i]
    dice, flat = stat_pool(st, a, attack.stat, attack)
    push(st, ("roll", tuple((0, k) for k in dice)), ("devastate_rolled", a_i, atk_i, flat))


def step_devastate_rolled(st: RumbleslamState, a_i: int, atk_i: int, flat: int) -> None:
    a = st.ws[a_i]
    emit_roll(st, st.game.attacks[atk_i].name, attacker=label(st, a), totals=[dice_total(st, 0) + flat])
    hit = tuple(t.index for t in in_contact(st, a))
    push(st, ("devastate_next", a_i, atk_i, flat, hit, tuple(st.buf)))


def step_devastate_next(
    st: RumbleslamState, a_i: int, atk_i: int, flat: int, left: tuple[int, ...], dice: tuple[tuple[int, str, int,
    bool], ...]
) -> None:
    """rumbleslam (DEVASTATING): "the attacking wrestler decides what order to attack the
    wrestlers" (``hit <wrestler>``); ``dice`` are the attack dice, rolled once for all."""
    a = st.ws[a_i]
    left = tuple(i for i in left if st.ws[i].on_mat)
    if not left or not a.in_ring:
        return
    if len(left) == 1:
        push(st, ("devastate_one", a_i, left[0], atk_i, flat, (), dice))
    else:
        push(st, decide_step(st, "hit", a.player, a_i, atk_i, flat, left, dice))


def step_devastate_one(
    st: RumbleslamState, a_i: int, t_i: int, atk_i: int, flat: int, left: tuple[int, ...],
    dice: tuple[tuple[int, str, int, bool], ...],
) -> None:
    """One defender's DEF roll against the carried attack dice: both are the players' own dice
    to re-roll (rumbleslam ENDORSEMENTS); a re-rolled attack die stands for the defenders after."""
    a, t = st.ws[a_i], st.ws[t_i]
    dd, df = stat_pool(st, t, "def")
    owners = (a.player, t.player)
    windows: list[tuple[Any, ...]]
    if is_enemy(st, a, t):
        windows = reroll_steps(st, "opp", (flat, df), 0, owners)
    else:  # a friend is hit too: its player may re-roll its DEF dice to keep it safe
        windows = [("reroll_window", a.player, "guard", (flat, df), 0, owners)]
    push(st, ("roll_on", dice, tuple((1, k) for k in dd)), *windows,
         ("devastate_resolve", a_i, t_i, atk_i, (flat, df), left))


def step_devastate_resolve(
    st: RumbleslamState, a_i: int, t_i: int, atk_i: int, flats: tuple[int, int], left: tuple[int, ...]
) -> None:
    a, t = st.ws[a_i], st.ws[t_i]
    total = dice_total(st, 0) + flats[0]
    d = dice_total(st, 1) + flats[1]
    emit_roll(st, "defence", attacker=label(st, a), defender=label(st, t), totals=[total, d],
              success=total > d)
    # the next defender (after this hit's effects, pushed above it) faces the same attack dice
    push(st, ("devastate_next", a_i, atk_i, flats[0], left, tuple(x for x in st.buf if x[0] == 0)))
    if total > d and t.in_ring and a.in_ring:
        resolve_hit(st, a, t, atk_i, 0, 0)


def step_tag_out(st: RumbleslamState, w_i: int) -> None:
    """rumbleslam TAG OUT: the partner takes this square with full AP and MP; activation ends."""
    w = st.ws[w_i]
    e = st.game.entrants[w_i]
    partner = st.ws[e.partner]
    assert e.tag_team is not None
    st.tag_used.append(e.tag_team.name)
    pos = w.pos
    place(st, w, SIDE, -1)
    w.cp = 0
    place(st, partner, FLOOR, pos)
    partner.activated = False
    st.emit("tag_out", {"wrestler": label(st, w), "partner": label(st, partner)})
    st.end_flag = True
