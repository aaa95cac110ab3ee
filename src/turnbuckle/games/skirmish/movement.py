"""Ring skirmish move maneuvers (SK-6, SK-10.7): move and Whip rolls, the Whip route, destination, facing.

Moves and Whips: the roll (or a fixed distance), the route, the destination and the facing.

Reads: active, models
Writes: _dest, _named, chooser, pend, phase
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import DEST, FACE, MOVE_ROLL, ROUTE, name_of
from turnbuckle.games.skirmish.damage import into_ropes
from turnbuckle.games.skirmish.destinations import named_destinations, whip_routes
from turnbuckle.games.skirmish.dice import MAX_DICE
from turnbuckle.games.skirmish.rounds import resume_turn

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


def start_move(st: SkirmishState, player: int, mi: int, model: int) -> None:
    m = st.game.maneuvers[mi]
    me = st.models[model]
    st.pend = {"man": mi, "player": player, "mover": model, "facer": model, "forced": False}
    if m.distance is not None:
        open_destination(st, round(m.distance * geo.UNIT), player)
        return
    dice = st.game.profiles[me.wrestler].stat(m.stats[0])
    if me.staggered and m.stagger_penalty:
        dice -= 1  # one die fewer while staggered (SK-10.1)
    dice = min(max(dice, 0), MAX_DICE)
    if dice == 0:
        st.emit("move_roll", player=player, dice=0, total=0, wrestler=name_of(st, model))
        open_destination(st, 0, player)
        return
    st.pend["dice"] = dice
    st.phase = MOVE_ROLL


def on_total(st: SkirmishState, total: int) -> None:
    pend = st.pend
    if st.phase == MOVE_ROLL:
        st.emit("move_roll", player=pend["player"], dice=pend["dice"], total=total,
                wrestler=name_of(st, pend["mover"]))
        open_destination(st, total * geo.UNIT, pend["player"])
    else:  # WHIP_ROLL (SK-10.7)
        st.emit("whip_roll", player=pend["player"], dice=pend["dice"], total=total,
                wrestler=name_of(st, pend["model"]), target=name_of(st, pend["target"]))
        pend["mover"] = pend["target"]
        pend["facer"] = pend["target"]
        pend["forced"] = True
        open_destination(st, total * geo.UNIT, pend["player"])
        routes = whip_routes(st)
        if routes:
            pend["routes"] = routes
            st.phase = ROUTE


def on_route(st: SkirmishState, index: int) -> None:
    """Whip: ``direct`` (index 0) or off rope ``ROPES[index - 1]`` on the way (R-SK-11)."""
    pend = st.pend
    via = geo.ROPES[index - 1] if index > 0 else None
    pend.pop("routes", None)
    if via is not None:
        pend["via"] = via
    st.emit("whip_route", player=pend["player"], model=pend["mover"],
            wrestler=st.game.profiles[st.models[pend["mover"]].wrestler].name, via=via,
            by=name_of(st, pend["model"]))
    st.phase = DEST


def open_destination(st: SkirmishState, limit: int, chooser: int) -> None:
    st.pend["limit"] = limit
    st.pend.pop("dice", None)
    st.phase = DEST
    st.chooser = chooser
    st._dest = None
    st._named = None


def on_destination(st: SkirmishState, point: geo.Point) -> None:
    pend = st.pend
    mover = st.models[pend["mover"]]
    start = mover.pos
    mover.x, mover.y = point
    via = pend.pop("via", None)
    st.emit("moved", model=pend["mover"], wrestler=st.game.profiles[mover.wrestler].name,
            x=point[0] / geo.UNIT, y=point[1] / geo.UNIT, forced=pend["forced"],
            distance=round(math.sqrt(geo.dist2(start, point)) / geo.UNIT, 2),
            **({"via": via} if via is not None else {}))
    # SK-6.4: the rope touched on the way (a via-rope Whip), then the one it ends against,
    # 2 END once per maneuver either way (R-SK-12)
    if via is not None or (pend["forced"] and point != start and geo.touches_rope(point, mover.r)):
        into_ropes(st, pend["mover"])
    st.phase = FACE
    st.pend.pop("face_only", None)


def step_face(st: SkirmishState, action: Action) -> None:
    g = st.game
    pend = st.pend
    facer = st.models[pend["facer"]]
    if action.name != "keep facing":
        if action.id >= g.face_seat_base and action.id < g.anchor_base:
            seat = action.id - g.face_seat_base
            facer.fx, facer.fy = geo.toward(facer.pos, st.models[st.active[seat]].pos)
        else:
            facer.fx, facer.fy = geo.FACINGS[action.id - g.facing_base]
    st.emit("facing", model=pend["facer"], wrestler=g.profiles[facer.wrestler].name,
            facing=[facer.fx, facer.fy], choice=action.name)
    resume_turn(st)


def step_move_roll(st: SkirmishState, action: Action) -> None:
    on_total(st, action.id - st.game.total_base)


def step_whip_roll(st: SkirmishState, action: Action) -> None:
    on_total(st, action.id - st.game.total_base)


def step_route(st: SkirmishState, action: Action) -> None:
    on_route(st, action.id - st.game.route_base)


def step_dest(st: SkirmishState, action: Action) -> None:
    """The destination offered (``_apply`` keeps the named destinations it offered for this step)."""
    named = st._named
    st._named = None
    if named is None:
        named = named_destinations(st)
        st._named = None
    points = named[0]
    on_destination(st, points[action.id] if action.id in points else geo.GRID_POINTS[action.id - st.game.grid_base])
