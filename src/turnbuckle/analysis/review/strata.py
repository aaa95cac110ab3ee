"""An option's immediate roll solved exactly, only what follows it sampled (a stratified estimate).

Where a ruleset lists the roll an option leads to straight away (``ReviewPlan.roll``: each
distinct position it can end in, with its exact chance), the option's value is
``sum(p_k * v_k)`` over those positions: a finished match's ``v_k`` is its result, exact; an
unfinished one's is the mean of playouts from it. The playouts are shared out over the unfinished
positions in proportion to their chances (the one furthest behind its share plays next), so
none of the roll's luck is left in the sample: the error is only what follows the roll, and when
nothing follows it (every position finished) the value is exact. The standard error is the
stratified one, ``sqrt(sum(p_k**2 * s_k**2 / n_k))``, each ``s_k`` with the same small-sample
guard as whole-match results (``values.result_stderr``: one won and one lost playout added; none
where playouts stop at a leaf estimate, as for unsolved options), and
a position not yet played counts as an unknown ``1/2 ± 1/2``.

Paired comparisons (``compare.paired_gap``) need one number per world: ``per_world`` gives each
world ``value + c_k * (x - m_k)`` (its playout's deviation from its position's mean, scaled so
that those numbers' mean is the stratified value and their standard error the stratified one).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from turnbuckle.analysis.review.values import small_sample_factor

UNKNOWN = 0.5
"""A position no playout has reached yet stands in at an even chance, with an error of one half
(the most a value in [0, 1] can be off by)."""


@dataclass
class Stratum:
    """One position the roll can end in: its chance, and its exact scores or its playouts'."""

    chance: float
    exact: tuple[float, ...] | None
    """Every player's score when the roll ends the match (no playouts then)."""
    mover: list[float] = field(default_factory=list)
    """The deciding player's score in each playout from here."""
    scores: list[list[float]] = field(default_factory=list)
    """Every player's scores in each playout from here."""

    @property
    def count(self) -> int:
        return len(self.mover)

    def mean(self) -> float:
        return sum(self.mover) / len(self.mover) if self.mover else UNKNOWN

    def variance_of_mean(self, guarded: bool = True) -> float:
        """The squared error of this position's mean, ``guarded`` for match results (see the
        module note); unguarded, a single playout says nothing of the spread (an unknown one)."""
        n = len(self.mover)
        if n == 0 or (n == 1 and not guarded):
            return UNKNOWN ** 2
        if not guarded:
            mean = sum(self.mover) / n
            return max(0.0, sum((x - mean) ** 2 for x in self.mover) / (n - 1)) / n
        m = n + 2
        mean = (sum(self.mover) + 1.0) / m
        variance = max(0.0, (sum(x * x for x in self.mover) + 1.0 - m * mean * mean) / (m - 1))
        return variance / n


@dataclass
class StratifiedOption:
    """One option's roll and the playouts behind it (see the module note)."""

    player: int
    n_players: int
    strata: list[Stratum]
    guarded: bool = True
    """Playouts score whole matches (guard their spread); ``False`` where they end at a leaf estimate."""
    picked: list[int] = field(default_factory=list)
    """Per world, in order, the position played in it (-1: none, every position is finished)."""

    @classmethod
    def of(cls, player: int, n_players: int, outcomes: Sequence[tuple[float, tuple[float, ...] | None]],
           guarded: bool = True) -> StratifiedOption:
        """From the roll's positions: each one's chance and, where the match is over, its scores."""
        total = sum(p for p, _ in outcomes)
        strata = [Stratum(p / total, exact) for p, exact in outcomes]
        return cls(player, n_players, strata, guarded)

    @property
    def open(self) -> list[int]:
        """The positions that need playouts (the match goes on there)."""
        return [k for k, s in enumerate(self.strata) if s.exact is None]

    def next_position(self) -> int:
        """The position the next world plays (-1 when none needs one): the open one furthest
        behind its share of the playouts (the likeliest first)."""
        open_ = self.open
        if not open_:
            return -1
        mass = sum(self.strata[k].chance for k in open_)
        n = sum(self.strata[k].count for k in open_) + 1
        return max(open_, key=lambda k: (n * self.strata[k].chance / mass - self.strata[k].count, -k))

    def record(self, position: int, scores: Sequence[float] | None) -> None:
        """One world: the playout from ``position`` scored ``scores`` (``-1, None``: no playout)."""
        self.picked.append(position)
        if position < 0 or scores is None:
            return
        stratum = self.strata[position]
        stratum.mover.append(scores[self.player])
        stratum.scores.append(list(scores))

    def only(self, worlds: range | slice) -> StratifiedOption:
        """The same roll with only the playouts of the worlds ``worlds`` picks (by index)."""
        kept = set(range(self.worlds)[worlds] if isinstance(worlds, slice) else worlds)
        out = StratifiedOption(self.player, self.n_players,
                               [Stratum(s.chance, s.exact) for s in self.strata], self.guarded)
        seen = [0] * len(self.strata)
        for w, k in enumerate(self.picked):
            scores: list[float] | None = None
            if k >= 0:
                stratum = self.strata[k]
                scores = stratum.scores[seen[k]]
                seen[k] += 1
            if w in kept:
                out.record(k, scores)
        return out

    @property
    def worlds(self) -> int:
        return len(self.picked)

    def value(self) -> float:
        """The mover's stratified expected score."""
        return sum(s.chance * (s.exact[self.player] if s.exact is not None else s.mean()) for s in self.strata)

    def stderr(self) -> float:
        """Its standard error (0 when every position is finished), widened for the worlds it rests
        on like any stated error (``values.small_sample_factor``)."""
        open_ = [s for s in self.strata if s.exact is None]
        spread = math.sqrt(sum(s.chance ** 2 * s.variance_of_mean(self.guarded) for s in open_))
        return spread * small_sample_factor(max(2, self.worlds)) if spread else 0.0

    def scores(self) -> tuple[float, ...]:
        """Every player's stratified expected score."""
        out = [0.0] * self.n_players
        for s in self.strata:
            for p in range(self.n_players):
                if s.exact is not None:
                    out[p] += s.chance * s.exact[p]
                elif s.count:
                    out[p] += s.chance * sum(row[p] for row in s.scores) / s.count
                else:
                    out[p] += s.chance * UNKNOWN
        return tuple(out)

    def per_world(self) -> list[float]:
        """One number per world for paired comparisons (see the module note)."""
        value = self.value()
        n = self.worlds
        seen = [0] * len(self.strata)
        out: list[float] = []
        for k in self.picked:
            if k < 0:
                out.append(value)
                continue
            stratum = self.strata[k]
            x = stratum.mover[seen[k]]
            seen[k] += 1
            n_k = stratum.count
            if n_k < 2 or n < 2:
                out.append(value)
                continue
            scale = stratum.chance * n / n_k * math.sqrt(n_k / (n_k - 1) * (n - 1) / n)
            out.append(value + scale * (x - stratum.mean()))
        return out
