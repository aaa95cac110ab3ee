"""Exact probabilities of the Powerhouses roll process.

The process after the first roll depends only on the matches so far ``c``, the unmatched dice
``r`` and the chance ``p`` that one die matches the pursued ability (its faces plus Fan Support).
That makes optimal stopping a small dynamic programme and attack totals an exact distribution.
icepool supplies the first-roll multiset distribution and the binomial number of hits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache

import icepool

FaceMap = tuple[int, ...]
"""Ability index per face 0..6 (index 0 unused, -1 for Fan Support), as ``PowerhousesGame.face_maps``."""

TOTAL_CAP = 48
"""Totals at or above this are treated as this one: their values no longer change in practice."""


@cache
def first_roll(face_map: FaceMap, dice: int) -> tuple[tuple[float, int, tuple[int, ...]], ...]:
    """Every first-roll result as (probability, largest match, abilities tied for it).

    A largest match below 2 means the roll went bust.
    """
    abilities = sorted({a for a in face_map[1:] if a >= 0})
    merged: dict[tuple[int, tuple[int, ...]], Fraction] = {}
    pool = icepool.d6.pool(dice).expand()
    denominator = pool.denominator()
    for faces, weight in pool.items():
        sixes = faces.count(6)
        sizes = dict.fromkeys(abilities, sixes)
        for face in faces:
            if face_map[face] >= 0:
                sizes[face_map[face]] += 1
        largest = max(sizes.values())
        tied = tuple(a for a in abilities if sizes[a] == largest) if largest >= 2 else ()
        key = (largest if largest >= 2 else 0, tied)
        merged[key] = merged.get(key, Fraction(0)) + Fraction(weight, denominator)
    return tuple((float(prob), largest, tied) for (largest, tied), prob in sorted(merged.items()))


def hit_probability(face_map: FaceMap, ability: int) -> Fraction:
    """Chance one die matches ``ability``: its faces plus Fan Support."""
    return Fraction(sum(1 for a in face_map[1:] if a in (ability, -1)), 6)


@cache
def hits_distribution(dice: int, p: Fraction) -> tuple[float, ...]:
    """P(j of ``dice`` dice match), j = 0..dice, from icepool."""
    hit = icepool.Die({1: p.numerator, 0: p.denominator - p.numerator})
    counts = dice @ hit
    return tuple(float(counts.probability(j)) for j in range(dice + 1))


def after_hits(free: int, hits: int, dice: int) -> int:
    """Unmatched dice after ``hits`` more match; Over the Top leaves one aside, the rest free."""
    left = free - hits
    return left if left > 0 else dice - 1


def continuation_values(
    utility: Sequence[float], dice: int, p: Fraction
) -> tuple[list[list[float]], list[list[bool]]]:
    """Optimal stopping: ``value[c][r]`` and ``roll[c][r]`` for c matches and r unmatched dice.

    ``utility[c]`` is what stopping at total c is worth (indices past the end count as the last).
    """
    cap = len(utility) - 1
    value = [[0.0] * dice for _ in range(cap + 1)]
    roll = [[False] * dice for _ in range(cap + 1)]
    for c in range(cap, -1, -1):
        stop = utility[c]
        busted = utility[max(c - 1, 0)]
        for r in range(1, dice):
            dist = hits_distribution(r, p)
            expect = dist[0] * busted
            for j in range(1, r + 1):
                nc = c + j
                expect += dist[j] * (value[nc][after_hits(r, j, dice)] if nc <= cap else utility[cap])
            if c < cap and expect > stop + 1e-12:
                value[c][r] = expect
                roll[c][r] = True
            else:
                value[c][r] = stop
    return value, roll


def first_roll_value(
    face_map: FaceMap, dice: int, utility: Sequence[float], values: Callable[[int], list[list[float]]]
) -> float:
    """Expected utility of a whole roll process under optimal play; ``values(ability)`` gives V."""
    total = 0.0
    for prob, largest, tied in first_roll(face_map, dice):
        if largest < 2:
            total += prob * utility[0]
            continue
        c = min(largest, len(utility) - 1)
        r = after_hits(dice, largest, dice)
        total += prob * max(values(a)[c][r] for a in tied)
    return total


def defense_utility(target: int, utils: tuple[float, float, float]) -> list[float]:
    """The defender's utility of each total against attack total ``target``: below, equal, above."""
    win, tie, loss = utils
    return [loss] * target + [tie, win]


