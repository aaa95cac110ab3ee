"""Ring skirmish rules, section by section (ids SK-n from ring-skirmish-checklist.md; rulings R-SK-n)."""

from __future__ import annotations

import pytest

from support.skirmish import at, engaged, game, kinds, names, position, roll, skip_boosts
from turnbuckle.engine.errors import IllegalActionError
from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.rules import BID, COUNTER, DEST, TURN


# -- SK-1 GAME OVERVIEW --------------------------------------------------------------------------
def test_sk_1_1_ring_edges_and_outside_refused() -> None:  # skirmish SK-1.1 RING: 30"x30"
    s = position(game(), {0: (0.8, 15, "E"), 1: (20, 15, "W")}, left=[1, 0])
    assert geo.inside(s.models[0].pos, 8) and geo.touches_rope(s.models[0].pos, 8)
    s.apply_action("jockey")
    s.apply_action("total 7")
    with pytest.raises(IllegalActionError, match="outside the ring"):
        s.apply_action("move 0.5 15.0")


def test_sk_1_3_measured_from_the_base() -> None:  # skirmish SK-1.3 measure from the model's base
    s = position(game(), {0: (10, 10, "E"), 1: (13.6, 10, "W")}, left=[2, 0])
    assert "strike P1" in names(s)  # gap exactly 2.0
    s = position(game(), {0: (10, 10, "E"), 1: (13.7, 10, "W")}, left=[2, 0])
    assert "strike P1" not in names(s)  # gap 2.1


def test_sk_1_4_cannot_move_across_a_base() -> None:  # skirmish SK-1.4 "cannot move across another model's base"
    s = position(game(), {0: (10, 10, "E"), 1: (13, 10, "W")}, left=[1, 0])
    s.apply_action("jockey")
    s.apply_action("total 6")
    assert "move 16.0 10.0" not in names(s)  # straight 6.0 is blocked; the detour is ~6.9
    assert "move 14.0 10.0" not in names(s)  # overlaps B
    with pytest.raises(IllegalActionError, match="too far"):
        s.apply_action("move 16.0 10.0")
    s = position(game(), {0: (10, 10, "E"), 1: (13, 10, "W")}, left=[1, 0])
    s.apply_action("jockey")
    s.apply_action("total 7")
    assert "move 16.0 10.0" in names(s)


def test_sk_1_6_pinfall_is_the_only_win_and_round_limit_draws() -> None:  # skirmish SK-1.6, R-SK-23
    g = game(max_rounds=2)
    s = g.new_initial_state()
    s.apply_action("order P0 P1")
    s.apply_action("corner SW")
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s.apply_action("order P0 P1")
        else:
            s.apply_action("bid 0" if s.phase == BID else "end turn")
    assert s.returns() == [0.0, 0.0] and s.round == 2
    result = s.match_result()
    assert result is not None and result.is_draw


# -- SK-2 STARTING THE GAME -------------------------------------------------------------------------
def test_sk_2_roll_off_corner_and_placement() -> None:  # skirmish SK-2 STARTING THE GAME
    s = game().new_initial_state()
    assert s.current_player() == CHANCE
    s.apply_action("order P1 P0")
    assert s.current_player() == 1 and "corner SW" in names(s)
    s.apply_action("corner SW")
    assert at(s, 1) == (4.2, 4.2) and at(s, 0) == (25.8, 25.8)  # 5.94" along the diagonal (R-SK-5)
    assert s.models[1].facing == (1, 1) and s.models[0].facing == (-1, -1)  # facing the centre
    assert s.corner == ["NE", "SW"] and s.phase == BID and s.round == 1


def test_sk_2_four_way_corners() -> None:  # skirmish SK-2 with SK-11.2 (R-SK-6)
    s = game("fatal_four_way").new_initial_state()
    s.apply_action("order P2 P0 P3 P1")
    s.apply_action("corner NW")
    assert s.current_player() == 3 and sorted(names(s)) == ["corner NE", "corner SW"]
    s.apply_action("corner NE")
    assert s.corner == ["SE", "SW", "NW", "NE"]


# -- SK-3 ROUND OVERVIEW --------------------------------------------------------------------------
def _setup(s: object) -> None:
    s.apply_action("order P0 P1")  # type: ignore[attr-defined]
    s.apply_action("corner SW")  # type: ignore[attr-defined]


def test_sk_3_1_gain_and_cap() -> None:  # skirmish SK-3.1 gain 5 then 3, pool at most 10
    s = game().new_initial_state()
    _setup(s)
    pools = []
    for _ in range(4):
        pools.append(s.pool[0])
        s.apply_action("bid 0")
        s.apply_action("bid 0")
        s.apply_action("order P0 P1")  # tie: roll-off
    assert pools == [5, 8, 10, 10]


