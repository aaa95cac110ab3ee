"""The constants and lookups every Filsinger rule family shares.

The phases and the chance-outcome id ranges (the dice of 3. PLAYING THE GAME and 5. PINS, the
opening roll-off, SIX OR EIGHT MAN TAGS' random partner); the legal man's card and PIN rating
(5. PINS), FATIGUE's token after a failed pin (OPTIONAL 1), and clearing the pending-step slots.

The fields themselves (LEVEL and attacker, the legal men, fatigue tokens, pin saves, distraction,
interference, ringside allies, injuries, the pending-step slots and the result) are declared on
``state.FilsingerState``, a plain data class; the rule families (``entries``, ``offense``,
``finishers``, ``defense``, ``tags``, ``chart_rolls``, ``disqualification``, ``pins``,
``results``, ``decisions``) are modules of functions over it, and ``steps.STEPS`` names the
function that resolves each phase.

Reads: legal
Writes: ally_in, chart, chart_me, choice_move, decider, dq_me, dq_rating, dq_then, dq_who, finisher,
letter, move, pin_add, pinned, stun_entry, stun_level, tag_target, tokens
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.filsinger import actions as A
from turnbuckle.games.filsinger.models import Card, Outcome

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.state import FilsingerState

BOTH = 2
"""``dq_who`` / ``winner`` value meaning both sides (double DQ or count out: a draw)."""

DECISION_PHASES = frozenset(
    {"ally_setup", "offense_choice", "chart_choice", "dis_choice", "choice", "defense_choice",
     "ally_choice", "pin_window"}
)
TWO_DICE_PHASES = frozenset(
    {"chart_roll", "choice_roll", "dq_roll", "countout_roll", "pin_roll", "tag_roll", "distract_roll",
     "feud_roll"}
)
ALLY_ATTACK = Outcome(kind="offense", who="opponent", level=3)
"""RINGSIDE ALLY: with no disqualification the ally tosses you back to the opponent (L3)."""
NOT_CHANCE = DECISION_PHASES | {"over"}
DICE_PHASES = TWO_DICE_PHASES | {"finisher_roll"}
"""Phases rolled with dice read as totals (``ROLL_TOTAL``); a 2d6 roll there is remembered for the Feud Table."""

# Chance outcome ids are the same in every match (``actions.build_table``): d6 faces 0-5, 2d6 sums
# 6-16, ordered 2d6 pairs 17-52, the roll-off 53-54, defensive-tag partners from 55.
D6_IDS = (0, 6)
SUM_IDS = (6, 17)
PAIR_IDS = (17, 53)
FIRST_IDS = (53, 55)
PARTNER_BASE = 55
NO_IDS = (0, 0)
CHANCE_NAMES: tuple[str, ...] = (
    *(A.d6_name(f) for f in range(1, 7)),
    *(A.sum_name(t) for t in range(2, 13)),
    *(A.pair_name(a, b) for a in range(1, 7) for b in range(1, 7)),
    "first=0",
    "first=1",
    *(f"partner={k}" for k in range(1, A.MAX_PARTNERS + 1)),
)
"""Each chance id's name: an action is an outcome here when its id is in range and its name matches."""
ROLL_TOTAL: tuple[int, ...] = (
    *range(1, 7), *range(2, 13), *(a + b for a in range(1, 7) for b in range(1, 7))
)
"""The number rolled, by dice outcome id."""
ROLL_DOUBLES: tuple[bool, ...] = (False,) * 17 + tuple(a == b for a in range(1, 7) for b in range(1, 7))
"""Whether a 2d6 outcome (id >= 6) was doubles (Feud Table); sums never count as doubles."""
FIXED_CHANCE_IDS: dict[str, tuple[int, int]] = {
    "first": FIRST_IDS, "offense_roll": D6_IDS, "defense_roll": D6_IDS,
    **{phase: NO_IDS for phase in NOT_CHANCE},
}


def in_ring(st: FilsingerState, side: int) -> int:
    """Card index of the side's legal man."""
    return side * st.game.size + st.legal[side]


def card(st: FilsingerState, side: int) -> Card:
    return st.game.cards[side * st.game.size + st.legal[side]]


def pin_rating(st: FilsingerState, side: int, add: int = 0) -> int:
    """The number the pinned wrestler must roll above: card rating + tokens + injury + add."""
    index = side * st.game.size + st.legal[side]
    return st.game.base_pin[index] + st.tokens[index] + add


def fatigue(st: FilsingerState, side: int) -> None:
    """FATIGUE: one token after each unsuccessful pin attempt."""
    if st.game.opts.fatigue:
        st.tokens[in_ring(st, side)] += 1
        if st.record_events:
            st.emit("fatigue", wrestler=card(st, side).name, pin=pin_rating(st, side),
                    tokens=st.tokens[in_ring(st, side)])


def clear_pending(st: FilsingerState) -> None:
    """Back to plain offense/defense: reset every pending slot, so equal situations are
    equal states (the exact-odds solver merges them)."""
    st.decider = 0
    st.move = None
    st.chart = ""
    st.chart_me = 0
    st.ally_in = False
    st.letter = ""
    st.choice_move = None
    st.finisher = None
    st.dq_who = 0
    st.dq_rating = 0
    st.dq_then = None
    st.dq_me = 0
    st.stun_level = 0
    st.stun_entry = None
    st.tag_target = 0
    st.pinned = 0
    st.pin_add = 0