@cache
def defense_values(face_map: FaceMap, dice: int, target: int, utils: tuple[float, float, float]) -> float:
    """The defender's optimal expected utility against attack total ``target``.

    ``utils`` = (reversal, resistance, wear down) from the defender's side.
    """
    tables = defense_tables(face_map, dice, target, utils)
    return first_roll_value(face_map, dice, defense_utility(target, utils), lambda a: tables[a][0])


@cache
def attack_utility(
    defender_map: FaceMap, defender_dice: int, utils: tuple[float, float, float]
) -> tuple[float, ...]:
    """What an attack total c is worth to the attacker, for c = 0..TOTAL_CAP.

    ``utils`` = (wear down, resistance, reversal) from the attacker's side; the exchange is
    zero-sum, so the defender values them as 1 - these.
    """
    win, tie, loss = utils
    defender_utils = (1.0 - loss, 1.0 - tie, 1.0 - win)
    return tuple(1.0 - defense_values(defender_map, defender_dice, c, defender_utils) for c in range(TOTAL_CAP + 1))


@cache
def attack_tables(
    attacker_map: FaceMap, attacker_dice: int, defender_map: FaceMap, defender_dice: int,
    utils: tuple[float, float, float],
) -> dict[int, tuple[list[list[float]], list[list[bool]]]]:
    """The attacker's optimal-stopping tables per ability against this defender."""
    utility = attack_utility(defender_map, defender_dice, utils)
    return {
        a: continuation_values(utility, attacker_dice, hit_probability(attacker_map, a))
        for a in _abilities(attacker_map)
    }


@cache
def defense_tables(
    face_map: FaceMap, dice: int, target: int, utils: tuple[float, float, float]
) -> dict[int, tuple[list[list[float]], list[list[bool]]]]:
    utility = defense_utility(target, utils)
    return {a: continuation_values(utility, dice, hit_probability(face_map, a)) for a in _abilities(face_map)}


def _abilities(face_map: FaceMap) -> list[int]:
    return sorted({a for a in face_map[1:] if a >= 0})


# -- exact distribution of a roll's final total under a fixed stopping rule -------------------
StoppingRule = Callable[[int, int], bool]
"""``rule(matches, unmatched_dice) -> True`` to call it quits."""


def total_distribution(face_map: FaceMap, dice: int, stop: StoppingRule) -> dict[int, float]:
    """Exact distribution of a roll process's final total when quitting by ``stop``.

    On a first-roll tie the ability with the best hit chance is pursued. Mass that would roll past
    ``TOTAL_CAP`` is a vanishing tail; it is stopped there.
    """
    result: dict[int, float] = {}
    frontier: dict[tuple[int, int, Fraction], float] = {}
    for prob, largest, tied in first_roll(face_map, dice):
        if largest < 2:
            result[0] = result.get(0, 0.0) + prob
            continue
        p = max(hit_probability(face_map, a) for a in tied)
        key = (largest, after_hits(dice, largest, dice), p)
        frontier[key] = frontier.get(key, 0.0) + prob
    while frontier:
        c = min(k[0] for k in frontier)
        layer = {k: v for k, v in frontier.items() if k[0] == c}
        for key in layer:
            del frontier[key]
        for (c, r, p), mass in layer.items():
            if c >= TOTAL_CAP or stop(c, r):
                result[c] = result.get(c, 0.0) + mass
                continue
            dist = hits_distribution(r, p)
            busted = max(c - 1, 0)
            result[busted] = result.get(busted, 0.0) + mass * dist[0]
            for j in range(1, r + 1):
                key = (c + j, after_hits(r, j, dice), p)
                frontier[key] = frontier.get(key, 0.0) + mass * dist[j]
    return dict(sorted(result.items()))