def test_sk_3_2_secret_bids_reveal_and_lowest_first() -> None:  # skirmish SK-3.2 secret bids
    s = game().new_initial_state()
    _setup(s)
    s.apply_action("bid 4")
    obs1 = s.observation(1)
    assert obs1["players"][0]["bid_submitted"] is True and obs1["players"][0]["bid"] is None
    assert s.observation(0)["players"][0]["bid"] == 4
    with pytest.raises(IllegalActionError, match=r"bid larger than the pool \(5\)"):
        s.apply_action("bid 6")
    s.apply_action("bid 2")
    assert "bids_revealed" in kinds(s)
    assert s.order == [1, 0] and s.chooser == 1 and s.left == [4, 2] and s.pool == [1, 3]
    assert s.observation(1)["players"][0]["bid"] == 4


def test_sk_3_2_tie_rolls_off() -> None:  # skirmish SK-3.2 equal bids: d6 roll-off
    s = game().new_initial_state()
    _setup(s)
    s.apply_action("bid 3")
    s.apply_action("bid 3")
    assert s.current_player() == CHANCE
    s.apply_action("order P1 P0")
    assert s.order == [1, 0]


def test_sk_3_2_bid_only_pays_own_turn() -> None:  # skirmish SK-3.2 only bid APs pay for maneuvers
    s = engaged(left=[2, 0], pools=[3, 5])
    assert "body slam P1" not in names(s) and "strike P1" in names(s)
    with pytest.raises(IllegalActionError, match="costs 3 AP and only 2"):
        s.apply_action("body slam P1")


def test_sk_3_3_ex_1_zero_bid_and_returns() -> None:  # skirmish SK-3.3, SK-3.6, EX-1 "bid 0 APs"
    s = game().new_initial_state()
    _setup(s)
    s.apply_action("bid 0")
    s.apply_action("bid 1")
    # P0 (bid 0) went first with nothing to spend: its turn ended by itself (R-SK-25)
    assert s.order == [0, 1] and s.chooser == 1 and kinds(s).count("end_turn") == 1
    s.apply_action("end turn")
    assert s.round == 2 and s.pool == [8, 8]
    # the commentary says where an unspent bid goes (SK-3.6); a bid of 0 has nothing to say
    said = [s.game.narrate(e) for e in s.events if e.kind == "end_turn"]
    assert said == [None, f"{s.game.player_label(1)} holds back 1 AP for the pool."]


def test_sk_3_6_unspent_bid_returns_capped() -> None:  # skirmish SK-3.6 unspent bid APs return
    s = engaged(left=[5, 0], pools=[5, 0], order=[1, 0], turn=0)
    s.apply_action("flaunt")
    skip_boosts(s)
    roll(s, "5,5")
    s.apply_action("effect gain")
    s.apply_action("effect end")
    assert s.pool[0] == 6
    s.apply_action("end turn")
    assert s.round == 2 and s.pool[0] == 10  # 6 + 3 unspent = 9, then +3 capped at 10


def test_sk_3_7_flags_reset_but_stagger_stays() -> None:  # skirmish SK-3.7 next round
    s = engaged(left=[2, 0], pools=[0, 0], staggered=(1,), order=[1, 0], turn=0)
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "1,1,1")
    roll(s, "1,1,1")
    # nothing affordable is left, so the turn (and the round) ended by itself
    assert s.round == 2 and s.models[1].staggered and s.used == [set(), set()]


# -- SK-4 PERFORMING MANEUVERS ----------------------------------------------------------------------
def test_sk_4_1_unique_maneuvers_offered() -> None:  # skirmish SK-4.1 unique maneuvers
    s = engaged(left=[3, 0])
    assert "headbutt P1" in names(s) and "backstab P1" not in names(s)


def test_sk_4_3_once_per_round_refused_with_reason() -> None:  # skirmish SK-4.3 each maneuver once per round
    s = engaged(left=[5, 0])
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "1,1,1")
    roll(s, "1,1,1")
    assert "strike P1" not in names(s)
    with pytest.raises(IllegalActionError, match="already performed this round"):
        s.apply_action("strike P1")


# -- SK-5 Boosting ----------------------------------------------------------------------------------
def test_sk_5_boost_adds_one_die_each_side() -> None:  # skirmish SK-5 Boosting die rolls
    s = engaged(left=[3, 2])
    s.apply_action("strike P1")
    assert s.chooser == 0 and names(s) == ["no boost", "boost"]
    s.apply_action("boost")
    assert s.chooser == 1
    s.apply_action("boost")
    assert s.left == [0, 1] and s.pend["batch"] == 4
    roll(s, "1,1,1,1")
    assert s.pend["batch"] == 4


