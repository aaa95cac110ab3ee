"""Ring skirmish pushes and placements (SK-10, SK-6.2, SK-6.3): Strike push, Suplex placement, displacement.

Models put somewhere by another's maneuver: pushed, placed behind, displaced.

Reads: models, pend
Writes: chooser, phase
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import FACE, PUSH, others_in_ring
from turnbuckle.games.skirmish.damage import into_ropes
from turnbuckle.games.skirmish.rounds import resume_turn

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


def open_push(st: SkirmishState, sdv: int) -> None:
    pend = st.pend
    me = st.models[pend["model"]]
    d = st.models[pend["target"]]
    ux, uy = geo.unit((d.x - me.x, d.y - me.y)) if d.pos != me.pos else (1.0, 0.0)
    stop = _ray_stop(d.pos, d.r, (ux, uy), [(o.x, o.y, o.r) for o in others_in_ring(st, pend["target"])])
    pend.update(sdv=sdv, stop=stop, ux=ux, uy=uy)
    st.phase = PUSH
    st.chooser = pend["player"]


def step_push(st: SkirmishState, action: Action) -> None:
    g = st.game
    pend = st.pend
    d = st.models[pend["target"]]
    limit = min(20 * pend["sdv"], pend["stop"])
    dist = limit if action.id == g.push_max else float((action.id - g.push_base) * geo.UNIT)
    start = d.pos
    if dist > 0:
        ideal = (d.x + dist * pend["ux"], d.y + dist * pend["uy"])
        obstacles = [(o.x, o.y, o.r) for o in others_in_ring(st, pend["target"])]
        if dist >= pend["stop"] - 1e-9:
            ideal = (min(max(ideal[0], d.r), geo.RING - d.r), min(max(ideal[1], d.r), geo.RING - d.r))
        point = geo.nearest_lattice(ideal, lambda p: geo.free_at(p, d.r, obstacles)
                                    and geo.dist2(p, start) <= (dist + 0.75) ** 2, 2)
        if point is not None:
            d.x, d.y = point
    st.emit("pushed", model=pend["target"], wrestler=g.profiles[d.wrestler].name, x=d.x / geo.UNIT,
            y=d.y / geo.UNIT, distance=round(math.sqrt(geo.dist2(start, d.pos)) / geo.UNIT, 2))
    if d.pos != start and geo.touches_rope(d.pos, d.r):
        into_ropes(st, pend["target"])
    resume_turn(st)


def step_place(st: SkirmishState, action: Action) -> None:
    on_place(st, geo.REAR_BEARINGS[action.id - st.game.place_base])


def on_place(st: SkirmishState, bearing: int) -> None:
    """Suplex: placed B2B in the attacker's back arc; off the table → against the edge (SK-6.2)."""
    g = st.game
    pend = st.pend
    me = st.models[pend["model"]]
    d = st.models[pend["target"]]
    d.x, d.y = suplex_spot(me.pos, me.facing, me.r, d.r, bearing)
    st.emit("placed_b2b", model=pend["target"], wrestler=g.profiles[d.wrestler].name, x=d.x / geo.UNIT,
            y=d.y / geo.UNIT, bearing=bearing)
    displace_under(st, pend["target"])
    if geo.touches_rope(d.pos, d.r):
        into_ropes(st, pend["target"])
    pend["facer"] = pend["model"]
    pend["face_only"] = pend["target"]
    st.phase = FACE
    st.chooser = pend["player"]


def displace_under(st: SkirmishState, placed: int) -> None:
    """SK-6.3: models under a placed model move the least distance (nearest first)."""
    p = st.models[placed]
    under = sorted(
        (i for i, m in enumerate(st.models)
         if i != placed and m.in_ring and geo.overlaps(p.pos, p.r, m.pos, m.r)),
        key=lambda i: (geo.dist2(st.models[i].pos, p.pos), i),
    )
    for i in under:
        m = st.models[i]
        start = m.pos
        obstacles = [(o.x, o.y, o.r) for j, o in enumerate(st.models) if j != i and o.in_ring]
        m.x, m.y = geo.displace(start, m.r, obstacles)
        st.emit("displaced", model=i, wrestler=st.game.profiles[m.wrestler].name, x=m.x / geo.UNIT,
                y=m.y / geo.UNIT)
        if m.player != st.pend.get("player") and m.pos != start and geo.touches_rope(m.pos, m.r):
            into_ropes(st, i)


def _ray_stop(start: geo.Point, r: int, u: tuple[float, float], others: list[geo.Obstacle]) -> float:
    """How far (tenths) a base can travel along ``u`` before touching a rope or another base."""
    best = math.inf
    for axis in (0, 1):
        if abs(u[axis]) > 1e-12:
            bound = (geo.RING - r) if u[axis] > 0 else r
            best = min(best, (bound - start[axis]) / u[axis])
    for ox, oy, orad in others:
        fx, fy = start[0] - ox, start[1] - oy
        rr = r + orad
        b = fx * u[0] + fy * u[1]
        c = fx * fx + fy * fy - rr * rr
        disc = b * b - c
        if disc >= 0 and b < 0:
            t = -b - math.sqrt(disc)
            if t >= -1e-9:
                best = min(best, max(0.0, t))
    return max(0.0, best)


def suplex_spot(at: geo.Point, facing: geo.Point, r: int, rd: int, bearing: int) -> geo.Point:
    """Where a Suplex puts a defender of radius ``rd`` at ``bearing`` (R-SK-14).

    The ideal spot is in contact at that bearing. On the table, the defender goes to the lattice point
    nearest it that is in contact (within 0.1") and wholly in the back arc, however far the search has
    to go: a bearing wider than the two bases allow lands at the widest one that holds the base wholly
    behind. An ideal spot off the table takes such a point only within 0.2" of it (lattice rounding);
    otherwise SK-6.2 puts the defender against the ropes instead, at the rope point nearest the ideal
    that is still wholly behind; only when no base that size fits wholly behind on the table is the
    ideal spot simply clamped inside. Models under it are displaced afterwards (SK-6.3).
    """
    u = geo.rotate_clockwise(geo.unit((-facing[0], -facing[1])), bearing)
    touch = r + rd
    ideal = (at[0] + touch * u[0], at[1] + touch * u[1])
    on_table = rd <= ideal[0] <= geo.RING - rd and rd <= ideal[1] <= geo.RING - rd

    def b2b(p: geo.Point) -> bool:
        return (geo.inside(p, rd) and touch * touch <= geo.dist2(p, at) <= (touch + 1) ** 2
                and geo.completely_back(at, facing, p, rd))

    point = geo.nearest_lattice(ideal, b2b, 2 * touch + 4 if on_table else 2)
    if point is not None:
        return point
    behind = [p for p in geo.rope_points(rd) if geo.completely_back(at, facing, p, rd)]
    if behind:
        return min(behind, key=lambda p: ((p[0] - ideal[0]) ** 2 + (p[1] - ideal[1]) ** 2, p[0], p[1]))
    return geo.clamp_inside((round(ideal[0]), round(ideal[1])), rd)
