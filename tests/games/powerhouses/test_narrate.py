"""Commentary agrees with what it describes (issue 8, hardening); each test names its section."""

from __future__ import annotations

import random
import re

import pytest

import turnbuckle
from support.forcing import drive
from support.powerhouses import BRUNO, BRUNO_WINS_TAKEDOWN, SKYLARK, new_match
from turnbuckle.engine.events import Event
from turnbuckle.engine.game import CHANCE, State
from turnbuckle.games.powerhouses.narrate import _and, _dice


def _random_match(seed: int, dice: int = 5) -> State:
    game = turnbuckle.load_game("powerhouses", wrestlers=[BRUNO, SKYLARK], dice=dice)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _lines(state: State) -> list[tuple[Event, str]]:
    out = []
    for event in state.events:
        line = state.game.narrate(event)
        if line:
            out.append((event, line))
    return out


# powerhouses Ending the Game: "It's over!" names the real winner, his dice and the deciding roll
@pytest.mark.parametrize("seed", range(12))
def test_result_line_matches_the_result(seed: int) -> None:
    state = _random_match(seed)
    winner = 0 if state.returns()[0] > 0 else 1
    events = state.events
    result = events[-1]
    assert result.kind == "result" and result.data["winner"] == winner
    names = [BRUNO, SKYLARK]
    dice = state.dice  # type: ignore[attr-defined]
    attack = next(e for e in reversed(events) if e.kind == "attack")
    defense = next(e for e in reversed(events) if e.kind == "defense")
    assert attack.data["player"] == winner and defense.data["player"] == 1 - winner
    assert dice[1 - winner] == 1
    line = state.game.narrate(result)
    assert line == (
        f"It's over! {names[winner]} wins with {_dice(dice[winner])} left: {attack.data['total']} to "
        f"{defense.data['total']} in the deciding exchange puts {names[1 - winner]} down to 1 die."
    )
    assert attack.data["total"] > defense.data["total"]


# powerhouses The Result: a defense line says whether it was enough, as the result that follows does
@pytest.mark.parametrize("seed", range(6))
def test_defense_line_agrees_with_the_result(seed: int) -> None:
    events = _random_match(seed).events
    for i, event in enumerate(events):
        if event.kind != "defense":
            continue
        line = turnbuckle.load_game("powerhouses", wrestlers=[BRUNO, SKYLARK]).narrate(event)
        assert line is not None
        following = next(e.kind for e in events[i + 1:] if e.kind in ("wear_down", "resistance", "reversal"))
        if following == "wear_down":
            assert line.endswith(": not enough.")
        elif following == "resistance":
            assert f"matching the {event.data['total']}" in line
        else:
            assert f"against {event.data['against']}, and " in line and line.endswith("!")


# powerhouses The Take-Down: "the wrestler with the highest score wins" - his score is said first
def test_takedown_line_puts_the_winner_first() -> None:
    state, takedown = next((s, e) for s in map(_random_match, range(40)) for e in s.events
                           if e.kind == "takedown" and e.data["winner"] == 1)
    assert takedown.data["totals"][1] > takedown.data["totals"][0]
    line = state.game.narrate(takedown)
    assert line == f"{SKYLARK} wins the take-down, {takedown.data['totals'][1]} to {takedown.data['totals'][0]}!"
    bruno = drive(new_match(), BRUNO_WINS_TAKEDOWN)
    line = bruno.game.narrate(next(e for e in bruno.events if e.kind == "takedown"))
    assert line == f"{BRUNO} wins the take-down, 2 to 1!"


# powerhouses Rolling the Dice: grammar (1 die / 2 dice, "X wins", lists, no stray brackets)
def test_commentary_grammar() -> None:
    assert (_dice(1), _dice(2)) == ("1 die", "2 dice")
    assert _and(["Agility"]) == "Agility"
    assert _and(["Agility", "Brawling", "Strength"]) == "Agility, Brawling and Strength"
    for seed in range(20):
        for _, line in _lines(_random_match(seed, dice=3 + seed % 3)):
            assert not re.search(r"\b1 dice\b|\b(0|[2-9]|1\d) die\b|\(\)|\bwin with\b|\bNone\b|[{}\[\]]", line), line
            if "equal matches" in line:
                assert line.count(" and ") == 1
