"""Rolling on a chart and carrying out its row: 4. CHARTS (the man thrown rolls under his chart
rating), the Pin Saves (OPTIONAL 13) and Interference (OPTIONAL 16) charts, the ringside ally's
attack outside the ring (RINGSIDE ALLY, OPTIONAL 14) and NO DQ MATCH (ignore disqualification and
count out; substitute down 3). Being thrown to a chart is ``entries.start_chart``.

Reads: ally_in, chart, chart_me, pinned
Writes: phase, pin_add
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.filsinger.core import ALLY_ATTACK, BOTH, ROLL_TOTAL, card, fatigue, in_ring
from turnbuckle.games.filsinger.defense import start_defense
from turnbuckle.games.filsinger.entries import start_chart, start_dq, start_offense
from turnbuckle.games.filsinger.models import Outcome
from turnbuckle.games.filsinger.pins import start_pin
from turnbuckle.games.filsinger.results import end

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.state import FilsingerState


def step_chart_roll(st: FilsingerState, action: Action) -> None:
    roll = ROLL_TOTAL[action.id]
    me = st.chart_me
    game = st.game
    if st.chart == "ring" and st.ally_in and roll <= 6:
        chart = game.chart(st.chart)
        # RINGSIDE ALLY: the ally smashes you into the post; OPPONENT ROLLS DISQUALIFICATION 6.
        if st.record_events:
            st.emit("chart_result", chart="ring", roll=roll, text="You are attacked outside the ring by "
                    "the opponent's ally and smashed into the steel post.", wrestler=card(st, me).name,
                    title=chart.title)
        if game.no_dq:
            if st.record_events:
                st.emit("no_dq_ignored", what="dq")
            do(st, ALLY_ATTACK, me)
        else:
            start_dq(st, 1 - me, 6, ALLY_ATTACK, me, countout=False)
        return
    row = game.chart_rows[st.chart][in_ring(st, me)][roll]
    if st.record_events:
        st.emit("chart_result", chart=st.chart, roll=roll, text=row.text, wrestler=card(st, me).name,
                title=game.chart_title(st.chart))
    do(st, row, me)


def do(st: FilsingerState, out: Outcome, me: int) -> None:
    """Carry out a chart outcome; ``me`` is the side that rolled the chart."""
    opp = 1 - me
    who = me if out.who == "self" else opp if out.who == "opponent" else BOTH
    kind = out.kind
    game = st.game
    if kind == "offense":
        start_offense(st, who, out.level)
    elif kind == "defense":
        start_defense(st, who, out.level)
    elif kind == "pin":
        start_pin(st, who, out.add)
    elif kind == "pin_broken":
        if st.record_events:
            st.emit("pin_broken", wrestler=card(st, st.pinned).name)
        fatigue(st, st.pinned)
        start_offense(st, who, out.level)
    elif kind == "pin_stands":
        st.pin_add += out.add
        st.phase = "pin_roll"
    elif kind in ("dq", "countout"):
        assert out.then is not None
        if game.no_dq:
            if st.record_events:
                st.emit("no_dq_ignored", what=kind)
            do(st, out.then, me)
            return
        rating = out.rating if out.rating is not None else card(st, who).ratings.disqualification
        start_dq(st, who, rating, out.then, me, countout=kind == "countout")
    elif kind == "disqualified":
        if game.no_dq:
            # NO DQ: substitute down 3 for the wrestler who would have been disqualified.
            down = me if who == BOTH else who
            if st.record_events:
                st.emit("no_dq_ignored", what="disqualified")
            start_offense(st, 1 - down, 3)
            return
        end(st, None if who == BOTH else 1 - who, "disqualification", who)
    elif kind == "chart":
        assert out.chart is not None
        start_chart(st, out.chart, me)
    else:  # pragma: no cover - validated away (injury/none only on the Feud Table)
        raise AssertionError(kind)
