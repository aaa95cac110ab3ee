"""The RUMBLESLAM lessons say what happens (the Troll loses 1 STA, the Orc is Knocked Down...): each
claim is checked here against the engine at the end of the lesson's path, and the shipped start
positions are checked to be what ``scripts/rumbleslam_lesson_positions.py`` writes."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest

from turnbuckle.games.rumbleslam.state import OUT, RumbleslamState, Wrestler
from turnbuckle.learn.lessons import lesson, position_data
from turnbuckle.learn.run import LessonRun

ROOT = Path(__file__).resolve().parents[2]


def played(number: int) -> RumbleslamState:
    run = LessonRun(lesson("rumbleslam", number))
    while not run.finished:
        assert run.step is not None
        assert run.attempt(run.step.action).accepted
    assert isinstance(run.state, RumbleslamState)
    return run.state


def who(state: RumbleslamState, label: str) -> Wrestler:
    (index,) = [e.index for e in state.game.entrants if e.label == label]
    return state.ws[index]


def test_lesson_2_brawl_and_shin_kicker() -> None:
    """BRAWL-1AP: 1DMG; ACTIVE ABILITIES / (+/- MP): the Troll starts its next activation 1 MP short."""
    state = played(2)
    troll = who(state, "Troll")
    assert troll.sta == 7
    assert state.active == troll.index and troll.mp == 2  # the Troll's own activation, MP 3 less the counter


def test_lesson_3_up_and_dazed() -> None:
    """KNOCKED DOWN: 1AP to get up; (DAZED) on a Blank: Knockdown, (-AP) and (-MP)."""
    state = played(3)
    orc, grappler = who(state, "Orc Brawler"), who(state, "Halfling Grappler")
    assert orc.kd == 0 and orc.ap == 0
    assert grappler.sta == 3 and grappler.kd == 1 and grappler.m_ap == 1 and grappler.m_mp == 1


def test_lesson_4_the_pin_wins_the_match() -> None:
    """PIN - 1AP (CROWD): the pinned wrestler is removed; OBJECT OF THE GAME: the last team in the ring wins."""
    state = played(4)
    assert who(state, "Halfling Brawler").loc == OUT
    assert state.is_terminal() and state.returns()[0] > state.returns()[1]


def test_lesson_5_rope_attack_beatdown_and_reversal() -> None:
    """ROPE ATTACK with a Beatdown of 4 (+1DMG); REVERSALS 4: the activation ends at once."""
    state = played(5)
    grappler = who(state, "Halfling Grappler")
    assert who(state, "Orc Brawler").sta == 4
    assert grappler.activated and state.active != grappler.index
    assert [e.data["row"] for e in state.events if e.kind == "reversal"] == [4]


def test_lesson_6_pantry_dive_and_crowd_pleaser() -> None:
    """TURNBUCKLE ABILITIES with (KNOCKDOWN), then (CROWD): the Crowd Pleaser (+2 MP) succeeds."""
    state = played(6)
    orc, grappler = who(state, "Orc Brawler"), who(state, "Halfling Grappler")
    assert orc.sta == 5 and orc.kd == 1
    assert grappler.cp == 1


def test_lesson_7_smashed_against_the_turnbuckle() -> None:
    """SMASHED AGAINST THE TURNBUCKLE: +2 DMG, after a Lift that did none."""
    state = played(7)
    assert who(state, "Halfling Grappler").sta == 2


def test_lesson_8_the_troll_thrown_out() -> None:
    """THROWING A WRESTLER OUT THE RING: a failed DEX 3+ removes the Troll from the game."""
    state = played(8)
    assert who(state, "Troll").loc == OUT
    assert not state.is_terminal()  # the Orc Brawler is still in the ring


@pytest.mark.parametrize("name", ["new-match", "brawler-round-the-crowd", "grappler-rope-attack",
                                  "grappler-pantry-dive", "troll-lifts-grappler", "orc-pins-halfling",
                                  "orc-gets-up", "grappler-lifted-troll"])
def test_shipped_positions_are_what_the_script_writes(name: str) -> None:
    script = runpy.run_path(str(ROOT / "scripts" / "rumbleslam_lesson_positions.py"))
    written = json.loads(json.dumps(script["POSITIONS"][name]().to_position()))
    assert position_data("rumbleslam", name) == written
