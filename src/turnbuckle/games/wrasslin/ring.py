"""Leaving and re-entering the ring (11.3, 11.32, 12.42): to the floor, back in, and what that does to
the Holds and counts on the Wrestler.

Reads: free_for_all, g, holds, illegal_in
Writes: entries, out_count, out_limit, pos
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.wrasslin.core import (
    E_EXIT,
    opponents,
    partners,
    seat_name,
    to_discard,
)
from turnbuckle.games.wrasslin.holds import break_hold
from turnbuckle.games.wrasslin.matchtypes import APRON, FLOOR, RING
from turnbuckle.games.wrasslin.results import check_team_out

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState


def reenter(st: WrasslinState, s: int) -> None:
    """11.32: announce re-entry and skip the turn; a new count starts against the opponent. A tag
    partner whose legal man is in the ring goes back to the apron (12.1: one at a time in the ring)."""
    apron = not st.free_for_all and any(
        st.pos[t] == RING and st.illegal_in[t] < 0 for t in partners(st, s)
    )
    st.pos[s] = APRON if apron else RING
    st.out_count[s] = 0
    st.out_limit[s] = 5
    kept = []
    for e in st.entries[s]:
        if e[3] == E_EXIT:
            to_discard(st, e[0])
        else:
            kept.append(e)
    st.entries[s] = kept
    for t in opponents(st, s):
        if st.pos[t] == FLOOR:
            st.out_count[t] = 0
    if apron:
        if st.record_events:
            st.emit("returns_to_apron", seat=s, wrestler=seat_name(st, s))
    else:
        if st.record_events:
            st.emit("reenter", seat=s, wrestler=seat_name(st, s))


def to_floor(st: WrasslinState, s: int, phys: int = -1) -> None:
    st.pos[s] = FLOOR
    st.out_count[s] = 0
    st.out_limit[s] = 5
    if phys >= 0:
        st.entries[s].append((phys, -1, 0, E_EXIT, s))
    for r in [r for r in st.holds if s in (r[0], r[1])]:
        break_hold(st, r, "left the ring")
    if all(st.pos[t] != RING for t in opponents(st, s)):
        for t in range(st.g.players):
            if st.pos[t] == FLOOR:
                st.out_count[t] = 0  # 11.33: both outside, a new count
    if st.free_for_all:
        check_team_out(st)
