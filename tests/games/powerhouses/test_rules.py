"""One test (at least) per rule of powerhouses.txt; each names its section."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import turnbuckle
from support.forcing import drive
from support.positions import edited
from support.powerhouses import BRUNO, BRUNO_WINS_TAKEDOWN, SKYLARK, new_match
from turnbuckle.engine.conformance import chi_square_sf
from turnbuckle.engine.datafiles import validate
from turnbuckle.engine.errors import DataFileError, IllegalActionError, ParamError
from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.games.powerhouses.models import Roster, WrestlerSheet
from turnbuckle.games.powerhouses.state import (
    ATTACK,
    AWAIT_CONTINUE,
    AWAIT_PURSUE,
    COMEBACK,
    DEFENSE,
    TAKEDOWN,
    PowerhousesState,
)

SHEET = {"name": "Test", "specialty": "Strength", "weakness": "Agility",
         "abilities": ["Brawling", "Martial Arts", "Technical Ability"]}


def attacking() -> object:
    """Bruno has won the Take-Down and is about to roll his attack."""
    return drive(new_match(), BRUNO_WINS_TAKEDOWN)


# -- Preparing to Play ------------------------------------------------------------------------
def test_sheet_lines_follow_preparing_to_play() -> None:
    # powerhouses Preparing to Play: specialty on 1 and 2, abilities on 3-5, Fan Support on 6
    sheet = WrestlerSheet.model_validate(SHEET)
    assert sheet.sheet_lines() == [
        "Strength", "Strength", "Brawling", "Martial Arts", "Technical Ability", "Fan Support",
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"abilities": ["Agility", "Brawling", "Martial Arts"]}, "weakness"),
        ({"abilities": ["Brawling", "Brawling", "Martial Arts"]}, "twice"),
        ({"weakness": "Strength", "abilities": ["Brawling", "Martial Arts", "Technical Ability"]}, "both"),
        ({"specialty": "Charisma"}, "specialty"),
        ({"abilities": ["Brawling", "Martial Arts"]}, "abilities"),
    ],
)
def test_invalid_sheets_are_refused(change: dict[str, object], message: str) -> None:
    # powerhouses Preparing to Play: "Don't list the wrestler's weakness", "a different ability for each number"
    with pytest.raises(DataFileError, match=message):
        validate(Roster, {"wrestler": [{**SHEET, **change}]}, "my.toml")


def test_specialty_may_repeat_on_three_to_five() -> None:
    # powerhouses Preparing to Play (ruling R-PH-1): 3-5 need only differ from each other and the weakness
    sheet = WrestlerSheet.model_validate({**SHEET, "abilities": ["Strength", "Brawling", "Martial Arts"]})
    assert sheet.faces_for(sheet.specialty) == 3


# -- Rolling the Dice, On a Roll, Calling It Quits, Going Bust ------------------------------
def test_on_a_roll_sets_matches_aside_and_offers_to_roll_the_rest() -> None:
    # powerhouses On a Roll
    state = drive(attacking(), [1, 2, 3, 4, 5])
    assert state.awaiting == AWAIT_CONTINUE and state.current_player() == 0
    assert (state.count, state.free) == (2, 3)
    assert [a.name for a in state.legal_actions()] == ["roll", "stop"]
    drive(state, ["roll"])
    assert state.current_player() == CHANCE and state.to_throw == 3


def test_calling_it_quits_keeps_the_count() -> None:
    # powerhouses Calling It Quits
    state = drive(attacking(), [1, 2, 6, 4, 5, "stop"])
    assert state.phase == DEFENSE and state.attack_total == 3


def test_going_bust_subtracts_one() -> None:
    # powerhouses Going Bust
    state = drive(attacking(), [1, 2, 6, 4, 5, "roll", 3, 4])
    assert state.phase == DEFENSE and state.attack_total == 2


def test_first_roll_without_a_match_is_bust_at_zero() -> None:
    # powerhouses Going Bust (ruling R-PH-2: no matches, nothing to subtract: the total is 0)
    state = new_match(dice=3)
    drive(state, [1, 3, 4])  # Bruno: Strength, Brawling, Martial Arts: no match
    assert state.takedown_totals[0] == 0


def test_first_roll_must_take_the_largest_match() -> None:
    # powerhouses Note: "he must go with the largest match"
    state = drive(attacking(), [1, 3, 3, 3, 5])  # one Strength, three Brawling
    assert state.ability == 1 and state.count == 3 and state.awaiting == AWAIT_CONTINUE


def test_first_roll_equal_matches_are_a_choice() -> None:
    # powerhouses Note: "If the matches are of equal size ... he may choose which match to pursue"
    state = drive(attacking(), [1, 2, 3, 3, 5])
    assert state.awaiting == AWAIT_PURSUE
    assert [a.name for a in state.legal_actions()] == ["pursue Brawling", "pursue Strength"]
    drive(state, ["pursue Brawling"])
    assert state.ability == 1 and (state.count, state.free) == (2, 3)


def test_over_the_top_rerolls_all_but_one_and_count_goes_on() -> None:
    # powerhouses Over the Top
    state = drive(attacking(), [3, 3, 3, 3, 6])
    assert state.count == 5 and state.free == 4
    drive(state, ["roll", 3, 1, 1, 1, "roll", 6, 6, 6])  # six, then three more: all five aside again
    assert state.count == 9 and state.free == 4


# -- The Take-Down ----------------------------------------------------------------------------
def test_takedown_rolls_until_bust_without_a_choice_to_quit() -> None:
    # powerhouses The Take-Down: "each roll their dice until they go bust"
    state = new_match()
    drive(state, [1, 2, 3, 4, 5])
    assert state.phase == TAKEDOWN and state.current_player() == CHANCE, "no Calling It Quits in the Take-Down"
    drive(state, [1, 3, 4, 3, 4])
    assert state.takedown_totals[0] == 2 and state.roller == 1


def test_takedown_highest_attacks_first() -> None:
    # powerhouses The Take-Down: "the wrestler with the highest score wins the Take-Down"
    state = drive(new_match(), BRUNO_WINS_TAKEDOWN)
    assert state.attacker == 0 and state.phase == ATTACK
    takedown = next(e for e in state.events if e.kind == "takedown")
    assert takedown.data == {"winner": 0, "totals": [2, 1]}


def test_takedown_tie_is_rolled_again() -> None:
    # powerhouses The Take-Down (ruling R-PH-3: a tie is rolled again)
    state = drive(new_match(), [1, 2, 3, 4, 5, 3, 4, 5, 1, 2, 3, 4, 5, 3, 4, 5])
    assert state.phase == TAKEDOWN and state.roller == 0
    assert any(e.kind == "takedown_tie" for e in state.events)


# -- The Turn Sequence ------------------------------------------------------------------------
def _exchange(attack: list[int | str], defense: list[int | str]) -> object:
    return drive(attacking(), [*attack, *defense])


def test_defender_may_pursue_a_different_ability() -> None:
    # powerhouses The Defense: "He need not roll for the same ability as the attacker did"
    state = drive(attacking(), [3, 3, 3, 4, 5, "stop"])  # Bruno: three Brawling
    drive(state, [1, 2, 3, 4, 5])  # Skylark: two Agility
    assert state.roller == 1 and state.ability == 0


def test_wear_down_costs_the_defender_a_die_and_attacker_keeps_attacking() -> None:
    # powerhouses The Result: Wear Down
    state = _exchange([3, 3, 3, 4, 5, "stop"], [1, 2, 3, 4, 5, "stop"])
    assert state.dice == [5, 4] and state.attacker == 0 and state.phase == ATTACK


def test_resistance_costs_nothing_and_attacker_keeps_attacking() -> None:
    # powerhouses The Result: Resistance
    state = _exchange([1, 2, 3, 4, 5, "stop"], [1, 2, 3, 4, 5, "stop"])
    assert state.dice == [5, 5] and state.attacker == 0
    assert any(e.kind == "resistance" for e in state.events)


def test_reversal_makes_the_defender_the_attacker() -> None:
    # powerhouses The Result: Reversal
    state = _exchange([1, 2, 3, 4, 5, "stop"], [1, 1, 1, 4, 5, "stop"])
    assert state.dice == [5, 5] and state.attacker == 1 and state.roller == 1


# -- The Come-Back and Ending the Game -------------------------------------------------------
def _lose_exchange(state: object) -> object:
    """Bruno attacks with three Brawling and stops; Skylark answers two Agility and stops."""
    return drive(state, [3, 3, 3, 4, 5, "stop", *[1, 2, 3, 4, 5][: state.dice[1]], "stop"])


def attack_at(dice: list[int], **params: object) -> PowerhousesState:
    """Bruno about to roll his attack, the wrestlers holding ``dice``: built as a position (no Take-Down
    and no exchanges played to wear Skylark down)."""
    def attack(body: dict[str, Any]) -> None:
        body.update(dice=dice, phase="attack", attacker=0, exchanges=1, takedown_totals=[2, 1])
        body["roll"].update(roller=0, throw=dice[0], unmatched_dice=dice[0])

    return edited(new_match(**params), attack)


def test_comeback_roll_at_two_dice_regains_a_die_on_a_match() -> None:
    # powerhouses The Come-Back
    state = _lose_exchange(attack_at([5, 3]))
    assert state.phase == COMEBACK and state.current_player() == CHANCE and state.to_throw == 2
    drive(state, [1, 6])
    assert state.dice[1] == 3 and state.phase == ATTACK


def test_comeback_without_a_match_stays_at_two() -> None:
    # powerhouses The Come-Back
    state = drive(_lose_exchange(attack_at([5, 3])), [1, 3])
    assert state.dice[1] == 2 and state.phase == ATTACK


def test_comeback_can_be_switched_off() -> None:
    # powerhouses The Come-Back (option comeback=false)
    state = _lose_exchange(attack_at([5, 3], comeback=False))
    assert state.phase == ATTACK and state.dice[1] == 2


def test_reduced_to_one_die_ends_the_match() -> None:
    # powerhouses Ending the Game
    state = attack_at([5, 2])  # two dice (a come-back failed)
    drive(state, [3, 3, 3, 4, 5, "stop", 1, 3])  # Skylark's two dice bust: worn down to one
    assert state.dice[1] == 1
    assert state.current_player() == TERMINAL and state.is_terminal()
    assert state.returns() == [1.0, -1.0]
    assert state.events[-1].kind == "result" and state.events[-1].data["winner"] == 0


def test_every_die_is_a_fair_d6_and_the_fast_sampler_agrees() -> None:
    # powerhouses Rolling the Dice: each die lands 1-6 alike, listed and sampled
    state = new_match()
    listed = [(a.name, p) for a, p in state.chance_outcomes()]
    assert listed == [(f"die={f}", pytest.approx(1 / 6)) for f in range(1, 7)]
    rng = random.Random(7)
    draws = 6000
    seen = Counter(state.sample_chance(rng).name for _ in range(draws))
    stat = sum((seen[f"die={f}"] - draws / 6) ** 2 / (draws / 6) for f in range(1, 7))
    assert sum(seen.values()) == draws and chi_square_sf(stat, 5) > 1e-4


# -- contract edges ---------------------------------------------------------------------------
def test_illegal_action_is_refused_with_the_legal_ones_named() -> None:
    state = drive(attacking(), [1, 2, 3, 4, 5])
    with pytest.raises(IllegalActionError, match=r"'pursue Agility' is not legal .* \(legal: roll, stop\)"):
        state.apply_action("pursue Agility")
    with pytest.raises(IllegalActionError, match="unknown action 'dance'"):
        state.apply_action("dance")
    with pytest.raises(IllegalActionError, match="not a possible chance outcome"):
        drive(state, ["roll", "stop"])


def test_unknown_wrestler_and_bad_options_are_param_errors() -> None:
    with pytest.raises(ParamError, match="unknown wrestler 'Nobody'"):
        turnbuckle.load_game("powerhouses", wrestlers=["Nobody", SKYLARK])
    with pytest.raises(ParamError, match="exactly 2"):
        turnbuckle.load_game("powerhouses", wrestlers=[BRUNO])
    with pytest.raises(ParamError, match="dice"):
        turnbuckle.load_game("powerhouses", dice=1)


# -- analysis positions -----------------------------------------------------------------------
def test_start_attack_roll_sets_up_an_attack_without_a_takedown() -> None:
    # for odds tools: Skylark (player 1) about to attack with three dice against Bruno's four
    state = new_match()
    state.start_attack_roll(1, [4, 3])
    assert (state.phase, state.attacker, state.roller, state.dice) == (ATTACK, 1, 1, [4, 3])
    assert state.current_player() == CHANCE and state.to_throw == 3
    drive(state, [1, 2, 6])  # three Agility with Fan Support: Over the Top, two dice to roll again
    assert state.awaiting == AWAIT_CONTINUE and state.current_player() == 1
    assert (state.count, state.free) == (3, 2)
    drive(state, ["stop"])
    assert state.phase == DEFENSE and state.attack_total == 3
    assert state.current_player() == CHANCE and state.roller == 0 and state.to_throw == 4


def test_start_attack_roll_refuses_impossible_positions() -> None:
    state = new_match()
    with pytest.raises(ParamError, match="attacker"):
        state.start_attack_roll(2, [4, 3])
    with pytest.raises(ParamError, match="dice"):
        state.start_attack_roll(0, [4])
    with pytest.raises(ParamError, match="dice"):
        state.start_attack_roll(0, [0, 5])


# -- pinned by mutation testing (docs/testing.md): each of these failed on a surviving mutant -------
def test_no_winner_and_level_returns_until_the_match_ends() -> None:
    # powerhouses Ending the Game: nobody has won until a wrestler is worn down to one die
    state = attacking()
    assert state.match_result() is None
    assert state.returns() == [0.0, 0.0]
    assert state.observation(1)["winner"] is None


def test_the_first_wrestler_winning_is_on_the_table_for_both() -> None:
    # powerhouses Ending the Game: Bruno (player 0) wears Skylark down to one die
    state = drive(attack_at([5, 2]), [3, 3, 3, 4, 5, "stop", 1, 3])
    assert [state.observation(p)["winner"] for p in (0, 1)] == [0, 0]
    result = state.match_result()
    assert result is not None and result.returns == (1.0, -1.0)


def test_a_tied_first_roll_is_announced_and_shown_with_its_choices() -> None:
    # powerhouses Note: "If the matches are of equal size ... he may choose which match to pursue"
    state = drive(attacking(), [1, 2, 3, 3, 5])
    tied = state.events[-1]
    assert tied.kind == "throw" and tied.data["tied"] == ["Brawling", "Strength"]
    assert state.observation(0)["tied_abilities"] == ["Brawling", "Strength"]
    drive(state, ["pursue Brawling"])
    assert state.observation(0)["tied_abilities"] == []


def test_only_the_tied_abilities_may_be_pursued() -> None:
    # powerhouses Note: the choice is between the equal largest matches, no other ability
    state = drive(attacking(), [1, 2, 3, 3, 5])
    with pytest.raises(IllegalActionError):
        state.apply_action("pursue Agility")
    assert state.awaiting == AWAIT_PURSUE


def test_a_match_has_exactly_two_wrestlers_starting_with_two_dice_or_more() -> None:
    # powerhouses Preparing to Play (two wrestlers, five dice each) and Ending the Game (one die is beaten)
    with pytest.raises(ParamError, match="exactly 2"):
        turnbuckle.load_game("powerhouses", wrestlers=[BRUNO, SKYLARK, BRUNO])
    dice = next(o for o in turnbuckle.load_game("powerhouses").options() if o.name == "dice")
    assert (dice.minimum, dice.maximum) == (2, 12)  # what the browser's form offers


def test_an_attack_position_needs_exactly_two_dice_counts() -> None:
    # powerhouses The Attack (the odds tools' entry: both wrestlers' dice, no Take-Down)
    with pytest.raises(ParamError, match="dice"):
        new_match().start_attack_roll(0, [4, 3, 2])


def test_a_one_letter_name_is_a_name() -> None:
    # powerhouses Preparing to Play: any name written on the sheet
    assert WrestlerSheet.model_validate({**SHEET, "name": "X"}).name == "X"


def test_a_choice_is_refused_while_a_die_is_rolling() -> None:
    # powerhouses Rolling the Dice: while dice are in the air only a die's face can come next
    state = attacking()
    assert state.current_player() == CHANCE
    for name in ("pursue Technical Ability", "pursue Agility", "roll"):
        with pytest.raises(IllegalActionError):
            state.apply_action(name)


def test_each_ability_shows_on_the_faces_the_sheet_gives_it() -> None:
    # powerhouses Preparing to Play: the specialty on 1 and 2, one ability each on 3, 4 and 5
    sheet = WrestlerSheet.model_validate(SHEET)
    counts = {a.value: sheet.faces_for(a) for a in sheet.sheet_abilities()}
    assert counts == {"Brawling": 1, "Martial Arts": 1, "Strength": 2, "Technical Ability": 1}
    assert sheet.faces_for(sheet.weakness) == 0


class _Scripted:
    """A random source that answers the given numbers in turn (and counts what was asked)."""

    def __init__(self, values: list[float]) -> None:
        self.values, self.asked = values, 0

    def random(self) -> float:
        self.asked += 1
        return self.values[self.asked - 1]


def test_fast_random_playout_calls_it_quits_half_the_time() -> None:
    # powerhouses Calling It Quits: in the quick random playouts (MCTS) roll and stop are equally likely;
    # a draw of 0.9 stops, as the generic playout's uniform choice would
    state = drive(attack_at([5, 2]), [3, 3, 3, 4, 5])  # Bruno: three Brawling, may roll or stop
    assert state.awaiting == AWAIT_CONTINUE
    rng = _Scripted([0.9, 0.0, 0.4])  # stop at 3; Skylark's two dice show 1 and 3: bust, worn down to one
    assert state.random_playout_returns(rng) == [1.0, -1.0]
    assert rng.asked == 3
