"""One test (at least) per section and per special rule of rumbleslam.txt; each names its heading."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import turnbuckle
from support.rumbleslam import do, fixture_game, lift, names, profile, restart, scenario, square, wrestler
from turnbuckle.engine.errors import DataFileError, ParamError
from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.core import stat_pool, touching
from turnbuckle.games.rumbleslam.rounds import dosh_decision
from turnbuckle.games.rumbleslam.state import FLOOR, LIFTED, OUT, SIDE, TB, RumbleslamState
from turnbuckle.games.rumbleslam.status import counter, damage, heal, remove
from turnbuckle.games.rumbleslam.steps import run


def duel(tmp_path: Path, a: dict[str, Any] | None = None, b: dict[str, Any] | None = None,
         a_at: str = "D4", b_at: str = "E4", extra: list[dict[str, Any]] = (), b_team: list[str] = (),  # type: ignore[assignment]
         **options: Any) -> RumbleslamState:
    """A (player 0, active) next to B (player 1)."""
    game = fixture_game(tmp_path, [profile("A", **(a or {})), profile("B", **(b or {})), *extra], ["A"],
                        ["B", *b_team], **options)
    spare = dict(zip(b_team, ("J10", "J8", "H10"), strict=False))
    return scenario(game, {"A": a_at, "B": b_at, **spare}, active="A")


# -- THE BASICS -----------------------------------------------------------------------------------
def test_stats_pools_add_dice_and_bonus(tmp_path: Path) -> None:
    # rumbleslam STATS: roll the listed dice, add them, add any bonus
    s = duel(tmp_path, a={"att": "1S+1C+1"})
    do(s, "brawl A->B", "S=3", "C=2", "C=0")
    ev = [e for e in s.events if e.kind == "roll"][-1]
    assert ev.data["totals"] == [6, 0]


def test_stamina_never_below_zero_or_above_start(tmp_path: Path) -> None:
    # rumbleslam STATS: STA between 0 and the starting value
    s = duel(tmp_path, b={"sta": 2})
    b = wrestler(s, "B")
    damage(s, b, 3)
    assert b.sta == 0 and b.ko
    heal(s, b, 5)
    assert b.sta == 2


def test_weight_three_has_a_two_by_two_base(tmp_path: Path) -> None:
    # rumbleslam BASE SIZE: WEIGHT 3 uses 4 squares
    s = duel(tmp_path, a={"weight": 3})
    assert len(wrestler(s, "A").cells()) == 4


def test_the_mat_has_104_squares() -> None:
    # rumbleslam THE MAT
    assert len(mat.FLOOR) + len(mat.TURNBUCKLES) == 104
    assert len(mat.ROPE_CELLS) == 40


def test_re_rolls_initiative_holder_first_and_never_twice(tmp_path: Path) -> None:
    # rumbleslam RE-ROLLS / ENDORSEMENTS
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"],
                        team0_extra={"endorsements": 2}, team1_extra={"endorsements": 2})
    s = scenario(game, {"A": "D4", "B": "E4"}, active="A")
    do(s, "brawl A->B", "C=0", "C=1")  # A is losing: player 0 (the card holder) may re-roll
    assert s.current_player() == 0 and names(s) == {"re-roll die 1", "keep dice"}
    do(s, "re-roll die 1", "C=3")
    assert s.current_player() == 1 and names(s) == {"re-roll die 2", "keep dice"}  # now B is losing
    do(s, "keep dice")
    assert wrestler(s, "B").sta == 3 and s.endorsements == [1, 2]


def test_re_rolls_on_crowd_dice_when_a_die_hurts(tmp_path: Path) -> None:
    # rumbleslam ENDORSEMENTS: "at any time ... Gold, Silver, Copper, or Crowd", only your own dice
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"],
                        team0_extra={"endorsements": 1}, team1_extra={"endorsements": 1})
    s = scenario(game, {"A": "D4", "B": "E4"}, active="A")
    do(s, "lift A->B", "Crowd=Boo")  # the Dirty check fails: A's player may re-roll the Boo
    assert s.current_player() == 0 and names(s) == {"re-roll die 1", "keep dice"}
    do(s, "re-roll die 1", "Crowd=Cheer")
    assert s.current_player() == 1 and names(s) == {"defend GRP", "defend DEX"} and s.endorsements == [0, 1]
    s = scenario(game, {"A": "D4", "B": "E4"}, active="A")
    do(s, "lift A->B", "Crowd=Blank")  # a passed check: nothing to re-roll
    assert names(s) == {"defend GRP", "defend DEX"}


def test_re_rolls_on_crowd_dice_follow_the_option(tmp_path: Path) -> None:
    # rumbleslam ENDORSEMENTS: reroll_prompts=never offers none (Crowd Pleaser: a Blank can still become a Cheer)
    for option, offered in (("useful", True), ("never", False)):
        game = fixture_game(tmp_path, [profile("A", pop=1), profile("B")], ["A"], ["B"], reroll_prompts=option,
                            team0_extra={"endorsements": 1})
        s = scenario(game, {"A": "D4", "B": "J10"}, active="A")
        do(s, "crowd pleaser A", "Crowd=Blank")
        assert (names(s) == {"re-roll die 1", "keep dice"}) is offered


def test_re_rolls_on_the_initiative_roll_holder_first(tmp_path: Path) -> None:
    # rumbleslam RE-ROLLS / TAKING THE INITIATIVE: the Initiative card holder declares re-rolls first
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"],
                        team0_extra={"endorsements": 1}, team1_extra={"endorsements": 1})
    s = game.new_initial_state()
    do(s, "G=1", "G=4", "keep dice", "corner NW", "place A1", "place J10")  # (the roll-off may be re-rolled)
    assert s.holder == 0 and s.current_player() == CHANCE
    do(s, "C=0", "C=1")  # B ahead: the holder (A's player) may re-roll
    assert s.current_player() == 0 and names(s) == {"re-roll die 1", "keep dice"}
    do(s, "re-roll die 1", "C=2")  # now A leads: B's player may answer
    assert s.current_player() == 1 and names(s) == {"re-roll die 2", "keep dice"}
    do(s, "re-roll die 2", "C=2")  # a draw goes to the card holder: B's player has nothing left
    assert s.active == wrestler(s, "A").index and s.endorsements == [0, 0]


def test_re_rolls_on_the_setup_roll_off(tmp_path: Path) -> None:
    # rumbleslam ENDORSEMENTS / SETTING UP THE GAME: "at any time during the match to re-roll a single
    # die": each player's own 1G of the roll-off, seat order first (no card holder yet, R-RS-34)
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"],
                        team0_extra={"endorsements": 1}, team1_extra={"endorsements": 1})
    s = game.new_initial_state()
    do(s, "G=1", "G=4")  # player 0 is the lowest: only player 1 is offered a re-roll
    assert s.current_player() == 1 and names(s) == {"re-roll die 2", "keep dice"}
    prompt = s.observation(1)["prompt"]  # the dice are shown to the player who decides
    assert "die 1: G=1" in prompt and "die 2: G=4" in prompt and "1 left" in prompt and "lowest" in prompt
    do(s, "re-roll die 2", "G=0")  # now player 1 picks (and will hold the Initiative card)
    assert s.current_player() == 1 and "corner NW" in names(s) and s.endorsements == [1, 0]
    s = game.new_initial_state()
    do(s, "G=4", "G=1")  # player 0 behind: seat 0 declares first
    assert s.current_player() == 0 and names(s) == {"re-roll die 1", "keep dice"}
    do(s, "re-roll die 1", "G=0")
    assert s.current_player() == 1 and names(s) == {"re-roll die 2", "keep dice"}  # now player 1 is behind
    do(s, "re-roll die 2", "G=0")  # a draw: everybody rolls again, nobody has an Endorsement left
    assert s.current_player() == CHANCE and s.endorsements == [0, 0]
    do(s, "G=3", "G=2")
    assert s.current_player() == 1 and "corner NW" in names(s)
    never = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"], reroll_prompts="never",
                         team0_extra={"endorsements": 1}, team1_extra={"endorsements": 1})
    s = do(never.new_initial_state(), "G=4", "G=1")
    assert s.current_player() == 1 and "corner NW" in names(s)


def test_re_rolls_on_the_sponsorship_roll(tmp_path: Path) -> None:
    # rumbleslam ENDORSEMENTS / SPONSORSHIP BONUSES: the Sponsorship die is the player's own
    game = fixture_game(tmp_path, [profile("A"), profile("A2"), profile("B")], ["A", "A2"], ["B"],
                        team0_extra={"sponsorships": ["Orka-Cola"], "endorsements": 1},
                        team1_extra={"endorsements": 1})
    s = scenario(game, {"A": "D4", "A2": "D6", "B": "H8"})
    s.round = 1
    restart(s, ("round_start",))
    do(s, "sponsor Orka-Cola", "S=1")  # 1 of the 2 wrestlers in the ring: worth a re-roll
    assert s.current_player() == 0 and names(s) == {"re-roll die 1", "keep dice"}
    do(s, "re-roll die 1", "S=3")  # 3 >= 2: both get the (+AP) counter, no recipient to pick
    assert (wrestler(s, "A").p_ap, wrestler(s, "A2").p_ap) == (1, 1) and s.endorsements == [0, 1]
    s = scenario(game, {"A": "D4", "A2": "D6", "B": "H8"})
    s.round = 1
    restart(s, ("round_start",))
    do(s, "sponsor Orka-Cola", "S=2")  # enough for everybody: nothing to re-roll
    assert s.endorsements == [1, 1] and s.current_player() != CHANCE and "re-roll die 1" not in names(s)


def test_counters_one_of_each_unless_two(tmp_path: Path) -> None:
    # rumbleslam COUNTERS
    s = duel(tmp_path)
    b = wrestler(s, "B")
    counter(s, b, "-AP", 1)
    counter(s, b, "-AP", 1)
    assert b.m_ap == 1
    counter(s, b, "-MP", 2)
    counter(s, b, "-MP", 2)
    assert b.m_mp == 2


def test_object_of_the_game_last_team_in_the_ring_wins(tmp_path: Path) -> None:
    # rumbleslam OBJECT OF THE GAME
    s = duel(tmp_path, b={"sta": 4})
    b = wrestler(s, "B")
    b.kd = 1
    do(s, "pin A->B", "C=3", "C=0", "C=0", "C=0")  # full STA: 1C + 2C
    assert s.current_player() == TERMINAL and s.returns() == [1.0, -1.0]
    result = s.match_result()
    assert result is not None and result.winner is not None and result.winner.players == (0,)


def test_rounds_dosh_count_ko_half_sidelines_nothing(tmp_path: Path) -> None:
    # rumbleslam ROUNDS / ON THE SIDELINES: after round 5 the Dosh in the ring decides
    game = fixture_game(tmp_path, [profile("A1", dosh=300), profile("A2", dosh=200), profile("B1", dosh=450),
                                   profile("B2", dosh=500)], ["A1", "A2"], ["B1", "B2"])
    s = scenario(game, {"A1": "B2", "A2": "C3", "B1": "H8"})
    wrestler(s, "A2").sta = 0
    dosh_decision(s)
    assert s.dosh_count == [400.0, 450.0] and s.returns() == [-1.0, 1.0]
    assert wrestler(s, "B2").loc == SIDE


def test_rounds_five_then_the_match_ends() -> None:
    # rumbleslam ROUNDS: at most 5 rounds
    import random

    game = turnbuckle.load_game("rumbleslam")
    s = game.new_initial_state()
    rng = random.Random(4)
    while not s.is_terminal():
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    assert s.round <= 5


# -- SETTING UP / INITIATIVE / ACTIVATING --------------------------------------------------------
def test_setting_up_lowest_gold_picks_a_corner(tmp_path: Path) -> None:
    # rumbleslam SETTING UP THE GAME: 1G each, the lowest picks, the next takes the opposite corner
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"])
    s = game.new_initial_state()
    do(s, "G=2", "G=2")  # a draw: re-roll
    assert s.current_player() == CHANCE
    do(s, "G=4", "G=1")
    assert s.current_player() == 1 and "corner NW" in names(s)
    do(s, "corner NE")
    assert s.corners == [mat.SW, mat.NE]
    assert names(s) == {f"place {mat.SQUARE_NAMES[c]}" for c in mat.corner_squares(mat.NE)}
    assert s.holder == 1  # the first to place holds the Initiative card


def test_initiative_tie_goes_to_the_card_holder(tmp_path: Path) -> None:
    # rumbleslam TAKING THE INITIATIVE
    game = fixture_game(tmp_path, [profile("A", dex="1S"), profile("B")], ["A"], ["B"])
    s = game.new_initial_state()
    do(s, "G=1", "G=4", "corner NW", "place A1", "place J10")
    assert s.round == 1 and s.current_player() == CHANCE  # the DEX rolls of the two nominees
    do(s, "S=1", "C=1")
    assert s.active == wrestler(s, "A").index


def test_activating_alternates_and_the_bigger_team_finishes(tmp_path: Path) -> None:
    # rumbleslam ACTIVATING WRESTLERS: A, B, A, A
    game = fixture_game(tmp_path, [profile("A1"), profile("A2"), profile("A3"), profile("B")],
                        ["A1", "A2", "A3"], ["B"])
    s = scenario(game, {"A1": "A1", "A2": "A3", "A3": "A5", "B": "J10"}, active="A1")
    order = [s.active]
    for _ in range(3):
        do(s, "end")
        if s.stack[-1][1] == "activate":
            do(s, sorted(names(s))[0])
        order.append(s.active)
    assert [s.ws[i].player for i in order] == [0, 1, 0, 0]


def test_unspent_points_are_lost_and_replenish_next_round(tmp_path: Path) -> None:
    # rumbleslam ACTIVATING WRESTLERS
    s = duel(tmp_path)
    do(s, "end")
    assert wrestler(s, "A").ap == 0


# -- MOVEMENT / ACTION POINTS ----------------------------------------------------------------------
def test_movement_diagonal_squeeze(tmp_path: Path) -> None:
    # rumbleslam MOVEMENT POINTS: moving diagonally between two wrestlers is allowed
    game = fixture_game(tmp_path, [profile("A"), profile("B"), profile("C")], ["A"], ["B", "C"])
    s = scenario(game, {"A": "C3", "B": "D3", "C": "C4"}, active="A")
    do(s, "move A D4")
    assert wrestler(s, "A").mp == 3


def test_action_points_limit_actions(tmp_path: Path) -> None:
    # rumbleslam ACTION POINTS: an action costing more AP than is left is not offered
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"])
    s = scenario(game, {"A": "D4", "B": "E4"}, active="A", ap=1)
    assert "brawl A->B" in names(s) and "trip A->B" not in names(s)


# -- BRAWL / GRAPPLE / GRAPPLE ABILITIES -----------------------------------------------------------
def test_brawl_higher_wins_draw_fails(tmp_path: Path) -> None:
    # rumbleslam BRAWL
    s = duel(tmp_path)
    do(s, "brawl A->B", "C=1", "C=1")
    assert wrestler(s, "B").sta == 4
    do(s, "brawl A->B", "C=2", "C=1")
    assert wrestler(s, "B").sta == 3


def test_grapple_is_grp_against_grp(tmp_path: Path) -> None:
    # rumbleslam GRAPPLE
    s = duel(tmp_path, a={"grp": "1S"}, b={"def": "1G"})
    do(s, "grapple A->B")
    assert [k for _, k, _, _ in s.buf] == ["S", "C"]
    do(s, "S=2", "C=1")
    assert wrestler(s, "B").sta == 3


def test_grapple_ability_uses_its_profile(tmp_path: Path) -> None:
    # rumbleslam GRAPPLE ABILITIES
    s = duel(tmp_path, a={"grp": "1S", "abilities": [{"name": "Suplex", "kind": "grapple", "ap": 2, "stat": "1S",
                                                      "dmg": 2, "rules": ["KNOCKDOWN"]}]})
    do(s, "use Suplex: A->B", "S=3", "C=1")
    b = wrestler(s, "B")
    assert b.sta == 2 and b.kd == 1 and wrestler(s, "A").ap == 1


# -- DIRTY / TRIP ------------------------------------------------------------------------------------
def test_dirty_boo_ends_the_activation(tmp_path: Path) -> None:
    # rumbleslam DIRTY
    s = duel(tmp_path)
    do(s, "trip A->B", "Crowd=Boo")
    a = wrestler(s, "A")
    assert a.m_ap == 1 and s.active != a.index


@pytest.mark.parametrize(("stat", "faces", "expect"), [
    ("DEF", ("C=1", "C=1"), "attacker hurt"),
    ("DEX", ("C=0", "C=0"), "dodge"),
    ("DEF", ("C=3", "C=0"), "knocked down"),
])
def test_trip(tmp_path: Path, stat: str, faces: tuple[str, str], expect: str) -> None:
    # rumbleslam TRIP: ATT against DEF or DEX (the defender's choice)
    s = duel(tmp_path)
    do(s, "trip A->B", "Crowd=Blank")
    assert s.current_player() == 1 and names(s) == {"defend DEF", "defend DEX"}
    do(s, f"defend {stat}", *faces)
    if expect == "attacker hurt":
        assert wrestler(s, "A").sta == 3
    elif expect == "dodge":
        assert s.current_player() == 1 and all(n.startswith("place ") for n in names(s))
        do(s, "place F5")
        assert square(s, "B") == "F5"
    else:
        assert wrestler(s, "B").kd == 1 and wrestler(s, "B").sta == 4


# -- KNOCKED DOWN / KO'D --------------------------------------------------------------------------
def test_knocked_down_def_is_zero_and_must_stand(tmp_path: Path) -> None:
    # rumbleslam KNOCKED DOWN
    s = duel(tmp_path)
    wrestler(s, "B").kd = 1
    do(s, "brawl A->B")
    assert [k for _, k, _, _ in s.buf] == ["C"]  # no DEF dice
    do(s, "C=1")
    assert wrestler(s, "B").sta == 3
    do(s, "end")
    assert names(s) == {"end", "stand up B"}
    do(s, "stand up B")
    assert wrestler(s, "B").kd == 0


@pytest.mark.parametrize("face", ["Crowd=Cheer", "Crowd=Boo"])
def test_kod_recovery_roll(tmp_path: Path, face: str) -> None:
    # rumbleslam KO'D: a Crowd die at the start of its activation
    s = duel(tmp_path)
    b = wrestler(s, "B")
    damage(s, b, 4)
    assert b.ko and b.kd
    do(s, "end")
    assert s.current_player() == CHANCE and s.buf[0][1] == "Crowd"
    do(s, face)
    if face == "Crowd=Cheer":
        assert b.sta == 1 and b.kd and names(s) == {"end", "stand up B"}
    else:
        assert b.sta == 0 and s.active != b.index


# -- BEATDOWNS & REVERSALS -------------------------------------------------------------------------
def test_beatdown_row_5_adds_dmg_and_shove(tmp_path: Path) -> None:
    # rumbleslam BEATDOWNS
    s = duel(tmp_path, a={"att": "1S+1"})
    do(s, "brawl A->B", "S=4", "C=0")
    assert wrestler(s, "B").sta == 2
    assert s.current_player() == 0 and "shove W" not in names(s) and len(names(s)) == 7
    do(s, "shove E")
    assert square(s, "B") == "G4"


def test_beatdown_8_is_an_instant_ko(tmp_path: Path) -> None:
    # rumbleslam BEATDOWNS: 8+
    s = duel(tmp_path, a={"att": "2S"}, b={"sta": 5})
    wrestler(s, "B").kd = 1
    do(s, "brawl A->B", "S=4", "S=4")
    assert wrestler(s, "B").ko


def test_beatdown_6_dazes(tmp_path: Path) -> None:
    # rumbleslam BEATDOWNS: 6 = +2 DMG (DAZED)
    s = duel(tmp_path, a={"att": "2S"}, b={"sta": 6})
    do(s, "brawl A->B", "S=3", "S=3", "C=0")
    assert wrestler(s, "B").sta == 3 and s.buf[0][1] == "Crowd"


def test_reversal_5_hurts_and_the_defender_shoves(tmp_path: Path) -> None:
    # rumbleslam REVERSALS: 5
    s = duel(tmp_path, b={"def": "1G"})
    do(s, "brawl A->B", "C=0", "G=5")
    assert wrestler(s, "A").sta == 3 and s.current_player() == 1 and "shove E" not in names(s)
    do(s, "shove W")
    assert square(s, "A") == "B4" and s.active != wrestler(s, "A").index


def test_reversal_8_hits_the_attacker_and_the_defender_pleases_the_crowd(tmp_path: Path) -> None:
    # rumbleslam REVERSALS: 8+
    s = duel(tmp_path, b={"def": "2G"})
    do(s, "brawl A->B", "C=0", "G=5", "G=3")
    assert wrestler(s, "A").sta == 2
    assert s.current_player() == CHANCE and s.buf[0][1] == "Crowd"


# -- PIN -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("sta", "ko", "dice"), [(3, False, 2), (5, False, 3), (2, False, 1), (0, True, 1)])
def test_pin_dice(tmp_path: Path, sta: int, ko: bool, dice: int) -> None:
    # rumbleslam PIN: 1C per WEIGHT; +1C at half STA (rounded up), +2C at full; KO'd 1C
    s = duel(tmp_path, a={"weight": 2}, b={"sta": 5}, extra=[profile("C")], b_team=["C"])
    b = wrestler(s, "B")
    b.sta = sta
    b.kd = 1
    assert "pin A->B" in names(s)
    do(s, "pin A->B")
    assert [side for side, _, _, _ in s.buf] == [0, 0] + [1] * dice


def test_pin_needs_a_knockdown(tmp_path: Path) -> None:
    # rumbleslam PIN
    s = duel(tmp_path)
    assert "pin A->B" not in names(s)


def test_pin_success_removes_and_crowd_pleaser(tmp_path: Path) -> None:
    # rumbleslam PIN / (CROWD)
    s = duel(tmp_path, extra=[profile("C")], b_team=["C"])
    wrestler(s, "B").kd = 1
    do(s, "pin A->B", "C=3", "C=0", "C=0", "C=0")
    assert wrestler(s, "B").loc == OUT and s.buf[0][1] == "Crowd" and wrestler(s, "A").ap == 2


# -- THE ROPES ---------------------------------------------------------------------------------------------
def test_bounce_only_from_rope_contact_and_never_diagonal(tmp_path: Path) -> None:
    # rumbleslam BOUNCE OFF THE ROPE
    s = duel(tmp_path, a_at="A1", b_at="J10")
    assert {n for n in names(s) if n.startswith("bounce")} == {"bounce A off N", "bounce A off W"}
    do(s, "bounce A off W")
    assert square(s, "A") == "F1" and wrestler(s, "A").mp == 4
    s = duel(tmp_path)
    assert not [n for n in names(s) if n.startswith("bounce")]


def test_rope_ability_has_no_extra_copper(tmp_path: Path) -> None:
    # rumbleslam ROPE ABILITIES
    s = duel(tmp_path, a={"abilities": [{"name": "Clothesline", "kind": "rope", "ap": 2, "stat": "1S", "dmg": 1,
                                         "rules": ["KNOCKDOWN"]}]}, a_at="A4", b_at="E4")
    do(s, "use Clothesline: A off W")
    assert square(s, "A") == "D4" and [k for _, k, _, _ in s.buf] == ["S", "C"]
    do(s, "S=2", "C=0")
    assert wrestler(s, "B").sta == 3 and wrestler(s, "B").kd


def test_rocket_bounces_eight(tmp_path: Path) -> None:
    # rumbleslam (ROCKET)
    s = duel(tmp_path, a={"abilities": [{"name": "Rocket", "kind": "rope", "ap": 1, "stat": "1S",
                                         "rules": ["ROCKET"]}]}, a_at="A5", b_at="J1")
    do(s, "use Rocket: A off W")
    assert square(s, "A") == "I5"


def test_bounced_from_the_ropes_by_a_shove(tmp_path: Path) -> None:
    # rumbleslam BOUNCED FROM THE ROPES / (SHOVE X)
    s = duel(tmp_path, a={"abilities": [{"name": "Push", "kind": "active", "ap": 1, "stat": "1C", "dmg": 0,
                                         "rules": ["SHOVE 2"]}]}, a_at="C2", b_at="B1")
    do(s, "use Push: A->B", "C=1", "C=0", "shove W")
    assert square(s, "B") == "F1"


# -- THE TURNBUCKLE ---------------------------------------------------------------------------------------
def test_climb_and_knocked_off(tmp_path: Path) -> None:
    # rumbleslam CLIMB THE TURNBUCKLE
    game = fixture_game(tmp_path, [profile("A"), profile("B"), profile("C")], ["A"], ["B", "C"])
    s = scenario(game, {"A": "J1", "B": "TB-NE", "C": "E5"}, active="A")
    do(s, "brawl A->B", "C=1", "C=0")
    assert s.buf[0][1] == "C"  # B's DEX test to stay up
    do(s, "C=1")
    assert wrestler(s, "B").loc == OUT
    assert s.current_player() == CHANCE and s.buf[0][1] == "Crowd"


def test_dismount(tmp_path: Path) -> None:
    # rumbleslam DISMOUNT THE TURNBUCKLE
    s = duel(tmp_path, a_at="TB-NW", b_at="J10")
    do(s, "dismount A")
    assert square(s, "A") == "A1" and wrestler(s, "A").ap == 2
    s2 = duel(tmp_path, a_at="TB-NW", b_at="A1")
    assert "dismount A" not in names(s2)


@pytest.mark.parametrize(("option", "dmg"), [(1, 1), (2, 2)])
def test_turnbuckle_attack(tmp_path: Path, option: int, dmg: int) -> None:
    # rumbleslam TURNBUCKLE: range = MP, ATT+1G, (JUMP), (CROWD); Quick Reference option for 2 DMG
    game = fixture_game(tmp_path, [profile("A", mp=5), profile("B", sta=6), profile("C")], ["A"], ["B", "C"],
                        turnbuckle_attack_damage=option)
    s = scenario(game, {"A": "TB-NW", "B": "E5", "C": "F5"}, active="A")
    assert "turnbuckle A->B" in names(s) and "turnbuckle A->C" not in names(s)
    do(s, "turnbuckle A->B", "land D4")
    assert [k for _, k, _, _ in s.buf] == ["C", "G", "C"]
    do(s, "C=1", "G=3", "C=2")
    assert wrestler(s, "B").sta == 6 - dmg and s.buf[0][1] == "Crowd"


def test_smashed_against_the_turnbuckle(tmp_path: Path) -> None:
    # rumbleslam SMASHED AGAINST THE TURNBUCKLE
    s = duel(tmp_path, a={"abilities": [{"name": "Shove", "kind": "active", "ap": 1, "stat": "1C", "dmg": 1,
                                         "rules": ["SHOVE 3"]}]}, b={"sta": 5}, a_at="D4", b_at="C3")
    do(s, "use Shove: A->B", "C=1", "C=0", "shove NW")
    assert square(s, "B") == "A1" and wrestler(s, "B").sta == 2


# -- LIFT / THROW -----------------------------------------------------------------------------------------
def test_lift_a_kod_wrestler_needs_weight(tmp_path: Path) -> None:
    # rumbleslam LIFT: equal or beat WEIGHT; Dirty rolls succeed automatically against the KO'd
    s = duel(tmp_path, a={"grp": "1S"}, b={"weight": 2})
    damage(s, wrestler(s, "B"), 9)
    do(s, "lift A->B")
    assert [k for _, k, _, _ in s.buf] == ["S"]
    do(s, "S=1")
    assert wrestler(s, "B").loc == FLOOR
    do(s, "lift A->B", "S=2")
    assert wrestler(s, "B").loc == LIFTED and wrestler(s, "A").lifting == wrestler(s, "B").index


def test_lift_conscious_enemy_and_drop_on_damage(tmp_path: Path) -> None:
    # rumbleslam LIFT
    s = duel(tmp_path)
    do(s, "lift A->B", "Crowd=Cheer", "defend GRP", "C=2", "C=1")
    b = wrestler(s, "B")
    assert b.loc == LIFTED and not b.cells()
    damage(s, wrestler(s, "A"), 1)
    s._legal = None
    run(s)  # the placement runs first, as it would after the step that did the damage
    # the Lifted wrestler's controller places it: any free square in base contact with the lifter
    assert s.current_player() == 1
    assert names(s) == {f"place {q}" for q in ("C3", "C4", "C5", "D3", "D5", "E3", "E4", "E5")}
    assert "dropped" in s.observation(1)["prompt"]
    do(s, "place C5")
    assert b.loc == FLOOR and square(s, "B") == "C5" and touching(s, b, wrestler(s, "A"))
    assert s.current_player() == 0  # then the activation goes on


def test_lift_drop_with_one_free_square_needs_no_decision(tmp_path: Path) -> None:
    # rumbleslam LIFT: "The controlling player places their Lifted wrestler in base contact"
    game = fixture_game(tmp_path, [profile("A"), profile("B"), profile("C"), profile("D")], ["A", "C", "D"], ["B"])
    s = scenario(game, {"A": "A1", "C": "A2", "D": "B1"}, active="A", prepare=lambda st: lift(st, "A", "B"))
    damage(s, wrestler(s, "A"), 1)
    s._legal = None
    run(s)  # the placement runs first, as it would after the step that did the damage
    assert square(s, "B") == "B2" and s.current_player() == 0 and "end" in names(s)


def test_lift_fail_on_grp_hurts_the_lifter(tmp_path: Path) -> None:
    # rumbleslam LIFT
    s = duel(tmp_path)
    do(s, "lift A->B", "Crowd=Cheer", "defend GRP", "C=1", "C=1")
    assert wrestler(s, "A").sta == 3


@pytest.mark.parametrize(("faces", "escaped"), [(("C=1", "C=1"), True), (("C=2", "C=1"), False)])
def test_activating_a_lifted_wrestler(tmp_path: Path, faces: tuple[str, str], escaped: bool) -> None:
    # rumbleslam ACTIVATING A LIFTED WRESTLER
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"])
    s = scenario(game, {"A": "D4", "B": "E4"}, active="A", prepare=lambda st: lift(st, "A", "B"))
    do(s, "end")
    assert s.current_player() == 1 and names(s) == {"defend GRP", "defend DEX"}
    do(s, "defend DEX", *faces)
    b = wrestler(s, "B")
    if escaped:
        # the escaping wrestler's player places it in base contact with the lifter
        assert s.current_player() == 1 and len(names(s)) == 8 and "place E5" in names(s)
        do(s, "place E5")
    assert (b.loc == FLOOR) is escaped
    if escaped:
        assert square(s, "B") == "E5" and s.active == b.index
    else:
        assert s.active != b.index


def test_throw_range_and_dirty(tmp_path: Path) -> None:
    # rumbleslam THROW / DIRTY: throwing a conscious enemy is Dirty
    game = fixture_game(tmp_path, [profile("A"), profile("B"), profile("C")], ["A"], ["B", "C"])
    s = scenario(game, {"A": "D4", "B": "E4", "C": "J10"}, active="A", prepare=lambda st: lift(st, "A", "B"))
    legal = names(s)
    assert "throw G7" in legal and "throw H4" not in legal
    do(s, "throw G7", "Crowd=Cheer")
    assert square(s, "B") == "G7"


def test_throwing_a_kod_wrestler_out(tmp_path: Path) -> None:
    # rumbleslam THROWING A KO'D WRESTLER OUT OF THE RING: no test, no Dirty roll
    game = fixture_game(tmp_path, [profile("A"), profile("B"), profile("C")], ["A"], ["B", "C"])

    def ko_and_lift(st: RumbleslamState) -> None:
        damage(st, wrestler(st, "B"), 9)
        lift(st, "A", "B")

    s = scenario(game, {"A": "C2", "B": "E4", "C": "J10"}, active="A", prepare=ko_and_lift)
    do(s, "throw N-C")
    assert wrestler(s, "B").loc == OUT and s.buf[0][1] == "Crowd"


def test_thrown_out_but_stays_in_is_placed_by_its_own_player(tmp_path: Path) -> None:
    # rumbleslam THROW / THROWING A WRESTLER OUT THE RING: "If they succeed, the defending player places
    # the wrestler in base contact with the rope as close as possible to the target square" (R-RS-21)
    game = fixture_game(tmp_path, [profile("A"), profile("X"), profile("B"), profile("Y")], ["A", "X"], ["B", "Y"])
    s = scenario(game, {"A": "C2", "X": "J10", "Y": "H8"}, active="A", prepare=lambda st: lift(st, "A", "B"))
    do(s, "throw N-E", "Crowd=Cheer", "C=3")
    assert s.current_player() == 1 and names(s) == {"place D1", "place E1", "place F1"}
    assert "stays in the ring" in s.observation(1)["prompt"] and "N-E" in s.observation(1)["prompt"]
    do(s, "place F1")
    assert square(s, "B") == "F1" and wrestler(s, "B").loc == FLOOR
    assert s.current_player() == 0 and s.active == wrestler(s, "A").index  # no bounce, no (CROWD)
    # only squares touching *that* rope: with A1 and A2 taken, W-1's nearest is A3 (B1, as near, is on
    # the north rope); a single square needs no decision
    s = scenario(game, {"A": "C2", "X": "A1", "Y": "A2"}, active="A", prepare=lambda st: lift(st, "A", "B"))
    do(s, "throw W-1", "Crowd=Cheer", "C=3")
    assert square(s, "B") == "A3" and s.current_player() == 0


def test_a_thrown_weight_3_base_is_placed_by_the_thrower(tmp_path: Path) -> None:
    # rumbleslam THROW: "Simply pick a single square within the THROW distance - part of the wrestler's
    # base must be in that square": the thrower's player places the 2x2 (AMB-69, R-RS-19), IMPACT included
    game = fixture_game(tmp_path, [profile("A"), profile("T", weight=3), profile("Y")], ["A"], ["T", "Y"])
    s = scenario(game, {"A": "D4", "Y": "H4"}, active="A", prepare=lambda st: lift(st, "A", "T"))
    do(s, "throw G4", "Crowd=Cheer")
    assert s.current_player() == 0 and names(s) == {"place F3", "place G3", "place F4", "place G4"}
    assert "THROW" in s.observation(0)["prompt"] and wrestler(s, "T").in_ring
    do(s, "place F3")  # a free base: no IMPACT
    assert square(s, "T") == "F3" and square(s, "Y") == "H4" and s.current_player() == 0
    s = scenario(game, {"A": "D4", "Y": "H4"}, active="A", prepare=lambda st: lift(st, "A", "T"))
    do(s, "throw G4", "Crowd=Cheer", "place G4")  # over Y: (IMPACT) pushes it aside (the active player's)
    assert s.current_player() == 0 and s.stack[-1][3] == "impact"  # T in the air above G4 until Y moves
    do(s, sorted(names(s))[0])
    assert square(s, "T") == "G4" and not set(wrestler(s, "Y").cells()) & set(wrestler(s, "T").cells())


def test_a_removed_lifter_drops_its_load_for_its_player_to_place(tmp_path: Path) -> None:
    # rumbleslam LIFT: the lifted wrestler is dropped and "the controlling player places their Lifted
    # wrestler in base contact with the Lifting wrestler (or in the closest unoccupied square)" (R-RS-17)
    game = fixture_game(tmp_path, [profile("A"), profile("X"), profile("B"), profile("C")], ["A", "X"], ["B", "C"])
    s = scenario(game, {"A": "D4", "X": "J10", "C": "H8"}, active="A", prepare=lambda st: lift(st, "A", "B"))
    remove(s, wrestler(s, "A"), "test")
    s._legal = None
    run(s)
    assert s.current_player() == 1 and names(s) == {f"place {q}" for q in
                                                    ("C3", "D3", "E3", "C4", "E4", "C5", "D5", "E5")}
    do(s, "place E5")
    assert square(s, "B") == "E5" and wrestler(s, "B").lifted_by == -1 and wrestler(s, "A").lifting == -1


def test_throwing_onto_the_turnbuckle(tmp_path: Path) -> None:
    # rumbleslam THROWING A WRESTLER ONTO THE TURNBUCKLE
    game = fixture_game(tmp_path, [profile("A"), profile("B"), profile("C")], ["A"], ["B", "C"])
    s = scenario(game, {"A": "B2", "B": "E4", "C": "J10"}, active="A", prepare=lambda st: lift(st, "A", "B"))
    do(s, "throw TB-NW", "Crowd=Cheer", "C=3")
    assert wrestler(s, "B").loc == TB and square(s, "B") == "TB-NW"


def test_throw_dex_bonus_option_onto_turnbuckle(tmp_path: Path) -> None:
    # rumbleslam THROWING A WRESTLER ONTO THE TURNBUCKLE: the Quick Reference's +1 DEX (option)
    game = fixture_game(tmp_path, [profile("A"), profile("B"), profile("C")], ["A"], ["B", "C"],
                        turnbuckle_throw_dex_bonus=1)
    s = scenario(game, {"A": "B2", "B": "E4", "C": "J10"}, active="A", prepare=lambda st: lift(st, "A", "B"))
    do(s, "throw TB-NW", "Crowd=Cheer", "C=2")
    assert wrestler(s, "B").loc == TB


# -- CROWD PLEASER / HEEL -----------------------------------------------------------------------------------
def test_crowd_pleaser_cheer_then_locked(tmp_path: Path) -> None:
    # rumbleslam CROWD PLEASER
    s = duel(tmp_path, a={"ap": 6, "crowd_pleaser": {"name": "Flex", "effect": "bonus", "stat": "att"}})
    do(s, "crowd pleaser A", "Crowd=Cheer")
    a = wrestler(s, "A")
    assert a.bonus[0] == 1 and a.cp == 1 and a.ap == 4
    do(s, "crowd pleaser A", "Crowd=Cheer")
    assert a.bonus[0] == 1  # a Cheer counts as a blank for the rest of the round
    do(s, "crowd pleaser A")  # the third paid Crowd Pleaser is No Class: a Dirty roll first
    do(s, "Crowd=Cheer", "Crowd=Boo")
    assert a.m_ap == 1


def test_crowd_pleaser_boo_gives_minus_ap(tmp_path: Path) -> None:
    # rumbleslam CROWD PLEASER
    s = duel(tmp_path)
    do(s, "crowd pleaser A", "Crowd=Boo")
    assert wrestler(s, "A").m_ap == 1


def test_heel_needs_a_boo(tmp_path: Path) -> None:
    # rumbleslam HEEL
    s = duel(tmp_path, a={"heel": True, "ap": 6, "crowd_pleaser": {"name": "Sneer", "effect": "bonus", "stat": "def"}})
    do(s, "crowd pleaser A", "Crowd=Cheer")
    assert wrestler(s, "A").bonus[1] == 0 and not wrestler(s, "A").cp_lock
    do(s, "crowd pleaser A", "Crowd=Boo")
    assert wrestler(s, "A").bonus[1] == 1 and wrestler(s, "A").m_ap == 0


# -- ACTIVE / PASSIVE / CHOICE ----------------------------------------------------------------------------
def test_active_ability_in_base_contact(tmp_path: Path) -> None:
    # rumbleslam ACTIVE ABILITIES
    s = duel(tmp_path, a={"abilities": [{"name": "Headbutt", "kind": "active", "ap": 2, "stat": "1S", "dmg": 2}]})
    do(s, "use Headbutt: A->B", "S=3", "C=1")
    assert wrestler(s, "B").sta == 2
    s2 = duel(tmp_path, a={"abilities": [{"name": "Headbutt", "kind": "active", "ap": 2, "stat": "1S", "dmg": 2}]},
              b_at="H8")
    assert "use Headbutt: A->B" not in names(s2)


def test_passive_ability_off_while_knocked_down(tmp_path: Path) -> None:
    # rumbleslam PASSIVE ABILITIES
    s = duel(tmp_path, b={"abilities": [{"name": "Tough", "kind": "passive", "bonus": {"dex": 1}}]})
    b = wrestler(s, "B")
    assert stat_pool(s, b, "dex")[1] == 1
    b.kd = 1
    assert stat_pool(s, b, "dex")[1] == 0


def test_choice_ability_picked_at_activation(tmp_path: Path) -> None:
    # rumbleslam CHOICE ABILITIES
    game = fixture_game(tmp_path, [profile("A", abilities=[{"name": "Stance", "kind": "choice", "options": [
        {"name": "Guard", "stat": "def"}, {"name": "Nimble", "stat": "dex"}]}]), profile("B")], ["A"], ["B"])
    s = scenario(game, {"A": "D4", "B": "E4"}, active="A")
    assert names(s) == {"choose Guard", "choose Nimble"}
    do(s, "choose Guard")
    assert stat_pool(s, wrestler(s, "A"), "def")[1] == 1


# -- SPECIAL RULES ----------------------------------------------------------------------------------------
def special(tmp_path: Path, rules: list[str], dmg: int = 1, **b: Any) -> RumbleslamState:
    s = duel(tmp_path, a={"abilities": [{"name": "Move", "kind": "active", "ap": 1, "stat": "1C", "dmg": dmg,
                                         "rules": rules}]}, b=b or None)
    do(s, "use Move: A->B", "C=1", "C=0")
    return s


@pytest.mark.parametrize(("rule", "field", "value"), [("-AP", "m_ap", 1), ("+AP", "p_ap", 1), ("-MP", "m_mp", 1),
                                                      ("+MP", "p_mp", 1), ("-2AP", "m_ap", 2)])
def test_plus_minus_ap_mp(tmp_path: Path, rule: str, field: str, value: int) -> None:
    # rumbleslam (+/- AP) and (+/- MP)
    s = special(tmp_path, [rule])
    assert getattr(wrestler(s, "B"), field) == value


def test_ap_counter_applies_at_next_activation(tmp_path: Path) -> None:
    # rumbleslam (+/- AP)
    s = special(tmp_path, ["-AP"])
    do(s, "end")
    b = wrestler(s, "B")
    assert s.active == b.index and b.ap == 2 and b.m_ap == 0


@pytest.mark.parametrize(("face", "sta", "kept"), [("Crowd=Blank", 3, 1), ("Crowd=Cheer", 4, 0)])
def test_bleeding(tmp_path: Path, face: str, sta: int, kept: int) -> None:
    # rumbleslam (BLEEDING)
    s = special(tmp_path, ["BLEEDING"], dmg=0)
    b = wrestler(s, "B")
    assert b.bleed == 1
    do(s, "end", face)
    assert b.sta == sta and b.bleed == kept


def test_bounceback(tmp_path: Path) -> None:
    # rumbleslam (BOUNCEBACK X)
    s = special(tmp_path, ["BOUNCEBACK 2"])
    assert square(s, "A") == "B4"


def test_crowd_rule(tmp_path: Path) -> None:
    # rumbleslam (CROWD)
    s = special(tmp_path, ["CROWD"])
    assert s.current_player() == CHANCE and s.buf[0][1] == "Crowd" and wrestler(s, "A").ap == 2


@pytest.mark.parametrize(("face", "kd", "counters"), [("Crowd=Blank", 1, 1), ("Crowd=Boo", 0, 1),
                                                      ("Crowd=Cheer", 0, 0)])
def test_dazed(tmp_path: Path, face: str, kd: int, counters: int) -> None:
    # rumbleslam (DAZED) ("NA7FN" in the Quick Reference)
    s = special(tmp_path, ["DAZED"], dmg=0)
    do(s, face)
    b = wrestler(s, "B")
    assert (b.kd, b.m_ap, b.m_mp) == (kd, counters, counters)


def test_devastating_hits_everyone_in_contact(tmp_path: Path) -> None:
    # rumbleslam (DEVASTATING): one attack roll, each defends; no Beatdowns
    game = fixture_game(tmp_path, [profile("A", att="2S", abilities=[
        {"name": "Spin", "kind": "active", "ap": 2, "dmg": 1, "rules": ["DEVASTATING"]}]), profile("F"),
        profile("B"), profile("C")], ["A", "F"], ["B", "C"])
    s = scenario(game, {"A": "D4", "F": "C4", "B": "E4", "C": "D5"}, active="A")
    do(s, "use Spin: A")
    assert [k for _, k, _, _ in s.buf] == ["S", "S"]
    do(s, "S=4", "S=4")
    # "the attacking wrestler decides what order to attack the wrestlers" (R-RS-30)
    assert s.current_player() == 0 and names(s) == {"hit F", "hit B", "hit C"}
    do(s, "hit C")
    assert [(k, f) for _, k, f, _ in s.buf] == [("S", 4), ("S", 4), ("C", -1)]  # the same attack dice
    do(s, "C=0", "hit F", "C=0", "C=0")  # B, the last, needs no decision
    assert [wrestler(s, n).sta for n in ("F", "B", "C")] == [3, 3, 3]  # margin 8: still only 1 DMG


def test_devastating_rolls_the_attack_once_and_offers_each_defence_a_re_roll(tmp_path: Path) -> None:
    # rumbleslam (DEVASTATING) / ENDORSEMENTS: "Only roll the action's attack dice once and apply it to
    # each affected wrestler, but each wrestler must defend against the attack separately"; every die
    # is its owner's to re-roll, the card holder first, never twice
    game = fixture_game(tmp_path, [profile("A", att="2S", abilities=[
        {"name": "Spin", "kind": "active", "ap": 2, "dmg": 1, "rules": ["DEVASTATING"]}]), profile("F"),
        profile("B"), profile("C")], ["A", "F"], ["B", "C"],
        team0_extra={"endorsements": 3}, team1_extra={"endorsements": 2})
    s = scenario(game, {"A": "D4", "B": "E4", "C": "D5", "F": "J10"}, active="A")
    do(s, "use Spin: A", "S=1", "S=0", "hit B", "C=2")  # A 1 vs B 2: A's player (the holder) first
    assert s.current_player() == 0 and names(s) == {"re-roll die 1", "re-roll die 2", "keep dice"}
    do(s, "re-roll die 2", "S=3")  # 4 vs 2: now B's player may answer with its own DEF die
    assert s.current_player() == 1 and names(s) == {"re-roll die 3", "keep dice"}
    prompt = s.observation(1)["prompt"]  # both sides' dice and totals, the re-rolled die marked
    assert "die 2: S=3 (re-rolled) = 4" in prompt and "die 3: C=2 = 2" in prompt
    do(s, "re-roll die 3", "C=3")  # 4 vs 3: B is hit
    assert wrestler(s, "B").sta == 3 and s.endorsements == [2, 1]
    # C defends against the same dice (the re-rolled one stays re-rolled: never a re-roll twice)
    assert s.current_player() == CHANCE and [(k, f, r) for _, k, f, r in s.buf] == [
        ("S", 1, False), ("S", 3, True), ("C", -1, False)]
    do(s, "C=2")  # 4 vs 2: C's player may re-roll C's die; A's player is ahead
    assert s.current_player() == 1 and names(s) == {"re-roll die 3", "keep dice"}
    do(s, "re-roll die 3", "C=0")
    assert wrestler(s, "C").sta == 3 and s.endorsements == [2, 0]
    # a friend in contact is hit too: its player may re-roll the friend's DEF die to save it
    s = scenario(game, {"A": "D4", "F": "C4", "B": "J10", "C": "J8"}, active="A")
    do(s, "use Spin: A", "S=2", "S=0", "C=1")
    assert s.current_player() == 0 and names(s) == {"re-roll die 3", "keep dice"}
    do(s, "re-roll die 3", "C=3")
    assert wrestler(s, "F").sta == 4 and s.endorsements == [2, 2]


def test_dirty_keyword(tmp_path: Path) -> None:
    # rumbleslam (DIRTY)
    s = duel(tmp_path, a={"abilities": [{"name": "Rake", "kind": "active", "ap": 1, "rules": ["DIRTY"]}]})
    do(s, "use Rake: A->B")
    assert s.buf[0][1] == "Crowd"


def test_fury(tmp_path: Path) -> None:
    # rumbleslam (FURY)
    s = special(tmp_path, ["FURY"], sta=6)
    assert s.current_player() == CHANCE and len(s.buf) == 2 and wrestler(s, "A").ap == 2
    do(s, "C=1", "C=0")
    assert wrestler(s, "B").sta == 4


def test_impact_dismount_pushes(tmp_path: Path) -> None:
    # rumbleslam (IMPACT): WEIGHT 3 dismounting onto an occupied square
    game = fixture_game(tmp_path, [profile("T", weight=3), profile("B"), profile("C")], ["T"], ["B", "C"])
    s = scenario(game, {"T": "TB-NW", "B": "B2", "C": "J10"}, active="T")
    do(s, "dismount T")
    # the active player moves the intervening wrestler into a free square in base contact
    assert s.current_player() == 0 and names(s) == {f"place {q}" for q in ("A3", "B3", "C1", "C2", "C3")}
    do(s, "place C3")
    assert square(s, "T") == "A1" and square(s, "B") == "C3"
    assert not set(wrestler(s, "B").cells()) & set(wrestler(s, "T").cells())


def test_impact_chain_push_is_the_active_players_choice(tmp_path: Path) -> None:
    # rumbleslam (IMPACT): "If all adjacent squares are occupied, move those occupying wrestlers away
    # in the same manner"
    walls = ["W1", "W2", "W3", "W4", "W5"]
    game = fixture_game(tmp_path, [profile("T", weight=3), profile("B"), *(profile(n) for n in walls)], ["T"],
                        ["B", *walls])
    s = scenario(game, {"T": "TB-NW", "B": "B2", "W1": "C1", "W2": "C2", "W3": "C3", "W4": "B3", "W5": "A3"},
                 active="T")
    do(s, "dismount T")
    assert s.current_player() == 0 and names(s) == {f"place {q}" for q in ("A3", "B3", "C1", "C2", "C3")}
    do(s, "place C2")  # B takes W2's square; W2 is pushed on
    assert s.current_player() == 0 and names(s) == {"place D1", "place D2", "place D3"}
    do(s, "place D2")
    assert square(s, "T") == "A1" and square(s, "B") == "C2" and square(s, "W2") == "D2"
    assert [square(s, n) for n in ("W1", "W3", "W4", "W5")] == ["C1", "C3", "B3", "A3"]
    assert [e.data["to"] for e in s.events if e.kind == "impact_push"] == ["C2", "D2"]


def test_live_ammunition_placement_is_the_active_players_choice(tmp_path: Path) -> None:
    # rumbleslam LIVE AMMUNITION: "The active player places the thrown wrestler in base contact with the
    # target in a square as close to the throwing wrestler as possible"
    game = fixture_game(tmp_path, [profile("A"), profile("B"), profile("C")], ["A"], ["B", "C"])
    s = scenario(game, {"A": "D4", "C": "G4"}, active="A", prepare=lambda st: lift(st, "A", "B"))
    do(s, "throw G4", "Crowd=Cheer")
    assert s.current_player() == 0 and names(s) == {"place F3", "place F4", "place F5"}
    assert "LIVE AMMUNITION" in s.observation(0)["prompt"]
    do(s, "place F3")
    assert square(s, "B") == "F3"
    assert s.current_player() == CHANCE and [k for _, k, _, _ in s.buf] == ["C"]  # C's DEX 3+ test
    do(s, "C=3")
    assert wrestler(s, "C").sta == 4 and wrestler(s, "B").sta == 3


def test_jump_over_a_wall(tmp_path: Path) -> None:
    # rumbleslam (JUMP): the Turnbuckle Attack ignores wrestlers in the way
    game = fixture_game(tmp_path, [profile("A"), profile("B"), profile("W1"), profile("W2"), profile("W3")],
                        ["A", "W1", "W2", "W3"], ["B"])
    s = scenario(game, {"A": "TB-NW", "W1": "A1", "W2": "B1", "W3": "B2", "B": "C3"}, active="A")
    assert "turnbuckle A->B" in names(s)


def test_knockdown_rule(tmp_path: Path) -> None:
    # rumbleslam (KNOCKDOWN)
    s = special(tmp_path, ["KNOCKDOWN"], dmg=0)
    assert wrestler(s, "B").kd == 1


def test_lifted_rule(tmp_path: Path) -> None:
    # rumbleslam (LIFTED): no roll, no Dirty check
    s = special(tmp_path, ["LIFTED"], dmg=0)
    assert wrestler(s, "B").loc == LIFTED and s.current_player() == 0


def test_shove_stops_at_a_wrestler(tmp_path: Path) -> None:
    # rumbleslam (SHOVE X)
    game = fixture_game(tmp_path, [profile("A", abilities=[{"name": "Move", "kind": "active", "ap": 1, "stat": "1C",
                                                            "dmg": 0, "rules": ["SHOVE 2"]}]), profile("B"),
                                   profile("C")], ["A"], ["B", "C"])
    s = scenario(game, {"A": "D4", "B": "E4", "C": "F4"}, active="A")
    do(s, "use Move: A->B", "C=1", "C=0", "shove E")
    assert square(s, "B") == "E4"


def test_throw_x(tmp_path: Path) -> None:
    # rumbleslam (THROW X): a free Lift and Throw up to X squares
    s = special(tmp_path, ["THROW 2"])
    assert s.current_player() == 0
    legal = names(s)
    assert "throw F4" in legal and "throw G4" not in legal and "throw E4" in legal
    do(s, "throw F6")
    assert square(s, "B") == "F6" and wrestler(s, "A").ap == 2


# -- BUILDING YOUR TEAM -------------------------------------------------------------------------------------
def test_team_file_errors(tmp_path: Path) -> None:
    # rumbleslam BUILDING YOUR TEAM: one-line errors naming the field
    from support.rumbleslam import write_team

    over = write_team(tmp_path / "over.toml", "Big", ["Orkishi", "The Brass Bull", "Troll", "Lady Ironjaw"])
    with pytest.raises(DataFileError, match=r"wrestlers: over budget by 190K"):
        turnbuckle.load_game("rumbleslam", team0=str(over))
    unknown = write_team(tmp_path / "unknown.toml", "Odd", ["Nobody"])
    with pytest.raises(DataFileError, match=r"wrestlers\[0\]: unknown wrestler 'Nobody'"):
        turnbuckle.load_game("rumbleslam", team0=str(unknown))
    nine = write_team(tmp_path / "nine.toml", "Rich", ["Troll"], endorsements=9)
    with pytest.raises(DataFileError, match="endorsements: at most 8"):
        turnbuckle.load_game("rumbleslam", team0=str(nine))
    mixed = write_team(tmp_path / "mixed.toml", "Mix", ["Troll", "Nix"], sponsorships=["Orka-Cola", "Phoenix Fizz"])
    with pytest.raises(DataFileError, match="sponsorships: a second Sponsorship needs a one-casino team"):
        turnbuckle.load_game("rumbleslam", team0=str(mixed))
    with pytest.raises(ParamError):
        turnbuckle.load_game("rumbleslam", team0="no such team")


def test_game_sizes_and_budget() -> None:
    # rumbleslam GAME SIZE
    assert turnbuckle.load_game("rumbleslam", size="middleweight").budget == 1500
    assert turnbuckle.load_game("rumbleslam", budget=1800).budget == 1800


def test_traditional_tag_team(tmp_path: Path) -> None:
    # rumbleslam TRADITIONAL TAG TEAM / TAG OUT / TAG TEAM ABILITIES
    game = fixture_game(
        tmp_path, [profile("P", rank="superstar", tag_team="Duo", dosh=200),
                   profile("Q", rank="superstar", tag_team="Duo", dosh=250), profile("B")], ["P", "Q"], ["B"],
        tag_teams=[{"name": "Duo", "members": ["P", "Q"],
                    "ability": {"name": "Double Team", "kind": "active", "ap": 2, "stat": "1G", "dmg": 2}}],
        team0_extra={"tag_teams": [{"name": "Duo", "style": "traditional"}]})
    assert game.teams[0].cost == 300
    s = game.new_initial_state()
    assert game.entrants[1].benched
    s = scenario(game, {"P": "A5", "B": "B5"}, active="P")
    assert {"tag out P", "use Double Team: P->B"} <= names(s)
    do(s, "tag out P")
    q = wrestler(s, "Q")
    assert square(s, "Q") == "A5" and wrestler(s, "P").loc == SIDE and not q.activated
    do(s, "end")  # B's activation; then the fresh partner may activate this round
    assert s.active == q.index and q.ap == 3
    assert "use Double Team: Q->B" not in names(s)  # one Tag Out or one Tag Team Ability per round


def test_sponsorship_from_round_two(tmp_path: Path) -> None:
    # rumbleslam SPONSORSHIP BONUSES
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"],
                        team0_extra={"sponsorships": ["Orka-Cola"]})
    s = scenario(game, {"A": "D4", "B": "H8"})
    s.round = 1
    restart(s, ("round_start",))
    assert s.current_player() == 0 and names(s) == {"sponsor Orka-Cola", "no sponsor"}
    do(s, "sponsor Orka-Cola", "S=1")
    assert wrestler(s, "A").p_ap == 1 and s.sponsors_left[0] == ()


def test_sidelines_entry_after_a_removal(tmp_path: Path) -> None:
    # rumbleslam ON THE SIDELINES
    game = fixture_game(tmp_path, [profile("A"), profile("A2"), profile("B")], ["A", "A2"], ["B"])
    s = scenario(game, {"A": "A1", "B": "H8"})
    remove(s, wrestler(s, "A"), "test")
    assert s.over  # A2 on the sidelines does not keep the team in the game (ruling AMB-7)
    s2 = scenario(game, {"A": "A1", "B": "H8"})
    s2.removed[0] = 1
    restart(s2, ("round_start",))
    assert names(s2) == {"enter A2", "no entry"}
    do(s2, "enter A2", "place A2")
    assert square(s2, "A2") == "A2" and s2.entered[0] == 1


def test_options_are_validated() -> None:
    with pytest.raises(ParamError):
        turnbuckle.load_game("rumbleslam", players=5)
    with pytest.raises(ParamError):
        turnbuckle.load_game("rumbleslam", turnbuckle_attack_damage=3)
    assert turnbuckle.load_game("rumbleslam", players=3).num_players() == 3


def test_teams_option_takes_names_and_files(tmp_path: Path) -> None:
    # rumbleslam BUILDING YOUR TEAM: `teams` (ready-made names or files) and `team0`..`team3`
    from support.rumbleslam import write_team

    game = turnbuckle.load_game("rumbleslam", teams=["Rusty Lantern Rascals", "Marble Minotaur Legion"])
    assert [t.team.name for t in game.teams] == ["Rusty Lantern Rascals", "Marble Minotaur Legion"]  # type: ignore[attr-defined]
    mine = write_team(tmp_path / "mine.toml", "Mine", ["Troll", "Orc Brawler"])
    game = turnbuckle.load_game("rumbleslam", team1=str(mine))
    assert game.teams[1].team.name == "Mine"  # type: ignore[attr-defined]


def test_exhibition_tag_team_ability_needs_partner_contact(tmp_path: Path) -> None:
    # rumbleslam EXHIBITION TAG TEAM / TAG TEAM ABILITIES
    game = fixture_game(
        tmp_path, [profile("P", rank="superstar", tag_team="Duo"), profile("Q", rank="superstar", tag_team="Duo"),
                   profile("B")], ["P", "Q"], ["B"],
        tag_teams=[{"name": "Duo", "members": ["P", "Q"],
                    "ability": {"name": "Double Team", "kind": "active", "ap": 2, "stat": "1G", "dmg": 2}}])
    s = scenario(game, {"P": "D4", "Q": "D5", "B": "E4"}, active="P")
    assert "use Double Team: P->B" in names(s)
    s = scenario(game, {"P": "D4", "Q": "H8", "B": "E4"}, active="P")
    assert "use Double Team: P->B" not in names(s)


def test_phoenix_fizz_revives_a_kod_wrestler(tmp_path: Path) -> None:
    # rumbleslam PHOENIX FIZZ
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"],
                        team0_extra={"sponsorships": ["Phoenix Fizz"]})
    s = scenario(game, {"A": "D4", "B": "H8"})
    damage(s, wrestler(s, "A"), 9)
    s.round = 1
    restart(s, ("round_start",))
    do(s, "sponsor Phoenix Fizz", "S=1")
    a = wrestler(s, "A")
    assert a.sta == 1 and not a.ko and a.kd == 0


def test_eagle_airways_moves_anywhere_but_a_turnbuckle(tmp_path: Path) -> None:
    # rumbleslam EAGLE AIRWAYS
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"],
                        team0_extra={"sponsorships": ["Eagle Airways"]})
    s = scenario(game, {"A": "D4", "B": "H8"})
    s.round = 1
    restart(s, ("round_start",))
    do(s, "sponsor Eagle Airways", "S=1")
    legal = names(s)
    assert "place J10" in legal and not any("TB" in n for n in legal)
    do(s, "place J10")
    assert square(s, "A") == "J10"


def test_friendly_effects_reach_the_user(tmp_path: Path) -> None:
    # rumbleslam FRIENDLY & ENEMY WRESTLERS: "friendly wrestlers" includes the active wrestler
    game = fixture_game(tmp_path, [profile("A", crowd_pleaser={"name": "Rally", "effect": "bonus", "stat": "def",
                                                               "scope": "friends"}), profile("F"), profile("B")],
                        ["A", "F"], ["B"])
    s = scenario(game, {"A": "D4", "F": "D5", "B": "E4"}, active="A")
    do(s, "crowd pleaser A", "Crowd=Cheer")
    assert wrestler(s, "A").bonus[1] == 1 and wrestler(s, "F").bonus[1] == 1 and wrestler(s, "B").bonus[1] == 0


def test_knocked_down_can_move_option(tmp_path: Path) -> None:
    # rumbleslam KNOCKED DOWN (ruling AMB-10, option knocked_down_can_move)
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"], knocked_down_can_move=True)
    s = scenario(game, {"A": "D4", "B": "H8"}, active="A", prepare=lambda st: setattr(wrestler(st, "A"), "kd", 1))
    assert "move A D5" in names(s) and "stand up A" in names(s)
