"""Ring skirmish END and AP changes: the ropes (SK-6.4), END loss and its floor (SK-7.6), END gains, drains.

END losses (the floor pays the attacker AP), the ropes' 2 END once per maneuver, END gains, drains.

Reads: models
Writes: pend, pool
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.skirmish.core import MAX_AP, ROPE_END

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


def into_ropes(st: SkirmishState, model: int) -> None:
    """SK-6.4: 2 END for an enemy maneuver putting a model into the ropes, once per maneuver."""
    roped = st.pend.get("roped", [])
    if model in roped:
        return
    st.pend["roped"] = [*roped, model]  # a new list: clones share the old one (shallow pend copy)
    m = st.models[model]
    st.emit("ropes", model=model, wrestler=st.game.profiles[m.wrestler].name)
    lose_end(st, model, ROPE_END)


def lose_end(st: SkirmishState, model: int, amount: int) -> None:
    """END never drops below 1; the END prevented becomes AP for the attacking player (SK-7.6)."""
    m = st.models[model]
    lost = min(amount, m.end - 1)
    m.end -= lost
    prevented = amount - lost
    attacker = st.pend.get("player", -1)
    gained = 0
    if prevented > 0 and attacker >= 0:
        want = prevented if st.game.end_floor_ap == "per_end" else 1
        gained = min(want, MAX_AP - st.pool[attacker])
        st.pool[attacker] += gained
    st.emit("end_loss", model=model, wrestler=st.game.profiles[m.wrestler].name, lost=lost, end=m.end,
            prevented=prevented, ap_to=attacker if prevented else None, ap=gained)


def gain_end(st: SkirmishState, model: int) -> None:
    m = st.models[model]
    if m.end < st.game.profiles[m.wrestler].END:
        m.end += 1
    st.emit("end_gain", model=model, wrestler=st.game.profiles[m.wrestler].name, end=m.end)


def drain(st: SkirmishState, player: int) -> None:
    if st.pool[player] >= 1:
        st.pool[player] -= 1
        st.emit("drained", player=player, pool=st.pool[player])
