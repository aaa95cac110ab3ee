"""Ring skirmish rules the mutation run (issue 36) found unpinned by the other rule tests.

Each test names its section (SK-n from ring-skirmish-checklist.md; rulings R-SK-n in docs/rulings.md)
and is built from a forced position and forced dice, as test_rules.py is: no playouts.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from support.skirmish import at, engaged, game, kinds, names, position, roll, skip_boosts
from turnbuckle.engine.errors import IllegalActionError
from turnbuckle.engine.game import CHANCE
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.destinations import move_refusal, named_destinations
from turnbuckle.games.skirmish.rules import BID, COUNTER, DEST, TURN, SkirmishGame, SkirmishState


def _next_round(s: SkirmishState, bids: tuple[int, ...]) -> None:
    """End the current turn(s) until the next round's bids, then bid ``bids`` (seat order)."""
    while s.phase != BID:
        s.apply_action("end turn")
    for bid in bids:
        s.apply_action(f"bid {bid}")


# -- SK-3.7 next round: per-round flags reset ----------------------------------------------------------
def test_sk_10_2_jockey_counts_only_this_round() -> None:  # skirmish SK-10.2 HUSTLE "this round" (R-SK-37)
    s = engaged(left=[1, 0], order=[0, 1])
    s.apply_action("jockey")
    s.apply_action("total 2")
    s.apply_action("stay")
    s.apply_action("keep facing")
    assert s.round == 2 and s.phase == BID  # nothing left to spend: both turns ended by themselves
    s.apply_action("bid 3")
    s.apply_action("bid 0")  # P1 bid lowest: its empty turn ends by itself
    assert s.round == 2 and s.chooser == 0 and s.phase == TURN
    offered = names(s)
    assert "jockey" in offered and "hustle" not in offered and "clothesline P1" not in offered


def test_sk_9_2_flaunt_pin_die_only_this_round() -> None:  # skirmish SK-9.2 "+1 die ... this round"
    s = engaged(left=[0, 0], staggered=(1,), end={1: 2})
    s.flaunt_pin[0] = 1
    _next_round(s, (2, 0))
    assert s.flaunt_pin == [0, 0] and s.chooser == 0
    s.apply_action("pin attempt P1 TECH")
    assert s.current_player() == CHANCE and s.pend["batch"] == 3  # TECH 3, no Flaunt die left over


# -- SK-7.6 the END floor ------------------------------------------------------------------------------
def test_sk_7_6_end_floor_ap_one_option() -> None:  # skirmish SK-7.6 END floor, option end_floor_ap=one (R-SK-22)
    for option, pool in (("per_end", 6), ("one", 5)):
        s = position(game(end_floor_ap=option), {0: (15, 15, "E"), 1: (17, 15, "W")}, left=[2, 0], pools=[4, 0],
                     end={1: 2})
        s.apply_action("strike P1")
        skip_boosts(s)
        roll(s, "6,5,5|1")
        roll(s, "1,1,1")
        assert s.models[1].end == 1 and s.pool[0] == pool, option  # SDV 3, 2 of it prevented


# -- SK-9.2 Flaunt effects -----------------------------------------------------------------------------
def _flaunt(s: SkirmishState, dice: str) -> None:
    s.apply_action("flaunt")
    skip_boosts(s)
    roll(s, dice)


def test_sk_9_2_end_gain_stops_at_the_starting_value() -> None:  # skirmish SK-9.2 END "up to maximum starting value"
    s = position(game(), {0: (5, 5, "E"), 1: (25, 25, "W")}, left=[3, 0])
    _flaunt(s, "5,1")
    s.apply_action("effect end")
    assert s.models[0].end == 6 and s.phase == TURN


def test_sk_9_2_drain_needs_an_ap_in_the_pool() -> None:  # skirmish SK-9.2 "if your opponent has 1 or more AP"
    s = position(game(), {0: (5, 5, "E"), 1: (25, 25, "W")}, left=[3, 0], pools=[0, 0])
    _flaunt(s, "5,1")
    s.apply_action("drain P1")
    assert s.pool[1] == 0 and "drained" not in kinds(s)
    s = position(game(), {0: (5, 5, "E"), 1: (25, 25, "W")}, left=[3, 0], pools=[0, 1])
    _flaunt(s, "5,1")
    s.apply_action("drain P1")
    assert s.pool[1] == 0 and "drained" in kinds(s)


