"""Matches in progress: the names other modules have always imported from here.

The work is split by job: ``setup`` (what a request may ask for), ``grants`` (seat tokens),
``livematch`` (a match in memory), ``service`` (every change to a match), ``computer``,
``scheduler`` and ``thinkers`` (the computer's moves, bounded), ``repository`` (storage).
"""

from __future__ import annotations

from turnbuckle.web.grants import PEOPLE, token_hash
from turnbuckle.web.livematch import LiveMatch, chance_rng_at
from turnbuckle.web.service import KEEP_IN_MEMORY, Created, MatchService
from turnbuckle.web.setup import MATCH_ID, MAX_DELAY, SEAT_KINDS, WEB_FORBIDDEN_PARAMS, build_game, parse_seat

__all__ = [
    "KEEP_IN_MEMORY",
    "MATCH_ID",
    "MAX_DELAY",
    "PEOPLE",
    "SEAT_KINDS",
    "WEB_FORBIDDEN_PARAMS",
    "Created",
    "LiveMatch",
    "MatchService",
    "build_game",
    "chance_rng_at",
    "parse_seat",
    "token_hash",
]
