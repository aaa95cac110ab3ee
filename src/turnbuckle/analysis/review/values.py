"""What a decision is worth: scores, option values and the budget that buys sampled ones.

A *score* is a player's share of the result, read from the game's returns: 1 when his side alone
holds the best return (a win), ``1/k`` when ``k`` sides share it (a draw between two sides is 1/2
each, a battle royal with no winner ``1/n``), 0 below it. Expected scores are the "win
probability" a review shows: a draw counts as half a win between two sides.
"""

from __future__ import annotations

import functools
import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import Game
from turnbuckle.engine.result import Side

MAX_PLAYOUTS = 100_000
DROP_Z = 3.0
"""Paired standard errors behind the leader at which the race stops sampling an option."""
CLEAR_Z = 3.5
"""Paired standard errors behind which every other option must lie for a lead to be *clear*.
Stricter than ``DROP_Z``: at 3.0 the other seed turned a clear lead around on 8 of 140 RUMBLESLAM
decisions and 8 of 73 skirmish ones (the race looks many times and picks the best of several noisy
options, so a 3-error lead is less sure than one fixed test says); at 3.5, confirmed on fresh seeds,
see docs/review.md "Figures at the fifth sitting"."""
CLEAR_SAMPLES = 16
"""Shared playouts a lead must rest on to be *clear*: the race's first look (the 16 even worlds of
32). On fewer, a time-capped decision's 6 worlds say too little of the spread itself: Filsinger's
tournament standard, its review held to one core's budget, called 3-error leads on 6 to 15
worlds that the other seed turned around on 48 of 116 decisions."""
CLEAR = 0.03
"""A real gap of three points or more makes the best *clearly* best; less, *slightly* better."""
MAX_SECONDS = 600.0
COVER = 2.0
"""Stated errors are widened so that ``COVER`` of them cover what ``COVER`` standard errors of a
known spread would (about 95.4% of the time; see ``small_sample_factor``)."""


def outcome_scores(sides: Sequence[Side], returns: Sequence[float]) -> list[float]:
    """Each player's share of a finished match (see the module note)."""
    best = max(returns)
    top = [s for s in sides if any(returns[p] == best for p in s.players)]
    share = 1.0 / max(1, len(top))
    return [share if r == best else 0.0 for r in returns]


def clamp01(value: float) -> float:
    """A probability that float sums nudged a hair outside [0, 1], put back."""
    return min(1.0, max(0.0, value))


def final_scores(game: Game, returns: Sequence[float]) -> list[float]:
    return outcome_scores(game.sides(), returns)


def sure_lead(gap: float, stderr: float | None, samples: int | None, *, z: float = CLEAR_Z) -> bool:
    """A lead sure enough to be *clear*: exact, or more than ``z`` paired errors measured
    on at least ``CLEAR_SAMPLES`` shared playouts (``samples`` ``None``: not counted). The words
    ("clearly best") and ``DecisionValues.clear`` both ask this, so they cannot drift apart."""
    if stderr is None:
        return True
    return gap > z * stderr and (samples is None or samples >= CLEAR_SAMPLES)


@dataclass(frozen=True, slots=True)
class OptionValue:
    """One option at a decision: the mover's expected score after it, and everyone's."""

    action: str
    value: float
    """The deciding player's expected score (his side's share of the win)."""
    scores: tuple[float, ...]
    """Every player's expected score, by seat."""
    stderr: float | None = None
    """Standard error of ``value`` when sampled; ``None`` when exact."""
    samples: int = 0
    """Playouts behind ``value`` (0: exact)."""
    gap: float = 0.0
    """How far behind the best option (``compare``: paired over shared playouts when sampled)."""
    gap_stderr: float | None = None
    """The paired standard error of ``gap`` (``None`` when exact or for the best itself)."""
    as_good: bool = True
    """Within noise of the best (``compare.Gap.separated`` is false): one group with it."""
    words: str = ""
    """Where it stands, in words: "clearly best", "slightly better", "as good as the best"..."""

    def to_dict(self) -> dict[str, object]:
        return {"choice": self.action, "value": self.value, "stderr": self.stderr, "samples": self.samples,
                "gap": self.gap, "gap_stderr": _finite(self.gap_stderr), "as_good": self.as_good,
                "words": self.words}


@dataclass(frozen=True, slots=True)
class DecisionValues:
    """Every valued option of one decision, best first for the player deciding."""

    player: int
    options: tuple[OptionValue, ...]
    exact: bool
    method: str
    stopped: str = ""
    """Why sampling stopped, in words ("clear best", "within tolerance", "time cap" ...); "" when exact."""
    seconds: float = 0.0
    """Time spent valuing it."""

    @property
    def best(self) -> OptionValue:
        return self.options[0]

    @property
    def clear(self) -> bool:
        """The best stands alone, surely and by enough to matter: every other option is out of its
        group, at least ``CLEAR`` behind and by more than ``CLEAR_Z`` paired standard errors
        measured on at least ``CLEAR_SAMPLES`` shared playouts (a
        2-error lead, found among several options after many looks, is too often another seed's
        second best). Exactly when the words say "clearly best": a sure lead of a point or two is
        "slightly better", and another seed's sample too often turns such a lead around."""
        if len(self.options) < 2:
            return False
        best = self.best
        return all(not o.as_good and o.gap >= CLEAR and sure_lead(o.gap, o.gap_stderr, min(best.samples, o.samples))
                   for o in self.options[1:])

    @property
    def group(self) -> tuple[OptionValue, ...]:
        """The best and the options as good as it."""
        return tuple(o for i, o in enumerate(self.options) if i == 0 or o.as_good)

    def option(self, action: str) -> OptionValue | None:
        return next((o for o in self.options if o.action == action), None)


