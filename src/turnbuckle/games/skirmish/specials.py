"""Ring skirmish special maneuvers (SK-9): Flaunt and its effects, END gain, recovery, drains; the Tag (SK-12).

Special maneuvers: Flaunt (a capped roll, then distinct effects), the others at once, the Tag.

Reads: models
Writes: active, chooser, flaunt_pin, pend, phase, pool
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.attacks import ask_boost
from turnbuckle.games.skirmish.core import FLAUNT_CAP, FLAUNT_EFFECT, FLAUNT_EFFECTS, MAX_AP, opponents_of
from turnbuckle.games.skirmish.damage import drain, gain_end
from turnbuckle.games.skirmish.menu import partner_of
from turnbuckle.games.skirmish.placement import displace_under
from turnbuckle.games.skirmish.rounds import resume_turn

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


def special(st: SkirmishState, player: int, mi: int, model: int) -> None:
    g = st.game
    m = g.maneuvers[mi]
    me = st.models[model]
    st.pend = {"man": mi, "player": player, "model": model}
    if "flaunt" in m.effects:
        dice = g.profiles[me.wrestler].stat(m.stats[0])
        st.pend.update(flaunt=True, a_dice=dice, a_hits=0, a_boost=False, chosen=[])
        ask_boost(st, "a")
        return
    if "gain_end" in m.effects:
        gain_end(st, model)
    if "remove_stagger" in m.effects and me.staggered:
        me.staggered = False
        st.emit("recovered", model=model, wrestler=g.profiles[me.wrestler].name)
    if "drain" in m.effects:
        for q in opponents_of(st, player)[:1]:
            drain(st, q)
    if "tag" in m.effects:
        tag(st, player)
    resume_turn(st)


def step_flaunt_rolled(st: SkirmishState) -> None:
    """A Flaunt's roll decided (``attacks.side_done`` leaves this step in ``then``)."""
    pend = st.pend
    hits = min(pend["a_hits"], FLAUNT_CAP)
    pend["hits"] = hits
    st.emit("flaunt_result", player=pend["player"], hits=hits)
    if hits == 0:
        resume_turn(st)
        return
    st.phase = FLAUNT_EFFECT
    st.chooser = pend["player"]


def step_flaunt_effect(st: SkirmishState, action: Action) -> None:
    g = st.game
    pend = st.pend
    p = pend["player"]
    if action.id >= g.drain_base:
        pend["chosen"] = [*pend["chosen"], "drain"]
        st.emit("flaunt_effect", player=p, effect="drain")
        drain(st, action.id - g.drain_base)
    else:
        effect = FLAUNT_EFFECTS[action.id - g.effect_base]
        pend["chosen"] = [*pend["chosen"], effect]
        st.emit("flaunt_effect", player=p, effect=effect)
        if effect == "end":
            gain_end(st, pend["model"])
        elif effect == "pin":
            st.flaunt_pin[p] += 1
        else:
            st.pool[p] = min(MAX_AP, st.pool[p] + 1)
    if len(pend["chosen"]) >= pend["hits"]:
        resume_turn(st)


# -- SK-12 TAG ---------------------------------------------------------------------------------
def tag(st: SkirmishState, player: int) -> None:
    g = st.game
    out_i = st.active[player]
    in_i = partner_of(st, player)
    out_m, in_m = st.models[out_i], st.models[in_i]
    # the partner is placed where its teammate stood (R-SK-34); a bigger base that would hang
    # off the table goes against the edge instead (SK-6.2) and displaces what it covers (SK-6.3)
    in_m.x, in_m.y = geo.clamp_inside(out_m.pos, in_m.r)
    in_m.fx, in_m.fy = out_m.fx, out_m.fy
    in_m.in_ring = True
    out_m.in_ring = False
    st.active[player] = in_i
    st.emit("tagged", player=player, out=g.profiles[out_m.wrestler].name, incoming=g.profiles[in_m.wrestler].name)
    displace_under(st, in_i)
