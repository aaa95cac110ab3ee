"""Ring skirmish dice laws (SK-6.1, SK-7.4): a batch's fives and sixes, and the totals of n d6."""

from __future__ import annotations

import math
from typing import Final

import numpy as np

MAX_DICE: Final = 24
"""Largest batch of dice one chance node rolls (a pool is capped here; no roster comes close)."""


def _batch_probabilities() -> dict[int, list[tuple[int, int, float]]]:
    """For a batch of m dice: (fives, sixes, probability) with the multinomial law (SK-7.4)."""
    table: dict[int, list[tuple[int, int, float]]] = {}
    for m in range(1, MAX_DICE + 1):
        rows = []
        for a in range(m + 1):
            for b in range(m + 1 - a):
                c = m - a - b
                coef = math.factorial(m) // (math.factorial(a) * math.factorial(b) * math.factorial(c))
                rows.append((a, b, coef * (1 / 6) ** (a + b) * (4 / 6) ** c))
        table[m] = rows
    return table


def _total_probabilities() -> dict[int, list[tuple[int, float]]]:
    """For n d6: (total, probability) (move rolls, SK-6.1)."""
    table: dict[int, list[tuple[int, float]]] = {}
    dist = np.zeros(1)
    dist[0] = 1.0
    for n in range(1, MAX_DICE + 1):
        new = np.zeros(len(dist) + 6)
        for face in range(1, 7):
            new[face : face + len(dist)] += dist / 6
        dist = new
        table[n] = [(t, float(dist[t])) for t in range(n, 6 * n + 1)]
    return table


BATCHES: Final = _batch_probabilities()
TOTALS: Final = _total_probabilities()
