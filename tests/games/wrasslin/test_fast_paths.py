"""The shortcuts taken for playout speed keep their promises (the golden traces check whole matches).

One pass builds the legal list and its 11.5 errors, so no action may appear twice and every error must be
on offer; an error's reason is worded lazily from the snapshot, so clones and determinized copies must
still give the true state's reason.
"""

from __future__ import annotations

import random

import pytest

from turnbuckle.games.wrasslin.refusals import err_reason
from turnbuckle.games.wrasslin.rules import WrasslinGame
from turnbuckle.games.wrasslin.state import WrasslinState


@pytest.mark.parametrize("params", [{}, {"match_type": "tag"}, {"match_type": "battle_royal"}])
def test_legal_lists_and_lazy_error_reasons(params: dict[str, object]) -> None:
    game = WrasslinGame(**params)
    rng = random.Random(11)
    reasons = 0
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            ids = [a.id for a in legal]
            assert len(set(ids)) == len(ids) and ids == sorted(ids)
            assert state._errset <= set(ids)
            if state.err_seat >= 0:
                copy = state.clone()
                seen = state.determinize(state.current_player(), random.Random(1))
                assert isinstance(seen, WrasslinState)
                reason = err_reason(state)
                assert reason and err_reason(copy) == reason and err_reason(seen) == reason
                reasons += 1
            state.apply_action(legal[rng.randrange(len(legal))])
    assert reasons > 0
