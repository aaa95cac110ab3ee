"""A replay that starts from a position is reviewed from that position (issue 29.16), in one
process and in worker processes alike."""

from __future__ import annotations

import random

import turnbuckle
from turnbuckle.agents.registry import make_agent
from turnbuckle.analysis.review import Budget, ReviewSettings, review_replay
from turnbuckle.engine.match import play_match
from turnbuckle.engine.replay import Replay

TINY = Budget(playouts=2)


def _from_a_position(name: str, steps: int, seed: int = 5) -> Replay:
    """A random match of ``name`` begun from the position reached after ``steps`` random actions."""
    game = turnbuckle.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    start = game.state_from_position(state.to_position())
    agents = [make_agent("random", game, p) for p in range(game.num_players())]
    replay = Replay.from_result(play_match(game, agents, seed=seed, start=start))
    assert replay.position is not None
    return replay


def test_a_wrasslin_replay_from_a_position_reviews_alike_in_one_process_and_in_workers() -> None:
    replay = _from_a_position("wrasslin", 25)
    alone = review_replay(replay, ReviewSettings(budget=TINY, seed=1, jobs=1))
    assert len(alone.decisions) >= 4
    assert all(d.action_index < len(replay.actions) for d in alone.decisions)
    shared = review_replay(replay, ReviewSettings(budget=TINY, seed=1, jobs=2))
    assert [d.to_dict() for d in shared.decisions] == [d.to_dict() for d in alone.decisions]
