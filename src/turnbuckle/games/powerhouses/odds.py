"""What a roll's final total comes to under a stopping rule: exactly, and played out.

``total_distribution`` is exact (``turnbuckle odds powerhouses``); ``simulate_total_distribution``
plays the same rule through the real state machine, so the two check each other.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from turnbuckle.engine.errors import ParamError
from turnbuckle.games.powerhouses.probability import (
    AbilityStopFn,
    FaceMap,
    PursueFn,
    after_hits,
    best_pursue,
    roll_distribution,
)
from turnbuckle.games.powerhouses.solver import match_solver
from turnbuckle.games.powerhouses.state import ATTACK, AWAIT_DIE, AWAIT_PURSUE, PURSUE, ROLL, STOP, PowerhousesState
from turnbuckle.games.powerhouses.stopping import StopFn, StoppingRule

if TYPE_CHECKING:
    from turnbuckle.games.powerhouses.rules import PowerhousesGame


def _check_dice(dice: int) -> None:
    if not isinstance(dice, int) or isinstance(dice, bool) or not 1 <= dice <= 12:
        raise ParamError(f"dice must be a whole number from 1 to 12, got {dice!r}")


def rule_policy(face_map: FaceMap, dice: int, rule: StoppingRule | StopFn) -> tuple[AbilityStopFn, PursueFn]:
    """The (quit?, first-roll choice) pair a rule plays with ``dice`` dice of this sheet.

    Fixed rules pursue the ability with the most faces; the expert pursues the best-valued one.
    """
    _check_dice(dice)
    if not isinstance(rule, StoppingRule) or rule.kind != "expert":
        fixed = rule

        def stop(ability: int, matches: int, unmatched: int) -> bool:
            return fixed(matches, unmatched)

        return stop, best_pursue(face_map)
    defender = rule.threshold or dice
    if dice < 2 or defender > 12:
        raise ParamError(f"the expert rule needs 2 to 12 dice, got {dice} against {defender}")
    solver = match_solver((face_map, face_map), max(dice, defender))
    state = (dice, defender)

    def expert_stop(ability: int, matches: int, unmatched: int) -> bool:
        return not solver.attack_rolls(solver.attack_lane(0, state, ability), matches, unmatched)

    def expert_pursue(tied: tuple[int, ...], matches: int, unmatched: int) -> dict[int, float]:
        best = max(
            tied, key=lambda a: (solver.attack_value(solver.attack_lane(0, state, a), matches, unmatched), -a)
        )
        return {best: 1.0}

    return expert_stop, expert_pursue


def total_distribution(face_map: FaceMap, dice: int, stop: StoppingRule | StopFn) -> dict[int, float]:
    """Exact distribution of an attack's final total with ``dice`` dice, quitting by ``stop``.

    ``stop`` is a named ``StoppingRule`` or any ``(matches, unmatched) -> quit?`` function. Exact
    to float precision: no cap, only mass below ``DISTRIBUTION_TAIL`` is cut off.
    """
    quit_, pursue = rule_policy(face_map, dice, stop)
    return roll_distribution(face_map, dice, quit_, pursue)


def simulate_total_distribution(
    game: PowerhousesGame, player: int, dice: int, rule: StoppingRule | StopFn, n: int, seed: int
) -> dict[int, float]:
    """Frequencies of attack totals over ``n`` attacks played through the real state machine.

    Each attack starts from ``PowerhousesState.start_attack_roll`` with ``player`` attacking with
    ``dice`` dice; every die is a chance node sampled from ``random.Random(seed)`` and every
    decision is the rule's. This checks ``total_distribution`` against the rules themselves, not
    against the DP.
    """
    _check_dice(dice)
    if n < 1:
        raise ParamError(f"simulations must be at least 1, got {n}")
    face_map = game.face_maps[player]
    quit_, pursue = rule_policy(face_map, dice, rule)
    dice_counts = [game.starting_dice, game.starting_dice]
    dice_counts[player] = dice
    if isinstance(rule, StoppingRule) and rule.kind == "expert":
        dice_counts[1 - player] = rule.threshold or dice
    template = PowerhousesState(game)
    template.record_events = False
    template.start_attack_roll(player, dice_counts)
    rng = random.Random(seed)
    counts: dict[int, int] = {}
    for _ in range(n):
        state = template.clone()
        while state.phase == ATTACK:
            if state.awaiting == AWAIT_DIE:
                state.apply_action(state.sample_chance(rng))
            elif state.awaiting == AWAIT_PURSUE:
                tied = tuple(state.tied)
                weights = pursue(tied, state.count, after_hits(dice, state.count, dice))
                pick = rng.choices(list(weights), weights=list(weights.values()))[0]
                state.apply_action(PURSUE[pick])
            else:
                state.apply_action(STOP if quit_(state.ability, state.count, state.free) else ROLL)
        counts[state.attack_total] = counts.get(state.attack_total, 0) + 1
    return {total: counts[total] / n for total in sorted(counts)}