def test_sk_9_2_gain_ap_capped_at_ten() -> None:  # skirmish SK-9.2 "Add 1 AP to your pool" with SK-3.1 cap (R-SK-21)
    s = position(game(), {0: (5, 5, "E"), 1: (25, 25, "W")}, left=[3, 0], pools=[10, 0])
    _flaunt(s, "5,1")
    s.apply_action("effect gain")
    assert s.pool[0] == 10


def test_sk_9_2_no_hit_no_effect_and_one_hit_one_effect() -> None:  # skirmish SK-9.2 "one ... effect per hit"
    s = position(game(), {0: (5, 5, "E"), 1: (25, 25, "W")}, left=[3, 0])
    _flaunt(s, "4,1")
    assert s.phase == TURN and s.chooser == 0 and "flaunt_effect" not in kinds(s)
    s = position(game(), {0: (5, 5, "E"), 1: (25, 25, "W")}, left=[3, 0], end={0: 5})
    _flaunt(s, "5,4")
    s.apply_action("effect end")
    assert s.phase == TURN and s.models[0].end == 6


# -- unique maneuvers with the chart's effects (SK-4.1) ------------------------------------------------
def test_sk_4_1_unique_attack_drains_pool_ap() -> None:  # skirmish SK-4.1 unique maneuver, effect drain
    g = SkirmishGame(wrestlers=["Titus Ramsey", "Marisol Vance"])
    s = position(g, {0: (15, 15, "E"), 1: (17, 15, "W")}, left=[3, 0], pools=[0, 3], staggered=(1,))
    s.apply_action("ring veteran rake P1 STR")
    skip_boosts(s)
    roll(s, "5,5,1,1")
    roll(s, "5,1,1")
    assert s.models[1].end == 6 and s.pool[1] == 2 and s.phase == TURN


def test_sk_4_1_unique_special_gains_end_and_recovers() -> None:  # skirmish SK-4.1 unique special, gain_end
    g = SkirmishGame(wrestlers=["Brick Halloran", "Titus Ramsey"])
    s = position(g, {0: (5, 5, "E"), 1: (25, 25, "W")}, left=[2, 0], staggered=(0,), end={0: 7})
    s.apply_action("second wind")
    assert s.models[0].end == 8 and not s.models[0].staggered


def test_sk_4_1_unique_special_drain(tmp_path: Path) -> None:  # skirmish SK-4.1 unique special, effect drain
    roster = tmp_path / "roster.toml"
    roster.write_text(
        '[[wrestler]]\nname = "A"\nSTR = 3\nTECH = 3\nEND = 6\nSPD = 2\nSHOW = 2\n'
        '  [[wrestler.maneuver]]\n  name = "Taunt"\n  cost = 1\n  kind = "special"\n  effects = ["drain"]\n'
        '[[wrestler]]\nname = "B"\nSTR = 3\nTECH = 3\nEND = 6\nSPD = 2\nSHOW = 2\n'
        '  [[wrestler.maneuver]]\n  name = "Shove"\n  cost = 1\n  kind = "move"\n  distance = 1\n')
    g = SkirmishGame(roster=str(roster), wrestlers=["A", "B"])
    s = position(g, {0: (5, 5, "E"), 1: (25, 25, "W")}, left=[2, 0], pools=[0, 2])
    s.apply_action("taunt")
    assert s.pool == [0, 1] and s.phase == TURN


def test_sk_6_1_fixed_distance_move_is_not_rolled() -> None:  # skirmish SK-6.1 "specify the exact distance"
    g = game(wrestlers=["D", "B"])
    s = position(g, {0: (10, 10, "E"), 1: (25, 25, "W")}, left=[1, 0])
    s.apply_action("dash")
    assert s.phase == DEST and s.pend["limit"] == 30
    assert "move 13.0 10.0" in names(s) and "move 13.5 10.0" not in names(s)


def test_sk_10_1_unique_move_without_stagger_penalty() -> None:  # skirmish SK-10.1 penalty per maneuver
    g = SkirmishGame(wrestlers=["Kestrel Ode", "Titus Ramsey"])
    s = position(g, {0: (5, 5, "E"), 1: (25, 25, "W")}, left=[3, 0], staggered=(0,))
    s.apply_action("skyline dash")
    assert s.pend["dice"] == 4  # SPD 4 even while staggered


