"""Ring skirmish attacks (SK-5, SK-7): dice, boosts, exploding hits, the result, blocks and counters (SK-7.7).

An attack (or pin, or Flaunt) roll from the dice to its result.

Reads: active, flaunt_pin, models
Writes: chooser, left, pend, phase, tag_double, then
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.skirmish.core import BOOST, COUNTER, FLAUNT_CAP, PLACE, ROLL, WHIP_ROLL
from turnbuckle.games.skirmish.damage import drain, lose_end
from turnbuckle.games.skirmish.dice import MAX_DICE
from turnbuckle.games.skirmish.menu import maneuver_options, partner_of
from turnbuckle.games.skirmish.placement import open_push
from turnbuckle.games.skirmish.rounds import resume_turn

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


def start_rolloff(st: SkirmishState) -> None:
    g = st.game
    pend = st.pend
    m = g.maneuvers[pend["man"]]
    me = st.models[pend["model"]]
    d = st.models[pend["target"]]
    stat = pend["stat"]
    a_dice = g.profiles[me.wrestler].stat(stat) + m.bonus
    if m.partner:
        partner = partner_of(st, pend["player"])
        a_dice += g.profiles[st.models[partner].wrestler].STR if partner >= 0 else 0
    if m.kind == "pin":
        a_dice += st.flaunt_pin[pend["player"]]
    dstat = stat if m.defender == "same" else str(m.defender)
    d_dice = d.end if dstat == "END" else g.profiles[d.wrestler].stat(dstat)
    pend.update(a_dice=a_dice, d_dice=d_dice, a_hits=0, d_hits=0, a_boost=False, d_boost=False)
    ask_boost(st, "a")


def ask_boost(st: SkirmishState, side: str) -> None:
    pend = st.pend
    who = pend["player"] if side == "a" else pend.get("tplayer", -1)
    pend["boost_side"] = side
    if who >= 0 and st.left[who] >= 1:
        st.phase = BOOST
        st.chooser = who
        return
    after_boost(st, side)


def on_boost(st: SkirmishState, boost: bool) -> None:
    pend = st.pend
    side = pend["boost_side"]
    if boost:
        st.left[st.chooser] -= 1
        pend[f"{side}_dice"] += 1
        pend[f"{side}_boost"] = True
    st.emit("boost", player=st.chooser, boost=boost)
    after_boost(st, side)


def after_boost(st: SkirmishState, side: str) -> None:
    if side == "a" and "tplayer" in st.pend:
        ask_boost(st, "d")
        return
    st.pend["side"] = "a"
    roll_side(st, "a")


def roll_side(st: SkirmishState, side: str) -> None:
    pend = st.pend
    pend["side"] = side
    dice = min(pend[f"{side}_dice"], MAX_DICE)
    if dice <= 0:
        side_done(st, side)
        return
    pend["batch"] = dice
    st.phase = ROLL


def on_batch(st: SkirmishState, fives: int, sixes: int) -> None:
    pend = st.pend
    side = pend["side"]
    key = f"{side}_hits"
    pend[key] += fives + sixes
    st.emit("dice", side=side, dice=pend["batch"], fives=fives, sixes=sixes, hits=pend[key])
    if "flaunt" in pend and pend[key] >= FLAUNT_CAP:
        pend[key] = FLAUNT_CAP  # a Flaunt scores at most 3 hits (SK-9.2)
        side_done(st, side)
        return
    if sixes:
        pend["batch"] = min(sixes, MAX_DICE)  # critical hits explode (SK-7.4)
        return
    side_done(st, side)


def side_done(st: SkirmishState, side: str) -> None:
    pend = st.pend
    if "flaunt" in pend:
        st.then = "flaunt_rolled"  # the specials family's step (SK-9.2)
    elif side == "a":
        roll_side(st, "d")
    else:
        resolve_attack(st)


def resolve_attack(st: SkirmishState) -> None:
    g = st.game
    pend = st.pend
    m = g.maneuvers[pend["man"]]
    a, d = pend["a_hits"], pend["d_hits"]
    st.emit("attack_result", player=pend["player"], maneuver=m.name, attacker_hits=a, defender_hits=d,
            sdv=max(0, a - d), outcome="success" if a > d else ("blocked" if d > a else "tie"),
            pin_count=pend["count"] if m.kind == "pin" else None)
    if m.kind == "pin":
        st.then = "pin"  # the pins family's step (SK-8)
        return
    if a > d:
        sdv = a - d
        pend["sdv"] = sdv
        target = pend["target"]
        td = st.models[target]
        if "damage" in m.effects:
            lose_end(st, target, sdv)
        if "stagger" in m.effects and not td.staggered:
            td.staggered = True
            st.emit("staggered", model=target, wrestler=g.profiles[td.wrestler].name)
        if "drain" in m.effects:
            drain(st, pend["tplayer"])
        if "double_tag" in m.effects:
            st.tag_double[pend["tplayer"]] = True
            st.emit("tag_cost_doubled", player=pend["tplayer"])
        if "push" in m.effects:
            open_push(st, sdv)
            return
        if "whip" in m.effects:
            pend["dice"] = min(sdv, MAX_DICE)
            st.phase = WHIP_ROLL
            return
        if "place_rear" in m.effects:
            st.phase = PLACE
            st.chooser = pend["player"]
            return
        resume_turn(st)
    elif d > a:
        blocked(st)
    else:
        resume_turn(st)  # equal hits: nothing happens (R-SK-28)


def blocked(st: SkirmishState) -> None:
    """SK-7.7: the defender blocks and may counter, paying from bid and pool APs."""
    pend = st.pend
    if pend["counter"]:
        resume_turn(st)
        return
    defender = pend["tplayer"]
    if st.active[defender] != pend["target"]:
        resume_turn(st)
        return
    st.pend = {"attacker_model": pend["model"], "attacker": pend["player"]}
    if not maneuver_options(st, defender, True):
        resume_turn(st)
        return
    st.phase = COUNTER
    st.chooser = defender


def step_roll(st: SkirmishState, action: Action) -> None:
    on_batch(st, *st.game.batch_of[action.id])


def step_boost(st: SkirmishState, action: Action) -> None:
    on_boost(st, action.name == "boost")
