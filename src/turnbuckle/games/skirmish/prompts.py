"""Ring skirmish decision prompts: each pending decision's facts in words, from public facts only (SK-3.2).

The words of each decision: turns (SK-7.1), boosts (SK-5), counters (SK-7.7), moves and facing (SK-6).

Reads: active, bid_in, chooser, corner, left, models, pend, phase, pool, used
Writes: -
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import (
    BID,
    BOOST,
    CHANCE_PHASES,
    CORNER,
    COUNTER,
    DEST,
    FACE,
    FLAUNT_CAP,
    FLAUNT_EFFECT,
    MAX_AP,
    OVER,
    PIN_COUNT,
    PLACE,
    PUSH,
    ROUTE,
    STARTER,
    TURN,
    name_of,
    opponents_of,
)

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


def prompt(st: SkirmishState) -> str | None:
    """The facts the pending decision needs. The same words for every seat, built from public facts
    only: an unrevealed bid never appears (SK-3.2), so observations still differ only there."""
    g = st.game
    phase = st.phase
    if phase == OVER or phase in CHANCE_PHASES:
        return None
    p = st.chooser
    who = g.player_label(p)
    pend = st.pend
    if phase == STARTER:
        team = [g.profiles[i].name for i in g.team(p)]
        return (f"{who}: choose who starts in the ring (SK-12): starter 1 = {team[0]}, starter 2 = {team[1]}; "
                f"the other waits outside for a Tag")
    if phase == CORNER:
        taken = [f"{c} ({g.player_label(q)})" for q, c in enumerate(st.corner) if c]
        return (f"{who}: choose a corner; your wrestler sets up 6 inches out along its diagonal"
                + (f" (taken: {', '.join(taken)})" if taken else ""))
    if phase == BID:
        done = [g.player_label(q) for q in range(g.players) if st.bid_in[q]]
        return (f"{who}: bid in secret from your pool of {st.pool[p]} AP (at most {MAX_AP}); the lowest bid "
                f"moves first (ties: a roll-off). Only bid AP pay for your maneuvers and boosts; unspent bid AP "
                f"go back to the pool at the end of the round"
                + (f". Already bid (hidden until all are in): {', '.join(done)}" if done else ""))
    if phase == TURN:
        return turn_prompt(st, p)
    if phase == BOOST:
        return boost_prompt(st, p)
    if phase == COUNTER:
        attacker = name_of(st, pend["attacker_model"])
        return (f"{name_of(st, st.active[p])} blocked {attacker}'s attack: counter at once against "
                f"{attacker} (P{pend['attacker']}) or not; a counter costs bid AP ({st.left[p]} left) and "
                f"pool AP ({st.pool[p]}), pool first, and cannot itself be countered (SK-7.7)")
    if phase == ROUTE:
        return (f"Whip: {name_of(st, pend['mover'])} goes up to {pend['limit'] / geo.UNIT:g} inches; send it "
                f"'direct' or 'via rope' (it bounces off that rope on the way: 2 END), then choose where it ends")
    if phase == DEST:
        mover = name_of(st, pend["mover"])
        how = "is whipped" if pend.get("forced") else "moves"
        via = f" off the {pend['via']} rope" if pend.get("via") else ""
        rope = " (against the ropes: 2 END)" if pend.get("forced") else ""
        return (f"{mover} {how}{via} up to {pend['limit'] / geo.UNIT:g} inches: choose where it ends{rope}. "
                f"'move X Y': inches east and north of the SW corner; 'to Pk b2b B': base contact with "
                f"seat k's model, B degrees clockwise from its front (90 = its right, 180 = behind); "
                f"'to Pk 2in B': 2 inches "
                f"from it; 'rope N': straight to that rope; 'stay'")
    if phase == FACE:
        return facing_prompt(st)
    if phase == PUSH:
        limit = min(20 * pend["sdv"], pend["stop"]) / geo.UNIT
        rope = (", as far as it can go: a model or the ropes stop it there (the ropes: 2 END)"
                if pend["stop"] <= 20 * pend["sdv"] else "")
        return (f"{g.maneuvers[pend['man']].name} connects, SDV {pend['sdv']}: push "
                f"{name_of(st, pend['target'])} straight away from {name_of(st, pend['model'])} 0 to "
                f"{limit:.1f} inches ('push max' = {limit:.1f} inches{rope})")
    if phase == PLACE:
        return (f"{g.maneuvers[pend['man']].name}: place {name_of(st, pend['target'])} in base contact in "
                f"{name_of(st, pend['model'])}'s back arc: 'place rear B', B degrees clockwise from straight "
                f"behind (0)")
    if phase == FLAUNT_EFFECT:
        chosen = ", ".join(pend["chosen"]) or "none yet"
        left = pend["hits"] - len(pend["chosen"])
        return (f"{g.maneuvers[pend['man']].name}: {pend['hits']} hit{'s' if pend['hits'] != 1 else ''}, "
                f"choose {left} more distinct "
                f"effect{'s' if left != 1 else ''} (chosen: {chosen})")
    return None


def turn_prompt(st: SkirmishState, p: int) -> str:
    """Your AP and every opponent in the ring: how far, and whether it is in reach and in front (SK-7.1)."""
    g = st.game
    me = st.models[st.active[p]]
    used = ", ".join(sorted(g.maneuvers[i].name for i in st.used[p])) or "none"
    foes = []
    for q in opponents_of(st, p):
        d = st.models[st.active[q]]
        if not d.in_ring:
            continue
        gap = geo.gap_inches(me.pos, me.r, d.pos, d.r)
        reach = "in reach" if geo.gap_within(me.pos, me.r, d.pos, d.r, geo.REACH) else "out of reach"
        front = "in your front arc" if geo.partly_front(me.pos, me.facing, d.pos, d.r) else "not in front of you"
        side = ("you are behind it" if geo.completely_back(d.pos, d.facing, me.pos, me.r) else
                "you are in front of it" if geo.completely_front(d.pos, d.facing, me.pos, me.r) else "")
        state = f"END {d.end}{', staggered' if d.staggered else ''}"
        foes.append(f"P{q} = {g.profiles[d.wrestler].name} ({state}; {gap:.1f} inches, {reach}, {front}"
                    + (f", {side}" if side else "") + ")")
    return (f"{g.profiles[me.wrestler].name}'s turn: {st.left[p]} bid AP left (pool {st.pool[p]}); used "
            f"this round: {used}. " + "; ".join(foes))


def boost_prompt(st: SkirmishState, p: int) -> str:
    """SK-5: a boost adds a die before the roll; it says whose roll, which stat, the dice on both sides."""
    g = st.game
    pend = st.pend
    m = g.maneuvers[pend["man"]]
    side = pend["boost_side"]
    mine = pend[f"{side}_dice"]
    cost = f"1 bid AP ({st.left[p]} left)"
    if "flaunt" in pend:
        return (f"boost your {m.name}? {m.stats[0]} {mine} dice (at most {FLAUNT_CAP} hits count); a boost "
                f"adds a die ({mine} -> {mine + 1}) for {cost}")
    attacker, defender = name_of(st, pend["model"]), name_of(st, pend["target"])
    dstat = pend["stat"] if m.defender == "same" else str(m.defender)
    pin = f" (pin count {pend['count']} of {PIN_COUNT})" if m.kind == "pin" else ""
    role = "attack" if side == "a" else "defence"
    return (f"boost your {role}? {attacker}'s {m.name}{pin}: {pend['stat']} {pend['a_dice']} dice against "
            f"{defender}'s {dstat} {pend['d_dice']} dice (5 hits, 6 hits and rolls again); a boost adds a die "
            f"to your roll ({mine} -> {mine + 1}) for {cost}")


def facing_prompt(st: SkirmishState) -> str:
    """SK-6: the facing after a move, as a compass point; the way to each other model as one too."""
    g = st.game
    facer = st.models[st.pend["facer"]]
    others = []
    for i, o in enumerate(st.models):
        if i == st.pend["facer"] or not o.in_ring:
            continue
        toward = geo.compass_point(o.x - facer.x, o.y - facer.y)
        others.append(f"{g.profiles[o.wrestler].name} (P{o.player}) to the {toward}")
    return (f"{g.profiles[facer.wrestler].name} faces {geo.compass_point(facer.fx, facer.fy)}; choose its "
            f"facing (the front arc is the half ahead): a compass point ('face NNE'; N is the top of the "
            f"ring), 'face Pk' (straight at seat k's model) or 'keep facing'. Others: " + ", ".join(others))
