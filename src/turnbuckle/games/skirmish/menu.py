"""Ring skirmish maneuver menu (SK-4, SK-7.1, SK-7.3): costs and the maneuvers a wrestler may declare now."""

from __future__ import annotations

from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import Model
from turnbuckle.games.skirmish.prompts import PromptRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class MenuRules(PromptRules):
    """The maneuvers a wrestler may declare: its own, unused, affordable, requirements met, target in reach."""

    def _cost(self, player: int, mi: int) -> int:
        m = self.game.maneuvers[mi]
        cost = m.cost
        if "tag" in m.effects and self.tag_double[player]:
            cost *= 2
        return cost

    def _maneuver_options(self, player: int, counter: bool) -> list[tuple[int, tuple[int, int, str]]]:
        """Every maneuver ``player`` may declare now: (action id, (maneuver, target model, stat))."""
        g = self.game
        mi_model = self.active[player]
        me = self.models[mi_model]
        if not me.in_ring:
            return []
        budget = self.left[player] + (self.pool[player] if counter else 0)
        used = self.used[player]
        out: list[tuple[int, tuple[int, int, str]]] = []
        targets = [self.pend["attacker_model"]] if counter else [self.active[p] for p in self._opponents(player)]
        partner = self._partner(player)
        doubled = self.tag_double[player]
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
                if "self_in_corner" in req and not geo.completely_within_corner(me.pos, me.r, self.corner[player]):
                    continue
            if m.kind in ("move", "special"):
                if counter:
                    continue
                out.append((g.maneuver_action[(mi, -1, "")], (mi, -1, "")))
                continue
            for t in targets:
                d = self.models[t]
                if not d.in_ring or d.player == player:
                    continue
                if "staggered_defender" in req and not d.staggered:
                    continue
                if "defender_in_corner" in req and not geo.completely_within_corner(d.pos, d.r, self.corner[player]):
                    continue
                near = reach.get(t)
                if near is None:
                    near = reach[t] = self._can_attack(me, d, "either")
                if not near or (m.arc != "either" and not self._can_attack(me, d, m.arc)):
                    continue
                for stat in m.stats:
                    out.append((g.maneuver_action[(mi, d.player, stat)], (mi, t, stat)))
        return out

    @staticmethod
    def _can_attack(me: Model, d: Model, arc: str) -> bool:
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

    def _partner(self, player: int) -> int:
        if self.game.per_side < 2:
            return -1
        for i in self.game.team(player):
            if i != self.active[player]:
                return i
        return -1

