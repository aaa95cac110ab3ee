"""Every worked example of the Filsinger instructions, replayed with forced dice.

Rex Hammond and Duke Marlowe (built-in cards) carry the example entries: hammerlock 2 on
LEVEL 1 roll 3, into the ropes (c) on LEVEL 2 roll 3, power slam 3 on LEVEL 2 roll 6, out of the
ring on LEVEL 3 roll 3 and a (+3) finisher on LEVEL 3 roll 6; Duke has hurt 2 / DUKE MARLOWE 2
on LEVEL 2 DEFENSE rolls 5 / 2, PIN on LEVEL 3 DEFENSE roll 1, PIN 6 (3), Ropes B, Ring A,
Disqualification 5, Agility -2, Power +1.
"""

from __future__ import annotations

from typing import Any

import pytest

from turnbuckle.games.filsinger.core import in_ring, pin_rating
from turnbuckle.games.filsinger.decisions import legal_names
from turnbuckle.games.filsinger.forcing import force, on_offense, reach
from turnbuckle.games.filsinger.models import Finisher, PinEntry, Stunned
from turnbuckle.games.filsinger.pins import start_pin
from turnbuckle.games.filsinger.rules import FilsingerGame
from turnbuckle.games.filsinger.state import FilsingerState

REX, DUKE = 0, 1


def start(*names: str, **params: Any) -> FilsingerState:
    game = FilsingerGame(wrestlers=["Rex Hammond", "Duke Marlowe"], **params)
    state = game.new_initial_state()
    return force(state, "first=0", *names)


def last(state: FilsingerState, kind: str) -> dict[str, Any]:
    return next(e.data for e in reversed(state.events) if e.kind == kind)


def face(entries: list[Any], test: Any) -> str:
    return f"d6={next(i for i, e in enumerate(entries) if test(e)) + 1}"


# filsinger BASIC 3. PLAYING THE GAME: hammerlock 2, then hurt 2
def test_hammerlock_2_then_hurt_2() -> None:
    state = start("d6=3")
    assert last(state, "offense")["text"] == "hammerlock 2"
    assert (state.phase, state.level) == ("defense_roll", 2)  # Duke looks under LEVEL 2 DEFENSE
    force(state, "d6=5")
    assert last(state, "defense")["text"] == "hurt 2"
    assert (state.phase, state.attacker, state.level) == ("offense_roll", REX, 2)


# filsinger BASIC 3. PLAYING THE GAME: the wrestler's own name in capitals is a counter
def test_counter_by_name() -> None:
    state = start("d6=3", "d6=2")
    assert last(state, "defense")["text"] == "DUKE MARLOWE 2"
    assert (state.phase, state.attacker, state.level) == ("offense_roll", DUKE, 2)


# filsinger BASIC 4. CHARTS: into the ropes (c), Ropes rating B, roll 2 -> sensational counter and PIN
def test_ropes_b_roll_2_sensational_counter_and_pin() -> None:
    state = start("d6=3", "d6=5", "d6=3")
    assert last(state, "offense")["text"] == "into the ropes (c)"  # (c) ignored in the basic game
    chart = last(state, "chart")
    assert (chart["chart"], chart["wrestler"], chart["rating"]) == ("ropes", "Duke Marlowe", "B")
    force(state, "2d6=2")
    assert "sensational" in last(state, "chart_result")["text"]
    assert (state.phase, state.pinned) == ("pin_roll", REX)  # the wrestler who was on offense rolls PIN
    force(state, "2d6=9")  # Rex's PIN 5: 9 kicks out
    assert (state.phase, state.attacker, state.level) == ("offense_roll", DUKE, 3)


# filsinger BASIC 5. PINS: power slam 3, PIN 6 (3): 6 or lower pinned, 7 or higher kicks out
@pytest.mark.parametrize(("roll", "pinned"), [(6, True), (2, True), (7, False), (12, False)])
def test_power_slam_3_then_pin_6(roll: int, pinned: bool) -> None:
    state = start("d6=3", "d6=5", "d6=6", "d6=1")
    assert [e.data["text"] for e in state.events if e.kind in ("offense", "defense")][-2:] == [
        "power slam 3",
        "PIN",
    ]
    assert pin_rating(state, DUKE) == 6
    force(state, f"2d6={roll}")
    if pinned:
        assert state.is_terminal() and state.returns() == [1.0, -1.0] and state.how == "pin"
    else:
        assert (state.phase, state.attacker, state.level) == ("offense_roll", REX, 3)


def _rex_on_level3(**params: Any) -> FilsingerState:
    state = start("d6=3", "d6=5", "d6=6", "d6=3", **params)  # ..., power slam 3, hurt 3
    assert (state.phase, state.attacker, state.level) == ("offense_roll", REX, 3)
    return state


