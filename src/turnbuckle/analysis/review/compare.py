"""Options compared with the best one: paired differences, the "as good as the best" group, words.

Sampled options share their worlds and dice (common random numbers), so the difference between
two options is measured playout by playout: its standard error is the spread of the per-playout
differences over the square root of their number, far smaller than either value's own error when
the two options' playouts move together. An option is *as good as the best* when its gap to the
best is within ``Z`` paired standard errors or under ``EQUAL`` (nothing a player should care
about); the best is *clearly best* when every other option is out of its group by at least
``values.CLEAR`` and ``values.CLEAR_Z`` paired errors (measured on ``values.CLEAR_SAMPLES``
playouts or more), *probably best* when by ``CLEAR`` but not that surely, *slightly better*
when one is out of it by less than ``CLEAR``. Exact values have no noise: only ``EQUAL`` groups
them. Every game, the CLI hint, the review and the web use these words.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from turnbuckle.analysis.review.values import (
    CLEAR,
    CLEAR_Z,
    DecisionValues,
    OptionValue,
    small_sample_factor,
    sure_lead,
)

Z = 2.0
"""Standard errors a gap must exceed to count as real (about 95% one way or the other)."""
EQUAL = 0.005
"""A gap under half a point is no difference to a player, however sure it is."""
TOLERANCE = 0.02
"""Sampling stops when every option still in contention is surely within this of the best."""

AS_GOOD = "as good as the best"


@dataclass(frozen=True, slots=True)
class Gap:
    """How far an option lies behind the best: a paired mean difference and its standard error
    (``None`` when exact, ``inf`` with fewer than two shared playouts)."""

    value: float
    stderr: float | None
    samples: int | None = None
    """The playouts the gap was measured on (``None``: not counted, as for a verified puzzle's)."""
    clear_z: float = CLEAR_Z
    """Paired errors a lead must exceed to be *clear*: ``values.CLEAR_Z`` for one search; a
    shipped puzzle's lead, confirmed by a second search on other seeds, states its own rule."""

    @property
    def separated(self) -> bool:
        """Behind the best by more than the noise and more than ``EQUAL``."""
        if self.value < EQUAL:
            return False
        return self.stderr is None or self.value > Z * self.stderr


def paired_gap(best: Sequence[float], other: Sequence[float]) -> Gap:
    """``best - other`` over the playouts they share (the first ``min(len)``: every option is
    played in the same worlds in the same order), with the paired standard error (widened for
    a small sample: ``values.small_sample_factor``)."""
    n = min(len(best), len(other))
    if n == 0:
        return Gap(0.0, math.inf, 0)
    diffs = [best[i] - other[i] for i in range(n)]
    mean = sum(diffs) / n
    if n < 2:
        return Gap(mean, math.inf, n)
    variance = max(0.0, sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return Gap(mean, math.sqrt(variance / n) * small_sample_factor(n), n)


def exact_gap(best: float, other: float) -> Gap:
    return Gap(best - other, None)


def verdicts(gaps: Sequence[Gap]) -> list[str]:
    """The words for each option, best first (``gaps[0]`` is the best's own, zero): the best's
    verdict sums the others up; every other option says where it stands against the best."""
    if not gaps:
        return []
    others = gaps[1:]
    if not others:
        return ["the only option"]
    tied = sum(1 for g in others if not g.separated)
    if tied:
        head = f"best, as good as {tied} other{'s' if tied > 1 else ''}"
    elif min(g.value for g in others) < CLEAR:
        head = "slightly better"
    elif all(sure_lead(g.value, g.stderr, g.samples, z=g.clear_z) for g in others):
        head = "clearly best"
    else:
        head = "probably best"
    words = [head]
    for gap in others:
        if not gap.separated:
            words.append(AS_GOOD)
        elif gap.value < CLEAR:
            words.append("slightly worse")
        else:
            words.append("clearly worse")
    return words


def settled(gaps: Sequence[Gap], *, tolerance: float = TOLERANCE) -> bool:
    """Sampling can stop: every other option still in contention is either surely behind the best
    (``Z`` paired errors) or surely within ``tolerance`` of it."""
    for gap in gaps:
        if gap.stderr is None:
            continue
        if not math.isfinite(gap.stderr):
            return False
        if gap.value > Z * gap.stderr:
            continue
        if gap.value + Z * gap.stderr <= tolerance:
            continue
        return False
    return True


def graded(options: Sequence[OptionValue], gaps: Sequence[Gap]) -> tuple[OptionValue, ...]:
    """``options`` (best first) with their gaps to the best, their group and their words."""
    words = verdicts(gaps)
    return tuple(
        replace(o, gap=g.value, gap_stderr=None if i == 0 else g.stderr, as_good=i == 0 or not g.separated,
                words=w)
        for i, (o, g, w) in enumerate(zip(options, gaps, words, strict=True))
    )


def graded_exact(options: Sequence[OptionValue]) -> tuple[OptionValue, ...]:
    """Exact options (best first) graded: no noise, only ``EQUAL`` groups them."""
    if not options:
        return ()
    return graded(options, [exact_gap(options[0].value, o.value) for o in options])


def gap_text(option: OptionValue) -> str:
    """``-15.0 ± 7.1`` (points behind the best, with the paired error), ``-15.0`` when exact;
    "" for the best itself."""
    if option.gap == 0.0 and option.gap_stderr is None:
        return ""
    text = f"{-100 * option.gap:+.1f}"
    if option.gap_stderr is not None and math.isfinite(option.gap_stderr):
        text += f" ± {100 * option.gap_stderr:.1f}"
    return text


def chosen_words(values: DecisionValues, choice: str) -> str:
    """What a review says of the option chosen: the best's verdict when it was the best, else
    where it stood against the best."""
    option = values.option(choice)
    if option is None:
        return ""
    return option.words
