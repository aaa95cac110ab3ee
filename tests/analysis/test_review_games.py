"""Every game can be reviewed and hinted: values are probabilities, the last one is the result,
the JSON follows its schema, and the hint's first choice is what its agent plays."""

from __future__ import annotations

import json
import random

import jsonschema
import pytest

import turnbuckle
from turnbuckle.agents.registry import make_agent
from turnbuckle.analysis.review import (
    Budget,
    HintAgent,
    ReviewSettings,
    hint,
    outcome_scores,
    review_message,
    review_replay,
)
from turnbuckle.engine.match import play_match
from turnbuckle.engine.replay import Replay
from turnbuckle.engine.shapes import schema

DECISIONS = {"filsinger": {"chart_choices": True, "dis_moves": True, "choice_situations": True, "distractor": True}}
"""Options that give a game decisions to review (Filsinger's defaults leave players none)."""
TINY = Budget(playouts=2)
"""Enough to exercise every path; the figures themselves are benchmarks/review_speed.py's."""


def _recorded(name: str, seed: int = 3) -> Replay:
    game = turnbuckle.load_game(name, **DECISIONS.get(name, {}))
    agents = [make_agent("random", game, p) for p in range(game.num_players())]
    return Replay.from_result(play_match(game, agents, seed=seed))


@pytest.mark.parametrize("name", turnbuckle.list_games())
def test_a_recorded_match_reviews_within_the_rules(name: str) -> None:
    replay = _recorded(name)
    review = review_replay(replay, ReviewSettings(budget=TINY, seed=2))
    game = review.game
    assert review.decisions
    assert review.final == outcome_scores(game.sides(), replay.returns or [])
    assert sum(review.final) == pytest.approx(1.0), "the result's shares add up to one win"
    for decision in review.decisions:
        for option in decision.values.options:
            assert 0.0 <= option.value <= 1.0
            assert all(0.0 <= s <= 1.0 for s in option.scores)
        assert decision.before == decision.best.value >= decision.after
        assert decision.choice in {o.action for o in decision.values.options}
    last = {}
    for decision in review.decisions:
        last[decision.player] = decision
    for player, decision in last.items():  # a seat's last swing runs to its final score
        assert decision.swing == pytest.approx(review.final[player] - decision.before)
    for points, final in zip(review.series(), review.final, strict=True):
        assert points[-1] == (len(replay.actions), final)
    message = json.loads(json.dumps(review_message(review)))
    jsonschema.validate(message, schema("review"))
    assert message["turning_points"] == [d.index for d in review.turning_points]


@pytest.mark.parametrize("name", turnbuckle.list_games())
def test_the_hints_first_choice_is_what_its_agent_plays(name: str) -> None:
    replay = _recorded(name, seed=9)
    game = turnbuckle.load_game(name, **replay.params)
    state = game.new_initial_state()
    asked = 0
    for action in replay.actions:
        if state.current_player() >= 0 and len(state.legal_actions()) > 1 and asked < 3:
            seed = len(state.history)
            values = hint(state, rng=random.Random(seed), budget=TINY)
            agent = HintAgent(game, state.current_player(), budget=TINY)
            assert values.best.action == agent.choose(state, random.Random(seed)).name
            assert [o.value for o in values.options] == sorted((o.value for o in values.options), reverse=True)
            asked += 1
        state.apply_action(action)
    assert asked == 3


@pytest.mark.parametrize(("name", "expert"), [("powerhouses", "expert"), ("filsinger", "expert")])
def test_exact_hints_choose_what_the_expert_plays(name: str, expert: str) -> None:
    game = turnbuckle.load_game(name, **DECISIONS.get(name, {}))
    agents = [make_agent("random", game, p) for p in range(game.num_players())]
    record = play_match(game, agents, seed=4)
    state = game.new_initial_state()
    asked = 0
    for action in record.actions:
        if state.current_player() >= 0 and len(state.legal_actions()) > 1:
            values = hint(state)
            assert values.exact
            chosen = make_agent(expert, game, state.current_player()).choose(state, random.Random(1))
            assert values.best.action == chosen.name
            asked += 1
        state.apply_action(action)
    assert asked > 0
