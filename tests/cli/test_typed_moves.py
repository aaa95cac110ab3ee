"""Typing a move in ``play`` (issue 22.13, 22.14): a square or a number is never completed into
another (``h1`` is not the start of ``h10``), numbers compare by value (``move 22 22``), and any
length of typing gets a one-line answer."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import turnbuckle
from turnbuckle.agents.human import pick_action
from turnbuckle.engine.actions import Action

RUMBLE = [Action(0, "move Orkishi H10"), Action(1, "move Orkishi G2"), Action(2, "place C10"),
          Action(3, "place D4"), Action(4, "stop")]


def test_a_square_is_never_read_as_the_start_of_another() -> None:
    chosen, problem = pick_action(RUMBLE, "move orkishi h1")
    assert chosen is None and "not a legal move now" in problem
    assert pick_action(RUMBLE, "place C1")[0] is None
    assert pick_action(RUMBLE, "move orkishi h10")[0] == RUMBLE[0]
    assert pick_action(RUMBLE, "PLACE c10")[0] == RUMBLE[2]


def test_words_without_digits_may_still_be_cut_short() -> None:
    assert pick_action(RUMBLE, "sto")[0] == RUMBLE[4]
    assert pick_action(RUMBLE, "move ork")[0] is None, "two moves start so"
    assert pick_action(RUMBLE, "move orkishi g2")[0] == RUMBLE[1]
    wrasslin = [Action(0, "call 1 (Stomach Kick)"), Action(1, "call 10 (Chop)")]
    assert pick_action(wrasslin, "call 1")[0] == wrasslin[0], "a whole number is a whole word"


def test_numbers_compare_by_value() -> None:
    legal = [Action(0, "move 22.0 22.0"), Action(1, "move 22.5 22.0"), Action(2, "bid 2")]
    assert pick_action(legal, "move 22 22")[0] == legal[0]
    assert pick_action(legal, "move 22.50 22")[0] == legal[1]
    assert pick_action(legal, "bid 2.0")[0] == legal[2]
    assert pick_action(legal, "move 2 22")[0] is None


@pytest.mark.parametrize("typed", ["1" * 5000, "bid " + "9" * 5000, "move " + "1" * 5000 + " 2", "x" * 5000])
def test_thousands_of_digits_get_a_short_answer(typed: str) -> None:
    chosen, problem = pick_action(RUMBLE, typed)
    assert chosen is None and len(problem) < 300


def _same(word: str, typed: str) -> bool:
    try:
        return float(word) == float(typed)
    except ValueError:
        return word.casefold() == typed.casefold()


def _decisions(game_name: str, seed: int, steps: int) -> list[list[Action]]:
    """The legal decisions met along one random playout."""
    state = turnbuckle.load_game(game_name).new_initial_state()
    rng = random.Random(seed)
    seen = []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        seen.append(legal)
        state.apply_action(rng.choice(legal))
    return seen


@pytest.mark.parametrize("game_name", ["rumbleslam", "skirmish", "wrasslin"])
def test_in_real_matches_a_name_picks_itself_and_a_cut_square_picks_nothing_else(game_name: str) -> None:
    rng = random.Random(0)
    for legal in _decisions(game_name, seed=5, steps=400):
        for action in rng.sample(legal, min(len(legal), 12)):  # a skirmish move has hundreds of points
            assert pick_action(legal, action.name)[0] == action
            assert pick_action(legal, action.name.upper())[0] == action
            words = action.name.split()
            if any(ch.isdigit() for ch in words[-1]) and len(words[-1]) > 1:
                short = words[-1][:-1]
                chosen = pick_action(legal, " ".join([*words[:-1], short]))[0]
                if chosen is not None:
                    meant = chosen.name.split()[len(words) - 1]
                    assert _same(meant, short), f"{short!r} was completed into {chosen.name!r}"


def test_skirmish_takes_whole_inches_as_typed() -> None:
    # skirmish SK-6: a destination typed as 'move X Y' in whole inches is the grid point X.0 Y.0
    for legal in _decisions("skirmish", seed=2, steps=300):
        points = [a for a in legal if a.name.startswith("move ") and a.name.endswith(".0") and ".0 " in a.name]
        if points:
            x, y = (float(v) for v in points[0].name.split()[1:])
            assert pick_action(legal, f"move {x:.0f} {y:.0f}")[0] == points[0]
            return
    pytest.fail("no whole-inch destination met")


def test_play_answers_a_five_thousand_digit_move_on_one_line() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "turnbuckle", "play", "powerhouses", "--seed", "1"],
        input="1" * 5000 + "\nquit\n", capture_output=True, text=True, timeout=120, check=False,
    )
    assert out.returncode == 0, out.stderr[-300:]
    assert "internal error" not in out.stderr
    refusal = next(line for line in out.stdout.splitlines() if "is not a move number now" in line)
    assert len(refusal) < 400


@pytest.mark.parametrize("typed", ["move 1e999 1", "move nan 2", "move 3 -inf"])
def test_a_skirmish_point_beyond_any_number_is_an_unknown_move(typed: str) -> None:
    # a replay or the web may name a move as text: it is refused as unknown, never an overflow
    from turnbuckle.engine.errors import IllegalActionError

    state = turnbuckle.load_game("skirmish").new_initial_state()
    with pytest.raises(IllegalActionError, match="unknown action"):
        state.action_from_string(typed)