# -- SK-8 / R-SK-28 a tied pin roll-off ----------------------------------------------------------------
def test_sk_8_tied_pin_roll_off_kicks_out_without_counter() -> None:  # skirmish SK-8 with SK-7.8 (R-SK-28)
    s = engaged(left=[2, 0], pools=[0, 4], staggered=(1,), end={1: 2})
    s.apply_action("pin attempt P1 TECH")
    skip_boosts(s)
    roll(s, "5,1,1")
    roll(s, "5,1")
    assert [e.data for e in s.events if e.kind == "kick_out"] == [{"player": 1, "count": 0}]
    assert s.phase != COUNTER and s.chooser == 0 and s.winner == -1


# -- SK-12.2 the doubled Tag is paid at double --------------------------------------------------------
def test_sk_12_2_doubled_tag_costs_four() -> None:  # skirmish SK-12.2 "next Tag ... doubles"
    g = game("tag")
    s = position(g, {2: (24, 24, "SW"), 0: (10, 10, "NE")}, left=[0, 5], turn=1, order=[0, 1],
                 corners=["SW", "NE"])
    s.tag_double[1] = True
    s.refresh()
    s.apply_action("tag")
    assert s.left[1] == 1 and s.active[1] == 3 and s.tag_double[1] is False
    assert s.observation(0)["players"][1]["tag_cost_doubled"] is False


# -- SK-6.4 ropes (R-SK-12): moved more than 0", by an enemy maneuver -----------------------------------
def test_sk_6_4_push_of_zero_at_the_ropes_costs_nothing() -> None:  # skirmish SK-6.4 with SK-10.3 (R-SK-12)
    s = position(game(), {0: (27.4, 15, "E"), 1: (29.2, 15, "W")}, left=[2, 0])
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "5,1,1")
    roll(s, "1,1,1")
    assert names(s) == ["push 0"]
    s.apply_action("push 0")
    assert at(s, 1) == (29.2, 15.0) and s.models[1].end == 5 and "ropes" not in kinds(s)


def test_sk_6_4_whip_stay_at_the_ropes_costs_nothing() -> None:  # skirmish SK-6.4 with SK-10.7 (R-SK-12)
    s = position(game(), {0: (27.4, 15, "E"), 1: (29.2, 15, "W")}, left=[1, 0])
    s.apply_action("whip P1 STR")
    skip_boosts(s)
    roll(s, "5,1,1")
    roll(s, "1,1,1")
    s.apply_action("total 2")
    if s.phase != DEST:
        s.apply_action("direct")
    s.apply_action("stay")
    s.apply_action("keep facing")
    assert s.models[1].end == 6 and "ropes" not in kinds(s)


def test_sk_6_4_displaced_into_the_ropes() -> None:  # skirmish SK-6.3 with SK-6.4 (R-SK-12, R-SK-16)
    # A suplexes B against the W rope; C (another player) is under the spot and is displaced along the
    # rope: an enemy maneuver put it there, 2 END. The attacker's own model never pays.
    g = game("fatal_four_way")
    s = position(g, {0: (2.4, 15, "E"), 1: (4.2, 15, "W"), 2: (0.8, 15, "E"), 3: (25, 25, "W")},
                 left=[3, 0, 0, 0])
    s.apply_action("suplex P1")
    skip_boosts(s)
    roll(s, "5,5,1,1")
    roll(s, "5,1,1")
    s.apply_action("place rear 0")
    displaced = [e.data["model"] for e in s.events if e.kind == "displaced"]
    assert 2 in displaced and s.models[2].x == 8 and s.models[2].pos != (8, 150)
    assert s.models[2].end == 4


def test_sk_6_4_own_model_displaced_into_the_ropes_costs_nothing() -> None:  # skirmish SK-6.4 "enemy maneuver"
    s = position(game(), {0: (1.6, 0.8, "E"), 1: (3.4, 0.8, "W")}, left=[3, 0])
    s.apply_action("suplex P1")
    skip_boosts(s)
    roll(s, "5,5,1,1")
    roll(s, "5,1,1")
    s.apply_action("place rear 0")
    moved = [e.data["model"] for e in s.events if e.kind == "displaced"]
    assert moved == [0] and s.models[0].y == 8 and at(s, 0) != (1.6, 0.8)
    assert s.models[0].end == 6