def test_sk_5_no_boost_question_without_bid_ap_or_for_moves() -> None:  # skirmish SK-5 move rolls never boosted
    s = engaged(left=[3, 0], pools=[0, 5])
    s.apply_action("strike P1")
    s.apply_action("no boost")
    assert s.current_player() == CHANCE  # P1 has no bid AP left: not asked
    s = engaged(left=[3, 0])
    s.apply_action("jockey")
    assert s.current_player() == CHANCE and s.pend["dice"] == 2


# -- SK-6 MOVE MANEUVERS ----------------------------------------------------------------------------
def test_sk_6_1_rolled_distance_up_to() -> None:  # skirmish SK-6.1 move up to the rolled total
    s = position(game(), {0: (15, 15, "E"), 1: (5, 25, "W")}, left=[3, 0])
    s.apply_action("jockey")
    s.apply_action("total 7")
    assert "move 22.0 15.0" in names(s) and "stay" in names(s)
    with pytest.raises(IllegalActionError, match="too far"):
        s.apply_action("move 22.5 15.0")
    with pytest.raises(IllegalActionError, match=r"nearest: move 22\.0 15\.0"):
        s.apply_action("move 22.1 15")
    s.apply_action("move 22 15")  # typed points are normalised
    s.apply_action("face 90")
    assert at(s, 0) == (22.0, 15.0) and s.models[0].facing == (0, 1) and s.left[0] == 2


def test_sk_6_2_placed_off_table_goes_to_edge_and_displaces() -> None:  # skirmish SK-6.2 places, SK-6.3 displacement
    s = position(game(), {0: (1.6, 15, "E"), 1: (3.4, 15, "W")}, left=[3, 0])
    s.apply_action("suplex P1")
    skip_boosts(s)
    roll(s, "5,5,1,1")
    roll(s, "5,1,1")
    s.apply_action("place rear 0")
    assert at(s, 1) == (0.8, 15.0)  # clamped against the W rope
    assert not geo.overlaps(s.models[0].pos, 8, s.models[1].pos, 8)
    assert at(s, 0) == (2.4, 15.0)  # A displaced the least distance
    assert s.models[1].end == 6 - 1 - 2  # SDV 1 plus the ropes
    assert s.models[0].end == 6  # own maneuver: no rope loss for A
    assert "face P1" in names(s) and "keep facing" in names(s)


def test_sk_6_3_displacement_four_way() -> None:  # skirmish SK-6.3 displaced models move the least distance
    g = game("fatal_four_way")
    s = position(g, {0: (15, 15, "E"), 1: (16.8, 15, "W"), 2: (13.2, 15, "E")}, left=[3, 0, 0, 0])
    s.apply_action("suplex P1")
    skip_boosts(s)
    roll(s, "5,5,5,1")
    roll(s, "5,1,1")
    s.apply_action("place rear 0")
    assert at(s, 1) == (13.4, 15.0) and s.models[1].facing == (-1, 0)
    assert at(s, 2) == (11.8, 15.0) and s.models[2].end == 6


def test_sk_6_4_strike_into_ropes_once() -> None:  # skirmish SK-6.4 ropes: 2 END, once per maneuver
    s = position(game(), {0: (25.5, 15, "E"), 1: (27.5, 15, "W")}, left=[2, 0])
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "5,5,1")
    roll(s, "5,1,1")
    assert "push max" in names(s) and "push 1" in names(s) and "push 2" not in names(s)
    s.apply_action("push max")
    assert at(s, 1) == (29.2, 15.0) and s.models[1].end == 3  # 6 - 1 SDV - 2 ropes
    assert kinds(s).count("ropes") == 1


def test_sk_6_4_own_move_into_ropes_costs_nothing() -> None:  # skirmish SK-6.4 / SC-13
    s = position(game(), {0: (2, 2, "E"), 1: (20, 20, "W")}, left=[1, 0])
    s.apply_action("jockey")
    s.apply_action("total 3")
    s.apply_action("rope S")
    s.apply_action("keep facing")
    assert geo.touches_rope(s.models[0].pos, 8) and s.models[0].end == 6


# -- SK-7 ATTACK MANEUVERS --------------------------------------------------------------------------
def test_sk_7_1_front_arc_and_range() -> None:  # skirmish SK-7.1 within 2" and in the front arc
    s = position(game(), {0: (15, 15, "W"), 1: (17, 15, "W")}, left=[3, 0])
    assert not any(n.startswith("strike") for n in names(s))
    s = position(game(), {0: (15, 15, "N"), 1: (17, 15, "W")}, left=[3, 0])
    assert "strike P1" in names(s)  # B straddles A's centre line: partly in front


