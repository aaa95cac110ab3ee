"""turnbuckle: an engine, command line and web app for tabletop pro-wrestling games."""

from turnbuckle.engine import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    Game,
    IllegalActionError,
    State,
    TurnbuckleError,
    list_games,
    load_game,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Event",
    "Game",
    "IllegalActionError",
    "State",
    "TurnbuckleError",
    "__version__",
    "list_games",
    "load_game",
]
