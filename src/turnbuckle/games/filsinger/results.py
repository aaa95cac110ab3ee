"""The end: recording the result (a pin or cage escape, 5. PINS; disqualification or count out,
7. DISQUALIFICATIONS; both sides out is a draw) and THE FEUD TABLE (OPTIONAL 10) after a feud
match that ends on doubles.

Reads: last_doubles, last_total
Writes: decided, how, injuries, phase, winner
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.filsinger.core import BOTH, ROLL_TOTAL, card

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.state import FilsingerState


def end(st: FilsingerState, winner: int | None, how: str, loser: int, roll: int = 0, rating: int = 0) -> None:
    """Record the result; a feud match ending on doubles goes to the Feud Table."""
    st.winner = BOTH if winner is None else winner
    st.how = how
    st.decided = True
    losers = "both" if loser == BOTH else card(st, loser).name
    if st.record_events:
        st.emit("result", winner=None if winner is None else winner, how=how, loser=losers,
                winners=None if winner is None else st.game.side_names(winner), roll=roll, rating=rating)
    if st.game.feud_active and st.last_doubles:
        if st.record_events:
            st.emit("feud", doubles=st.last_total)
        st.phase = "feud_roll"
    else:
        st.phase = "over"


def step_feud_roll(st: FilsingerState, action: Action) -> None:
    """THE FEUD TABLE: fighting after the match; ally rows need an ally, else roll again."""
    roll = ROLL_TOTAL[action.id]
    row = st.game.charts.feud.lookup(roll)
    win = 0 if st.winner in (None, BOTH) else st.winner
    assert win is not None
    sides = {"winner": win, "loser": 1 - win}
    if row.needs_ally is not None and not card(st, sides[row.needs_ally]).allies:
        if st.record_events:
            st.emit("feud_reroll", roll=roll, text=row.text)
        return
    if st.record_events:
        st.emit("chart_result", chart="feud", roll=roll, text=row.text, wrestler="",
                title=st.game.charts.feud.title)
    if row.kind == "injury":
        hurt = [win, 1 - win] if row.who == "both" else [sides[row.who]]
        for side in hurt:
            name = card(st, side).name
            st.injuries.append((name, row.cards))
            if st.record_events:
                st.emit("injury", wrestler=name, cards=row.cards)
    st.phase = "over"
