"""Exact values of every Powerhouses decision, from the match solver (``Game.review_plan``).

Each option is worth the chance of winning the match after it, both wrestlers then playing the
solver's minimax strategy (what ``ExpertAgent`` plays): Roll is the expectation over the hits the
throw can bring, Stop is the total standing against the other's answer, a first-roll choice is
the pursued ability's value. In the Take-Down (roll until bust) a choice is worth its chances of
the higher total, with a tie starting the Take-Down again.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from turnbuckle.engine.game import State
from turnbuckle.engine.review_plan import ReviewPlan
from turnbuckle.games.powerhouses.probability import (
    DISTRIBUTION_TAIL,
    FaceMap,
    after_hits,
    best_pursue,
    hit_probability,
    hits_distribution,
    never_stop,
    roll_distribution,
)
from turnbuckle.games.powerhouses.solver import MatchSolver, match_solver
from turnbuckle.games.powerhouses.state import (
    ABILITY_NAMES,
    ATTACK,
    AWAIT_CONTINUE,
    AWAIT_DIE,
    AWAIT_NOTHING,
    AWAIT_PURSUE,
    COMEBACK,
    DEFENSE,
    NO_ABILITY,
    PURSUE,
    ROLL,
    STOP,
    TAKEDOWN,
    PowerhousesState,
)
from turnbuckle.games.powerhouses.stopping import DISTRIBUTION_LIMIT


def review_plan() -> ReviewPlan:
    """Every decision exact; nothing is ever sampled."""
    return ReviewPlan(exact=option_values, exact_name="the match solver (minimax play from here)")


def solver_for(state: PowerhousesState) -> MatchSolver:
    game = state.game
    return match_solver(game.face_maps, game.starting_dice, game.comeback_rule)


def option_values(state: State) -> list[tuple[str, list[float]]] | None:
    """Each legal action with both players' chances of winning the match after it, best first
    for the mover; equal values keep the expert's order (Stop before Roll, likelier abilities first)."""
    if not isinstance(state, PowerhousesState) or state.awaiting not in (AWAIT_CONTINUE, AWAIT_PURSUE):
        return None
    solver = solver_for(state)
    me = state.roller
    if state.awaiting == AWAIT_PURSUE:
        face_map = state.game.face_maps[me]
        order = sorted(state.tied, key=lambda a: (-hit_probability(face_map, a), a))
        mine = [(PURSUE[a].name, _pursue_value(state, solver, a)) for a in order]
    else:
        mine = [(STOP.name, _stop_value(state, solver)), (ROLL.name, _rolled_value(state, solver))]
    ranked = sorted(mine, key=lambda item: -item[1])  # stable: ties keep the expert's order
    if len(ranked) == 2 and ranked[0][0] == ROLL.name and ranked[0][1] <= ranked[1][1] + 1e-12:
        ranked.reverse()  # the solver rolls only when strictly better (ROLL_MARGIN)
    return [(name, _scores(me, value)) for name, value in ranked]


def position_value(state: PowerhousesState) -> float:
    """Player 0's chance of winning the match from ``state``, at any point where no die of a throw
    has landed yet (a decision, the start of a roll or of a throw) or at the end."""
    if state.awaiting == AWAIT_NOTHING:
        return 1.0 if state.winner == 0 else 0.0
    if state.awaiting == AWAIT_DIE and state.thrown:
        raise ValueError("position_value needs a state between throws")
    options = option_values(state)
    if options is not None:
        return options[0][1][0]
    solver = solver_for(state)
    me = state.roller
    if state.phase == COMEBACK:
        return _comeback_value(state, solver)
    if state.phase == TAKEDOWN:
        return _scores(me, _takedown_value(state, solver, state.ability, state.count, state.free))[0]
    if state.ability == NO_ABILITY:  # a roll about to start
        if state.phase == ATTACK:
            return _scores(me, solver.state_value(me, state.dice))[0]
        return _scores(me, _defense_start(state, solver, state.attack_total))[0]
    return _scores(me, _rolled_value(state, solver))[0]


# -- attack and defense ----------------------------------------------------------------------------
def _pursue_value(state: PowerhousesState, solver: MatchSolver, ability: int) -> float:
    """The roller's value of pursuing ``ability`` after a tied first roll."""
    free = after_hits(state.dice[state.roller], state.count, state.dice[state.roller])
    if state.phase == ATTACK:
        return solver.attack_value(solver.attack_lane(state.attacker, state.dice, ability), state.count, free)
    if state.phase == DEFENSE:
        lane = solver.defense_lane(state.attacker, state.dice, ability)
        return solver.defense_value(lane, state.attack_total, state.count, free)
    return _takedown_value(state, solver, ability, state.count, free)


def _stop_value(state: PowerhousesState, solver: MatchSolver) -> float:
    """The roller's value of Calling It Quits at the matches so far."""
    if state.phase == ATTACK:
        return 1.0 - _defense_start(state, solver, state.count)
    return _defense_total_value(state, solver, state.count)


def _rolled_value(state: PowerhousesState, solver: MatchSolver) -> float:
    """The roller's value of rolling the unmatched dice once more, then playing on optimally: the
    expected value over the hits of a throw of the free dice (the count and dice as they stand)."""
    me, count, free = state.roller, state.count, state.free
    dice = state.dice[me]
    attack = state.phase == ATTACK
    lane = (solver.attack_lane if attack else solver.defense_lane)(state.attacker, state.dice, state.ability)
    hits = (solver.att_hits if attack else solver.def_hits)[free, :, lane]
    busted = max(count - 1, 0)
    total = float(hits[0]) * (
        1.0 - _defense_start(state, solver, busted) if attack else _defense_total_value(state, solver, busted)
    )
    for j in range(1, free + 1):
        left = after_hits(free, j, dice)
        if attack:
            value = solver.attack_value(lane, count + j, left)
        else:
            value = solver.defense_value(lane, state.attack_total, count + j, left)
        total += float(hits[j]) * value
    return total


