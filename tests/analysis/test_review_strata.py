"""Filsinger's immediate roll solved exactly, only what follows it sampled (issue 33 item 5)."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

import pytest

from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.analysis.review.sampling import sampled_values
from turnbuckle.analysis.review.strata import StratifiedOption
from turnbuckle.analysis.review.values import Budget
from turnbuckle.engine.game import State
from turnbuckle.engine.match import play_match
from turnbuckle.games.filsinger.expert import ExpertAgent
from turnbuckle.games.filsinger.odds import solve
from turnbuckle.games.filsinger.review import immediate_roll, option_values, review_plan
from turnbuckle.games.filsinger.rules import FilsingerGame
from turnbuckle.games.filsinger.state import FilsingerState

CHART_DECISIONS = {"chart_choices": True, "dis_moves": True, "choice_situations": True, "distractor": True}
"""filsinger OPTIONAL 5, 7, 9, 15: the rules that give players chart decisions (small enough to solve)."""


def _past(actions: int, start: State, now: State) -> bool:
    """A playout's cut-off: ``actions`` actions into the match."""
    return len(now.history) >= actions


def _decisions(game: FilsingerGame, seed: int) -> list[FilsingerState]:
    """The positions of one match where a player had more than one option."""
    record = play_match(game, [ExpertAgent.factory(game, 0), RandomAgent()], seed=seed)
    state = game.new_initial_state()
    state.record_events = False
    found: list[FilsingerState] = []
    for action in record.actions:
        if state.current_player() >= 0 and len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply_action(action)
    return found


# filsinger OPTIONAL 5, 7, 9, 15: where everything after the roll is exact, so is the option's value
@pytest.mark.parametrize("seed", [2, 11])
def test_stratified_value_is_exact_when_what_follows_the_roll_is_exact(seed: int) -> None:
    game = FilsingerGame(**CHART_DECISIONS)
    solution = solve(game, "expert")
    assert solution is not None

    def exact_leaf(state: State) -> list[float]:
        assert isinstance(state, FilsingerState)
        win0, win1 = solution.win_probabilities(state)
        draw = max(0.0, 1.0 - win0 - win1)
        return [win0 + draw / 2, win1 + draw / 2]

    rolled = 0
    for state in _decisions(game, seed):
        after_roll = len(state.history) + 2  # the option, then its roll
        # every playout stops just after the option's roll and reads the exact odds there
        plan = replace(review_plan(game), exact=None, leaf=exact_leaf, cutoff=partial(_past, after_roll))
        exact = dict(option_values(game, state) or [])
        values = sampled_values(state, plan, Budget(playouts=72), random.Random(seed))
        for option in values.options:
            child = state.clone()
            child.apply_action(option.action)
            if immediate_roll(child) is None:
                continue  # a decision comes first: the heuristic's, sampled
            rolled += 1
            assert option.value == pytest.approx(exact[option.action][values.player], abs=1e-9), option.action
    assert rolled, "some options lead straight to a roll"


def test_immediate_roll_lists_each_position_once_with_its_exact_chance() -> None:
    game = FilsingerGame(tournament_standard=True)
    state = game.new_initial_state()
    rng = random.Random(3)
    seen = 0
    while not state.is_terminal() and seen < 40:
        positions = immediate_roll(state)
        if positions is not None:
            seen += 1
            assert sum(p for p, _ in positions) == pytest.approx(1.0)
            assert len(positions) <= len(state.chance_outcomes())
            assert all(p > 0 for p, _ in positions)
        if state.current_player() < 0:
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            assert immediate_roll(state) is None, "a decision is no roll"
            state.apply_action(legal[rng.randrange(len(legal))])
    assert seen


def test_stratified_error_is_the_stratified_formula_and_per_world_numbers_carry_it() -> None:
    option = StratifiedOption.of(0, 2, [(0.25, (1.0, 0.0)), (0.5, None), (0.25, None)])
    rng = random.Random(5)
    for _ in range(40):
        k = option.next_position()
        assert k in (1, 2)
        win = rng.random() < (0.7 if k == 1 else 0.2)
        option.record(k, (1.0, 0.0) if win else (0.0, 1.0))
    counts = [s.count for s in option.strata]
    assert counts == [0, 27, 13] or counts == [0, 26, 14], "shares follow the chances (2 to 1)"
    means = [s.mean() for s in option.strata[1:]]
    assert option.value() == pytest.approx(0.25 + 0.5 * means[0] + 0.25 * means[1])
    assert option.scores()[0] + option.scores()[1] == pytest.approx(1.0)
    per_world = option.per_world()
    n = len(per_world)
    mean = sum(per_world) / n
    assert mean == pytest.approx(option.value())
    paired = (sum((x - mean) ** 2 for x in per_world) / (n - 1) / n) ** 0.5
    unguarded = sum(
        s.chance ** 2 * (sum((x - s.mean()) ** 2 for x in s.mover) / (s.count - 1)) / s.count
        for s in option.strata[1:]
    ) ** 0.5
    assert paired == pytest.approx(unguarded)
    assert option.stderr() >= unguarded * 0.95, "the guard adds to the error, never takes much away"


def test_an_option_whose_roll_always_ends_the_match_needs_no_playouts() -> None:
    option = StratifiedOption.of(1, 2, [(1 / 6, (1.0, 0.0)), (5 / 6, (0.0, 1.0))])
    assert option.next_position() == -1
    option.record(-1, None)
    assert option.value() == pytest.approx(5 / 6)
    assert option.stderr() == 0.0
    assert option.per_world() == [pytest.approx(5 / 6)]
