"""RUMBLESLAM decisions valued for reviews and hints (``Game.review_plan``): sampled.

A whole match is too long to play out for every option of every decision, so playouts stop where
the search agent's do: after the next two activations (or 40 steps), every seat playing the
greedy rollout policy, and the position is scored by the agents' evaluation (Dosh in the ring,
weighted by STA and status, in [-1, 1]) read as an expected result. The options sampled are the
heuristic's best few plus the one actually chosen.
"""

from __future__ import annotations

import random

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import State
from turnbuckle.engine.review_plan import ReviewPlan
from turnbuckle.games.rumbleslam.agents import HeuristicAgent, evaluate, greedy
from turnbuckle.games.rumbleslam.state import RumbleslamState

WIDTH = 5
HORIZON_STEPS = 40
ACTIVATIONS = 2
PLAYOUTS = 32


def review_plan() -> ReviewPlan:
    return ReviewPlan(policy=_policy, policy_name="greedy rollout policy", candidates=candidates, cutoff=cutoff,
                      leaf=leaf, horizon="the end of the next two activations (at most 40 steps)",
                      playouts=PLAYOUTS)


def _policy(state: State, rng: random.Random) -> Action:
    assert isinstance(state, RumbleslamState)
    return greedy(state, rng)


def candidates(state: State, rng: random.Random) -> list[Action]:
    """The heuristic's ``WIDTH`` best actions by its one-ply sampled score."""
    scored = HeuristicAgent(state.game, state.current_player(), samples=1).scores(state, rng)
    scored.sort(key=lambda item: -item[0])
    return [a for _, a in scored[:WIDTH]]


def cutoff(start: State, now: State) -> bool:
    """After ``ACTIVATIONS`` more activations ended (or ``HORIZON_STEPS`` actions)."""
    begun = len(start._history)
    if len(now._history) - begun >= HORIZON_STEPS:
        return True
    return sum(1 for a in now._history[begun:] if a.name == "end") >= ACTIVATIONS


def leaf(state: State) -> list[float]:
    assert isinstance(state, RumbleslamState)
    return [(evaluate(state, p) + 1.0) / 2.0 for p in range(state.game.num_players())]
