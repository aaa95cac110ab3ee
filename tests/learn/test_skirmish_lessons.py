"""The ring skirmish lessons say what happens; here the engine is asked whether it does (issue 34,
test 7): the state each lesson ends in is the one its texts describe, and its start positions are
the ones ``scripts/skirmish_lesson_positions.py`` writes."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from turnbuckle.learn.lessons import lesson, lessons
from turnbuckle.learn.run import LessonRun

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "skirmish_lesson_positions.py"
SHIPPED = ROOT / "src" / "turnbuckle" / "games" / "skirmish" / "lessons" / "positions"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("skirmish_lesson_positions", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_shipped_positions_are_the_ones_the_script_writes(script: ModuleType) -> None:
    shipped = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in SHIPPED.glob("*.json")}
    assert shipped == script.POSITIONS
    used = {f.lesson.start.position for f in lessons("skirmish")}
    assert set(shipped) <= used, f"positions no lesson starts from: {set(shipped) - used}"


def finish(number: int) -> dict[str, Any]:
    """The position lesson ``number`` ends in, played along its path."""
    run = LessonRun(lesson("skirmish", number))
    while not run.finished:
        step = run.step
        assert step is not None
        assert run.attempt(step.action).accepted
    body: dict[str, Any] = run.state.to_position()["position"]
    return body


def test_lesson_1_unspent_bids_go_back_to_the_pool_round_overview() -> None:
    end = finish(1)
    assert end["round"] == 2
    assert [p["pool"] for p in end["players"]] == [5, 7]  # ROUND OVERVIEW 1, 3, 6: 2 + 3 and 1 + 3 + 3
    assert (end["models"][0]["x"], end["models"][0]["y"]) == (15.0, 15.0)


def test_lesson_2_desert_bridge_from_the_back_arc_staggers_attack_maneuvers() -> None:
    otto = finish(2)["models"][1]
    assert otto["end"] == 6 and otto["staggered"]  # SDV 3 - 1 = 2


def test_lesson_3_the_ropes_cost_two_end_more_move_maneuvers() -> None:
    gideon = finish(3)["models"][1]
    assert gideon["end"] == 7 - 3 - 2  # SDV 3, then the electrified ropes
    assert gideon["x"] == 30 - 0.8  # base against the east rope


def test_lesson_4_the_counter_is_paid_from_the_pool_attack_maneuvers() -> None:
    end = finish(4)
    assert end["round"] == 3
    assert end["players"][0]["pool"] == 4 - 3 + 3  # Body Slam from the pool, then the round's gain
    assert end["models"][1]["end"] == 6 and end["models"][1]["staggered"]


@pytest.mark.parametrize("number", [5, 9])
def test_pin_lessons_end_in_a_pinfall_pin_attempt_maneuvers(number: int) -> None:
    end = finish(number)
    assert end["winner"] == 0 and " pins " in end["how"]


def test_lesson_6_shake_the_cobwebs_and_three_flaunt_effects_flaunt() -> None:
    end = finish(6)
    titus = end["models"][0]
    assert not titus["staggered"] and titus["end"] == 4
    assert [p["pool"] for p in end["players"]] == [4, 4]  # +1 gained, -1 drained


def test_lesson_7_a_whip_off_the_ropes_turns_him_around_whip() -> None:
    brick = finish(7)["models"][1]
    assert brick["end"] == 9 - 2 - 2 and brick["staggered"]  # the ropes, then Desert Bridge's SDV 2
    assert brick["facing"] == [1, 0]  # turned away from Marisol by the Whip


def test_lesson_8_tag_then_doubleteam_tag_match() -> None:
    end = finish(8)
    marisol, brick, kestrel, _ = end["models"]
    assert not marisol["in_ring"] and brick["in_ring"]  # TAG: replaced by its partner
    assert (brick["x"], brick["y"]) == (4.5, 4.5)
    assert kestrel["end"] == 6 - 2 and end["players"][1]["tag_cost_doubled"]  # DOUBLETEAM


def test_lesson_9_the_end_floor_pays_the_attacker_ap_attack_maneuvers() -> None:
    end = finish(9)
    assert end["models"][1]["end"] == 1
    assert end["players"][0]["pool"] == 2 + 2  # SDV 3 against 2 END: 1 lost, 2 paid as AP
