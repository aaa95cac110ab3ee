"""Tournaments (14.x): the draft (14.6) and the next Wrestler of a stack entering the ring (chance).

Reads: g
Writes: after_draw, dmg, drafted, draws, enter_queue, entries, penalty, phase, pool, pos, stacks, surge,
unfilled, warned, wid
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.wrasslin.core import (
    HAND_SIZE,
    seat_name,
)
from turnbuckle.games.wrasslin.flow import prepare_draw
from turnbuckle.games.wrasslin.matchtypes import RING

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState


def do_enter(st: WrasslinState, widx: int) -> None:
    s = st.enter_queue.pop(0)
    st.stacks[s].remove(widx)
    st.wid[s] = widx
    st.dmg[s] = 0
    st.entries[s] = []
    st.pos[s] = RING
    st.penalty[s] = 0
    st.warned[s] = 0
    st.unfilled[s] = False
    st.surge[s] = 0
    if st.record_events:
        st.emit("enters", seat=s, wrestler=seat_name(st, s), left=len(st.stacks[s]))
    st.draws += [s] * HAND_SIZE
    st.after_draw = "enter"
    prepare_draw(st)


def do_draft(st: WrasslinState, p: int, widx: int) -> None:
    """14.6: a player drafts a Wrestler for his team; once all are drafted the bouts begin, each
    player's Wrestlers entering in random, secret order."""
    st.pool.remove(widx)
    st.drafted[p].append(widx)
    st.stacks[p].append(widx)
    if st.record_events:
        st.emit("drafted", seat=p, wrestler=st.g.wrestlers[widx].name, pick=len(st.drafted[p]))
    if not st.pool:
        st.enter_queue = list(range(st.g.players))
        st.phase = "enter"


def step_draft(st: WrasslinState, aid: int) -> None:
    """14.6: the seat to pick drafts a Wrestler."""
    do_draft(st, st.current_player(), st.g.decode[aid][1])


def step_enter(st: WrasslinState, aid: int) -> None:
    """14.x: the next Wrestler of a stack arrives (chance)."""
    do_enter(st, aid - len(st.g.cards))
