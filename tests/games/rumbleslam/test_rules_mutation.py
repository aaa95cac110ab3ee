"""Rule tests written against surviving mutants of the rule modules (issue 36): each pins one rule that
the other rule tests left loose, from a forced position and forced dice. Each names its section."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import turnbuckle
from support.rumbleslam import do, fixture_game, lift, names, profile, restart, scenario, square, wrestler
from turnbuckle.engine.errors import DataFileError, ParamError
from turnbuckle.engine.game import CHANCE
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.rules import RumbleslamGame
from turnbuckle.games.rumbleslam.state import FLOOR, OUT, SIDE, TB, RumbleslamState
from turnbuckle.games.rumbleslam.status import damage, remove

FAR = "J10"


def duel(tmp_path: Path, a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, a_at: str = "D4",
         b_at: str = "E4", **options: Any) -> RumbleslamState:
    """A (player 0, active) beside B (player 1); spares Y (Reds) and Z (Blues) far away, so that no
    single removal ends the match."""
    game = fixture_game(tmp_path, [profile("A", **(a or {})), profile("Y"), profile("B", **(b or {})), profile("Z")],
                        ["A", "Y"], ["B", "Z"], **options)
    return scenario(game, {"A": a_at, "B": b_at, "Y": "A10", "Z": FAR}, active="A")


# -- DIRTY ----------------------------------------------------------------------------------------------------
def test_a_free_crowd_pleaser_never_counts_towards_no_class(tmp_path: Path) -> None:
    # rumbleslam DIRTY: "Any action that costs 0AP is considered a "free" action and doesn't count towards
    # this limit": a 0AP Crowd Pleaser a third time is no Dirty action (no Crowd die before it)
    s = duel(tmp_path, a={"pop": 0})
    for _ in range(3):
        do(s, "crowd pleaser A")
        assert s.current_player() == CHANCE and len(s.buf) == 1  # the Crowd Pleaser's own die only
        do(s, "Crowd=Blank")
    assert s.dirty == 0 and wrestler(s, "A").ap == 3


def test_a_paid_crowd_pleaser_a_third_time_is_no_class(tmp_path: Path) -> None:
    # rumbleslam DIRTY: "Performing an identical action 3 or more times in a single activation is called
    # No Class and counts as a Dirty": the third 1AP Crowd Pleaser rolls the Dirty check first
    s = duel(tmp_path, a={"pop": 1})
    do(s, "crowd pleaser A", "Crowd=Blank", "crowd pleaser A", "Crowd=Blank", "crowd pleaser A")
    assert s.dirty == 1
    do(s, "Crowd=Boo")  # the Dirty check fails: -AP and the activation ends, no Crowd Pleaser roll
    assert wrestler(s, "A").m_ap == 1 and s.active != wrestler(s, "A").index


# -- CROWD PLEASER --------------------------------------------------------------------------------------------
def test_the_crowd_pleaser_counter_goes_when_the_wrestler_is_kod(tmp_path: Path) -> None:
    # rumbleslam CROWD PLEASER: "Remove this counter when ... the wrestler is KO'd"
    s = duel(tmp_path, a={"crowd_pleaser": {"name": "Rally", "effect": "bonus", "stat": "att"}})
    do(s, "crowd pleaser A", "Crowd=Cheer")
    a = wrestler(s, "A")
    assert a.cp == 1 and a.cp_lock
    damage(s, a, 9)
    assert a.ko and a.cp == 0


def test_the_crowd_pleaser_counter_goes_when_the_wrestler_leaves_the_ring(tmp_path: Path) -> None:
    # rumbleslam CROWD PLEASER: "Remove this counter when ... the wrestler is ... removed from the ring"
    s = duel(tmp_path, a={"crowd_pleaser": {"name": "Rally", "effect": "bonus", "stat": "att"}})
    do(s, "crowd pleaser A", "Crowd=Cheer")
    a = wrestler(s, "A")
    remove(s, a, "test")
    assert a.loc == OUT and a.cp == 0


def test_the_crowd_pleaser_counter_goes_with_a_tag_out(tmp_path: Path) -> None:
    # rumbleslam CROWD PLEASER / TAG OUT: the tagged-out wrestler leaves the ring for the sidelines, so its
    # Crowd Pleaser counter is removed ("removed from the ring")
    game = fixture_game(
        tmp_path, [profile("P", rank="superstar", tag_team="Duo", pop=1,
                           crowd_pleaser={"name": "Rally", "effect": "bonus", "stat": "att"}),
                   profile("Q", rank="superstar", tag_team="Duo"), profile("B")], ["P", "Q"], ["B"],
        tag_teams=[{"name": "Duo", "members": ["P", "Q"],
                    "ability": {"name": "Double Team", "kind": "active", "ap": 2}}],
        team0_extra={"tag_teams": [{"name": "Duo", "style": "traditional"}]})
    s = scenario(game, {"P": "A5", "B": "H8"}, active="P", ap=3)
    do(s, "crowd pleaser P", "Crowd=Cheer")
    p = wrestler(s, "P")
    assert p.cp == 1
    do(s, "tag out P")
    assert p.loc == SIDE and p.cp == 0


# -- THROWING A WRESTLER OUT THE RING -------------------------------------------------------------------------
def test_a_big_wrestler_staying_in_goes_to_another_rope_when_its_own_is_full(tmp_path: Path) -> None:
    # rumbleslam THROWING A WRESTLER OUT THE RING: a wrestler that stays in is placed "in base contact with
    # the rope as close to the target square as possible" (R-RS-21): the North rope has no room for a
    # 2x2 base (blockers on A1 C1 E1 G1 I1), so the nearest base on any rope: A2 on the West rope
    blockers = ["K1", "K2", "K3", "K4", "K5"]
    game = fixture_game(tmp_path, [profile("A"), profile("T", weight=3), *(profile(n) for n in blockers)],
                        ["A", *blockers], ["T"])
    spots = dict(zip(blockers, ("A1", "C1", "E1", "G1", "I1"), strict=True))
    s = scenario(game, {"A": "D3", "T": "F6", **spots}, active="A", prepare=lambda st: lift(st, "A", "T"))
    do(s, "throw N-B", "Crowd=Cheer", "C=3")  # a conscious enemy: Dirty; T's DEX 1C makes its 3+
    t = wrestler(s, "T")
    assert t.loc == FLOOR and square(s, "T") == "A2"
    assert s.current_player() == 0 and "end" in names(s)


# -- ACTIVATING A LIFTED WRESTLER -----------------------------------------------------------------------------
@pytest.mark.parametrize(("ap", "minus", "stands"), [(3, 0, True), (1, 0, True), (1, 1, False)])
def test_a_knocked_down_lifted_wrestler_stands_for_1ap_before_escaping(tmp_path: Path, ap: int, minus: int,
                                                                       stands: bool) -> None:
    # rumbleslam ACTIVATING A LIFTED WRESTLER: "If a Lifted wrestler is KO'd or has a Knockdown counter,
    # they may attempt to recover as normal before attempting to escape a Lift"; KNOCKED DOWN: the
    # counter goes "for 1AP" (with no AP left the activation ends: no escape roll)
    def prepare(st: RumbleslamState) -> None:
        lift(st, "A", "B")
        b = wrestler(st, "B")
        b.kd = 1
        b.m_ap = minus

    game = fixture_game(tmp_path, [profile("A"), profile("B", ap=ap), profile("Z")], ["A"], ["B", "Z"])
    s = scenario(game, {"A": "D4", "B": "E4", "Z": FAR}, active="A", prepare=prepare)
    do(s, "end", "activate B")
    b = wrestler(s, "B")
    if stands:
        assert b.kd == 0 and b.ap == ap - 1
        assert s.current_player() == 1 and names(s) == {"defend GRP", "defend DEX"}  # then the escape roll
    else:
        assert b.kd == 1 and s.active != b.index and s.current_player() != CHANCE


def test_a_third_climb_and_a_third_dismount_are_no_class(tmp_path: Path) -> None:
    # rumbleslam DIRTY: "Performing an identical action 3 or more times in a single activation is called
    # No Class and counts as a Dirty"; "2 or more Dirty actions ... roll 2 Crowd dice" (R-RS-13: Climb and
    # Dismount are kinds of their own)
    s = duel(tmp_path, a={"ap": 6}, a_at="A1", b_at="H8")
    do(s, "climb A", "dismount A", "climb A", "dismount A")
    assert s.dirty == 0 and square(s, "A") == "A1"
    do(s, "climb A")  # the third Climb: one Crowd die first
    assert s.current_player() == CHANCE and [k for _, k, _, _ in s.buf] == ["Crowd"]
    do(s, "Crowd=Blank", "dismount A")  # the third Dismount, the second Dirty action: two dice
    assert s.current_player() == CHANCE and [k for _, k, _, _ in s.buf] == ["Crowd", "Crowd"]
    do(s, "Crowd=Cheer", "Crowd=Blank")
    assert square(s, "A") == "A1" and s.dirty == 2 and wrestler(s, "A").ap == 0


# -- TAG TEAMS ------------------------------------------------------------------------------------------------
def _duo(tmp_path: Path, style: str) -> list[bool]:
    game = fixture_game(
        tmp_path, [profile("P", rank="superstar", tag_team="Duo"), profile("Q", rank="superstar", tag_team="Duo"),
                   profile("B")], ["P", "Q"], ["B"],
        tag_teams=[{"name": "Duo", "members": ["P", "Q"],
                    "ability": {"name": "Double Team", "kind": "active", "ap": 2}}],
        team0_extra={"tag_teams": [{"name": "Duo", "style": style}]})
    return [e.benched for e in game.entrants]


def test_an_exhibition_tag_team_starts_with_both_in_the_ring(tmp_path: Path) -> None:
    # rumbleslam EXHIBITION TAG TEAM: "you get to use both wrestlers in the ring at the same time, setting
    # up the game as normal"; TRADITIONAL TAG TEAM: "only one Tag Team partner is placed in the ring"
    assert _duo(tmp_path, "exhibition") == [False, False, False]
    assert _duo(tmp_path, "traditional") == [False, True, False]


# -- ROOKIES & SUPERSTARS -------------------------------------------------------------------------------------
def test_identical_rookies_are_told_apart(tmp_path: Path) -> None:
    # rumbleslam ROOKIES & SUPERSTARS: "you may have as many identical Rookies in your team as you like":
    # each gets its own label (#1, #2 in team order); a name in both teams also names its player
    game = fixture_game(tmp_path, [profile("R"), profile("B")], ["R", "R", "B"], ["B", "B", "B"])
    assert [e.label for e in game.entrants] == ["R #1", "R #2", "B", "B #1", "B #2", "B #3"]
    game = fixture_game(tmp_path, [profile("R"), profile("B")], ["R", "B"], ["R"])
    assert [e.label for e in game.entrants] == ["R (P0)", "B", "R (P1)"]


# -- THE MAT --------------------------------------------------------------------------------------------------
def test_every_square_rope_and_turnbuckle_has_its_own_name() -> None:
    # rumbleslam THE MAT (R-RS-2): the floor A1..J10 (columns west to east, rows north to south), the rope
    # band named by the side and the square it borders, the four turnbuckles on the outer corners
    assert [mat.SQUARE_NAMES[mat.cell_at(x, y)] for x, y in ((1, 1), (10, 1), (1, 10), (10, 10))] == [
        "A1", "J1", "A10", "J10"]
    assert [mat.SQUARE_NAMES[mat.cell_at(x, y)] for x, y in ((1, 0), (10, 0), (1, 11), (10, 11))] == [
        "N-A", "N-J", "S-A", "S-J"]
    assert [mat.SQUARE_NAMES[mat.cell_at(x, y)] for x, y in ((0, 1), (0, 10), (11, 1), (11, 10))] == [
        "W-1", "W-10", "E-1", "E-10"]
    assert [mat.SQUARE_NAMES[c] for c in mat.TURNBUCKLES] == ["TB-NW", "TB-NE", "TB-SW", "TB-SE"]
    assert len(set(mat.SQUARE_NAMES)) == mat.CELLS
    assert all(mat.parse_square(name) == c for c, name in enumerate(mat.SQUARE_NAMES))


# -- ROUNDS / CROWD PLEASER -----------------------------------------------------------------------------------
def test_a_new_round_clears_crowd_pleaser_counters_and_the_crowds_memory(tmp_path: Path) -> None:
    # rumbleslam CROWD PLEASER: "treats all Cheer results on Crowd Pleasers as blanks for the rest of the
    # round"; ROUNDS: a new round starts afresh (no Crowd Pleaser counter, Cheers count again, the
    # round's bonuses gone)
    s = duel(tmp_path, a={"crowd_pleaser": {"name": "Rally", "effect": "bonus", "stat": "att"}})
    do(s, "crowd pleaser A", "Crowd=Cheer")
    a = wrestler(s, "A")
    assert (a.cp, a.cp_lock, a.bonus) == (1, True, (1, 0, 0, 0))
    s.round = 1
    restart(s, ("round_start",))
    assert s.round == 2
    assert all((w.cp, w.cp_lock, w.bonus, w.activated) == (0, False, (0, 0, 0, 0), False) for w in s.ws)


# -- TURNBUCKLE -----------------------------------------------------------------------------------------------
def test_a_turnbuckle_attack_does_1_dmg_by_default(tmp_path: Path) -> None:
    # rumbleslam TURNBUCKLE: "If your result is higher the attack is successful and causes 1 Damage" (the body
    # text; the Quick Reference's 2 DMG only with the option turnbuckle_attack_damage=2)
    s = duel(tmp_path, a={"mp": 5}, b={"sta": 6}, a_at="TB-NW", b_at="E5")
    assert s.game.tb_damage == 1
    do(s, "turnbuckle A->B", "land D4", "C=1", "G=3", "C=2")
    assert wrestler(s, "B").sta == 5


# -- BASE SIZE ------------------------------------------------------------------------------------------------
def test_base_contact_is_every_square_around_the_base_and_no_other() -> None:
    # rumbleslam BASE SIZE: "Any adjacent squares to a wrestler (including diagonals) are counted as being in
    # base contact": around a 1x1 base the 8 squares (fewer at the grid's edge), around a 2x2 base the 12;
    # never a square on the far side of the grid (the turnbuckle TB-NW has 3 neighbours, not TB-SE)
    for size in (1, 2):
        for anchor in range(mat.CELLS):
            if size == 2 and not mat.valid_footprint(anchor, 2):
                continue
            ring = mat.RING[size][anchor]
            base = mat.box(anchor, size)
            around = {c for c in range(mat.CELLS) if mat.box_distance(base, mat.box(c, 1)) == 1}
            assert set(ring) == around and len(ring) == len(around), (size, mat.SQUARE_NAMES[anchor])
    assert sorted(mat.SQUARE_NAMES[c] for c in mat.RING[1][mat.NW]) == ["A1", "N-A", "W-1"]
    assert len(mat.RING[1][mat.parse_square("E5")]) == 8 and len(mat.RING[2][mat.parse_square("E5")]) == 12


# -- DISMOUNT THE TURNBUCKLE ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("corner", "square_at"), [("TB-NW", "A1"), ("TB-NE", "I1"), ("TB-SW", "A9"), ("TB-SE", "I9")])
def test_a_weight_3_dismounts_into_base_contact_with_its_turnbuckle(tmp_path: Path, corner: str,
                                                                    square_at: str) -> None:
    # rumbleslam DISMOUNT THE TURNBUCKLE: "Move the wrestler back into base contact with the turnbuckle": a
    # 2x2 base fills the corner's four squares, its north-west square named (I9 covers I9 J9 I10 J10)
    game = fixture_game(tmp_path, [profile("A", weight=3), profile("B")], ["A"], ["B"])
    s = scenario(game, {"A": corner, "B": "E5"}, active="A")
    do(s, "dismount A")
    a = wrestler(s, "A")
    assert a.loc == FLOOR and square(s, "A") == square_at
    assert mat.turnbuckle_touched(a.pos, 2) == mat.parse_square(corner)


# -- TURNBUCKLE -----------------------------------------------------------------------------------------------
def test_a_turnbuckle_attack_targets_enemies_only(tmp_path: Path) -> None:
    # rumbleslam TURNBUCKLE: "Select a target enemy wrestler" (a friend in range is no target)
    game = fixture_game(tmp_path, [profile("A", mp=5), profile("F"), profile("B")], ["A", "F"], ["B"])
    s = scenario(game, {"A": "TB-NW", "F": "C3", "B": "E5"}, active="A")
    targets = {n for n in names(s) if n.startswith("turnbuckle ")}
    assert targets == {"turnbuckle A->B"}


# -- (BLEEDING) / CLIMB THE TURNBUCKLE ------------------------------------------------------------------------
@pytest.mark.parametrize("at", ["TB-NW", "D4"])
def test_bleeding_on_a_turnbuckle_tests_to_stay_up(tmp_path: Path, at: str) -> None:
    # rumbleslam (BLEEDING): "On a Boo or blank ... the wrestler takes 1DMG"; CLIMB THE TURNBUCKLE: any
    # wrestler that "takes DMG whilst stood on the turnbuckle must ... test as if it had been Thrown out of the
    # ring" (R-RS-26: Bleeding too): DEX 3+ or it falls out; on the floor no test
    game = fixture_game(tmp_path, [profile("A"), profile("Y"), profile("B")], ["A", "Y"], ["B"])
    s = scenario(game, {"A": at, "Y": "J10", "B": "H8"}, prepare=lambda st: setattr(wrestler(st, "A"), "bleed", 1))
    restart(s, ("start_act", wrestler(s, "A").index))
    do(s, "Crowd=Blank")
    a = wrestler(s, "A")
    assert a.sta == 3
    if at == "D4":
        assert s.current_player() == 0 and "end" in names(s)
        return
    assert s.current_player() == CHANCE and [k for _, k, _, _ in s.buf] == ["C"]  # A's DEX 1C
    do(s, "C=2")
    assert a.loc == OUT and s.current_player() == 1  # it fell: no attacker, no Crowd Pleaser; B's turn


# -- SPONSORSHIP BONUSES --------------------------------------------------------------------------------------
def test_orka_cola_goes_to_wrestlers_in_the_ring_each_once(tmp_path: Path) -> None:
    # rumbleslam ORKA-COLA: "Roll 1S. The result is the number of friendly wrestlers that receive 1 (+AP)
    # counter": friendly wrestlers in the ring (not one removed from the game), each at most once
    game = fixture_game(tmp_path, [profile("A1"), profile("A2"), profile("A3"), profile("A4"), profile("B")],
                        ["A1", "A2", "A3", "A4"], ["B"], team0_extra={"sponsorships": ["Orka-Cola"]})
    s = scenario(game, {"A1": "B2", "A2": "B4", "A3": "B6", "A4": "B8", "B": "H8"})
    remove(s, wrestler(s, "A4"), "test")
    s.round = 1
    restart(s, ("round_start",))
    do(s, "sponsor Orka-Cola", "S=2")  # 2 of the 3 in the ring
    assert s.current_player() == 0 and names(s) == {"recipient A1", "recipient A2", "recipient A3"}
    do(s, "recipient A2")
    assert names(s) == {"recipient A1", "recipient A3"}
    do(s, "recipient A3")
    assert [wrestler(s, n).p_ap for n in ("A1", "A2", "A3", "A4")] == [0, 1, 1, 0]


# -- SPECIAL RULES (as the card writes them) ------------------------------------------------------------------
def test_an_abilitys_words_list_its_special_rules_as_the_card_writes_them(tmp_path: Path) -> None:
    # rumbleslam SPECIAL RULES / COUNTERS: "(-2AP)" places two counters, "(+MP)" one; (SHOVE X) with its X
    game = fixture_game(tmp_path, [profile("A", abilities=[{"name": "Smash", "kind": "active", "ap": 2, "stat": "1S",
                                                            "dmg": 1, "rules": ["-2AP", "+MP", "SHOVE 2",
                                                                                "KNOCKDOWN"]}]), profile("B")],
                        ["A"], ["B"])
    words = game.describe_action("use Smash: A->B") or ""
    assert words.startswith("Smash, 2AP: 1S vs DEF, 1 DMG (-2AP) (+MP) (SHOVE 2) (KNOCKDOWN).")


# -- RE-ROLLS / ENDORSEMENTS ----------------------------------------------------------------------------------
def test_a_re_roll_is_offered_to_the_side_behind_on_totals_with_bonuses(tmp_path: Path) -> None:
    # rumbleslam STATS: "roll the dice listed and add the results together, then add any bonuses listed"; RE-ROLLS
    # / ENDORSEMENTS: a re-roll is worth offering to the player whose total (bonus included) is behind: A's
    # 1C+2 rolling 0 (2) leads B's 1C rolling 1, so only B's player may re-roll
    game = fixture_game(tmp_path, [profile("A", att="1C+2"), profile("B")], ["A"], ["B"],
                        team0_extra={"endorsements": 1}, team1_extra={"endorsements": 1})
    s = scenario(game, {"A": "D4", "B": "E4"}, active="A")
    do(s, "brawl A->B", "C=0", "C=1")
    assert s.current_player() == 1 and names(s) == {"re-roll die 2", "keep dice"}
    do(s, "keep dice")
    assert wrestler(s, "B").sta == 3 and s.endorsements == [1, 1]


# -- LIVE AMMUNITION ------------------------------------------------------------------------------------------
def test_live_ammunition_with_no_room_beside_the_target_lands_as_close_to_it_as_possible(tmp_path: Path) -> None:
    # rumbleslam LIVE AMMUNITION: "If the thrown wrestler cannot be placed in base contact, place it as close to
    # the target wrestler as possible" (then, among those, as close to the thrower: R-RS-20): the target C on F5
    # is walled in, so the squares two away from it nearest A on C5
    walls = ["W1", "W2", "W3", "W4", "W5", "W6", "W7", "W8"]
    game = fixture_game(tmp_path, [profile("A"), profile("B"), profile("C"), *(profile(n) for n in walls)],
                        ["A", *walls], ["B", "C"])
    around = dict(zip(walls, ("E4", "F4", "G4", "E5", "G5", "E6", "F6", "G6"), strict=True))
    s = scenario(game, {"A": "C5", "C": "F5", **around}, active="A", prepare=lambda st: lift(st, "A", "B"))
    do(s, "throw F5", "Crowd=Cheer")  # a conscious enemy: Dirty
    assert s.current_player() == 0 and names(s) == {"place D4", "place D5", "place D6"}


# -- (DEVASTATING) --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("attack_face", "sta"), [("S=1", 4), ("S=2", 3)])
def test_a_devastating_attack_fails_on_a_draw(tmp_path: Path, attack_face: str, sta: int) -> None:
    # rumbleslam (DEVASTATING) / ACTION POINTS: each wrestler "must defend against the attack separately"; "If
    # the defending wrestler's roll beats the attacking wrestler's roll, or the roll is a draw, the attack is
    # considered unsuccessful"
    s = duel(tmp_path, a={"att": "1S", "abilities": [{"name": "Spin", "kind": "active", "ap": 2, "dmg": 1,
                                                       "rules": ["DEVASTATING"]}]})
    do(s, "use Spin: A", attack_face, "C=1")
    assert wrestler(s, "B").sta == sta


# -- GAME SIZE ------------------------------------------------------------------------------------------------
def test_the_budget_options_minimum_is_the_least_budget_the_rules_take() -> None:
    # rumbleslam GAME SIZE: a Dosh budget in K (the option overrides the size): the minimum a form offers is the
    # least value the ruleset accepts (a budget too small for the teams is a team error, not an option error)
    option = next(o for o in RumbleslamGame.options() if o.name == "budget")
    assert option.minimum is not None
    least = int(option.minimum)
    with pytest.raises(ParamError):
        turnbuckle.load_game("rumbleslam", budget=least - 1)
    with pytest.raises(DataFileError, match="over budget"):
        turnbuckle.load_game("rumbleslam", budget=least)


# -- ROPE ATTACK ------------------------------------------------------------------------------------------------
def test_a_big_bounce_stopped_by_two_enemies_hits_the_first_in_roster_order(tmp_path: Path) -> None:
    # rumbleslam ROPE ATTACK: a bounce "interrupted by an enemy wrestler" makes a Rope Attack (ATT +1C against
    # DEF); a 2x2 stopped by two at once attacks the first in roster order (R-RS-28): B (DEF 1S), not C (1G)
    game = fixture_game(tmp_path, [profile("A", weight=3), profile("B", **{"def": "1S"}),
                                   profile("C", **{"def": "1G"})], ["A"], ["B", "C"])
    s = scenario(game, {"A": "A4", "B": "E4", "C": "E5"}, active="A")
    do(s, "bounce A off W")
    assert square(s, "A") == "C4"
    assert [(side, k) for side, k, _, _ in s.buf] == [(0, "C"), (0, "C"), (1, "S")]


# -- THROW ----------------------------------------------------------------------------------------------------
def test_a_throw_reaches_every_square_within_throw_and_no_further(tmp_path: Path) -> None:
    # rumbleslam THROW: "Throw a Lifted wrestler the number of squares on its THROW stat. The distance to throw
    # is measured in the same way as movement" (in any direction, over wrestlers in the way)
    game = fixture_game(tmp_path, [profile("A", throw=2), profile("B"), profile("Z")], ["A"], ["B", "Z"])
    s = scenario(game, {"A": "E5", "Z": "F6"}, active="A", prepare=lambda st: lift(st, "A", "B"))
    a = mat.parse_square("E5")
    within = {f"throw {mat.SQUARE_NAMES[c]}" for c in mat.FLOOR
              if c != a and mat.box_distance(mat.box(a, 1), mat.box(c, 1)) <= 2}
    assert {n for n in names(s) if n.startswith("throw ")} == within and len(within) == 24


# -- RE-ROLLS -----------------------------------------------------------------------------------------------------
def test_a_friends_re_rolled_defence_die_is_not_offered_again(tmp_path: Path) -> None:
    # rumbleslam RE-ROLLS: "you may only re-roll a die once"; (DEVASTATING) hits a friend in contact too, whose
    # player may re-roll its DEF die to save it, once: still behind after the re-roll, the friend is hit
    game = fixture_game(tmp_path, [profile("A", att="2S", abilities=[
        {"name": "Spin", "kind": "active", "ap": 2, "dmg": 1, "rules": ["DEVASTATING"]}]), profile("F"),
        profile("B")], ["A", "F"], ["B"], team0_extra={"endorsements": 3})
    s = scenario(game, {"A": "D4", "F": "C4", "B": "J10"}, active="A")
    do(s, "use Spin: A", "S=2", "S=1", "C=1")  # 3 against F's 1
    assert s.current_player() == 0 and names(s) == {"re-roll die 3", "keep dice"}
    do(s, "re-roll die 3", "C=2")  # 3 against 2: still hit, and the die is spent
    assert wrestler(s, "F").sta == 3 and s.endorsements[0] == 2


# -- CROWD PLEASER / HEEL (the words of the action) ----------------------------------------------------------
def test_a_crowd_pleasers_words_give_its_cost_and_the_face_it_needs(tmp_path: Path) -> None:
    # rumbleslam CROWD PLEASER: "A wrestler's Popularity (POP) indicates how much AP a Crowd Pleaser costs. Roll a
    # Crowd die. If you roll a Cheer ..."; HEEL: "it needs to roll a Boo result"
    game = fixture_game(tmp_path, [profile("A", pop=3), profile("H", heel=True), profile("B")], ["A", "H"], ["B"])
    face = game.describe_action("crowd pleaser A") or ""
    assert face.startswith("Crowd Pleaser Pose, AP equal to POP (3)") and "a Cheer works" in face
    assert "HEEL" not in face
    heel = game.describe_action("crowd pleaser H") or ""
    assert heel.startswith("Crowd Pleaser Pose, AP equal to POP (2)") and "a HEEL needs a Boo" in heel


# -- SETTING UP THE GAME (players) -------------------------------------------------------------------------------
def test_two_to_four_players_one_per_corner() -> None:
    # rumbleslam SETTING UP THE GAME: "Any additional players place their wrestlers in any other corner": four
    # corners, so 2 to 4 players; the game's declared range is the one the rules accept
    assert (RumbleslamGame.min_players, RumbleslamGame.max_players) == (2, 4)
    for players in (2, 3, 4):
        assert turnbuckle.load_game("rumbleslam", players=players).num_players() == players
    for players in (1, 5):
        with pytest.raises(ParamError):
            turnbuckle.load_game("rumbleslam", players=players)


# -- DICE ---------------------------------------------------------------------------------------------------------
def test_every_face_of_the_four_dice_is_one_chance_outcome_numbered_densely() -> None:
    # rumbleslam DICE: Copper, Silver, Gold and Crowd dice, each face one chance outcome (``C=2``, ``Crowd=Boo``);
    # the outcomes are numbered 0..n-1 with no gap (the engine contract: OpenSpiel's chance outcome ids)
    game = turnbuckle.load_game("rumbleslam")
    assert isinstance(game, RumbleslamGame)
    outcomes = game.dice.all_actions
    assert [a.id for a in outcomes] == list(range(len(outcomes)))
    assert {a.name.split("=")[0] for a in outcomes} == {"C", "S", "G", "Crowd"}
    assert [a.name for a in outcomes if a.name.startswith("Crowd=")] == ["Crowd=Cheer", "Crowd=Boo", "Crowd=Blank"]


# -- (IMPACT) ---------------------------------------------------------------------------------------------------
def test_an_impact_chain_push_may_run_through_any_neighbour(tmp_path: Path) -> None:
    # rumbleslam (IMPACT): "If all adjacent squares are occupied, move those occupying wrestlers away in the same
    # manner": X under the landing base (B2) is walled in by 1x1s on C1 C2 C3 B3 A3; C1's own way on is shut by a
    # 2x2 (D1-E2, not pushed in a chain) but C2's is open (D3): the dismount onto A1 can still be made
    walls = ["W1", "W2", "W3", "W4", "W5"]
    game = fixture_game(tmp_path, [profile("T", weight=3), profile("X"), profile("G", weight=3),
                                   *(profile(n) for n in walls)], ["T"], ["X", "G", *walls])
    spots = dict(zip(walls, ("C1", "C2", "C3", "B3", "A3"), strict=True))
    s = scenario(game, {"T": "TB-NW", "X": "B2", "G": "D1", **spots}, active="T")
    assert "dismount T" in names(s)
    do(s, "dismount T")
    assert s.current_player() == 0 and "place C2" in names(s)


# -- (BOUNCEBACK X) / REVERSALS --------------------------------------------------------------------------------
def test_a_reversed_bounceback_leaves_a_defender_on_its_turnbuckle(tmp_path: Path) -> None:
    # rumbleslam REVERSALS 6: "attack hits attacking wrestler instead" (its special rules too, R-RS-14);
    # (BOUNCEBACK X) moves the wrestler on the floor straight away: B up on the turnbuckle reverses A's Kick and
    # stays where it is (nothing says it moved)
    s = duel(tmp_path, a={"abilities": [{"name": "Kick", "kind": "active", "ap": 1, "stat": "1C", "dmg": 1,
                                         "rules": ["BOUNCEBACK 2"]}]}, b={"def": "2G"}, a_at="A1", b_at="TB-NW")
    do(s, "use Kick: A->B", "C=0", "G=5", "G=1")  # B by 6
    assert wrestler(s, "A").sta == 3 and wrestler(s, "B").loc == TB and square(s, "B") == "TB-NW"
    assert not [e for e in s.events if e.kind == "move" and e.data["wrestler"] == "B"]


# -- CROWD PLEASER (the card's effects) -------------------------------------------------------------------------
@pytest.mark.parametrize(("effect", "ap", "mp"), [("ap", 4, 4), ("mp", 3, 6)])
def test_a_crowd_pleaser_that_gives_ap_or_mp_gives_it_now(tmp_path: Path, effect: str, ap: int, mp: int) -> None:
    # rumbleslam CROWD PLEASER: "If you roll a Cheer then follow the instructions for the individual Crowd
    # Pleaser": "gain 1 AP now" / "gain 2 MP now" (the roster's Tea Time, Nimble Feet), on the active wrestler
    amount = 1 if effect == "ap" else 2
    s = duel(tmp_path, a={"pop": 0, "crowd_pleaser": {"name": "Go", "effect": effect, "amount": amount}})
    do(s, "crowd pleaser A", "Crowd=Cheer")
    a = wrestler(s, "A")
    assert (a.ap, a.mp, a.p_ap, a.p_mp, a.bonus) == (ap, mp, 0, 0, (0, 0, 0, 0))


@pytest.mark.parametrize(("counter", "field"), [("KNOCKDOWN", "kd"), ("BLEEDING", "bleed"), ("-AP", "m_ap")])
def test_a_crowd_pleaser_that_counters_enemies_reaches_enemies_in_contact_only(tmp_path: Path, counter: str,
                                                                               field: str) -> None:
    # rumbleslam CROWD PLEASER: the card's instruction, here a counter on every enemy in base contact (B), not on
    # a friend in contact (Y) nor an enemy further off (Z)
    game = fixture_game(tmp_path, [profile("A", pop=0, crowd_pleaser={"name": "Taunt", "effect": "enemy_counter",
                                                                      "counter": counter}),
                                   profile("Y"), profile("B"), profile("Z")], ["A", "Y"], ["B", "Z"])
    s = scenario(game, {"A": "D4", "Y": "C4", "B": "E4", "Z": "G4"}, active="A")
    do(s, "crowd pleaser A", "Crowd=Cheer")
    assert [getattr(wrestler(s, n), field) for n in ("B", "Y", "Z", "A")] == [1, 0, 0, 0]


# -- SETTING UP THE GAME (a 2x2 in its corner) ----------------------------------------------------------------
def test_a_weight_3_deploys_wholly_within_5_squares_of_its_turnbuckle_touching_a_rope(tmp_path: Path) -> None:
    # rumbleslam SETTING UP THE GAME: "places all of their wrestlers within 5 squares of that turnbuckle (not on
    # top of it) and in base contact with the ropes" (ruling AMB-4: every square of a 2x2 base within 5, the
    # base touching a rope): from TB-NW the bases at A1 B1 C1 D1 A2 A3 A4 (D1 reaches column E, 5 away)
    game = fixture_game(tmp_path, [profile("T", weight=3), profile("B")], ["T"], ["B"])
    s = game.new_initial_state()
    do(s, "G=1", "G=4", "corner NW")
    assert s.current_player() == 0
    assert names(s) == {f"place {q}" for q in ("A1", "B1", "C1", "D1", "A2", "A3", "A4")}


# -- MOVEMENT POINTS (a 2x2) ------------------------------------------------------------------------------------------
def test_a_weight_3_moves_a_square_in_any_direction(tmp_path: Path) -> None:
    # rumbleslam MOVEMENT POINTS: "Moving one square costs 1MP ... Each move can be in any direction, including
    # diagonally"; a 2x2 base moves as a whole, onto free squares only (B on F6 blocks the move to E5)
    game = fixture_game(tmp_path, [profile("T", weight=3), profile("B")], ["T"], ["B"])
    s = scenario(game, {"T": "D4", "B": "F6"}, active="T", mp=1)
    assert {n for n in names(s) if n.startswith("move ")} == {f"move T {q}" for q in (
        "C3", "D3", "E3", "C4", "E4", "C5", "D5")}
