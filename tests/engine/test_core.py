"""The engine contract itself: registry, actions, dice, data-file errors, agents, statistics."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import turnbuckle
from turnbuckle.agents.mcts import MCTSAgent
from turnbuckle.agents.registry import make_agent
from turnbuckle.dice import D6, Die
from turnbuckle.engine.actions import Action, ActionTable
from turnbuckle.engine.datafiles import load_model
from turnbuckle.engine.errors import DataFileError, ParamError, UnknownGameError
from turnbuckle.games.powerhouses.models import Roster
from turnbuckle.sim.stats import wilson_interval


def test_registry_lists_and_loads() -> None:
    assert "powerhouses" in turnbuckle.list_games()
    assert turnbuckle.load_game("powerhouses").num_players() == 2
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        turnbuckle.load_game("chess")


def test_action_table_rejects_duplicate_names() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        ActionTable([Action(0, "a"), Action(1, "a")])


def test_dice_with_any_faces() -> None:
    crowd = Die("crowd", ("cheer", "cheer", "boo", "blank", "blank", "blank"))
    assert crowd.probability("cheer") == pytest.approx(1 / 3)
    assert [a.name for a in crowd.chance_actions("crowd")] == ["crowd=cheer", "crowd=boo", "crowd=blank"]
    assert crowd.to_icepool().probability("blank") == 0.5
    assert D6.sides == 6 and sum(D6.probability(f) for f in D6.distinct_faces()) == pytest.approx(1)
    with pytest.raises(ValueError):
        Die("none", ())


HEAD = '[[wrestler]]\nname = "A"\nspecialty = "Strength"\nweakness = "Agility"\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[wrestler]\nname=", "malformed TOML"),
        (HEAD + 'abilities = ["Agility", "Brawling", "Martial Arts"]\n',
         r"wrestler\[0\] \(A\): abilities list the weakness Agility"),
        (HEAD, r"wrestler\[0\] \(A\)\.abilities: Field required"),
        (HEAD + 'abilities = ["Brawling", "Brawling", "Martial Arts"]\n', "Brawling twice"),
        ((HEAD + 'abilities = ["Brawling", "Strength", "Martial Arts"]\n') * 2, "wrestler name 'A' appears twice"),
    ],
)
def test_data_file_errors_name_file_and_field(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "roster.toml"
    path.write_text(text)
    with pytest.raises(DataFileError, match=message) as info:
        load_model(Roster, path)
    assert str(path) in str(info.value) and "\n" not in str(info.value)


def test_agent_registry() -> None:
    game = turnbuckle.load_game("powerhouses")
    assert make_agent("mcts:50", game, 0).simulations == 50  # type: ignore[attr-defined]
    assert make_agent("expert", game, 1).name == "expert"
    with pytest.raises(ParamError, match="unknown agent 'genius'"):
        make_agent("genius", game, 0)
    for bad in ("mcts:x", "mcts:0", "mcts:²", "mcts:99999999999999999999"):
        with pytest.raises(ParamError, match="whole number from 1 to 1,000,000"):
            make_agent(bad, game, 0)


def test_mcts_returns_a_legal_action_and_does_not_touch_the_state() -> None:
    game = turnbuckle.load_game("powerhouses")
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.current_player() < 0 or len(state.legal_actions()) < 2:
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    before = state.to_json()
    action = MCTSAgent(simulations=50).choose(state, rng)
    assert action in state.legal_actions() and state.to_json() == before


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson_interval(0, 10)[0] == pytest.approx(0.0) and wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_default_render_keeps_zeros_and_drops_empty_fields() -> None:
    from turnbuckle.engine.game import Game

    text = Game.render_observation(
        turnbuckle.load_game("filsinger"),
        {"game": "x", "damage": 0, "notes": [], "result": None, "seen": False,
         "wrestlers": [{"name": "A", "seat": 0, "hurt": False}]},
    )
    assert text.splitlines() == ["damage: 0", "wrestlers:", "  name=A, seat=0"]


def test_deferred_events_are_rebuilt_exactly_and_then_recorded_live() -> None:
    # design: events are a view of the action history; a deferred log must equal a live one
    game = turnbuckle.load_game("powerhouses")
    assert type(game).deferred_events
    rng = random.Random(8)
    deferred = game.new_initial_state()
    assert not deferred.record_events
    for _ in range(150):
        deferred.apply_action(deferred.sample_chance(rng) if deferred.is_chance_node()
                              else rng.choice(deferred.legal_actions()))
    twin = deferred.clone()
    live = game.state_from_actions([a.name for a in deferred.history])
    live.materialize_events()
    first = [e.to_dict() for e in deferred.events]  # rebuilt from the history on this read
    assert first == [e.to_dict() for e in live.events] and first
    assert deferred.record_events, "after the first read, events are recorded as play goes on"
    while not deferred.is_terminal():
        action = deferred.sample_chance(rng) if deferred.is_chance_node() else rng.choice(deferred.legal_actions())
        deferred.apply_action(action)
        twin.apply_action(action)
    assert [e.to_dict() for e in deferred.events] == [e.to_dict() for e in twin.events]
    assert deferred.events[-1].kind == "result"
