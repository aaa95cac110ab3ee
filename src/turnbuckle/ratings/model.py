"""A player's rating in one game: openskill's Plackett-Luce model, the one the league uses.

Why openskill rather than Glicko-2: our matches have 2 to 8 sides (battle royals, four-ways,
RUMBLESLAM's 3-4 teams), tag teams and draws, which Plackett-Luce rates in one update; Glicko-2
only knows two players. A rating is a belief about skill: ``mu`` (the estimate) and ``sigma``
(its uncertainty), both on openskill's scale (a new player is 25 +- 25/3).

People see :func:`display`, ``mu`` on an Elo-like scale (a new player is 1500, and 400 points
between two established players are 10:1 odds in a head-to-head); while ``sigma`` is above
:data:`PROVISIONAL_SIGMA` the number is provisional and shown with a ``?``.

A computer opponent's rating is *fixed* (published by the calibration run in
``benchmarks/calibrate_computer_ratings.py``): an update leaves it as it is and moves only the
people it played, so beating the expert means the same thing every time.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from openskill.models import PlackettLuce

MODEL: Final = PlackettLuce()
"""openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (the league's model too)."""

DEFAULT_MU: Final = float(MODEL.mu)
DEFAULT_SIGMA: Final = float(MODEL.sigma)

PROVISIONAL_SIGMA: Final = 5.0
"""A rating whose ``sigma`` is above this is provisional (shown with ``?``, left off leaderboards).
5.0 is about 150 display points, near lichess's 110-RD line in Glicko terms; a new player passes
it after about ten matches against established opponents (fewer in multi-side matches)."""

DISPLAY_BASE: Final = 1500
"""What a new player's rating (``mu`` 25) shows as."""
DISPLAY_SCALE: Final = 400.0 / (math.log(10.0) * math.sqrt(2.0) * float(MODEL.beta))
"""Display points per unit of ``mu`` (about 29.5): openskill's head-to-head odds between two
established players are ``exp(diff / (sqrt 2 * beta))``, so with this scale 400 points are
10:1, as in Elo."""


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's (or computer's) rating in one game."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    fixed: bool = False
    """A computer opponent's published rating: :func:`update` never changes it."""

    def __post_init__(self) -> None:
        if not (math.isfinite(self.mu) and math.isfinite(self.sigma)) or self.sigma < 0:
            raise ValueError(f"a rating needs a finite mu and a finite sigma >= 0, not ({self.mu}, {self.sigma})")


DEFAULT: Final = Rating()
"""A player's rating before their first rated match."""


def ordinal(mu: float, sigma: float) -> float:
    """openskill's ordinal, ``mu - 3 sigma``: a conservative rating, at least this with ~99.9%
    belief. The league ranks by it; leaderboards here break ties with it."""
    return mu - 3.0 * sigma


def update(sides: Sequence[Sequence[Rating]], ranks: Sequence[int | float]) -> list[list[Rating]]:
    """The ratings after a finished match, in the shape given.

    ``sides``: each side's players' ratings (a singles match is ``[[a], [b]]``, a tag match
    ``[[a, b], [c, d]]``, a four-way ``[[a], [b], [c], [d]]``); ``ranks``: each side's place,
    lower is better, equal for a draw (:func:`turnbuckle.ratings.ranks.ranks_from_result`).
    Fixed ratings (computers) come back unchanged; everyone else is rated against them as they are.
    """
    if len(sides) < 2:
        raise ValueError(f"a rated match needs at least 2 sides, not {len(sides)}")
    if len(ranks) != len(sides):
        raise ValueError(f"{len(ranks)} ranks for {len(sides)} sides")
    if any(not side for side in sides):
        raise ValueError("every side needs at least one player")
    if any(not math.isfinite(r) for r in ranks):
        raise ValueError("ranks must be finite numbers")
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in side] for side in sides]
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [
        [_moved(old, new.mu, new.sigma) for old, new in zip(side, out, strict=True)]
        for side, out in zip(sides, rated, strict=True)
    ]


def _moved(old: Rating, mu: float, sigma: float) -> Rating:
    """``old`` with the update applied, unless it is fixed."""
    return old if old.fixed else replace(old, mu=float(mu), sigma=float(sigma))


def is_provisional(rating: Rating) -> bool:
    """Too uncertain to rank or to show without a ``?`` (``sigma`` above :data:`PROVISIONAL_SIGMA`)."""
    return rating.sigma > PROVISIONAL_SIGMA


def display(rating: Rating) -> int:
    """The number people see: ``mu`` on the Elo-like scale (new player 1500)."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (rating.mu - DEFAULT_MU))


def display_text(rating: Rating) -> str:
    """``"1523"``, or ``"1523?"`` while provisional."""
    return f"{display(rating)}{'?' if is_provisional(rating) else ''}"


def mu_of_display(points: float) -> float:
    """The ``mu`` that :func:`display` shows as ``points`` (the calibration anchors by it)."""
    return DEFAULT_MU + (points - DISPLAY_BASE) / DISPLAY_SCALE


def win_probability(a: Rating, b: Rating) -> float:
    """The chance that ``a`` beats ``b`` head to head as the updates assume it (Plackett-Luce's
    logistic on ``c = sqrt(sigma_a^2 + sigma_b^2 + 2 beta^2)``; openskill's ``predict_win`` uses
    a normal curve instead, a little off the model its updates follow)."""
    c = math.sqrt(a.sigma**2 + b.sigma**2 + 2.0 * float(MODEL.beta) ** 2)
    return 1.0 / (1.0 + math.exp(-(a.mu - b.mu) / c))


__all__ = [
    "DEFAULT",
    "DEFAULT_MU",
    "DEFAULT_SIGMA",
    "DISPLAY_BASE",
    "DISPLAY_SCALE",
    "MODEL",
    "PROVISIONAL_SIGMA",
    "Rating",
    "display",
    "display_text",
    "is_provisional",
    "mu_of_display",
    "ordinal",
    "update",
    "win_probability",
]
