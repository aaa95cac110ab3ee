"""RUMBLESLAM's state is plain data over the engine's ``State`` (issue 35 item 1): one level of
inheritance, every field in ``__slots__``, and no methods beyond the engine contract.

The shape is read from the source with ``ast``, so the checks hold for the compiled (mypyc) build
too, whose classes keep no ``__slots__`` attribute."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from turnbuckle.engine.registry import load_game
from turnbuckle.games.rumbleslam.rules import RumbleslamGame
from turnbuckle.games.rumbleslam.state import RumbleslamState

CONTRACT = {"__init__", "current_player", "legal_actions", "chance_outcomes", "returns", "observation",
            "is_terminal", "is_chance_node", "_is_allowed", "_apply", "action_from_string", "match_result",
            "clone", "_copy_into", "sample_chance", "random_playout_returns"}
"""The engine's contract and the fast paths the engine and the agents call."""


def _class(module_file: str, name: str) -> ast.ClassDef:
    tree = ast.parse(Path(module_file).read_text(encoding="utf-8"))
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)


def _slots(cls: ast.ClassDef) -> tuple[str, ...]:
    for node in cls.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple)
            return value
    raise AssertionError(f"{cls.name} declares no __slots__")


SOURCE = Path(__file__).resolve().parents[3] / "src" / "turnbuckle" / "games" / "rumbleslam"
"""The repository's source (a compiled install may ship no ``.py`` beside its modules)."""
STATE = _class(str(SOURCE / "state.py"), "RumbleslamState")
SLOTS = _slots(STATE)
WRESTLER = _class(str(SOURCE / "core.py"), "Wrestler")


def _game() -> RumbleslamGame:
    game = load_game("rumbleslam")
    assert isinstance(game, RumbleslamGame)
    return game


def test_the_state_extends_only_the_engines_state() -> None:
    assert [ast.unparse(b) for b in STATE.bases] == ["State['RumbleslamGame']"]  # the engine's State, generic
    assert WRESTLER.bases == []
    assert RumbleslamState.__mro__[1].__name__ == "State"


def test_the_state_holds_only_the_contract() -> None:
    own = {n.name for n in STATE.body if isinstance(n, ast.FunctionDef)}
    assert own <= CONTRACT, sorted(own - CONTRACT)


def test_every_field_is_a_slot_set_in_init() -> None:
    init = next(n for n in STATE.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    assigned = {t.attr for n in ast.walk(init) if isinstance(n, ast.Assign | ast.AnnAssign)
                for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"}
    assert assigned == set(SLOTS)
    state = _game().new_initial_state()
    for name in SLOTS:
        getattr(state, name)  # set when the match starts


def test_a_clone_copies_every_slot_and_plays_on_alone() -> None:
    state = _game().new_initial_state()
    rng = random.Random(3)
    for _ in range(60):
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    copy = state.clone()
    for name in SLOTS:
        if name not in ("deferred", "ws"):
            assert getattr(copy, name) == getattr(state, name), name
    fields = _slots(WRESTLER)
    assert all(c is not w and all(getattr(c, f) == getattr(w, f) for f in fields)
               for c, w in zip(copy.ws, state.ws, strict=True))
    assert copy.stack is not state.stack and copy.occ is not state.occ
    before = state.to_position()
    copy.random_playout_returns(random.Random(1))
    while not copy.is_terminal():
        copy.apply_action(copy.sample_chance(rng) if copy.is_chance_node() else rng.choice(copy.legal_actions()))
    assert state.to_position() == before
