"""Powerhouses reviews are exact: every value is the match solver's, the best option its move.

Each option's value is checked against an independent reading: the engine's own dice, thrown one
by one from the position after the option until the next point the solver values directly (a
decision, the start of an attack, the end), each such point valued through the solver's public
tables. The review's code for Roll and Stop plays no part in it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from turnbuckle.agents.registry import make_agent
from turnbuckle.analysis.review import ReviewSettings, review_replay
from turnbuckle.engine.game import CHANCE
from turnbuckle.engine.match import play_match
from turnbuckle.engine.registry import load_game
from turnbuckle.engine.replay import Replay
from turnbuckle.games.powerhouses.agents import ExpertAgent
from turnbuckle.games.powerhouses.review import position_value
from turnbuckle.games.powerhouses.rules import PowerhousesGame
from turnbuckle.games.powerhouses.solver import MatchSolver, match_solver
from turnbuckle.games.powerhouses.state import (
    ATTACK,
    AWAIT_CONTINUE,
    AWAIT_DIE,
    AWAIT_NOTHING,
    AWAIT_PURSUE,
    DEFENSE,
    NO_ABILITY,
    TAKEDOWN,
    PowerhousesState,
)


def _solver(game: PowerhousesGame) -> MatchSolver:
    return match_solver(game.face_maps, game.starting_dice, game.comeback_rule)


def _rest_value(state: PowerhousesState, solver: MatchSolver) -> float | None:
    """Player 0's chances where the solver's public tables give them directly, else ``None``."""
    if state.awaiting == AWAIT_NOTHING:
        return 1.0 if state.winner == 0 else 0.0
    attacker = state.attacker
    if state.phase == ATTACK and state.awaiting == AWAIT_DIE and state.ability == NO_ABILITY and not state.thrown:
        mine = solver.state_value(attacker, state.dice)
        return mine if attacker == 0 else 1.0 - mine
    if state.phase not in (ATTACK, DEFENSE) or state.awaiting not in (AWAIT_CONTINUE, AWAIT_PURSUE):
        return None
    free = state.free
    abilities = state.tied if state.awaiting == AWAIT_PURSUE else [state.ability]
    values = []
    for ability in abilities:
        if state.awaiting == AWAIT_PURSUE:
            free = state.dice[state.roller] - state.count or state.dice[state.roller] - 1
        if state.phase == ATTACK:
            values.append(solver.attack_value(solver.attack_lane(attacker, state.dice, ability), state.count, free))
        else:
            lane = solver.defense_lane(attacker, state.dice, ability)
            values.append(solver.defense_value(lane, state.attack_total, state.count, free))
    mine = max(values)
    return mine if state.roller == 0 else 1.0 - mine


def _engine_value(state: PowerhousesState, solver: MatchSolver, memo: dict[Any, float]) -> float:
    """Player 0's chances: the engine's dice thrown one at a time until a point ``_rest_value`` reads."""
    known = _rest_value(state, solver)
    if known is not None:
        return known
    assert state.current_player() == CHANCE, "only dice stand between two points the solver values"
    key = (state.phase, state.awaiting, state.roller, state.attacker, tuple(state.dice), state.count, state.free,
           state.ability, tuple(sorted(state.thrown)), state.to_throw, state.attack_total)
    if key not in memo:
        total = 0.0
        for action, p in state.chance_outcomes():
            child = state.clone()
            child.record_events = False
            child.apply_action(action)
            total += p * _engine_value(child, solver, memo)
        memo[key] = total
    return memo[key]


def _reviewed(seed: int, agents: tuple[str, str]) -> tuple[PowerhousesGame, Replay, Any]:
    game = load_game("powerhouses")
    assert isinstance(game, PowerhousesGame)
    record = play_match(game, [make_agent(agents[0], game, 0), make_agent(agents[1], game, 1)], seed=seed)
    replay = Replay.from_result(record)
    return game, replay, review_replay(replay, ReviewSettings(seed=1))


@pytest.mark.parametrize(("seed", "agents"), [(3, ("expert", "heuristic")), (8, ("random", "expert"))])
def test_every_value_is_the_solvers_and_the_best_is_its_move(seed: int, agents: tuple[str, str]) -> None:
    game, replay, review = _reviewed(seed, agents)
    solver = _solver(game)
    state = game.new_initial_state()
    state.record_events = False
    memo: dict[Any, float] = {}
    assert review.decisions
    checked = 0
    for decision in review.decisions:
        while len(state.history) < decision.action_index:
            state.apply_action(replay.actions[len(state.history)])
        me = decision.player
        assert decision.values.exact and decision.chosen.stderr is None
        expert = ExpertAgent(game, me).choose(state, random.Random(0))
        assert decision.best.action == expert.name, "the best option is the solver's move"
        assert decision.before == decision.best.value
        if state.phase == TAKEDOWN:
            continue  # the solver's tables start at the first exchange; see the Take-Down test below
        rest = _rest_value(state, solver)
        assert rest is not None
        assert decision.before == pytest.approx(rest if me == 0 else 1.0 - rest, abs=1e-9)
        for option in decision.values.options:
            child = state.clone()
            child.record_events = False
            child.apply_action(option.action)
            p0 = _engine_value(child, solver, memo)
            assert option.value == pytest.approx(p0 if me == 0 else 1.0 - p0, abs=1e-9), option.action
            assert option.scores[0] == pytest.approx(p0, abs=1e-9)
        checked += 1
    assert checked > 10


def test_takedown_values_add_up_to_the_solvers_match_chance() -> None:
    """Over every first Take-Down roll of player 0, the chances after it average to the solver's
    chance of winning the whole match (ties of that roll valued by the best pursuit)."""
    game = load_game("powerhouses")
    assert isinstance(game, PowerhousesGame)
    memo: dict[Any, float] = {}

    def after_throw(state: PowerhousesState) -> float:
        if state.current_player() != CHANCE or not state.thrown:  # a decision, the next throw, the other's roll
            return position_value(state)
        key = (tuple(sorted(state.thrown)), state.to_throw)
        if key not in memo:
            total = 0.0
            for action, p in state.chance_outcomes():
                child = state.clone()
                child.record_events = False
                child.apply_action(action)
                total += p * after_throw(child)
            memo[key] = total
        return memo[key]

    start = game.new_initial_state()
    start.record_events = False
    total = 0.0
    for action, p in start.chance_outcomes():
        child = start.clone()
        child.apply_action(action)
        total += p * after_throw(child)
    assert total == pytest.approx(_solver(game).match_win_chance(0), abs=1e-9)
    assert position_value(start) == pytest.approx(total, abs=1e-9)


def test_review_of_a_finished_match_ends_at_the_result() -> None:
    _, _, review = _reviewed(5, ("heuristic", "expert"))
    winner = review.result["winner"]["players"][0] if review.result and review.result["winner"] else None
    assert review.final == [1.0 if p == winner else 0.0 for p in (0, 1)]
    for points, score in zip(review.series(), review.final, strict=True):
        assert points[-1] == (len(review.replay.actions), score)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31), agents=st.sampled_from([("random", "expert"), ("heuristic", "random")]))
def test_a_seats_swings_add_up_to_its_result_minus_its_first_chances(seed: int, agents: tuple[str, str]) -> None:
    review = _reviewed(seed, agents)[2]
    for player in (0, 1):
        mine = [d for d in review.decisions if d.player == player]
        if not mine:
            continue
        assert sum(d.swing for d in mine) == pytest.approx(review.final[player] - mine[0].before, abs=1e-9)
        # Roll within 1e-12 of Stop counts as a tie and Stop is named best (the solver's ROLL_MARGIN),
        # so a Roll there may come out a rounding error above "before".
        assert all(0.0 <= d.after <= d.before + 1e-9 and d.before <= 1.0 for d in mine)