def _finite(value: float | None) -> float | None:
    return value if value is None or math.isfinite(value) else None


@dataclass(frozen=True, slots=True)
class Budget:
    """How much sampling each decision gets: playouts per option, seconds per decision, or both
    (then whichever comes first). ``adaptive``: stop early once the options are told apart
    (``compare.settled``) and spend the playouts on the options still in contention (racing);
    else every option gets exactly ``playouts`` (or as many as ``seconds`` allow)."""

    playouts: int | None = None
    seconds: float | None = None
    adaptive: bool = False
    cpu: bool = False
    """``seconds`` are this process's CPU seconds, not the clock's: a review's per-match budget
    then buys the same playouts on a busy machine as on an idle one (only slower)."""

    def __post_init__(self) -> None:
        if self.playouts is None and self.seconds is None:
            raise ValueError("a budget needs playouts or seconds")

    @classmethod
    def parse(cls, text: str) -> Budget:
        """``64`` (playouts per option) or ``2s`` / ``1.5s`` (seconds per decision)."""
        raw = text.strip().lower()
        if re.fullmatch(r"[0-9]{1,7}", raw):
            count = int(raw)
            if not 2 <= count <= MAX_PLAYOUTS:
                raise ParamError(f"budget {text!r}: playouts per option must be from 2 to {MAX_PLAYOUTS:,}")
            return cls(playouts=count)
        match = re.fullmatch(r"([0-9]{1,4}(?:\.[0-9]{1,3})?)\s*s", raw)
        if match:
            seconds = float(match.group(1))
            if not 0.01 <= seconds <= MAX_SECONDS:
                raise ParamError(f"budget {text!r}: seconds per decision must be from 0.01 to {MAX_SECONDS:g}")
            return cls(seconds=seconds, adaptive=True)
        raise ParamError(f"budget {text!r:.40}: give playouts per option (64) or seconds per decision (2s)")

    def describe(self) -> str:
        parts = []
        if self.playouts is not None:
            parts.append(f"{'up to ' if self.adaptive else ''}{self.playouts} playouts per option")
        if self.seconds is not None:
            unit = "CPU s" if self.cpu else "s"
            parts.append(f"{'at most ' if self.playouts is not None else ''}{self.seconds:g} {unit} per decision")
        text = ", ".join(parts)
        return f"{text}, until the best is told apart" if self.adaptive else text

    def clock(self) -> Callable[[], float]:
        """What ``seconds`` are counted on."""
        return time.process_time if self.cpu else time.perf_counter

    def to_dict(self) -> dict[str, float | int | bool | None]:
        return {"playouts": self.playouts, "seconds": self.seconds, "adaptive": self.adaptive, "cpu": self.cpu}


@functools.lru_cache(maxsize=8192)
def small_sample_factor(n: int) -> float:
    """How much wider than ``s / sqrt(n)`` an error is stated when the spread ``s`` is itself
    measured on ``n`` samples: Student's t quantile with ``n - 1`` degrees of freedom over the
    normal one, at the chance ``COVER`` normal errors cover. Then "more than 2 stated errors
    apart" happens to honest estimates about as often (4.6%) at 16 playouts as at 16,000, the
    race and "clearly best" ask a first look on 16 worlds for the lead a later look needs, and the
    factor tends to 1 as ``n`` grows (1.10 at 16, 1.04 at 32, 1.01 at 128)."""
    if n < 2:
        return math.inf
    from scipy.special import ndtr, stdtrit  # scipy.special only, and only when first sampled

    return float(stdtrit(n - 1, ndtr(COVER))) / COVER


def t_beyond(t: float, dof: float) -> float:
    """``P(|T| > t)`` for Student's t with ``dof`` degrees of freedom."""
    from scipy.special import stdtr

    return float(2.0 * stdtr(dof, -abs(t)))


def mean_and_stderr(total: float, squares: float, n: int) -> tuple[float, float]:
    """Sample mean and its standard error from the running sums (widened for a small sample:
    ``small_sample_factor``)."""
    mean = total / n
    if n < 2:
        return mean, math.inf
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    return mean, math.sqrt(variance / n) * small_sample_factor(n)


def result_stderr(total: float, squares: float, n: int) -> float:
    """The standard error of a mean of match results (each in [0, 1]) with a small-sample guard:
    the spread is measured with one lost and one won match added (Laplace's rule), so sixteen
    wins in sixteen playouts do not claim an error of 0. It tends to the sample error as ``n``
    grows; the mean itself is left alone. Widened for a small sample like any stated error
    (``small_sample_factor``; one playout counts as two there)."""
    if n < 1:
        return math.inf
    m = n + 2
    mean = (total + 1.0) / m
    variance = max(0.0, (squares + 1.0 - m * mean * mean) / (m - 1))
    return math.sqrt(variance / n) * small_sample_factor(max(2, n))


def percent(value: float) -> str:
    """A probability as people read it: ``62.5%``."""
    return f"{100 * value:.1f}%"


def value_text(value: float, stderr: float | None) -> str:
    """``62.5%``, or ``62.5% ± 3.1`` (points) when sampled."""
    return percent(value) if stderr is None else f"{percent(value)} ± {100 * stderr:.1f}"
