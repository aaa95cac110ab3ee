"""One decision's option values: exact where the game has them, else sampled (``Game.review_plan``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from turnbuckle.analysis.review.compare import graded_exact
from turnbuckle.analysis.review.sampling import sampled_values
from turnbuckle.analysis.review.values import Budget, DecisionValues, OptionValue, clamp01
from turnbuckle.engine.game import Game, State
from turnbuckle.engine.review_plan import ReviewPlan


@lru_cache(maxsize=64)
def plan_of(game: Game) -> ReviewPlan:
    """The game's plan, asked once per game object (games compare by identity)."""
    return game.review_plan()


RACE_FACTOR = 4
"""An adaptive budget may give an option still in contention this many times the game's playouts."""
HINT_SECONDS = 2.0
"""A hint's time cap by default (shown with the hint)."""


def default_budget(game: Game) -> Budget:
    """A review's: adaptive, up to ``RACE_FACTOR`` times the game's playouts per option (the
    review adds a time cap per decision from its per-match budget)."""
    return Budget(playouts=RACE_FACTOR * plan_of(game).playouts, adaptive=True)


def hint_budget(game: Game) -> Budget:
    """A hint's: adaptive, the review's playouts, at most ``HINT_SECONDS``."""
    return Budget(playouts=RACE_FACTOR * plan_of(game).playouts, seconds=HINT_SECONDS, adaptive=True)


def decision_values(
    state: State,
    rng: random.Random,
    budget: Budget | None = None,
    *,
    omniscient: bool = False,
    include: Sequence[str] = (),
    until_clear: bool = False,
    plan: ReviewPlan | None = None,
) -> DecisionValues:
    """Every option of the player to move, best first: the game's exact values where it has them
    for this position, else a sample within ``budget`` (the game's default when ``None``) drawn only
    from what the player could know (or from the true state when ``omniscient``). ``plan``: a
    variant of the game's plan to use instead (a puzzle's playouts run to the end of the match)."""
    plan = plan or plan_of(state.game)
    player = state.current_player()
    if player < 0:
        raise ValueError("no player decides here")
    if plan.exact is not None:
        exact = plan.exact(state)
        if exact is not None:
            options = graded_exact([
                OptionValue(name, clamp01(scores[player]), tuple(clamp01(v) for v in scores)) for name, scores in exact
            ])
            return DecisionValues(player, options, exact=True, method=f"exact: {plan.exact_name}")
    return sampled_values(state, plan, budget or default_budget(state.game), rng,
                          omniscient=omniscient, include=include, until_clear=until_clear)
