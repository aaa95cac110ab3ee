"""Ring skirmish END and AP changes: the ropes (SK-6.4), END loss and its floor (SK-7.6), END gains, drains."""

from __future__ import annotations

from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.skirmish.core import MAX_AP, ROPE_END
from turnbuckle.games.skirmish.rounds import RoundRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class DamageRules(RoundRules):
    """END losses (the floor pays the attacker AP), the ropes' 2 END once per maneuver, END gains, drains."""

    def _rope(self, model: int) -> None:
        """SK-6.4: 2 END for an enemy maneuver putting a model into the ropes, once per maneuver."""
        roped = self.pend.get("roped", [])
        if model in roped:
            return
        self.pend["roped"] = [*roped, model]  # a new list: clones share the old one (shallow pend copy)
        m = self.models[model]
        self.emit("ropes", model=model, wrestler=self.game.profiles[m.wrestler].name)
        self._lose_end(model, ROPE_END)

    def _lose_end(self, model: int, amount: int) -> None:
        """END never drops below 1; the END prevented becomes AP for the attacking player (SK-7.6)."""
        m = self.models[model]
        lost = min(amount, m.end - 1)
        m.end -= lost
        prevented = amount - lost
        attacker = self.pend.get("player", -1)
        gained = 0
        if prevented > 0 and attacker >= 0:
            want = prevented if self.game.end_floor_ap == "per_end" else 1
            gained = min(want, MAX_AP - self.pool[attacker])
            self.pool[attacker] += gained
        self.emit("end_loss", model=model, wrestler=self.game.profiles[m.wrestler].name, lost=lost, end=m.end,
                  prevented=prevented, ap_to=attacker if prevented else None, ap=gained)

    def _gain_end(self, model: int) -> None:
        m = self.models[model]
        if m.end < self.game.profiles[m.wrestler].END:
            m.end += 1
        self.emit("end_gain", model=model, wrestler=self.game.profiles[m.wrestler].name, end=m.end)

    def _drain(self, player: int) -> None:
        if self.pool[player] >= 1:
            self.pool[player] -= 1
            self.emit("drained", player=player, pool=self.pool[player])

