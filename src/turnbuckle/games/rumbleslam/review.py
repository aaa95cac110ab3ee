"""RUMBLESLAM decisions valued for reviews and hints (``Game.review_plan``): sampled.

A whole match is too long to play out for every option of every decision, so playouts stop where
the search agent's do: after the next two activations (or 40 steps), every seat playing the
greedy rollout policy, and the position is scored by the agents' evaluation (Dosh in the ring,
weighted by STA and status, in [-1, 1]) mapped to a win chance by a calibration fitted on the
project's own sims (``engine.calibration``). The options sampled are the
heuristic's best few plus the one actually chosen.
"""

from __future__ import annotations

import hashlib
import random

from turnbuckle.engine.actions import Action
from turnbuckle.engine.calibration import shipped
from turnbuckle.engine.game import State
from turnbuckle.engine.review_plan import ReviewPlan
from turnbuckle.games.rumbleslam.agents import HeuristicAgent, evaluate, greedy
from turnbuckle.games.rumbleslam.state import RumbleslamState

WIDTH = 5
HORIZON_STEPS = 40
ACTIVATIONS = 2
PLAYOUTS = 32
CALIBRATED = "the position score as a calibrated win chance"


def review_plan() -> ReviewPlan:
    return ReviewPlan(policy=_policy, policy_name="greedy rollout policy", candidates=candidates, cutoff=cutoff,
                      leaf=leaf, horizon="the end of the next two activations (at most 40 steps)",
                      leaf_name=CALIBRATED,
                      playouts=PLAYOUTS)


def _policy(state: State, rng: random.Random) -> Action:
    assert isinstance(state, RumbleslamState)
    return greedy(state, rng)


def candidates(state: State, rng: random.Random) -> list[Action]:
    """The heuristic's ``WIDTH`` best actions by its one-ply sampled score. The sample is drawn
    from the position (its action history), not from ``rng``: two reviews of one position, on any
    seeds, weigh the same options (with the seed's numbers, 4 of the 11 decisions a seed called
    clear and the other answered otherwise had the other's best left out; docs/review.md)."""
    scored = HeuristicAgent(state.game, state.current_player(), samples=1).scores(state, position_rng(state))
    scored.sort(key=lambda item: -item[0])
    return [a for _, a in scored[:WIDTH]]


def position_rng(state: State) -> random.Random:
    """Random numbers that depend on the position only (every RUMBLESLAM position is open, so its
    history, dice included, is all any seat's review could start from)."""
    digest = hashlib.sha1("\n".join(a.name for a in state.history).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def cutoff(start: State, now: State) -> bool:
    """After ``ACTIVATIONS`` more activations ended (or ``HORIZON_STEPS`` actions)."""
    begun = len(start._history)
    if len(now._history) - begun >= HORIZON_STEPS:
        return True
    return sum(1 for a in now._history[begun:] if a.name == "end") >= ACTIVATIONS


def leaf_features(state: State) -> list[tuple[float, float]]:
    """Each player's position score and how far the match has gone (rounds played over rounds),
    what the calibration reads. The score is half the agents' evaluation (in [-1, 1]) for him
    minus its best for another: the evaluation's engagement term counts only the player's own
    wrestlers, so one side's number alone can say "behind" where both say "ahead"."""
    assert isinstance(state, RumbleslamState)
    t = min(1.0, state.round / max(1, state.game.rounds))
    own = [evaluate(state, p) for p in range(state.game.num_players())]
    return [((x - max(o for q, o in enumerate(own) if q != p)) / 2, t) for p, x in enumerate(own)]


def leaf(state: State) -> list[float]:
    """Each player's win chance where a playout stops: the position score calibrated
    (``data/calibration.json``, fitted by ``scripts/fit_calibration.py``)."""
    calibration = shipped("turnbuckle.games.rumbleslam")
    return [calibration.chance(x, t) for x, t in leaf_features(state)]