# -- SK-6.1 / SK-1.1 / SK-1.4: why a typed destination is refused, in words a player can act on --------
def test_sk_6_1_typed_move_refusals_say_why() -> None:  # skirmish SK-6.1, SK-1.1 ring, SK-1.4 bases (R-SK-8)
    s = position(game(), {0: (10, 10, "E"), 1: (13, 10, "W")}, left=[1, 0])
    assert move_refusal(s, 12, 12) is None  # no move pending
    s.apply_action("jockey")
    s.apply_action("total 6")
    reach = "A can go up to 6 inches from (10, 10)"
    assert move_refusal(s, 12, 12) is None and s.game.refusal(s, "move 12 12") is None
    assert move_refusal(s, 31, 5) == ("move 31 5 is outside the ring: X and Y are inches east and north of the "
                                     "SW corner, between 0 and 30")
    assert move_refusal(s, 12, 0) is not None and "outside the ring" in move_refusal(s, 12, 0)  # type: ignore[operator]
    assert move_refusal(s, 12.25, 10) == ("move 12.25 10: destinations are on a half-inch grid inside the ring "
                                         "(such as move 12.5 8.0)")
    assert move_refusal(s, 0.5, 10) == ("move 0.5 10 is off the mat: the whole base must stay inside the ropes; "
                                       + reach)
    assert move_refusal(s, 17, 10) == (f"move 17 10 is too far: it is 7.0 inches away and {reach}; the nearest "
                                      "it can reach that way: move 15.0 9.5")
    assert s.game.refusal(s, "move 17 10") == move_refusal(s, 17, 10)
    assert move_refusal(s, 13, 10.5) == ("move 13 10.5: another base is there (bases may not overlap); the nearest "
                                        "it can reach that way: move 12.0 11.5")
    assert move_refusal(s, 10, 10) == "move 10 10 is where A stands already: to end the move there, type 'stay'"
    assert "stay" in {a.name for a in s.legal_actions()}
    # 6.0 in a straight line, but the way round B is ~6.9 (SK-1.4)
    assert move_refusal(s, 16, 10) == (f"move 16 10 is too far once the way goes round the other bases: {reach}; "
                                      "the nearest it can reach that way: move 15.0 9.5")


def test_r_sk_11_typed_whip_refusal_names_the_rope() -> None:  # skirmish SK-10.7 WHIP via a rope (R-SK-11)
    s = position(game(), {0: (23, 15, "E"), 1: (25, 15, "W")}, left=[1, 0])
    s.apply_action("whip P1 STR")
    skip_boosts(s)
    roll(s, "5,6,1|1")
    roll(s, "1,1,1")
    s.apply_action("total 9")
    s.apply_action("via rope E")
    assert move_refusal(s, 25, 17.5) is None
    assert move_refusal(s, 21, 15) == ("move 21 15 is too far: it is 12.4 inches away and B can go up to 9 inches "
                                      "off the E rope from (25, 15); the nearest it can reach that way: move 24.5 14.0")


def test_sk_1_4_anchors_never_overlap_a_third_base() -> None:  # skirmish SK-1.4 named points (R-SK-7, R-SK-15)
    # C stands in contact in front of B: B's front anchors are taken, the others stay offered
    g = game("fatal_four_way")
    s = position(g, {0: (5, 15, "E"), 1: (15, 15, "W"), 2: (13.4, 15, "E"), 3: (25, 25, "W")}, left=[1, 0, 0, 0])
    s.apply_action("jockey")
    s.apply_action("total 12")
    to_b = [n for n in names(s) if n.startswith("to P1 b2b")]
    assert to_b == ["to P1 b2b 67.5", "to P1 b2b 90", "to P1 b2b 112.5", "to P1 b2b 135", "to P1 b2b 225",
                    "to P1 b2b 247.5", "to P1 b2b 270", "to P1 b2b 292.5"]
    found, _ = named_destinations(s)
    for point in found.values():
        assert all(not geo.overlaps(point, 8, m.pos, m.r) for m in s.models[1:])
    # C 1.6" beyond B's 2-inch anchor on its right: the anchor may touch C's base, as any move may end (R-SK-8)
    s = position(g, {0: (5, 15, "E"), 1: (15, 15, "W"), 2: (15, 20.2, "E"), 3: (25, 25, "W")}, left=[1, 0, 0, 0])
    s.apply_action("jockey")
    s.apply_action("total 12")
    found, _ = named_destinations(s)
    point = next(found[a.id] for a in s.legal_actions() if a.name == "to P1 2in 90")
    assert point == (150, 186) and geo.in_contact(point, 8, s.models[2].pos, 8)
    # C 0.1" nearer: the ideal spot would overlap C, so the anchor takes the next lattice point (R-SK-15)
    s = position(g, {0: (5, 15, "E"), 1: (15, 15, "W"), 2: (15, 20.1, "E"), 3: (25, 25, "W")}, left=[1, 0, 0, 0])
    s.apply_action("jockey")
    s.apply_action("total 12")
    found, _ = named_destinations(s)
    point = next(found[a.id] for a in s.legal_actions() if a.name == "to P1 2in 90")
    assert point == (150, 185) and geo.in_contact(point, 8, s.models[2].pos, 8)


