"""Every WRASSLIN' module says which state fields it reads and writes, and says it exactly (issue 35,
item 3): a rule that starts writing a field another module owns shows up in its docstring."""

from __future__ import annotations

import random

import turnbuckle
from support.field_ownership import ownership_problems, state_fields
from turnbuckle.games.wrasslin.state import WrasslinState


def test_every_module_declares_the_fields_it_touches() -> None:
    assert ownership_problems("turnbuckle.games.wrasslin", WrasslinState) == []


ENGINE_FIELDS = {"game", "_history", "_events", "_event_cache", "_events_deferred", "record_events", "_origin"}


def test_every_field_is_a_declared_slot() -> None:
    """Fields set anywhere in play are ``__slots__`` (a misspelt or new field would land in ``__dict__``,
    beside the engine's own, and escape the ownership check; over the compiled engine there is no ``__dict__``
at all, and a stray field fails to be set)."""
    assert {"phase", "hand", "deck", "holds", "chain", "result"} <= state_fields(WrasslinState)
    for params in ({}, {"match_type": "tag"}, {"match_type": "tournament", "tournament_wrestlers": "draft"}):
        state = turnbuckle.load_game("wrasslin", **params).new_initial_state()
        rng = random.Random(7)
        while not state.is_terminal():
            assert set(getattr(state, "__dict__", {})) <= ENGINE_FIELDS
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert set(getattr(state, "__dict__", {})) <= ENGINE_FIELDS
