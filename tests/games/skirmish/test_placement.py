"""Suplex placements and Strike pushes over every pair of base sizes and every facing (SK-6.2, SK-10.3,
SK-10.6; rulings R-SK-10, R-SK-13, R-SK-14, R-SK-15).

The oracles here scan every lattice point of a box around the attacker: a different algorithm from the
game's outward search, so a search that stops early or clamps is caught.
"""

from __future__ import annotations

import math
from pathlib import Path

from hypothesis import HealthCheck, assume, event, given, note, settings
from hypothesis import strategies as st

from support.skirmish import at, position, roll, skip_boosts
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.rules import SkirmishGame, SkirmishState

BASES_ROSTER = str(Path(__file__).resolve().parent / "data" / "bases_roster.toml")
SIZES = tuple(round(0.8 + 0.2 * i, 1) for i in range(12))
"""Every base diameter the game allows (inches)."""
_GAMES: dict[tuple[float, ...], SkirmishGame] = {}


def bases_game(*diameters: float) -> SkirmishGame:
    """A singles (two sizes) or fatal four-way (four sizes) match of fixture wrestlers on these bases."""
    if diameters not in _GAMES:
        match_type = "singles" if len(diameters) == 2 else "fatal_four_way"
        names = [f"Base {d:.1f}" + ("", " b", " c", " d")[diameters[:i].count(d)] for i, d in enumerate(diameters)]
        _GAMES[diameters] = SkirmishGame(match_type=match_type, roster=BASES_ROSTER, wrestlers=names)
    return _GAMES[diameters]


def face_off(g: SkirmishGame, a: geo.Point, facing: geo.Point, gap: int, left: int,
             third: geo.Point | None = None) -> SkirmishState | None:
    """P0 at ``a`` (tenths) facing ``facing``, P1 straight ahead at ``gap`` tenths facing back; None if
    P1 (or the third model) would not fit on the table."""
    ra, rd = g.radius[0], g.radius[1]
    ux, uy = geo.unit(facing)
    d = (round(a[0] + (ra + rd + gap) * ux), round(a[1] + (ra + rd + gap) * uy))
    if not (geo.inside(a, ra) and geo.inside(d, rd) and geo.completely_front(a, facing, d, rd)
            and geo.gap_within(a, ra, d, rd, geo.REACH) and not geo.overlaps(a, ra, d, rd)):
        return None
    models = {0: (a[0] / geo.UNIT, a[1] / geo.UNIT, facing), 1: (d[0] / geo.UNIT, d[1] / geo.UNIT,
                                                                 (-facing[0], -facing[1]))}
    if third is not None:
        r3 = g.radius[2]
        if not geo.inside(third, r3) or any(geo.overlaps(third, r3, p, r) for p, r in ((a, ra), (d, rd))):
            return None
        models[2] = (third[0] / geo.UNIT, third[1] / geo.UNIT, "E")
    pools = [0] * g.players
    lefts = [left] + [0] * (g.players - 1)
    return position(g, models, left=lefts, pools=pools)


def win_attack(s: SkirmishState, maneuver: str) -> None:
    """P0 performs ``maneuver`` on P1 and wins with every die a 5 against all 1s."""
    s.apply_action(f"{maneuver} P1")
    skip_boosts(s)
    roll(s, ",".join("5" * s.pend["batch"]))
    roll(s, ",".join("1" * s.pend["batch"]))


def ideal_spot(a: geo.Point, facing: geo.Point, touch: int, bearing: int) -> tuple[float, float]:
    u = geo.rotate_clockwise(geo.unit((-facing[0], -facing[1])), bearing)
    return (a[0] + touch * u[0], a[1] + touch * u[1])


def nearest_in_box(centre: geo.Point, half: int, ideal: tuple[float, float], ok: object) -> geo.Point | None:
    """Brute force: every lattice point within ``half`` of ``centre`` on both axes, nearest ``ideal``."""
    best: tuple[float, int, int] | None = None
    for x in range(centre[0] - half, centre[0] + half + 1):
        for y in range(centre[1] - half, centre[1] + half + 1):
            if ok((x, y)):  # type: ignore[operator]
                key = ((x - ideal[0]) ** 2 + (y - ideal[1]) ** 2, x, y)
                if best is None or key < best:
                    best = key
    return None if best is None else (best[1], best[2])


# -- SK-10.6 Suplex: "placed base-to-base (B2B) in the attacker's back arc" (R-SK-14) ---------------
def test_r_sk_14_small_attacker_large_defender_wide_bearing() -> None:  # skirmish SK-10.6 SUPLEX, R-SK-14
    """A 0.8" attacker suplexes a 2.0" defender at 60 degrees: that bearing cannot hold the bigger base
    wholly behind, so the defender lands at the nearest spot that can, in contact, and the attacker
    stays where it is."""
    g = bases_game(0.8, 2.0)
    s = face_off(g, (150, 150), (1, 0), 2, 3)
    assert s is not None
    win_attack(s, "suplex")
    s.apply_action("place rear 60")
    me, d = s.models[0], s.models[1]
    assert at(s, 0) == (15.0, 15.0)  # the attacker is not displaced
    assert geo.in_contact(me.pos, me.r, d.pos, d.r)
    assert geo.completely_back(me.pos, me.facing, d.pos, d.r)
    assert "displaced" not in [e.kind for e in s.events]


