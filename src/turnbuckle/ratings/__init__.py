"""Ratings per player per game (openskill Plackett-Luce), the computers' published ratings and
leaderboards; pure functions and data, no web or database code (``docs/ratings.md``)."""

from turnbuckle.ratings.computer import computer_rating, load_computer_ratings
from turnbuckle.ratings.leaderboard import DEFAULT_MIN_GAMES, Ranked, Standing, leaderboard
from turnbuckle.ratings.model import (
    DEFAULT,
    PROVISIONAL_SIGMA,
    Rating,
    display,
    display_text,
    is_provisional,
    ordinal,
    update,
    win_probability,
)
from turnbuckle.ratings.ranks import ranks_from_result, ranks_from_returns
from turnbuckle.ratings.rated import rate_seats

__all__ = [
    "DEFAULT",
    "DEFAULT_MIN_GAMES",
    "PROVISIONAL_SIGMA",
    "Ranked",
    "Rating",
    "Standing",
    "computer_rating",
    "display",
    "display_text",
    "is_provisional",
    "leaderboard",
    "load_computer_ratings",
    "ordinal",
    "ranks_from_result",
    "ranks_from_returns",
    "rate_seats",
    "update",
    "win_probability",
]
