"""Sampled option values: determinized playouts from what the deciding player could know.

Each *world* is ``state.determinize(player, rng)``: everything the player cannot see (other
hands, face-down cards, unrevealed bids) re-dealt consistently with what he saw, never read from
the real state. Every option is played out in the same worlds with the same dice (common random
numbers), every seat by the game's playout policy, to the end of the match or to the game's
cut-off, where its leaf estimate stands in. An option's value is the mean of its playouts' scores
and its standard error the sample one; its gap to the best is measured world by world (paired,
``compare``). An adaptive budget races the options: every few worlds, those surely behind the
leader get no more playouts, and sampling stops once the leader stands alone or the rest are
surely within ``compare.TOLERANCE`` of it (or at the budget's playouts or time cap).
``omniscient`` plays from the true state instead (a labelled review mode for after the match).
Where the plan solves the roll an option leads to straight away (``ReviewPlan.roll``), that
option's value is stratified over the roll's positions (``strata``): the roll's luck leaves the
sample, and its playouts start after the roll, the dice from there still shared with the others.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from turnbuckle.analysis.review.compare import TOLERANCE, Gap, graded, paired_gap, settled
from turnbuckle.analysis.review.strata import StratifiedOption
from turnbuckle.analysis.review.values import (
    DROP_Z,
    Budget,
    DecisionValues,
    OptionValue,
    clamp01,
    mean_and_stderr,
    outcome_scores,
    result_stderr,
)
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.engine.result import Side
from turnbuckle.engine.review_plan import ReviewPlan

MAX_PLAYOUT_STEPS = 50_000
"""A playout longer than this is scored as it stands (a safety net; no game comes close)."""
MIN_WORLDS = 2
RACE_FROM = 32
"""Playouts per option before the first look at the race (fewer say too little about the spread:
a dozen won-or-lost playouts can all agree by chance, and a noisy spread calls leads clear that
another seed does not find)."""
RACE_EVERY = 4
DECIDE = slice(0, None, 2)
VALUE = slice(1, None, 2)
"""The race looks only at the even worlds (``DECIDE``), and an option it drops is valued only on
the odd ones (``VALUE``): an option is dropped when its playouts so far happen to look bad, so
its value from those very playouts would be lower than the truth by more than its stated error
(skirmish, issue 33: options dropped by one seed's race and not by the other's lay 2 errors apart
twice as often as honest errors allow); the odd worlds never decided anything, so their mean is
a fair sample. Puzzles (``until_clear``) keep every world for both: their proof is searched
again at twice the budget with another seed before a puzzle ships, and again by its tests."""


def sampled_values(
    state: State,
    plan: ReviewPlan,
    budget: Budget,
    rng: random.Random,
    *,
    omniscient: bool = False,
    include: Sequence[str] = (),
    until_clear: bool = False,
) -> DecisionValues:
    """Values of the options of the player to move in ``state`` (see the module note); the
    actions named in ``include`` are valued even when the plan's candidates leave them out.
    ``until_clear``: an adaptive race stops early only once the leader stands alone (every other
    option ``DROP_Z`` paired errors behind), never because the rest are told apart at ``Z``
    errors (puzzles need the stricter proof)."""
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
    mine: list[list[float]] = [[] for _ in candidates]
    """Per option, the mover's score in each world it was played in (worlds 0, 1, ... in order)."""
    everyone: list[list[list[float]]] = [[] for _ in candidates]
    """Per option, every player's scores in each world it was played in."""
    dropped: set[int] = set()
    """The options the race stopped sampling (surely behind), to be valued on fresh worlds."""
    split = not until_clear  # a puzzle's proof is checked again on a new sample (``puzzle_making``)
    decide = DECIDE if split else slice(None)
    active = list(range(len(candidates)))
    started = time.perf_counter()
    clock = budget.clock()
    begun = clock()
    deadline = None if budget.seconds is None else begun + budget.seconds
    last, slowest = begun, 0.0
    worlds = 0
    stopped = ""
    world: State | None = first
    rolls: dict[int, StratifiedOption] = {}
    """The options whose immediate roll is solved (``plan.roll``), by index."""
    plain: set[int] = set()
    """The options with no roll to solve straight after them."""
    while True:
        if budget.playouts is not None and worlds >= budget.playouts:
            stopped = f"{worlds} playouts"
            break
        if deadline is not None and worlds >= MIN_WORLDS and _past(clock(), begun, worlds, slowest, deadline):
            stopped = "time cap"
            break
        if budget.adaptive and worlds >= RACE_FROM and worlds % RACE_EVERY == 0:
            looks = [(rolls[i].per_world() if i in rolls else mine[i])[decide] for i in range(len(candidates))]
            kept, stopped = race(looks, active, until_clear=until_clear)
            if split:
                dropped.update(set(active) - set(kept))
            active = kept
            if stopped:
                break
        if world is None:
            world = _world(state, player, rng, omniscient)
        seed = rng.getrandbits(64)
        for i in active:
            sim = world.clone()
            sim.record_events = False
            sim.apply_action(candidates[i])
            if plan.roll is not None and i not in plain:
                if i not in rolls:
                    solved = _solved_roll(sim, plan, player, sides)
                    if solved is None:
                        plain.add(i)
                    else:
                        rolls[i] = solved
                if i in rolls:
                    _play_position(rolls[i], sim, plan, random.Random(seed), sides)
                    continue
            scores = playout(sim, plan, random.Random(seed), sides)
            everyone[i].append(scores)
            mine[i].append(scores[player])
        world = None
        worlds += 1
        if deadline is not None:
            now = clock()
            if worlds > 1:  # the first world pays one-off work (solving an option's roll)
                slowest = max(slowest, now - last)
            last = now
    for i in dropped:  # valued only on the worlds the race did not look at (see ``DECIDE``)
        if i in rolls:
            rolls[i] = rolls[i].only(VALUE)
        else:
            mine[i], everyone[i] = mine[i][VALUE], everyone[i][VALUE]
    for i, solved in rolls.items():
        mine[i] = solved.per_world()
    options = []
    for i, action in enumerate(candidates):
        if i in rolls:
            solved = rolls[i]
            options.append(OptionValue(action.name, clamp01(solved.value()), tuple(clamp01(v) for v in solved.scores()),
                                       solved.stderr(), solved.worlds))
            continue
        n = len(mine[i])
        total, squares = sum(mine[i]), sum(x * x for x in mine[i])
        mean, stderr = mean_and_stderr(total, squares, n)
        if plan.cutoff is None:  # whole-match results: guard the error of a small sample
            stderr = result_stderr(total, squares, n)
        shares = tuple(clamp01(sum(row[p] for row in everyone[i]) / n) for p in range(n_players))
        options.append(OptionValue(action.name, clamp01(mean), shares, stderr if math.isfinite(stderr) else None, n))
    ranked = sorted(range(len(options)), key=lambda i: (-options[i].value, i))
    top = ranked[0]
    gaps = [_gap(mine, top, i, dropped) for i in ranked]
    return DecisionValues(player, graded([options[i] for i in ranked], gaps), exact=False,
                          method=describe_sampling(plan, budget, omniscient), stopped=stopped,
                          seconds=time.perf_counter() - started)


