"""WRASSLIN' (Avalon Hill, 1990): the card game of the Weird Wrasslin' Foundation on the turnbuckle core."""

from turnbuckle.games.wrasslin.rules import WrasslinGame
from turnbuckle.games.wrasslin.state import WrasslinState

__all__ = ["WrasslinGame", "WrasslinState"]
