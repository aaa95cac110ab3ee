"""Defense: 3. PLAYING THE GAME's defense roll (stunned, a counter, or PIN) and the options a
stunned wrestler may have: LEAVING THE RING (OPTIONAL 6; not in a CAGE MATCH) and TAGGING OUT
ON DEFENSE (OPTIONAL 12).

Reads: legal
Writes: attacker, decider, level, phase, stun_entry, stun_level
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.filsinger import actions as A
from turnbuckle.games.filsinger.core import clear_pending
from turnbuckle.games.filsinger.entries import start_offense
from turnbuckle.games.filsinger.models import Counter, PinEntry, Stunned
from turnbuckle.games.filsinger.pins import start_pin
from turnbuckle.games.filsinger.tags import tag_partners

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.state import FilsingerState


def start_defense(st: FilsingerState, side: int, level: int) -> None:
    clear_pending(st)
    st.attacker = 1 - side
    st.level = level
    st.phase = "defense_roll"


def step_defense_roll(st: FilsingerState, action: Action) -> None:
    face = action.id + 1
    d = 1 - st.attacker
    game = st.game
    index = d * game.size + st.legal[d]
    entry = game.defense[index][st.level][face - 1]
    if st.record_events:
        st.emit("defense", side=d, wrestler=game.names[index], level=st.level, roll=face, text=entry.text)
    if isinstance(entry, Stunned):
        if not (entry.leave or entry.tag):  # only "stay": no decision (start_offense clears the slots)
            start_offense(st, st.attacker, entry.level)
            return
        st.stun_level = entry.level
        st.decider = d
        st.stun_entry = entry
        if len(defense_options(st, entry)) > 1:
            st.phase = "defense_choice"
        else:
            start_offense(st, st.attacker, entry.level)
    elif isinstance(entry, Counter):
        start_offense(st, d, entry.level)
    else:
        assert isinstance(entry, PinEntry)
        start_pin(st, d, 0)


def defense_options(st: FilsingerState, entry: Stunned | None = None) -> list[str]:
    """LEAVING THE RING (lv) and TAGGING OUT ON DEFENSE (tag): one or the other, or stay."""
    if entry is None:
        entry = st.stun_entry
        if entry is None:
            return [A.STAY]
    d = st.decider
    opts = st.game.opts
    out: list[str] = []
    if entry.leave and opts.leaving_ring and not st.game.cage:
        out.append(A.LEAVE_RING)
    if entry.tag and opts.tag_out_defense and st.game.size > 1 and tag_partners(st, d):
        out.append(A.TRY_TAG)
    return [*out, A.STAY]
