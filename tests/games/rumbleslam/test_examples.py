"""The rule text's worked examples (checklist EX-1 .. EX-17) as executable tests with forced dice.

The pictures are lost, so the squares are the checklist's (consistent with every sentence).
Stats the text does not give are fixture values.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from support.rumbleslam import do, fixture_game, lift, names, profile, scenario, square, wrestler
from turnbuckle.engine.errors import DataFileError
from turnbuckle.engine.game import CHANCE
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.core import touching
from turnbuckle.games.rumbleslam.models import Team
from turnbuckle.games.rumbleslam.placement import reachable
from turnbuckle.games.rumbleslam.state import FLOOR, LIFTED, OUT, TB
from turnbuckle.games.rumbleslam.steps import run
from turnbuckle.games.rumbleslam.teams import check_team, load_roster

TROLL = profile("Troll", weight=3, dex="1C", throw=4, sta=8, abilities=[
    {"name": "Bridge Drop", "kind": "turnbuckle", "ap": 2, "stat": "1G", "dmg": 1, "range": 5}])
ORC = profile("Orc Brawler", weight=2, **{"def": "1S"})
H_GRAP = profile("Halfling Grappler", abilities=[
    {"name": "Pantry Dive", "kind": "turnbuckle", "ap": 2, "stat": "2S", "dmg": 1, "range": 6}])
H_BRAWL = profile("Halfling Brawler", mp=4)
GOBLIN = profile("Goblin Grappler")
HUMAN = profile("Human Grappler", weight=2, grp="1S+1C+1", throw=3)


# rumbleslam BASE SIZE (EX-1)
def test_ex1_base_contact(tmp_path: Path) -> None:
    game = fixture_game(tmp_path, [TROLL, H_BRAWL, H_GRAP, GOBLIN, ORC],
                        ["Troll", "Halfling Grappler", "Goblin Grappler", "Orc Brawler"], ["Halfling Brawler"])
    pos = {"Troll": "E4", "Halfling Brawler": "G5", "Halfling Grappler": "J7", "Goblin Grappler": "J1",
           "Orc Brawler": "A10"}
    s = scenario(game, pos, active="Troll")
    assert "brawl Troll->Halfling Brawler" in names(s)
    s = scenario(game, pos, active="Halfling Grappler")
    assert {n for n in names(s) if n.startswith("bounce")} == {"bounce Halfling Grappler off E"}
    s = scenario(game, pos, active="Goblin Grappler")
    do(s, "climb Goblin Grappler")
    goblin = wrestler(s, "Goblin Grappler")
    assert goblin.loc == TB and square(s, "Goblin Grappler") == "TB-NE" and goblin.ap == 2
    s = scenario(game, pos, active="Orc Brawler")
    assert {"climb Orc Brawler", "bounce Orc Brawler off W", "bounce Orc Brawler off S"} <= names(s)


# rumbleslam COUNTERS (EX-2)
def test_ex2_two_minus_mp_counters(tmp_path: Path) -> None:
    sweeper = profile("Sweeper", abilities=[{"name": "Leg Sweep", "kind": "active", "ap": 1, "stat": "1C",
                                             "dmg": 0, "rules": ["-2MP"]}])
    game = fixture_game(tmp_path, [sweeper, profile("X", mp=5)], ["Sweeper"], ["X"])

    def one_counter(s: object) -> None:
        wrestler(s, "X").m_mp = 1  # type: ignore[arg-type]

    s = scenario(game, {"Sweeper": "D4", "X": "E4"}, active="Sweeper", prepare=one_counter)
    do(s, "use Leg Sweep: Sweeper->X", "C=2", "C=0")
    assert wrestler(s, "X").m_mp == 2  # not 3: at most 2 counters of one kind
    do(s, "end")  # X activates next and removes both counters
    x = wrestler(s, "X")
    assert s.active == x.index and x.mp == 3 and x.m_mp == 0
    legal = names(s)
    assert "move X H4" in legal and "move X I4" not in legal  # 3 squares yes, 4 no


# rumbleslam ROUNDS / SETTING UP THE GAME (EX-3)
def test_ex3_corners() -> None:
    assert {mat.SQUARE_NAMES[c] for c in mat.corner_squares(mat.NW)} == {
        "A1", "B1", "C1", "D1", "E1", "A2", "A3", "A4", "A5"}
    assert {mat.SQUARE_NAMES[c] for c in mat.corner_squares(mat.SE)} == {
        "F10", "G10", "H10", "I10", "J10", "J6", "J7", "J8", "J9"}
    anchors = {mat.SQUARE_NAMES[c] for c in mat.corner_anchors(mat.NW, 2)}
    assert "B1" in anchors and "B2" not in anchors and "E1" not in anchors
    assert mat.TURNBUCKLES[0] not in mat.corner_anchors(mat.NW, 1)


# rumbleslam MOVEMENT POINTS (EX-4)
def test_ex4_moving_round_the_crowd(tmp_path: Path) -> None:
    game = fixture_game(tmp_path, [H_BRAWL, TROLL, profile("P"), profile("Q"), profile("R")],
                        ["Halfling Brawler", "P", "Q", "R"], ["Troll"])
    s = scenario(game, {"Halfling Brawler": "A5", "P": "B4", "Q": "B5", "R": "B6", "Troll": "E4"},
                 active="Halfling Brawler")
    reach = reachable(s, wrestler(s, "Halfling Brawler"), 4)
    troll = wrestler(s, "Troll")
    contact = {c for c in reach if mat.box_distance(mat.box(c, 1), troll.box()) == 1}
    assert contact and all(reach[c] == 4 for c in contact)
    assert reach[mat.parse_square("D4")] == 4
    assert not {mat.parse_square(x) for x in ("B4", "B5", "B6")} & set(reach)
    do(s, "move Halfling Brawler D4")
    brawler = wrestler(s, "Halfling Brawler")
    assert brawler.mp == 0 and touching(s, brawler, troll)


# rumbleslam DIRTY (EX-5)
def test_ex5_dirty_and_no_class(tmp_path: Path) -> None:
    w = profile("W", ap=5, abilities=[{"name": "Suplex", "kind": "grapple", "ap": 2, "stat": "1C", "dmg": 1}])
    game = fixture_game(tmp_path, [w, profile("X"), profile("Y")], ["W"], ["X", "Y"])
    s = scenario(game, {"W": "C3", "X": "D3", "Y": "C6"}, active="W")
    do(s, "grapple W->X", "C=0", "C=0")  # first Grapple: no Crowd die
    do(s, "move W C5")
    do(s, "grapple W->Y", "C=0", "C=0")  # second Grapple: no Crowd die
    do(s, "use Suplex: W->Y")  # a Grapple Ability counts as a Grapple: No Class, the first Dirty
    assert s.current_player() == CHANCE and s.buf[0][1] == "Crowd" and len(s.buf) == 1
    do(s, "Crowd=Blank", "C=0", "C=0")
    do(s, "grapple W->Y")  # the second Dirty action: two Crowd dice
    assert [k for _, k, _, _ in s.buf] == ["Crowd", "Crowd"]
    do(s, "Crowd=Cheer", "Crowd=Boo")
    me = wrestler(s, "W")
    assert me.m_ap == 1 and s.active != me.index and me.activated


# rumbleslam BOUNCED FROM THE ROPES / ROPE ATTACK (EX-6)
def test_ex6_bounce_and_rope_attack(tmp_path: Path) -> None:
    game = fixture_game(tmp_path, [H_GRAP, ORC], ["Halfling Grappler"], ["Orc Brawler"])
    s = scenario(game, {"Halfling Grappler": "G4", "Orc Brawler": "E6"}, active="Halfling Grappler",
                 prepare=lambda st: setattr(wrestler(st, "Orc Brawler"), "sta", 4))
    do(s, "move Halfling Grappler E1")
    assert wrestler(s, "Halfling Grappler").mp == 1
    do(s, "bounce Halfling Grappler off N")
    assert square(s, "Halfling Grappler") == "E5"
    assert [k for _, k, _, _ in s.buf] == ["C", "C", "S"]  # ATT 1C + 1C against DEF 1S
    do(s, "C=2", "C=1", "S=1")
    assert wrestler(s, "Orc Brawler").sta == 3
    assert wrestler(s, "Halfling Grappler").mp == 1 and wrestler(s, "Halfling Grappler").ap == 2


# rumbleslam TURNBUCKLE ABILITIES / (JUMP) (EX-7)
def test_ex7_turnbuckle_ability_range_and_landing(tmp_path: Path) -> None:
    game = fixture_game(tmp_path, [H_GRAP, ORC, profile("Red1"), profile("Red2"), profile("Far")],
                        ["Halfling Grappler"], ["Orc Brawler", "Red1", "Red2", "Far"])
    s = scenario(game, {"Halfling Grappler": "TB-NW", "Orc Brawler": "F5", "Red1": "E4", "Red2": "E5", "Far": "G7"},
                 active="Halfling Grappler")
    legal = names(s)
    assert "use Pantry Dive: Halfling Grappler->Orc Brawler" in legal
    assert "use Pantry Dive: Halfling Grappler->Far" not in legal  # distance 7 > RNG 6
    do(s, "use Pantry Dive: Halfling Grappler->Orc Brawler")
    assert {n[5:] for n in names(s)} == {"F4", "G4", "G5", "E6", "F6", "G6"}
    do(s, "land G6")
    assert [k for _, k, _, _ in s.buf] == ["S", "S", "S"]  # 2S, no extra Gold die; DEF 1S
    do(s, "S=3", "S=2", "S=3")
    assert wrestler(s, "Orc Brawler").sta == 3
    assert s.current_player() == CHANCE and s.buf[0][1] == "Crowd"  # (CROWD)


# rumbleslam THROWING A WRESTLER OUT THE RING (EX-8)
@pytest.mark.parametrize("face", ["C=3", "C=2"])
def test_ex8_throwing_the_troll_out(tmp_path: Path, face: str) -> None:
    game = fixture_game(tmp_path, [HUMAN, TROLL, profile("Other")], ["Human Grappler"], ["Troll", "Other"])
    s = scenario(game, {"Human Grappler": "C5", "Troll": "E5", "Other": "A7"}, active="Human Grappler",
                 prepare=lambda st: lift(st, "Human Grappler", "Troll"))
    assert "throw W-5" in names(s)
    do(s, "throw W-5", "Crowd=Cheer")  # throwing a conscious enemy is Dirty
    do(s, face)  # the Troll's DEX 1C needs 3+
    troll = wrestler(s, "Troll")
    if face == "C=3":
        # "The Troll's player then must place the Troll in a square in base contact with the rope as
        # close to the target square as possible" (R-RS-21: a `stay` decision of the Troll's player)
        assert s.current_player() == troll.player and names(s) == {"place A3", "place A4", "place A5"}
        assert "stays in the ring" in s.observation(troll.player)["prompt"]
        do(s, "place A3")
        assert troll.loc == FLOOR and square(s, "Troll") == "A3"
        assert "W" in mat.ropes_touched(troll.pos, 2)
        assert s.current_player() != CHANCE  # no (CROWD): the throw-out failed
    else:
        assert troll.loc == OUT
        assert s.current_player() == CHANCE and s.buf[0][1] == "Crowd"  # the thrower's Crowd Pleaser


# rumbleslam THROWING AGAINST THE ROPES OR TURNBUCKLE / LIVE AMMUNITION (EX-9)
def _ex9(tmp_path: Path) -> object:
    game = fixture_game(tmp_path, [TROLL, H_GRAP, H_BRAWL, ORC, profile("X")],
                        ["Troll", "Orc Brawler"], ["Halfling Grappler", "Halfling Brawler", "X"])
    return scenario(game, {"Troll": "D4", "Halfling Grappler": "B8", "Halfling Brawler": "H5", "X": "G5",
                           "Orc Brawler": "G4"}, active="Troll",
                    prepare=lambda st: lift(st, "Troll", "Halfling Grappler"))


def test_ex9_red_throw_out(tmp_path: Path) -> None:
    s = _ex9(tmp_path)
    assert "throw N-D" in names(s)
    do(s, "throw N-D", "Crowd=Blank")
    assert s.current_player() == CHANCE and s.buf[0][1] == "C"  # the Halfling Grappler's DEX test (1C)


def test_ex9_blue_live_ammunition(tmp_path: Path) -> None:
    s = _ex9(tmp_path)
    do(s, "throw H5", "Crowd=Cheer", "C=1")
    assert square(s, "Halfling Grappler") == "G6"
    assert wrestler(s, "Halfling Brawler").sta == 3 and wrestler(s, "Halfling Grappler").sta == 3


def test_ex9_light_blue_smash(tmp_path: Path) -> None:
    s = _ex9(tmp_path)
    do(s, "throw A1", "Crowd=Cheer")
    assert names(s) == {"smash", "rebound N", "rebound W"} and s.current_player() == 0
    do(s, "smash")
    assert wrestler(s, "Halfling Grappler").sta == 2


def test_ex9_orange_into_the_ropes(tmp_path: Path) -> None:
    s = _ex9(tmp_path)
    do(s, "throw G1", "Crowd=Cheer")
    assert square(s, "Halfling Grappler") == "G3"
    # the Orc Brawler (stationary, an enemy of the mover) makes a Rope Attack: ATT 1C + 1C vs DEF 1C
    assert [k for _, k, _, _ in s.buf] == ["C", "C", "C"]
    do(s, "C=2", "C=1", "C=0")
    assert wrestler(s, "Halfling Grappler").sta == 3


# rumbleslam (IMPACT) (EX-10)
def test_ex10_impact_chain_push(tmp_path: Path) -> None:
    game = fixture_game(tmp_path, [TROLL, H_GRAP, ORC, HUMAN, GOBLIN], ["Troll"],
                        ["Halfling Grappler", "Orc Brawler", "Human Grappler", "Goblin Grappler"])
    s = scenario(game, {"Troll": "TB-NW", "Halfling Grappler": "A5", "Orc Brawler": "A4", "Human Grappler": "B4",
                        "Goblin Grappler": "A3"}, active="Troll")
    do(s, "use Bridge Drop: Troll->Halfling Grappler")
    assert "land A5" in names(s)
    do(s, "land A5")
    # no free square touches the Halfling Grappler: the Troll's player elects to move the Orc Brawler
    # (A4) rather than the Human Grappler (B4); the Orc then has one free square (B3): no decision
    assert s.current_player() == 0 and names(s) == {"place A4", "place B4"}
    assert "IMPACT" in s.observation(0)["prompt"]
    do(s, "place A4")
    assert square(s, "Troll") == "A5" and wrestler(s, "Troll").loc == FLOOR
    assert square(s, "Orc Brawler") == "B3" and square(s, "Halfling Grappler") == "A4"
    zone = set(mat.footprint(mat.parse_square("A5"), 2))
    assert all(not (set(w.cells()) & zone) for w in s.ws if w.index != wrestler(s, "Troll").index)
    assert s.current_player() == CHANCE and s.buf[0][1] == "G"  # the ability's 1G attack follows


# rumbleslam ROOKIES & SUPERSTARS (EX-11, EX-12)
def test_ex11_a_team_of_halfling_grapplers() -> None:
    roster = load_roster()
    team = Team(name="Pantry", wrestlers=("Halfling Grappler",) * 6)
    assert check_team(team, roster, 1000).cost == 600


def test_ex12_orkishi_twice_is_refused() -> None:
    roster = load_roster()
    assert check_team(Team(name="A", wrestlers=("Orkishi",)), roster, 1000)
    with pytest.raises(DataFileError, match="Superstar Orkishi hired twice"):
        check_team(Team(name="B", wrestlers=("Orkishi", "Orkishi")), roster, 1000)


# rumbleslam COUNTERS (EX-13): "(-2AP)" may place two counters of one kind
def test_ex13_two_counters_of_one_kind(tmp_path: Path) -> None:
    raker = profile("Raker", abilities=[{"name": "Eye Rake", "kind": "active", "ap": 1, "stat": "1C", "dmg": 0,
                                         "rules": ["-2AP"]}])
    game = fixture_game(tmp_path, [raker, profile("T")], ["Raker"], ["T"])
    s = scenario(game, {"Raker": "D4", "T": "E4"}, active="Raker")
    do(s, "use Eye Rake: Raker->T", "C=1", "C=0")
    assert wrestler(s, "T").m_ap == 2


# rumbleslam TAKING THE INITIATIVE (EX-14): a nominee removed before its turn
def test_ex14_nominee_removed_before_its_turn(tmp_path: Path) -> None:
    game = fixture_game(tmp_path, [profile("A", weight=2), profile("N"), profile("M")], ["A"], ["N", "M"])

    def set_up(st: object) -> None:
        n = wrestler(st, "N")  # type: ignore[arg-type]
        n.kd = 1
        n.sta = 0
        st.nominee = [wrestler(st, "A").index, n.index]  # type: ignore[attr-defined]

    s = scenario(game, {"A": "D4", "N": "E4", "M": "H8"}, active="A", prepare=set_up)
    do(s, "pin A->N", "C=3", "C=3", "C=0", "Crowd=Blank")
    assert wrestler(s, "N").loc == OUT
    do(s, "end")
    assert s.active == wrestler(s, "M").index  # player 1 activates another wrestler


# rumbleslam DIRTY (EX-15): a Rope Ability after two bounces is No Class
def test_ex15_rope_ability_after_two_bounces(tmp_path: Path) -> None:
    flyer = profile("Flyer", ap=5, mp=10, abilities=[{"name": "Clothesline", "kind": "rope", "ap": 1, "stat": "1C",
                                                      "dmg": 1}])
    game = fixture_game(tmp_path, [flyer, profile("T")], ["Flyer"], ["T"])
    s = scenario(game, {"Flyer": "A1", "T": "J10"}, active="Flyer")
    do(s, "bounce Flyer off N")  # to A6
    do(s, "move Flyer A1", "bounce Flyer off N", "move Flyer A1")
    do(s, "use Clothesline: Flyer off N")
    assert s.current_player() == CHANCE and s.buf[0][1] == "Crowd"


# rumbleslam DIRTY (EX-16): FURY's free Brawl does not count
def test_ex16_fury_brawl_is_free(tmp_path: Path) -> None:
    fury = profile("Fury", ap=4, abilities=[{"name": "Haymaker", "kind": "active", "ap": 1, "stat": "1C", "dmg": 0,
                                             "rules": ["FURY"]}])
    game = fixture_game(tmp_path, [fury, profile("T", sta=9)], ["Fury"], ["T"])
    s = scenario(game, {"Fury": "D4", "T": "E4"}, active="Fury")
    do(s, "brawl Fury->T", "C=0", "C=0")
    do(s, "use Haymaker: Fury->T", "C=1", "C=0")  # success: a free FURY Brawl follows
    assert wrestler(s, "Fury").ap == 2 and s.current_player() == CHANCE and len(s.buf) == 2
    do(s, "C=0", "C=0")
    do(s, "brawl Fury->T")  # the second paid Brawl: not No Class yet
    assert [k for _, k, _, _ in s.buf] == ["C", "C"]
    do(s, "C=0", "C=0")


# rumbleslam BOUNCED FROM THE ROPES (EX-17): a WEIGHT 3 bounced towards two enemies
def test_ex17_weight3_bounced_into_two_enemies(tmp_path: Path) -> None:
    game = fixture_game(tmp_path, [TROLL, profile("P"), profile("Q"), profile("Pusher")],
                        ["Troll"], ["P", "Q", "Pusher"])
    s = scenario(game, {"Troll": "D2", "P": "D7", "Q": "E7", "Pusher": "F8"}, active="Pusher")
    s.stack.append(("rebound", wrestler(s, "Troll").index, "N"))
    run(s)
    assert square(s, "Troll") == "D5"
    assert s.current_player() == CHANCE and len(s.buf) == 3  # one Rope Attack: ATT 1C + 1C vs DEF 1C
    assert wrestler(s, "Troll").loc == FLOOR and wrestler(s, "P").loc != LIFTED