def test_sk_6_1_a_named_point_at_exactly_the_total_is_in_reach() -> None:  # skirmish SK-6.1 "up to that many inches"
    s = position(game(), {0: (15, 3.8, "E"), 1: (25, 25, "W")}, left=[1, 0])
    s.apply_action("jockey")
    s.apply_action("total 3")
    assert "rope S" in names(s) and "move 15.0 1.0" in names(s)  # 3.0" and 2.8" away
    s = position(game(), {0: (15, 3.9, "E"), 1: (25, 25, "W")}, left=[1, 0])
    s.apply_action("jockey")
    s.apply_action("total 3")
    assert "rope S" not in names(s)  # 3.1" away


# -- SK-3.2 what each seat sees (R-SK-18), and the chance laws the engine samples ---------------------
def test_sk_3_2_observation_public_facts_and_hidden_bids() -> None:  # skirmish SK-3.2 secret bids (R-SK-18)
    s = position(game(), {0: (15, 15, "E"), 1: (17, 15.5, "W")}, pools=[5, 4], bidding=True, end={1: 5})
    s.apply_action("bid 3")
    theirs, mine = s.observation(1), s.observation(0)
    assert theirs["players"][0]["bid"] is None and theirs["players"][0]["bid_left"] is None
    assert mine["players"][0]["bid"] == 3 and mine["players"][1]["bid"] is None
    assert theirs["order"] == [] and theirs["turn_player"] is None and theirs["current_player"] == 1
    assert theirs["models"][1] == {"model": 1, "name": "B", "player": 1, "x": 17.0, "y": 15.5, "facing": [-1, 0],
                                   "base": 1.6, "end": 5, "end_start": 6, "staggered": False, "in_ring": True,
                                   "corner": "NE"}
    s.apply_action("bid 1")
    seen = s.observation(1)
    assert seen["players"][0]["bid"] == 3 and seen["players"][0]["bid_left"] == 3
    assert seen["order"] == [1, 0] and seen["phase"] == "turn"
    assert seen["players"][0]["pool"] == 2 and seen["players"][1]["pool"] == 3
    s.apply_action("jockey")
    s.apply_action("total 7")
    pending = s.observation(0)["pending"]
    assert pending == {"player": 1, "limit": 7.0, "mover": 1, "maneuver": "Jockey"}
    assert s.observation(0)["turn_player"] == 1


def test_sk_3_2_determinize_resamples_only_hidden_bids() -> None:  # skirmish SK-3.2 secret bids (R-SK-18)
    s = position(game(), {0: (15, 15, "E"), 1: (17, 15, "W")}, pools=[5, 4], bidding=True)
    s.apply_action("bid 3")
    guesses = {s.determinize(1, random.Random(seed)).bid[0] for seed in range(200)}
    assert guesses == {0, 1, 2, 3, 4, 5}  # anything the pool allows
    assert {s.determinize(0, random.Random(seed)).bid[0] for seed in range(20)} == {3}  # own bid kept
    s.apply_action("bid 1")
    assert s.determinize(1, random.Random(1)).bid == [3, 1]  # revealed: nothing hidden


