"""WRASSLIN' commentary (issue 22.19): a result is said once, in English ("The Champ loses by
submission"), and a tag or handicap match opens with its teams ("A & B vs C & D")."""

from __future__ import annotations

import random

import pytest

from turnbuckle.engine.events import Event
from turnbuckle.games.wrasslin.rules import WrasslinGame


def _lines(game: WrasslinGame, seed: int) -> list[str]:
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return [line for e in state.events if (line := game.narrate(e))]


def test_a_loss_is_said_once_in_english() -> None:
    # wrasslin 5.x (submission, pin, count-out, disqualification): one line says how the match ended
    game = WrasslinGame()
    loss = game.narrate(Event("loses", {"seats": [0], "wrestlers": ["The Champ"], "reason": "submitted"}))
    assert loss == "The Champ loses by submission."
    assert game.narrate(Event("result", {"winners": [1], "reason": "submitted", "returns": [-1, 1]})) is None
    both = game.narrate(Event("loses", {"seats": [0, 1], "wrestlers": ["A", "B"], "reason": "double disqualification"}))
    assert both == "A and B lose by double disqualification."
    dq = game.narrate(Event("loses", {"seats": [1], "wrestlers": ["B"], "reason": "disqualified (9.42)"}))
    assert dq == "B loses by disqualification (9.42)."
    assert "(s)" not in (game.narrate(Event("penalty", {"wrestler": "A", "hold": "Choke", "turns": 1})) or "")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_match_says_its_result_once(seed: int) -> None:
    lines = _lines(WrasslinGame(), seed)
    endings = [line for line in lines if " loses by " in line or "draw" in line]
    assert len(endings) == 1, lines[-6:]
    assert not any(line.startswith("Match over") or "lose(s)" in line for line in lines)


@pytest.mark.parametrize(("match_type", "teams"), [("tag", [2, 2]), ("handicap", [1, 2])])
def test_a_team_match_opens_with_its_teams(match_type: str, teams: list[int]) -> None:
    # wrasslin 12.x tag teams, 12.5 handicap: "A & B vs C & D", not four names in a row
    game = WrasslinGame(match_type=match_type)
    sides = [side.name for side in game.sides()]
    assert [name.count(" & ") + 1 for name in sides] == teams
    assert _lines(game, 1)[0] == "The bell rings: " + " vs ".join(sides) + "!"


def test_a_battle_royal_names_the_last_wrestler_standing() -> None:
    # wrasslin 13.1: the last mobile wrestler in the ring wins
    game = WrasslinGame(match_type="battle_royal", players=5)
    line = game.narrate(Event("result", {"winners": [2], "reason": "last wrestler standing", "returns": []}))
    assert line == f"{game.player_label(2)} is the last wrestler standing!"
