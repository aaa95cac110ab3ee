"""Every Filsinger module says which state fields it reads and writes (issue 35 item 3): the
``Reads:``/``Writes:`` lines ending its docstring are exactly what it touches
(``tests/support/field_ownership``)."""

from __future__ import annotations

from support.field_ownership import ownership_problems, state_fields
from turnbuckle.games.filsinger.state import FilsingerState


def test_every_module_declares_the_fields_it_touches() -> None:
    assert ownership_problems("turnbuckle.games.filsinger", FilsingerState) == []


def test_the_fields_are_the_states_slots() -> None:
    fields = state_fields(FilsingerState)
    if "__slots__" in vars(FilsingerState):  # interpreted: the source says what the class holds
        assert set(FilsingerState.__slots__) == fields
    assert {"phase", "attacker", "level", "legal", "tokens", "pinned", "winner", "injuries"} <= fields
    assert "game" not in fields and "record_events" not in fields  # the engine's, not the rules'
