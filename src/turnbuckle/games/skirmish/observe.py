"""Ring skirmish observations and results (SK-3.2, SK-8): what each seat sees, who won and how.

Everything is public except a bid before the reveal; ``determinize`` re-samples only that.

Reads: bid, bid_in, corner, flaunt_pin, how, left, models, order, pend, phase, pool, revealed, round,
    tag_double, turn_index, used, winner
Writes: -
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from turnbuckle.engine.result import MatchResult, Method
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import OVER, PHASE_NAMES
from turnbuckle.games.skirmish.prompts import prompt

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


def returns(st: SkirmishState) -> list[float]:
    n = st.game.players
    if st.winner < 0:
        return [0.0] * n
    lose = -1.0 / (n - 1)
    return [1.0 if p == st.winner else lose for p in range(n)]


def match_result(st: SkirmishState) -> MatchResult | None:
    if st.phase != OVER:
        return None
    g = st.game
    if st.winner < 0:
        return MatchResult.from_returns(g.sides(), returns(st), method=Method.TIME_LIMIT,
                                        detail=f"no pinfall in {g.max_rounds} rounds")
    return MatchResult.from_returns(g.sides(), returns(st), method=Method.PIN, detail=st.how,
                                    extra={"round": st.round})


def observation(st: SkirmishState, player: int) -> dict[str, Any]:
    """Everything is public except a bid before the reveal (SK-3.2)."""
    g = st.game
    pend = st.pend
    players = []
    for p in range(g.players):
        show_bid = st.revealed or p == player
        players.append({
            "player": p,
            "label": g.player_label(p),
            "corner": st.corner[p] or None,
            "pool": st.pool[p],
            "bid": st.bid[p] if show_bid and st.bid_in[p] else None,
            "bid_submitted": st.bid_in[p],
            "bid_left": st.left[p] if st.revealed else None,
            "used": sorted(g.maneuvers[i].name for i in st.used[p]),
            "flaunt_pin_dice": st.flaunt_pin[p],
            "tag_cost_doubled": st.tag_double[p],
        })
    models = []
    for i, m in enumerate(st.models):
        prof = g.profiles[m.wrestler]
        models.append({
            "model": i, "name": prof.name, "player": m.player,
            "x": m.x / geo.UNIT, "y": m.y / geo.UNIT, "facing": [m.fx, m.fy], "base": 2 * m.r / geo.UNIT,
            "end": m.end, "end_start": prof.END, "staggered": m.staggered, "in_ring": m.in_ring,
            "corner": st.corner[m.player] or None,
        })
    obs: dict[str, Any] = {
        "game": g.name, "player": player, "match_type": g.match_type, "round": st.round,
        "max_rounds": g.max_rounds, "phase": PHASE_NAMES[st.phase],
        "current_player": st.current_player(), "order": st.order if st.revealed else [],
        "turn_player": st.order[st.turn_index] if st.revealed and 0 <= st.turn_index < len(st.order)
        else None,
        "players": players, "models": models, "winner": st.winner if st.phase == OVER else None,
    }
    if pend:
        shown = ("player", "model", "target", "stat", "a_hits", "d_hits", "count", "limit", "mover", "sdv",
                 "counter", "a_dice", "d_dice", "via")
        public: dict[str, Any] = {k: pend[k] for k in shown if k in pend}
        if "man" in pend:
            public["maneuver"] = g.maneuvers[pend["man"]].name
        if "limit" in public:
            public["limit"] = public["limit"] / geo.UNIT
        obs["pending"] = public
    obs["prompt"] = prompt(st)
    return obs


def determinize(st: SkirmishState, player: int, rng: random.Random) -> SkirmishState:
    """Re-sample what ``player`` cannot see: other players' bids submitted but not yet revealed."""
    copy = st.clone()
    if not st.revealed:
        for p in range(st.game.players):
            if p != player and st.bid_in[p]:
                copy.bid[p] = rng.randint(0, st.pool[p])
    return copy
