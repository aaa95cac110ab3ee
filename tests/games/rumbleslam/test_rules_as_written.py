"""Rule faults found by reading the text against the engine (issue 22, items 1-7): each test names
the section of rumbleslam.txt it checks and failed before its fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.rumbleslam import do, fixture_game, profile, restart, scenario, wrestler
from turnbuckle.games.rumbleslam.state import RumbleslamState

QUICK = {"name": "Quick Feet", "kind": "passive", "bonus": {"dex": 1}}
STANCE = {"name": "Stance", "kind": "choice", "options": [{"name": "Guard", "stat": "def"},
                                                          {"name": "Nimble", "stat": "dex"}]}


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
        st._damage(wrestler(st, "A"), 9)

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
    s = scenario(game, {"A": "D4", "A2": "D6", "B": "H8"}, prepare=lambda st: st._damage(wrestler(st, "A2"), 9))
    restart(s, ("round_start",))
    assert "A2 DEX 1S" in s.observation(0)["prompt"]
