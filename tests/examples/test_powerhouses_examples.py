"""The worked examples of powerhouses.txt, with the text's own dice forced."""

from __future__ import annotations

from support.forcing import drive
from support.powerhouses import BRUNO_WINS_TAKEDOWN, new_match
from turnbuckle.games.powerhouses.models import Ability
from turnbuckle.games.powerhouses.state import ATTACK, DEFENSE


def _first_roll(faces: list[int]) -> tuple[int, list[str]]:
    state = new_match()
    largest, tied = state.game.first_roll_matches(0, faces)
    return largest, [list(Ability)[a].value for a in tied]


def test_rolling_the_dice_examples() -> None:
    # powerhouses Rolling the Dice: "1, 3, 3, 5, and 4 ... two matched Brawling results"
    assert _first_roll([1, 3, 3, 5, 4]) == (2, ["Brawling"])
    # "1, 2, 3, 5, and 4 ... two matched Strength results"
    assert _first_roll([1, 2, 3, 5, 4]) == (2, ["Strength"])


def test_fan_support_example() -> None:
    # powerhouses Fan Support: "1, 2, 3, 4, and 6, Bruno would now have three matched Strength results"
    assert _first_roll([1, 2, 3, 4, 6]) == (3, ["Strength"])


def test_extended_example_bruno_roll_by_roll() -> None:
    # powerhouses Extended Example, Bruno attacking, every die as printed
    state = drive(new_match(), BRUNO_WINS_TAKEDOWN)
    assert state.phase == ATTACK and state.roller == 0
    drive(state, [2, 3, 3, 4, 6])  # the pair of 3's and the 6: three Brawling
    assert (state.ability, state.count, state.free) == (1, 3, 2)
    drive(state, ["roll", 5, 6])  # the new 6: four
    assert (state.count, state.free) == (4, 1)
    drive(state, ["roll", 3])  # another 3: five, all dice match -> Over the Top
    assert state.count == 5
    assert state.free == 4, "one die stays aside, the other four may be rerolled"
    assert [e.kind for e in state.events].count("over_the_top") == 1
    assert state.events[-1].data == {"player": 0, "ability": "Brawling", "total": 5}
    drive(state, ["roll", 2, 2, 4, 6])  # only the 6 counts: six
    assert (state.count, state.free) == (6, 3)
    drive(state, ["roll", 1, 3, 4])  # seven
    assert (state.count, state.free) == (7, 2)
    drive(state, ["roll", 6, 6])  # nine, and Over the Top again
    assert (state.count, state.free) == (9, 4)
    drive(state, ["roll", 1, 1, 2, 3])  # ten
    assert (state.count, state.free) == (10, 3)
    drive(state, ["roll", 1, 2, 4])  # no Brawling: Gone Bust, back to nine
    attack = [e for e in state.events if e.kind == "attack"][-1]
    assert attack.data == {"player": 0, "ability": "Brawling", "total": 9, "ended": "bust"}
    assert state.phase == DEFENSE and state.attack_total == 9
    assert [e.kind for e in state.events].count("over_the_top") == 2