def test_sk_7_3_arc_requirements() -> None:  # skirmish SK-7.3 front / back / either icons
    s = position(game(), {0: (15, 15, "E"), 1: (17, 15, "W")}, left=[3, 3], turn=1, order=[1, 0])
    assert "backstab P0" not in names(s)
    s = position(game(), {0: (15, 15, "W"), 1: (17, 15, "W")}, left=[3, 3], turn=1, order=[1, 0])
    assert "backstab P0" in names(s)  # B behind A
    s = position(game(), {0: (15, 15, "E"), 1: (17, 15, "N")}, left=[3, 0])
    assert "headbutt P1" not in names(s) and "strike P1" in names(s)


def test_sk_7_4_criticals_explode_several_times() -> None:  # skirmish SK-7.4 / SC-1 chained criticals
    s = engaged(left=[2, 0])
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "6,6,6|6,6,1|6,1|2")
    assert s.pend["a_hits"] == 6
    roll(s, "6,5,1|6|6|1")
    assert s.pend["sdv"] == 2 and s.models[1].end == 4


def test_sk_7_4_twenty_sixes_no_limit() -> None:  # skirmish SK-7.4 "no limit to the number of times"
    s = position(game(), {0: (15, 15, "E"), 1: (17, 15, "W")}, left=[1, 0])
    s.apply_action("headbutt P1")
    skip_boosts(s)
    roll(s, "|".join(["6,1,1"] + ["6"] * 19 + ["5"]))
    assert s.pend["a_hits"] == 21


def test_sk_7_4_batch_probability() -> None:  # skirmish SK-7.4 chance law of a batch
    s = engaged(left=[2, 0])
    s.apply_action("strike P1")
    skip_boosts(s)
    probs = {a.name: p for a, p in s.chance_outcomes()}
    assert probs["dice 5s=1 6s=1"] == pytest.approx(1 / 9)
    assert sum(probs.values()) == pytest.approx(1.0)


def test_sk_7_5_ex_3_success_block_tie() -> None:  # skirmish SK-7.5 SDV, SK-7.8, EX-3
    s = engaged(left=[2, 0])
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "6,5,2|3")
    roll(s, "5,1,1")
    ev = next(e for e in s.events if e.kind == "attack_result").data
    assert (ev["attacker_hits"], ev["defender_hits"], ev["sdv"], ev["outcome"]) == (2, 1, 1, "success")
    assert s.models[1].end == 5
    s = engaged(left=[3, 0], pools=[0, 2])
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "5,1,1")
    roll(s, "5,1,1")
    assert s.phase == TURN and s.left[0] == 1 and s.models[1].end == 6  # tie: nothing, no counter


def test_sk_7_6_end_floor_pays_ap() -> None:  # skirmish SK-7.6 END never below 1; AP to the attacker
    s = engaged(left=[2, 0], pools=[4, 0], end={1: 2})
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "6,5,5|1")
    roll(s, "1,1,1")
    assert s.models[1].end == 1 and s.pool[0] == 6
    s.apply_action("push 0")
    s = position(game(), {0: (25.5, 15, "E"), 1: (27.5, 15, "W")}, left=[3, 0], pools=[4, 0], end={1: 2})
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "6,5,5|1")
    roll(s, "1,1,1")
    s.apply_action("push max")
    assert s.models[1].end == 1 and s.pool[0] == 8  # 2 prevented SDV + 2 prevented ropes
    s = engaged(left=[2, 0], pools=[9, 0], end={1: 2})
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "6,5,5|1")
    roll(s, "1,1,1")
    assert s.pool[0] == 10


def test_sk_7_7_counter_maneuver() -> None:  # skirmish SK-7.7 block and counter-maneuver
    s = engaged(left=[4, 3], pools=[1, 3])
    s.apply_action("strike P1")
    s.apply_action("no boost")
    s.apply_action("no boost")
    roll(s, "4,3,1")
    roll(s, "5,6,2|1")
    assert s.phase == COUNTER and s.chooser == 1
    offered = names(s)
    assert not any(n.startswith("counter ") for n in offered)
    assert {"no counter", "strike P0", "body slam P0", "suplex P0", "whip P0 STR", "whip P0 TECH"} <= set(offered)
    assert "clothesline P0" not in offered and "pin attempt P0 STR" not in offered
    s.apply_action("body slam P0")
    assert s.pool[1] == 0 and s.left[1] == 3  # paid from the pool first (R-SK-33)
    s.apply_action("no boost")  # B (countering) may boost from bid
    s.apply_action("no boost")  # A defends
    roll(s, "5,5,1")
    roll(s, "2,2,2")
    assert s.models[0].end == 4 and s.models[0].staggered
    assert s.phase == TURN and s.chooser == 0 and s.left[0] == 2
    assert 3 in s.used[1] or any(s.game.maneuvers[i].name == "Body Slam" for i in s.used[1])


