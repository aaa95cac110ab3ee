"""RUMBLESLAM setup, rounds, the sidelines, Sponsorships, the initiative and activations."""

from __future__ import annotations

from typing import Any

from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.core import LIFTED, SIDE, SPONSOR_STAT, STAT_INDEX, TB, Wrestler
from turnbuckle.games.rumbleslam.dice import BLANK, BOO, CHEER
from turnbuckle.games.rumbleslam.status import StatusRules


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class RoundRules(StatusRules):
    """The match's rhythm: corners and deployment, each round's entries, sponsors, nominations,
    initiative and the start and end of every activation."""

    def _s_setup_roll(self) -> None:
        # rumbleslam SETTING UP THE GAME: all players roll 1G; lowest (re-roll draws) picks.
        # rumbleslam ENDORSEMENTS ("at any time during the match"): each player may re-roll its own
        # die, in seat order (the Initiative card is not dealt yet: seat 0 "holds" it, R-RS-8)
        n = self.game.players
        self._push(("roll", tuple((p, "G") for p in range(n))),
                   *self._reroll_steps("setup", (0, 0), 0, tuple(range(n))), ("setup_rolled",))

    def _s_setup_rolled(self) -> None:
        faces = [self.buf[p][2] for p in range(self.game.players)]
        self._emit_roll("setup", players=[self.game.player_label(p) for p in range(self.game.players)])
        if len(set(faces)) != len(faces):
            self._push(("setup_roll",))
            return
        self.order = sorted(range(self.game.players), key=lambda p: faces[p])
        self.holder = self.order[0]
        self._push(self._decide_step("corner", self.order[0]), ("corners_next",))

    def _s_corners_next(self) -> None:
        taken = [c for c in self.corners if c >= 0]
        pending = [p for p in self.order if self.corners[p] < 0]
        if not pending:
            steps = [("deploy", w.index) for p in self.order for w in self.ws if w.player == p]
            self._push(*steps, ("round_start",))
            return
        p = pending[0]
        if len(taken) == 1:
            self.corners[p] = mat.OPPOSITE[taken[0]]
            self.emit("corner", {"team": self.game.player_label(p), "corner": mat.TURNBUCKLE_NAMES[self.corners[p]]})
            self._push(("corners_next",))
            return
        free = [c for c in mat.TURNBUCKLES if c not in taken]
        if len(free) == 1:
            self.corners[p] = free[0]
            self._push(("corners_next",))
            return
        self._push(self._decide_step("corner", p), ("corners_next",))

    def _corner_spots(self, w: Wrestler) -> list[int]:
        return [a for a in mat.corner_anchors(self.corners[w.player], w.size) if self._fits(a, w.size)]

    def _s_deploy(self, index: int) -> None:
        w = self.ws[index]
        entrant = self.game.entrants[index]
        if entrant.benched:
            self.emit("sidelines", {"wrestler": entrant.label, "why": "Traditional Tag Team partner"})
            return
        if not self._corner_spots(w):
            self.emit("sidelines", {"wrestler": entrant.label, "why": "no room in the corner"})
            return
        self._push(self._decide_step("place", w.player, "deploy", index))

    def _s_round_start(self) -> None:
        # rumbleslam ROUNDS: 5 rounds; then the Dosh count.
        if self.round >= self.game.rounds:
            self._dosh_decision()
            return
        self.round += 1
        for w in self.ws:
            w.activated = False
            w.cp_lock = False
            w.cp = 0
            w.bonus = (0, 0, 0, 0)
        self.tag_used = []
        self.emit("round", {"round": self.round, "initiative_card": self.game.player_label(self.holder)})
        steps: list[tuple[Any, ...]] = []
        live = self._players_in()
        for p in self._clockwise(self.holder):
            if p in live:
                steps.append(("entries", p))
        if self.round >= 2:
            for p in self._clockwise(self.holder):
                if p in live:
                    steps.append(("sponsor_window", p))
        steps.append(("nominations",))
        self._push(*steps)

    def _players_in(self) -> list[int]:
        return [p for p in range(self.game.players) if any(w.in_ring for w in self.ws if w.player == p)]

    def _dosh_decision(self) -> None:
        """rumbleslam ROUNDS: highest Dosh in the ring wins; KO'd count half, sidelines nothing."""
        totals = []
        for p in range(self.game.players):
            total = 0.0
            for w in self.ws:
                if w.player == p and w.in_ring:
                    dosh = self.game.entrants[w.index].profile.dosh
                    total += dosh / 2 if w.ko else dosh
            totals.append(total)
        self.dosh_count = totals
        best = max(totals)
        winners = [p for p in range(self.game.players) if totals[p] == best]
        self._finish(winners if len(winners) < self.game.players else [], "Dosh count after the last round")

    def _eligible_entries(self, p: int) -> list[int]:
        out = []
        for w in self.ws:
            if w.player != p or w.loc != SIDE:
                continue
            e = self.game.entrants[w.index]
            # rumbleslam TRADITIONAL TAG TEAM: the member on the sidelines (benched at setup, or tagged out
            # since) enters with a credit only once its partner has left the ring (R-RS-41)
            if e.tag_style == "traditional" and e.partner >= 0 and self.ws[e.partner].in_ring:
                continue
            if self._corner_spots(w):
                out.append(w.index)
        return out

    def _s_entries(self, p: int) -> None:
        # rumbleslam ON THE SIDELINES: one entry per friendly wrestler removed from the game.
        if self.removed[p] - self.entered[p] <= 0 or not self._eligible_entries(p):
            return
        self._push(self._decide_step("enter", p), ("entries", p))

    def _s_sponsor_window(self, p: int) -> None:
        # rumbleslam SPONSORSHIP BONUSES: from round 2, before the initiative, once per game each.
        if self.sponsors_left[p] and self._players_in().count(p):
            self._push(self._decide_step("sponsor", p))

    def _s_sponsor_rolled(self, p: int, name: str) -> None:
        count = self.buf[0][2]
        self._emit_roll("sponsorship", team=self.game.player_label(p), sponsorship=name)
        eligible = self._sponsor_eligible(p, name)
        n = min(count, len(eligible))
        if n == 0:
            return
        if n == len(eligible):
            for w in eligible:
                self._sponsor_apply(p, name, w)
            return
        self._push(self._decide_step("recipient", p, name, n, ()))

    def _sponsor_eligible(self, p: int, name: str, chosen: tuple[int, ...] = ()) -> list[int]:
        out = []
        for w in self.ws:
            if w.player != p or w.index in chosen or not w.in_ring:
                continue
            if name == "Eagle Airways" and (w.loc == LIFTED or w.lifting >= 0 or not self._eagle_spots(w)):
                continue
            out.append(w.index)
        return out

    def _eagle_spots(self, w: Wrestler) -> list[int]:
        return [a for a in mat.FLOOR if self._fits(a, w.size, w.index) and a != w.pos]

    def _sponsor_apply(self, p: int, name: str, index: int) -> None:
        w = self.ws[index]
        self.emit("sponsored", {"wrestler": self._label(w), "sponsorship": name})
        if name in SPONSOR_STAT:
            b = list(w.bonus)
            b[STAT_INDEX[SPONSOR_STAT[name]]] += 1
            w.bonus = (b[0], b[1], b[2], b[3])
        elif name == "Phoenix Fizz":
            self._heal(w, 1)
            w.kd = 0
        elif name == "Orka-Cola":
            self._counter(w, "+AP", 1)
        elif name == "Tauran Tacos":
            self._counter(w, "+MP", 1)
        elif name == "Eagle Airways":
            self._push(self._decide_step("place", p, "eagle", index))

    def _s_nominations(self) -> None:
        # rumbleslam TAKING THE INITIATIVE: the card holder nominates first, then clockwise.
        self.nominee = [-1] * self.game.players
        live = self._players_in()
        steps: list[tuple[Any, ...]] = []
        for p in self._clockwise(self.holder):
            if p in live:
                steps.append(("nominate", p))
        steps.append(("initiative_roll",))
        self._push(*steps)

    def _activatable(self, p: int) -> list[int]:
        return [w.index for w in self.ws if w.player == p and w.in_ring and not w.activated]

    def _s_nominate(self, p: int) -> None:
        options = self._activatable(p)
        if len(options) == 1:
            self.nominee[p] = options[0]
        elif options:
            self._push(self._decide_step("nominate", p))

    def _s_initiative_roll(self) -> None:
        spec: list[tuple[int, str]] = []
        for p in range(self.game.players):
            if self.nominee[p] >= 0:
                # a KO'd wrestler rolls its real DEX for the initiative (rumbleslam KO'D)
                spec.extend((p, k) for k in self._initiative_pool(self.ws[self.nominee[p]])[0])
        # rumbleslam RE-ROLLS: the Initiative card holder declares re-rolls first
        owners = tuple(range(self.game.players))
        windows = [("reroll_window", p, "init", (0, 0), 0, owners)
                   for p in self._clockwise(self.holder) if self.nominee[p] >= 0]
        self._push(("roll", tuple(spec)), *windows, ("initiative_done",))

    def _s_initiative_done(self) -> None:
        totals = self._initiative_totals()
        self._emit_roll("initiative", totals={self.game.player_label(p): t for p, t in totals.items()})
        self.turn_order = self._initiative_order()
        self.turn = 0
        if self.turn_order:
            self.emit("initiative", {"team": self.game.player_label(self.turn_order[0]),
                                     "wrestler": self._label(self.nominee[self.turn_order[0]])})
        self._push(("next_act",))

    def _s_next_act(self) -> None:
        # rumbleslam ACTIVATING WRESTLERS: one activation each in initiative order, cycling.
        n = len(self.turn_order)
        for k in range(n):
            p = self.turn_order[(self.turn + k) % n]
            options = self._activatable(p)
            if not options:
                continue
            self.turn = (self.turn + k + 1) % n
            nominee = self.nominee[p]
            if nominee in options:
                self._push(("start_act", nominee))
            elif len(options) == 1:
                self._push(("start_act", options[0]))
            else:
                self._push(self._decide_step("activate", p))
            return
        self._push(("round_end",))

    def _s_round_end(self) -> None:
        for w in self.ws:
            w.cp = 0
        live = self._players_in()
        for p in self._clockwise(self.holder)[1:]:
            if p in live:
                self.holder = p
                break
        self._push(("round_start",))

    def _s_start_act(self, index: int) -> None:
        w = self.ws[index]
        p = w.player
        w.activated = True
        self.active = index
        self.end_flag = False
        self.used = []
        self.dirty = 0
        prof = self.game.entrants[index].profile
        # rumbleslam (+/- AP), (+/- MP): counters apply at the start of the activation
        w.ap = max(0, prof.ap + w.p_ap - w.m_ap)
        w.mp = max(0, prof.mp + w.p_mp - w.m_mp)
        w.mp_allow = w.mp
        w.p_ap = w.m_ap = w.p_mp = w.m_mp = 0
        self.emit("activate", {"wrestler": self._label(w), "ap": w.ap, "mp": w.mp})
        steps: list[tuple[Any, ...]] = []
        if w.ko:
            steps.extend(self._crowd_roll(p, 1, (BOO, BLANK)))
            steps.append(("ko_recovery", index))
        elif w.bleed:
            steps.extend(self._crowd_roll(p, 1, (BOO, BLANK)))
            steps.append(("bleeding", index))
        if any(a.kind == "choice" for a, _ in self.game.entrants[index].abilities):
            steps.append(("choice", index))
        if w.loc == LIFTED:
            steps.append(("escape", index))
        steps.append(self._decide_step("act", p, index))
        self._push(*steps)

    def _s_ko_recovery(self, index: int) -> None:
        # rumbleslam KO'D: Cheer restores 1 STA; otherwise the activation ends.
        w = self.ws[index]
        face = self.buf[0][2]
        self._emit_roll("KO recovery", wrestler=self._label(w))
        if face == CHEER:
            self._heal(w, 1)
        else:
            self.end_flag = True

    def _s_bleeding(self, index: int) -> None:
        # rumbleslam (BLEEDING): Cheer stops it; anything else costs 1 STA.
        w = self.ws[index]
        face = self.buf[0][2]
        self._emit_roll("bleeding", wrestler=self._label(w))
        if face == CHEER:
            w.bleed = 0
        else:
            self._damage(w, 1, "bleeding")
            if w.loc == TB:
                self._push(("tb_test", index, -1))

    def _s_choice(self, index: int) -> None:
        if not self.end_flag:
            self._push(self._decide_step("choice", self.ws[index].player, index))

    def _s_end_act(self, index: int) -> None:
        w = self.ws[index]
        if w.in_ring:
            w.ap = 0
            w.mp = 0
        self.active = -1
        self.end_flag = False
        self._push(("next_act",))
