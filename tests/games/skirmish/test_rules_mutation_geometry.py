"""Ring skirmish geometry, rule by rule, at its boundaries (issue 36: the mutation run).

The rule tests reach the geometry through whole maneuvers; these pin each measuring rule on its own,
exactly at the edge where it flips (positions are integer tenths of an inch, R-SK-2).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.placement import _ray_stop


# -- SK-1.1 the ring, SK-6.2 placed against the edge (R-SK-13) -----------------------------------------
def test_sk_1_1_whole_base_inside_and_touching_the_ropes() -> None:  # skirmish SK-1.1 RING, SK-6.4 ropes
    assert geo.inside((8, 8), 8) and geo.inside((292, 292), 8)
    assert not geo.inside((7, 150), 8) and not geo.inside((150, 293), 8)
    assert geo.touches_rope((8, 150), 8) and geo.touches_rope((150, 292), 8)
    assert geo.touches_rope((292, 150), 8) and geo.touches_rope((150, 8), 8)
    assert not geo.touches_rope((9, 150), 8) and not geo.touches_rope((150, 291), 8)
    assert geo.clamp_inside((-5, 320), 8) == (8, 292) and geo.clamp_inside((150, 3), 10) == (150, 10)
    assert geo.clamp_inside((150, 150), 8) == (150, 150)
    points = geo.rope_points(8)
    assert len(points) == 4 * 285 - 4 and (8, 8) in points and (292, 150) in points and (150, 150) not in points
    assert all(geo.touches_rope(p, 8) and geo.inside(p, 8) for p in points)


# -- SK-1.3 measuring from the base, SK-7.1 within 2" (R-SK-4) ------------------------------------------
def test_sk_1_3_contact_overlap_and_the_two_inch_gap() -> None:  # skirmish SK-1.3, SK-7.1 (R-SK-4)
    assert not geo.overlaps((100, 100), 8, (116, 100), 8) and geo.overlaps((100, 100), 8, (115, 100), 8)
    assert geo.in_contact((100, 100), 8, (116, 100), 8) and geo.in_contact((100, 100), 8, (117, 100), 8)
    assert not geo.in_contact((100, 100), 8, (118, 100), 8) and not geo.in_contact((100, 100), 8, (115, 100), 8)
    assert geo.gap_within((100, 100), 8, (136, 100), 8, geo.REACH)
    assert not geo.gap_within((100, 100), 8, (137, 100), 8, geo.REACH)
    assert geo.gap_inches((100, 100), 8, (136, 100), 8) == pytest.approx(2.0)
    assert geo.dist2((1, 2), (4, 6)) == 25


# -- SK-7.1 / SK-7.3 arcs (R-SK-3) ----------------------------------------------------------------------
def test_sk_7_3_arcs_at_the_centre_line() -> None:  # skirmish SK-7.1 front arc, SK-7.3 icons (R-SK-3)
    a, east = (100, 100), (1, 0)
    # B's centre 0.8" behind A's centre line: its base just touches the line, wholly behind
    assert geo.completely_back(a, east, (92, 100), 8) and not geo.partly_front(a, east, (92, 100), 8)
    assert not geo.completely_front(a, east, (92, 100), 8)
    # 0.7" behind: the base crosses the line, partly in front, in neither arc completely
    assert geo.partly_front(a, east, (93, 130), 8)
    assert not geo.completely_back(a, east, (93, 130), 8) and not geo.completely_front(a, east, (93, 130), 8)
    # 0.8" ahead: wholly in front; 0.7" ahead: not wholly
    assert geo.completely_front(a, east, (108, 70), 8) and not geo.completely_front(a, east, (107, 70), 8)
    assert geo.partly_front(a, east, (107, 70), 8) and not geo.completely_back(a, east, (108, 70), 8)
    # a diagonal facing is not a unit vector: the test scales by its length
    ne = (1, 1)
    assert geo.completely_front(a, ne, (106, 106), 8) and not geo.completely_front(a, ne, (105, 105), 8)
    assert geo.completely_back(a, ne, (94, 94), 8) and not geo.completely_back(a, ne, (95, 95), 8)


# -- SK-12 the corner zone (R-SK-34) ------------------------------------------------------------------
def test_sk_12_1_completely_within_ten_inches_of_the_corner() -> None:  # skirmish SK-12.1 TAG (R-SK-34)
    assert geo.completely_within_corner((92, 0), 8, "SW")  # 9.2 + 0.8 = 10.0
    assert not geo.completely_within_corner((93, 0), 8, "SW")
    assert geo.completely_within_corner((300, 208), 8, "NE") and not geo.completely_within_corner((300, 207), 8, "NE")
    assert geo.completely_within_corner((60, 60), 8, "SW") and not geo.completely_within_corner((60, 60), 8, "NE")
    assert not geo.completely_within_corner((0, 0), 12, "SW", radius=10)  # a base bigger than the zone


# -- SK-2 the start spots (R-SK-5), facings (R-SK-7) ------------------------------------------------------
def test_sk_2_start_spots_and_facing_the_centre() -> None:  # skirmish SK-2 STARTING THE GAME (R-SK-5)
    assert [geo.start_spot(c) for c in ("SW", "SE", "NW", "NE")] == [(42, 42), (258, 42), (42, 258), (258, 258)]
    assert geo.toward((42, 258), (150, 150)) == (1, -1) and geo.toward((5, 5), (5, 5)) == (1, 0)
    assert geo.toward((0, 0), (40, 60)) == (2, 3) and geo.reduce(-6, 4) == (-3, 2) and geo.reduce(0, -7) == (0, -1)
    assert geo.unit((3, 4)) == pytest.approx((0.6, 0.8))
    assert geo.rotate_clockwise((0.0, 1.0), 90) == pytest.approx((1.0, 0.0))
    assert [geo.compass_point(dx, dy) for dx, dy in ((1, 0), (0, 1), (-1, -1), (1, -0.42), (0, -1))] == \
        ["E", "N", "SW", "ESE", "S"]
    assert geo.OPPOSITE == {"SW": "NE", "NE": "SW", "SE": "NW", "NW": "SE"}


# -- R-SK-15 derived points: the nearest lattice point, ties to smaller x then y ------------------------
def test_r_sk_15_nearest_lattice_point_and_its_ties() -> None:  # skirmish R-SK-15 derived points
    assert geo.nearest_lattice((0.5, 0.5), lambda p: True) == (0, 0)
    assert geo.nearest_lattice((0.5, 0.5), lambda p: p[0] > 0) == (1, 0)
    assert geo.nearest_lattice((0.5, 0.5), lambda p: p[0] > 0 and p[1] > 0) == (1, 1)
    assert geo.nearest_lattice((0.2, 0.0), lambda p: p != (0, 0)) == (1, 0)
    assert geo.nearest_lattice((0.0, 0.0), lambda p: abs(p[0]) > 3) is None  # beyond the default reach 3
    assert geo.nearest_lattice((0.0, 0.0), lambda p: abs(p[0]) > 3, 4) == (-4, 0)
    # a far point on an inner ring is not beaten by a nearer one further out unless it is nearer
    assert geo.nearest_lattice((0.0, 0.0), lambda p: p in {(2, 2), (3, 0)}, 3) == (2, 2)
    # every point of each square ring is searched, the lower edge too
    assert geo.nearest_lattice((0.0, 0.0), lambda p: p == (0, -1)) == (0, -1)
    assert geo.nearest_lattice((0.0, 0.0), lambda p: p == (1, -2)) == (1, -2)


# -- SK-6.3 displacement: the least distance (R-SK-16) ----------------------------------------------------
def test_sk_6_3_displaced_the_least_distance() -> None:  # skirmish SK-6.3 (R-SK-16)
    assert geo.displace((150, 150), 8, [(150, 150, 8)]) == (134, 150)  # 1.6" west: first of four ties
    assert geo.displace((150, 150), 8, [(150, 150, 8), (134, 150, 8)]) == (150, 134)
    assert geo.displace((150, 150), 8, [(155, 150, 8)]) == (139, 150)  # 1.1" beats 2.1" the other way
    assert geo.displace((150, 150), 8, [(140, 150, 8)]) == (156, 150)
    assert geo.displace((8, 150), 8, [(8, 150, 8)]) == (8, 134)  # off the table is not free
    assert geo.displace((150, 150), 8, []) == (150, 150)
    assert geo.free_at((24, 150), 8, [(8, 150, 8)]) and not geo.free_at((23, 150), 8, [(8, 150, 8)])
    assert not geo.free_at((7, 150), 8, [])


# -- SK-1.4 no moving across a base (R-SK-8) --------------------------------------------------------------
def _true_detour(d: float, rr: float) -> float:
    """Around one circle of radius rr to the point diametrically past it at distance d each side."""
    tangent = math.sqrt(d * d - rr * rr)
    return 2 * tangent + rr * (math.pi - 2 * math.acos(rr / d))


def test_sk_1_4_paths_go_round_bases_never_short() -> None:  # skirmish SK-1.4 (R-SK-8)
    finder = geo.PathFinder((100, 100), 8, [(130, 100, 8)])
    assert finder.length((100, 130)) == pytest.approx(30.0)  # clear: the straight line
    true = _true_detour(30.0, 16.0)
    assert true <= finder.length((160, 100)) <= 1.02 * true
    assert math.isinf(finder.length((145, 100)))  # inside the inflated base: no path
    # touching a base is allowed, crossing it is not
    assert finder.length((114, 100)) == pytest.approx(14.0)
    lengths = finder.lengths(np.array([100.0, 160.0]), np.array([130.0, 100.0]), within=30.0)
    assert lengths[0] == pytest.approx(30.0) and (math.isinf(lengths[1]) or lengths[1] >= true)
    # no way-point within 0.5": a detour cannot fit, so it is "no path" (inf)
    short = finder.lengths(np.array([100.0, 160.0]), np.array([102.0, 100.0]), within=5.0)
    assert short[0] == pytest.approx(2.0) and math.isinf(short[1])
    # far bases are ignored by a bounded finder, never near ones
    assert geo.PathFinder((100, 100), 8, [(200, 100, 8)], limit=60).obstacles == []
    assert len(geo.PathFinder((100, 100), 8, [(175, 100, 8)], limit=60).obstacles) == 1
    # a straight line that clips the base by 0.0015" is not a way past it (only float noise is forgiven)
    clip = geo.PathFinder((110, 162), 8, [(150, 150, 8)])
    assert clip.length((169, 168)) > math.hypot(59, 6) + 1e-3
    # boxed in by the ropes: the 16-gon vertices off the table are no way round
    corner = geo.PathFinder((8, 8), 8, [(24, 8, 8), (8, 24, 8)])
    assert math.isinf(corner.length((40, 40)))


def test_sk_6_1_reachable_grid_matches_point_by_point() -> None:  # skirmish SK-6.1 with SK-1.4 (R-SK-8)
    start, r, limit = (100, 100), 8, 60
    others = [(130, 100, 8), (100, 128, 10)]
    finder = geo.PathFinder(start, r, others, limit)
    got = set(geo.reachable_grid(start, r, others, limit, finder).tolist())
    want = set()
    for i, p in enumerate(geo.GRID_POINTS):
        if geo.dist2(p, start) <= limit * limit and geo.free_at(p, r, others) \
                and geo.PathFinder(start, r, others).length(p) <= limit + 1e-9:
            want.add(i)
    assert got == want and len(got) == 343
    # (15, 10) is 5" away in a straight line but 6.15" round the base at (13, 10); (15, 11) is 5.55"
    assert geo.grid_index((150, 100)) not in got and geo.grid_index((150, 110)) in got
    assert geo.GRID_POINTS[geo.grid_index((125, 35))] == (125, 35) and geo.grid_name((125, 35)) == "move 12.5 3.5"
    assert geo.on_grid((125, 35)) and not geo.on_grid((124, 35)) and not geo.on_grid((0, 35))
    empty = geo.PathFinder((150, 150), 8, [])
    assert geo.reachable_grid((150, 150), 8, [], 0, empty).tolist() == [geo.grid_index((150, 150))]
    assert set(geo.reachable_grid((150, 150), 8, [], 5, empty).tolist()) == {
        geo.grid_index(p) for p in ((145, 150), (150, 145), (150, 150), (150, 155), (155, 150))}
    # against the ropes: nothing off the mat
    corner = geo.reachable_grid((8, 8), 8, [], 40, geo.PathFinder((8, 8), 8, []))
    assert len(corner) and all(geo.inside(geo.GRID_POINTS[i], 8) for i in corner)


# -- R-SK-11 the Whip via a rope --------------------------------------------------------------------------
def test_r_sk_11_via_rope_routes_are_mirror_lengths() -> None:  # skirmish SK-10.7 via the ropes (R-SK-11)
    assert geo.rope_line("N", 8) == (1, 292) and geo.rope_line("S", 8) == (1, 8)
    assert geo.rope_line("E", 8) == (0, 292) and geo.rope_line("W", 8) == (0, 8)
    assert [geo.rope_point((100, 120), 8, s) for s in geo.ROPES] == [(100, 292), (292, 120), (100, 8), (8, 120)]
    assert geo.mirror((250, 150), "E", 8) == (334, 150) and geo.mirror((250, 150), "S", 8) == (250, -134)
    assert geo.mirror((250, 150), "W", 8) == (-234, 150) and geo.mirror((250, 150), "N", 8) == (250, 434)
    qx, qy = np.array([250.0, 210.0, 250.0]), np.array([150.0, 150.0, 190.0])
    straight = geo.via_rope_lengths((250, 150), 8, "E", qx, qy, [])
    assert straight.tolist() == pytest.approx([84.0, 124.0, math.hypot(84, 40)])
    blocked = geo.via_rope_lengths((250, 150), 8, "E", qx, qy, [(230, 150, 8)])
    assert blocked[0] == pytest.approx(84.0) and math.isinf(blocked[1])  # the way back runs into the base
    assert math.isinf(geo.via_rope_lengths((250, 150), 8, "E", qx[:1], qy[:1], [(275, 150, 8)])[0])  # the way out
    reach = set(geo.reachable_grid_via((250, 150), 8, [], 90, "E").tolist())
    assert geo.grid_index((250, 150)) in reach and geo.grid_index((245, 150)) in reach
    assert geo.grid_index((240, 150)) not in reach  # 9.4" by the rope
    assert len(geo.reachable_grid_via((250, 150), 8, [], 40, "E")) == 0  # the rope is 4.2" away


# -- R-SK-10 the Strike's straight push stops at a rope or a base --------------------------------------
def test_r_sk_10_push_stop_at_rope_or_base() -> None:  # skirmish SK-10.3 STRIKE (R-SK-10)
    assert _ray_stop((170, 150), 8, (1.0, 0.0), []) == pytest.approx(122.0)
    assert _ray_stop((170, 150), 8, (-1.0, 0.0), []) == pytest.approx(162.0)
    assert _ray_stop((170, 150), 8, (0.0, 1.0), []) == pytest.approx(142.0)
    assert _ray_stop((170, 150), 8, (0.0, -1.0), []) == pytest.approx(142.0)
    assert _ray_stop((170, 150), 8, (0.6, 0.8), []) == pytest.approx(177.5)
    assert _ray_stop((170, 150), 8, (1.0, 0.0), [(196, 150, 8)]) == pytest.approx(10.0)
    assert _ray_stop((170, 150), 8, (1.0, 0.0), [(150, 150, 8)]) == pytest.approx(122.0)  # behind: no stop
    assert _ray_stop((170, 150), 8, (1.0, 0.0), [(196, 175, 8)]) == pytest.approx(122.0)  # beside the line
    glancing = _ray_stop((170, 150), 8, (1.0, 0.0), [(200, 160, 8)])
    assert glancing == pytest.approx(30 - math.sqrt(16 * 16 - 10 * 10))
    assert _ray_stop((292, 150), 8, (1.0, 0.0), []) == 0.0


def test_r_sk_7_every_facing_is_its_compass_point() -> None:  # skirmish R-SK-7 the 16 facings
    assert len(geo.FACINGS) == len(geo.FACING_NAMES) == 16
    for name, (dx, dy) in zip(geo.FACING_NAMES, geo.FACINGS, strict=True):
        assert geo.compass_point(dx, dy) == name
        assert math.gcd(dx, dy) == 1


def test_sk_12_1_a_base_as_big_as_the_zone() -> None:  # skirmish SK-12.1 "completely within"
    assert geo.completely_within_corner((0, 0), 10, "SW", radius=10)
    assert not geo.completely_within_corner((1, 0), 10, "SW", radius=10)


def test_sk_1_4_the_way_round_goes_south_when_the_rope_closes_the_north() -> None:  # skirmish SK-1.4 (R-SK-8)
    # B stands 0.8" off the N rope: no base fits between, so the way round is on B's south side
    length = geo.PathFinder((100, 280), 8, [(130, 284, 8)]).length((160, 280))
    assert 60.0 < length < 70.0


def test_r_sk_11_via_the_south_rope_round_a_base() -> None:  # skirmish SK-10.7 via the ropes (R-SK-11)
    qx, qy = np.array([150.0, 110.0]), np.array([50.0, 50.0])
    clear = geo.via_rope_lengths((150, 50), 8, "S", qx, qy, [])
    assert clear.tolist() == pytest.approx([84.0, math.hypot(40, 84)])
    blocked = geo.via_rope_lengths((150, 50), 8, "S", qx, qy, [(130, 30, 8)])
    assert blocked[0] == pytest.approx(84.0) and math.isinf(blocked[1])  # the way back runs into the base
    north = geo.via_rope_lengths((150, 250), 8, "N", np.array([110.0]), np.array([250.0]), [(130, 270, 8)])
    assert math.isinf(north[0])


def _anchor_by_the_rule(ref: geo.Point, facing: geo.Point, ref_r: int, r: int, bearing: float, gap: int,
                        others: list[geo.Obstacle]) -> geo.Point | None:
    """R-SK-7 / R-SK-15 written out plainly: the lattice point nearest the ideal spot (contact, or a
    1.9-2.0 inch gap) that is inside the ring and clear of other bases; ties to smaller x, then y."""
    u = geo.rotate_clockwise(geo.unit(facing), bearing)
    touch = ref_r + r
    ix, iy = ref[0] + (touch + gap) * u[0], ref[1] + (touch + gap) * u[1]
    lo, hi = (touch, touch + 1) if gap == 0 else (touch + gap - 1, touch + gap)
    best = None
    for x in range(round(ix) - 2, round(ix) + 3):
        for y in range(round(iy) - 2, round(iy) + 3):
            if lo * lo <= geo.dist2((x, y), ref) <= hi * hi and geo.free_at((x, y), r, others):
                key = (round((x - ix) ** 2 + (y - iy) ** 2, 6), x, y)  # equal up to float noise: a tie
                best = key if best is None or key < best else best
    return None if best is None else (best[1], best[2])


@pytest.mark.parametrize("facing", [(1, 0), (5, 12), (-1, -1), (12, -5)])
def test_r_sk_7_anchor_points_follow_the_rule(facing: geo.Point) -> None:  # skirmish R-SK-7, R-SK-15 named points
    ref, others = (150, 150), [(150, 190, 8)]
    got = geo.anchor_points(ref, facing, 8, 8, others)
    want = [_anchor_by_the_rule(ref, facing, 8, 8, b, gap, others)
            for gap in (0, geo.REACH) for b in geo.ANCHOR_BEARINGS]
    assert list(got) == want
    assert got[0] is not None and geo.completely_front(ref, facing, got[0], 8)  # bearing 0: in front
    assert got[8] is not None and geo.completely_back(ref, facing, got[8], 8)  # bearing 180: behind
    # near a rope the spots stay on the mat
    edge = geo.anchor_points((12, 150), facing, 8, 10, [])
    assert all(p is None or geo.inside(p, 10) for p in edge)
    assert list(edge) == [_anchor_by_the_rule((12, 150), facing, 8, 10, b, gap, [])
                          for gap in (0, geo.REACH) for b in geo.ANCHOR_BEARINGS]