def test_sk_7_4_sampled_dice_follow_the_exact_law() -> None:  # skirmish SK-7.4 hits, SK-6.1 move totals
    rng = random.Random(36)
    s = engaged(left=[2, 0])
    s.apply_action("strike P1")
    skip_boosts(s)
    exact = dict((a.name, p) for a, p in s.chance_outcomes())
    n = 6000
    drawn = Counter(s.sample_chance(rng).name for _ in range(n))
    for name, p in exact.items():
        assert abs(drawn[name] / n - p) < 4 * (p * (1 - p) / n) ** 0.5 + 1e-3, name
    assert set(drawn) <= set(exact)
    s = position(game(), {0: (15, 15, "E"), 1: (25, 25, "W")}, left=[1, 0])
    s.apply_action("jockey")
    exact = dict((a.name, p) for a, p in s.chance_outcomes())
    drawn = Counter(s.sample_chance(rng).name for _ in range(n))
    assert set(drawn) <= set(exact) and min(int(k.split()[1]) for k in drawn) == 2
    for name, p in exact.items():
        assert abs(drawn[name] / n - p) < 4 * (p * (1 - p) / n) ** 0.5 + 1e-3, name


# -- refusals carry a reason (SK-4.1 own maneuvers, SK-10.2 requirements, SK-1.4 bases) ------------------
def test_sk_4_refusals_name_the_rule_broken() -> None:  # skirmish SK-4.1, SK-10.2, SK-10.10, SK-1.4
    s = engaged(left=[3, 0])
    refused = {}
    for typed in ("backstab P1", "hustle", "shake the cobwebs", "clothesline P1", "no boost"):
        with pytest.raises(IllegalActionError) as err:
            s.apply_action(typed)
        refused[typed] = str(err.value).split(" now: ", 1)[1]
    assert refused == {
        "backstab P1": "Backstab is not this wrestler's maneuver",
        "hustle": "a requirement of the maneuver is not met",
        "shake the cobwebs": "a requirement of the maneuver is not met",
        "clothesline P1": "the target is not in range, not in the front arc, or a requirement is not met",
        "no boost": "turn decision expected (legal: end turn, jockey, strike P1, body slam P1, suplex P1, "
                    "whip P1 STR, whip P1 TECH, flaunt, headbutt P1)",
    }
    s.apply_action("jockey")
    s.apply_action("total 4")
    with pytest.raises(IllegalActionError, match="overlaps another model's base"):
        s.apply_action("move 16.5 15.0")
    with pytest.raises(IllegalActionError, match="outside the ring"):
        s.apply_action("move 0.5 15.0")
    with pytest.raises(IllegalActionError, match=r"too far: 4\.50 > 4 inches"):
        s.apply_action("move 10.5 15.0")
    with pytest.raises(IllegalActionError, match=r"too far: 5\.41 > 4 inches"):
        s.apply_action("move 19.0 15.0")  # 4" straight through B; the way round it is longer
    with pytest.raises(IllegalActionError, match=r"too far: 4\.03 > 4 inches"):
        s.apply_action("move 11.0 15.5")  # just beyond the total
    s.apply_action("stay")
    with pytest.raises(IllegalActionError, match=r"facing decision expected \(legal: keep facing, .*SW, \.\.\.\)"):
        s.apply_action("boost")


# -- what the events report (the commentary and the replay read them) ------------------------------------
def test_sk_6_events_report_where_and_how_far() -> None:  # skirmish SK-6.1 moves, SK-6.3 displaced, SK-10.3 push
    s = position(game(), {0: (15, 15, "E"), 1: (25, 25, "W")}, left=[1, 0])
    s.apply_action("jockey")
    s.apply_action("total 3")
    assert "stay" in names(s) and "move 15.0 15.0" not in names(s)  # the start is offered once, as stay
    s.apply_action("move 17.0 16.5")
    assert move_refusal(s, 20, 20) is None  # the move is made: nothing left to refuse
    moved = [e.data for e in s.events if e.kind == "moved"]
    assert moved == [{"model": 0, "wrestler": "A", "x": 17.0, "y": 16.5, "forced": False, "distance": 2.5}]
    s = engaged(left=[2, 0])
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "5,6,1|1")
    roll(s, "1,1,1")
    s.apply_action("push 3")
    assert [e.data for e in s.events if e.kind == "pushed"] == [
        {"model": 1, "wrestler": "B", "x": 20.0, "y": 15.0, "distance": 3.0}]
    s = position(game(), {0: (1.6, 15, "E"), 1: (3.4, 15, "W")}, left=[3, 0])
    s.apply_action("suplex P1")
    skip_boosts(s)
    roll(s, "5,5,1,1")
    roll(s, "5,1,1")
    s.apply_action("place rear 0")
    assert [e.data for e in s.events if e.kind == "displaced"] == [{"model": 0, "wrestler": "A", "x": 2.4, "y": 15.0}]


