"""The defensive tag: TAGGING OUT ON DEFENSE (OPTIONAL 12: regular partners or members of the same
group) and SIX OR EIGHT MAN TAG MATCHES (the partner he tries to reach is random). Tagging out on
offense (8. TAG TEAM RULES) is a decision (``decisions``).

Reads: decider, stun_level
Writes: just_tagged, legal, phase, tag_target
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.filsinger.core import PARTNER_BASE, ROLL_TOTAL, card, in_ring
from turnbuckle.games.filsinger.entries import start_offense

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.state import FilsingerState


def tag_partners(st: FilsingerState, side: int) -> list[int]:
    """Teammates the legal man may tag on defense (regular partners or same group)."""
    me = in_ring(st, side)
    return [c for c in st.game.teams[side] if c != me and st.game.relation[me][c] > 0]


def start_tag_attempt(st: FilsingerState, side: int) -> None:
    others = len(st.game.teams[side]) - 1
    if others > 1:
        st.phase = "tag_target"
    else:
        tag_target(st, 1)


def step_tag_target(st: FilsingerState, action: Action) -> None:
    """SIX OR EIGHT MAN TAGS: the random partner drawn (``partner=k``)."""
    tag_target(st, action.id - PARTNER_BASE + 1)


def tag_target(st: FilsingerState, k: int) -> None:
    """SIX OR EIGHT MAN TAGS: the defensive tag goes for a random partner."""
    side = st.decider
    me = in_ring(st, side)
    others = [c for c in st.game.teams[side] if c != me]
    target = others[k - 1]
    st.tag_target = target
    need = st.game.relation[me][target]
    if st.record_events:
        st.emit("tag_try", wrestler=card(st, side).name, partner=st.game.cards[target].name, need=need)
    if need == 0:
        start_offense(st, 1 - side, st.stun_level)
        return
    st.phase = "tag_roll"


def step_tag_roll(st: FilsingerState, action: Action) -> None:
    roll = ROLL_TOTAL[action.id]
    side = st.decider
    me = in_ring(st, side)
    need = st.game.relation[me][st.tag_target]
    target = st.tag_target
    if roll <= need:
        old = card(st, side).name
        st.legal[side] = st.game.teams[side].index(target)
        st.just_tagged[side] = True
        if st.record_events:
            st.emit("tag", side=side, out=old, wrestler=card(st, side).name, level=1, defense=True, roll=roll)
        start_offense(st, side, 1)
    else:
        if st.record_events:
            st.emit("tag_failed", wrestler=card(st, side).name, roll=roll, need=need)
        start_offense(st, 1 - side, st.stun_level)