def _gap(mine: Sequence[Sequence[float]], top: int, i: int, dropped: set[int]) -> Gap:
    """Option ``i``'s paired gap to ``top`` over the worlds they share; a dropped option's list
    holds only its ``VALUE`` worlds, so ``top``'s (unless dropped too) is cut the same way."""
    if (i in dropped) == (top in dropped):
        return paired_gap(mine[top], mine[i])
    if i in dropped:
        return paired_gap(mine[top][VALUE], mine[i])
    return paired_gap(mine[top], mine[i][VALUE])


def _past(now: float, begun: float, worlds: int, slowest: float, deadline: float) -> bool:
    """The time cap is reached: the next world, taking as long as the slowest world so far (after
    the first, which pays one-off work) or the average if that is longer, would end after
    ``deadline``. So a cap of 2 s ends before 2 s, not a dear world past it: Filsinger's worlds
    vary with how long their matches run, and at the average pace its hints' median ran 2.02 s."""
    return now + max((now - begun) / worlds, slowest) > deadline


def race(mine: Sequence[Sequence[float]], active: Sequence[int], *, until_clear: bool = False,
         ) -> tuple[list[int], str]:
    """One look at the race: the options still in contention (those not surely behind the leader:
    out of its group and ``DROP_Z`` paired errors behind, the stricter rule because the race
    looks many times), and why to stop now ("" to go on; ``until_clear``: only a lone leader stops it)."""
    leader = max(active, key=lambda i: (sum(mine[i]) / len(mine[i]), -i))
    kept = [leader]
    gaps = []
    for i in active:
        if i == leader:
            continue
        gap = paired_gap(mine[leader], mine[i])
        if gap.separated and gap.stderr is not None and gap.value > DROP_Z * gap.stderr:
            continue  # surely behind, by more than nothing: no more playouts for it
        kept.append(i)
        gaps.append(gap)
    kept.sort()
    if len(kept) == 1:
        return kept, "clear best" if len(active) > 1 else "the only option"
    if not until_clear and settled(gaps):
        return kept, f"the rest within {100 * TOLERANCE:g} points"
    return kept, ""


