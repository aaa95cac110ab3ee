"""Each RUMBLESLAM module says which state fields it reads and writes, and says it truly (issue 35 item 3)."""

from __future__ import annotations

from support.field_ownership import ownership_problems, state_fields
from turnbuckle.games.rumbleslam.state import RumbleslamState


def test_the_state_declares_its_fields() -> None:
    assert {"stack", "ws", "occ", "buf", "over"} <= state_fields(RumbleslamState)


def test_every_module_declares_the_fields_it_reads_and_writes() -> None:
    assert ownership_problems("turnbuckle.games.rumbleslam", RumbleslamState) == []