# filsinger BASIC 6. FINISHERS: BIG FINISHER (+3) against PIN 6 (3) (the +3 unused in the basic game)
@pytest.mark.parametrize(("roll", "pinned"), [(6, True), (7, False)])
def test_big_finisher_basic(roll: int, pinned: bool) -> None:
    state = force(_rex_on_level3(), "d6=6")
    assert isinstance(state.finisher, Finisher) and state.finisher.rating == 3
    assert last(state, "pin")["rating"] == 6 and last(state, "pin")["finisher"]
    force(state, f"2d6={roll}")
    if pinned:
        assert state.is_terminal() and state.winner == REX
    else:
        assert (state.phase, state.attacker, state.level) == ("offense_roll", REX, 3)


# filsinger BASIC 7. DISQUALIFICATIONS: out of the ring, Ring A, roll 6, Disqualification 5
@pytest.mark.parametrize(("roll", "dq"), [(5, True), (3, True), (6, False), (11, False)])
def test_out_of_the_ring_disqualification_rating_5(roll: int, dq: bool) -> None:
    state = force(_rex_on_level3(), "d6=3")
    assert last(state, "offense")["text"] == "out of the ring"
    assert last(state, "chart")["rating"] == "A"
    force(state, "2d6=6")
    assert (state.phase, state.dq_rating) == ("dq_roll", 5)
    force(state, f"2d6={roll}")
    if dq:
        assert state.is_terminal() and state.winner == REX and state.how == "disqualification"
    else:  # he wins a brawl outside the ring and rolls on his LEVEL 3 OFFENSE
        assert (state.phase, state.attacker, state.level) == ("offense_roll", DUKE, 3)


def _tommy_pinned(**params: Any) -> FilsingerState:
    """Rex vs Tommy Sparks (PIN 4 (1)), Tommy rolling PIN from his LEVEL 3 DEFENSE."""
    game = FilsingerGame(wrestlers=["Rex Hammond", "Tommy Sparks"], **params)
    state = force(game.new_initial_state(), "first=0")
    tommy = game.cards[1]
    hurt2 = face(tommy.defense.level2, lambda e: isinstance(e, Stunned) and e.level == 2 and not e.tag)
    pin = face(tommy.defense.level3, lambda e: isinstance(e, PinEntry))
    return force(state, "d6=3", hurt2, "d6=6", pin)


# filsinger OPTIONAL 1. TAKING FATIGUE INTO ACCOUNT: PIN 4 (1), rolls 2 and kicks out, then 2, then 3
def test_fatigue_from_4_1() -> None:
    state = _tommy_pinned(fatigue=True)
    assert pin_rating(state, 1) == 1  # the PIN rating in parenthesis
    force(state, "2d6=2")
    assert not state.decided and pin_rating(state, 1) == 2
    start_pin(state, 1, 0)  # the next time he is pinned
    force(state, "2d6=3")
    assert pin_rating(state, 1) == 3


# filsinger OPTIONAL 2. FINISHER RATINGS: +3 on PIN 4 (1) -> 4; 5 or higher kicks out and adds one
@pytest.mark.parametrize(("roll", "pinned"), [(4, True), (5, False)])
def test_finisher_rating_plus_3_on_4_1(roll: int, pinned: bool) -> None:
    game = FilsingerGame(wrestlers=["Rex Hammond", "Tommy Sparks"], fatigue=True, finisher_ratings=True)
    state = force(game.new_initial_state(), "first=0")
    path = reach(state, on_offense(0, 3), max_steps=5)
    force(state, *path, "d6=6")
    assert last(state, "pin")["rating"] == 4
    force(state, f"2d6={roll}")
    if pinned:
        assert state.winner == 0
    else:
        assert pin_rating(state, 1) == 2 and (state.attacker, state.level) == (0, 3)


# filsinger OPTIONAL 3. ROLL FINISHERS: RISKY FINISHER 2-6 (roll): 1 misses, 3 is the rating
def test_risky_finisher() -> None:
    game = FilsingerGame(wrestlers=["Skye Falcon", "Duke Marlowe"], roll_finishers=True, finisher_ratings=True)
    skye = game.cards[0]
    fin = face(skye.offense.level3, lambda e: isinstance(e, Finisher))
    base = force(game.new_initial_state(), "first=0")
    base = force(base, *reach(base, on_offense(0, 3), max_steps=5), fin)
    assert base.phase == "finisher_roll" and base.finisher is not None and base.finisher.text.endswith("2-6 (roll)")
    miss = force(base.clone(), "d6=1")
    assert (miss.phase, miss.attacker, miss.level) == ("offense_roll", 1, 3)
    hit = force(base.clone(), "d6=3")
    assert hit.phase == "pin_roll" and last(hit, "pin")["rating"] == 3 + 3  # Duke's (3) + 3


