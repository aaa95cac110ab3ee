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


def compiled_modules() -> list[str]:
    """The modules this installation runs compiled by mypyc (empty: the pure-Python install; see
    ``turnbuckle.build``)."""
    from turnbuckle.build import compiled_modules as listed

    return listed()


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
    "compiled_modules",
    "list_games",
    "load_game",
]
