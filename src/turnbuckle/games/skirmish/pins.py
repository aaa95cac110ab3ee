"""Ring skirmish pin attempts (SK-8): the count, the pinfall and the kick-out."""

from __future__ import annotations

from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.skirmish.attacks import AttackRules
from turnbuckle.games.skirmish.core import OVER, PIN_COUNT


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class PinRules(AttackRules):
    """A pin attempt rolls again after each count until the three-count or a kick-out."""

    def _resolve_pin(self, a: int, d: int) -> None:
        pend = self.pend
        g = self.game
        if a > d:
            pend["count"] += 1
            count = pend["count"]
            self.emit("pin_count", player=pend["player"], count=count, wrestler=self._name_of(pend["model"]),
                      victim=self._name_of(pend["target"]))
            if count >= PIN_COUNT:
                self.winner = pend["player"]
                target = self.models[pend["target"]]
                winner = self.models[pend["model"]]
                self.how = (f"{g.profiles[winner.wrestler].name} pins {g.profiles[target.wrestler].name} "
                            f"(round {self.round})")
                self.emit("pinfall", player=pend["player"], wrestler=g.profiles[winner.wrestler].name,
                          victim=g.profiles[target.wrestler].name, round=self.round)
                self.phase = OVER
                self.pend = {}
                return
            self._start_rolloff()
            return
        self.emit("kick_out", player=pend["tplayer"], count=pend["count"])
        if d > a:
            self._blocked()
        else:
            self._resume_turn()

