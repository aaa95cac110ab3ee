"""The ruleset-agnostic engine core."""

from turnbuckle.engine.actions import Action, ActionTable
from turnbuckle.engine.errors import (
    DataFileError,
    IllegalActionError,
    ParamError,
    ReplayError,
    TurnbuckleError,
    UnknownGameError,
)
from turnbuckle.engine.events import Event
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, GameOption, State
from turnbuckle.engine.registry import game_class, list_games, load_game, register_game

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionTable",
    "DataFileError",
    "Event",
    "Game",
    "GameOption",
    "IllegalActionError",
    "ParamError",
    "ReplayError",
    "State",
    "TurnbuckleError",
    "UnknownGameError",
    "game_class",
    "list_games",
    "load_game",
    "register_game",
]
