"""Ring skirmish move maneuvers (SK-6, SK-10.7): move and Whip rolls, the Whip route, destination, facing."""

from __future__ import annotations

import math

from turnbuckle.engine.actions import Action
from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import DEST, FACE, MOVE_ROLL, ROUTE
from turnbuckle.games.skirmish.damage import DamageRules
from turnbuckle.games.skirmish.dice import MAX_DICE


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class MovementRules(DamageRules):
    """Moves and Whips: the roll (or a fixed distance), the route, the destination and the facing."""

    def _start_move(self, player: int, mi: int, model: int) -> None:
        m = self.game.maneuvers[mi]
        me = self.models[model]
        self.pend = {"man": mi, "player": player, "mover": model, "facer": model, "forced": False}
        if m.distance is not None:
            self._open_destination(round(m.distance * geo.UNIT), player)
            return
        dice = self.game.profiles[me.wrestler].stat(m.stats[0])
        if me.staggered and m.stagger_penalty:
            dice -= 1  # one die fewer while staggered (SK-10.1)
        dice = min(max(dice, 0), MAX_DICE)
        if dice == 0:
            self.emit("move_roll", player=player, dice=0, total=0, wrestler=self._name_of(model))
            self._open_destination(0, player)
            return
        self.pend["dice"] = dice
        self.phase = MOVE_ROLL

    def _on_total(self, total: int) -> None:
        pend = self.pend
        if self.phase == MOVE_ROLL:
            self.emit("move_roll", player=pend["player"], dice=pend["dice"], total=total,
                      wrestler=self._name_of(pend["mover"]))
            self._open_destination(total * geo.UNIT, pend["player"])
        else:  # WHIP_ROLL (SK-10.7)
            self.emit("whip_roll", player=pend["player"], dice=pend["dice"], total=total,
                      wrestler=self._name_of(pend["model"]), target=self._name_of(pend["target"]))
            pend["mover"] = pend["target"]
            pend["facer"] = pend["target"]
            pend["forced"] = True
            self._open_destination(total * geo.UNIT, pend["player"])
            routes = self._whip_routes()
            if routes:
                pend["routes"] = routes
                self.phase = ROUTE

    def _on_route(self, index: int) -> None:
        """Whip: ``direct`` (index 0) or off rope ``ROPES[index - 1]`` on the way (R-SK-11)."""
        pend = self.pend
        via = geo.ROPES[index - 1] if index > 0 else None
        pend.pop("routes", None)
        if via is not None:
            pend["via"] = via
        self.emit("whip_route", player=pend["player"], model=pend["mover"],
                  wrestler=self.game.profiles[self.models[pend["mover"]].wrestler].name, via=via,
                  by=self._name_of(pend["model"]))
        self.phase = DEST

    def _open_destination(self, limit: int, chooser: int) -> None:
        self.pend["limit"] = limit
        self.pend.pop("dice", None)
        self.phase = DEST
        self.chooser = chooser
        self._dest = None
        self._named = None

    def _on_destination(self, point: geo.Point) -> None:
        pend = self.pend
        mover = self.models[pend["mover"]]
        start = mover.pos
        mover.x, mover.y = point
        via = pend.pop("via", None)
        self.emit("moved", model=pend["mover"], wrestler=self.game.profiles[mover.wrestler].name,
                  x=point[0] / geo.UNIT, y=point[1] / geo.UNIT, forced=pend["forced"],
                  distance=round(math.sqrt(geo.dist2(start, point)) / geo.UNIT, 2),
                  **({"via": via} if via is not None else {}))
        # SK-6.4: the rope touched on the way (a via-rope Whip), then the one it ends against,
        # 2 END once per maneuver either way (R-SK-12)
        if via is not None or (pend["forced"] and point != start and geo.touches_rope(point, mover.r)):
            self._rope(pend["mover"])
        self.phase = FACE
        self.pend.pop("face_only", None)

    def _on_facing(self, action: Action) -> None:
        g = self.game
        pend = self.pend
        facer = self.models[pend["facer"]]
        if action.name != "keep facing":
            if action.id >= g.face_seat_base and action.id < g.anchor_base:
                seat = action.id - g.face_seat_base
                facer.fx, facer.fy = geo.toward(facer.pos, self.models[self.active[seat]].pos)
            else:
                facer.fx, facer.fy = geo.FACINGS[action.id - g.facing_base]
        self.emit("facing", model=pend["facer"], wrestler=g.profiles[facer.wrestler].name,
                  facing=[facer.fx, facer.fy], choice=action.name)
        self._resume_turn()

