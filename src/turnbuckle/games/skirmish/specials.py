"""Ring skirmish special maneuvers (SK-9): Flaunt and its effects, END gain, recovery, drains; the Tag (SK-12)."""

from __future__ import annotations

from turnbuckle.engine.actions import Action
from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import FLAUNT_CAP, FLAUNT_EFFECT, FLAUNT_EFFECTS, MAX_AP
from turnbuckle.games.skirmish.pins import PinRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class SpecialRules(PinRules):
    """Special maneuvers: Flaunt (a capped roll, then distinct effects), the others at once, the Tag."""

    def _special(self, player: int, mi: int, model: int) -> None:
        g = self.game
        m = g.maneuvers[mi]
        me = self.models[model]
        self.pend = {"man": mi, "player": player, "model": model}
        if "flaunt" in m.effects:
            dice = g.profiles[me.wrestler].stat(m.stats[0])
            self.pend.update(flaunt=True, a_dice=dice, a_hits=0, a_boost=False, chosen=[])
            self._ask_boost("a")
            return
        if "gain_end" in m.effects:
            self._gain_end(model)
        if "remove_stagger" in m.effects and me.staggered:
            me.staggered = False
            self.emit("recovered", model=model, wrestler=g.profiles[me.wrestler].name)
        if "drain" in m.effects:
            for q in self._opponents(player)[:1]:
                self._drain(q)
        if "tag" in m.effects:
            self._tag(player)
        self._resume_turn()

    def _flaunt_rolled(self) -> None:
        pend = self.pend
        hits = min(pend["a_hits"], FLAUNT_CAP)
        pend["hits"] = hits
        self.emit("flaunt_result", player=pend["player"], hits=hits)
        if hits == 0:
            self._resume_turn()
            return
        self.phase = FLAUNT_EFFECT
        self.chooser = pend["player"]

    def _on_effect(self, action: Action) -> None:
        g = self.game
        pend = self.pend
        p = pend["player"]
        if action.id >= g.drain_base:
            pend["chosen"] = [*pend["chosen"], "drain"]
            self.emit("flaunt_effect", player=p, effect="drain")
            self._drain(action.id - g.drain_base)
        else:
            effect = FLAUNT_EFFECTS[action.id - g.effect_base]
            pend["chosen"] = [*pend["chosen"], effect]
            self.emit("flaunt_effect", player=p, effect=effect)
            if effect == "end":
                self._gain_end(pend["model"])
            elif effect == "pin":
                self.flaunt_pin[p] += 1
            else:
                self.pool[p] = min(MAX_AP, self.pool[p] + 1)
        if len(pend["chosen"]) >= pend["hits"]:
            self._resume_turn()

    # -- SK-12 TAG ---------------------------------------------------------------------------------
    def _tag(self, player: int) -> None:
        g = self.game
        out_i = self.active[player]
        in_i = self._partner(player)
        out_m, in_m = self.models[out_i], self.models[in_i]
        # the partner is placed where its teammate stood (R-SK-34); a bigger base that would hang
        # off the table goes against the edge instead (SK-6.2) and displaces what it covers (SK-6.3)
        in_m.x, in_m.y = geo.clamp_inside(out_m.pos, in_m.r)
        in_m.fx, in_m.fy = out_m.fx, out_m.fy
        in_m.in_ring = True
        out_m.in_ring = False
        self.active[player] = in_i
        self.emit("tagged", player=player, out=g.profiles[out_m.wrestler].name, incoming=g.profiles[in_m.wrestler].name)
        self._displace_under(in_i)