def test_r_sk_14_base_diameter_option_against_a_profile_base() -> None:  # skirmish SK-10.6 SUPLEX, R-SK-14
    """The ``base_diameter`` option sizes a wrestler without a base of its own: at 0.8" against a 2.0"
    profile base, and at 3.0" suplexed by it, every bearing is B2B and wholly behind."""
    for diameter, order in ((0.8, ["Optional", "Base 2.0"]), (3.0, ["Base 2.0", "Optional"])):
        g = SkirmishGame(roster=BASES_ROSTER, wrestlers=order, base_diameter=diameter)
        for bearing in geo.REAR_BEARINGS:
            s = face_off(g, (150, 150), (12, 5), 2, 3)
            assert s is not None
            win_attack(s, "suplex")
            s.apply_action(f"place rear {bearing}")
            me, d = s.models[0], s.models[1]
            assert me.pos == (150, 150), (diameter, bearing)
            assert geo.in_contact(me.pos, me.r, d.pos, d.r), (diameter, bearing)
            assert geo.completely_back(me.pos, me.facing, d.pos, d.r), (diameter, bearing)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(att=st.sampled_from(SIZES), dfn=st.sampled_from(SIZES), facing=st.sampled_from(geo.FACINGS),
       x=st.integers(4, 296), y=st.integers(4, 296), gap=st.integers(0, 20),
       bearing=st.sampled_from(geo.REAR_BEARINGS))
def test_r_sk_14_placement_is_b2b_in_the_back_arc(att: float, dfn: float, facing: geo.Point, x: int, y: int,
                                                    gap: int, bearing: int) -> None:  # skirmish SK-10.6, SK-6.2
    note(f"bases {att} vs {dfn}, attacker at {(x, y)} facing {facing}, gap {gap}, place rear {bearing}")
    g = bases_game(att, dfn)
    s = face_off(g, (x, y), facing, gap, 3)
    assume(s is not None)
    assert s is not None
    ra, rd = g.radius
    a = (x, y)
    touch = ra + rd
    win_attack(s, "suplex")
    s.apply_action(f"place rear {bearing}")
    me, d = s.models[0], s.models[1]
    ideal = ideal_spot(a, facing, touch, bearing)
    assert geo.inside(d.pos, rd)
    assert not geo.overlaps(me.pos, ra, d.pos, rd)
    on_table = rd <= ideal[0] <= geo.RING - rd and rd <= ideal[1] <= geo.RING - rd

    def b2b(p: geo.Point) -> bool:
        return (geo.inside(p, rd) and touch * touch <= geo.dist2(p, a) <= (touch + 1) ** 2
                and geo.completely_back(a, facing, p, rd))

    best = nearest_in_box(a, touch + 1, ideal, b2b)
    rounded = (round(ideal[0]), round(ideal[1]))
    near = nearest_in_box(rounded, 2, ideal, b2b)  # within 0.2 inch: lattice rounding at the ropes
    expected = best if on_table else near
    if expected is not None:
        event("B2B")
        # R-SK-14: in contact, wholly in the back arc, the nearest such point; nobody displaced
        assert d.pos == expected
        assert me.pos == a
    else:
        # SK-6.2 "placed in contact with the table edge instead", wholly behind where the ring allows
        behind = [(px, py) for px in range(rd, geo.RING - rd + 1) for py in range(rd, geo.RING - rd + 1)
                  if geo.touches_rope((px, py), rd) and geo.completely_back(a, facing, (px, py), rd)]
        event("ropes" if behind else "clamped")
        if behind:
            assert d.pos == min(behind, key=lambda p: ((p[0] - ideal[0]) ** 2 + (p[1] - ideal[1]) ** 2, p))
        else:
            assert d.pos == geo.clamp_inside(rounded, rd)


# -- SK-10.3 Strike: "moved up to 2 x the attacker's SDV in inches in a straight line directly away" --
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(sizes=st.tuples(st.sampled_from(SIZES), st.sampled_from(SIZES), st.sampled_from((0.8, 1.6, 3.0)), st.just(1.6)),
       facing=st.sampled_from(geo.FACINGS),
       x=st.integers(4, 296), y=st.integers(4, 296), gap=st.integers(0, 20),
       third=st.none() | st.tuples(st.integers(4, 296), st.integers(4, 296)), pick=st.integers(0, 20))
def test_r_sk_10_push_goes_straight_the_chosen_distance(sizes: tuple[float, ...], facing: geo.Point, x: int,
                                                        y: int, gap: int, third: geo.Point | None,
                                                        pick: int) -> None:  # skirmish SK-10.3 STRIKE, R-SK-10
    note(f"bases {sizes}, attacker at {(x, y)} facing {facing}, gap {gap}, third at {third}, pick {pick}")
    g = bases_game(*sizes)
    s = face_off(g, (x, y), facing, gap, 2, third)
    assume(s is not None)
    assert s is not None
    a, start = s.models[0].pos, s.models[1].pos
    rd = s.models[1].r
    win_attack(s, "strike")
    sdv = s.pend["sdv"]
    stop = s.pend["stop"]
    offered = [act.name for act in s.legal_actions()]
    choice = offered[pick % len(offered)]
    s.apply_action(choice)
    d = s.models[1]
    want = min(20 * sdv, stop) if choice == "push max" else float(int(choice.split()[1]) * geo.UNIT)
    moved = math.sqrt(geo.dist2(start, d.pos))
    ux, uy = geo.unit((start[0] - a[0], start[1] - a[1]))
    off_line = abs((d.x - start[0]) * uy - (d.y - start[1]) * ux)
    assert geo.inside(d.pos, rd)
    assert all(not geo.overlaps(d.pos, rd, o.pos, o.r) for i, o in enumerate(s.models) if i != 1 and o.in_ring)
    assert abs(moved - want) <= 1.0, (choice, moved, want)  # within 0.1 inch of the chosen distance
    assert off_line <= 1.0, (choice, off_line)  # and of the straight line away from the attacker
    assert s.models[0].pos == a
