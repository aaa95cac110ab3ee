"""Exact probabilities of the Powerhouses roll process.

The process after the first roll depends only on the matches so far ``c``, the unmatched dice
``r`` and the chance ``p`` that one die matches the pursued ability (its faces plus Fan Support).
That makes optimal stopping a small dynamic programme (``continuation_values``, backwards) and
the final total under given decisions an exact distribution (``roll_distribution``, forwards).

The first roll is a multinomial over how many dice land on each ability, each read by the rules'
own ``largest_match``; icepool supplies the binomial number of hits (the tests check the first
roll against icepool's enumeration of every face). The exchange-level tables (win the exchange;
``ExpertAgent(objective="exchange")``) live here too; the match-level solver is ``solver.py``,
named stopping rules are ``stopping.py`` and their distributions ``odds.py``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache

import icepool

from turnbuckle.games.powerhouses.state import FAN_SUPPORT, hit_faces, largest_match
from turnbuckle.games.powerhouses.stopping import DISTRIBUTION_LIMIT

FaceMap = tuple[int, ...]
"""Ability index per face 0..6 (index 0 unused, -1 for Fan Support), as ``PowerhousesGame.face_maps``."""

TOTAL_CAP = 48
"""Totals at or above this are treated as this one: their values no longer change in practice."""

ROLL_MARGIN = 1e-12
"""Roll only when strictly better by more than float noise, so ties resolve the same way everywhere."""

AbilityStopFn = Callable[[int, int, int], bool]
"""``stop(ability, matches, unmatched_dice) -> True`` to call it quits."""
PursueFn = Callable[[tuple[int, ...], int, int], dict[int, float]]
"""``pursue(tied_abilities, matches, unmatched) -> {ability: weight}`` on a first-roll tie."""

DISTRIBUTION_TAIL = 1e-13
"""Mass still rolling below this is the vanishing tail; it is stopped where it stands."""


# -- one die, one throw, the first roll ---------------------------------------------------------
def face_abilities(face_map: FaceMap) -> tuple[int, ...]:
    """The abilities a sheet's faces show, in id order (Fan Support not counted)."""
    return tuple(sorted({a for a in face_map[1:] if a >= 0}))


def hit_probability(face_map: FaceMap, ability: int) -> Fraction:
    """Chance one die matches ``ability``: its faces plus Fan Support."""
    return Fraction(sum(hit_faces(face_map, ability)), 6)


@cache
def hits_distribution(dice: int, p: Fraction) -> tuple[float, ...]:
    """P(j of ``dice`` dice match), j = 0..dice, from icepool."""
    hit = icepool.Die({1: p.numerator, 0: p.denominator - p.numerator})
    counts = dice @ hit
    return tuple(float(counts.probability(j)) for j in range(dice + 1))


@cache
def first_roll(face_map: FaceMap, dice: int) -> tuple[tuple[float, int, tuple[int, ...]], ...]:
    """Every first-roll result as (probability, largest match, abilities tied for it).

    A largest match below 2 means the roll went bust: it is listed as 0 with no abilities. Only
    how many dice land on each ability (and on Fan Support) matters, so this sums the multinomial
    over those counts, reading one roll of each with the rules' ``largest_match``: exact
    fractions, and a few hundred terms instead of every multiset of faces.
    """
    abilities = face_abilities(face_map)
    faces_of = {c: [f for f in range(1, 7) if face_map[f] == c] for c in (*abilities, FAN_SUPPORT)}
    merged: dict[tuple[int, tuple[int, ...]], Fraction] = {}
    for landed in itertools.combinations_with_replacement(faces_of, dice):
        ways = math.factorial(dice)
        for c, faces in faces_of.items():
            n = landed.count(c)
            ways = ways // math.factorial(n) * len(faces) ** n
        largest, tied = largest_match(face_map, abilities, [faces_of[c][0] for c in landed])
        key = (largest, tied) if largest >= 2 else (0, ())
        merged[key] = merged.get(key, Fraction(0)) + Fraction(ways, 6**dice)
    return tuple((float(prob), largest, tied) for (largest, tied), prob in sorted(merged.items()))


