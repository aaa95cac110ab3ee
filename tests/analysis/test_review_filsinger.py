"""Filsinger reviews: exact chart odds where the expert solves the match, sampled where it cannot."""

from __future__ import annotations

import random

import pytest

from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.analysis.review import Budget, ReviewSettings, review_replay
from turnbuckle.engine.match import play_match
from turnbuckle.engine.replay import Replay
from turnbuckle.games.filsinger.expert import ExpertAgent
from turnbuckle.games.filsinger.odds import solve
from turnbuckle.games.filsinger.rules import FilsingerGame

CHART_DECISIONS = {"chart_choices": True, "dis_moves": True, "choice_situations": True, "distractor": True}
"""filsinger OPTIONAL 5, 7, 9, 15: the rules that give players chart decisions."""


# filsinger OPTIONAL 5, 7, 9, 15: a decision's options are worth the exact match odds after them
@pytest.mark.parametrize("seed", [2, 11])
def test_values_at_chart_decisions_are_the_exact_odds(seed: int) -> None:
    game = FilsingerGame(**CHART_DECISIONS)
    record = play_match(game, [ExpertAgent.factory(game, 0), RandomAgent()], seed=seed)
    replay = Replay.from_result(record)
    review = review_replay(replay, ReviewSettings(seed=seed))
    assert review.decisions, "these rules give decisions"
    exact = solve(FilsingerGame(**CHART_DECISIONS), "expert")
    assert exact is not None
    state = game.new_initial_state()
    state.record_events = False
    for decision in review.decisions:
        while len(state.history) < decision.action_index:
            state.apply_action(replay.actions[len(state.history)])
        assert decision.values.exact
        assert {o.action for o in decision.values.options} == {a.name for a in state.legal_actions()}
        for option in decision.values.options:
            child = state.clone()
            child.apply_action(option.action)
            win0, win1 = exact.win_probabilities(child)
            draw = 1.0 - win0 - win1
            mine = (win0, win1)[decision.player] + draw / 2
            assert option.value == pytest.approx(mine, abs=1e-9), option.action
        expert = ExpertAgent.factory(game, decision.player).choose(state, random.Random(0))
        assert decision.best.action == expert.name, "the best option is the expert's choice"
    assert review.final[0] + review.final[1] == pytest.approx(1.0)


# filsinger OPTIONAL (ADVANCED) RULES, all on: too big to solve -> values are sampled, with errors
def test_unsolved_matches_are_sampled_with_standard_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ExpertAgent, "budget", 200)
    game = FilsingerGame(tournament_standard=True)
    record = play_match(game, [RandomAgent(), RandomAgent()], seed=4)
    review = review_replay(Replay.from_result(record), ReviewSettings(budget=Budget(playouts=3)))
    assert review.decisions
    for decision in review.decisions:
        assert not decision.values.exact
        assert all(o.samples == 3 and o.stderr is not None for o in decision.values.options)
    assert any("sampled: 3 playouts per option" in m for m in review.methods)


def test_one_process_values_every_decision_on_one_walk_of_the_match(monkeypatch: pytest.MonkeyPatch) -> None:
    from turnbuckle.analysis.review import core

    game = FilsingerGame(**CHART_DECISIONS)
    replay = Replay.from_result(play_match(game, [ExpertAgent.factory(game, 0), RandomAgent()], seed=2))
    expected = review_replay(replay, ReviewSettings(seed=2))
    states: list[object] = []  # kept alive, so their ids are not reused
    valued = core.decision_values

    def spy(state: object, *args: object, **kwargs: object) -> object:
        states.append(state)
        return valued(state, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(core, "decision_values", spy)
    seen: list[tuple[int, int]] = []
    review = review_replay(replay, ReviewSettings(seed=2, jobs=1), progress=lambda *done: seen.append(done))
    assert len(review.decisions) > 2
    assert len({id(s) for s in states}) == 1, "the match is replayed once, not from the start per decision"
    total = len(review.decisions)
    assert seen == [(done, total) for done in range(total + 1)]
    assert [d.to_dict() for d in review.decisions] == [d.to_dict() for d in expected.decisions]


def test_a_playouts_result_depends_only_on_its_seed_so_worlds_are_independent() -> None:
    """The per-world standard error of a sampled value assumes independent worlds (docs/review.md,
    *Filsinger's stated error*): under the tournament standard (every optional rule) ten playouts
    give the same results whether played forwards or backwards, and leave the position as it was."""
    from turnbuckle.analysis.review.evaluate import plan_of
    from turnbuckle.analysis.review.sampling import playout

    game = FilsingerGame(tournament_standard=True)
    state = game.new_initial_state()
    state.record_events = False
    rng = random.Random(5)
    while state.current_player() < 0 or len(state.legal_actions()) < 2:
        state.apply_action(state.sample_chance(rng) if state.current_player() < 0 else state.legal_actions()[0])
    before = state.observation(0)
    plan, sides = plan_of(game), game.sides()

    def result(seed: int) -> float:
        world = state.clone()
        world.record_events = False
        world.apply_action(world.legal_actions()[0])
        return playout(world, plan, random.Random(seed), sides)[0]

    forwards = [result(seed) for seed in range(10)]
    backwards = [result(seed) for seed in reversed(range(10))]
    assert forwards == backwards[::-1]
    assert len(set(forwards)) > 1, "the seeds play different matches"
    assert state.observation(0) == before
