"""Ring skirmish performing maneuvers (SK-4): paying (counters pool first, R-SK-33) and starting one by kind."""

from __future__ import annotations

from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.skirmish.specials import SpecialRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class ManeuverRules(SpecialRules):
    """A declared maneuver: paid for, marked used this round, announced and started by its kind."""

    def _declare(self, player: int, spec: tuple[int, int, str], counter: bool) -> None:
        """Pay for and start a maneuver; ``spec`` is (maneuver, target seat or -1, stat)."""
        g = self.game
        mi, seat, stat = spec
        target = self.active[seat] if seat >= 0 else -1
        m = g.maneuvers[mi]
        cost = self._cost(player, mi)
        if counter:
            from_pool = min(self.pool[player], cost)  # R-SK-33: pool first, then bid
            self.pool[player] -= from_pool
            self.left[player] -= cost - from_pool
        else:
            self.left[player] -= cost
        if "tag" in m.effects:
            self.tag_double[player] = False
        self.used[player].add(mi)
        me_index = self.active[player]
        me = self.models[me_index]
        if mi == g.jockey_index:
            me.jockeyed = True
        self.emit("maneuver", player=player, wrestler=g.profiles[me.wrestler].name, maneuver=m.name, kind=m.kind,
                  cost=cost, counter=counter,
                  target=g.profiles[self.models[target].wrestler].name if target >= 0 else None,
                  stat=stat if len(m.stats) > 1 and m.kind in ("attack", "pin") else None)
        if m.kind == "move":
            self._start_move(player, mi, me_index)
        elif m.kind in ("attack", "pin"):
            d = self.models[target]
            self.pend = {"man": mi, "player": player, "model": me_index, "target": target, "tplayer": d.player,
                         "stat": stat, "counter": counter, "count": 0, "roped": []}
            self._start_rolloff()
        else:
            self._special(player, mi, me_index)

