"""Rule faults found by reading the text against the engine (issue 22, items 1-7): each test names
the section of rumbleslam.txt it checks and failed before its fix."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import turnbuckle
from support.rumbleslam import (
    do,
    fixture_game,
    lift,
    names,
    profile,
    restart,
    scenario,
    square,
    wrestler,
    write_roster,
    write_team,
)
from turnbuckle.engine.errors import DataFileError
from turnbuckle.games.rumbleslam.models import MAX_TEAM_WRESTLERS
from turnbuckle.games.rumbleslam.rules import RumbleslamGame
from turnbuckle.games.rumbleslam.state import SIDE, RumbleslamState
from turnbuckle.games.rumbleslam.status import damage, remove
from turnbuckle.games.rumbleslam.teams import load_roster, load_team

QUICK = {"name": "Quick Feet", "kind": "passive", "bonus": {"dex": 1}}
STANCE = {"name": "Stance", "kind": "choice", "options": [{"name": "Guard", "stat": "def"},
                                                          {"name": "Nimble", "stat": "dex"}]}


def duel(tmp_path: Path, a: dict[str, Any] | None = None, b: dict[str, Any] | None = None,
         a_at: str = "D4", b_at: str = "E4", **options: Any) -> RumbleslamState:
    """A (player 0, active) next to B (player 1), with a spare Blue far away (so B's removal does not
    end the match)."""
    game = fixture_game(tmp_path, [profile("A", **(a or {})), profile("B", **(b or {})), profile("Z")], ["A"],
                        ["B", "Z"], **options)
    return scenario(game, {"A": a_at, "B": b_at, "Z": "J10"}, active="A")


def initiative(tmp_path: Path, a: dict[str, Any], prepare: Any = None) -> RumbleslamState:
    """Round 2 starts with B's player holding the Initiative card (a tie goes to B); A's player
    rolls first. Returns the state at the first DEX die."""
    game = fixture_game(tmp_path, [profile("A", **a), profile("B")], ["A"], ["B"])
    s = scenario(game, {"A": "D4", "B": "H8"}, holder=1, prepare=prepare)
    return restart(s, ("round_start",))


# -- 1. TAKING THE INITIATIVE ----------------------------------------------------------------------
def test_initiative_counts_a_passive_dex_bonus(tmp_path: Path) -> None:
    # rumbleslam TAKING THE INITIATIVE: "roll on the DEX stat of that wrestler"; PASSIVE ABILITIES
    # "are always active whilst a wrestler is in the ring": +1 DEX turns a 1-1 tie into a win
    s = initiative(tmp_path, {"abilities": [QUICK]})
    do(s, "C=1", "C=1")
    assert s.active == wrestler(s, "A").index
    assert [e.data["totals"] for e in s.events if e.kind == "roll"][-1] == {"Reds": 2, "Blues": 1}


def test_initiative_counts_the_choice_in_play(tmp_path: Path) -> None:
    # rumbleslam TAKING THE INITIATIVE / CHOICE ABILITIES: the option picked at the last activation is
    # a Passive ability still in play when the next round's Initiative is rolled
    s = initiative(tmp_path, {"abilities": [STANCE]}, prepare=lambda st: setattr(wrestler(st, "A"), "choice", 1))
    do(s, "C=1", "C=1")
    assert s.active == wrestler(s, "A").index
    s = initiative(tmp_path, {"abilities": [STANCE]}, prepare=lambda st: setattr(wrestler(st, "A"), "choice", 0))
    do(s, "C=1", "C=1")  # Guard is +1 DEF: no help here, the tie goes to the card holder
    assert s.active == wrestler(s, "B").index


def test_initiative_a_kod_nominee_rolls_its_dex_without_passives(tmp_path: Path) -> None:
    # rumbleslam KO'D: DEX counts 0 "except when taking the Initiative"; PASSIVE ABILITIES: not "whilst
    # it has a Knockdown counter" (a KO'd wrestler has one)
    def ko(st: RumbleslamState) -> None:
        damage(st, wrestler(st, "A"), 9)

    s = initiative(tmp_path, {"abilities": [QUICK]}, prepare=ko)
    assert [k for _, k, _, _ in s.buf] == ["C", "C"]
    do(s, "C=1", "C=1")
    assert [e.data["totals"] for e in s.events if e.kind == "roll"][-1] == {"Reds": 1, "Blues": 1}


def test_nomination_prompt_shows_the_initiative_dex(tmp_path: Path) -> None:
    # rumbleslam TAKING THE INITIATIVE / KO'D: the nominating player sees what each wrestler would
    # roll, a KO'd one its real DEX (not "no dice")
    game = fixture_game(tmp_path, [profile("A", abilities=[QUICK]), profile("A2", dex="1S"), profile("B")],
                        ["A", "A2"], ["B"])
    s = scenario(game, {"A": "D4", "A2": "D6", "B": "H8"})
    restart(s, ("round_start",))
    assert s.current_player() == 0 and "A DEX 1C+1; A2 DEX 1S" in s.observation(0)["prompt"]
    s = scenario(game, {"A": "D4", "A2": "D6", "B": "H8"}, prepare=lambda st: damage(st, wrestler(st, "A2"), 9))
    restart(s, ("round_start",))
    assert "A2 DEX 1S" in s.observation(0)["prompt"]


# -- 2. GRAPPLE ABILITIES ----------------------------------------------------------------------------
SUPLEX = {"name": "Suplex", "kind": "grapple", "ap": 2, "dmg": 2}


def test_a_grapple_ability_listing_another_pool_is_refused(tmp_path: Path) -> None:
    # rumbleslam GRAPPLE ABILITIES: "Grapple Abilities always use the wrestler's GRP stat. They have the
    # GRP value listed on the skill for ease of play": a card listing another pool is refused, naming it
    roster = write_roster(tmp_path / "roster.toml", [profile("A", grp="1C", abilities=[{**SUPLEX, "stat": "1G"}])])
    with pytest.raises(DataFileError, match=r"wrestler\[0\] \(A\): abilities\[0\] \(Suplex\)\.stat: '1G' is not "
                                            r"this wrestler's GRP '1C'"):
        load_roster(roster)
    # the same pool written another way is the wrestler's GRP
    load_roster(write_roster(tmp_path / "ok.toml", [profile("A", grp="1S+1C+1", abilities=[
        {**SUPLEX, "stat": "1+1C+1S"}])]))


def test_a_grapple_ability_rolls_the_wrestlers_grp_with_its_bonuses(tmp_path: Path) -> None:
    # rumbleslam GRAPPLE ABILITIES: no stat listed: the wrestler's GRP, with this round's +1 GRP bonus
    s = duel(tmp_path, a={"grp": "1S+1", "abilities": [SUPLEX]}, b={"grp": "1G", "sta": 6})
    wrestler(s, "A").bonus = (0, 0, 1, 0)  # a +1 GRP Crowd Pleaser or Sponsorship this round
    do(s, "use Suplex: A->B")
    assert [k for _, k, _, _ in s.buf] == ["S", "G"]
    do(s, "S=1", "G=2")
    assert [e.data["totals"] for e in s.events if e.kind == "roll"][-1] == [3, 2]
    assert wrestler(s, "B").sta == 4


# -- 3. LIFT: a KO'd wrestler ----------------------------------------------------------------------------
@pytest.mark.parametrize("target", ["B", "F"])
def test_every_dirty_roll_to_lift_a_kod_wrestler_succeeds(tmp_path: Path, target: str) -> None:
    # rumbleslam LIFT: "All Dirty rolls automatically succeed when attempting to Lift a KO'd wrestler",
    # the third identical Lift of one activation too (DIRTY: No Class "counts as a Dirty"): no Crowd
    # die is rolled and nobody is booed. B is an enemy, F a friend (lifting it is Dirty only as No Class).
    game = fixture_game(tmp_path, [profile("A"), profile("F", weight=2), profile("B", weight=2), profile("Z")],
                        ["A", "F"], ["B", "Z"])
    s = scenario(game, {"A": "D4", "F": "D5", "B": "E4", "Z": "J10"}, active="A",
                 prepare=lambda st: damage(st, wrestler(st, target), 9))
    for _ in range(3):
        do(s, f"lift A->{target}")
        assert [k for _, k, _, _ in s.buf] == ["C"]  # straight to GRP against WEIGHT 2
        do(s, "C=1")  # 1 < 2: not lifted
    assert wrestler(s, "A").m_ap == 0 and s.dirty == (3 if target == "B" else 1)


# -- 4. KNOCKED DOWN on a turnbuckle -----------------------------------------------------------------------
def test_knocked_down_on_a_turnbuckle_must_stand_first(tmp_path: Path) -> None:
    # rumbleslam KNOCKED DOWN: "A wrestler may remove a Knockdown counter during its activation for 1AP.
    # Until it does, it cannot make any other actions", on a turnbuckle too. Reached in play: B on the
    # corner square trips A on the turnbuckle and A passes its test to stay up (CLIMB THE TURNBUCKLE).
    game = fixture_game(tmp_path, [profile("A", mp=5), profile("B"), profile("Z")], ["A"], ["B", "Z"])
    s = scenario(game, {"A": "TB-NW", "B": "A1", "Z": "C3"}, active="B")
    do(s, "trip B->A", "Crowd=Blank", "defend DEF", "C=2", "C=0", "C=3")
    a = wrestler(s, "A")
    assert a.kd == 1 and square(s, "A") == "TB-NW"
    do(s, "end")
    assert s.active == a.index and names(s) == {"end", "stand up A"}
    do(s, "stand up A")
    assert a.kd == 0 and a.ap == 2 and square(s, "A") == "TB-NW"
    assert {"turnbuckle A->Z", "crowd pleaser A"} <= names(s)


# -- 5. LIFT: a lifter can be Lifted ---------------------------------------------------------------------
def test_a_lifter_can_be_lifted_and_drops_its_load(tmp_path: Path) -> None:
    # rumbleslam LIFT: "If a wrestler that is currently Lifting another wrestler takes damage, is Knocked
    # Down, or is themselves Lifted, the Lifted wrestler is immediately dropped": the Lift is offered
    # against a lifter, and its load is placed by its own player next to where the lifter stood
    game = fixture_game(tmp_path, [profile("A"), profile("X"), profile("B"), profile("Z")], ["A", "X"], ["B", "Z"])
    s = scenario(game, {"A": "D4", "B": "E4", "Z": "J10"}, active="A", prepare=lambda st: lift(st, "B", "X"))
    assert "lift A->B" in names(s)
    do(s, "lift A->B", "Crowd=Cheer", "defend GRP", "C=2", "C=0")
    a, b, x = wrestler(s, "A"), wrestler(s, "B"), wrestler(s, "X")
    assert b.lifted_by == a.index and a.lifting == b.index and x.lifted_by == -1 and b.lifting == -1
    assert s.current_player() == 0 and "dropped" in s.observation(0)["prompt"]
    assert names(s) == {f"place {q}" for q in ("D3", "E3", "F3", "F4", "F5", "E5", "D5")}
    do(s, "place F4")
    assert square(s, "X") == "F4" and s.active == a.index and "throw F6" in names(s)


# -- 6. HIRING WRESTLERS: no team size limit -----------------------------------------------------------------
def test_a_team_of_thirteen_within_budget_is_accepted(tmp_path: Path) -> None:
    # rumbleslam HIRING WRESTLERS: "There is usually no limit on how many (or how few) wrestlers you may
    # have in your team": 13 Rookies within the budget play (9 fit in the corner, 4 wait on the sidelines)
    team = write_team(tmp_path / "thirteen.toml", "Crowd", ["Halfling Brawler"] * 13)
    game = turnbuckle.load_game("rumbleslam", team0=str(team), budget=13 * 90)
    assert isinstance(game, RumbleslamGame) and len(game.teams[0].profiles) == 13
    s = game.new_initial_state()
    rng = random.Random(13)
    while not s.is_terminal():
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    assert s.returns()[0] in (-1.0, 0.0, 1.0)
    # one over the budget is still refused
    with pytest.raises(DataFileError, match="over budget by 90K"):
        turnbuckle.load_game("rumbleslam", team0=str(team), budget=12 * 90)


def test_a_team_file_has_only_a_sanity_limit(tmp_path: Path) -> None:
    # rumbleslam HIRING WRESTLERS: no rule limit; a sanity limit (MAX_TEAM_WRESTLERS, documented) keeps the
    # match's action table small, and its error names the field
    names_ = ["Halfling Brawler"] * MAX_TEAM_WRESTLERS
    load_team(write_team(tmp_path / "most.toml", "Most", names_))
    with pytest.raises(DataFileError, match=rf"wrestlers: at most {MAX_TEAM_WRESTLERS} wrestlers .*sanity limit"):
        load_team(write_team(tmp_path / "more.toml", "More", [*names_, "Troll"]))


# -- 7. TRADITIONAL TAG TEAM -------------------------------------------------------------------------------
def tag_team_game(tmp_path: Path) -> RumbleslamGame:
    return fixture_game(
        tmp_path, [profile("P", rank="superstar", tag_team="Duo"), profile("Q", rank="superstar", tag_team="Duo"),
                   profile("R"), profile("B"), profile("Y")], ["P", "Q", "R"], ["B", "Y"],
        tag_teams=[{"name": "Duo", "members": ["P", "Q"],
                    "ability": {"name": "Double Team", "kind": "active", "ap": 2, "stat": "1G", "dmg": 2}}],
        team0_extra={"tag_teams": [{"name": "Duo", "style": "traditional"}]})


def test_a_tagged_out_wrestler_stays_out_while_its_partner_is_in(tmp_path: Path) -> None:
    # rumbleslam TRADITIONAL TAG TEAM: "The Tag Team wrestler On The Sidelines may only enter the ring if its
    # Tag Team partner is removed from the game, or if that wrestler performs a Tag Out": after P tags out,
    # P is the one on the sidelines, and a sidelines credit (R removed) does not bring it back beside Q
    s = scenario(tag_team_game(tmp_path), {"P": "A5", "R": "C3", "B": "H8", "Y": "J10"}, active="P")
    do(s, "tag out P")
    assert wrestler(s, "P").loc == SIDE and square(s, "Q") == "A5"
    remove(s, wrestler(s, "R"), "test")
    restart(s, ("round_start",))
    assert s.removed[0] == 1 and names(s) == {"nominate B", "nominate Y"}  # no entry offered: on to the Initiative
    assert wrestler(s, "P").loc == SIDE


def test_a_tagged_out_wrestler_enters_when_its_partner_is_removed(tmp_path: Path) -> None:
    # rumbleslam TRADITIONAL TAG TEAM / ON THE SIDELINES: the partner now in the ring is removed: the
    # tagged-out wrestler may enter with that credit (and the partner benched at setup is no longer the one)
    s = scenario(tag_team_game(tmp_path), {"P": "A5", "R": "C3", "B": "H8", "Y": "J10"}, active="P")
    do(s, "tag out P")
    remove(s, wrestler(s, "Q"), "test")
    restart(s, ("round_start",))
    assert s.current_player() == 0 and names(s) == {"enter P", "no entry"}
    do(s, "enter P", "place A2")
    assert square(s, "P") == "A2"
