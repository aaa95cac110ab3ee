"""Powerhouses agents: always legal, and the expert clearly beats random play."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest

import turnbuckle
from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import CHANCE, TERMINAL, Game
from turnbuckle.engine.match import Agent, play_match
from turnbuckle.games.powerhouses.agents import ExpertAgent, HeuristicAgent
from turnbuckle.games.powerhouses.rules import PowerhousesGame
from turnbuckle.games.powerhouses.state import ATTACK, AWAIT_PURSUE, DEFENSE, PowerhousesState

Factory = Callable[[Game, int], Agent]
BRUNO = 'Bruno "the Bear" Marconi'
SKYLARK = "Skylark Reyes"
MAMA = "Mama Odette"


def wilson_low(wins: int, n: int, z: float = 1.959963984540054) -> float:
    """Lower end of the Wilson 95% interval."""
    p = wins / n
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n)


def head_to_head(game: Game, agent: Factory, other: Factory, matches: int, seed: int = 0) -> int:
    """Wins of ``agent`` over ``matches`` matches, alternating seats."""
    wins = 0
    for i in range(matches):
        seat = i % 2
        players = [agent(game, 0), other(game, 1)] if seat == 0 else [other(game, 0), agent(game, 1)]
        wins += play_match(game, players, seed + i).winning_players == (seat,)
    return wins


@pytest.mark.parametrize(
    "params",
    [
        {"wrestlers": [BRUNO, SKYLARK]},
        {"wrestlers": [MAMA, BRUNO]},
        {"wrestlers": [SKYLARK, MAMA], "dice": 3},
        {"wrestlers": [BRUNO, MAMA], "dice": 6, "comeback": False},
        {"wrestlers": [SKYLARK, BRUNO], "dice": 2},
    ],
)
def test_agents_only_choose_legal_actions(params: dict[str, object]) -> None:
    """Random play visits many states; every agent is asked at every decision on the way."""
    game = turnbuckle.load_game("powerhouses", **params)
    assert isinstance(game, PowerhousesGame)
    agents: list[HeuristicAgent | ExpertAgent] = [
        HeuristicAgent(game, 0),
        ExpertAgent(game, 0),
        ExpertAgent(game, 0, objective="exchange"),
    ]
    rng = random.Random(5)
    seen = {ATTACK: 0, DEFENSE: 0, AWAIT_PURSUE: 0}
    for _ in range(25):
        state = game.new_initial_state()
        assert isinstance(state, PowerhousesState)
        while (player := state.current_player()) != TERMINAL:
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            for agent in agents:
                agent.player = player
                assert agent.choose(state.clone(), rng) in legal
            seen[state.phase] = seen.get(state.phase, 0) + 1
            if state.awaiting == AWAIT_PURSUE:
                seen[AWAIT_PURSUE] += 1
            state.apply_action(rng.choice(legal))
    assert seen[ATTACK] and seen[DEFENSE] and seen[AWAIT_PURSUE]


def test_expert_beats_random() -> None:
    game = turnbuckle.load_game("powerhouses", wrestlers=[BRUNO, SKYLARK])
    n = 300
    wins = head_to_head(game, ExpertAgent, RandomAgent, n)
    assert wilson_low(wins, n) > 0.7, wins


def test_expert_beats_heuristic() -> None:
    game = turnbuckle.load_game("powerhouses", wrestlers=[BRUNO, SKYLARK])
    n = 300
    wins = head_to_head(game, ExpertAgent, HeuristicAgent, n, seed=1000)
    assert wilson_low(wins, n) > 0.5, wins


def test_heuristic_tables_match_the_agent() -> None:
    """The solver's exact heuristic-vs-random value agrees with playing the real agents."""
    from turnbuckle.games.powerhouses.solver import UNIFORM, MatchSolver, heuristic_policy

    game = turnbuckle.load_game("powerhouses", wrestlers=[BRUNO, SKYLARK])
    assert isinstance(game, PowerhousesGame)
    solver = MatchSolver(game.face_maps, 5, True, players=(heuristic_policy, UNIFORM))
    exact = solver.match_win_chance(0)
    n = 400
    agents = [HeuristicAgent(game, 0), RandomAgent(game, 1)]
    wins = sum(play_match(game, agents, 7000 + i).winning_players == (0,) for i in range(n))
    assert abs(wins / n - exact) < 4 * math.sqrt(exact * (1 - exact) / n)


def test_expert_is_deterministic_and_registered() -> None:
    game = turnbuckle.load_game("powerhouses")
    assert game.agent_factories()["expert"] is ExpertAgent
    assert ExpertAgent(game, 1).name == "expert"
    first = play_match(game, [ExpertAgent(game, 0), RandomAgent(game, 1)], 42)
    again = play_match(game, [ExpertAgent(game, 0), RandomAgent(game, 1)], 42)
    assert first.actions == again.actions


def test_expert_rejects_unknown_objective() -> None:
    with pytest.raises(ParamError):
        ExpertAgent(None, 0, objective="exchanges")