def _defense_total_value(state: PowerhousesState, solver: MatchSolver, total: int) -> float:
    """The defender's value of finishing his roll at ``total`` against the attack total."""
    lane = solver.defense_lane(state.attacker, state.dice, state.ability)
    worn, resisted, reversed_ = solver.def_util[lane]
    if total > state.attack_total:
        return float(reversed_)
    return float(resisted if total == state.attack_total else worn)


def _defense_start(state: PowerhousesState, solver: MatchSolver, target: int) -> float:
    """The defender's value, before his first roll, of answering attack total ``target``."""
    attacker = state.attacker
    defender = 1 - attacker
    dice = state.dice[defender]
    profile = solver.def_profiles[solver.index[(attacker, state.dice[0], state.dice[1])]]
    lanes = solver.def_lane[solver.index[(attacker, state.dice[0], state.dice[1])]]
    worn, resisted, _ = solver.def_util[lanes[0]]
    value = profile.bust * float(resisted if target == 0 else worn)  # a first-roll bust totals 0
    for prob, largest, slots in profile.outcomes:
        free = after_hits(dice, largest, dice)
        value += prob * max(solver.defense_value(lanes[slot], target, largest, free) for slot, _ in slots)
    return value


def _comeback_value(state: PowerhousesState, solver: MatchSolver) -> float:
    """Player 0's chance before the Come-Back roll (two dice: a match wins one back)."""
    roller = state.roller
    chance = solver.comeback_chances[roller]
    back = list(state.dice)
    back[roller] += 1
    attacker = state.attacker
    hit = solver.state_value(attacker, back)
    miss = solver.state_value(attacker, state.dice)
    return _scores(attacker, chance * hit + (1 - chance) * miss)[0]


# -- the Take-Down -----------------------------------------------------------------------------------
def _takedown_value(state: PowerhousesState, solver: MatchSolver, ability: int, count: int, free: int) -> float:
    """The roller's chance of winning the match when his Take-Down roll goes on from ``count``
    matches and ``free`` dice pursuing ``ability`` (it rolls until bust)."""
    game = state.game
    me = state.roller
    dice = game.starting_dice
    if ability == NO_ABILITY:  # his roll has not started: the first roll pursues the most faces
        mine = fresh_takedown(game.face_maps[me], dice)
    else:
        mine = continued_distribution(hit_probability(game.face_maps[me], ability), dice, count, free)
    n = solver.dice
    first_attacks = [solver.state_value(0, (n, n)), solver.state_value(1, (n, n))]
    again = _match_chance(solver, me)  # a tie: the Take-Down starts over
    if me == 0:
        below, equal = _ladder(tuple(fresh_takedown(game.face_maps[1], dice).items()))
    else:
        known = state.takedown_totals[0]
        assert known is not None
        below, equal = _ladder(((known, 1.0),))
    top = max(below)
    value = 0.0
    for total, p in mine.items():
        lower = below[total] if total <= top else 1.0
        tie = equal.get(total, 0.0)
        value += p * (lower * first_attacks[me] + (1.0 - lower - tie) * (1.0 - first_attacks[1 - me]) + tie * again)
    return value


@cache
def _ladder(distribution: tuple[tuple[int, float], ...]) -> tuple[dict[int, float], dict[int, float]]:
    """``P(total < t)`` for every t up to the largest total (past it: all of it), and ``P(total == t)``."""
    equal = dict(distribution)
    below: dict[int, float] = {}
    running = 0.0
    for t in range(max(equal) + 1):
        below[t] = running
        running += equal.get(t, 0.0)
    return below, equal


@cache
def fresh_takedown(face_map: FaceMap, dice: int) -> dict[int, float]:
    """A whole Take-Down roll's total (until bust, first-roll ties to the most faces), as the solver has it."""
    return roll_distribution(face_map, dice, never_stop, best_pursue(face_map))


@cache
def _match_chance(solver: MatchSolver, player: int) -> float:
    return solver.match_win_chance(player)


@cache
def continued_distribution(p: Fraction, dice: int, count: int, free: int) -> dict[int, float]:
    """The final total of a roll that never quits, from ``count`` matches and ``free`` dice with
    hit chance ``p`` (``probability.roll_distribution`` after its first roll); shared, not to be changed."""
    result: dict[int, float] = {}
    layers: dict[int, dict[int, float]] = {count: {free: 1.0}}
    rolling = 1.0
    c = count
    while layers:
        layer = layers.pop(c, {})
        cut = rolling < DISTRIBUTION_TAIL or c >= DISTRIBUTION_LIMIT
        for r, mass in layer.items():
            rolling -= mass
            if cut:
                result[c] = result.get(c, 0.0) + mass
                continue
            dist = hits_distribution(r, p)
            result[c - 1] = result.get(c - 1, 0.0) + mass * dist[0]
            for j in range(1, r + 1):
                nxt = layers.setdefault(c + j, {})
                left = after_hits(r, j, dice)
                nxt[left] = nxt.get(left, 0.0) + mass * dist[j]
                rolling += mass * dist[j]
        c += 1
    return dict(sorted(result.items()))


def _scores(player: int, value: float) -> list[float]:
    """Both players' chances from ``player``'s (no draws in Powerhouses)."""
    return [value, 1.0 - value] if player == 0 else [1.0 - value, value]


__all__ = ["ABILITY_NAMES", "continued_distribution", "option_values", "position_value", "review_plan"]