def _solved_roll(sim: State, plan: ReviewPlan, player: int, sides: Sequence[Side]) -> StratifiedOption | None:
    """The roll ``sim`` stands at, solved by the plan (``None``: no roll to solve here)."""
    assert plan.roll is not None
    positions = plan.roll(sim)
    if not positions:
        return None
    outcomes = [(p, tuple(outcome_scores(sides, s.returns())) if s.current_player() == TERMINAL else None)
                for p, s in positions]
    return StratifiedOption.of(player, sim.game.num_players(), outcomes, guarded=plan.cutoff is None)


def _play_position(solved: StratifiedOption, sim: State, plan: ReviewPlan, rng: random.Random,
                   sides: Sequence[Side]) -> None:
    """One world of a solved roll: a playout from the position the allocation picks next (the
    roll's positions are listed again from this world's ``sim``, in the same order)."""
    k = solved.next_position()
    if k < 0:
        solved.record(-1, None)
        return
    assert plan.roll is not None
    positions = plan.roll(sim)
    assert positions is not None and len(positions) == len(solved.strata)
    start = positions[k][1].clone()
    start.record_events = False
    solved.record(k, playout(start, plan, rng, sides))


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
            return _leaf(sim, plan, sides)
        if player == CHANCE:
            sim.apply_action(sim.sample_chance(rng))
        elif policy is not None:
            sim.apply_action(policy(sim, rng))
        else:
            legal = sim.legal_actions()
            sim.apply_action(legal[int(rng.random() * len(legal))])
    return _leaf(sim, plan, sides)


def _leaf(sim: State, plan: ReviewPlan, sides: Sequence[Side]) -> list[float]:
    """The plan's estimate where a playout stops, made consistent: a side's members share its
    chance, and the sides' chances add up to one win (as a finished match's shares do)."""
    n = sim.game.num_players()
    if plan.leaf is None:
        return [1.0 / len(sides)] * n
    raw = [min(1.0, max(0.0, v)) for v in plan.leaf(sim)]
    side_values = [sum(raw[p] for p in side.players) / len(side.players) for side in sides]
    total = sum(side_values)
    out = [0.0] * n
    for side, value in zip(sides, side_values, strict=True):
        for p in side.players:
            out[p] = value / total if total > 0 else 1.0 / len(sides)
    return out


def describe_sampling(plan: ReviewPlan, budget: Budget, omniscient: bool) -> str:
    """The stated method of a sampled value, in one line."""
    to = plan.horizon or "the end of the match"
    where = "from the true position (omniscient)" if omniscient else "from re-dealt copies of what the player saw"
    leaf = f" (then {plan.leaf_name})" if plan.horizon else ""
    roll = ", the roll straight after an option solved exactly" if plan.roll is not None else ""
    return f"sampled: {budget.describe()}, every seat played by the {plan.policy_name} to {to}{leaf}{roll}, {where}"
