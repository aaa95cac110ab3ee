"""What a seat may know of the match (the engine's ``observation``): every public fact, his own hand
and face-down cards, and, with the 11.5 errors rule, why each of his illegal options is illegal.

Reads: _errset, _legal, aside, base_att, base_def, base_kind, base_phys, base_ref, br, calls, chain, deck_n,
discard, dmg, drafted, entries, err_seat, free_for_all, g, hand, holds, out_count, passes, penalty, phase,
pool, pos, result, stacks, surge, team, turn, turn_no, warned, wid
Writes: -
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.games.wrasslin.core import (
    E_FACEDOWN,
    abilities,
    card_name,
    hold_name,
    hold_spec,
    is_mobile,
    seat_name,
    wrestler_of,
)
from turnbuckle.games.wrasslin.describe import hold_effect, specialty_effect
from turnbuckle.games.wrasslin.matchtypes import POSITION_NAMES
from turnbuckle.games.wrasslin.options import action_id
from turnbuckle.games.wrasslin.refusals import err_reason, error_reason

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState


def observation(st: WrasslinState, player: int) -> dict[str, Any]:
    g = st.g
    cards = g.cards

    def counts(row: list[int]) -> dict[str, int]:
        return {cards[i].name: c for i, c in enumerate(row) if c}

    wrestlers: list[dict[str, Any]] = []
    for s in range(g.players):
        if st.wid[s] < 0:
            wrestlers.append({"seat": s, "team": st.team[s], "wrestler": None})
            continue
        a = abilities(st, s)
        wrestlers.append({
            "seat": s,
            "team": st.team[s],
            "wrestler": seat_name(st, s),
            "alignment": "dirty" if wrestler_of(st, s).dirty else "good",
            "position": POSITION_NAMES[st.pos[s]],
            "damage": st.dmg[s],
            "strength": a[0],
            "agility": a[1],
            "skill": a[2],
            "power_surge": a[3],
            "recovery": a[4],
            "weight": wrestler_of(st, s).weight,
            "surge_bonus": st.surge[s],
            "mobile": is_mobile(st, s),
            "penalty": st.penalty[s],
            "ignoring_warning": st.warned[s],
            "ring_count": st.out_count[s],
            "hand_size": sum(st.hand[s]),
            "cards_in_play": [
                {
                    "card": cards[e[0]].name
                    if e[0] >= 0 and (e[3] != E_FACEDOWN or e[4] == player or e[4] < 0)
                    else ("face-down" if e[0] >= 0 else "-"),
                    "damage": e[2],
                    "kind": ("damage", "face-down", "exit")[e[3]],
                }
                for e in st.entries[s]
            ],
            "wrestlers_left": len(st.stacks[s]) if st.stacks else None,
            "submits_at": wrestler_of(st, s).submit_at,
            "manager": wrestler_of(st, s).manager,
            "specialties": [specialty_effect(sp) for sp in wrestler_of(st, s).specialties],
        })
    obs: dict[str, Any] = {
        "game": "wrasslin",
        "match_type": g.match_type,
        "player": player,
        "phase": st.phase,
        "current_player": st.current_player(),
        "turn": st.turn,
        "turn_number": st.turn_no,
        "hand": counts(st.hand[player]) if 0 <= player < g.players else {},
        "hand_sizes": [sum(h) for h in st.hand],
        "deck_size": st.deck_n,
        "passes": st.passes,
        "discard": counts(st.discard),
        "set_aside": counts(st.aside),
        "wrestlers": wrestlers,
        "holds": [
            {"attacker": r[0], "defender": r[1], "hold": hold_name(st, r[0], r[2]), "pin": bool(r[4]),
             "count": r[5], "limit": r[6], "effect": hold_effect(hold_spec(st, r[0], r[2]))}
            for r in st.holds
        ],
        "battle_royal_holds": [
            {"attacker": b[0], "victim": b[1], "hold": hold_name(st, b[0], b[2])} for b in st.br
        ],
        "play": None if not st.base_kind else {
            "kind": st.base_kind, "by": st.base_att, "on": st.base_def,
            "card": card_name(st, st.base_phys),
            "hold": hold_name(st, st.base_att, st.base_ref) if st.base_kind in ("hold", "reapply")
            else None,
            "effect": hold_effect(hold_spec(st, st.base_att, st.base_ref))
            if st.base_kind in ("hold", "reapply") else None,
            "responses": [{"kind": k, "card": card_name(st, c), "by": q} for k, c, q, _t in st.chain],
        },
        "calls": [list(c) for c in st.calls],
        "free_for_all": st.free_for_all,
        "result": st.result,
    }
    obs["pending_error"] = None if st.err_seat < 0 else {
        "by": st.err_seat, "wrestler": seat_name(st, st.err_seat), "reason": err_reason(st),
    }  # 11.5: an illegal play on the table, open to a challenge
    errors: dict[str, str] = {}
    if player == st.current_player() and g.errors_rule:
        st.legal_actions()
        for act in sorted(st._legal or [], key=action_id):
            if act.id in st._errset:
                errors[act.name] = error_reason(st, player, act)
    obs["errors"] = errors
    if g.draft:
        names = g.wrestlers
        obs["draft"] = {
            "pool": [names[w].name for w in st.pool],
            "drafted": [[names[w].name for w in d] for d in st.drafted],
        }
    return obs
