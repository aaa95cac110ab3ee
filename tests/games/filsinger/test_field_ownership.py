"""Every Filsinger module says which state fields it reads and writes (issue 35 item 3): the
``Reads:``/``Writes:`` lines ending its docstring are exactly what it touches
(``tests/support/field_ownership``)."""

from __future__ import annotations

from support.field_ownership import ownership_problems, state_fields
from turnbuckle.games.filsinger.state import FilsingerState

PENDING: dict[str, str] = {
    "odds.py": "being changed on the hint-noise branch at the same time; it only reads (attacker, decided, "
               "level, winner) and gets its Reads: line when the two branches meet",
}
"""Modules left out for now, with why."""


def test_every_module_declares_the_fields_it_touches() -> None:
    problems = ownership_problems("turnbuckle.games.filsinger", FilsingerState)
    assert [p for p in problems if p.split(":")[0] not in PENDING] == []


def test_the_fields_are_the_states_slots() -> None:
    fields = state_fields(FilsingerState)
    assert {"phase", "attacker", "level", "legal", "tokens", "pinned", "winner", "injuries"} <= fields
    assert "game" not in fields and "record_events" not in fields  # the engine's, not the rules'