def test_sk_2_roll_offs_are_fair_and_need_two() -> None:  # skirmish SK-2 roll-off, SK-3.2 ties (R-SK-19)
    s = game("fatal_four_way").new_initial_state()
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 24 and all(p == pytest.approx(1 / 24) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    orders = [a.name for a in s.game.chance_list if a.name.startswith("order")]
    assert all(len(name.split()) >= 3 for name in orders)  # a roll-off is among two players or more
    assert len(orders) == 4 * 3 + 4 * 3 * 2 + 24


def test_sk_3_2_a_typed_bid_outside_the_bidding_is_refused_as_such() -> None:  # skirmish SK-3.2, SK-2
    s = game().new_initial_state()
    s.apply_action("order P0 P1")
    with pytest.raises(IllegalActionError, match=r"choose corner decision expected \(legal: corner "):
        s.apply_action("bid 3")


def test_sk_7_1_two_inch_anchor_at_the_edge_of_the_move() -> None:  # skirmish SK-7.1 named points (R-SK-7)
    s = position(game(), {0: (5, 15, "E"), 1: (15, 15, "W")}, left=[1, 0])
    s.apply_action("jockey")
    s.apply_action("total 7")  # B's front 2-inch spot is 6.4" away; its contact spots are farther
    assert [n for n in names(s) if n.startswith("to P1")] == ["to P1 2in 0", "to P1 2in 22.5", "to P1 2in 337.5"]


def test_sk_4_1_a_unique_maneuver_needing_a_partner_is_skipped_alone(tmp_path: Path) -> None:  # skirmish SK-4.1, SK-12
    roster = tmp_path / "roster.toml"
    roster.write_text(
        '[[wrestler]]\nname = "A"\nSTR = 3\nTECH = 3\nEND = 6\nSPD = 2\nSHOW = 2\n'
        '  [[wrestler.maneuver]]\n  name = "Hot Tag"\n  cost = 1\n  kind = "special"\n  requires = ["partner"]\n'
        '  effects = ["remove_stagger"]\n'
        '  [[wrestler.maneuver]]\n  name = "Taunt"\n  cost = 1\n  kind = "special"\n  effects = ["drain"]\n'
        '[[wrestler]]\nname = "B"\nSTR = 3\nTECH = 3\nEND = 6\nSPD = 2\nSHOW = 2\n'
        '  [[wrestler.maneuver]]\n  name = "Shove"\n  cost = 1\n  kind = "move"\n  distance = 1\n')
    g = SkirmishGame(roster=str(roster), wrestlers=["A", "B"])
    s = position(g, {0: (5, 5, "E"), 1: (25, 25, "W")}, left=[2, 0])
    offered = names(s)
    assert "hot tag" not in offered and "taunt" in offered  # no partner in a singles match


def test_sk_4_3_the_length_bound_holds_every_maneuver_every_round() -> None:  # skirmish SK-4.3, SK-1.2 (R-SK-23)
    # per round each player may perform every maneuver once (SK-4.3), each with several decisions and
    # any number of exploding dice batches: the bound allows far more than 100 steps per player-round
    for g in (game(), game("fatal_four_way"), game(max_rounds=3)):
        assert g.max_game_length() >= g.max_rounds * g.players * len(g.maneuvers) * 10


def test_sk_12_2_doubled_tag_not_offered_below_four() -> None:  # skirmish SK-12.2 "next Tag ... doubles"
    g = game("tag")
    for left, offered in ((3, False), (4, True)):
        s = position(g, {2: (24, 24, "SW"), 0: (10, 10, "NE")}, left=[0, left], turn=1, order=[0, 1],
                     corners=["SW", "NE"])
        s.tag_double[1] = True
        s.refresh()
        assert ("tag" in names(s)) is offered, left
