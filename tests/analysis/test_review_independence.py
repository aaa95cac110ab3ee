"""Sampled worlds are independent (issue 33): a playout's result depends only on its world and its
seed, never on which playouts ran before it, and it leaves the world it started from as it was
(else the review's worlds and options would share luck its standard errors do not count)."""

from __future__ import annotations

import pickle
import random

import pytest

import turnbuckle
from turnbuckle.agents.registry import make_agent
from turnbuckle.analysis.review.evaluate import plan_of
from turnbuckle.analysis.review.sampling import playout
from turnbuckle.engine.game import Game, State, state_fields
from turnbuckle.engine.match import play_match

PARAMS = {"filsinger": {"tournament_standard": True}}


def _fields(state: State) -> dict[str, bytes]:
    """What a state holds, the game object aside (its caches may grow); ``state_fields`` reads a compiled
    state's native fields too."""
    return {k: pickle.dumps(v) for k, v in state_fields(state).items() if not isinstance(v, Game)}


def _decision(name: str) -> State:
    """A position half way through a random match where the mover has a choice."""
    game = turnbuckle.load_game(name, **PARAMS.get(name, {}))
    record = play_match(game, [make_agent("random", game, p) for p in range(game.num_players())], seed=5)
    state = game.new_initial_state()
    state.record_events = False
    points = []
    for at, action in enumerate(record.actions):
        if state.current_player() >= 0 and len(state.legal_actions()) > 1:
            points.append(at)
        state.apply_action(action)
    state = game.new_initial_state()
    state.record_events = False
    for action in record.actions[: points[len(points) // 2]]:
        state.apply_action(action)
    return state


@pytest.mark.parametrize("name", turnbuckle.list_games())
def test_playouts_do_not_depend_on_the_order_they_run_in(name: str) -> None:
    state = _decision(name)
    game = state.game
    plan = plan_of(game)
    world = state.determinize(state.current_player(), random.Random(1))
    options = world.legal_actions()[:2]
    before = _fields(world)
    seeds = [11, 12, 13]

    def run(order: list[tuple[int, int]]) -> dict[tuple[int, int], list[float]]:
        out = {}
        for i, seed in order:
            sim = world.clone()
            sim.record_events = False
            sim.apply_action(options[i])
            out[(i, seed)] = playout(sim, plan, random.Random(seed), game.sides())
        return out

    forward = [(i, s) for s in seeds for i in range(len(options))]
    first = run(forward)
    assert _fields(world) == before, "a playout changed the world it started from"
    assert run(list(reversed(forward))) == first, "a playout's result depends on the playouts before it"
