"""Sampled option values: determinized playouts from what the deciding player could know.

Each *world* is ``state.determinize(player, rng)``: everything the player cannot see (other
hands, face-down cards, unrevealed bids) re-dealt consistently with what he saw, never read from
the real state. Every option is played out in the same worlds with the same dice (common random
numbers), every seat by the game's playout policy, to the end of the match or to the game's
cut-off, where its leaf estimate stands in. An option's value is the mean of its playouts' scores
and its standard error the sample one. ``omniscient`` plays from the true state instead (a
labelled review mode for after the match).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from turnbuckle.analysis.review.values import (
    Budget,
    DecisionValues,
    OptionValue,
    clamp01,
    mean_and_stderr,
    outcome_scores,
)
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.engine.result import Side
from turnbuckle.engine.review_plan import ReviewPlan

MAX_PLAYOUT_STEPS = 50_000
"""A playout longer than this is scored as it stands (a safety net; no game comes close)."""
MIN_WORLDS = 2


def sampled_values(
    state: State,
    plan: ReviewPlan,
    budget: Budget,
    rng: random.Random,
    *,
    omniscient: bool = False,
    include: Sequence[str] = (),
) -> DecisionValues:
    """Values of the options of the player to move in ``state`` (see the module note); the
    actions named in ``include`` are valued even when the plan's candidates leave them out."""
    player = state.current_player()
    if player < 0:
        raise ValueError("no player decides here")
    first = _world(state, player, rng, omniscient)
    legal = first.legal_actions()
    chosen = list(plan.candidates(first, rng)) if plan.candidates is not None else list(legal)
    by_name = {a.name: a for a in legal}
    for name in include:
        if name in by_name and by_name[name] not in chosen:
            chosen.append(by_name[name])
    candidates = list(dict.fromkeys(chosen)) or list(legal)
    n_players = state.game.num_players()
    sides = state.game.sides()
    totals = [[0.0] * n_players for _ in candidates]
    squares = [0.0] * len(candidates)
    worlds = 0
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    world: State | None = first
    while True:
        if budget.playouts is not None and worlds >= budget.playouts:
            break
        if deadline is not None and worlds >= MIN_WORLDS and time.perf_counter() >= deadline:
            break
        if world is None:
            world = _world(state, player, rng, omniscient)
        seed = rng.getrandbits(64)
        for i, action in enumerate(candidates):
            sim = world.clone()
            sim.record_events = False
            sim.apply_action(action)
            scores = playout(sim, plan, random.Random(seed), sides)
            row = totals[i]
            for p in range(n_players):
                row[p] += scores[p]
            squares[i] += scores[player] ** 2
        world = None
        worlds += 1
    options = []
    for i, action in enumerate(candidates):
        mean, stderr = mean_and_stderr(totals[i][player], squares[i], worlds)
        shares = tuple(clamp01(t / worlds) for t in totals[i])
        options.append(OptionValue(action.name, clamp01(mean), shares, stderr if math.isfinite(stderr) else None,
                                   worlds))
    ranked = sorted(range(len(options)), key=lambda i: (-options[i].value, i))
    return DecisionValues(player, tuple(options[i] for i in ranked), exact=False,
                          method=describe_sampling(plan, budget, omniscient))


def _world(state: State, player: int, rng: random.Random, omniscient: bool) -> State:
    return state.clone() if omniscient else state.determinize(player, rng)


def playout(sim: State, plan: ReviewPlan, rng: random.Random, sides: Sequence[Side]) -> list[float]:
    """Every seat plays ``plan.policy`` (uniform when none) until the end or the plan's cut-off;
    each player's score there. ``sim`` is used up."""
    start = sim.clone() if plan.cutoff is not None else sim
    policy = plan.policy
    cutoff = plan.cutoff
    for _ in range(MAX_PLAYOUT_STEPS):
        player = sim.current_player()
        if player == TERMINAL:
            return outcome_scores(sides, sim.returns())
        if cutoff is not None and cutoff(start, sim):
            return _leaf(sim, plan)
        if player == CHANCE:
            sim.apply_action(sim.sample_chance(rng))
        elif policy is not None:
            sim.apply_action(policy(sim, rng))
        else:
            legal = sim.legal_actions()
            sim.apply_action(legal[int(rng.random() * len(legal))])
    return _leaf(sim, plan)


def _leaf(sim: State, plan: ReviewPlan) -> list[float]:
    n = sim.game.num_players()
    if plan.leaf is None:
        return [1.0 / len(sim.game.sides())] * n
    return [min(1.0, max(0.0, v)) for v in plan.leaf(sim)]


def describe_sampling(plan: ReviewPlan, budget: Budget, omniscient: bool) -> str:
    """The stated method of a sampled value, in one line."""
    to = plan.horizon or "the end of the match"
    where = "from the true position (omniscient)" if omniscient else "from re-dealt copies of what the player saw"
    leaf = " (then the game's position score)" if plan.horizon else ""
    return f"sampled: {budget.describe()}, every seat played by the {plan.policy_name} to {to}{leaf}, {where}"
