"""Small statistics for simulation reports: win rates with Wilson 95% intervals."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval: well-behaved near 0 and 1, unlike the normal approximation."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exactly 0, not 1e-17
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class WinRate:
    label: str
    wins: float
    trials: int

    @property
    def rate(self) -> float:
        return self.wins / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.trials)
