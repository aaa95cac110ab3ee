"""The decisions of the turn cycle: calling initiative (5.3), serving a penalty or ignoring a warning
(9.41, 9.42), keeping a Continuing Hold with a Power Surge or releasing it (8.41) and laying a card
face down on a reapplied Continuing Hold (10.11). The cycle itself is ``flow``.

Reads: C_PS, C_REC1, C_REC2, C_WILD, bout_over, dmg, g, holds, result, turn_no
Writes: callers, calls, hand, obligation, penalty, phase, surge, surge_turn, warned
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.wrasslin.core import (
    abilities,
    seat_name,
    strength,
    wrestler_of,
)
from turnbuckle.games.wrasslin.flow import continuous_damage, end_turn, new_bout, start_turn, upkeep
from turnbuckle.games.wrasslin.holds import break_hold
from turnbuckle.games.wrasslin.plays import recover, surge

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState


def do_call(st: WrasslinState, s: int, ci: int) -> None:
    st.callers.pop(0)
    number = st.g.cards[ci].initiative
    st.calls.append((s, number))
    if st.record_events:
        st.emit("initiative_call", seat=s, wrestler=seat_name(st, s), number=number)
    if st.callers:
        return
    first, number = min(st.calls, key=lambda c: c[1])  # ties: the earlier caller (5.3)
    st.obligation = next(c.index for c in st.g.cards if c.initiative == number)
    if st.record_events:
        st.emit("first_turn", seat=first, wrestler=seat_name(st, first), number=number)
    start_turn(st, first)


def do_penalty(st: WrasslinState, s: int, serve: bool) -> None:
    if serve:
        # 9.41: the turn is lost; once the penalty has elapsed he draws to fill his hand
        st.penalty[s] -= 1
        if st.record_events:
            st.emit("penalty_turn", seat=s, wrestler=seat_name(st, s), left=st.penalty[s])
        end_turn(st)
    else:
        # 9.42: ignore the warning and regain the lost turns, at the risk of disqualification
        st.warned[s] = st.penalty[s]
        st.penalty[s] = 0
        if st.record_events:
            st.emit("ignores_warning", seat=s, wrestler=seat_name(st, s), turns=st.warned[s])
        upkeep(st, s)


def accumulate(st: WrasslinState, s: int, ci: int) -> None:
    """10.11: the attacker lays a card face down: one more point of damage. A Recovery or Power Surge
    may be shown as it goes down, to remove his own damage or raise his Strength as well."""
    st.hand[s][ci] -= 1
    shown = False
    if ci in (st.C_REC1, st.C_REC2) and st.dmg[s] > 0 and abilities(st, s)[4] > 0:
        shown = True
        recover(st, s, -1, 1 if ci == st.C_REC1 else 2, st.g.cards[ci].name + " (shown face down)")
    elif ci == st.C_PS and st.surge_turn[s] != st.turn_no and wrestler_of(st, s).abilities(st.dmg[s])[3] > 0:
        shown = True
        st.surge[s] = wrestler_of(st, s).abilities(st.dmg[s])[3]
        st.surge_turn[s] = st.turn_no
        if st.record_events:
            st.emit("power_surge", seat=s, wrestler=seat_name(st, s), amount=st.surge[s], strength=strength(st, s))
    for r in st.holds:
        if r[0] == s and not r[4]:
            continuous_damage(st, s, r[1], r[2], ci, shown)
            break
    if st.result is None and not st.bout_over:
        st.phase = "main"
    elif st.bout_over:
        new_bout(st)


# -- the steps (steps.STEPS): the decision of the seat to move, by phase ---------------------
def step_initiative(st: WrasslinState, aid: int) -> None:
    """5.3: the seat calls the Initiative Number of a card in his hand."""
    do_call(st, st.current_player(), st.g.decode[aid][1])


def step_penalty(st: WrasslinState, aid: int) -> None:
    """9.41, 9.42: serve the penalty or ignore the warning."""
    do_penalty(st, st.current_player(), st.g.decode[aid][0] == "serve")


def step_upkeep(st: WrasslinState, aid: int) -> None:
    """8.41: keep a Continuing Hold or Pin with a Power Surge (or a Wild Card as one), or release it."""
    p = st.current_player()
    kind = st.g.decode[aid][0]
    if kind == "release":
        for r in [r for r in st.holds if r[0] == p]:
            break_hold(st, r, "released")
    else:
        surge(st, p, st.C_PS if kind == "play" else st.C_WILD)
    upkeep(st, p)


def step_accumulate(st: WrasslinState, aid: int) -> None:
    """10.11: lay a card face down on a reapplied Continuing Hold."""
    accumulate(st, st.current_player(), st.g.decode[aid][1])
