"""Every ring skirmish module says which state fields it reads and writes (issue 35 item 3): the
docstrings' ``Reads:``/``Writes:`` lines are exactly what each module touches."""

from __future__ import annotations

from pathlib import Path

from support.field_ownership import ownership_problems, state_fields, touches
from support.skirmish import slots
from turnbuckle.games.skirmish.state import SkirmishState

FIELDS = set(slots())
"""The state's fields as state.py declares them (the same as ``state_fields`` interpreted; a mypyc build
keeps no ``__slots__`` on the class)."""


def test_every_module_declares_the_fields_it_reads_and_writes() -> None:
    assert ownership_problems("turnbuckle.games.skirmish", SkirmishState, FIELDS) == []


def test_the_checked_fields_are_the_states_slots() -> None:
    assert state_fields(SkirmishState) == FIELDS
    fields = FIELDS
    assert {"phase", "pend", "then", "models", "pool", "_cache"} <= fields
    assert "_history" not in fields  # the engine's own fields are not the rules'


def _writers(field: str) -> set[str]:
    folder = Path(SkirmishState.__module__.replace(".", "/")).parent
    root = Path(__file__).resolve().parents[3] / "src"
    return {path.name for path in sorted((root / folder).glob("*.py"))
            if field in touches(path.read_text(), "SkirmishState", FIELDS).writes}


def test_the_result_and_the_then_step_have_one_owner_each() -> None:
    """Only the pins family ends a match with a winner (SK-8; a saved position may hold one); only the
    attack roll leaves a ``then`` step."""
    assert _writers("winner") == {"pins.py", "state.py", "position.py"}
    assert _writers("how") == {"pins.py", "state.py", "position.py"}
    assert _writers("then") == {"attacks.py", "state.py"}
