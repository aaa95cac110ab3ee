"""Typing a move in ``play``: by number, full name or a unique prefix, case-insensitive (issue 8.7)."""

from __future__ import annotations

import random

from rich.console import Console

import turnbuckle
from turnbuckle.agents.human import HumanAgent, pick_action
from turnbuckle.engine.actions import Action

LEGAL = [Action(0, "roll"), Action(1, "roll again"), Action(2, "stop"), Action(3, "Stomp the Mat")]


def test_a_move_by_number_name_or_unique_prefix() -> None:
    assert pick_action(LEGAL, "3")[0] == LEGAL[2]
    assert pick_action(LEGAL, "ROLL AGAIN")[0] == LEGAL[1]
    assert pick_action(LEGAL, "roll")[0] == LEGAL[0], "a full name wins over the longer names it starts"
    assert pick_action(LEGAL, "stom")[0] == LEGAL[3]
    assert pick_action(LEGAL, "  sTo ")[0] is None  # stop / Stomp the Mat


def test_an_ambiguous_prefix_lists_the_candidates() -> None:
    chosen, problem = pick_action(LEGAL, "st")
    assert chosen is None
    assert "could be 2 moves" in problem and "stop" in problem and "Stomp the Mat" in problem


def test_numbers_out_of_range_and_foreign_digits_are_refused() -> None:
    assert pick_action(LEGAL, "9") == (None, "9 is not a move number now; choose 1-4")
    assert pick_action(LEGAL, "²")[0] is None
    assert pick_action(LEGAL, "٣")[0] is None
    assert "not a legal move" in pick_action(LEGAL, "dance")[1]
    assert pick_action(LEGAL, "")[0] is None


def test_the_prompt_takes_a_prefix_and_shows_markup_literally() -> None:
    game = turnbuckle.load_game("powerhouses")
    state = game.new_initial_state()
    dice = random.Random(3)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(dice))
    console = Console(record=True, width=200, force_terminal=False)
    answers = iter(["zz", state.legal_actions()[0].name[:-1]])
    agent = HumanAgent(state.current_player(), console, lambda s, p: "[bold]not styled[/]",
                       ask=lambda prompt: next(answers))
    legal = state.legal_actions()
    prefix_matches = [a for a in legal if a.name.casefold().startswith(legal[0].name[:-1].casefold())]
    chosen = agent.choose(state, random.Random(0))
    assert chosen in prefix_matches
    text = console.export_text()
    assert "[bold]not styled[/]" in text and "'zz' is not a legal move now" in text


def test_a_long_menu_is_grouped_by_first_word() -> None:
    from turnbuckle.agents.human import menu_lines

    game = turnbuckle.load_game("powerhouses")
    state = game.new_initial_state()
    legal = [Action(i, f"move {i // 10}.{i % 10} 3.0") for i in range(200)] + [Action(200, "pass")]
    lines = [line.plain for line in menu_lines(state, legal)]
    assert len(lines) == 2 and lines[0].strip().startswith("201  pass")
    assert "move: 200 choices" in lines[1] and "1-200" in lines[1]
    assert pick_action(legal, "move 1.5 3")[0] == legal[15]
