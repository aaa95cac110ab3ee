"""The ring skirmish game (``skirmish``): the ruleset's public names in one place.

``game.py`` holds the Game (options, data, the fixed action table); ``state.py`` the state machine,
composed of rule-family layers (``core.py`` .. ``decisions.py``; see ``state.py``).
"""

from __future__ import annotations

from turnbuckle.games.skirmish.core import (
    BID,
    BID_ORDER,
    BOOST,
    CHANCE_PHASES,
    CORNER,
    COUNTER,
    DEST,
    FACE,
    FIRST_GAIN,
    FLAUNT_CAP,
    FLAUNT_EFFECT,
    MOVE_ROLL,
    OVER,
    PHASE_NAMES,
    PIN_COUNT,
    PLACE,
    PUSH,
    ROLL,
    ROPE_END,
    ROUND_GAIN,
    ROUTE,
    SETUP_ORDER,
    STARTER,
    TURN,
    WHIP_ROLL,
    Model,
)
from turnbuckle.games.skirmish.dice import BATCHES, MAX_DICE, TOTALS
from turnbuckle.games.skirmish.game import (
    FLAUNT_EFFECTS,
    MATCH_TYPES,
    MAX_AP,
    PACKAGE,
    PUSH_MAX,
    SkirmishGame,
    load_chart,
    load_roster,
)
from turnbuckle.games.skirmish.state import SkirmishState

__all__ = [
    "BATCHES", "BID", "BID_ORDER", "BOOST", "CHANCE_PHASES", "CORNER", "COUNTER", "DEST", "FACE", "FIRST_GAIN",
    "FLAUNT_CAP", "FLAUNT_EFFECT", "FLAUNT_EFFECTS", "MATCH_TYPES", "MAX_AP", "MAX_DICE", "MOVE_ROLL", "OVER",
    "PACKAGE", "PHASE_NAMES", "PIN_COUNT", "PLACE", "PUSH", "PUSH_MAX", "ROLL", "ROPE_END", "ROUND_GAIN", "ROUTE",
    "SETUP_ORDER", "STARTER", "TOTALS", "TURN", "WHIP_ROLL", "Model", "SkirmishGame", "SkirmishState", "load_chart",
    "load_roster"]
