"""Stated errors widened for small samples (``values.small_sample_factor``): "2 errors" must mean
the same at 16 playouts as at 16,000, for values and for paired gaps."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from turnbuckle.analysis.review.compare import paired_gap
from turnbuckle.analysis.review.values import COVER, mean_and_stderr, small_sample_factor, t_beyond

NORMAL_BEYOND_2 = 0.0455


@settings(deadline=None)
@given(st.integers(min_value=2, max_value=5000))
def test_two_widened_errors_cover_what_two_normal_errors_do(n: int) -> None:
    assert t_beyond(COVER * small_sample_factor(n), n - 1) == pytest.approx(NORMAL_BEYOND_2, abs=2e-4)


@given(st.integers(min_value=2, max_value=4000))
def test_the_factor_shrinks_towards_one_as_samples_grow(n: int) -> None:
    assert small_sample_factor(n) > small_sample_factor(n + 1) > 1.0
    assert small_sample_factor(n) < 1.0 + 3.0 / (n - 1) ** 0.9 + (6.0 if n == 2 else 0.0)


def test_no_spread_can_be_measured_on_one_sample() -> None:
    assert small_sample_factor(1) == math.inf
    assert mean_and_stderr(0.7, 0.49, 1) == (0.7, math.inf)


def _share_beyond(n: int, trials: int, stated: bool) -> float:
    """How often a seeded normal sample of ``n``'s mean lies more than 2 errors from the truth."""
    rng = random.Random(20261129 + n)
    beyond = 0
    for _ in range(trials):
        xs = [rng.gauss(0.5, 0.2) for _ in range(n)]
        mean, se = mean_and_stderr(sum(xs), sum(x * x for x in xs), n)
        if not stated:
            se /= small_sample_factor(n)
        beyond += abs(mean - 0.5) > 2 * se
    return beyond / trials


def test_sixteen_playouts_are_as_honest_as_the_normal_curve() -> None:
    """At 16 playouts the sample error alone leaves 6.4% of means beyond 2 errors (Student's t,
    15 degrees of freedom); the stated, widened one 4.6%. 20,000 seeded trials: the share's own
    error is 0.15 points, so the two are told apart by over ten of them."""
    assert _share_beyond(16, 20_000, stated=True) == pytest.approx(NORMAL_BEYOND_2, abs=0.006)
    assert _share_beyond(16, 20_000, stated=False) == pytest.approx(0.064, abs=0.006)


def test_a_paired_gap_is_widened_like_a_value() -> None:
    best = [1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0]
    other = [0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0]
    diffs = [a - b for a, b in zip(best, other, strict=True)]
    mean = sum(diffs) / len(diffs)
    sample = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
    gap = paired_gap(best, other)
    assert gap.value == pytest.approx(mean)
    assert gap.stderr == pytest.approx(sample * small_sample_factor(8))
