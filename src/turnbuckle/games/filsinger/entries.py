"""The start of a match (the RINGSIDE ALLY question, OPTIONAL 14, then the roll-off) and the three
phase entries that rule families on both sides of a call call: going on offense
(with 8. TAG TEAM RULES' tag-out window), being thrown to a chart (4. CHARTS; the RINGSIDE ALLY,
OPTIONAL 14, may wait outside the ring) and a disqualification or count-out threat
(7. DISQUALIFICATIONS). Each sets the pending slots and the phase whose step (``steps.STEPS``)
resolves the next action; living below every family, they let any family start any of them
without an import cycle.

Reads: ally_ringside, just_tagged
Writes: ally_in, ally_queue, attacker, chart, chart_me, decider, dq_me, dq_rating, dq_then, dq_who,
level, move, phase
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.filsinger.core import BOTH, card, clear_pending
from turnbuckle.games.filsinger.models import Move, Outcome

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.state import FilsingerState


def start_match(st: FilsingerState) -> None:
    """The opening: each singles wrestler with an ally says (in turn) whether he brings him to
    ringside (RINGSIDE ALLY); then the roll-off for who starts on offense."""
    game = st.game
    if st.record_events:
        st.emit("start", sides=[game.side_names(0), game.side_names(1)], match=game.match_type)
    if game.opts.ringside_ally and game.size == 1:
        st.ally_queue = [s for s in (0, 1) if game.cards[s].allies]
    if st.ally_queue:
        st.phase = "ally_setup"
        st.decider = st.ally_queue.pop(0)


def start_offense(st: FilsingerState, side: int, level: int, window: bool = True) -> None:
    """TAG TEAM RULES: a wrestler on offense may tag out instead of rolling ("at any time
    when he is on offense": before every offense roll, re-rolls included), except a man
    just tagged in, who rolls once first."""
    clear_pending(st)
    st.attacker = side
    st.level = level
    if window and st.game.size > 1 and not st.just_tagged[side]:
        st.phase = "offense_choice"
        st.decider = side
    else:
        st.phase = "offense_roll"


def start_chart(st: FilsingerState, chart: str, me: int, thrown: bool = False) -> None:
    """Roll on a chart (``me`` rolls); thrown out of the ring with the opponent's ally ringside,
    the opponent first decides whether the ally attacks (RINGSIDE ALLY)."""
    st.chart = chart
    st.chart_me = me
    st.ally_in = False
    game = st.game
    if st.record_events:
        st.emit("chart", chart=chart, wrestler=card(st, me).name, title=game.chart_title(chart),
                rating=game.chart_rating(card(st, me), chart))
    opp = 1 - me
    if chart == "ring" and thrown and game.opts.ringside_ally and st.ally_ringside[opp] and game.size == 1:
        st.phase = "ally_choice"
        st.decider = opp
        return
    st.phase = "chart_roll"


def start_dq(st: FilsingerState, who: int, rating: int, then: Outcome | None, me: int, countout: bool,
             move: Move | None = None) -> None:
    """A disqualification (or count-out) roll against ``rating``; surviving it, ``then`` (a chart
    row's instruction, rolled by ``me``) goes on, or the DISQUALIFICATION MOVE ``move`` lands."""
    st.dq_who = who
    st.dq_rating = rating
    st.dq_then = then
    st.dq_me = me
    st.move = move
    names = "both" if who == BOTH else card(st, who).name
    if st.record_events:
        st.emit("countout_threat" if countout else "dq_threat", wrestler=names, rating=rating)
    st.phase = "countout_roll" if countout else "dq_roll"
