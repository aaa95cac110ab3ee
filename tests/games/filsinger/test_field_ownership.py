"""Every Filsinger module says which state fields it reads and writes (issue 35 item 3): the
``Reads:``/``Writes:`` lines ending its docstring are exactly what it touches
(``tests/support/field_ownership``)."""

from __future__ import annotations

import ast
from pathlib import Path

from support.field_ownership import ownership_problems, state_fields
from turnbuckle.games.filsinger import state
from turnbuckle.games.filsinger.state import FilsingerState

PENDING: dict[str, str] = {}
"""Modules left out for now, with why."""


def _slots() -> set[str]:
    """``FilsingerState.__slots__`` read from state.py (a mypyc-compiled class keeps no ``__slots__``)."""
    tree = ast.parse((Path(state.__file__).parent / "state.py").read_text())
    found = [node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
             and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets)]
    assert len(found) == 1
    return set(ast.literal_eval(found[0]))


def test_every_module_declares_the_fields_it_touches() -> None:
    problems = ownership_problems("turnbuckle.games.filsinger", FilsingerState, _slots())
    assert [p for p in problems if p.split(":")[0] not in PENDING] == []


def test_the_fields_are_the_states_slots() -> None:
    fields = _slots()
    if "__slots__" in vars(FilsingerState):  # interpreted: the checker reads the class itself
        assert state_fields(FilsingerState) == fields
    assert {"phase", "attacker", "level", "legal", "tokens", "pinned", "winner", "injuries"} <= fields
    assert "game" not in fields and "record_events" not in fields  # the engine's, not the rules'
