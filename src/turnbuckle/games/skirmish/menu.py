"""Ring skirmish maneuver menu (SK-4, SK-7.1, SK-7.3): costs and the maneuvers a wrestler may declare now.

The maneuvers a wrestler may declare: its own, unused, affordable, requirements met, target in reach.

Reads: active, corner, left, models, pend, pool, tag_double, used
Writes: -
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import Model, opponents_of

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


def maneuver_cost(st: SkirmishState, player: int, mi: int) -> int:
    m = st.game.maneuvers[mi]
    cost = m.cost
    if "tag" in m.effects and st.tag_double[player]:
        cost *= 2
    return cost


def maneuver_options(st: SkirmishState, player: int, counter: bool) -> list[tuple[int, tuple[int, int, str]]]:
    """Every maneuver ``player`` may declare now: (action id, (maneuver, target model, stat))."""
    g = st.game
    mi_model = st.active[player]
    me = st.models[mi_model]
    if not me.in_ring:
        return []
    budget = st.left[player] + (st.pool[player] if counter else 0)
    used = st.used[player]
    out: list[tuple[int, tuple[int, int, str]]] = []
    targets = [st.pend["attacker_model"]] if counter else [st.active[p] for p in opponents_of(st, player)]
    partner = partner_of(st, player)
    doubled = st.tag_double[player]
    reach: dict[int, bool] = {}  # per target: in range and in the front arc (SK-7.1)
    for mi in g.own_sorted[me.wrestler]:
        if mi in used:
            continue
        m = g.maneuvers[mi]
        if (m.cost * 2 if doubled and "tag" in m.effects else m.cost) > budget:
            continue
        req = m.requires
        if req:
            if "jockey" in req and not me.jockeyed:
                continue
            if "staggered_self" in req and not me.staggered:
                continue
            if "partner" in req and partner < 0:
                continue
            if "self_in_corner" in req and not geo.completely_within_corner(me.pos, me.r, st.corner[player]):
                continue
        if m.kind in ("move", "special"):
            if counter:
                continue
            out.append((g.maneuver_action[(mi, -1, "")], (mi, -1, "")))
            continue
        for t in targets:
            d = st.models[t]
            if not d.in_ring or d.player == player:
                continue
            if "staggered_defender" in req and not d.staggered:
                continue
            if "defender_in_corner" in req and not geo.completely_within_corner(d.pos, d.r, st.corner[player]):
                continue
            near = reach.get(t)
            if near is None:
                near = reach[t] = can_attack(me, d, "either")
            if not near or (m.arc != "either" and not can_attack(me, d, m.arc)):
                continue
            for stat in m.stats:
                out.append((g.maneuver_action[(mi, d.player, stat)], (mi, t, stat)))
    return out


def can_attack(me: Model, d: Model, arc: str) -> bool:
    """SK-7.1 range and front arc; SK-7.3 where the attacker stands relative to the defender."""
    if not geo.gap_within(me.pos, me.r, d.pos, d.r, geo.REACH):
        return False
    if not geo.partly_front(me.pos, me.facing, d.pos, d.r):
        return False
    if arc == "front":
        return geo.completely_front(d.pos, d.facing, me.pos, me.r)
    if arc == "back":
        return geo.completely_back(d.pos, d.facing, me.pos, me.r)
    return True


def partner_of(st: SkirmishState, player: int) -> int:
    if st.game.per_side < 2:
        return -1
    for i in st.game.team(player):
        if i != st.active[player]:
            return i
    return -1
