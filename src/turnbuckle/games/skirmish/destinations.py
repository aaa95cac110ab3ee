"""Ring skirmish destinations (SK-6.1, SK-1.4, R-SK-11): where a move or Whip may end, its routes, facings."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import DEST, id_of
from turnbuckle.games.skirmish.menu import MenuRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class DestinationRules(MenuRules):
    """The legal destinations, routes and facings of the pending move (memoised until the next action)."""

    def _facing_ids(self) -> list[int]:
        g = self.game
        pend = self.pend
        ids = [id_of(g.actions.by_name, "keep facing")]
        facer = pend["facer"]
        if pend.get("face_only") is not None:
            ids.append(g.face_seat_base + self.models[pend["face_only"]].player)
            return ids
        ids += [g.facing_base + i for i in range(len(geo.FACINGS))]
        for i, m in enumerate(self.models):
            if i != facer and m.in_ring:
                ids.append(g.face_seat_base + m.player)
        return ids

    def _destinations(self) -> tuple[dict[int, geo.Point], npt.NDArray[np.int64]]:
        """Legal destinations of the pending move (SK-6.1, SK-1.4): the named points (``stay``,
        anchors, ropes) with their lattice points, and the reachable 0.5-inch grid points (a grid
        point equal to a named point is left to the name)."""
        if self._dest is not None:
            return self._dest
        found, finder = self._named_destinations()
        g = self.game
        mi = self.pend["mover"]
        mover = self.models[mi]
        limit = self.pend["limit"]
        grid = np.zeros(0, dtype=np.int64)
        via = self.pend.get("via")
        if limit > 0:
            if via is None:
                idx = geo.reachable_grid(mover.pos, mover.r, self._obstacles(mi), limit, finder)
            else:
                idx = geo.reachable_grid_via(mover.pos, mover.r, self._obstacles(mi), limit, via)
            dup = [geo.grid_index(p) for p in found.values() if geo.on_grid(p)]
            if dup and len(idx):
                keep = np.ones(len(geo.GRID_POINTS), dtype=bool)
                keep[dup] = False
                idx = idx[keep[idx]]
            grid = idx + g.grid_base
        self._dest = (found, grid)
        return self._dest

    def _grid_destination_ok(self, action_id: int) -> bool:
        """One grid destination checked alone, by the same tests as ``_destinations`` (replays use it)."""
        g = self.game
        index = action_id - g.grid_base
        if not 0 <= index < len(geo.GRID_POINTS):
            return False
        point = geo.GRID_POINTS[index]
        found, finder = self._named_destinations()
        mi = self.pend["mover"]
        mover = self.models[mi]
        limit = self.pend["limit"]
        if limit <= 0 or point in found.values() or not geo.inside(point, mover.r):
            return False
        via = self.pend.get("via")
        origin = mover.pos if via is None else geo.mirror(mover.pos, via, mover.r)
        if geo.dist2(point, origin) > limit * limit:
            return False
        obstacles = self._obstacles(mi)
        if not geo.free_at(point, mover.r, obstacles):
            return False
        qx, qy = np.array([float(point[0])]), np.array([float(point[1])])
        if via is not None:
            return bool(geo.via_rope_lengths(mover.pos, mover.r, via, qx, qy, obstacles)[0] <= limit + 1e-9)
        return bool(finder.lengths(qx, qy)[0] <= limit + 1e-9)

    def _named_destinations(self) -> tuple[dict[int, geo.Point], geo.PathFinder]:
        """``stay``, the anchors around other models and the rope points that are reachable."""
        if self._named is None:
            self._named = self._named_points(self.pend.get("via"))
        return self._named

    def _named_points(self, via: str | None) -> tuple[dict[int, geo.Point], geo.PathFinder]:
        """The named destinations of the pending move, directly or (a Whip) off rope ``via``:
        ``stay`` is then the return to the starting spot (R-SK-11)."""
        g = self.game
        pend = self.pend
        mi = pend["mover"]
        mover = self.models[mi]
        start = mover.pos
        limit = pend["limit"]
        # a route off a rope is as long as the straight line from the mirrored start
        origin = start if via is None else geo.mirror(start, via, mover.r)
        others = self._others(mi)
        obstacles = [(m.x, m.y, m.r) for m in others]
        finder = geo.PathFinder(start, mover.r, obstacles, limit)
        found: dict[int, geo.Point] = {g.stay_id: start} if via is None else {}
        seen = {start} if via is None else set()
        candidates: list[tuple[int, geo.Point]] = [] if via is None else [(g.stay_id, start)]
        per_seat = 2 * len(geo.ANCHOR_BEARINGS)
        for seat in range(g.players):
            ref = self.models[self.active[seat]]
            if not ref.in_ring or self.active[seat] == mi:
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

    def _whip_routes(self) -> list[str]:
        """The ropes a whipped defender can be sent off on its way (R-SK-11): not one it already
        touches, and only with at least one destination within the rolled distance."""
        pend = self.pend
        mover = self.models[pend["mover"]]
        limit = pend["limit"]
        if not self.game.whip_rope_route or limit <= 0:
            return []
        obstacles = self._obstacles(pend["mover"])
        routes = []
        for side in geo.ROPES:
            axis, value = geo.rope_line(side, mover.r)
            gap = abs(value - mover.pos[axis])
            if gap == 0 or gap > limit:
                continue
            if self._named_points(side)[0] or len(geo.reachable_grid_via(mover.pos, mover.r, obstacles, limit, side)):
                routes.append(side)
        return routes


    def move_refusal(self, x: float, y: float) -> str | None:
        """Why ``move X Y`` (inches east and north of the SW corner) is not a destination of the
        pending move, in words a player can act on: off the half-inch grid, off the mat, farther than
        the move allows (with how far the wrestler can go and the nearest point it can reach that
        way), or a base in the way. ``None`` when no move is pending or the point is offered."""
        if self.phase != DEST or "mover" not in self.pend:
            return None
        pend = self.pend
        mover = self.models[pend["mover"]]
        name = self._name_of(pend["mover"])
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
        if not geo.inside(point, mover.r):
            return f"{typed} is off the mat: the whole base must stay inside the ropes; {reach}"
        straight = math.sqrt(geo.dist2(point, origin)) / geo.UNIT
        if straight > limit / geo.UNIT + 1e-9:
            return f"{typed} is too far: it is {straight:.1f} inches away and {reach}{self._nearest(point)}"
        if not geo.free_at(point, mover.r, self._obstacles(pend["mover"])):
            return f"{typed}: another base is there (bases may not overlap){self._nearest(point)}"
        if not self._grid_destination_ok(self.game.grid_base + geo.grid_index(point)):
            return (f"{typed} is too far once the way goes round the other bases: {reach}"
                    f"{self._nearest(point)}")
        return None

    def _nearest(self, point: geo.Point) -> str:
        """``; the nearest it can reach: move X Y`` (the legal grid destination closest to ``point``)."""
        _, grid = self._destinations()
        if not len(grid):
            return ""
        points = [geo.GRID_POINTS[int(i) - self.game.grid_base] for i in grid]
        best = min(points, key=lambda q: geo.dist2(q, point))
        return f"; the nearest it can reach that way: {geo.grid_name(best)}"
