"""Drawing (5.2, 5.4 B): a card drawn from the deck (chance), the 5.1 and 12.5 redraws; and re-dealing
what a player cannot see, for search (``determinize``). Reshuffles and the 5.8 draw after two passes
through the deck are ``flow.prepare_draw``.

Reads: C_DT, C_TAG, g
Writes: aside, deck, deck_n, discard, draws, hand
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from turnbuckle.games.wrasslin.core import (
    E_FACEDOWN,
)
from turnbuckle.games.wrasslin.flow import prepare_draw

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState


def step_draw(st: WrasslinState, ci: int) -> None:
    s = st.draws.pop(0)
    st.deck[ci] -= 1
    st.deck_n -= 1
    g = st.g
    redraw = ci in (st.C_TAG, st.C_DT) and (
        (g.match_type in ("singles", "tournament") and g.tag_cards == "redraw")
        or (g.match_type == "handicap" and s == 0)
    )
    if redraw:
        # 5.1 alternative: set aside and draw again; 12.5: the solo Wrestler discards and replaces
        if g.match_type == "handicap":
            st.discard[ci] += 1
        else:
            st.aside[ci] += 1
        st.draws.insert(0, s)
    else:
        st.hand[s][ci] += 1
    prepare_draw(st)


def determinize(st: WrasslinState, player: int, rng: random.Random) -> WrasslinState:
    """Re-deal every card ``player`` cannot see (other hands, face-down Hold cards, the deck) from the
    unseen multiset, keeping hand sizes and every public card in place."""
    other = st.clone()
    other.record_events = False
    pool = list(other.deck)
    others = [s for s in range(st.g.players) if s != player]
    for s in others:
        for ci, c in enumerate(other.hand[s]):
            pool[ci] += c
    hidden: list[tuple[int, int]] = []
    for s in range(st.g.players):
        for j, e in enumerate(other.entries[s]):
            if e[3] == E_FACEDOWN and e[4] >= 0 and e[4] != player and e[0] >= 0:
                pool[e[0]] += 1
                hidden.append((s, j))
    total = sum(pool)
    k = len(pool)

    def deal() -> int:
        nonlocal total
        point = rng.randrange(total)
        for ci, c in enumerate(pool):
            if point < c:
                pool[ci] -= 1
                total -= 1
                return ci
            point -= c
        raise AssertionError("empty pool")

    for s in others:
        size = sum(other.hand[s])
        new = [0] * k
        # keep a first player's called card in his hand (5.3: it was announced)
        ob = other.obligation
        if ob >= 0 and s == other.turn and other.turn_no == 1 and other.hand[s][ob] and pool[ob]:
            pool[ob] -= 1
            total -= 1
            new[ob] += 1
            size -= 1
        for _ in range(size):
            new[deal()] += 1
        other.hand[s] = new
    for s, j in hidden:
        e = other.entries[s][j]
        other.entries[s][j] = (deal(), e[1], e[2], e[3], e[4])
    other.deck = pool
    other.deck_n = total
    other._legal = None
    if other.err_snap is not None:
        # 11.5: the state a challenge would restore must not tell a searcher the true hands either
        other.err_snap = determinize(other.err_snap, player, rng)
    return other
