"""Ring skirmish destinations (SK-6.1, SK-1.4, R-SK-11): where a move or Whip may end, its routes, facings.

The legal destinations, routes and facings of the pending move (memoised until the next action).

Reads: active, models, pend, phase
Writes: _dest, _named
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import DEST, id_of, name_of, obstacles_of, others_in_ring

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


def facing_ids(st: SkirmishState) -> list[int]:
    g = st.game
    pend = st.pend
    ids = [id_of(g.actions.by_name, "keep facing")]
    facer = pend["facer"]
    if pend.get("face_only") is not None:
        ids.append(g.face_seat_base + st.models[pend["face_only"]].player)
        return ids
    ids += [g.facing_base + i for i in range(len(geo.FACINGS))]
    for i, m in enumerate(st.models):
        if i != facer and m.in_ring:
            ids.append(g.face_seat_base + m.player)
    return ids


def destinations(st: SkirmishState) -> tuple[dict[int, geo.Point], npt.NDArray[np.int64]]:
    """Legal destinations of the pending move (SK-6.1, SK-1.4): the named points (``stay``,
    anchors, ropes) with their lattice points, and the reachable 0.5-inch grid points (a grid
    point equal to a named point is left to the name)."""
    if st._dest is not None:
        return st._dest
    found, finder = named_destinations(st)
    g = st.game
    mi = st.pend["mover"]
    mover = st.models[mi]
    limit = st.pend["limit"]
    grid = np.zeros(0, dtype=np.int64)
    via = st.pend.get("via")
    if limit > 0:
        if via is None:
            idx = geo.reachable_grid(mover.pos, mover.r, obstacles_of(st, mi), limit, finder)
        else:
            idx = geo.reachable_grid_via(mover.pos, mover.r, obstacles_of(st, mi), limit, via)
        dup = [geo.grid_index(p) for p in found.values() if geo.on_grid(p)]
        if dup and len(idx):
            keep = np.ones(len(geo.GRID_POINTS), dtype=bool)
            keep[dup] = False
            idx = idx[keep[idx]]
        grid = idx + g.grid_base
    st._dest = (found, grid)
    return st._dest


def grid_destination_ok(st: SkirmishState, action_id: int) -> bool:
    """One grid destination checked alone, by the same tests as ``_destinations`` (replays use it)."""
    g = st.game
    index = action_id - g.grid_base
    if not 0 <= index < len(geo.GRID_POINTS):
        return False
    point = geo.GRID_POINTS[index]
    found, finder = named_destinations(st)
    mi = st.pend["mover"]
    mover = st.models[mi]
    limit = st.pend["limit"]
    if limit <= 0 or point in found.values() or not geo.inside(point, mover.r):
        return False
    via = st.pend.get("via")
    origin = mover.pos if via is None else geo.mirror(mover.pos, via, mover.r)
    if geo.dist2(point, origin) > limit * limit:
        return False
    obstacles = obstacles_of(st, mi)
    if not geo.free_at(point, mover.r, obstacles):
        return False
    qx, qy = np.array([float(point[0])]), np.array([float(point[1])])
    if via is not None:
        return bool(geo.via_rope_lengths(mover.pos, mover.r, via, qx, qy, obstacles)[0] <= limit + 1e-9)
    return bool(finder.lengths(qx, qy)[0] <= limit + 1e-9)


def named_destinations(st: SkirmishState) -> tuple[dict[int, geo.Point], geo.PathFinder]:
    """``stay``, the anchors around other models and the rope points that are reachable."""
    if st._named is None:
        st._named = named_points(st, st.pend.get("via"))
    return st._named


def named_points(st: SkirmishState, via: str | None) -> tuple[dict[int, geo.Point], geo.PathFinder]:
    """The named destinations of the pending move, directly or (a Whip) off rope ``via``:
    ``stay`` is then the return to the starting spot (R-SK-11)."""
    g = st.game
    pend = st.pend
    mi = pend["mover"]
    mover = st.models[mi]
    start = mover.pos
    limit = pend["limit"]
    # a route off a rope is as long as the straight line from the mirrored start
    origin = start if via is None else geo.mirror(start, via, mover.r)
    others = others_in_ring(st, mi)
    obstacles = [(m.x, m.y, m.r) for m in others]
    finder = geo.PathFinder(start, mover.r, obstacles, limit)
    found: dict[int, geo.Point] = {g.stay_id: start} if via is None else {}
    seen = {start} if via is None else set()
    candidates: list[tuple[int, geo.Point]] = [] if via is None else [(g.stay_id, start)]
    per_seat = 2 * len(geo.ANCHOR_BEARINGS)
    for seat in range(g.players):
        ref = st.models[st.active[seat]]
        if not ref.in_ring or st.active[seat] == mi:
            continue
        if geo.dist2(ref.pos, origin) > (limit + ref.r + mover.r + geo.REACH + 2) ** 2:
            continue
        rest = [o for o in obstacles if (o[0], o[1]) != ref.pos]
        points = geo.anchor_points(ref.pos, ref.facing, ref.r, mover.r, rest)
        base = g.anchor_base + seat * per_seat
        for k, point in enumerate(points):
            if point is not None and geo.dist2(point, origin) <= limit * limit:
                candidates.append((base + k, point))
    for k, side in enumerate(geo.ROPES):
        point = geo.rope_point(start, mover.r, side)
        if geo.dist2(point, origin) <= limit * limit and geo.free_at(point, mover.r, obstacles):
            candidates.append((g.rope_base + k, point))
    if candidates:
        xs = np.array([float(p[0]) for _, p in candidates])
        ys = np.array([float(p[1]) for _, p in candidates])
        lengths = finder.lengths(xs, ys, limit + 1e-9) if via is None else \
            geo.via_rope_lengths(start, mover.r, via, xs, ys, obstacles)
        for (aid, point), length in zip(candidates, lengths, strict=True):
            if length <= limit + 1e-9 and point not in seen:
                seen.add(point)
                found[aid] = point
    return found, finder


def whip_routes(st: SkirmishState) -> list[str]:
    """The ropes a whipped defender can be sent off on its way (R-SK-11): not one it already
    touches, and only with at least one destination within the rolled distance."""
    pend = st.pend
    mover = st.models[pend["mover"]]
    limit = pend["limit"]
    if not st.game.whip_rope_route or limit <= 0:
        return []
    obstacles = obstacles_of(st, pend["mover"])
    routes = []
    for side in geo.ROPES:
        axis, value = geo.rope_line(side, mover.r)
        gap = abs(value - mover.pos[axis])
        if gap == 0 or gap > limit:
            continue
        if named_points(st, side)[0] or len(geo.reachable_grid_via(mover.pos, mover.r, obstacles, limit, side)):
            routes.append(side)
    return routes


def move_refusal(st: SkirmishState, x: float, y: float) -> str | None:
    """Why ``move X Y`` (inches east and north of the SW corner) is not a destination of the
    pending move, in words a player can act on: off the half-inch grid, off the mat, farther than
    the move allows (with how far the wrestler can go and the nearest point it can reach that
    way), or a base in the way. ``None`` when no move is pending or the point is offered."""
    if st.phase != DEST or "mover" not in st.pend:
        return None
    pend = st.pend
    mover = st.models[pend["mover"]]
    name = name_of(st, pend["mover"])
    limit = pend["limit"]
    point = (round(x * geo.UNIT), round(y * geo.UNIT))
    typed = f"move {x:g} {y:g}"
    if not (0 < point[0] < geo.RING and 0 < point[1] < geo.RING):
        return (f"{typed} is outside the ring: X and Y are inches east and north of the SW corner, "
                f"between 0 and {geo.RING / geo.UNIT:g}")
    if not geo.on_grid(point) or abs(x * geo.UNIT - point[0]) > 1e-6 or abs(y * geo.UNIT - point[1]) > 1e-6:
        return f"{typed}: destinations are on a half-inch grid inside the ring (such as move 12.5 8.0)"
    via = pend.get("via")
    origin = mover.pos if via is None else geo.mirror(mover.pos, via, mover.r)
    here = f"({mover.pos[0] / geo.UNIT:g}, {mover.pos[1] / geo.UNIT:g})"
    off_rope = f" off the {via} rope" if via else ""
    reach = f"{name} can go up to {limit / geo.UNIT:g} inches{off_rope} from {here}"
    if via is None and point == mover.pos:
        return f"{typed} is where {name} stands already: to end the move there, type 'stay'"
    if not geo.inside(point, mover.r):
        return f"{typed} is off the mat: the whole base must stay inside the ropes; {reach}"
    straight = math.sqrt(geo.dist2(point, origin)) / geo.UNIT
    if straight > limit / geo.UNIT + 1e-9:
        return f"{typed} is too far: it is {straight:.1f} inches away and {reach}{nearest(st, point)}"
    if not geo.free_at(point, mover.r, obstacles_of(st, pend["mover"])):
        return f"{typed}: another base is there (bases may not overlap){nearest(st, point)}"
    if not grid_destination_ok(st, st.game.grid_base + geo.grid_index(point)):
        return (f"{typed} is too far once the way goes round the other bases: {reach}"
                f"{nearest(st, point)}")
    return None


def nearest(st: SkirmishState, point: geo.Point) -> str:
    """``; the nearest it can reach: move X Y`` (the legal grid destination closest to ``point``)."""
    _, grid = destinations(st)
    if not len(grid):
        return ""
    points = [geo.GRID_POINTS[int(i) - st.game.grid_base] for i in grid]
    best = min(points, key=lambda q: geo.dist2(q, point))
    return f"; the nearest it can reach that way: {geo.grid_name(best)}"
