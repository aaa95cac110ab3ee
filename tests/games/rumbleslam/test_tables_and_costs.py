"""Rule tests that stand without the golden replays (issue 22 item 12): every row of the Beatdown and
Reversal tables at and beside its boundary, re-rolls that are never re-rolled, damage formulas that
depend on whose stat is read, and each action's AP cost as a legality test."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from support.rumbleslam import do, fixture_game, lift, names, profile, scenario, square, wrestler
from turnbuckle.engine.game import CHANCE
from turnbuckle.games.rumbleslam.state import RumbleslamState
from turnbuckle.games.rumbleslam.status import damage

FAR = "J10"


def duel(tmp_path: Path, a: dict[str, Any] | None = None, b: dict[str, Any] | None = None, a_at: str = "D4",
         b_at: str = "E4", prepare: Callable[[RumbleslamState], None] | None = None, ap: int | None = None,
         **options: Any) -> RumbleslamState:
    """A (player 0, active) and B (player 1), with a spare Blue Z far away (B's removal does not end the
    match) and a spare Red Y (so A's does not)."""
    game = fixture_game(tmp_path, [profile("A", **(a or {})), profile("Y"), profile("B", **(b or {})), profile("Z")],
                        ["A", "Y"], ["B", "Z"], **options)
    return scenario(game, {"A": a_at, "B": b_at, "Y": "A10", "Z": FAR}, active="A", prepare=prepare, ap=ap)


def g_faces(total: int) -> tuple[str, str]:
    """Two Gold faces (0-5 each) that add up to ``total``."""
    first = min(total, 5)
    return f"G={first}", f"G={total - first}"


# -- BEATDOWNS ------------------------------------------------------------------------------------------
# (margin, extra DMG or "KO", SHOVE 2 asked, DAZED die rolled, Knocked Down)
BEATDOWNS = [
    (1, 0, False, False, False),
    (3, 0, False, False, False),  # "0-3: No added effect"
    (4, 1, False, False, False),  # "4: +1DMG"
    (5, 1, True, False, False),  # "5: +1DMG (SHOVE 2)"
    (6, 2, False, True, False),  # "6: +2DMG (DAZED)"
    (7, 2, False, False, True),  # "7: +2DMG (KNOCKDOWN)"
    (8, "KO", False, False, False),  # "8+: Target takes DMG equal to remaining Stamina (instant KO!)"
    (9, "KO", False, False, False),
    (10, "KO", False, False, False),
]


@pytest.mark.parametrize(("margin", "extra", "shove", "dazed", "knockdown"), BEATDOWNS)
def test_beatdown_table_row_by_margin(tmp_path: Path, margin: int, extra: int | str, shove: bool, dazed: bool,
                                      knockdown: bool) -> None:
    # rumbleslam BEATDOWNS & REVERSALS / BEATDOWNS: "if your dice result is 4 or more higher than your
    # opponent's ... consult the Beatdown table"; a Brawl's 1 DMG plus the row (B has no DEF dice: DEF 0)
    s = duel(tmp_path, a={"att": "2G", "sta": 4}, b={"def": "0", "sta": 12})
    do(s, "brawl A->B", *g_faces(margin))
    b = wrestler(s, "B")
    assert b.sta == (0 if extra == "KO" else 12 - 1 - int(extra))  # instant KO: B's own remaining STA
    assert b.kd == (1 if knockdown or extra == "KO" else 0)
    top = s.stack[-1]
    assert (top[:2] == ("decide", "shove") and top[2] == 0) is shove  # the attacker's player shoves
    assert (s.current_player() == CHANCE and s.buf[0][1] == "Crowd") is dazed  # B's player rolls DAZED
    if dazed:
        do(s, "Crowd=Blank")
        assert (b.kd, b.m_ap, b.m_mp) == (1, 1, 1)
    if shove:
        do(s, "shove E")
        assert square(s, "B") == "G4"
    assert s.active == wrestler(s, "A").index and s.current_player() == 0  # A's activation goes on
    assert [e.data["row"] for e in s.events if e.kind == "beatdown"] == ([min(margin, 8)] if margin >= 4 else [])


def test_beatdown_instant_ko_takes_the_targets_remaining_stamina(tmp_path: Path) -> None:
    # rumbleslam BEATDOWNS 8+: "DMG equal to remaining Stamina", the target's (2 left), not its starting STA
    # nor the attacker's
    s = duel(tmp_path, a={"att": "2G", "sta": 9}, b={"def": "0", "sta": 7})
    wrestler(s, "B").sta = 2
    do(s, "brawl A->B", "G=5", "G=3")
    dmg = [e.data["amount"] for e in s.events if e.kind == "damage"]
    assert dmg == [2] and wrestler(s, "B").ko


# -- REVERSALS --------------------------------------------------------------------------------------------
# (margin, activation ended, DMG to the attacker, SHOVE 2 by the defender, defender's Crowd Pleaser)
REVERSALS = [
    (1, False, 0, False, False),
    (3, False, 0, False, False),  # "0-3: No added effect"
    (4, True, 0, False, False),  # "4: Activation ended immediately"
    (5, True, 1, True, False),  # "5: ..., 1DMG (SHOVE 2)"
    (6, True, 1, False, False),  # "6: ..., attack hits attacking wrestler instead" (a Brawl: 1 DMG)
    (7, True, 2, False, False),  # "7: ... instead with +1DMG"
    (8, True, 2, False, True),  # "8+: ... instead with +1DMG and (CROWD PLEASE)"
    (9, True, 2, False, True),
    (10, True, 2, False, True),
]


@pytest.mark.parametrize(("margin", "ended", "dmg", "shove", "crowd"), REVERSALS)
def test_reversal_table_row_by_margin(tmp_path: Path, margin: int, ended: bool, dmg: int, shove: bool,
                                      crowd: bool) -> None:
    # rumbleslam BEATDOWNS & REVERSALS / REVERSALS: "if your opponent's dice result is 4 or more higher
    # than yours, they perform a Reversal" (A has no ATT dice: ATT 0)
    s = duel(tmp_path, a={"att": "0", "sta": 6}, b={"def": "2G", "sta": 6})
    a, b = wrestler(s, "A"), wrestler(s, "B")
    do(s, "brawl A->B", *g_faces(margin))
    assert a.sta == 6 - dmg and b.sta == 6
    top = s.stack[-1]
    assert (top[:2] == ("decide", "shove") and top[2] == 1) is shove  # the defender's player shoves
    if shove:
        assert "shove E" not in names(s)  # never straight at the reversing wrestler
        do(s, "shove W")
        assert square(s, "A") == "B4"
    assert (s.current_player() == CHANCE and s.buf[0][1] == "Crowd") is crowd
    if crowd:
        do(s, "Crowd=Cheer")
        assert [e.data["wrestler"] for e in s.events if e.kind == "crowd_pleaser"] == ["B"]
    assert (s.active != a.index) is ended
    assert [e.data["row"] for e in s.events if e.kind == "reversal"] == ([min(margin, 8)] if margin >= 4 else [])


@pytest.mark.parametrize(("margin", "hit"), [(5, False), (6, True)])
def test_a_reversed_attack_lands_its_own_rules_on_the_attacker(tmp_path: Path, margin: int, hit: bool) -> None:
    # rumbleslam REVERSALS 6+: "attack hits attacking wrestler instead": the attack's DMG and (-AP) land on
    # A (ruling R-RS-14); row 5 is its own 1 DMG and SHOVE 2, not the attack
    jab = {"name": "Jab", "kind": "active", "ap": 1, "stat": "0", "dmg": 2, "rules": ["-AP"]}
    s = duel(tmp_path, a={"sta": 6, "abilities": [jab]}, b={"def": "2G", "sta": 6})
    do(s, "use Jab: A->B", *g_faces(margin))
    a = wrestler(s, "A")
    assert (a.sta, a.m_ap) == ((4, 1) if hit else (5, 0))


# -- RE-ROLLS: never a re-roll of a re-roll ----------------------------------------------------------------
def test_a_re_rolled_die_is_not_offered_again_while_still_behind(tmp_path: Path) -> None:
    # rumbleslam RE-ROLLS: "you may only re-roll a die once. You may never re-roll a re-roll!"; ENDORSEMENTS:
    # "Just remember: you may never re-roll a re-roll", with Endorsements left and the roll still lost
    s = duel(tmp_path, a={"att": "2C"}, b={"def": "1G"}, team0_extra={"endorsements": 4})
    do(s, "brawl A->B", "C=0", "C=0", "G=3")
    assert s.current_player() == 0 and names(s) == {"re-roll die 1", "re-roll die 2", "keep dice"}
    do(s, "re-roll die 1", "C=1")  # 1 against 3: still behind
    assert s.current_player() == 0 and names(s) == {"re-roll die 2", "keep dice"}
    do(s, "re-roll die 2", "C=1")  # 2 against 3: still behind, but both dice are re-rolls now
    assert s.endorsements[0] == 2 and s.current_player() == 0 and "brawl A->B" in names(s)
    assert wrestler(s, "B").sta == 4 and [e.data["totals"] for e in s.events if e.kind == "roll"][-1] == [2, 3]


def test_a_defenders_re_rolled_die_is_not_offered_again(tmp_path: Path) -> None:
    # rumbleslam RE-ROLLS: the defending player's own die, once re-rolled, is spent too
    s = duel(tmp_path, a={"att": "1G"}, b={"def": "1C"}, team1_extra={"endorsements": 3})
    do(s, "brawl A->B", "G=2", "C=0")
    assert s.current_player() == 1 and names(s) == {"re-roll die 2", "keep dice"}
    do(s, "re-roll die 2", "C=1")  # 2 against 1: B still behind, and its one die is a re-roll
    assert s.endorsements[1] == 2 and s.current_player() == 0 and wrestler(s, "B").sta == 3


# -- damage formulas: whose stat -----------------------------------------------------------------------------
@pytest.mark.parametrize(("dex", "target_dmg"), [("S=2", 2), ("S=3", 0)])
def test_live_ammunition_deals_the_thrown_wrestlers_weight(tmp_path: Path, dex: str, target_dmg: int) -> None:
    # rumbleslam LIVE AMMUNITION: "The target wrestler must make a 3+ DEX roll" (the target's DEX: 1S, not
    # the thrown 1C or the thrower's 1G); on a failure it "takes DMG equal to the thrown wrestler's WEIGHT"
    # (2: not the target's 1 nor the thrower's 3); "Regardless ... the thrown wrestler takes 1DMG"
    game = fixture_game(tmp_path, [profile("A", weight=3, dex="1G"), profile("B", weight=2, dex="1C", sta=5),
                                   profile("C", weight=1, dex="1S", sta=5)], ["A"], ["B", "C"])
    s = scenario(game, {"A": "C4", "C": "G4"}, active="A", prepare=lambda st: lift(st, "A", "B"))
    do(s, "throw G4", "Crowd=Cheer")
    if s.stack[-1][:2] == ("decide", "place"):
        do(s, sorted(names(s))[0])
    assert [k for _, k, _, _ in s.buf] == ["S"]
    do(s, dex)
    assert (wrestler(s, "C").sta, wrestler(s, "B").sta) == (5 - target_dmg, 4)


def test_thrown_out_tests_the_thrown_wrestlers_dex(tmp_path: Path) -> None:
    # rumbleslam THROWING A WRESTLER OUT THE RING: "that wrestler must make a DEX roll of 3+" (B's 1S, not
    # the thrower's 1G)
    game = fixture_game(tmp_path, [profile("A", dex="1G"), profile("B", dex="1S"), profile("Z")], ["A"], ["B", "Z"])
    s = scenario(game, {"A": "C2", "Z": FAR}, active="A", prepare=lambda st: lift(st, "A", "B"))
    do(s, "throw N-C", "Crowd=Cheer")
    assert [k for _, k, _, _ in s.buf] == ["S"]


@pytest.mark.parametrize(("a_weight", "b_weight"), [(1, 2), (2, 1), (3, 1)])
def test_pin_dice_are_each_wrestlers_own_weight(tmp_path: Path, a_weight: int, b_weight: int) -> None:
    # rumbleslam PIN: "Both players roll 1C for every point of WEIGHT that their wrestler has"; the defender
    # adds 1C at half Stamina (here 3 of 5)
    s = duel(tmp_path, a={"weight": a_weight}, b={"weight": b_weight, "sta": 5}, b_at="F4" if a_weight == 3 else "E4",
             prepare=lambda st: (setattr(wrestler(st, "B"), "kd", 1), setattr(wrestler(st, "B"), "sta", 3)))
    do(s, "pin A->B")
    assert [side for side, _, _, _ in s.buf] == [0] * a_weight + [1] * (b_weight + 1)


@pytest.mark.parametrize(("lifter_weight", "target_weight"), [(1, 2), (2, 1)])
def test_lifting_a_kod_wrestler_is_against_its_own_weight(tmp_path: Path, lifter_weight: int,
                                                          target_weight: int) -> None:
    # rumbleslam LIFT: "When attempting to Lift a KO'd wrestler ..., simply equal or beat their WEIGHT"
    s = duel(tmp_path, a={"weight": lifter_weight, "grp": "1G"}, b={"weight": target_weight},
             prepare=lambda st: damage(st, wrestler(st, "B"), 9))
    do(s, "lift A->B", f"G={target_weight - 1}")
    assert wrestler(s, "A").lifting == -1
    do(s, "lift A->B", f"G={target_weight}")
    assert wrestler(s, "A").lifting == wrestler(s, "B").index


# -- ACTION POINTS: each action at exactly its cost ---------------------------------------------------------
TAG = [{"name": "Duo", "members": ["P", "Q"],
        "ability": {"name": "Double Team", "kind": "active", "ap": 3, "stat": "1G", "dmg": 2}}]


def _lifting(st: RumbleslamState) -> None:
    lift(st, "A", "B")


def _b_down(st: RumbleslamState) -> None:
    wrestler(st, "B").kd = 1


def _a_down(st: RumbleslamState) -> None:
    wrestler(st, "A").kd = 1


Builder = Callable[[Path, int], RumbleslamState]


def _duel_at(a: dict[str, Any] | None = None, a_at: str = "D4", b_at: str = "E4",
             prepare: Callable[[RumbleslamState], None] | None = None) -> Builder:
    return lambda tmp_path, ap: duel(tmp_path, a={"ap": 8, **(a or {})}, a_at=a_at, b_at=b_at, prepare=prepare, ap=ap)


def _tag_team(style: str, q_at: str | None) -> Builder:
    def build(tmp_path: Path, ap: int) -> RumbleslamState:
        game = fixture_game(tmp_path, [profile("P", rank="superstar", tag_team="Duo", ap=8),
                                       profile("Q", rank="superstar", tag_team="Duo"), profile("B"), profile("Z")],
                            ["P", "Q"], ["B", "Z"], tag_teams=TAG, team0_extra={"tag_teams": [
                                {"name": "Duo", "style": style}]})
        spots = {"P": "A5", "B": "B5", "Z": FAR, **({"Q": q_at} if q_at else {})}
        return scenario(game, spots, active="P", ap=ap)
    return build


# (the action, its AP cost, a position where it is legal with enough AP, the wrestler paying)
COSTS: list[tuple[str, int, Builder, str]] = [
    ("brawl A->B", 1, _duel_at(), "A"),  # rumbleslam BRAWL - 1AP
    ("grapple A->B", 1, _duel_at(), "A"),  # rumbleslam GRAPPLE - 1AP
    ("trip A->B", 2, _duel_at(), "A"),  # rumbleslam TRIP - 2AP
    ("pin A->B", 1, _duel_at(prepare=_b_down), "A"),  # rumbleslam PIN - 1AP
    ("lift A->B", 1, _duel_at(), "A"),  # rumbleslam LIFT - 1AP
    ("throw G7", 1, _duel_at(prepare=_lifting), "A"),  # rumbleslam THROW - 1AP
    ("bounce A off W", 1, _duel_at(a_at="A4", b_at="H8"), "A"),  # rumbleslam BOUNCE OFF THE ROPE - 1AP
    ("use Dropkick: A off W", 2, _duel_at({"abilities": [  # rumbleslam ROPE ABILITIES: the AP listed
        {"name": "Dropkick", "kind": "rope", "ap": 2, "stat": "1S"}]}, a_at="A4", b_at="H8"), "A"),
    ("climb A", 1, _duel_at(a_at="A1", b_at="H8"), "A"),  # rumbleslam CLIMB THE TURNBUCKLE - 1AP
    ("dismount A", 1, _duel_at(a_at="TB-NW", b_at="H8"), "A"),  # rumbleslam DISMOUNT THE TURNBUCKLE - 1AP
    ("turnbuckle A->B", 2, _duel_at({"mp": 5}, a_at="TB-NW", b_at="E5"), "A"),  # rumbleslam TURNBUCKLE - 2AP
    ("use Splash: A->B", 3, _duel_at({"abilities": [  # rumbleslam TURNBUCKLE ABILITIES: the AP listed
        {"name": "Splash", "kind": "turnbuckle", "ap": 3, "stat": "2S", "range": 6}]}, a_at="TB-NW", b_at="F6"), "A"),
    ("use Suplex: A->B", 3, _duel_at({"abilities": [  # rumbleslam GRAPPLE ABILITIES: "costs the AP listed"
        {"name": "Suplex", "kind": "grapple", "ap": 3, "dmg": 2}]}), "A"),
    ("use Headbutt: A->B", 2, _duel_at({"abilities": [  # rumbleslam ACTIVE ABILITIES: the AP cost
        {"name": "Headbutt", "kind": "active", "ap": 2, "stat": "1S"}]}), "A"),
    ("use Spin: A", 4, _duel_at({"abilities": [  # rumbleslam ACTIVE ABILITIES with (DEVASTATING)
        {"name": "Spin", "kind": "active", "ap": 4, "stat": "1S", "rules": ["DEVASTATING"]}]}), "A"),
    ("crowd pleaser A", 3, _duel_at({"pop": 3}), "A"),  # rumbleslam CROWD PLEASER: "AP equal to POP"
    ("crowd pleaser A", 2, _duel_at({"pop": 5, "crowd_pleaser": {  # STATS: "an AP cost next to the Crowd Pleaser"
        "name": "Pose", "effect": "heal", "ap": 2}}), "A"),
    ("stand up A", 1, _duel_at(prepare=_a_down), "A"),  # rumbleslam KNOCKED DOWN: "for 1AP"
    ("tag out P", 2, _tag_team("traditional", None), "P"),  # rumbleslam TAG OUT - 2AP
    ("use Double Team: P->B", 3, _tag_team("exhibition", "B4"), "P"),  # rumbleslam TAG TEAM ABILITIES
    ("use Double Team: P->B", 3, _tag_team("traditional", None), "P"),
]


@pytest.mark.parametrize(("action", "cost", "build", "who"), COSTS,
                         ids=[f"{c[0]}-{c[1]}AP-{i}" for i, c in enumerate(COSTS)])
def test_each_action_is_offered_at_exactly_its_ap_cost(tmp_path: Path, action: str, cost: int, build: Builder,
                                                       who: str) -> None:
    # rumbleslam ACTION POINTS: "The amount of AP used for each action varies, and is listed next to each
    # action": offered with exactly its cost left, not with one less, and that much is paid
    assert action not in names(build(tmp_path, cost - 1))
    assert action in names(build(tmp_path, cost))
    s = build(tmp_path, cost + 2)
    do(s, action)
    assert wrestler(s, who).ap == 2  # (a Tag Out ends the activation, the AP left shows on the sidelines)