def test_sc_3_no_counter_of_a_counter() -> None:  # skirmish SK-7.7 "cannot be counter-maneuvered in turn"
    s = engaged(left=[3, 0], pools=[0, 3])
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "1,1,1")
    roll(s, "5,1,1")
    s.apply_action("strike P0")
    skip_boosts(s)
    roll(s, "1,1,1")
    roll(s, "5,5,1")  # A blocks the counter
    assert s.phase == TURN and s.chooser == 0


def test_ex_9_counter_respects_once_per_round() -> None:  # skirmish SK-4.3 with SK-7.7 (EX-9)
    s = engaged(left=[2, 0], pools=[0, 5])
    s.used[1].add(next(i for i, m in enumerate(s.game.maneuvers) if m.name == "Suplex"))
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "1,1,1")
    roll(s, "5,1,1")
    assert "suplex P0" not in names(s) and "body slam P0" in names(s)


def test_sk_7_9_stagger_and_shake() -> None:  # skirmish SK-7.9 stagger, SK-10.5 Body Slam, SK-10.10 Shake
    s = engaged(left=[5, 0])
    s.apply_action("body slam P1")
    skip_boosts(s)
    roll(s, "6,5,1|2")
    roll(s, "1,1,1")
    assert s.models[1].end == 4 and s.models[1].staggered and s.left[0] == 2
    assert "pin attempt P1 STR" in names(s) and "pin attempt P1 TECH" in names(s)
    s = engaged(left=[0, 3], staggered=(1,), turn=1, order=[0, 1])
    assert "shake the cobwebs" in names(s)
    s.apply_action("jockey")
    assert s.pend["dice"] == 1  # one die fewer while staggered
    s.apply_action("total 1")
    s.apply_action("stay")
    s.apply_action("keep facing")
    s.apply_action("shake the cobwebs")
    assert not s.models[1].staggered


# -- SK-8 PIN ATTEMPT -------------------------------------------------------------------------------
def test_sk_8_ex_2_three_count() -> None:  # skirmish SK-8 PIN ATTEMPT, EX-2 the three-count
    s = engaged(left=[2, 0], staggered=(1,), end={1: 2})
    assert "pin attempt P1 TECH" in names(s)
    s.apply_action("pin attempt P1 TECH")
    skip_boosts(s)
    roll(s, "5,1,1")
    roll(s, "1,2")
    roll(s, "6,2,2|5")
    roll(s, "5,1")
    roll(s, "5,5,1")
    roll(s, "6,1|1")
    assert [e.data["count"] for e in s.events if e.kind == "pin_count"] == [1, 2, 3]
    assert s.current_player() == TERMINAL and s.returns() == [1.0, -1.0]
    result = s.match_result()
    assert result is not None and result.method.value == "pin" and result.winning_players == (0,)


def test_sk_8_ex_2b_kick_out_on_two_then_counter() -> None:  # skirmish SK-8 kick-out, EX-5 counter after a pin
    s = engaged(left=[2, 0], pools=[0, 4], staggered=(1,), end={1: 2})
    s.apply_action("pin attempt P1 TECH")
    skip_boosts(s)
    roll(s, "5,1,1")
    roll(s, "1,2")
    roll(s, "5,1,1")
    roll(s, "5,5")
    assert [e.data for e in s.events if e.kind == "kick_out"] == [{"player": 1, "count": 1}]
    assert "Kick-out after one: B is still in it!" in [s.game.narrate(e) for e in s.events]
    assert s.phase == COUNTER and s.models[1].staggered
    s.apply_action("strike P0")
    assert s.pool[1] == 2
    roll(s, "5,6,1|1")
    roll(s, "1,1,1")
    assert s.models[0].end == 4 and s.models[1].staggered


def test_sk_8_pin_needs_stagger_and_boost_each_stage() -> None:  # skirmish SK-8 / SK-5 / SC-4
    s = engaged(left=[5, 3])
    assert not any(n.startswith("pin attempt") for n in names(s))
    s = engaged(left=[5, 3], staggered=(1,), end={1: 2})
    s.apply_action("pin attempt P1 TECH")
    for stage in range(3):
        s.apply_action("boost")
        s.apply_action("boost")
        assert s.pend["batch"] == 4
        roll(s, "5,1,1,1")
        roll(s, "1,1,1")
        if stage < 2:
            assert names(s) == ["no boost", "boost"] or s.left[0] == 0
    assert s.is_terminal() and s.left == [0, 0]


