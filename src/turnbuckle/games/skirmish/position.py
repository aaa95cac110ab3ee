"""Ring skirmish positions (``engine.position``): every model's spot, facing and Endurance, each
player's corner, Hype pool and used maneuvers, the round and turn order, and the maneuver being
resolved. A bid not yet revealed is its player's secret (``secrets``).

Body::

    {"phase": "turn", "round": 2, "chooser": 0, "turn_index": 0, "setup_order": [0, 1],
     "order": [1, 0], "tie_groups": [], "revealed": true, "winner": null, "how": "",
     "players": [{"corner": "SW", "pool": 3, "bid_left": 1, "bid_submitted": true, "used": ["Slam"],
                  "flaunt_pin_dice": 0, "tag_cost_doubled": false, "active_model": 0}, ...],
     "secrets": [{"bid": 2}, {"bid": 0}],
     "models": [{"wrestler": "Marisol Vance", "x": 4.2, "y": 4.2, "facing": [1, 1], "end": 6,
                 "staggered": false, "jockeyed": false, "in_ring": true}, ...],
     "pending": {}}

Spots are in inches from the south-west corner (a multiple of 0.1); ``facing`` is a direction vector.
``pending`` holds the maneuver in progress (``man`` a maneuver number, ``model`` / ``target`` model
numbers, dice and hits so far); copy it from a saved position rather than writing it by hand.

Reads: -
Writes: active, bid, bid_in, chooser, corner, flaunt_pin, how, left, models, order, pend, phase, pool,
    revealed, round, setup_order, tag_double, tie_groups, turn_index, used, winner
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from pydantic import Field

from turnbuckle.engine.position import (
    Strict,
    check_count,
    check_range,
    check_seat,
    check_seats,
    check_unique,
    fail,
    index_of,
    join,
    parse,
)
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import OVER, PHASE_NAMES, Model
from turnbuckle.games.skirmish.state import SkirmishState

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.game import SkirmishGame

MAX_COUNT: Final = 999
MAX_VECTOR: Final = 2 * geo.RING


class PlayerModel(Strict):
    corner: str | None = None
    pool: int = Field(default=0, ge=0, le=MAX_COUNT)
    bid_left: int = Field(default=0, ge=0, le=MAX_COUNT)
    bid_submitted: bool = False
    used: list[str] = Field(default_factory=list)
    flaunt_pin_dice: int = Field(default=0, ge=0, le=MAX_COUNT)
    tag_cost_doubled: bool = False
    active_model: int = Field(ge=0)


class SecretModel(Strict):
    bid: int = Field(default=0, ge=0, le=MAX_COUNT)


class ModelModel(Strict):
    wrestler: str
    x: float
    y: float
    facing: tuple[int, int]
    end: int = Field(ge=0, le=MAX_COUNT)
    staggered: bool = False
    jockeyed: bool = False
    in_ring: bool = False


class PendingModel(Strict):
    """The maneuver being resolved; only the keys in use are given."""

    man: int | None = None
    player: int | None = None
    model: int | None = None
    target: int | None = None
    tplayer: int | None = None
    attacker: int | None = None
    attacker_model: int | None = None
    mover: int | None = None
    facer: int | None = None
    face_only: int | None = None
    forced: bool | None = None
    counter: bool | None = None
    flaunt: bool | None = None
    step: int | None = None
    stat: str | None = None
    side: str | None = None
    boost_side: str | None = None
    via: str | None = None
    a_dice: int | None = None
    d_dice: int | None = None
    a_hits: int | None = None
    d_hits: int | None = None
    a_boost: bool | None = None
    d_boost: bool | None = None
    hits: int | None = None
    batch: int | None = None
    dice: int | None = None
    count: int | None = None
    limit: int | None = None
    sdv: int | None = None
    stop: float | None = None
    ux: float | None = None
    uy: float | None = None
    chosen: list[str] | None = None
    roped: list[int] | None = None
    routes: list[str] | None = None


class BodyModel(Strict):
    phase: str
    round: int = Field(default=0, ge=0, le=MAX_COUNT)
    chooser: int = 0
    turn_index: int = Field(default=-1, ge=-1)
    setup_order: list[int] = Field(default_factory=list)
    order: list[int] = Field(default_factory=list)
    tie_groups: list[list[int]] = Field(default_factory=list)
    revealed: bool = False
    winner: int | None = None
    how: str = ""
    players: list[PlayerModel]
    secrets: list[SecretModel]
    models: list[ModelModel]
    pending: PendingModel = Field(default_factory=PendingModel)


def _inches(tenths: int) -> float:
    return tenths / geo.UNIT


def _tenths(inches: float, where: str) -> int:
    value = inches * geo.UNIT
    if not math.isfinite(value) or abs(value - round(value)) > 1e-6:
        raise fail(where, f"{inches} is not a multiple of 0.1 inch")
    return round(value)


class SkirmishPositions:
    """The ring skirmish position codec (``Game.position_codec``)."""

    derived: frozenset[str] = frozenset({"_cache", "_dest", "_named", "_legal_ids_sorted", "_opts"})
    """Cached legal actions and destinations."""

    def dump(self, state: SkirmishState) -> dict[str, Any]:
        g = state.game
        return {
            "phase": PHASE_NAMES[state.phase],
            "round": state.round,
            "chooser": state.chooser,
            "turn_index": state.turn_index,
            "setup_order": list(state.setup_order),
            "order": list(state.order),
            "tie_groups": [list(t) for t in state.tie_groups],
            "revealed": state.revealed,
            "winner": state.winner if state.winner >= 0 else None,
            "how": state.how,
            "players": [
                {"corner": state.corner[p] or None, "pool": state.pool[p], "bid_left": state.left[p],
                 "bid_submitted": state.bid_in[p], "used": sorted(g.maneuvers[i].name for i in state.used[p]),
                 "flaunt_pin_dice": state.flaunt_pin[p], "tag_cost_doubled": state.tag_double[p],
                 "active_model": state.active[p]}
                for p in range(g.players)
            ],
            "secrets": [{"bid": state.bid[p]} for p in range(g.players)],
            "models": [
                {"wrestler": g.profiles[m.wrestler].name, "x": _inches(m.x), "y": _inches(m.y),
                 "facing": [m.fx, m.fy], "end": m.end, "staggered": m.staggered, "jockeyed": m.jockeyed,
                 "in_ring": m.in_ring}
                for m in state.models
            ],
            "pending": {key: list(value) if isinstance(value, list | tuple) else value
                        for key, value in state.pend.items()},
        }

    def load(self, game: SkirmishGame, body: Mapping[str, Any]) -> SkirmishState:
        m = parse(BodyModel, body)
        n = game.players
        if m.phase not in PHASE_NAMES:
            raise fail("phase", f"unknown phase {m.phase!r:.40} (phases: {', '.join(PHASE_NAMES)})")
        check_count(m.players, n, "players")
        check_count(m.secrets, n, "secrets")
        check_count(m.models, len(game.profiles), "models")
        check_seat(m.chooser, n, "chooser")
        for key in ("setup_order", "order"):
            check_seats(getattr(m, key), n, key)
            check_unique(getattr(m, key), key, "player")
        for i, group in enumerate(m.tie_groups):
            check_seats(group, n, join("tie_groups", i))
        if m.winner is not None:
            check_seat(m.winner, n, "winner")
        if m.winner is not None and m.phase != PHASE_NAMES[OVER]:
            raise fail("winner", "only a finished match has a winner")

        st = game.new_initial_state()
        _fill(st, m, game)
        return st


def _fill(st: SkirmishState, m: BodyModel, game: SkirmishGame) -> None:
    """Set a fresh state's fields from a checked body (each value checked as it goes in)."""
    n = game.players
    st.phase = PHASE_NAMES.index(m.phase)
    st.round = m.round
    st.chooser = m.chooser
    st.turn_index = m.turn_index
    st.setup_order = list(m.setup_order)
    st.order = list(m.order)
    st.tie_groups = [list(t) for t in m.tie_groups]
    st.revealed = m.revealed
    st.winner = -1 if m.winner is None else m.winner
    st.how = m.how
    names = [man.name for man in game.maneuvers]
    corners = list(geo.CORNERS)
    for p, pm in enumerate(m.players):
        at = join("players", p)
        st.corner[p] = "" if pm.corner is None else corners[index_of(corners, pm.corner, join(at, "corner"),
                                                                      "corner")]
        st.pool[p] = pm.pool
        st.left[p] = pm.bid_left
        st.bid_in[p] = pm.bid_submitted
        check_unique(pm.used, join(at, "used"), "maneuver")
        st.used[p] = {index_of(names, name, join(at, "used", i), "maneuver") for i, name in enumerate(pm.used)}
        st.flaunt_pin[p] = pm.flaunt_pin_dice
        st.tag_double[p] = pm.tag_cost_doubled
        team = game.team(p)
        if pm.active_model not in team:
            raise fail(join(at, "active_model"), f"model {pm.active_model} is not on this side "
                                                 f"(models {team.start} to {team.stop - 1})")
        st.active[p] = pm.active_model
    check_unique([c for c in st.corner if c], "players", "corner")
    st.bid = [s.bid for s in m.secrets]
    profiles = [p.name for p in game.profiles]
    models: list[Model] = []
    for i, mm in enumerate(m.models):
        at = join("models", i)
        if mm.wrestler != profiles[i]:
            index_of(profiles, mm.wrestler, join(at, "wrestler"), "wrestler")
            raise fail(join(at, "wrestler"), f"model {i} is {profiles[i]}, not {mm.wrestler}")
        model = st.models[i]
        x, y = _tenths(mm.x, join(at, "x")), _tenths(mm.y, join(at, "y"))
        if mm.in_ring and not geo.inside((x, y), model.r):
            raise fail(join(at, "x"), f"{mm.wrestler}'s base at ({mm.x}, {mm.y}) is not wholly inside the ring")
        fx, fy = mm.facing
        if (fx, fy) == (0, 0) or max(abs(fx), abs(fy)) > MAX_VECTOR:
            raise fail(join(at, "facing"), f"{list(mm.facing)} is not a direction")
        models.append(Model(model.wrestler, model.player, x, y, fx, fy, model.r, mm.end, mm.staggered,
                            mm.jockeyed, mm.in_ring))
        check_range(mm.end, 0, MAX_COUNT, join(at, "end"))
    for i, a in enumerate(models):
        for j in range(i):
            b = models[j]
            if a.in_ring and b.in_ring and geo.overlaps(a.pos, a.r, b.pos, b.r):
                raise fail(join("models", i), f"{profiles[i]} and {profiles[j]} stand on one spot "
                                              f"(their bases overlap)")
    st.models = models
    pend = m.pending.model_dump(exclude_none=True)  # a state never holds None here: null is the key left out
    for key in ("model", "target", "mover", "facer", "face_only", "attacker_model"):
        if key in pend:
            check_range(pend[key], 0, len(models) - 1, join("pending", key))
    for key in ("player", "tplayer", "attacker"):
        if key in pend:
            check_seat(pend[key], n, join("pending", key))
    if "man" in pend:
        check_range(pend["man"], 0, len(game.maneuvers) - 1, join("pending", "man"))
    for key in ("stop", "ux", "uy"):
        if key in pend and not math.isfinite(pend[key]):
            raise fail(join("pending", key), "must be a finite number")
    st.pend = pend
    st.refresh()


CODEC: Final = SkirmishPositions()
