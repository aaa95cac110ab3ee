"""The compiled build (issue 35, item 5): its one module list, whether a run really is compiled, and
the state contract compiled classes need (``turnbuckle.engine.game``'s docstring).

CI runs this file twice: in the pure-Python install, and in a copy compiled in place with
``TURNBUCKLE_EXPECT_COMPILED=1`` set, where every listed module must be an extension module: a
compile that silently fell back to Python fails here instead of passing the game tests unnoticed.
"""

from __future__ import annotations

import ast
import os
import random
from pathlib import Path
from typing import Any

import pytest

import turnbuckle
from turnbuckle.build import COMPILED_MODULES, compiled_modules, module_path
from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, State, state_fields

SRC = Path(turnbuckle.__file__).resolve().parents[1]
GAMES = ("powerhouses", "wrasslin", "filsinger", "rumbleslam", "skirmish")
EXPECT = "TURNBUCKLE_EXPECT_COMPILED"


def test_every_listed_module_has_a_source_file_and_is_listed_once() -> None:
    assert len(set(COMPILED_MODULES)) == len(COMPILED_MODULES)
    missing = [name for name in COMPILED_MODULES if not module_path(name, SRC).is_file()]
    assert not missing, f"COMPILED_MODULES names modules that do not exist: {missing}"


def test_a_run_is_compiled_exactly_when_it_says_so() -> None:
    compiled = turnbuckle.compiled_modules()
    if os.environ.get(EXPECT, "") not in ("", "0"):
        assert compiled == list(COMPILED_MODULES), (
            f"{EXPECT} is set but these run as Python: {sorted(set(COMPILED_MODULES) - set(compiled))}")
    else:
        # a checkout compiled in place and then edited, or half built, would test a mix of both
        assert compiled in ([], list(COMPILED_MODULES)), f"only some modules are compiled: {compiled}"


def test_the_compiled_modules_are_reported_in_the_list_order() -> None:
    compiled = compiled_modules()
    assert compiled == [name for name in COMPILED_MODULES if name in compiled]


def _mid_match(name: str, seed: int) -> State:
    """A state some way into a random match (past the setup, before the end)."""
    state = turnbuckle.load_game(name).new_initial_state()
    rng = random.Random(seed)
    for _ in range(40):
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_a_shallow_copy_binds_every_field_to_the_same_value(name: str) -> None:
    state = _mid_match(name, 3)
    copy = state._shallow_copy()
    assert type(copy) is type(state)
    mine, theirs = state_fields(state), state_fields(copy)
    assert mine.keys() == theirs.keys()
    assert all(theirs[key] is value for key, value in mine.items())


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_is_equal_and_independent(name: str) -> None:
    state = _mid_match(name, 5)
    before = state.to_json()
    other = state.clone()
    assert other.to_json() == before
    assert other._history is not state._history and other._events is not state._events
    rng = random.Random(9)
    while not other.is_terminal():
        other.apply_action(other.sample_chance(rng) if other.is_chance_node() else rng.choice(other.legal_actions()))
    assert state.to_json() == before, "playing on the clone changed the original"


class _Bare(State):
    """The engine's state and nothing more: its fields are the engine's."""

    def current_player(self) -> int:
        return TERMINAL

    def legal_actions(self) -> list[Action]:
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return []

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def observation(self, player: int) -> dict[str, Any]:
        return {}

    def _apply(self, action: Action) -> None:
        raise AssertionError("no actions")


def test_copy_engine_fields_sets_every_field_the_engine_state_has() -> None:
    engine = set(state_fields(_Bare(turnbuckle.load_game("powerhouses"))))
    assert {"game", "_history", "_events", "_event_cache", "_origin"} <= engine
    state = _mid_match("powerhouses", 1)
    fresh = state._new_empty()
    state._copy_engine_fields(fresh)
    copied, original = state_fields(fresh), state_fields(state)
    assert copied.keys() == engine
    for key in engine:
        assert copied[key] == original[key], key
    for key in ("_history", "_events", "_event_cache"):
        assert copied[key] is not original[key], key


def _state_classes() -> list[tuple[str, ast.ClassDef]]:
    found = []
    for path in sorted((SRC / "turnbuckle" / "games").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                found.append((str(path.relative_to(SRC)), node))
    return found


def test_no_state_class_redeclares_game() -> None:
    """A native subclass may not narrow an attribute's type: a state names its game as
    ``State[ItsGame]`` instead of annotating ``game: ItsGame`` (``turnbuckle.engine.game``)."""
    offenders = [
        f"{path}:{node.lineno} {node.name}"
        for path, node in _state_classes()
        for item in node.body
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and item.target.id == "game"
    ]
    assert not offenders, offenders
