"""7. DISQUALIFICATIONS and count outs: the roll against the rating, and what happens when the
wrestler survives it (the chart row's instruction goes on, or the DISQUALIFICATION MOVE,
OPTIONAL 9, lands). The threat itself is ``entries.start_dq``.

Reads: dq_me, dq_rating, dq_then, dq_who
Writes: move
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.filsinger.chart_rolls import do
from turnbuckle.games.filsinger.core import BOTH, ROLL_TOTAL, card
from turnbuckle.games.filsinger.offense import land_move
from turnbuckle.games.filsinger.results import end

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.state import FilsingerState


def step_dq_roll(st: FilsingerState, action: Action) -> None:
    resolve_dq(st, ROLL_TOTAL[action.id], dq=True)


def step_countout_roll(st: FilsingerState, action: Action) -> None:
    resolve_dq(st, ROLL_TOTAL[action.id], dq=False)


def resolve_dq(st: FilsingerState, roll: int, dq: bool) -> None:
    """Disqualified (or counted out) when ``roll`` is at most the rating; else the match goes on."""
    how = "disqualification" if dq else "count out"
    who = st.dq_who
    if roll <= st.dq_rating:
        end(st, None if who == BOTH else 1 - who, how, who, roll=roll, rating=st.dq_rating)
        return
    names = "both" if who == BOTH else card(st, who).name
    if st.record_events:
        st.emit("survives", wrestler=names, what=how, roll=roll, rating=st.dq_rating)
    if st.move is not None:
        move, st.move = st.move, None
        land_move(st, move)
    else:
        assert st.dq_then is not None
        do(st, st.dq_then, st.dq_me)
