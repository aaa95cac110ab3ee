"""League mistakes a user can make; the CLI prints them as ``error: ...`` and exits with 2."""

from __future__ import annotations

from turnbuckle.engine.errors import TurnbuckleError


class LeagueError(TurnbuckleError):
    """Base class of the league's user errors."""


class UnknownLeagueError(LeagueError):
    """No league by that name (or several leagues and none named)."""


class UnknownWrestlerError(LeagueError):
    """A wrestler not signed to the league (or not on the roster, when signing)."""


class BookingError(LeagueError):
    """A card that cannot be booked: double-booked wrestler, bad sides, ineligible title match."""


class ReplayMismatchError(LeagueError):
    """A stored match that no longer reproduces."""
