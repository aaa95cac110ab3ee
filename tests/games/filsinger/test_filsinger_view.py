"""The terminal table, the commentary and the no-decisions note (issue 8, hardening)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from turnbuckle.engine.game import CHANCE
from turnbuckle.games.filsinger.defense import start_defense
from turnbuckle.games.filsinger.entries import start_chart, start_offense
from turnbuckle.games.filsinger.forcing import force
from turnbuckle.games.filsinger.pins import start_pin
from turnbuckle.games.filsinger.rules import FilsingerGame
from turnbuckle.games.filsinger.state import FilsingerState

DUMP = re.compile(r"[{}\[\]]|\w=\w|\bNone\b|\bTrue\b|\bFalse\b|'")
"""What a raw dict or ``key=value`` dump would leave in the text."""


def _random_states(game: FilsingerGame, seeds: int) -> list[FilsingerState]:
    """Every state of a few random matches (decisions and dice at random)."""
    out = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_initial_state()
        out.append(state.clone())
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            out.append(state.clone())
    return out


# filsinger BASIC 2 / 3: the two cards side by side: ratings, the level, PIN, and the next roll
def test_singles_table_reads_like_the_cards() -> None:
    game = FilsingerGame(wrestlers=["Rex Hammond", "Duke Marlowe"])
    state = force(game.new_initial_state(), "first=0")
    text = game.render_observation(state.observation(0))
    lines = text.splitlines()
    assert lines[0] == "Rex Hammond vs Duke Marlowe"
    assert "you are Rex Hammond" in lines[1]
    row = next(line for line in lines if line.startswith("in the ring"))
    assert row.index("Rex Hammond (offense)") < row.index("Duke Marlowe (defense)")
    assert "PIN 5 (pinned on 2-5)" in text and "PIN 6 (pinned on 2-6)" in text
    assert "B / A" in text and "Disqualification" in text
    assert "LEVEL 1 OFFENSE" in text and "hammerlock 2" in text  # the six entries he rolls on
    assert lines[-1] == "Rex Hammond rolls one die on LEVEL 1 OFFENSE."
    assert not DUMP.search(text), text
    assert max(len(line) for line in lines[2:-1]) <= 80


# filsinger BASIC 8 + OPTIONAL 1: who is legal, who is on the apron, fatigue, saves; the tag choice
def test_tag_table_shows_partners_fatigue_and_the_tag_choice() -> None:
    game = FilsingerGame(match_type="tag", fatigue=True, pin_saves=True)
    state = force(game.new_initial_state(), "first=0")
    start_pin(state, 1, 0)
    force(state, "roll pin", "2d6=12")  # Duke kicks out: one fatigue token; Rex rolls LEVEL 3 OFFENSE
    text = game.render_observation(state.observation(0))
    assert "on the apron" in text and "Cole Brandt" in text and "Vince Valentine" in text
    assert "1 token" in text and "0 tokens" in text and "PIN 4 (pinned on 2-4)" in text
    assert "pin saves left" in text
    assert "LEVEL 3 OFFENSE" in text and "BRANDT BREAKER (+3)" in text  # the partner's column too
    assert "or tag out" in text and "Rex Hammond & Cole Brandt to decide" in text
    assert not DUMP.search(text), text


# filsinger OPTIONAL 7 / 15: pending decisions are told in words (odds as roll ranges)
def test_pending_decisions_in_words() -> None:
    game = FilsingerGame(wrestlers=["Rex Hammond", "Duke Marlowe"], choice_situations=True, distractor=True)
    state = force(game.new_initial_state(), "first=0")
    start_offense(state, 0, 2)
    force(state, "d6=5")  # diving knee 3 (ch C)
    text = game.render_observation(state.observation(0))
    assert "Choice Situation C: Moonsault 3 works on 2-5; Kick to Knee 2 works on 2-8." in text
    start_pin(state, 1, 0)
    text = game.render_observation(state.observation(1))
    assert "Duke Marlowe is covered: PIN 6 (pinned on 2-6)." in text and "available (5)" in text


# filsinger OPTIONAL 6 + 12: the stunned wrestler's options are named, not left to parenthesis
def test_defense_choice_names_the_options() -> None:
    game = FilsingerGame(match_type="tag", leaving_ring=True, tag_out_defense=True)
    state = force(game.new_initial_state(), "first=1")
    start_defense(state, 0, 3)
    force(state, "d6=4")  # Rex: down 3 (lv)
    text = game.render_observation(state.observation(0))
    assert text.splitlines()[-1] == (
        "Rex Hammond is down 3 (lv): stay (the opponent rolls LEVEL 3 OFFENSE) or leave the ring (Out of the "
        "Ring chart, his Ring rating B). Rex Hammond & Cole Brandt to decide.")
    state = force(game.new_initial_state(), "first=1")
    start_defense(state, 0, 3)
    force(state, "d6=3")  # Rex: down 3 (tag)
    assert "or try to tag out (two dice: 2-6" in game.render_observation(state.observation(0))


# design (render_observation): every moment of random matches renders as plain words
STANDARD: dict[str, Any] = {"tournament_standard": True}


@pytest.mark.parametrize("params", [STANDARD, {"match_type": "six_man", **STANDARD}, {"cage": True, **STANDARD}, {}])
def test_every_state_renders_without_dumps(params: dict[str, Any]) -> None:
    game = FilsingerGame(**params)
    for state in _random_states(game, 4):
        text = game.render_observation(state.observation(0))
        assert text and not DUMP.search(text), text
        assert text.splitlines()[-1].strip()  # the moment, in words


# filsinger BASIC 4 / 5 / 7: chart rolls and the deciding roll in words; a wrestler wins, a team win
def test_commentary_in_words() -> None:
    game = FilsingerGame(wrestlers=["Rex Hammond", "Duke Marlowe"])
    state = force(game.new_initial_state(), "first=0")
    start_chart(state, "ropes", 1, thrown=True)
    force(state, "2d6=2")  # Ropes B 2: a sensational counter, the thrower rolls his PIN
    lines = [game.narrate(e) for e in state.events]
    assert "Duke Marlowe checks his Ropes rating: B." in lines
    assert any(line and line.startswith("Duke Marlowe rolls 2 on the Into the Ropes chart: ") for line in lines)
    force(state, "2d6=4")
    assert game.narrate(state.events[-1]) == (
        "Rex Hammond rolls 4 and stays down (needed over 5). Duke Marlowe wins by pinfall over Rex Hammond!")
    team = FilsingerGame(match_type="tag")
    tagged = force(team.new_initial_state(), "first=0")
    start_pin(tagged, 1, 0)
    force(tagged, "2d6=3")
    assert team.narrate(tagged.events[-1]) == (
        "Duke Marlowe rolls 3 and stays down (needed over 6). Rex Hammond & Cole Brandt win by pinfall over "
        "Duke Marlowe!")
    draw = force(FilsingerGame(wrestlers=["Rex Hammond", "Vince Valentine"]).new_initial_state(), "first=0")
    start_chart(draw, "ring", 1, thrown=True)
    force(draw, "2d6=7", "2d6=4")  # Ring B 7: DISQUALIFICATION 4 for both
    assert [game.narrate(e) for e in draw.events[-2:]] == [
        "Both wrestlers may be disqualified: DISQUALIFICATION 4, out on 2-4.",
        "The roll is 4, 2-4 is out: both wrestlers are disqualified. Double disqualification! Nobody wins.",
    ]


# design (narrate): no raw data in any commentary line, whatever the options
@pytest.mark.parametrize("params", [{"tournament_standard": True}, {"match_type": "tag", "tournament_standard": True},
                                    {"cage": True, "tournament_standard": True}])
def test_no_dumps_in_commentary(params: dict[str, Any]) -> None:
    game = FilsingerGame(**params)
    for state in _random_states(game, 6)[-1:]:
        for event in state.events:
            line = game.narrate(event)
            assert line is None or (line and not re.search(r"[{}\[\]]|\bNone\b|\(s\)|\(\)", line)), line


# filsinger BASIC 1 vs OPTIONAL RULES: basic singles has no decisions; the note names what would
def test_decision_options_note() -> None:
    note = FilsingerGame().decision_options()
    assert note is not None and note.startswith("basic Filsinger has no decisions for players")
    assert "-o chart_choices=true" in note and "-o match_type=tag" in note and "\n" not in note
    assert FilsingerGame(match_type="tag").decision_options() is None  # BASIC 8: tag out
    assert FilsingerGame(chart_choices=True).decision_options() is None
    assert FilsingerGame(tournament_standard=True).decision_options() is None
    cage = FilsingerGame(cage=True, leaving_ring=True).decision_options()  # (lv) is ignored in a cage
    assert cage is not None and cage.startswith("this match has no decisions")
    assert "leaving_ring" not in cage and "dis_moves" not in cage  # no DQ in a cage: (dis) is no choice
