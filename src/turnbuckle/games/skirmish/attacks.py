"""Ring skirmish attacks (SK-5, SK-7): dice, boosts, exploding hits, the result, blocks and counters (SK-7.7)."""

from __future__ import annotations

from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.skirmish.core import BOOST, COUNTER, FLAUNT_CAP, PLACE, ROLL, WHIP_ROLL
from turnbuckle.games.skirmish.dice import MAX_DICE
from turnbuckle.games.skirmish.placement import PlacementRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class AttackRules(PlacementRules):
    """An attack (or pin, or Flaunt) roll from the dice to its result."""

    def _start_rolloff(self) -> None:
        g = self.game
        pend = self.pend
        m = g.maneuvers[pend["man"]]
        me = self.models[pend["model"]]
        d = self.models[pend["target"]]
        stat = pend["stat"]
        a_dice = g.profiles[me.wrestler].stat(stat) + m.bonus
        if m.partner:
            partner = self._partner(pend["player"])
            a_dice += g.profiles[self.models[partner].wrestler].STR if partner >= 0 else 0
        if m.kind == "pin":
            a_dice += self.flaunt_pin[pend["player"]]
        dstat = stat if m.defender == "same" else str(m.defender)
        d_dice = d.end if dstat == "END" else g.profiles[d.wrestler].stat(dstat)
        pend.update(a_dice=a_dice, d_dice=d_dice, a_hits=0, d_hits=0, a_boost=False, d_boost=False)
        self._ask_boost("a")

    def _ask_boost(self, side: str) -> None:
        pend = self.pend
        who = pend["player"] if side == "a" else pend.get("tplayer", -1)
        pend["boost_side"] = side
        if who >= 0 and self.left[who] >= 1:
            self.phase = BOOST
            self.chooser = who
            return
        self._after_boost(side)

    def _on_boost(self, boost: bool) -> None:
        pend = self.pend
        side = pend["boost_side"]
        if boost:
            self.left[self.chooser] -= 1
            pend[f"{side}_dice"] += 1
            pend[f"{side}_boost"] = True
        self.emit("boost", player=self.chooser, boost=boost)
        self._after_boost(side)

    def _after_boost(self, side: str) -> None:
        if side == "a" and "tplayer" in self.pend:
            self._ask_boost("d")
            return
        self.pend["side"] = "a"
        self._roll_side("a")

    def _roll_side(self, side: str) -> None:
        pend = self.pend
        pend["side"] = side
        dice = min(pend[f"{side}_dice"], MAX_DICE)
        if dice <= 0:
            self._side_done(side)
            return
        pend["batch"] = dice
        self.phase = ROLL

    def _on_batch(self, fives: int, sixes: int) -> None:
        pend = self.pend
        side = pend["side"]
        key = f"{side}_hits"
        pend[key] += fives + sixes
        self.emit("dice", side=side, dice=pend["batch"], fives=fives, sixes=sixes, hits=pend[key])
        if "flaunt" in pend and pend[key] >= FLAUNT_CAP:
            pend[key] = FLAUNT_CAP  # a Flaunt scores at most 3 hits (SK-9.2)
            self._side_done(side)
            return
        if sixes:
            pend["batch"] = min(sixes, MAX_DICE)  # critical hits explode (SK-7.4)
            return
        self._side_done(side)

    def _side_done(self, side: str) -> None:
        pend = self.pend
        if "flaunt" in pend:
            self._flaunt_rolled()
        elif side == "a":
            self._roll_side("d")
        else:
            self._resolve_attack()

    def _resolve_attack(self) -> None:
        g = self.game
        pend = self.pend
        m = g.maneuvers[pend["man"]]
        a, d = pend["a_hits"], pend["d_hits"]
        self.emit("attack_result", player=pend["player"], maneuver=m.name, attacker_hits=a, defender_hits=d,
                  sdv=max(0, a - d), outcome="success" if a > d else ("blocked" if d > a else "tie"),
                  pin_count=pend["count"] if m.kind == "pin" else None)
        if m.kind == "pin":
            self._resolve_pin(a, d)
            return
        if a > d:
            sdv = a - d
            pend["sdv"] = sdv
            target = pend["target"]
            td = self.models[target]
            if "damage" in m.effects:
                self._lose_end(target, sdv)
            if "stagger" in m.effects and not td.staggered:
                td.staggered = True
                self.emit("staggered", model=target, wrestler=g.profiles[td.wrestler].name)
            if "drain" in m.effects:
                self._drain(pend["tplayer"])
            if "double_tag" in m.effects:
                self.tag_double[pend["tplayer"]] = True
                self.emit("tag_cost_doubled", player=pend["tplayer"])
            if "push" in m.effects:
                self._open_push(sdv)
                return
            if "whip" in m.effects:
                pend["dice"] = min(sdv, MAX_DICE)
                self.phase = WHIP_ROLL
                return
            if "place_rear" in m.effects:
                self.phase = PLACE
                self.chooser = pend["player"]
                return
            self._resume_turn()
        elif d > a:
            self._blocked()
        else:
            self._resume_turn()  # equal hits: nothing happens (R-SK-28)

    def _blocked(self) -> None:
        """SK-7.7: the defender blocks and may counter, paying from bid and pool APs."""
        pend = self.pend
        if pend["counter"]:
            self._resume_turn()
            return
        defender = pend["tplayer"]
        if self.active[defender] != pend["target"]:
            self._resume_turn()
            return
        self.pend = {"attacker_model": pend["model"], "attacker": pend["player"]}
        if not self._maneuver_options(defender, True):
            self._resume_turn()
            return
        self.phase = COUNTER
        self.chooser = defender

    def _resolve_pin(self, a: int, d: int) -> None:
        """A pin attempt's roll decided (the pins layer)."""
        raise NotImplementedError

    def _flaunt_rolled(self) -> None:
        """A Flaunt's roll decided (the specials layer)."""
        raise NotImplementedError