# filsinger OPTIONAL 4. AGILITY AND POWER: body slam 2 (pw), Power -2 vs 0 works, vs -3 fails
def test_body_slam_pw() -> None:
    works = start("d6=3", "d6=5", "d6=1", agility_power=True)  # Duke's Power +1
    assert last(works, "offense")["text"] == "body slam 2 (pw)"
    assert (works.phase, works.level) == ("defense_roll", 2)
    game = FilsingerGame(wrestlers=["Rex Hammond", "Brick Kowalczyk"], agility_power=True)  # Power -3
    state = force(game.new_initial_state(), "first=0", "d6=3")
    hurt2 = face(game.cards[1].defense.level2, lambda e: isinstance(e, Stunned) and e.level == 2 and not e.tag)
    force(state, hurt2, "d6=1")
    assert last(state, "countered")["stat"] == "power"
    assert (state.phase, state.attacker, state.level) == ("offense_roll", 1, 2)


# filsinger OPTIONAL 5. BASIC CHART CHOICES: into the turnbuckle (c) on LEVEL 2 -> try it or LEVEL 1
def test_into_the_turnbuckle_c() -> None:
    state = start("d6=3", "d6=5", "d6=4", chart_choices=True)
    assert last(state, "offense")["text"] == "into the turnbuckle (c)"
    assert legal_names(state) == ["try move", "roll again"]
    again = force(state.clone(), "roll again")
    assert (again.phase, again.attacker, again.level) == ("offense_roll", REX, 1)
    tried = force(state, "try move")
    assert tried.phase == "chart_roll" and tried.chart == "turnbuckle" and tried.chart_me == DUKE


# filsinger OPTIONAL 7. THE CHOICE SITUATIONS CHART: (ch C) Moonsault 2-5, Kick to Knee 2-8
@pytest.mark.parametrize(
    ("move", "roll", "works", "level"),
    [
        ("Moonsault", 5, True, 3),
        ("Moonsault", 6, False, 3),
        ("Kick to Knee", 8, True, 2),
        ("Kick to Knee", 9, False, 2),
    ],
)
def test_choice_c(move: str, roll: int, works: bool, level: int) -> None:
    state = start("d6=3", "d6=5", "d6=5", choice_situations=True)
    assert state.phase == "choice" and state.letter == "C"
    assert legal_names(state) == ["choose Moonsault", "choose Kick to Knee"]
    force(state, f"choose {move}")
    assert last(state, "choice")["target"] == {"Moonsault": 5, "Kick to Knee": 8}[move]
    force(state, f"2d6={roll}")
    if works:
        assert (state.phase, state.level) == ("defense_roll", level) and state.attacker == REX
    else:  # the opponent always goes on LEVEL 2 OFFENSE
        assert (state.phase, state.attacker, state.level) == ("offense_roll", DUKE, 2)


# filsinger OPTIONAL 13. PIN SAVES: roll 2 -> Outside Interference chart; 5 -> save, fatigue, L3
def test_pin_save_rolls_2_and_5() -> None:
    game = FilsingerGame(match_type="tag", pin_saves=True, fatigue=True)
    state = force(game.new_initial_state(), "first=1")
    start_pin(state, 0, 0)
    assert "pin save" in legal_names(state)
    force(state, "pin save")
    two = force(state.clone(), "2d6=2")
    assert two.phase == "chart_roll" and two.chart == "interference"
    five = force(state, "2d6=5")
    assert five.tokens[in_ring(five, 0)] == 1 and (five.attacker, five.level) == (1, 3)


# filsinger OPTIONAL 15. DISTRACTOR RATINGS: rating 7 works on 2-7, fails on 8-12
@pytest.mark.parametrize(("roll", "works"), [(2, True), (7, True), (8, False), (12, False)])
def test_distractor_7(roll: int, works: bool) -> None:
    game = FilsingerGame(wrestlers=["Rex Hammond", "Vince Valentine"], distractor=True, fatigue=True)
    assert game.cards[1].ratings.distractor == 7
    state = force(game.new_initial_state(), "first=0")
    start_pin(state, 1, 0)
    force(state, "distract referee", f"2d6={roll}")
    if works:  # adds one to his PIN rating and the opponent rolls LEVEL 3 OFFENSE
        assert state.tokens[1] == 1 and (state.phase, state.attacker, state.level) == ("offense_roll", 0, 3)
    else:  # he rolls his pin in the normal manner
        assert state.phase == "pin_roll"
