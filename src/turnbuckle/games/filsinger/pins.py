"""Pins: 5. PINS (the pinned man rolls over his PIN rating or loses; in a CAGE MATCH, escaping the
cage), with what may be tried first: PIN SAVES IN TAG MATCHES (OPTIONAL 13), DISTRACTOR RATINGS
(OPTIONAL 15) and OUTSIDE INTERFERENCE (OPTIONAL 16); a failed pin is a fatigue token (OPTIONAL 1).

Reads: -
Writes: attacker, decider, distract_used, interfere_used, phase, pin_add, pinned, saves_left
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.filsinger import actions as A
from turnbuckle.games.filsinger.core import ROLL_TOTAL, card, fatigue, pin_rating
from turnbuckle.games.filsinger.entries import start_chart, start_offense
from turnbuckle.games.filsinger.results import end

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.state import FilsingerState


def start_pin(st: FilsingerState, pinned: int, add: int, finisher: bool = False) -> None:
    st.pinned = pinned
    st.pin_add = add
    st.attacker = 1 - pinned
    if st.record_events:
        st.emit("pin", wrestler=card(st, pinned).name, by=card(st, 1 - pinned).name,
                rating=pin_rating(st, pinned, add), finisher=finisher, cage=st.game.cage)
    st.decider = pinned
    st.phase = "pin_window" if len(pin_options(st)) > 1 else "pin_roll"


def pin_options(st: FilsingerState) -> list[str]:
    """PIN SAVES, DISTRACTOR RATINGS, OUTSIDE INTERFERENCE: tried before the pin roll."""
    p = st.pinned
    opts = st.game.opts
    out = [A.ROLL_PIN]
    if opts.pin_saves and st.game.size > 1 and st.saves_left[p] > 0:
        out.append(A.PIN_SAVE)
    if opts.distractor and not st.distract_used[p]:
        out.append(A.DISTRACT)
    if opts.interference and not st.interfere_used[p]:
        out.append(A.INTERFERE)
    return out


def step_pin_window(st: FilsingerState, action: Action) -> None:
    """The pinned man's choice before the pin roll (``pin_options``)."""
    name = action.name
    p = st.pinned
    if name == A.ROLL_PIN:
        st.phase = "pin_roll"
    elif name == A.PIN_SAVE:
        st.saves_left[p] -= 1
        if st.record_events:
            st.emit("pin_save", side=p, wrestler=card(st, p).name, left=st.saves_left[p])
        start_chart(st, "pin_saves", p)
    elif name == A.DISTRACT:
        st.distract_used[p] = True
        rating = st.game.distractor_rating(card(st, p))
        if st.record_events:
            st.emit("distraction", wrestler=card(st, p).name, by=card(st, p).manager or "a ringside friend",
                    rating=rating)
        st.phase = "distract_roll"
    else:
        st.interfere_used[p] = True
        if st.record_events:
            st.emit("interference", side=p, wrestler=card(st, p).name)
        start_chart(st, "interference", p)


def step_distract_roll(st: FilsingerState, action: Action) -> None:
    roll = ROLL_TOTAL[action.id]
    p = st.pinned
    rating = st.game.distractor_rating(card(st, p))
    if roll <= rating:
        if st.record_events:
            st.emit("distraction_works", wrestler=card(st, p).name, roll=roll)
        fatigue(st, p)
        start_offense(st, 1 - p, 3)
    else:
        if st.record_events:
            st.emit("distraction_fails", wrestler=card(st, p).name, roll=roll)
        st.phase = "pin_roll"


def step_pin_roll(st: FilsingerState, action: Action) -> None:
    roll = ROLL_TOTAL[action.id]
    p = st.pinned
    rating = pin_rating(st, p, st.pin_add)
    if roll <= rating:
        end(st, 1 - p, "escape" if st.game.cage else "pin", p, roll=roll, rating=rating)
        return
    if st.record_events:
        st.emit("kick_out", wrestler=card(st, p).name, by=card(st, 1 - p).name, roll=roll, rating=rating,
                cage=st.game.cage)
    fatigue(st, p)
    start_offense(st, 1 - p, 3)
