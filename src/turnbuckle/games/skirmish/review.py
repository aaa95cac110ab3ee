"""Ring skirmish decisions valued for reviews and hints (``Game.review_plan``): sampled.

Playouts stop where the search agent's do, at the end of the next round, every seat playing the
heuristic, and the position is scored by the agent's evaluation (END, stagger and AP against the
strongest opponent, in [-1, 1]) mapped to a win chance by a calibration fitted on the project's
own sims (``engine.calibration``); bids an opponent has not revealed are
re-sampled. The options sampled are the search agent's candidates at bids, turns and counters, and
elsewhere (destinations, facings) the heuristic's choice and a few others drawn at random; the
option actually chosen is always among them.
"""

from __future__ import annotations

import random

from turnbuckle.engine.actions import Action
from turnbuckle.engine.calibration import shipped
from turnbuckle.engine.game import State
from turnbuckle.engine.review_plan import ReviewPlan
from turnbuckle.games.skirmish.agents import SearchAgent, evaluate, heuristic_action
from turnbuckle.games.skirmish.core import BID, COUNTER, TURN
from turnbuckle.games.skirmish.state import SkirmishState

OTHERS = 4
"""Options drawn at random beside the heuristic's where a decision has many (destinations)."""
PLAYOUTS = 16
PACE = 12
"""Rounds after which a skirmish's position counts as late (few matches last longer)."""


def review_plan() -> ReviewPlan:
    return ReviewPlan(policy=_policy, policy_name="heuristic", candidates=candidates, cutoff=cutoff, leaf=leaf,
                      horizon="the end of the next round", playouts=PLAYOUTS,
                      leaf_name="the position score as a calibrated win chance")


def _policy(state: State, rng: random.Random) -> Action:
    assert isinstance(state, SkirmishState)
    return heuristic_action(state, rng)


def candidates(state: State, rng: random.Random) -> list[Action]:
    assert isinstance(state, SkirmishState)
    default = heuristic_action(state, random.Random(rng.random()))
    if state.phase in (BID, TURN, COUNTER):
        found = SearchAgent(state.game, state.current_player())._candidates(state, rng)
    else:
        legal = state.legal_actions()
        found = rng.sample(legal, min(OTHERS, len(legal)))
    return list(dict.fromkeys([default, *found]))


def cutoff(start: State, now: State) -> bool:
    assert isinstance(start, SkirmishState) and isinstance(now, SkirmishState)
    return now.round > start.round + 1 and now.phase == BID


def leaf_features(state: State) -> list[tuple[float, float]]:
    """Each player's position score (the agent's evaluation, in [-1, 1]) and how far the match has
    gone (``PACE`` rounds counting as all of it), what the calibration reads."""
    assert isinstance(state, SkirmishState)
    t = min(1.0, state.round / PACE)
    return [(evaluate(state, p), t) for p in range(state.game.num_players())]


def leaf(state: State) -> list[float]:
    """Each player's win chance where a playout stops: the position score calibrated
    (``data/calibration.json``, fitted by ``scripts/fit_calibration.py``)."""
    calibration = shipped("turnbuckle.games.skirmish")
    return [calibration.chance(x, t) for x, t in leaf_features(state)]
