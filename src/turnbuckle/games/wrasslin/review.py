"""WRASSLIN' decisions valued for reviews and hints (``Game.review_plan``): sampled.

Every seat plays the heuristic (``expert.heuristic_action``, the expert's own playout policy) to the
end of the match from deals re-made from what the deciding player saw. The options sampled are the
heuristic's best straight plays (11.5 errors are never advised) plus the one actually chosen.
"""

from __future__ import annotations

import random

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import State
from turnbuckle.engine.review_plan import ReviewPlan
from turnbuckle.games.wrasslin.expert import heuristic_action
from turnbuckle.games.wrasslin.heuristic import score
from turnbuckle.games.wrasslin.refusals import is_error
from turnbuckle.games.wrasslin.state import WrasslinState

WIDTH = 6
"""Options sampled per decision: the heuristic's best straight plays."""
PLAYOUTS = 64


def review_plan() -> ReviewPlan:
    return ReviewPlan(policy=_policy, policy_name="heuristic", candidates=candidates, playouts=PLAYOUTS)


def _policy(state: State, rng: random.Random) -> Action:
    assert isinstance(state, WrasslinState)
    return heuristic_action(state, rng)


def candidates(state: State, rng: random.Random) -> list[Action]:
    """The heuristic's ``WIDTH`` best straight plays (a challenge of another's error counts as one)."""
    assert isinstance(state, WrasslinState)
    legal = state.legal_actions()
    decode = state.g.decode
    straight = [a for a in legal if decode[a.id][0] == "challenge" or not is_error(state, a)] or legal
    ranked = sorted(straight, key=lambda a: -score(state, a))
    return ranked[:WIDTH]
