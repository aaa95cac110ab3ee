"""Ring skirmish pin attempts (SK-8): the count, the pinfall and the kick-out.

A pin attempt rolls again after each count until the three-count or a kick-out.

Reads: models, round
Writes: how, pend, phase, winner
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.skirmish.attacks import blocked, start_rolloff
from turnbuckle.games.skirmish.core import OVER, PIN_COUNT, name_of
from turnbuckle.games.skirmish.rounds import resume_turn

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


def step_pin(st: SkirmishState) -> None:
    """A pin attempt's roll decided (``attacks.resolve_attack`` leaves this step in ``then``)."""
    pend = st.pend
    a, d = pend["a_hits"], pend["d_hits"]
    g = st.game
    if a > d:
        pend["count"] += 1
        count = pend["count"]
        st.emit("pin_count", player=pend["player"], count=count, wrestler=name_of(st, pend["model"]),
                victim=name_of(st, pend["target"]))
        if count >= PIN_COUNT:
            st.winner = pend["player"]
            target = st.models[pend["target"]]
            winner = st.models[pend["model"]]
            st.how = (f"{g.profiles[winner.wrestler].name} pins {g.profiles[target.wrestler].name} "
                      f"(round {st.round})")
            st.emit("pinfall", player=pend["player"], wrestler=g.profiles[winner.wrestler].name,
                    victim=g.profiles[target.wrestler].name, round=st.round)
            st.phase = OVER
            st.pend = {}
            return
        start_rolloff(st)
        return
    st.emit("kick_out", player=pend["tplayer"], count=pend["count"])
    if d > a:
        blocked(st)
    else:
        resume_turn(st)