# -- SK-9 SPECIAL MANEUVERS / Flaunt --------------------------------------------------------------
def test_sk_9_2_flaunt_three_effects() -> None:  # skirmish SK-9.2 Flaunt, SK-10.9
    s = position(game(), {0: (5, 5, "E"), 1: (25, 25, "W")}, left=[4, 0], pools=[0, 2], end={0: 5})
    assert "flaunt" in names(s)  # no target, range or arc needed
    s.apply_action("flaunt")
    s.apply_action("boost")
    roll(s, "6,6,5")  # 3 hits: capped, no explosion batch
    assert s.current_player() == 0
    s.apply_action("effect end")
    s.apply_action("effect pin")
    assert "effect end" not in names(s)
    s.apply_action("drain P1")
    assert s.models[0].end == 6 and s.pool[1] == 1 and s.flaunt_pin[0] == 1 and s.phase == TURN


def test_sc_5_flaunt_pin_die_stacks_with_boost() -> None:  # skirmish SK-9.2 "+1 die on all Pin Attempt rolls"
    s = engaged(left=[5, 0], staggered=(1,), end={1: 2})
    s.flaunt_pin[0] = 1
    s.apply_action("pin attempt P1 TECH")
    s.apply_action("boost")
    assert s.pend["batch"] == 5


# -- SK-10 BASIC MANEUVER CHART -------------------------------------------------------------------
def test_sk_10_2_hustle_after_jockey() -> None:  # skirmish SK-10.2 HUSTLE
    s = position(game(), {0: (15, 15, "E"), 1: (5, 25, "W")}, left=[3, 0])
    assert "hustle" not in names(s)
    s.apply_action("jockey")
    s.apply_action("total 2")
    s.apply_action("stay")
    s.apply_action("keep facing")
    assert "hustle" in names(s)
    s.apply_action("hustle")
    assert s.left[0] == 0


def test_sk_10_3_strike_push_stops_at_base() -> None:  # skirmish SK-10.3 STRIKE
    g = game("fatal_four_way")
    s = position(g, {0: (15, 15, "E"), 1: (17, 15, "W"), 2: (19.6, 15, "W")}, left=[2, 0, 0, 0])
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "5,6,1|1")
    roll(s, "1,1,1")
    s.apply_action("push max")
    assert at(s, 1) == (18.0, 15.0) and at(s, 2) == (19.6, 15.0) and s.models[1].facing == (-1, 0)
    s = engaged(left=[2, 0])
    s.apply_action("strike P1")
    skip_boosts(s)
    roll(s, "5,6,1|1")
    roll(s, "1,1,1")
    assert names(s)[-1] == "push max" and "push 3" in names(s)
    s.apply_action("push max")
    assert at(s, 1) == (21.0, 15.0)


def test_sk_10_4_clothesline_after_jockey() -> None:  # skirmish SK-10.4 CLOTHESLINE
    s = engaged(left=[3, 0])
    assert "clothesline P1" not in names(s)
    s.apply_action("jockey")
    s.apply_action("total 2")
    s.apply_action("stay")
    s.apply_action("face 0")
    s.apply_action("clothesline P1")
    assert s.pend["batch"] == 4
    roll(s, "5,5,1,1")
    roll(s, "5,1,1")
    assert s.models[1].end == 5 and s.models[1].staggered and s.left[0] == 0


def test_sk_10_6_suplex_placements() -> None:  # skirmish SK-10.6 SUPLEX
    s = engaged(left=[3, 0])
    s.apply_action("suplex P1")
    skip_boosts(s)
    roll(s, "5,5,5,1")
    roll(s, "5,1,1")
    assert len([n for n in names(s) if n.startswith("place rear")]) == 9
    probe = s.clone()
    probe.apply_action("place rear 30")
    assert at(probe, 1) == (13.6, 15.8)
    s.apply_action("place rear 0")
    assert at(s, 1) == (13.4, 15.0) and s.models[1].end == 4 and s.models[1].facing == (-1, 0)
    s.apply_action("face P1")
    assert s.models[0].facing == (-1, 0)
    assert geo.completely_back(s.models[1].pos, s.models[1].facing, s.models[0].pos, 8)


def test_sk_10_7_whip_moves_and_faces_defender() -> None:  # skirmish SK-10.7 WHIP, EX-6
    s = position(game(), {0: (23, 15, "E"), 1: (25, 15, "W")}, left=[1, 0])
    s.apply_action("whip P1 STR")
    skip_boosts(s)
    roll(s, "5,6,1|1")
    roll(s, "1,1,1")
    assert s.current_player() == CHANCE and s.pend["dice"] == 2
    s.apply_action("total 9")
    assert names(s) == ["direct", "via rope E"]  # the E rope is 4.2" away (R-SK-11)
    s.apply_action("direct")
    assert s.phase == DEST and s.chooser == 0
    assert "move 16.0 15.0" not in names(s)  # A's base is in the way
    s.apply_action("rope E")
    s.apply_action("face 270")
    assert at(s, 1) == (29.2, 15.0) and s.models[1].facing == (0, -1)
    assert s.models[1].end == 4  # whip takes no END itself; the ropes take 2


