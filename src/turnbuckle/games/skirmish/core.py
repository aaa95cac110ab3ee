"""Ring skirmish core: the phases and their step kinds, the constants, the Model data and the small
lookups every rule family uses (names, opponents, the other bases in the ring).

Reads: models
Writes: -
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from turnbuckle.engine.actions import Action
from turnbuckle.games.skirmish import geometry as geo

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState

FIRST_GAIN: Final = 5
ROUND_GAIN: Final = 3
FLAUNT_CAP: Final = 3
ROPE_END: Final = 2
PIN_COUNT: Final = 3
MAX_AP: Final = 10
"""Pool cap (SK-3.1), held at all times (R-SK-21)."""
PUSH_MAX: Final = 60
FLAUNT_EFFECTS: Final = ("end", "pin", "gain")

# phases: what the state waits for
SETUP_ORDER, STARTER, CORNER, BID, BID_ORDER, TURN = 0, 1, 2, 3, 4, 5
MOVE_ROLL, DEST, FACE, BOOST, ROLL, COUNTER, PUSH, WHIP_ROLL, PLACE, FLAUNT_EFFECT, OVER = range(6, 17)
ROUTE: Final = 17
"""Whip: ``direct`` or ``via rope N|E|S|W`` before the destination (R-SK-11); after OVER so the
older phase numbers stay put."""
CHANCE_PHASES: Final = frozenset({SETUP_ORDER, BID_ORDER, MOVE_ROLL, ROLL, WHIP_ROLL})
PHASE_NAMES: Final = (
    "roll-off", "choose starter", "choose corner", "bid", "bid roll-off", "turn", "move roll",
    "destination", "facing", "boost", "attack roll", "counter", "push", "whip roll", "placement",
    "flaunt effect", "over", "whip route",
)


@dataclass(slots=True)
class Model:
    """One wrestler model: where it stands and what it has left (per match)."""

    wrestler: int
    """Index into the game's wrestlers."""
    player: int
    x: int = 0
    y: int = 0
    fx: int = 1
    fy: int = 0
    r: int = 8
    end: int = 1
    staggered: bool = False
    jockeyed: bool = False
    in_ring: bool = False

    @property
    def pos(self) -> geo.Point:
        return (self.x, self.y)

    @property
    def facing(self) -> geo.Point:
        return (self.fx, self.fy)


OLD_FACING_NAMES: Final = {geo.degree_label(d): point for d, point in zip(geo.FACING_DEGREES, geo.FACING_NAMES,
                                                                           strict=True)}
"""``face 90`` (the name until issue 22.14) is ``face N``."""


def id_of(by_name: Any, name: str) -> int:
    """The id of the action called ``name`` (``by_name``: the game's ``actions.by_name``)."""
    action: Action = by_name(name)
    return action.id


STEP_KINDS: Final = (
    "setup_order", "starter", "corner", "bid", "bid_order", "turn", "move_roll", "dest", "face", "boost", "roll",
    "counter", "push", "whip_roll", "place", "flaunt_effect", "over", "route",
)
"""Each phase's step kind (``PHASE_NAMES`` as identifiers): ``steps.STEPS[STEP_KINDS[phase]]`` runs the
action applied in that phase. ``over`` has none (nothing is applied after the match)."""


def name_of(st: SkirmishState, model: int) -> str:
    return st.game.profiles[st.models[model].wrestler].name


def opponents_of(st: SkirmishState, player: int) -> list[int]:
    return [p for p in range(st.game.players) if p != player]


def others_in_ring(st: SkirmishState, model: int) -> list[Model]:
    return [m for i, m in enumerate(st.models) if i != model and m.in_ring]


def obstacles_of(st: SkirmishState, model: int) -> list[geo.Obstacle]:
    return [(m.x, m.y, m.r) for m in others_in_ring(st, model)]
