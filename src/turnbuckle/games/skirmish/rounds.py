"""Ring skirmish setup and rounds (SK-2, SK-3): roll-offs, starters, corners, secret bids, turn order, turns.

Starting the game, the round's bids and the order of turns; a turn ends when nothing else is legal.

Reads: models
Writes: _opts, active, bid, bid_in, chooser, corner, flaunt_pin, left, order, pend, phase, pool, revealed,
    round, setup_order, tag_double, tie_groups, turn_index, used
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import (
    BID,
    BID_ORDER,
    CORNER,
    FIRST_GAIN,
    MAX_AP,
    OVER,
    ROUND_GAIN,
    SETUP_ORDER,
    STARTER,
    TURN,
)
from turnbuckle.games.skirmish.menu import maneuver_options

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


# -- SK-2 STARTING THE GAME ------------------------------------------------------------------------
def on_order(st: SkirmishState, perm: tuple[int, ...]) -> None:
    if st.phase == SETUP_ORDER:
        st.setup_order = list(perm)
        st.emit("roll_off", order=list(perm))
        if st.game.per_side > 1:
            st.phase = STARTER
            st.chooser = perm[0]
            st.pend = {"step": 0}
        else:
            next_corner(st, 0)
        return
    # BID_ORDER: order one group of tied bidders (SK-3.2, R-SK-19)
    group = st.tie_groups.pop(0)
    start = st.order.index(min(group, key=st.order.index))
    st.order[start : start + len(group)] = list(perm)
    st.emit("bid_roll_off", order=list(perm))
    if st.tie_groups:
        return
    start_turns(st)


def on_starter(st: SkirmishState, index: int) -> None:
    p = st.chooser
    st.active[p] = st.game.team(p)[index]
    st.emit("starter", player=p, wrestler=st.game.profiles[st.active[p]].name)
    step = st.pend["step"] + 1
    if step < st.game.players:
        st.pend = {"step": step}
        st.chooser = st.setup_order[step]
    else:
        next_corner(st, 0)


def next_corner(st: SkirmishState, step: int) -> None:
    """The first (and third) in the roll-off choose a corner; the next takes the opposite one."""
    order = st.setup_order
    while step < len(order):
        p = order[step]
        if step % 2 == 1:
            place_start(st, p, geo.OPPOSITE[st.corner[order[step - 1]]])
            step += 1
            continue
        free = [c for c in geo.CORNERS if c not in st.corner]
        if len(free) == 1:
            place_start(st, p, free[0])
            step += 1
            continue
        st.phase = CORNER
        st.chooser = p
        st.pend = {"step": step}
        return
    st.pend = {}
    start_round(st)


def on_corner(st: SkirmishState, corner: str) -> None:
    step = st.pend["step"]
    place_start(st, st.chooser, corner)
    next_corner(st, step + 1)


def place_start(st: SkirmishState, player: int, corner: str) -> None:
    st.corner[player] = corner
    m = st.models[st.active[player]]
    m.x, m.y = geo.start_spot(corner)
    m.fx, m.fy = geo.toward(m.pos, (geo.RING // 2, geo.RING // 2))
    m.in_ring = True
    st.emit("placed", player=player, wrestler=st.game.profiles[m.wrestler].name, corner=corner,
            x=m.x / geo.UNIT, y=m.y / geo.UNIT)


# -- SK-3 ROUND OVERVIEW --------------------------------------------------------------------------
def start_round(st: SkirmishState) -> None:
    g = st.game
    if st.round >= g.max_rounds:
        st.phase = OVER
        st.emit("round_limit", rounds=st.round)
        return
    st.round += 1
    gain = FIRST_GAIN if st.round == 1 else ROUND_GAIN
    for p in range(g.players):
        st.pool[p] = min(MAX_AP, st.pool[p] + gain)
        st.used[p] = set()
        st.bid[p] = 0
        st.left[p] = 0
        st.bid_in[p] = False
    for m in st.models:
        m.jockeyed = False
    st.flaunt_pin = [0] * g.players
    st.tag_double = [False] * g.players
    st.revealed = False
    st.order = []
    st.turn_index = -1
    st.emit("round", round=st.round, pools=list(st.pool))
    st.phase = BID
    st.chooser = 0


def on_bid(st: SkirmishState, amount: int) -> None:
    p = st.chooser
    st.bid[p] = amount
    st.bid_in[p] = True
    st.emit("bid_submitted", player=p)
    if p + 1 < st.game.players:
        st.chooser = p + 1
        return
    # simultaneous reveal; the lowest bid takes the first turn (SK-3.2)
    st.revealed = True
    for q in range(st.game.players):
        st.pool[q] -= st.bid[q]
        st.left[q] = st.bid[q]
    st.emit("bids_revealed", bids=list(st.bid))
    st.order = sorted(range(st.game.players), key=lambda q: (st.bid[q], q))
    groups: dict[int, list[int]] = {}
    for q in st.order:
        groups.setdefault(st.bid[q], []).append(q)
    st.tie_groups = [grp for grp in groups.values() if len(grp) > 1]
    if st.tie_groups:
        st.phase = BID_ORDER
        return
    start_turns(st)


def start_turns(st: SkirmishState) -> None:
    st.emit("turn_order", order=list(st.order))
    st.turn_index = 0
    begin_turn(st)


def begin_turn(st: SkirmishState) -> None:
    p = st.order[st.turn_index]
    st.emit("turn", player=p, bid_left=st.left[p])
    st.phase = TURN
    st.chooser = p
    st.pend = {}
    auto_end(st)


def auto_end(st: SkirmishState) -> None:
    """A turn ends by itself when ``end turn`` is the only legal decision (R-SK-25)."""
    if st.phase != TURN:
        return
    options = maneuver_options(st, st.chooser, False)
    if not options:
        end_turn(st)
        return
    st._opts = (st.chooser, options)  # the last change of this step: reused by legal_actions


def resume_turn(st: SkirmishState) -> None:
    if st.phase == OVER:
        return
    st.pend = {}
    st.phase = TURN
    st.chooser = st.order[st.turn_index]
    auto_end(st)


def end_turn(st: SkirmishState) -> None:
    st.emit("end_turn", player=st.chooser, unspent=st.left[st.chooser])
    st.turn_index += 1
    if st.turn_index < len(st.order):
        begin_turn(st)
        return
    # SK-3.6: unspent bid APs go back to the pool (capped)
    for p in range(st.game.players):
        st.pool[p] = min(MAX_AP, st.pool[p] + st.left[p])
        st.left[p] = 0
    start_round(st)


# -- steps (steps.STEPS): the action applied in each phase of this family --------------------------
def step_setup_order(st: SkirmishState, action: Action) -> None:
    on_order(st, st.game.order_of[action.id])


def step_bid_order(st: SkirmishState, action: Action) -> None:
    on_order(st, st.game.order_of[action.id])


def step_starter(st: SkirmishState, action: Action) -> None:
    on_starter(st, int(action.name.split()[1]) - 1)


def step_corner(st: SkirmishState, action: Action) -> None:
    on_corner(st, action.name.split()[1])


def step_bid(st: SkirmishState, action: Action) -> None:
    on_bid(st, int(action.name.split()[1]))
