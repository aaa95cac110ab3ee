"""Filsinger decisions valued for reviews and hints (``Game.review_plan``).

Where the expert solves the match exactly (``odds.cached_solution`` within ``ExpertAgent.budget``
states), every option is worth the exact chances after it, both sides then playing the expert's
policy; a double disqualification or count out is a draw, worth half to each side. A match too big
to solve is sampled instead, every side played out by the heuristic (two dice rolls of lookahead),
after the roll an option leads to straight away is solved exactly (``immediate_roll``: its chart
odds are known, so only what follows it is sampled).

Reads: decided, injuries, last_doubles, phase, sums_only, winner
Writes: -
"""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, State
from turnbuckle.engine.review_plan import ReviewPlan
from turnbuckle.games.filsinger.expert import ExpertAgent, HeuristicAgent
from turnbuckle.games.filsinger.odds import cached_solution
from turnbuckle.games.filsinger.queries import state_key
from turnbuckle.games.filsinger.state import FilsingerState

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.rules import FilsingerGame

PLAYOUTS = 16
"""Default playouts per option where the match is too big to solve (each decision of a playout
looks two rolls ahead, so they are dear)."""


def review_plan(game: FilsingerGame) -> ReviewPlan:
    return ReviewPlan(exact=partial(option_values, game),
                      exact_name="the exact match odds (the expert's play from here)",
                      policy=partial(_heuristic, game, {}), policy_name="heuristic", playouts=PLAYOUTS,
                      roll=immediate_roll)


def immediate_roll(state: State) -> list[tuple[float, State]] | None:
    """The roll ``state`` stands at (a chart, PIN, Choice Situation ... roll), solved: each
    distinct position its outcomes lead to with its exact chance, in the order first reached;
    ``None`` where a decision or the end comes first."""
    if not isinstance(state, FilsingerState) or state.current_player() != CHANCE:
        return None
    chances: dict[tuple[object, ...], float] = {}
    positions: dict[tuple[object, ...], State] = {}
    for action, chance in state.chance_outcomes():
        child = state.clone()
        child.record_events = False
        child.apply_action(action)
        key = _position(child)
        chances[key] = chances.get(key, 0.0) + chance
        positions.setdefault(key, child)
    return [(chances[key], positions[key]) for key in positions]


def _position(state: FilsingerState) -> tuple[object, ...]:
    """What decides the match from ``state`` on: the exact solver's key (the counters and the
    slots the phase reads) plus the fields it leaves out because the solver's matches never
    change them (injuries, sums only) and the doubles a feud match ends on. The roll's own total
    is left out: it is only told, never read again."""
    if state.decided:
        return ("decided", state.winner, state.phase, state.last_doubles)
    return (state_key(state), tuple(state.injuries), state.sums_only, state.last_doubles)


def option_values(game: FilsingerGame, state: State) -> list[tuple[str, list[float]]] | None:
    """Each legal action with both sides' exact scores after it (win 1, draw 1/2), best first for
    the mover as the expert ranks them (its first best on equal values); ``None`` when unsolved."""
    solution = cached_solution(game, policy="expert", budget=ExpertAgent.budget)
    if solution is None or not isinstance(state, FilsingerState):
        return None
    mover = state.current_player()
    scored: list[tuple[str, list[float]]] = []
    for action in state.legal_actions():
        child = state.clone()
        child.record_events = False
        child.apply_action(action)
        win0, win1 = solution.win_probabilities(child)
        draw = max(0.0, 1.0 - win0 - win1)
        scored.append((action.name, [win0 + draw / 2, win1 + draw / 2]))
    return sorted(scored, key=lambda item: -item[1][mover])  # stable: the expert keeps its first best


def _heuristic(game: FilsingerGame, agents: dict[int, HeuristicAgent], state: State, rng: random.Random) -> Action:
    """The heuristic's move for the mover; ``agents`` (one per seat) lives as long as the plan."""
    player = state.current_player()
    agent = agents.get(player)
    if agent is None:
        agent = agents[player] = HeuristicAgent(game, player)
    return agent.choose(state, rng)
