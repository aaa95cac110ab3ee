"""RUMBLESLAM: the active wrestler's menu of actions and the squares each one may use.

Which actions the active wrestler may take now, and their legal squares and directions.

Reads: end_flag, occ, tag_used, ws
Writes: _legal
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attack_profiles import A_TB
from turnbuckle.games.rumbleslam.core import FLOOR, LIFTED, SIDE, TB, Wrestler, fits, in_contact, is_enemy, touching
from turnbuckle.games.rumbleslam.placement import can_land, impact_plan, reachable

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.state import RumbleslamState


def act_should_end(st: RumbleslamState, index: int) -> bool:
    w = st.ws[index]
    if st.end_flag or not w.on_mat or w.ko:
        return True
    menu = act_menu(st, w)
    if len(menu) == 1 and menu[0].name == "end":
        return True
    st._legal = menu
    return False


def act_menu(st: RumbleslamState, w: Wrestler) -> list[Action]:
    g = st.game
    L = g.lookup
    i = w.index
    out: list[Action] = [L[("end",)]]
    e = g.entrants[i]
    prof = e.profile
    ap = w.ap
    if w.kd:
        # rumbleslam KNOCKED DOWN: remove the counter (1AP) before any other action, on the floor
        # or on a turnbuckle (where it stays up there)
        if ap >= 1:
            out.append(L[("stand", i)])
        if g.kd_can_move and w.loc == FLOOR:
            moves = g.move_acts[i]
            out.extend([moves[c] for c in reachable(st, w, w.mp)])
        return out
    if w.loc == TB:
        # rumbleslam THE TURNBUCKLE: attack from it, or dismount
        if ap >= 1 and dismount_spot(st, w) >= 0:
            out.append(L[("dismount", i)])
        for t in st.ws:
            if not t.on_mat or t.player == w.player:
                continue
            dist = mat.box_distance(w.box(), t.box())
            landing: bool | None = None
            if ap >= 2 and dist <= w.mp_allow:
                landing = bool(landings(st, w, t))
                if landing:
                    out.append(L[("tbattack", i, t.index, A_TB)])
            for ability, attack in e.abilities:
                if ability.kind == "turnbuckle" and ap >= ability.ap and dist <= (ability.range or 0):
                    if landing is None:
                        landing = bool(landings(st, w, t))
                    if landing:
                        out.append(L[("tbattack", i, t.index, attack)])
        if ap >= prof.cp_cost:
            out.append(L[("cp", i)])
        return out
    # on the floor, standing
    if w.mp > 0:
        moves = g.move_acts[i]
        out.extend([moves[c] for c in reachable(st, w, w.mp)])
    if ap >= prof.cp_cost:
        out.append(L[("cp", i)])
    if w.lifting >= 0:
        # ruling AMB-26: a lifter may move, Throw, make a Crowd Pleaser or end
        if ap >= 1:
            thrown = st.ws[w.lifting]
            throws = g.throw_acts
            out.extend([throws[c] for c in throw_targets(st, w, thrown, prof.throw)])
        return out
    menu = g.menus[i]
    contact = in_contact(st, w)
    for t in contact:
        ti = t.index
        vs = menu.vs[ti]
        assert vs is not None
        if t.player != w.player:
            if ap >= 1:
                out.append(vs.brawl)
                out.append(vs.grapple)
                if t.kd and t.loc != LIFTED:
                    out.append(vs.pin)
            if ap >= 2:
                out.append(vs.trip)
            for need, act in vs.specials:
                if ap >= need:
                    out.append(act)
            if vs.tag is not None and ap >= menu.tag_ap and tag_ready(st, w):
                out.append(vs.tag)
        if ap >= 1:
            # rumbleslam LIFT: a lifter may itself be Lifted (it drops its load)
            out.append(vs.lift)
    if contact:
        for need, act in menu.devastate:
            if ap >= need:
                out.append(act)
    ropes = mat.ROPES_AT[w.size][w.pos]
    for r in ropes:
        plain, specials = menu.bounce[r]
        if ap >= 1:
            out.append(plain)
        for need, act in specials:
            if ap >= need:
                out.append(act)
    tb = mat.TURNBUCKLE_AT[w.size][w.pos]
    if tb is not None and ap >= 1 and st.occ[tb] == -1:
        out.append(menu.climb)
    if e.tag_style == "traditional" and ropes and ap >= 2 and tag_ready(st, w):
        partner = st.ws[e.partner]
        if partner.loc == SIDE and partner.size == w.size:
            out.append(menu.tagout)
    return out


def tag_ready(st: RumbleslamState, w: Wrestler) -> bool:
    """rumbleslam TAG TEAM ABILITIES: one Tag Out or one Tag Team Ability per round."""
    e = st.game.entrants[w.index]
    if e.tag_team is None or e.tag_team.name in st.tag_used:
        return False
    if e.tag_style == "exhibition":
        return touching(st, w, st.ws[e.partner])
    return bool(mat.ropes_touched(w.pos, w.size)) if w.loc == FLOOR else False


def dismount_spot(st: RumbleslamState, w: Wrestler) -> int:
    floor = mat.CORNER_FLOOR[w.pos]
    if w.size == 1:
        return floor if st.occ[floor] == -1 else -1
    fx, fy = mat.xy(floor)
    anchor = mat.cell_at(fx - (1 if fx == 10 else 0), fy - (1 if fy == 10 else 0))
    return anchor if can_land(st, w, anchor) else -1


def landings(st: RumbleslamState, w: Wrestler, t: Wrestler) -> list[int]:
    """rumbleslam TURNBUCKLE: an unoccupied square in base contact with the target (IMPACT:
    a WEIGHT 3 wrestler may land on occupied squares, pushing them)."""
    tbox = t.box()
    out = []
    for anchor in mat.FLOOR:
        if not mat.valid_footprint(anchor, w.size):
            continue
        d = mat.box_distance(mat.box(anchor, w.size), tbox)
        if w.size == 1:
            if d == 1 and st.occ[anchor] == -1:
                out.append(anchor)
        elif d <= 1 and (d == 1 or t.loc == FLOOR) and can_land(st, w, anchor):
            out.append(anchor)
    return out


def throw_targets(st: RumbleslamState, thrower: Wrestler, thrown: Wrestler, reach: int) -> list[int]:
    """rumbleslam THROW: any square within THROW; a rope square throws an enemy out.
    Only the cells of the box within reach are visited, in cell order."""
    x0, y0, x1, y1 = thrower.box()
    own = set(thrower.cells())
    enemy = is_enemy(st, thrower, thrown)
    is_rope = mat.IS_ROPE
    out = []
    xs = range(max(x0 - reach, 0), min(x1 + reach, mat.SIZE - 1) + 1)
    for y in range(max(y0 - reach, 0), min(y1 + reach, mat.SIZE - 1) + 1):
        row = y * mat.SIZE
        for x in xs:
            c = row + x
            if c in own:
                continue
            if is_rope[c]:
                if enemy:
                    out.append(c)
            elif landable(st, thrown, c, own):
                out.append(c)
    return out


def landable(st: RumbleslamState, thrown: Wrestler, c: int, own: set[int]) -> bool:
    if c in mat.TURNBUCKLES or st.occ[c] != -1 or thrown.size == 1:
        return True
    return cover_anchor(st, thrown, c, own) >= 0


def cover_anchor(st: RumbleslamState, w: Wrestler, cell: int, avoid: set[int]) -> int:
    """A landing base for a thrown 2x2 covering ``cell`` (free if possible, else IMPACT)."""
    x, y = mat.xy(cell)
    candidates = [mat.cell_at(x - dx, y - dy) for dy in (0, 1) for dx in (0, 1)]
    fallback = -1
    for a in candidates:
        if not mat.valid_footprint(a, 2) or set(mat.footprint(a, 2)) & avoid:
            continue
        if fits(st, a, 2, w.index):
            return a
        if fallback < 0 and impact_plan(st, w, a) is not None:
            fallback = a
    return fallback


def cover_anchors(st: RumbleslamState, w: Wrestler, cell: int, avoid: set[int]) -> list[int]:
    """rumbleslam THROW / (IMPACT): every landing base for a thrown 2x2 that covers ``cell``,
    wholly in the ring, off the thrower (``avoid``): free, or pushing wrestlers aside (IMPACT
    lets it land on occupied squares). The thrower's player picks one (R-RS-19)."""
    x, y = mat.xy(cell)
    out = []
    for a in sorted(mat.cell_at(x - dx, y - dy) for dy in (0, 1) for dx in (0, 1)):
        if not mat.valid_footprint(a, 2) or set(mat.footprint(a, 2)) & avoid:
            continue
        if fits(st, a, 2, w.index) or impact_plan(st, w, a) is not None:
            out.append(a)
    return out


def dodge_spots(st: RumbleslamState, w: Wrestler) -> list[int]:
    if w.loc != FLOOR:
        return []
    return [b for b in (mat.step(w.pos, d) for d in mat.DIRECTIONS.values()) if fits(st, b, w.size, w.index)]


def shove_dirs(st: RumbleslamState, mover: Wrestler, pusher: Wrestler) -> list[str]:
    on_mat = pusher.on_mat and mover.on_mat
    toward = mat.direction_between(mover.box(), pusher.box()) if on_mat else (0, 0)
    return [n for n, d in mat.DIRECTIONS.items() if d != toward]