def test_sk_10_1_zero_dice_is_a_pivot() -> None:  # skirmish SK-10.1 JOCKEY with 0 dice (R-SK-36)
    g = game("fatal_four_way")
    s = position(g, {3: (15, 15, "E"), 0: (5, 5, "E")}, left=[0, 0, 0, 3], staggered=(3,), turn=3,
                 order=[3, 0, 1, 2])
    s.apply_action("jockey")
    assert s.phase == DEST and names(s) == ["stay"]


# -- SK-11 MATCH TYPES ------------------------------------------------------------------------------
def test_sk_11_1_default_is_singles() -> None:  # skirmish SK-11.1 SINGLES MATCH
    from turnbuckle import load_game

    g = load_game("skirmish")
    assert g.num_players() == 2 and g.per_side == 1  # type: ignore[attr-defined]


def test_sk_11_2_four_way_first_pinfall() -> None:  # skirmish SK-11.2 FATAL FOUR-WAY
    g = game("fatal_four_way")
    s = position(g, {2: (15, 15, "E"), 0: (17, 15, "W"), 1: (5, 5, "E"), 3: (25, 25, "E")},
                 left=[0, 0, 2, 0], staggered=(0,), end={0: 1}, turn=2, order=[2, 0, 1, 3])
    s.apply_action("pin attempt P0 STR")
    for _ in range(3):
        roll(s, "5,1,1")
        roll(s, "1")
    assert s.returns() == pytest.approx([-1 / 3, -1 / 3, 1.0, -1 / 3])


def test_sk_11_3_tag_setup_partner_outside() -> None:  # skirmish SK-11.3 TAG MATCH
    s = game("tag").new_initial_state()
    s.apply_action("order P0 P1")
    s.apply_action("starter 2")
    s.apply_action("starter 1")
    s.apply_action("corner SW")
    assert [m.in_ring for m in s.models] == [False, True, True, False]
    assert s.active == [1, 2]


# -- SK-12 TAG MANEUVERS ----------------------------------------------------------------------------
def test_sk_12_1_tag_within_ten_inches() -> None:  # skirmish SK-12.1 TAG
    g = game("tag")
    s = position(g, {2: (24, 24, "SW"), 0: (10, 10, "NE")}, left=[0, 4], turn=1, order=[0, 1],
                 corners=["SW", "NE"])
    assert "tag" in names(s)
    s.apply_action("tag")
    assert s.active[1] == 3 and at(s, 3) == (24.0, 24.0) and s.models[3].facing == (-1, -1)
    assert not s.models[2].in_ring
    s = position(g, {2: (23, 23, "SW"), 0: (10, 10, "NE")}, left=[0, 4], turn=1, order=[0, 1],
                 corners=["SW", "NE"])
    assert "tag" not in names(s)


def test_sk_12_2_doubleteam_doubles_next_tag() -> None:  # skirmish SK-12.2 DOUBLETEAM
    g = game("tag")
    s = position(g, {0: (4.2, 4.2, "NE"), 2: (5.5, 5.5, "SW")}, left=[2, 3], turn=0, order=[0, 1],
                 corners=["SW", "NE"])
    s.apply_action("doubleteam P1")
    skip_boosts(s)
    skip_boosts(s)
    assert s.pend["batch"] == 6  # A's STR 3 + partner C's STR 3
    roll(s, "5,5,1,1,1,1")
    roll(s, "5,1,1")
    assert s.models[2].end == 5 and s.tag_double[1]
    s.apply_action("end turn")
    s.models[2].x, s.models[2].y = 240, 240  # back near its own corner
    s.refresh()
    assert "tag" not in names(s)  # 4 AP now, with 3 left


def test_sk_12_3_ex_7_once_per_round_across_a_tag() -> None:  # skirmish SK-12.3, EX-7
    g = game("tag")
    s = position(g, {2: (25, 25, "SW"), 0: (10, 10, "NE")}, left=[0, 6], turn=1, order=[0, 1],
                 corners=["SW", "NE"])
    s.apply_action("jockey")
    s.apply_action("total 2")
    s.apply_action("stay")
    s.apply_action("keep facing")
    s.apply_action("tag")
    offered = names(s)
    assert s.left[1] == 3 and "jockey" not in offered and "hustle" not in offered and "tag" not in offered
    assert "flaunt" in offered


# -- refusals carry a reason ----------------------------------------------------------------------
def test_illegal_messages() -> None:
    s = engaged(left=[3, 0])
    with pytest.raises(IllegalActionError, match="not legal"):
        s.apply_action("pin attempt P1 STR")
    s = game().new_initial_state()
    with pytest.raises(IllegalActionError):
        s.apply_action("bid 3")


