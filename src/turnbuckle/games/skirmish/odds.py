"""Exact odds of the ring skirmish dice: hits with exploding sixes, contests, SDV, pins, Flaunt.

One die scores 0 hits with probability 2/3 and k >= 1 hits with probability (5/3) * 6**-k (a 5
or a 6 is a hit; a 6 adds a die that can hit and explode again). Its generating function is
``(4 + z) / (6 - z)``; n dice are its n-th power. The series is cut at ``TAIL`` hits, where the
remaining mass is below 1e-40, so every figure is exact to double precision.
"""

from __future__ import annotations

from functools import lru_cache

TAIL = 60


@lru_cache(maxsize=256)
def hits_distribution(dice: int) -> tuple[float, ...]:
    """P(total hits = k) for k = 0..TAIL, rolling ``dice`` dice (0 dice: always 0 hits)."""
    one = [2 / 3] + [(5 / 3) * 6.0**-k for k in range(1, TAIL + 1)]
    dist = [1.0] + [0.0] * TAIL
    for _ in range(max(0, dice)):
        new = [0.0] * (TAIL + 1)
        for i, p in enumerate(dist):
            if p:
                for k in range(TAIL + 1 - i):
                    new[i + k] += p * one[k]
        dist = new
    return tuple(dist)


@lru_cache(maxsize=4096)
def contest(attacker: int, defender: int) -> tuple[float, float, float]:
    """(P attacker scores more hits, P equal, P defender scores more) for these pools."""
    a = hits_distribution(attacker)
    d = hits_distribution(defender)
    win = tie = 0.0
    below = 0.0
    for k in range(TAIL + 1):
        win += a[k] * below
        tie += a[k] * d[k]
        below += d[k]
    return (win, tie, max(0.0, 1.0 - win - tie))


def sdv_distribution(attacker: int, defender: int) -> dict[int, float]:
    """P(SDV = s) for s >= 1 (the successful outcomes; they sum to the success probability)."""
    a = hits_distribution(attacker)
    d = hits_distribution(defender)
    out: dict[int, float] = {}
    for i in range(TAIL + 1):
        for j in range(i):
            p = a[i] * d[j]
            if p > 1e-15:
                out[i - j] = out.get(i - j, 0.0) + p
    return dict(sorted(out.items()))


def pin_probability(attacker: int, end: int) -> float:
    """A three-count without boosts: three won roll-offs in a row against END dice."""
    return contest(attacker, end)[0] ** 3


def flaunt_distribution(show: int) -> dict[int, float]:
    """Flaunt effects (hits capped at 3)."""
    h = hits_distribution(show)
    return {0: h[0], 1: h[1], 2: h[2], 3: max(0.0, 1.0 - h[0] - h[1] - h[2])}


def odds_table(attacker: int, defender: int, boost: bool = False) -> dict[str, object]:
    """Everything the ``odds skirmish`` command prints for one match-up."""
    a = attacker + (1 if boost else 0)
    win, tie, lose = contest(a, defender)
    sdv = sdv_distribution(a, defender)
    mean = sum(s * p for s, p in sdv.items()) / win if win else 0.0
    hits = hits_distribution(a)
    return {
        "attacker_dice": a, "defender_dice": defender, "boosted": boost,
        "success": win, "tie": tie, "blocked": lose, "mean_sdv_given_success": mean,
        "sdv": {s: p for s, p in sdv.items() if p >= 1e-7},
        "attacker_hits": {k: p for k, p in enumerate(hits) if p >= 1e-7},
        "three_count": win**3,
    }