def after_hits(free: int, hits: int, dice: int) -> int:
    """Unmatched dice after ``hits`` more match; Over the Top leaves one aside, the rest free."""
    left = free - hits
    return left if left > 0 else dice - 1


# -- optimal stopping, backwards ----------------------------------------------------------------
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
            if c < cap and expect > stop + ROLL_MARGIN:
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


# -- the exchange on its own: win it (``ExpertAgent(objective="exchange")``) ---------------------
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
        for a in face_abilities(attacker_map)
    }


@cache
def defense_tables(
    face_map: FaceMap, dice: int, target: int, utils: tuple[float, float, float]
) -> dict[int, tuple[list[list[float]], list[list[bool]]]]:
    """The defender's optimal-stopping tables per ability against attack total ``target``."""
    utility = defense_utility(target, utils)
    return {a: continuation_values(utility, dice, hit_probability(face_map, a)) for a in face_abilities(face_map)}


# -- the final total under given decisions, forwards --------------------------------------------
def never_stop(ability: int, matches: int, unmatched: int) -> bool:
    """Roll until going bust: the Take-Down's rule."""
    return False


def uniform_pursue(tied: tuple[int, ...], matches: int, unmatched: int) -> dict[int, float]:
    """A first-roll tie settled at random, as the random agent does."""
    return {a: 1.0 / len(tied) for a in tied}


def best_ability(face_map: FaceMap, tied: tuple[int, ...] | list[int]) -> int:
    """First-roll tie under a fixed rule: the most faces (likeliest to keep matching), lowest id."""
    return max(tied, key=lambda a: (hit_probability(face_map, a), -a))


def best_pursue(face_map: FaceMap) -> PursueFn:
    """Always pursue ``best_ability``."""

    def pursue(tied: tuple[int, ...], matches: int, unmatched: int) -> dict[int, float]:
        return {best_ability(face_map, tied): 1.0}

    return pursue


def roll_distribution(
    face_map: FaceMap, dice: int, stop: AbilityStopFn, pursue: PursueFn, tail: float = DISTRIBUTION_TAIL
) -> dict[int, float]:
    """Exact distribution of a roll process's final total, layer by layer in the match count.

    States are (matches, unmatched dice, ability); the count only grows, so one sweep in
    increasing matches settles each state once. Mass still rolling once less than ``tail``
    remains is stopped where it stands.
    """
    result: dict[int, float] = {}
    layers: dict[int, dict[tuple[int, int], float]] = {}
    hit = {a: hit_probability(face_map, a) for a in face_abilities(face_map)}
    rolling = 0.0
    for prob, largest, tied in first_roll(face_map, dice):
        if largest < 2:
            result[0] = result.get(0, 0.0) + prob
            continue
        r = after_hits(dice, largest, dice)
        layer = layers.setdefault(largest, {})
        for a, weight in pursue(tied, largest, r).items():
            layer[(r, a)] = layer.get((r, a), 0.0) + prob * weight
            rolling += prob * weight
    c = min(layers, default=0)
    while layers:
        layer = layers.pop(c, {})
        cut = rolling < tail or c >= DISTRIBUTION_LIMIT
        for (r, a), mass in layer.items():
            rolling -= mass
            if cut or stop(a, c, r):
                result[c] = result.get(c, 0.0) + mass
                continue
            dist = hits_distribution(r, hit[a])
            result[c - 1] = result.get(c - 1, 0.0) + mass * dist[0]
            for j in range(1, r + 1):
                nxt = layers.setdefault(c + j, {})
                key = (after_hits(r, j, dice), a)
                nxt[key] = nxt.get(key, 0.0) + mass * dist[j]
                rolling += mass * dist[j]
        c += 1
    return dict(sorted(result.items()))
