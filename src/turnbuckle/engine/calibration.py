"""A position score read as a win chance: an isotonic calibration fitted on the project's own sims.

Where a review's playout stops before the match ends (RUMBLESLAM, skirmish), the game's position
score ``x`` in [-1, 1] (a ``tanh`` of a lead) stands in for the result. Read as it is, it is no
probability. ``Calibration`` maps it to the chance that the side wins when everyone plays on like
the playout policy: for each stage of the match (how far it has gone, ``t`` in [0, 1], cut into
``len(stages)`` equal parts) a non-decreasing curve: either through knots ``(x, chance)`` found by
isotonic regression, read between the knots by straight lines (flat beyond the ends: no shape
assumed but that a higher score never means a lower chance), or a logistic ``Slope`` through an
even chance at 0 (for a weak score, where free knots would fit the noise).

The knots live in each game's ``data/calibration.json``, written by ``scripts/fit_calibration.py``
(which also measures the reliability on held-out matches: docs/review.md).
"""

from __future__ import annotations

import bisect
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

FILENAME = "calibration.json"
KIND = "by stage"
LIMIT = 0.999999
"""Scores are clipped inside (-1, 1) before ``atanh``."""


@dataclass(frozen=True)
class Curve:
    """A non-decreasing piecewise-linear map from the score to a chance."""

    xs: tuple[float, ...]
    chances: tuple[float, ...]

    def __post_init__(self) -> None:
        if not self.xs or len(self.xs) != len(self.chances):
            raise ValueError("a calibration curve needs as many chances as knots, at least one")
        if any(b < a for a, b in zip(self.xs, self.xs[1:], strict=False)):
            raise ValueError("calibration knots must be in increasing order")
        if any(b < a for a, b in zip(self.chances, self.chances[1:], strict=False)):
            raise ValueError("a calibration curve must not decrease")
        if not all(0.0 <= c <= 1.0 and math.isfinite(c) for c in self.chances):
            raise ValueError("calibration chances must lie in [0, 1]")

    def __call__(self, x: float) -> float:
        xs, cs = self.xs, self.chances
        i = bisect.bisect_right(xs, x)
        if i == 0:
            return cs[0]
        if i == len(xs):
            return cs[-1]
        x0, x1 = xs[i - 1], xs[i]
        if x1 == x0:
            return cs[i]
        return cs[i - 1] + (cs[i] - cs[i - 1]) * (x - x0) / (x1 - x0)


@dataclass(frozen=True)
class Slope:
    """A logistic curve through an even chance at 0: ``1 / (1 + exp(-slope * atanh(x)))``. Two
    numbers cannot chase noise, so a weak score (skirmish's) is calibrated this way; a strong one
    (RUMBLESLAM's) by the free ``Curve``."""

    slope: float

    def __post_init__(self) -> None:
        if not (math.isfinite(self.slope) and self.slope >= 0):
            raise ValueError("a calibration slope must be a finite number, at least 0")

    def __call__(self, x: float) -> float:
        logit = self.slope * math.atanh(min(LIMIT, max(-LIMIT, x)))
        if logit >= 0:
            return 1.0 / (1.0 + math.exp(-logit))
        e = math.exp(logit)
        return e / (1.0 + e)


@dataclass(frozen=True)
class Calibration:
    """One curve per stage of the match (see the module note) and where they came from."""

    stages: tuple[Curve | Slope, ...]
    source: str = ""

    def stage(self, t: float) -> int:
        return min(len(self.stages) - 1, max(0, int(t * len(self.stages))))

    def chance(self, x: float, t: float) -> float:
        """The win chance of a side whose position score is ``x`` when the match has gone ``t``."""
        return self.stages[self.stage(t)](x)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": KIND, "source": self.source,
                "stages": [{"slope": c.slope} if isinstance(c, Slope) else {"x": list(c.xs), "chance": list(c.chances)}
                           for c in self.stages]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Calibration:
        if data.get("kind") != KIND:
            raise ValueError(f"calibration kind {data.get('kind')!r}, expected {KIND!r}")
        stages = tuple(Slope(float(s["slope"])) if "slope" in s
                       else Curve(tuple(float(x) for x in s["x"]), tuple(float(c) for c in s["chance"]))
                       for s in data["stages"])
        if not stages:
            raise ValueError("a calibration needs at least one stage")
        return cls(stages, str(data.get("source", "")))


def isotonic(xs: Sequence[float], ys: Sequence[float], min_block: int = 1,
             weights: Sequence[float] | None = None) -> Curve:
    """The weighted least-squares non-decreasing fit of ``ys`` on ``xs`` (pool adjacent
    violators), as knots at each pooled block's mean score; blocks weighing less than
    ``min_block`` are pooled with a neighbour (a few lucky matches at the far ends do not make a
    knot)."""
    w = weights if weights is not None else [1.0] * len(xs)
    tied: dict[float, list[float]] = {}  # positions with the same score start as one block
    for x, y, k in zip(xs, ys, w, strict=True):
        entry = tied.setdefault(x, [0.0, 0.0, 0.0])
        entry[0] += y * k
        entry[1] += x * k
        entry[2] += k
    blocks: list[list[float]] = []  # [weighted sum y, weighted sum x, weight]
    for x in sorted(tied):
        blocks.append(list(tied[x]))
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][2] >= blocks[-1][0] / blocks[-1][2]:
            y, x_sum, n = blocks.pop()
            blocks[-1][0] += y
            blocks[-1][1] += x_sum
            blocks[-1][2] += n
    if not blocks:
        return Curve((0.0,), (0.5,))
    blocks = _pooled_small(blocks, min_block)
    return Curve(tuple(b[1] / b[2] for b in blocks), tuple(min(1.0, max(0.0, b[0] / b[2])) for b in blocks))


def binned_isotonic(xs: Sequence[float], ys: Sequence[float], bins: int) -> Curve:
    """``isotonic`` of the means of ``bins`` equal-count bins of the scores: each bin's mean is an
    honest estimate, where pooling single positions biases the curve's ends outwards (its
    lowest block is the smallest of many running means)."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    if not order:
        return Curve((0.0,), (0.5,))
    size = max(1, -(-len(order) // max(1, bins)))
    mx, my, mw = [], [], []
    for start in range(0, len(order), size):
        part = order[start:start + size]
        mx.append(sum(xs[i] for i in part) / len(part))
        my.append(sum(ys[i] for i in part) / len(part))
        mw.append(float(len(part)))
    return isotonic(mx, my, weights=mw)


def _pooled_small(blocks: list[list[float]], min_block: int) -> list[list[float]]:
    """Merge each block smaller than ``min_block`` into its smaller neighbour (means stay in order)."""
    while len(blocks) > 1:
        small = [i for i, b in enumerate(blocks) if b[2] < min_block]
        if not small:
            break
        i = min(small, key=lambda k: blocks[k][2])
        j = i - 1 if i == len(blocks) - 1 or (i > 0 and blocks[i - 1][2] <= blocks[i + 1][2]) else i + 1
        a, b = sorted((i, j))
        blocks[a] = [blocks[a][k] + blocks[b][k] for k in range(3)]
        del blocks[b]
    return blocks


@cache
def shipped(package: str) -> Calibration:
    """The calibration shipped in ``package``'s ``data/calibration.json``."""
    text = resources.files(package).joinpath("data").joinpath(FILENAME).read_text(encoding="utf-8")
    return Calibration.from_dict(json.loads(text))
