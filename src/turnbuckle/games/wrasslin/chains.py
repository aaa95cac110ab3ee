"""Answering a play (5.6, 8.x, 9.x): the Reactions, Power Surges, Outside Influence and count calls
of the seat asked, and challenges (11.5) that put the match back to before an illegal play. Asking
the next seat and resolving the chain are ``flow``'s.

Reads: C_BLOCK, C_DIS, C_IB, C_IR, C_LSC, C_PS, C_REF, C_REVERSE, C_SPEC, C_WILD, dmg, err_action, err_seat,
err_snap, g, hand, plays, team
Writes: _legal, chain, pending, phase, refused, responders
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.wrasslin.core import (
    clear_error,
    seat_name,
    strength,
    surge_rating,
    take,
    wrestler_of,
)
from turnbuckle.games.wrasslin.flow import next_responder, queue_after, resolve
from turnbuckle.games.wrasslin.options import decisions, effective, referee_target
from turnbuckle.games.wrasslin.refusals import err_reason

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState


def do_response(st: WrasslinState, q: int, kind: str, arg: int) -> None:
    g = st.g
    if kind == "pass":
        st.responders.pop(0)
        next_responder(st)
        return
    if kind == "challenge":
        challenge(st, q)
        return
    if st.err_seat >= 0 and st.team[st.err_seat] != st.team[q]:
        clear_error(st)  # 11.5: an opponent has played a card: the illegal play stands
    if kind in ("long", "short", "long_wild", "short_wild"):
        phys = st.C_LSC if kind in ("long", "short") else st.C_WILD
        take(st, q, phys)
        eff, _ = effective(st)
        standing = [i for i, it in enumerate(st.chain) if it[0] in ("long", "short") and eff[i]]
        st.chain.append((kind.split("_")[0], phys, q, standing[-1] if standing else -1))
        if st.record_events:
            st.emit("count_call", seat=q, wrestler=seat_name(st, q), call=kind.split("_")[0],
                      counter=bool(standing))
        st.responders = queue_after(st, q)
        next_responder(st)
        return
    if kind == "react_spec":
        phys = st.C_SPEC if st.hand[q][st.C_SPEC] else st.C_WILD
        ci = st.C_REF
    else:
        ci = arg
        phys = arg if kind == "react" else st.C_WILD
    take(st, q, phys)
    eff, hits = effective(st)
    name = g.cards[ci].name
    if ci == st.C_PS:
        rating = wrestler_of(st, q).abilities(st.dmg[q])[3]
        surge_rating(st, q)
        st.chain.append(("surge", phys, q, -1))
        if st.record_events:
            st.emit("power_surge", seat=q, wrestler=seat_name(st, q), amount=rating, strength=strength(st, q),
                      reaction=True)
        st.responders = [q, *queue_after(st, q)]
        next_responder(st)
        return
    if ci in (st.C_BLOCK, st.C_REVERSE):
        st.chain.append(("block" if ci == st.C_BLOCK else "reverse", phys, q, -1))
        if st.record_events:
            st.emit("reaction", seat=q, wrestler=seat_name(st, q), card=name)
        if st.err_seat >= 0 and st.team[st.err_seat] == st.team[q]:
            # 11.5: an illegal red card waits for the other side's challenge (nothing else answers it)
            st.responders = [t for t in queue_after(st, q) if st.team[t] != st.team[q]]
            next_responder(st)
            return
        resolve(st)  # 8.32: there is no counter to a red Reaction card
        return
    if ci in (st.C_IB, st.C_IR):
        st.chain.append(("iblock" if ci == st.C_IB else "ireverse", phys, q, -1))
    elif ci == st.C_REF:
        target = referee_target(st, q, eff, hits)
        st.chain.append(("referee", phys, q, target[0] if target else -1))
        if kind == "react_spec":
            name = "Specialty Referee"
    elif ci == st.C_DIS:
        tgt = -1
        for i in range(len(st.chain) - 1, -1, -1):
            if eff[i] and st.chain[i][0] == "referee":
                tgt = i
                break
        st.chain.append(("distraction", phys, q, tgt))
    if st.record_events:
        st.emit("outside_influence", seat=q, wrestler=seat_name(st, q), card=name)
    st.responders = queue_after(st, q)
    next_responder(st)


def challenge(st: WrasslinState, q: int) -> None:
    """11.5: an illegal play spotted before any opposing card is played is refused: the match goes back
    to just before it, and the player chooses again (that play is not offered again this turn)."""
    s, reason, refused = st.err_seat, err_reason(st), st.err_action
    snap = st.err_snap
    assert snap is not None
    snap._copy_into(st)  # every field but the engine's (history, events) back as it was before the play
    st.refused.append((s, refused))
    if st.phase == "target" and st.pending is not None and not decisions(st, errors=st.g.errors_rule):
        # every target of that Hold refused: back to the choice of play, without that Hold
        st.phase = "dt_hold" if st.pending[0] == "dt" else "main"
        st.pending = None
        if st.plays:
            st.refused.append((s, st.plays[-1]))
    st._legal = None
    if st.record_events:
        st.emit("challenge", seat=q, wrestler=seat_name(st, q), offender=seat_name(st, s), reason=reason)


def step_respond(st: WrasslinState, aid: int) -> None:
    """The seat asked answers the play (a Reaction, Outside Influence, a count call, a challenge) or passes."""
    kind, arg = st.g.decode[aid]
    do_response(st, st.current_player(), kind, arg)
