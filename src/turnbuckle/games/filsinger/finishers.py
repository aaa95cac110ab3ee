"""Finishers: 6. FINISHERS (the opponent rolls his PIN), FINISHER RATINGS (OPTIONAL 2) and
ROLL FINISHERS (OPTIONAL 3).

Reads: attacker, finisher
Writes: -
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.filsinger.core import ROLL_TOTAL, card
from turnbuckle.games.filsinger.entries import start_offense
from turnbuckle.games.filsinger.pins import start_pin

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.state import FilsingerState


def finisher_pin(st: FilsingerState, rating: int) -> None:
    """FINISHERS: the opponent rolls his PIN (plus the finisher rating, if that rule is on).

    A rolled rating (OPTIONAL 3) is a finisher rating like any other: with OPTIONAL 2 off
    it is not added ("in the normal manner"); the roll still decides a miss."""
    add = rating if st.game.opts.finisher_ratings else 0
    start_pin(st, 1 - st.attacker, add, finisher=True)


def step_finisher_roll(st: FilsingerState, action: Action) -> None:
    """ROLL FINISHERS: the roll is the finisher rating, unless it is a miss."""
    roll = ROLL_TOTAL[action.id]
    a = st.attacker
    rf = card(st, a).roll_finisher
    assert rf is not None and st.finisher is not None
    if roll in rf.miss:
        if st.record_events:
            st.emit("finisher_miss", wrestler=card(st, a).name, move=st.finisher.name, roll=roll)
        start_offense(st, 1 - a, 3)
        return
    rating = roll + rf.modifier
    if st.record_events:
        st.emit("finisher_rating", wrestler=card(st, a).name, move=st.finisher.name, rating=rating,
                roll=roll, added=st.game.opts.finisher_ratings)
    finisher_pin(st, rating)
