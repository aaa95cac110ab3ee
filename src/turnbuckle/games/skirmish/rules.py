"""The ring skirmish game (``skirmish``): the ruleset's public names in one place.

``game.py`` holds the Game (options, data, the fixed action table); ``state.py`` the match state,
plain data whose rules are functions in one module per rule family (``rounds.py`` .. ``decisions.py``),
run through the step table in ``steps.py``. This module is
for callers outside the package (the registry, tests, benchmarks): the package's own modules
import a name from where it is defined, so nothing below imports this one back.
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
    FLAUNT_EFFECTS,
    MAX_AP,
    MOVE_ROLL,
    OVER,
    PHASE_NAMES,
    PIN_COUNT,
    PLACE,
    PUSH,
    PUSH_MAX,
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
    MATCH_TYPES,
    PACKAGE,
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
