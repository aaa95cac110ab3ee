"""RUMBLESLAM decisions: the legal answers to each pending decision and applying the chosen one."""

from __future__ import annotations

from typing import Any

from turnbuckle.engine.actions import Action
from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.core import FLOOR, SPONSOR_DIE
from turnbuckle.games.rumbleslam.grapple import GrappleRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class DecisionRules(GrappleRules):
    """Turns a pending ``("decide", code, player, ...)`` step into legal actions, and back."""

    def _decisions(self, step: tuple[Any, ...]) -> list[Action]:
        code = step[1]
        player = step[2]
        A = self.game.lookup.get  # by meaning (see ``_build_actions``); None if not in the table
        acts: list[Action | None] = []
        if code == "act":
            return self._act_menu(self.ws[step[3]])
        if code == "corner":
            taken = [c for c in self.corners if c >= 0]
            acts = [A(("corner", c)) for c in mat.TURNBUCKLES if c not in taken]
        elif code == "place":
            purpose, index = step[3], step[4]
            w = self.ws[index]
            if purpose in ("deploy", "enter"):
                spots = self._corner_spots(w)
            elif purpose == "eagle":
                spots = self._eagle_spots(w)
            elif purpose == "dodge":
                spots = self._dodge_spots(w)
            elif purpose == "impact":
                lander, _anchor, zone, moved, src = step[5]
                spots = self._impact_options(lander, zone, moved, index, src)
            elif purpose == "throw":
                thrower, cell = step[5]
                spots = self._cover_anchors(w, cell, set(self.ws[thrower].cells()))
            else:  # drop, escape, ammo
                spots = self._spots(w, step[5], step[6])
            acts = [A(("place", s)) for s in spots]
        elif code == "hit":
            acts = [A(("hit", i)) for i in step[6]]
        elif code == "stay":
            acts = [A(("place", s)) for s in self._stay_spots(self.ws[step[3]], step[4])]
        elif code == "enter":
            acts = [A(("enter", i)) for i in self._eligible_entries(player)] + [A(("no_entry",))]
        elif code == "sponsor":
            acts = [A(("sponsor", s)) for s in self.sponsors_left[player]] + [A(("no_sponsor",))]
        elif code == "recipient":
            acts = [A(("recipient", i)) for i in self._sponsor_eligible(player, step[3], step[5])]
        elif code == "nominate":
            acts = [A(("nominate", i)) for i in self._activatable(player)]
        elif code == "activate":
            acts = [A(("activate", i)) for i in self._activatable(player)]
        elif code == "choice":
            w = self.ws[step[3]]
            for ability, _ in self.game.entrants[w.index].abilities:
                if ability.kind == "choice":
                    acts = [A(("choose", o.name)) for o in ability.options]
        elif code == "defend":
            purpose = step[3]
            stats = ("def", "dex") if purpose == "trip" else ("grp", "dex")
            acts = [A(("defend", s)) for s in stats]
        elif code == "shove":
            mover, pusher = self.ws[step[3]], self.ws[step[4]]
            acts = [A(("shove", d)) for d in self._shove_dirs(mover, pusher)]
        elif code == "rebound":
            acts = [A(("smash",))] if step[5] else []
            acts += [A(("rebound", r)) for r in step[4]]
        elif code == "reroll":
            acts = [A(("reroll", i)) for i in self._reroll_candidates(player, step[6], step[3], step[5])]
            acts.append(A(("keep",)))
        elif code == "land":
            acts = [A(("land", c)) for c in self._landings(self.ws[step[3]], self.ws[step[4]])]
        elif code == "throw":
            thrower, thrown = self.ws[step[3]], self.ws[step[4]]
            acts = [A(("throw", c)) for c in self._throw_targets(thrower, thrown, step[5])]
        out = [a for a in acts if a is not None]
        if not out:
            raise AssertionError(f"no legal decision for {step}")
        return out

    def _decide(self, step: tuple[Any, ...], what: tuple[Any, ...], action: Action) -> None:
        code = step[1]
        player = step[2]
        verb = what[0]
        if self.record_events:
            self.emit("decision", {"team": self.game.player_label(player), "action": action.name})
        if code == "act":
            self._push(step)  # the activation goes on after this action
            self._do_action(self.ws[step[3]], what)
        elif code == "corner":
            self.corners[player] = what[1]
            self.emit("corner", {"team": self.game.player_label(player), "corner": mat.TURNBUCKLE_NAMES[what[1]]})
        elif code == "place":
            purpose, index = step[3], step[4]
            w = self.ws[index]
            if purpose in ("deploy", "enter"):
                self._place(w, FLOOR, what[1])
                self.emit("deploy" if purpose == "deploy" else "enter",
                          {"wrestler": self._label(w), "square": mat.SQUARE_NAMES[what[1]]})
                if purpose == "enter":
                    self.entered[player] += 1
            elif purpose == "eagle":
                self._place(w, FLOOR, what[1])
                self.emit("move", {"wrestler": self._label(w), "to": mat.SQUARE_NAMES[what[1]], "why": "Eagle Airways"})
            elif purpose == "dodge":
                self._place(w, FLOOR, what[1])
                self.emit("dodge", {"wrestler": self._label(w), "square": mat.SQUARE_NAMES[what[1]]})
            elif purpose == "impact":
                lander, anchor, zone, moved, _src = step[5]
                self._impact_move(lander, anchor, zone, moved, index, what[1])
            elif purpose == "throw":
                landed = self._land(w, what[1], ("throw_landed", step[5][0], index))
                assert landed, "rumbleslam: a thrown 2x2 offered a base it cannot land on"
            else:
                self._settle(purpose, w, what[1])
        elif code == "hit":
            left = tuple(i for i in step[6] if i != what[1])
            self._push(("devastate_one", step[3], what[1], step[4], step[5], left, step[7]))
        elif code == "stay":
            self._stay(self.ws[step[3]], what[1])
        elif code == "enter":
            if verb == "enter":
                self._push(self._decide_step("place", player, "enter", what[1]))
            else:
                self.stack.pop()  # the pending ("entries", p) re-check: no more entries this round
        elif code == "sponsor":
            if verb == "sponsor":
                name = what[1]
                self.sponsors_left[player] = tuple(s for s in self.sponsors_left[player] if s != name)
                self.emit("sponsorship", {"team": self.game.player_label(player), "sponsorship": name})
                # rumbleslam ENDORSEMENTS: the Sponsorship die is the player's own (worth a re-roll
                # while it names fewer wrestlers than may receive the bonus)
                wanted = len(self._sponsor_eligible(player, name))
                self._push(("roll", ((0, SPONSOR_DIE[name]),)),
                           *self._reroll_steps("test", (0, 0), wanted, (player, player)),
                           ("sponsor_rolled", player, name))
        elif code == "recipient":
            name, n, chosen = step[3], step[4], step[5]
            chosen = (*chosen, what[1])
            self._sponsor_apply(player, name, what[1])
            if len(chosen) < n and self._sponsor_eligible(player, name, chosen):
                self.stack.append(self._decide_step("recipient", player, name, n, chosen))
                # Eagle Airways placement (if pushed by _sponsor_apply) runs first
                if name == "Eagle Airways":
                    self.stack[-1], self.stack[-2] = self.stack[-2], self.stack[-1]
        elif code == "nominate":
            self.nominee[player] = what[1]
            self.emit("nominate", {"team": self.game.player_label(player), "wrestler": self._label(what[1])})
        elif code == "activate":
            self._push(("start_act", what[1]))
        elif code == "choice":
            w = self.ws[step[3]]
            for ability, _ in self.game.entrants[w.index].abilities:
                if ability.kind == "choice":
                    w.choice = next(i for i, o in enumerate(ability.options) if o.name == what[1])
        elif code == "defend":
            self._defend(step, what[1])
        elif code == "shove":
            self._shove(self.ws[step[3]], self.ws[step[4]], step[5], mat.DIRECTIONS[what[1]])
        elif code == "rebound":
            t = self.ws[step[3]]
            if verb == "smash":
                self.emit("smash", {"wrestler": self._label(t)})
                self._damage(t, 2, "smashed against the turnbuckle")
            else:
                self._push(("rebound", t.index, what[1]))
        elif code == "reroll":
            if verb == "keep":
                return
            i = what[1]
            side, kind, face, _ = self.buf[i]
            self.buf[i] = (side, kind, -1, True)
            self.endorsements[player] -= 1
            self.emit("endorsement", {"team": self.game.player_label(player), "die": kind, "was": face})
            self._push(("die", i), ("reroll_window", player, step[3], step[4], step[5], step[6]))
        elif code == "land":
            self._push(("tb_land", step[3], step[4], step[5], what[1]))
        elif code == "throw":
            self._push(("throw_to", step[3], step[4], what[1], step[6]))
