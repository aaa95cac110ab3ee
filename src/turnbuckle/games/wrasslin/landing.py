"""Holds landing (6.1, 10.x, 11.3, 13.x): damage, Pins, Continuing Holds and Battle Royal Holds, once
a Hold was not stopped.

Reads: g, pos, result
Writes: br, dmg, entries, holds
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.wrasslin.core import (
    E_HOLD,
    hold_spec,
    seat_name,
    to_discard,
    wrestler_of,
)
from turnbuckle.games.wrasslin.holds import br_enough, break_hold
from turnbuckle.games.wrasslin.matchtypes import FLOOR, OUT
from turnbuckle.games.wrasslin.results import check_submit, eliminate
from turnbuckle.games.wrasslin.ring import to_floor

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState


def land(st: WrasslinState, att: int, dfn: int, ref: int, phys: int, reversed_: bool) -> None:
    spec = hold_spec(st, att, ref)
    victim, source = (att, dfn) if reversed_ else (dfn, att)
    if st.g.royal and spec.battle_royal:
        land_battle_royal(st, att, dfn, ref, phys, reversed_)
        return
    if spec.pin:
        st.holds.append([att, dfn, ref, phys, 1, 0, 3])
        if st.record_events:
            st.emit("pin", seat=att, wrestler=seat_name(st, att), target=dfn, victim=seat_name(st, dfn))
        third_wrestler(st, dfn, att)
        return
    if spec.out_of_ring:
        pts = wrestler_of(st, victim).weight
    elif spec.reaches_outside and st.pos[dfn] == FLOOR and spec.damage_outside:
        pts = spec.damage_outside
    else:
        pts = spec.damage_on(wrestler_of(st, victim).weight)
    st.entries[victim].append((phys, ref, pts, E_HOLD, source))
    st.dmg[victim] += pts
    if st.record_events:
        st.emit("damage", seat=victim, wrestler=seat_name(st, victim), hold=spec.name, points=pts,
                  damage=st.dmg[victim], by=seat_name(st, source))
    if spec.continuous and not reversed_:
        st.holds.append([att, dfn, ref, -1, 0, 0, 0])
        if st.record_events:
            st.emit("continuous_hold", seat=att, wrestler=seat_name(st, att), victim=seat_name(st, dfn), hold=spec.name)
    third_wrestler(st, victim, source)
    if spec.out_of_ring and st.pos[victim] != OUT:
        to_floor(st, victim)
        if st.record_events:
            st.emit("thrown_out", seat=victim, wrestler=seat_name(st, victim))
    check_submit(st, victim)


def third_wrestler(st: WrasslinState, victim: int, source: int) -> None:
    """10.1C / 10.2C: a Hold from a third Wrestler breaks the victim's own Hold; 13.6 cancellation."""
    for r in [r for r in st.holds if r[0] == victim and r[1] != source]:
        break_hold(st, r, "attacked by a third wrestler")
    for b in [b for b in st.br if b[0] == victim and b[1] != source]:
        st.br.remove(b)
        to_discard(st, b[3])


def land_battle_royal(st: WrasslinState, att: int, dfn: int, ref: int, phys: int, reversed_: bool) -> None:
    spec = hold_spec(st, att, ref)
    if not reversed_:
        st.br.append((att, dfn, ref, phys))
        third_wrestler(st, dfn, att)
        if br_enough(st, dfn):
            for b in [b for b in st.br if b[1] == dfn]:
                st.br.remove(b)
                to_discard(st, b[3])
            if st.record_events:
                st.emit("thrown_out", seat=dfn, wrestler=seat_name(st, dfn), hold=spec.name, by=seat_name(st, att))
            eliminate(st, dfn, "thrown out of the ring")
        else:
            if st.record_events:
                st.emit("br_hold", seat=att, wrestler=seat_name(st, att), victim=seat_name(st, dfn), hold=spec.name)
        return
    others = [b for b in st.br if b[1] == dfn]
    if not others:
        to_discard(st, phys)
        if st.record_events:
            st.emit("thrown_out", seat=att, wrestler=seat_name(st, att), hold=spec.name, by=seat_name(st, dfn))
        eliminate(st, att, "reversed out of the ring")
        return
    # 13.5: a reversal against two or more attackers damages each, throws none out
    hit = [(att, ref, phys), *[(b[0], b[2], b[3]) for b in others]]
    for b in others:
        st.br.remove(b)
    for seat, r, card in hit:
        pts = hold_spec(st, seat, r).damage_on(wrestler_of(st, seat).weight) or 1
        st.entries[seat].append((card, r, pts, E_HOLD, dfn))
        st.dmg[seat] += pts
        if st.record_events:
            st.emit("damage", seat=seat, wrestler=seat_name(st, seat), hold=hold_spec(st, seat, r).name, points=pts,
                      damage=st.dmg[seat], by=seat_name(st, dfn))
    for seat, _r, _c in hit:
        if st.result is None and st.pos[seat] != OUT:
            check_submit(st, seat)
