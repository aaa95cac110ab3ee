"""RUMBLESLAM placement: reachable squares, nearest free squares and (IMPACT) landings.

Where wrestlers may go: movement, free squares near a spot, and landings that push others aside.

Reads: active, occ, occ_version, ws
Writes: reach_memo
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.core import FLOOR, LIFTED, Box, Wrestler, decide_step, fits, label, place, push

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.state import RumbleslamState


def reachable(st: RumbleslamState, w: Wrestler, budget: int) -> dict[int, int]:
    """rumbleslam MOVEMENT POINTS: anchors reachable for <= budget MP (never through wrestlers;
    squeezing diagonally between two is allowed), in breadth-first order, with their cost.
    Memoised per state for one board and wrestler: the chosen move asks for the menu's answer
    again. The answer is shared: callers must not change it."""
    key = (st.occ_version, w.index, w.pos, budget)
    memo = st.reach_memo
    if memo is not None and memo[0] == key:
        return memo[1]
    size = w.size
    occ = st.occ
    me = w.index
    neighbours = mat.NEIGHBOURS[size]
    start = w.pos
    seen = {start: 0}
    frontier = [start]
    dist = 0
    while dist < budget:
        dist += 1
        nxt = []
        if size == 1:
            for a in frontier:
                for b in neighbours[a]:
                    if b not in seen and occ[b] == -1:
                        seen[b] = dist
                        nxt.append(b)
        else:
            for a in frontier:
                for b in neighbours[a]:
                    if b in seen:
                        continue
                    o1, o2, o3, o4 = occ[b], occ[b + 1], occ[b + 12], occ[b + 13]
                    if (o1 != -1 and o1 != me) or (o2 != -1 and o2 != me) or (o3 != -1 and o3 != me) \
                            or (o4 != -1 and o4 != me):
                        continue
                    seen[b] = dist
                    nxt.append(b)
        if not nxt:
            break
        frontier = nxt
    del seen[start]
    st.reach_memo = (key, seen)
    return seen


def nearest_spot(st: RumbleslamState, w: Wrestler, near: Box, contact_box: Box | None = None) -> int:
    """The free anchor for ``w`` nearest a box (ties: first square); -1 if the ring is full."""
    spots = placement_spots(st, w, near, contact_box)
    return spots[0] if spots else -1


def placement_spots(
    st: RumbleslamState, w: Wrestler, near: Box, contact_box: Box | None = None, need_rope: bool = False, rope: str = ""
) -> list[int]:
    """Every free anchor for ``w`` equally nearest a box (a player's choice when several).
    With ``contact_box``: anchors in base contact with it first, then the closest to it;
    ``need_rope``: only bases touching a rope (``rope``: that rope, ``N`` ``S`` ``E`` or ``W``).
    (The distances are ``mat.box_distance`` written out: this scans the whole floor.)"""
    size = w.size
    me = w.index
    occ = st.occ
    ext = size - 1
    nx0, ny0, nx1, ny1 = near
    best: list[int] = []
    best_key = -1
    ropes = mat.TOUCHES_ROPE[size]
    rope_at = mat.ROPES_AT[size]
    for anchor in mat.ANCHORS[size]:
        o = occ[anchor]
        if o != -1 and o != me:
            continue
        if size == 2:
            o2, o3, o4 = occ[anchor + 1], occ[anchor + 12], occ[anchor + 13]
            if (o2 != -1 and o2 != me) or (o3 != -1 and o3 != me) or (o4 != -1 and o4 != me):
                continue
        if (need_rope and not ropes[anchor]) or (rope and rope not in rope_at[anchor]):
            continue
        x0, y0 = anchor % 12, anchor // 12
        x1, y1 = x0 + ext, y0 + ext
        first = 0
        if contact_box is not None:
            cx0, cy0, cx1, cy1 = contact_box
            cd = max(0, x0 - cx1, cx0 - x1, y0 - cy1, cy0 - y1)
            if cd == 0:
                continue
            first = 0 if cd == 1 else cd
        key = first * 1024 + max(0, x0 - nx1, nx0 - x1, y0 - ny1, ny0 - y1)
        if best_key < 0 or key < best_key:
            best_key, best = key, [anchor]
        elif key == best_key:
            best.append(anchor)
    return sorted(best)


def stay_spots(st: RumbleslamState, w: Wrestler, cell: int) -> list[int]:
    """rumbleslam THROWING A WRESTLER OUT THE RING: a wrestler that stays in goes "in base
    contact with the rope as close as possible to the target square", on a free square, wholly
    in the ring (R-RS-21): touching the rope the target square is on; if that rope has no room,
    any rope; if none, the nearest free square. Every equally near anchor is offered."""
    near = mat.box(cell, 1)
    _tb, ropes = mat.classify((cell,))
    for rope in ropes:
        spots = placement_spots(st, w, near, need_rope=True, rope=rope)
        if spots:
            return spots
    return placement_spots(st, w, near, need_rope=True) or placement_spots(st, w, near)


def impact_zone(st: RumbleslamState, lander: Wrestler, anchor: int) -> tuple[int, ...] | None:
    size = lander.size if not mat.is_turnbuckle(anchor) else 1
    if not mat.valid_footprint(anchor, size):
        return None
    return tuple(sorted(mat.footprint(anchor, size)))


def impact_plan(st: RumbleslamState, lander: Wrestler, anchor: int) -> list[tuple[int, int]] | None:
    """rumbleslam (IMPACT): can the wrestlers under the landing base be pushed aside? The
    engine's own way (shortest chains, first of equals), used to test a landing."""
    zone = impact_zone(st, lander, anchor)
    if zone is None:
        return None
    occ = st.occ.copy()
    for c in lander.cells():
        occ[c] = -1
    return impact_greedy(st, occ, lander.index, frozenset(zone), set(), -1, -1)


def impact_greedy(
    st: RumbleslamState, occ: list[int], lander: int, zone: frozenset[int], moved: set[int], hand: int, src: int
) -> list[tuple[int, int]] | None:
    """Push every wrestler under ``zone`` into base contact, chaining through unmoved 1x1
    wrestlers to the nearest free square (a 2x2 moves one square). ``hand`` (off the mat in
    ``occ``) is pushed first, from ``src``. Mutates ``occ`` and ``moved``; the moves come in
    an order safe to apply one by one; None if impossible."""
    moves: list[tuple[int, int]] = []
    ws = st.ws
    while True:
        if hand < 0:
            hand = next((occ[c] for c in sorted(zone) if occ[c] not in (-1, lander)), -1)
            if hand < 0:
                return moves
            src = ws[hand].pos
            for c in mat.footprint(src, ws[hand].size):
                occ[c] = -1
        if ws[hand].size == 2:
            dest = -1
            for d in mat.DIRECTIONS.values():
                b = mat.step(src, d)
                cells = mat.footprint(b, 2)
                if mat.valid_footprint(b, 2) and not zone.intersection(cells) and all(occ[x] == -1 for x in cells):
                    dest = b
                    break
            if dest < 0:
                return None
            for x in mat.footprint(dest, 2):
                occ[x] = hand
            moved.add(hand)
            moves.append((hand, dest))
            hand = -1
            continue
        # BFS through unmoved 1x1 wrestlers to the nearest free floor square outside the zone
        prev = {src: -1}
        queue = [src]
        found = -1
        while queue and found < 0:
            nxt = []
            for a in queue:
                for d in mat.DIRECTIONS.values():
                    b = mat.step(a, d)
                    if b in prev or not mat.is_floor(b) or b in zone:
                        continue
                    who = occ[b]
                    if who != -1 and (ws[who].size != 1 or who in moved or who == lander):
                        continue
                    prev[b] = a
                    if who == -1:
                        found = b
                        break
                    nxt.append(b)
                if found >= 0:
                    break
            queue = nxt
        if found < 0:
            return None
        path = [found]
        while prev[path[-1]] != -1:
            path.append(prev[path[-1]])
        path.reverse()  # src ... found
        movers = [hand] + [occ[c] for c in path[1:-1]]
        for k in range(len(movers) - 1, -1, -1):
            occ[path[k + 1]] = movers[k]
            moved.add(movers[k])
            moves.append((movers[k], path[k + 1]))
        hand = -1


def impact_options(
    st: RumbleslamState, lander: int, zone: tuple[int, ...], moved: tuple[int, ...], hand: int, src: int
) -> list[int]:
    """rumbleslam (IMPACT): where the controlling player may push ``hand`` (lifted aside from
    ``src``): a free square in base contact; only if none, an occupied one whose 1x1 occupant
    is then pushed "in the same manner". Only squares from which every push can still finish."""
    occ = st.occ
    h = st.ws[hand]
    zs = frozenset(zone)
    raw: list[int] = []
    if h.size == 2:
        for d in mat.DIRECTIONS.values():
            b = mat.step(src, d)
            cells = mat.footprint(b, 2)
            if mat.valid_footprint(b, 2) and not zs.intersection(cells) and all(occ[x] == -1 for x in cells):
                raw.append(b)
    else:
        free: list[int] = []
        taken: list[int] = []
        for d in mat.DIRECTIONS.values():
            b = mat.step(src, d)
            if not mat.is_floor(b) or b in zs:
                continue
            who = occ[b]
            if who == -1:
                free.append(b)
            elif st.ws[who].size == 1 and who not in moved and who != lander:
                taken.append(b)
        raw = free or taken
    out = []
    for b in raw:
        sim = occ.copy()
        nxt = sim[b] if h.size == 1 else -1
        for x in mat.footprint(b, h.size):
            sim[x] = hand
        if impact_greedy(st, sim, lander, zs, {*moved, hand}, nxt, b if nxt >= 0 else -1) is not None:
            out.append(b)
    return sorted(out)


def land_at(st: RumbleslamState, w: Wrestler, anchor: int, then: tuple[Any, ...]) -> bool:
    """Place ``w`` at ``anchor``, then run ``then``; with (IMPACT) the wrestlers in the way
    are pushed aside first (the active player's choices). False if impossible."""
    size = w.size
    if fits(st, anchor, size, w.index):
        place(st, w, FLOOR, anchor)
        push(st, then)
        return True
    if size < 2 or impact_plan(st, w, anchor) is None:
        return False
    zone = impact_zone(st, w, anchor)
    place(st, w, LIFTED, -1)  # in the air above its landing base
    push(st, ("impact", w.index, anchor, zone, (), -1, -1), then)
    return True


def step_impact(
    st: RumbleslamState, lander_i: int, anchor: int, zone: tuple[int, ...], moved: tuple[int, ...], hand: int, src: int
) -> None:
    """rumbleslam (IMPACT): push the next wrestler under the landing base (or land)."""
    lander = st.ws[lander_i]
    if hand < 0:
        hand = next((st.occ[c] for c in zone if st.occ[c] not in (-1, lander_i)), -1)
        if hand < 0:
            place(st, lander, FLOOR, anchor)
            return
        src = st.ws[hand].pos
        place(st, st.ws[hand], LIFTED, -1)  # lifted aside until placed
    options = impact_options(st, lander_i, zone, moved, hand, src)
    if not options:  # only if the engine's chain was the one way through: take it
        occ = st.occ.copy()
        plan = impact_greedy(st, occ, lander_i, frozenset(zone), set(moved), hand, src)
        assert plan is not None, "rumbleslam: (IMPACT) push lost its way"
        for o, b in plan:
            place(st, st.ws[o], FLOOR, b)
            st.emit("impact_push", {"wrestler": label(st, o), "to": mat.SQUARE_NAMES[b]})
        place(st, lander, FLOOR, anchor)
        return
    if len(options) == 1:
        impact_move(st, lander_i, anchor, zone, moved, hand, options[0])
        return
    player = st.ws[st.active].player if st.active >= 0 else lander.player
    push(st, decide_step(st, "place", player, "impact", hand, (lander_i, anchor, zone, moved, src)))


def impact_move(
    st: RumbleslamState, lander_i: int, anchor: int, zone: tuple[int, ...], moved: tuple[int, ...], hand: int, dest: int
) -> None:
    h = st.ws[hand]
    nxt = st.occ[dest] if h.size == 1 else -1
    if nxt >= 0:
        place(st, st.ws[nxt], LIFTED, -1)
    place(st, h, FLOOR, dest)
    st.emit("impact_push", {"wrestler": label(st, h), "to": mat.SQUARE_NAMES[dest]})
    push(st, ("impact", lander_i, anchor, zone, tuple(sorted((*moved, hand))), nxt, dest if nxt >= 0 else -1))


def can_land(st: RumbleslamState, w: Wrestler, anchor: int) -> bool:
    if not mat.valid_footprint(anchor, w.size):
        return False
    if fits(st, anchor, w.size, w.index):
        return True
    return w.size == 2 and impact_plan(st, w, anchor) is not None
