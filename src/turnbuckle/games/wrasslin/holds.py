"""Holds in effect (10.x, 13.5): whether a Continuing Hold is still maintained, a Battle Royal Hold's
combined abilities, and breaking Holds (released, broken, or their attacker gone).

Reads: br
Writes: holds
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.wrasslin.core import (
    abilities,
    hold_name,
    hold_spec,
    meets,
    seat_name,
    strength,
    to_discard,
    wrestler_of,
)

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState


def maintains(st: WrasslinState, r: list[int]) -> bool:
    """Can the attacker still apply his Continuing Hold / Pin (8.41, 10.1, 10.2B)?"""
    att, dfn = r[0], r[1]
    spec = hold_spec(st, att, r[2])
    if meets(st, att, spec, dfn) != "":
        return False
    return not (r[4] and strength(st, att) <= strength(st, dfn))


def br_enough(st: WrasslinState, victim: int) -> bool:
    """13.5: the contributors' combined current abilities meet one of the BR Holds in play."""
    contrib = [b for b in st.br if b[1] == victim]
    total = sum(strength(st, b[0]) for b in contrib)
    ag = sum(abilities(st, b[0])[1] for b in contrib)
    sk = sum(abilities(st, b[0])[2] for b in contrib)
    weight = wrestler_of(st, victim).weight
    for b in contrib:
        r = hold_spec(st, b[0], b[2]).req
        if total >= max(r.strength, weight if r.ge_w else 0) and ag >= r.agility and sk >= r.skill:
            return True
    return False


def break_hold(st: WrasslinState, r: list[int], why: str) -> None:
    if r in st.holds:
        st.holds.remove(r)
        if r[4]:
            to_discard(st, r[3])
        if st.record_events:
            st.emit("hold_broken", seat=r[1], wrestler=seat_name(st, r[1]), attacker=seat_name(st, r[0]),
                      hold=hold_name(st, r[0], r[2]), pin=bool(r[4]), why=why)


def abandon(st: WrasslinState, s: int) -> None:
    for r in [r for r in st.holds if r[0] == s]:
        break_hold(st, r, "abandoned")