# -- more worked examples and scenarios -----------------------------------------------------------
def test_ex_4_stagger_lasts_until_removed() -> None:  # skirmish SK-7.9, EX-4 "(e.g. Shake the Cobwebs)"
    g = game("fatal_four_way")
    s = position(g, {2: (10, 10, "E"), 0: (25, 25, "W"), 1: (5, 25, "E"), 3: (25, 5, "W")},
                 left=[0, 0, 1, 0], staggered=(2,), turn=2, order=[2, 0, 1, 3], round_=3)
    s.apply_action("cobweb duster")  # a unique maneuver with the remove_stagger effect
    assert not s.models[2].staggered


def test_sc_10_four_way_bid_ties() -> None:  # skirmish SK-3.2 with SK-11.2 (R-SK-19)
    g = game("fatal_four_way")
    s = position(g, {0: (5, 5, "E"), 1: (25, 5, "W"), 2: (5, 25, "E"), 3: (25, 25, "W")}, pools=[5, 5, 5, 5],
                 bidding=True)
    for bid in (1, 3, 1, 0):
        s.apply_action(f"bid {bid}")
    assert s.current_player() == CHANCE and s.tie_groups == [[0, 2]]
    s.apply_action("order P2 P0")
    assert s.order == [3, 2, 0, 1]


def test_sc_9_doubleteam_doubling_lapses_at_round_end() -> None:  # skirmish SK-12.2 (R-SK-34)
    g = game("tag")
    s = position(g, {0: (4.2, 4.2, "NE"), 2: (5.5, 5.5, "SW")}, left=[2, 0], pools=[0, 0], turn=0,
                 order=[1, 0], corners=["SW", "NE"])
    s.apply_action("doubleteam P1")
    skip_boosts(s)
    roll(s, "5,5,1,1,1,1")
    roll(s, "5,1,1")
    assert "tag_cost_doubled" in kinds(s)  # P1 already had its turn: the doubling lapses unused
    assert s.round == 2 and s.phase == BID and s.tag_double == [False, False]


def test_anchor_behind_is_completely_in_the_back_arc() -> None:  # skirmish SK-7.3 named points (R-SK-7)
    s = position(game(), {0: (10, 15, "E"), 1: (17, 15, "W")}, left=[3, 3], turn=1, order=[0, 1])
    s.apply_action("jockey")
    s.apply_action("total 12")
    assert "to P0 b2b 180" in names(s) and "to P0 2in 0" in names(s)
    s.apply_action("to P0 b2b 180")
    s.apply_action("face P0")
    a, b = s.models[0], s.models[1]
    assert geo.in_contact(a.pos, a.r, b.pos, b.r)
    assert geo.completely_back(a.pos, a.facing, b.pos, b.r)
    assert "backstab P0" in names(s)


def test_ex_6_whip_around_a_third_model() -> None:  # skirmish SK-10.7 EX-6 "not in a straight line"
    g = game("fatal_four_way")
    s = position(g, {0: (15, 15, "E"), 1: (17, 15, "W"), 2: (19, 15, "W"), 3: (5, 5, "E")}, left=[1, 0, 0, 0])
    s.apply_action("whip P1 STR")
    roll(s, "5,1,1")
    roll(s, "1,1,1")
    s.apply_action("total 5")
    assert "move 20.0 17.0" in names(s)
    s.apply_action("move 20.0 17.0")
    assert "face S" in names(s)
    s.apply_action("face S")
    assert at(s, 1) == (20.0, 17.0) and s.models[1].facing == (0, -1)


def test_describe_action_uses_the_chart() -> None:
    g = game()
    text = g.describe_action("suplex P1")
    assert text is not None and "3 AP" in text and "TECH + 1" in text


def test_sk_12_1_bigger_partner_placed_inside_and_displaces() -> None:  # skirmish SK-12.1 TAG with SK-6.2, SK-6.3
    g = game("tag")
    s = position(g, {0: (29.2, 3, "W"), 2: (27.6, 3, "E")}, left=[2, 0], turn=0, order=[0, 1],
                 corners=["SE", "NW"])
    s.models[1].r = 10  # C's base is 2.0": at A's centre it would hang over the E edge
    assert "tag" in names(s)
    s.apply_action("tag")
    c, b = s.models[1], s.models[2]
    assert at(s, 1) == (29.0, 3.0) and c.facing == (-1, 0)  # against the rope instead (R-SK-34)
    assert geo.inside(c.pos, c.r) and not geo.overlaps(c.pos, c.r, b.pos, b.r)
    assert at(s, 2) == (27.2, 3.0) and b.end == 6  # B displaced the least distance, no rope
    assert "displaced" in kinds(s)
