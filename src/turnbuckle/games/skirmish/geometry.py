"""The 30" x 30" ring: exact positions, round bases, facings, arcs, paths and the finite choices.

Every centre is an integer number of **tenths of an inch** (``RING`` = 300), so range, contact,
arcs and the corner zone are exact integer comparisons of squares. Derived points (pushes,
placements, anchors, displacement) are rounded to the lattice by a written rule: the nearest
lattice point that satisfies every constraint of the rule that produced it.

Origin at the SW table corner, ``x`` east, ``y`` north. A facing is an integer vector reduced by
its gcd; the 16 compass facings are within 0.2 degrees of true (``FACINGS``).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

UNIT: Final = 10
"""Lattice units per inch (tenths)."""
RING: Final = 300
"""The ring is [0, RING] on both axes (30 inches)."""
REACH: Final = 20
"""Attack range: a gap of 2 inches between base edges (SK-7.1)."""
CORNER_ZONE: Final = 100
"""Tag and DoubleTeam: completely within 10 inches of the starting corner (SK-12)."""
START_OFFSET: Final = 42
"""Setup: the lattice point nearest 6 inches along the corner diagonal (5.94 inches, R-SK-5)."""
GRID_STEP: Final = 5
"""Destinations on a 0.5-inch grid (``move 12.5 8.0``)."""

Point = tuple[int, int]
Obstacle = tuple[int, int, int]
"""(x, y, radius) of a base a moving model must not cross."""

CORNERS: Final[dict[str, Point]] = {"SW": (0, 0), "SE": (RING, 0), "NW": (0, RING), "NE": (RING, RING)}
OPPOSITE: Final = {"SW": "NE", "NE": "SW", "SE": "NW", "NW": "SE"}

FACING_DEGREES: Final = tuple(22.5 * i for i in range(16))
"""The 16 facings' angles, counter-clockwise from east (0 = E, 90 = N): the maths of ``FACINGS``,
never shown to a player (they read ``FACING_NAMES``; bearings they read are clockwise)."""
FACING_NAMES: Final = ("E", "ENE", "NE", "NNE", "N", "NNW", "NW", "WNW",
                       "W", "WSW", "SW", "SSW", "S", "SSE", "SE", "ESE")
"""The 16 facings as compass points, in the order of ``FACINGS`` (``face NNE``)."""
FACINGS: Final[tuple[Point, ...]] = (
    (1, 0), (12, 5), (1, 1), (5, 12), (0, 1), (-5, 12), (-1, 1), (-12, 5),
    (-1, 0), (-12, -5), (-1, -1), (-5, -12), (0, -1), (5, -12), (1, -1), (12, -5),
)
ANCHOR_BEARINGS: Final = tuple(22.5 * i for i in range(16))
"""Bearings of the named points around a model, clockwise from its facing (0 = in front, 180 = behind)."""
REAR_BEARINGS: Final = (-60, -45, -30, -15, 0, 15, 30, 45, 60)
"""Suplex placements: bearings from straight behind the attacker, clockwise positive (R-SK-14)."""
ROPES: Final = ("N", "E", "S", "W")


def degree_label(deg: float) -> str:
    return f"{deg:g}"


def compass_point(dx: float, dy: float) -> str:
    """The nearest of the 16 compass points to the direction (dx, dy) (x east, y north)."""
    angle = math.degrees(math.atan2(dy, dx)) % 360
    return FACING_NAMES[round(angle / 22.5) % 16]


def start_spot(corner: str) -> Point:
    cx, cy = CORNERS[corner]
    return (START_OFFSET if cx == 0 else RING - START_OFFSET, START_OFFSET if cy == 0 else RING - START_OFFSET)


def reduce(vx: int, vy: int) -> Point:
    g = math.gcd(vx, vy)
    return (vx // g, vy // g) if g else (1, 0)


def toward(a: Point, b: Point) -> Point:
    """The exact facing from ``a`` toward ``b`` (east if they coincide)."""
    return reduce(b[0] - a[0], b[1] - a[1])


def dist2(a: Point, b: Point) -> int:
    dx = a[0] - b[0]
    dy = a[1] - b[1]
    return dx * dx + dy * dy


def inside(p: Point, r: int) -> bool:
    """The whole base is on the table (SK-1.1)."""
    return r <= p[0] <= RING - r and r <= p[1] <= RING - r


def clamp_inside(p: Point, r: int) -> Point:
    """A placement off the table goes in contact with the edge instead (SK-6.2)."""
    return (min(max(p[0], r), RING - r), min(max(p[1], r), RING - r))


def touches_rope(p: Point, r: int) -> bool:
    return p[0] == r or p[1] == r or p[0] == RING - r or p[1] == RING - r


def overlaps(a: Point, ra: int, b: Point, rb: int) -> bool:
    return dist2(a, b) < (ra + rb) ** 2


def in_contact(a: Point, ra: int, b: Point, rb: int) -> bool:
    """Base to base: touching, within the lattice tolerance of 0.1 inch."""
    d2 = dist2(a, b)
    return (ra + rb) ** 2 <= d2 <= (ra + rb + 1) ** 2


def gap_within(a: Point, ra: int, b: Point, rb: int, gap: int) -> bool:
    """The gap between the base edges is at most ``gap`` (tenths)."""
    return dist2(a, b) <= (ra + rb + gap) ** 2


def gap_inches(a: Point, ra: int, b: Point, rb: int) -> float:
    return (math.sqrt(dist2(a, b)) - ra - rb) / UNIT


def _side(a: Point, facing: Point, b: Point, rb: int) -> tuple[int, int]:
    s = (b[0] - a[0]) * facing[0] + (b[1] - a[1]) * facing[1]
    t2 = rb * rb * (facing[0] ** 2 + facing[1] ** 2)
    return s, t2


def partly_front(a: Point, facing: Point, b: Point, rb: int) -> bool:
    """Some of B's base lies in A's front arc (the half-plane ahead of A's centre line)."""
    s, t2 = _side(a, facing, b, rb)
    return s >= 0 or s * s < t2


def completely_front(a: Point, facing: Point, b: Point, rb: int) -> bool:
    s, t2 = _side(a, facing, b, rb)
    return s >= 0 and s * s >= t2


def completely_back(a: Point, facing: Point, b: Point, rb: int) -> bool:
    s, t2 = _side(a, facing, b, rb)
    return s <= 0 and s * s >= t2


def completely_within_corner(p: Point, r: int, corner: str, radius: int = CORNER_ZONE) -> bool:
    """The whole base within ``radius`` of the corner point (SK-12)."""
    return radius >= r and dist2(p, CORNERS[corner]) <= (radius - r) ** 2


def unit(v: Point) -> tuple[float, float]:
    n = math.hypot(v[0], v[1])
    return (v[0] / n, v[1] / n)


def rotate_clockwise(v: tuple[float, float], degrees: float) -> tuple[float, float]:
    a = math.radians(-degrees)
    c, s = math.cos(a), math.sin(a)
    return (v[0] * c - v[1] * s, v[0] * s + v[1] * c)


def nearest_lattice(ideal: tuple[float, float], ok: object, reach: int = 3) -> Point | None:
    """The lattice point nearest ``ideal`` (ties: smallest x, then y) for which ``ok(p)`` holds, among
    those within ``reach`` of the rounded ideal on both axes.

    The search runs outward one square ring at a time and stops once no farther ring can hold a nearer
    point (ring k+1 lies at least k+0.5 from the ideal), so a wide ``reach`` costs only what it needs.
    """
    fx, fy = ideal
    bx, by = round(fx), round(fy)
    best: tuple[float, int, int] | None = None
    for k in range(reach + 1):
        if best is not None and best[0] < (k - 0.5) ** 2:
            break
        ring = ((dx, dy) for dx in range(-k, k + 1) for dy in ((-k, k) if abs(dx) < k else range(-k, k + 1)))
        for dx, dy in ring:
            p = (bx + dx, by + dy)
            if ok(p):  # type: ignore[operator]
                key = ((p[0] - fx) ** 2 + (p[1] - fy) ** 2, p[0], p[1])
                if best is None or key < best:
                    best = key
    return None if best is None else (best[1], best[2])


@lru_cache(maxsize=32)
def rope_points(r: int) -> tuple[Point, ...]:
    """Every lattice centre where a base of radius ``r`` touches a rope (the table edge)."""
    span = range(r, RING - r + 1)
    return tuple(sorted({*((r, y) for y in span), *((RING - r, y) for y in span),
                         *((x, r) for x in span), *((x, RING - r) for x in span)}))


def free_at(p: Point, r: int, others: Sequence[Obstacle]) -> bool:
    return inside(p, r) and all(dist2(p, (ox, oy)) >= (r + orad) ** 2 for ox, oy, orad in others)


_OFFSETS: list[Point] = sorted(
    ((dx, dy) for dx in range(-120, 121) for dy in range(-120, 121) if dx * dx + dy * dy <= 120 * 120),
    key=lambda o: (o[0] ** 2 + o[1] ** 2, o[0], o[1]),
)


def displace(p: Point, r: int, others: Sequence[Obstacle]) -> Point:
    """The least-distance move to a free lattice point inside the ring (SK-6.3, R-SK-16)."""
    for dx, dy in _OFFSETS:
        q = (p[0] + dx, p[1] + dy)
        if free_at(q, r, others):
            return q
    return p  # the ring is never that crowded (four bases at most)


# -- paths: "a model cannot move across another model's base" (SK-1.4) -----------------------------
_EPS: Final = 1e-6
_SIDES: Final = 16
_POLY_SCALE: Final = 1.0 / math.cos(math.pi / _SIDES)
_POLY_DIRS: Final = tuple((math.cos(2 * math.pi * (i + 0.5) / _SIDES), math.sin(2 * math.pi * (i + 0.5) / _SIDES))
                          for i in range(_SIDES))


FloatArray = npt.NDArray[np.float64]


def _segments_clear(px: FloatArray, py: FloatArray, qx: FloatArray, qy: FloatArray,
                    obstacles: Sequence[tuple[float, float, float]]) -> npt.NDArray[np.bool_]:
    """For each segment P->Q, whether it keeps at least R from every obstacle centre."""
    clear = np.ones(np.broadcast(px, py, qx, qy).shape, dtype=bool)
    dx = qx - px
    dy = qy - py
    ll = dx * dx + dy * dy
    safe = np.where(ll > 0, ll, 1.0)
    for cx, cy, rr in obstacles:
        t = np.clip(((cx - px) * dx + (cy - py) * dy) / safe, 0.0, 1.0)
        ex = px + t * dx - cx
        ey = py + t * dy - cy
        clear &= ex * ex + ey * ey >= rr * rr - _EPS
    return clear


@lru_cache(maxsize=2048)
def _visibility(start: Point, r: int, obstacles: tuple[tuple[float, float, float], ...]
                ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The 16-gon vertices (after the start) and their shortest distances from the start; a pure
    function of the position, memoised because the same position recurs across decisions and
    states (read-only arrays)."""
    xs: list[float] = []
    ys: list[float] = []
    lo, hi = r, RING - r
    for cx, cy, rr in obstacles:
        big = rr * _POLY_SCALE + 1e-3
        for ca, sa in _POLY_DIRS:
            x, y = cx + big * ca, cy + big * sa
            if lo <= x <= hi and lo <= y <= hi and all(
                (x - ox) ** 2 + (y - oy) ** 2 >= orr * orr for ox, oy, orr in obstacles
            ):
                xs.append(x)
                ys.append(y)
    vx = np.array([float(start[0]), *xs])
    vy = np.array([float(start[1]), *ys])
    n = len(vx)
    vis = _segments_clear(vx[:, None], vy[:, None], vx[None, :], vy[None, :], obstacles).tolist()
    w = np.hypot(vx[:, None] - vx[None, :], vy[:, None] - vy[None, :]).tolist()
    # Dijkstra on plain lists (at most 49 vertices: cheaper than numpy per step; same float sums)
    best = [math.inf] * n
    best[0] = 0.0
    heap = [(0.0, 0)]
    done = [False] * n
    while heap:
        d, i = heapq.heappop(heap)
        if done[i]:
            continue
        done[i] = True
        row, seen = w[i], vis[i]
        for j in range(n):
            if seen[j] and not done[j]:
                cand = d + row[j]
                if cand < best[j]:
                    best[j] = cand
                    heapq.heappush(heap, (cand, j))
    dist = np.array(best)
    for array in (vx, vy, dist):
        array.flags.writeable = False
    return vx, vy, dist


class PathFinder:
    """Shortest legal paths for one mover from one start (a visibility graph over 16-gons).

    Each other base, inflated by the mover's radius, is circumscribed by a regular 16-gon: paths
    around it are at most ~2% longer than the true detour, so a model never goes farther than the
    rules allow. One Dijkstra run serves every candidate destination of a decision.
    """

    def __init__(self, start: Point, r: int, others: Sequence[Obstacle], limit: float | None = None) -> None:
        self.start = start
        self.r = r
        # a path of length <= limit stays within limit of the start: farther bases cannot matter
        self.obstacles = [
            (float(ox), float(oy), float(r + orad)) for ox, oy, orad in others
            if limit is None or dist2(start, (ox, oy)) < (limit + r + orad + 1) ** 2
        ]
        self._dist: npt.NDArray[np.float64] | None = None
        self._vx: npt.NDArray[np.float64] | None = None
        self._vy: npt.NDArray[np.float64] | None = None

    def _graph(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        if self._dist is None or self._vx is None or self._vy is None:
            self._vx, self._vy, self._dist = _visibility(self.start, self.r, tuple(self.obstacles))
        return self._vx, self._vy, self._dist

    def lengths(self, qx: npt.NDArray[np.float64], qy: npt.NDArray[np.float64],
                within: float | None = None) -> npt.NDArray[np.float64]:
        """Path length (tenths) from the start to each destination; ``inf`` if none. With
        ``within``, a detour is only exact up to that length (longer ones may come out ``inf``):
        vertices already farther than it cannot lie on a path that fits, so they are skipped."""
        sx, sy = float(self.start[0]), float(self.start[1])
        straight = np.hypot(qx - sx, qy - sy)
        if not self.obstacles:
            return straight
        clear = _segments_clear(np.full(1, sx), np.full(1, sy), qx, qy, self.obstacles)
        if clear.all():
            return straight
        out = straight.copy()
        blocked = ~clear
        bx, by = qx[blocked], qy[blocked]
        vx, vy, dist = self._graph()
        vx, vy, dist = vx[1:], vy[1:], dist[1:]
        if within is not None:
            near = dist <= within
            vx, vy, dist = vx[near], vy[near], dist[near]
        if len(vx) == 0:
            out[blocked] = np.inf
            return out
        vis = _segments_clear(vx[:, None], vy[:, None], bx[None, :], by[None, :], self.obstacles)
        legs = np.hypot(vx[:, None] - bx[None, :], vy[:, None] - by[None, :]) + dist[:, None]
        legs = np.where(vis, legs, np.inf)
        out[blocked] = legs.min(axis=0)
        return out

    def length(self, q: Point) -> float:
        return float(self.lengths(np.array([float(q[0])]), np.array([float(q[1])]))[0])


GRID_VALUES: Final = tuple(range(GRID_STEP, RING, GRID_STEP))
"""0.5 .. 29.5 inches."""
GRID_POINTS: Final[tuple[Point, ...]] = tuple((x, y) for x in GRID_VALUES for y in GRID_VALUES)
GRID_X: Final = np.array([p[0] for p in GRID_POINTS], dtype=np.float64)
GRID_Y: Final = np.array([p[1] for p in GRID_POINTS], dtype=np.float64)
GRID_XI: Final = np.array([p[0] for p in GRID_POINTS], dtype=np.int64)
GRID_YI: Final = np.array([p[1] for p in GRID_POINTS], dtype=np.int64)


def grid_name(p: Point) -> str:
    return f"move {p[0] / UNIT:.1f} {p[1] / UNIT:.1f}"


_N: Final = len(GRID_VALUES)


def reachable_grid(start: Point, r: int, others: Sequence[Obstacle], limit: int,
                   finder: PathFinder) -> npt.NDArray[np.int64]:
    """Indices into ``GRID_POINTS`` a model can legally end on within ``limit`` tenths of path."""
    lo_x = max(start[0] - limit, r)
    hi_x = min(start[0] + limit, RING - r)
    lo_y = max(start[1] - limit, r)
    hi_y = min(start[1] + limit, RING - r)
    i0, i1 = max(0, -(-lo_x // GRID_STEP) - 1), min(_N, hi_x // GRID_STEP)
    j0, j1 = max(0, -(-lo_y // GRID_STEP) - 1), min(_N, hi_y // GRID_STEP)
    if i0 >= i1 or j0 >= j1:
        return np.zeros(0, dtype=np.int64)
    xs = np.array(GRID_VALUES[i0:i1], dtype=np.int64)[:, None]
    ys = np.array(GRID_VALUES[j0:j1], dtype=np.int64)[None, :]
    dx = xs - start[0]
    dy = ys - start[1]
    ok = dx * dx + dy * dy <= limit * limit
    for ox, oy, orad in others:
        ex = xs - ox
        ey = ys - oy
        ok = ok & (ex * ex + ey * ey >= (r + orad) ** 2)
    ii, jj = np.nonzero(ok)
    idx = (ii + i0) * _N + (jj + j0)
    if len(idx) == 0 or not others:
        return idx
    lengths = finder.lengths(GRID_X[idx], GRID_Y[idx], limit + 1e-9)
    return idx[lengths <= limit + 1e-9]


_NEAR: Final = np.array([(dx, dy) for dx in range(-2, 3) for dy in range(-2, 3)], dtype=np.float64)
_ANCHOR_ANGLES: Final = -np.radians(np.array(ANCHOR_BEARINGS * 2, dtype=np.float64))
_ANCHOR_GAPS: Final = np.array([0] * len(ANCHOR_BEARINGS) + [REACH] * len(ANCHOR_BEARINGS), dtype=np.float64)


def anchor_points(ref: Point, ref_facing: Point, ref_r: int, r: int,
                  others: Sequence[Obstacle]) -> tuple[Point | None, ...]:
    """See ``_anchor_points`` (memoised: a model that has not moved keeps its named points)."""
    return _anchor_points(ref, ref_facing, ref_r, r, tuple(others))


@lru_cache(maxsize=4096)
def _anchor_points(ref: Point, ref_facing: Point, ref_r: int, r: int,
                   others: tuple[Obstacle, ...]) -> tuple[Point | None, ...]:
    """The named points around a model: for each bearing of ``ANCHOR_BEARINGS`` (clockwise from its
    facing) the base-contact point, then the same bearings at a 2-inch gap. Each is the lattice
    point nearest the ideal spot that is in contact (within 0.1 inch) or 1.9-2.0 inches away,
    inside the ring and clear of ``others`` (ties: smallest x, then y); ``None`` where none fits."""
    fx, fy = unit(ref_facing)
    ux = fx * np.cos(_ANCHOR_ANGLES) - fy * np.sin(_ANCHOR_ANGLES)
    uy = fx * np.sin(_ANCHOR_ANGLES) + fy * np.cos(_ANCHOR_ANGLES)
    touch = ref_r + r
    lo2 = ((touch + _ANCHOR_GAPS - np.where(_ANCHOR_GAPS > 0, 1, 0)) ** 2)[:, None]
    hi2 = ((touch + _ANCHOR_GAPS + np.where(_ANCHOR_GAPS > 0, 0, 1)) ** 2)[:, None]
    dist = touch + _ANCHOR_GAPS
    ix = ref[0] + dist * ux
    iy = ref[1] + dist * uy
    cx = np.round(ix)[:, None] + _NEAR[None, :, 0]
    cy = np.round(iy)[:, None] + _NEAR[None, :, 1]
    d2 = (cx - ref[0]) ** 2 + (cy - ref[1]) ** 2
    ok = (d2 >= lo2) & (d2 <= hi2) & (cx >= r) & (cx <= RING - r) & (cy >= r) & (cy <= RING - r)
    for ox, oy, orad in others:
        ok &= (cx - ox) ** 2 + (cy - oy) ** 2 >= (r + orad) ** 2
    score = (cx - ix[:, None]) ** 2 + (cy - iy[:, None]) ** 2 + cx * 1e-7 + cy * 1e-10
    score = np.where(ok, score, np.inf)
    best = score.argmin(axis=1)
    pick = score[np.arange(len(best)), best]
    px = cx[np.arange(len(best)), best].astype(np.int64).tolist()
    py = cy[np.arange(len(best)), best].astype(np.int64).tolist()
    return tuple((x, y) if np.isfinite(v) else None for x, y, v in zip(px, py, pick.tolist(), strict=True))


def on_grid(p: Point) -> bool:
    return p[0] % GRID_STEP == 0 and p[1] % GRID_STEP == 0 and 0 < p[0] < RING and 0 < p[1] < RING


def grid_index(p: Point) -> int:
    n = len(GRID_VALUES)
    return (p[0] // GRID_STEP - 1) * n + (p[1] // GRID_STEP - 1)


# -- the Whip "via the ropes" (SK-6.4 with SK-10.7, R-SK-11) ---------------------------------------
def rope_line(side: str, r: int) -> tuple[int, int]:
    """(axis, value): where a centre of radius ``r`` stands when its base touches that rope."""
    if side == "N":
        return 1, RING - r
    if side == "S":
        return 1, r
    if side == "E":
        return 0, RING - r
    return 0, r


def rope_point(start: Point, r: int, side: str) -> Point:
    """The named destination ``rope N|E|S|W``: straight out from ``start`` until the base touches
    that rope (the rules offer it and the browser's picture draws it)."""
    x, y = start
    if side == "N":
        return (x, RING - r)
    if side == "S":
        return (x, r)
    if side == "E":
        return (RING - r, y)
    return (r, y)


def mirror(p: Point, side: str, r: int) -> Point:
    """``p`` reflected in the rope line of ``side``: a two-leg route off that rope to ``p`` is as
    long as the straight line to the mirror image."""
    axis, value = rope_line(side, r)
    return (2 * value - p[0], p[1]) if axis == 0 else (p[0], 2 * value - p[1])


def via_rope_lengths(start: Point, r: int, side: str, qx: FloatArray, qy: FloatArray,
                     others: Sequence[Obstacle]) -> FloatArray:
    """Length (tenths) of the route start -> rope ``side`` -> each destination: two straight legs
    meeting the rope line where the line to the mirrored destination crosses it (the shortest such
    route); ``inf`` where a leg would cross another base. ``start`` must not touch that rope."""
    axis, value = rope_line(side, r)
    sx, sy = float(start[0]), float(start[1])
    mx, my = (2.0 * value - qx, qy) if axis == 0 else (qx, 2.0 * value - qy)
    lengths = np.hypot(mx - sx, my - sy)
    if not others:
        return lengths
    s0 = sx if axis == 0 else sy
    m0 = mx if axis == 0 else my
    frac = (value - s0) / (m0 - s0)  # never 0/0: the start is off the line, the mirror beyond it
    tx = sx + frac * (mx - sx)
    ty = sy + frac * (my - sy)
    obstacles = [(float(ox), float(oy), float(r + orad)) for ox, oy, orad in others]
    clear = _segments_clear(np.full(1, sx), np.full(1, sy), tx, ty, obstacles)
    clear &= _segments_clear(tx, ty, qx, qy, obstacles)
    return np.where(clear, lengths, np.inf)


def reachable_grid_via(start: Point, r: int, others: Sequence[Obstacle], limit: int,
                       side: str) -> npt.NDArray[np.int64]:
    """Indices into ``GRID_POINTS`` a model can end on by a route off rope ``side`` within ``limit``."""
    origin = mirror(start, side, r)  # |start - mirror(q)| == |mirror(start) - q|
    gx, gy = GRID_XI, GRID_YI
    dx = gx - origin[0]
    dy = gy - origin[1]
    ok = (dx * dx + dy * dy <= limit * limit) & (gx >= r) & (gx <= RING - r) & (gy >= r) & (gy <= RING - r)
    for ox, oy, orad in others:
        ok &= (gx - ox) ** 2 + (gy - oy) ** 2 >= (r + orad) ** 2
    idx = np.nonzero(ok)[0]
    if len(idx) == 0:
        return idx.astype(np.int64)
    lengths = via_rope_lengths(start, r, side, GRID_X[idx], GRID_Y[idx], others)
    return idx[lengths <= limit + 1e-9].astype(np.int64)
