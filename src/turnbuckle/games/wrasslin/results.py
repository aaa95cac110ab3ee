"""Winning and losing (5.7, 12.42, 13.1, 14.3-14.6): submissions, disqualifications, eliminations
and the final result. (A tournament's next bout is ``flow.new_bout``; its draft and entries are
``tournament``.)

Reads: free_for_all, g, holds, stacks, team
Writes: bout_over, br, discard, dmg, draws, end_reason, enter_queue, entries, hand, out_order, phase, pos,
responders, result
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.wrasslin.core import (
    is_mobile,
    seat_name,
    to_discard,
    wrestler_of,
)
from turnbuckle.games.wrasslin.holds import break_hold
from turnbuckle.games.wrasslin.matchtypes import FLOOR, OUT, RING

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState


def check_submit(st: WrasslinState, s: int) -> None:
    if st.pos[s] == OUT or st.result is not None:
        return
    if st.dmg[s] >= wrestler_of(st, s).submit_at:
        if st.record_events:
            st.emit("submit", seat=s, wrestler=seat_name(st, s))
        lose(st, [s], "submitted")
    elif st.g.royal:
        br_check(st)


def lose(st: WrasslinState, seats: list[int], reason: str) -> None:
    if not seats or st.result is not None:
        return
    mt = st.g.match_type
    if not st.end_reason:
        st.end_reason = reason
    if st.record_events:
        st.emit("loses", seats=seats, wrestlers=[seat_name(st, s) for s in seats], reason=reason)
    if st.g.royal:
        for s in seats:
            eliminate(st, s, reason)
        return
    if mt == "tournament":
        for s in seats:
            retire(st, s)
        if not st.is_terminal():  # not ``st.result is None``: mypy still has it narrowed to None from above
            st.bout_over = True
        return
    if st.free_for_all and reason == "submitted":
        for s in seats:
            remove_from_match(st, s)
        check_team_out(st)
        return
    losing = {st.team[s] for s in seats}
    finish(st, {t for t in set(st.team) if t not in losing}, reason)


def check_team_out(st: WrasslinState) -> None:
    """12.42: the free-for-all ends when a whole team has submitted or is out of the ring together."""
    teams = set(st.team)
    out = {t for t in teams if all(st.pos[s] in (FLOOR, OUT) for s in range(st.g.players)
                                   if st.team[s] == t)}
    if out:
        finish(st, teams - out, "free-for-all")


def remove_from_match(st: WrasslinState, s: int) -> None:
    for ci, c in enumerate(st.hand[s]):
        st.discard[ci] += c
    st.hand[s] = [0] * len(st.hand[s])
    for e in st.entries[s]:
        to_discard(st, e[0])
    st.entries[s] = []
    st.dmg[s] = 0
    for r in [r for r in st.holds if s in (r[0], r[1])]:
        break_hold(st, r, "left the match")
    for b in [b for b in st.br if s in (b[0], b[1])]:
        st.br.remove(b)
        to_discard(st, b[3])
    st.draws = [d for d in st.draws if d != s]
    st.responders = [x for x in st.responders if x != s]
    st.pos[s] = OUT


def eliminate(st: WrasslinState, s: int, reason: str) -> None:
    if st.pos[s] == OUT:
        return
    if st.record_events:
        st.emit("eliminated", seat=s, wrestler=seat_name(st, s), reason=reason)
    if s not in st.out_order:
        st.out_order.append(s)
    if st.g.match_type == "tournament":
        retire(st, s)  # 14.6: a fresh Wrestler will enter from his stack
        return
    remove_from_match(st, s)
    br_check(st)


def br_check(st: WrasslinState) -> None:
    """13.1: the Battle Royal ends when only one Wrestler remains mobile in the ring (14.6: when only
    one player has Wrestlers left)."""
    if st.result is not None:
        return
    if st.g.match_type == "tournament":
        alive = [s for s in range(st.g.players) if st.pos[s] != OUT or st.stacks[s]]
        if len(alive) <= 1:
            finish(st, {st.team[s] for s in alive}, "last player with Wrestlers (14.5, 14.6)")
        return
    standing = [s for s in range(st.g.players) if st.pos[s] == RING and is_mobile(st, s)]
    if len(standing) <= 1:
        finish(st, {st.team[s] for s in standing}, "last wrestler standing")


def retire(st: WrasslinState, s: int) -> None:
    remove_from_match(st, s)
    if st.g.royal:
        if st.stacks[s] and s not in st.enter_queue:
            st.enter_queue.append(s)
        br_check(st)
        return
    if s not in st.enter_queue:
        st.enter_queue.append(s)
    if not st.stacks[s]:
        losers = [t for t in (0, 1) if not st.stacks[t] and st.pos[t] == OUT]
        finish(st, {t for t in (0, 1) if t not in losers}, "out of Wrestlers (14.5)")


def finish(st: WrasslinState, winners: set[int], reason: str) -> None:
    n = st.g.players
    if not st.end_reason or st.g.royal or not winners:
        st.end_reason = reason  # a draw is settled by its own reason (5.8), not an earlier free-for-all loss
    if not winners:
        st.result = [0.0] * n
    elif st.g.royal:
        st.result = [1.0 if st.team[s] in winners else -1.0 / (n - 1) for s in range(n)]
    else:
        # a team's +1/-1 shared by its members: zero-sum for singles, tag and the 2-vs-1 handicap
        size = {t: st.team.count(t) for t in set(st.team)}
        st.result = [(1.0 if st.team[s] in winners else -1.0) / size[st.team[s]] for s in range(n)]
    st.phase = "over"
    if st.record_events:
        st.emit("result", winners=sorted(winners), reason=reason, returns=st.result)
