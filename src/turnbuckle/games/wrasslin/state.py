"""The WRASSLIN' State machine: turns (5.4), response chains (8.x, 9.x), Holds, Pins and counts (10.x),
unique situations (11.x), tag teams (12.x), battle royals (13.x) and tournaments (14.x).

Everything pending is plain data: ``phase`` says whose decision it is and of what kind, ``chain`` holds
the responses to the base play (``base_*`` fields), ``responders`` the seats still to be asked,
``draws`` the seats owed a card, ``resume`` where a resolved chain returns to.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.games.wrasslin.cards import HoldSpec, Wrestler
from turnbuckle.games.wrasslin.matchtypes import APRON, FLOOR, OUT, POSITION_NAMES, RING

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.rules import WrasslinGame

HAND_SIZE = 7
E_HOLD, E_FACEDOWN, E_EXIT = 0, 1, 2
"""Cards lying next to a Wrestler: a Damage card, a face-down continuous-Hold card (10.11), an
Out-of-Ring card showing its "Exit" corners (11.3)."""

Entry = tuple[int, int, int, int, int]
"""(physical card, hold ref, damage points, kind, owner seat)."""
Item = tuple[str, int, int, int]
"""A response in the chain: (kind, physical card, seat, target index; -1 = the base play)."""

NEGATORS = ("block", "reverse", "iblock", "ireverse", "referee")


class WrasslinState(State):
    """One moment of a WRASSLIN' match."""

    def __init__(self, game: WrasslinGame) -> None:
        super().__init__(game)
        g = game
        self.g = g
        n = g.players
        k = len(g.cards)
        self.hand: list[list[int]] = [[0] * k for _ in range(n)]
        self.deck: list[int] = list(g.deck0)
        self.deck_n = sum(self.deck)
        self.discard: list[int] = [0] * k
        self.aside: list[int] = list(g.aside0)
        self.passes = 0
        self.wid: list[int] = list(g.starting)
        self.dmg: list[int] = [0] * n
        self.entries: list[list[Entry]] = [[] for _ in range(n)]
        self.pos: list[int] = list(g.seats.start)
        self.team: tuple[int, ...] = g.seats.teams
        self.surge: list[int] = [0] * n
        self.surge_turn: list[int] = [-1] * n
        self.penalty: list[int] = [0] * n
        self.unfilled: list[bool] = [False] * n
        self.warned: list[int] = [0] * n
        self.out_count: list[int] = [0] * n
        self.out_limit: list[int] = [5] * n
        self.illegal_in: list[int] = [-1] * n
        self.stacks: list[list[int]] = [list(s) for s in g.stacks]
        self.holds: list[list[int]] = []
        """Continuing Holds and Pins in effect: [attacker, defender, ref, pin card, is pin, count, limit]."""
        self.br: list[tuple[int, int, int, int]] = []
        """Battle Royal Holds in play (13.5): (attacker, victim, ref, card)."""
        self.base_kind = ""
        self.base_phys = -1
        self.base_ref = 0
        self.base_att = -1
        self.base_def = -1
        self.base_dt = -1
        self.base_out = False
        self.illegal_reason = ""
        self.chain: list[Item] = []
        self.responders: list[int] = []
        self.resume = ""
        self.turn = 0
        self.turn_no = 0
        self.draws: list[int] = []
        self.after_draw = "initiative"
        self.callers: list[int] = []
        self.calls: list[tuple[int, int]] = []
        self.obligation = -1
        self.acted = False
        self.combo = 0
        self.tagged = False
        self.pending: tuple[str, int, int] | None = None
        self.dt_card = -1
        self.stay_pending = False
        self.last_outcome = ""
        self.result: list[float] | None = None
        self.free_for_all = False
        self.dt_lock = -1
        self.enter_queue: list[int] = []
        self.bout_over = False
        self.first_bout = True
        self.next_after_bout = 0
        self._legal: list[Action] | None = None
        self.plays: list[int] = []
        """Main-phase decisions since the last answered play (refused together by a challenge)."""
        self.refused: list[int] = []
        """Plays refused by a challenge this turn (11.5): not offered again, so a challenge cannot loop."""
        c = g.index
        self.C_PS = c["Power Surge"]
        self.C_WILD = c["Wild Card"]
        self.C_BLOCK = c["Block"]
        self.C_REVERSE = c["Reverse"]
        self.C_IB = c["Interference/Block"]
        self.C_IR = c["Interference/Reverse"]
        self.C_REF = c["Referee"]
        self.C_DIS = c["Distraction"]
        self.C_LSC = c["Long/Short Count"]
        self.C_COMB = c["Combination"]
        self.C_REC1 = c["Recovery 1"]
        self.C_REC2 = c["Recovery 2"]
        self.C_SPEC = c["Specialty"]
        self.C_TAG = c["Tag"]
        self.C_DT = c["Double Team"]
        self.C_OOR = c["Out of Ring"]
        if g.match_type == "tournament":
            self.enter_queue = list(range(n))
            self.phase = "enter"
        else:
            self.phase = "draw"
            self.draws = [s for _ in range(HAND_SIZE) for s in range(n)]
            self.after_draw = "initiative"
            self.emit("deal", wrestlers=[self.name(s) for s in range(n)])

    # -- copying ----------------------------------------------------------------------------
    def _copy_into(self, other: State) -> None:
        assert isinstance(other, WrasslinState)
        other.hand = [h.copy() for h in self.hand]
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.aside = self.aside.copy()
        other.wid = self.wid.copy()
        other.dmg = self.dmg.copy()
        other.entries = [e.copy() for e in self.entries]
        other.pos = self.pos.copy()
        other.surge = self.surge.copy()
        other.surge_turn = self.surge_turn.copy()
        other.penalty = self.penalty.copy()
        other.unfilled = self.unfilled.copy()
        other.warned = self.warned.copy()
        other.out_count = self.out_count.copy()
        other.out_limit = self.out_limit.copy()
        other.illegal_in = self.illegal_in.copy()
        other.stacks = [s.copy() for s in self.stacks]
        other.holds = [r.copy() for r in self.holds]
        other.br = self.br.copy()
        other.chain = self.chain.copy()
        other.responders = self.responders.copy()
        other.draws = self.draws.copy()
        other.callers = self.callers.copy()
        other.calls = self.calls.copy()
        other.enter_queue = self.enter_queue.copy()
        other.result = None if self.result is None else self.result.copy()
        other.refused = self.refused.copy()
        other.plays = self.plays.copy()
        other._legal = None

    # -- small helpers ----------------------------------------------------------------------
    def w(self, s: int) -> Wrestler:
        return self.g.wrestlers[self.wid[s]]

    def name(self, s: int) -> str:
        return self.g.wrestlers[self.wid[s]].name if self.wid[s] >= 0 else f"seat {s}"

    def abilities(self, s: int) -> tuple[int, int, int, int, int]:
        """Current (Strength incl. Power Surge, Agility, Skill, Power Surge rating, Recovery) (3.1)."""
        a = self.w(s).abilities(self.dmg[s])
        return (a[0] + self.surge[s], a[1], a[2], a[3], a[4])

    def strength(self, s: int) -> int:
        return self.w(s).abilities(self.dmg[s])[0] + self.surge[s]

    def held(self, s: int) -> bool:
        """Under a Continuing Hold or Pin (10.12, 10.21)."""
        return bool(self.holds) and any(r[1] == s for r in self.holds)

    def pinned(self, s: int) -> bool:
        return bool(self.holds) and any(r[1] == s and r[4] for r in self.holds)

    def mobile(self, s: int) -> bool:
        """3.13: some Strength (Power Surge counts, 8.4), Agility or Skill, and not under a Hold/Pin."""
        a = self.abilities(s)
        return (a[0] > 0 or a[1] > 0 or a[2] > 0) and not self.held(s)

    def can_react(self, s: int) -> bool:
        """8.1: a Block or Reverse needs Strength, Agility or Skill of at least 1."""
        a = self.abilities(s)
        return a[0] > 0 or a[1] > 0 or a[2] > 0

    def opponents(self, s: int) -> list[int]:
        return [t for t in range(self.g.players) if self.team[t] != self.team[s] and self.pos[t] != OUT]

    def partners(self, s: int) -> list[int]:
        return [t for t in range(self.g.players) if t != s and self.team[t] == self.team[s]]

    def entitled(self, s: int) -> bool:
        """3.5, 9.3: a manager, or a mobile Tag Team partner, entitles a Wrestler to Outside Influence."""
        if self.w(s).manager:
            return True
        return any(self.pos[t] in (RING, APRON) and self.mobile(t) for t in self.partners(s))

    def spec(self, att: int, ref: int) -> HoldSpec:
        hold = self.g.cards[ref].hold if ref >= 0 else self.w(att).specialties[-ref - 1].hold
        assert hold is not None
        return hold

    def hold_name(self, att: int, ref: int) -> str:
        return self.spec(att, ref).name

    def card_name(self, ci: int) -> str:
        return self.g.cards[ci].name if ci >= 0 else "-"

    def can_surge(self, s: int) -> bool:
        """8.4 / 3.14: one Power Surge per turn, only with some Power Surge rating left."""
        h = self.hand[s]
        return (
            (h[self.C_PS] > 0 or h[self.C_WILD] > 0)
            and self.surge_turn[s] != self.turn_no
            and self.w(s).abilities(self.dmg[s])[3] > 0
        )

    def meets(self, s: int, spec: HoldSpec, target: int, teamwork: bool = False) -> str:
        """Why ``s`` lacks the abilities for ``spec`` on ``target`` (4.3, 6.11-6.12); '' when he has them."""
        a = self.abilities(s)
        st = a[0]
        r = spec.req
        if st < 1:
            return "no Strength left (3.11)"
        if teamwork:
            return ""
        if st < r.strength:
            return f"needs Strength {r.strength}, has {st}"
        if r.gt_s and not st > self.strength(target):
            return f"needs Strength greater than {self.name(target)}'s {self.strength(target)}, has {st}"
        if r.ge_w and st < self.w(target).weight:
            return f"needs Strength at least {self.name(target)}'s Weight {self.w(target).weight}, has {st}"
        if r.ge_own_w and st < self.w(s).weight:
            return f"needs Strength at least his own Weight {self.w(s).weight}, has {st}"
        if a[1] < r.agility:
            return f"needs Agility {r.agility}, has {a[1]}"
        if a[2] < r.skill:
            return f"needs Skill {r.skill}, has {a[2]}"
        if r.any_of and max(st, a[1], a[2]) < r.any_of:
            return f"needs Strength, Agility or Skill {r.any_of}"
        return ""

    def _location_ok(self, s: int, t: int, spec: HoldSpec, dt: bool) -> bool:
        return _reachable(self.pos[s], self.pos[t], spec, dt)

    def _candidates(self, s: int) -> list[tuple[int, int, int, int, int]]:
        """(seat, Strength, Weight, damage, position) of each opponent a Hold may go on (9.41: not one
        being penalized who has not yet refilled his hand)."""
        out: list[tuple[int, int, int, int, int]] = []
        team = self.team[s]
        for t in range(self.g.players):
            if self.team[t] == team or self.pos[t] == OUT or self.penalty[t] > 0 or self.unfilled[t]:
                continue
            out.append((t, self.strength(t), self.w(t).weight, self.dmg[t], self.pos[t]))
        return out

    def _targets_for(self, s: int, spec: HoldSpec, dt: bool, cands: list[tuple[int, int, int, int, int]],
                     a: tuple[int, int, int, int, int], check: bool = True) -> list[int]:
        st, ag, sk = a[0], a[1], a[2]
        if check and st < 1:
            return []  # 3.11
        r = spec.req
        teamwork = self.g.royal and spec.battle_royal
        lax = teamwork or self.g.errors_rule or not check
        base_ok = (
            st >= r.strength and ag >= r.agility and sk >= r.skill
            and (not r.ge_own_w or st >= self.w(s).weight)
            and (not r.any_of or max(st, ag, sk) >= r.any_of)
        )
        ps = self.pos[s]
        out: list[int] = []
        for t, tst, tw, tdmg, pt in cands:
            if not _reachable(ps, pt, spec, dt):
                continue
            if spec.pin and (tdmg < 1 or self.free_for_all):
                continue  # 10.2: only against a damaged opponent
            if not lax and (not base_ok or (r.gt_s and st <= tst) or (r.ge_w and st < tw)):
                continue
            out.append(t)
        return out

    def hold_targets(self, s: int, spec: HoldSpec, dt: bool = False, check: bool = True) -> list[int]:
        """Opponents ``s`` may apply ``spec`` to now (with ``check``: only those he has the abilities for)."""
        return self._targets_for(s, spec, dt, self._candidates(s), self.abilities(s), check)

    # -- the contract -----------------------------------------------------------------------
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        ph = self.phase
        if ph == "draw" or ph == "enter":
            return CHANCE
        if ph == "respond":
            return self.responders[0]
        if ph == "initiative":
            return self.callers[0]
        return self.turn

    def returns(self) -> list[float]:
        return self.result.copy() if self.result is not None else [0.0] * self.g.players

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.result is not None:
            return []
        if self.phase == "draw":
            total = self.deck_n
            a = self.g.a_draw
            return [(a[i], c / total) for i, c in enumerate(self.deck) if c]
        if self.phase == "enter":
            stack = self.stacks[self.enter_queue[0]]
            return [(self.g.a_arrive[w], 1.0 / len(stack)) for w in sorted(stack)]
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """Same distribution as ``chance_outcomes``, without building the list (fast playouts)."""
        if self.phase == "draw":
            point = rng.randrange(self.deck_n)
            for i, c in enumerate(self.deck):
                if point < c:
                    return self.g.a_draw[i]
                point -= c
        if self.phase == "enter":
            return self.g.a_arrive[rng.choice(sorted(self.stacks[self.enter_queue[0]]))]
        return super().sample_chance(rng)

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = sorted(self._compute_legal(), key=_action_id)
        return self._legal.copy()

    def _is_allowed(self, action: Action) -> bool:
        player = self.current_player()
        if player == TERMINAL:
            return False
        if player == CHANCE:
            if self.phase == "draw":
                i = action.id
                return 0 <= i < len(self.deck) and self.deck[i] > 0 and action == self.g.a_draw[i]
            return any(a == action for a, _ in self.chance_outcomes())
        if self._legal is None:
            self._legal = sorted(self._compute_legal(), key=_action_id)
        return action in self._legal

    def _illegal_message(self, action: Action) -> str:
        return f"{action.name!r} refused: {self.explain(action)}"

    def _compute_legal(self) -> list[Action]:
        p = self.current_player()
        if p < 0:
            return []
        g = self.g
        ph = self.phase
        if ph == "main" or ph == "dt_hold":
            acts = self._main_actions(p)
            if self.refused:
                acts = [a for a in acts if a.id not in self.refused] or [g.a_end]
            if g.void and self.hand[p][self.C_WILD]:
                return [a for a in acts if not self._void_wild(a)]
            return acts
        if ph == "respond":
            acts = self._responses(p)
            if g.void and self.hand[p][self.C_WILD]:
                acts = [a for a in acts if not self._void_wild(a)]
            acts.append(g.a_pass)
            return acts
        if ph == "initiative":
            return [g.a_call[ci] for ci, c in enumerate(self.hand[p]) if c]
        if ph == "penalty":
            return [g.a_serve, g.a_ignore]
        if ph == "upkeep":
            acts = [g.a_release]
            if self.hand[p][self.C_PS]:
                acts.append(g.a_play[self.C_PS])
            if self.hand[p][self.C_WILD]:
                acts.append(g.a_wild[self.C_PS])
            return acts
        if ph == "accumulate":
            return [g.a_accumulate[ci] for ci, c in enumerate(self.hand[p]) if c]
        if ph == "target":
            assert self.pending is not None
            kind, _phys, ref = self.pending
            spec = self.spec(p, ref)
            return [g.a_target[t] for t in self.hold_targets(p, spec, dt=kind == "dt")]
        if ph == "stay":
            return [g.a_stay, g.a_apron]
        return []

    # -- main-phase actions (5.4 A) ---------------------------------------------------------
    def _hold_options(self, s: int, dt: bool, exclude: int = -1) -> list[Action]:
        """Every Hold ``s`` may play now, from his hand or as a Wild Card (11.2) or Specialty (11.4)."""
        g = self.g
        h = self.hand[s]
        acts: list[Action] = []
        a = self.abilities(s)
        if a[0] < 1:
            return acts  # 3.11: no Strength, no Hold
        cands = self._candidates(s)
        if not cands:
            return acts
        wr = self.w(s)
        dirty = wr.dirty
        wild = h[self.C_WILD] - (1 if exclude == self.C_WILD else 0) > 0
        for ci, spec in g.hold_cards:
            if not wild and not h[ci]:
                continue
            have = h[ci] - (1 if exclude == ci else 0) > 0
            if not have and not wild:
                continue
            if spec.illegal and not dirty:
                continue  # 7.1: only dirty Wrestlers play blue Illegal Holds
            if dt and (spec.pin or spec.continuous):
                continue  # 12.4
            if not self._targets_for(s, spec, dt, cands, a):
                continue
            if have:
                acts.append(g.a_play[ci])
            if wild:
                acts.append(g.a_wild[ci])
        if not dt:
            has_spec = h[self.C_SPEC] > 0
            if has_spec or wild:
                for i, sp in enumerate(wr.specialties):
                    if sp.hold is None:
                        continue
                    if sp.hold.illegal and not dirty:
                        continue
                    if self._targets_for(s, sp.hold, False, cands, a):
                        if has_spec:
                            acts.append(g.a_spec[i])
                        if wild:
                            acts.append(g.a_spec_wild[i])
        return acts

    def _main_actions(self, s: int) -> list[Action]:
        g = self.g
        h = self.hand[s]
        if self.phase == "dt_hold":
            return self._hold_options(s, dt=True) or [g.a_end]
        wild = h[self.C_WILD] > 0
        acts: list[Action] = []
        if self.can_surge(s):
            if h[self.C_PS]:
                acts.append(g.a_play[self.C_PS])
            if wild:
                acts.append(g.a_wild[self.C_PS])
        if h[self.C_PS] and not self.acted and self.surge_turn[s] != self.turn_no and sum(h) > 1:
            acts.append(g.a_extra_surge)  # 8.4: "played (or discarded) in addition to any other card"
        if self.combo:
            # 11.1: the Holds of a Combination (or end the turn)
            return [*acts, *self._hold_options(s, dt=False), g.a_end]
        held = self.held(s)
        pinned = self.pinned(s)
        pos = self.pos[s]
        specs = self.w(s).specialties
        has_spec = h[self.C_SPEC] > 0
        mt = g.match_type
        if mt in ("tag", "handicap"):
            if pos == RING and not held and not self.tagged and self.mobile(s) and any(
                self.pos[t] == APRON and self.mobile(t) for t in self.partners(s)
            ):
                if h[self.C_TAG]:
                    acts.append(g.a_play[self.C_TAG])
                if wild:
                    acts.append(g.a_wild[self.C_TAG])
                if has_spec or wild:
                    for i, sp in enumerate(specs):
                        if sp.effect == "tag":
                            acts.append(g.a_spec[i] if has_spec else g.a_spec_wild[i])
            if pos == APRON and not held:
                dt_sources: list[Action] = []
                if h[self.C_DT] and self._hold_options(s, dt=True, exclude=self.C_DT):
                    dt_sources.append(g.a_play[self.C_DT])
                if wild and self._hold_options(s, dt=True, exclude=self.C_WILD):
                    dt_sources.append(g.a_wild[self.C_DT])
                if has_spec and any(sp.effect == "double_team" for sp in specs) and \
                        self._hold_options(s, dt=True, exclude=self.C_SPEC):
                    i = next(i for i, sp in enumerate(specs) if sp.effect == "double_team")
                    dt_sources.append(g.a_spec[i])
                acts += dt_sources
                # 12.42: two opponents in the ring against my partner alone
                if not self.free_for_all and any(self.pos[t] == RING for t in self.partners(s)) and sum(
                    1 for t in self.opponents(s) if self.pos[t] == RING
                ) >= 2:
                    acts.append(g.a_enter)
            if self.illegal_in[s] >= 0:
                acts.append(g.a_apron)
            if h[self.C_REF] and not self.free_for_all and any(self.illegal_in[t] >= 0 for t in self.opponents(s)):
                acts.append(g.a_play[self.C_REF])  # 12.41: the Referee spots the illegal man
        if not held and pos in (RING, FLOOR):
            holds = self._hold_options(s, dt=False)
            acts += holds
            if holds:
                if h[self.C_COMB]:
                    acts.append(g.a_play[self.C_COMB])
                if wild:
                    acts.append(g.a_wild[self.C_COMB])
            pinner = any(r[0] == s and r[4] for r in self.holds)  # 10.21: the pinner stays put too
            if pos == RING and not g.royal and not pinner and self.mobile(s) and self.opponents(s):
                if h[self.C_OOR]:
                    acts.append(g.a_exit)
                if wild:
                    acts.append(g.a_exit_wild)
        if pos == FLOOR and self.mobile(s):
            acts.append(g.a_reenter)
        a = self.abilities(s)
        if self.dmg[s] > 0 and a[4] > 0 and not held:
            if h[self.C_REC1]:
                acts.append(g.a_play[self.C_REC1])
            if h[self.C_REC2]:
                acts.append(g.a_play[self.C_REC2])
            if wild:
                acts.append(g.a_wild[self.C_REC1])
                acts.append(g.a_wild[self.C_REC2])
        if (has_spec or wild) and self.dmg[s] > 0:
            for i, sp in enumerate(specs):
                if sp.effect == "recovery" and (not held or (sp.while_pinned and not self.held_by_continuous(s))):
                    acts.append(g.a_spec[i] if has_spec else g.a_spec_wild[i])
        if pinned and self.can_react(s):
            # 10.2A / introductory sheet: the pinned Wrestler may Block the Pin
            if h[self.C_BLOCK]:
                acts.append(g.a_play[self.C_BLOCK])
            if wild:
                acts.append(g.a_wild[self.C_BLOCK])
        if mt == "tournament":
            acts.append(g.a_concede)
        for ci, c in enumerate(h):
            if c:
                acts.append(g.a_discard[ci])
        if self.obligation >= 0 and self.turn_no == 1:
            ob = self.obligation
            kept = [x for x in acts if self._uses(x, ob) or x is g.a_concede]
            if kept:
                return kept
        if not acts:
            acts.append(g.a_end)  # an empty hand (the deck ran dry): nothing to play or discard
        return acts

    def _void_wild(self, action: Action) -> bool:
        """A Wild Card may not become a card this match has removed (intro sheet, 13.2, 14.2)."""
        kind, arg = self.g.decode[action.id]
        void = self.g.void
        if kind in ("wild", "react_wild"):
            return arg in void
        if kind == "spec_wild":
            return self.C_SPEC in void
        if kind in ("long_wild", "short_wild"):
            return self.C_LSC in void
        return action is self.g.a_exit_wild and self.C_OOR in void

    def held_by_continuous(self, s: int) -> bool:
        return any(r[1] == s and not r[4] for r in self.holds)

    def _uses(self, action: Action, ci: int) -> bool:
        """Does ``action`` play or discard card type ``ci`` (5.3: the first player's called card)?"""
        kind, arg = self.g.decode[action.id]
        if ci == self.C_WILD:
            return kind in ("wild", "spec_wild") or action is self.g.a_exit_wild or (kind == "discard" and arg == ci)
        if ci == self.C_SPEC:
            return kind == "spec" or (kind == "discard" and arg == ci)
        if ci == self.C_OOR and action is self.g.a_exit:
            return True
        return kind in ("play", "discard") and arg == ci

    # -- responses (5.6, 8.x, 9.x) ----------------------------------------------------------
    def _effective(self) -> tuple[list[bool], list[str]]:
        """Which chain items stand, top down, and the kinds of standing items aimed at the base play."""
        chain = self.chain
        negated = [False] * len(chain)
        hits: list[str] = []
        for i in range(len(chain) - 1, -1, -1):
            if negated[i]:
                continue
            kind, _phys, _seat, tgt = chain[i]
            if tgt >= 0:
                if kind in ("referee", "distraction", "long", "short"):
                    negated[tgt] = True
            else:
                hits.append(kind)
        return [not x for x in negated], hits

    def base_illegal(self) -> bool:
        if self.base_kind != "hold":
            return False
        return self.base_dt >= 0 or self.spec(self.base_att, self.base_ref).illegal

    def counts_running(self) -> bool:
        if FLOOR in self.pos or max(self.illegal_in) >= 0 or any(r[4] for r in self.holds):
            return True
        return self.base_kind == "hold" and self.spec(self.base_att, self.base_ref).pin

    def _responses(self, q: int) -> list[Action]:
        g = self.g
        h = self.hand[q]
        wild = h[self.C_WILD] > 0
        acts: list[Action] = []
        bk = self.base_kind
        att, dfn = self.base_att, self.base_def
        eff, hits = self._effective()
        chain = self.chain
        battle_royal = g.royal
        if bk in ("hold", "reapply", "exit"):
            standing = not any(k in NEGATORS for k in hits)
            red_played = any(it[0] in ("block", "reverse") for it in chain)
            surged = any(it[0] == "surge" for it in chain)
            spec = self.spec(att, self.base_ref) if bk != "exit" else None
            reversible = bk == "exit" or (bk == "hold" and spec is not None and spec.reversible)
            if q == dfn and standing and not red_played and not (bk == "hold" and self.base_dt >= 0):
                if self.can_react(q):
                    if h[self.C_BLOCK]:
                        acts.append(g.a_react[self.C_BLOCK])
                    if wild:
                        acts.append(g.a_react_wild[self.C_BLOCK])
                    if reversible:
                        if h[self.C_REVERSE]:
                            acts.append(g.a_react[self.C_REVERSE])
                        if wild:
                            acts.append(g.a_react_wild[self.C_REVERSE])
                if bk != "exit" and not surged and self.can_surge(q):
                    if h[self.C_PS]:
                        acts.append(g.a_react[self.C_PS])
                    if wild:
                        acts.append(g.a_react_wild[self.C_PS])
            if (
                bk != "exit" and not battle_royal and standing and dfn >= 0
                and self.team[q] == self.team[dfn] and (h[self.C_IB] or h[self.C_IR] or wild)
                and self.entitled(q)
            ):
                if h[self.C_IB]:
                    acts.append(g.a_react[self.C_IB])
                if wild:
                    acts.append(g.a_react_wild[self.C_IB])
                if bk == "hold" and reversible:
                    if h[self.C_IR]:
                        acts.append(g.a_react[self.C_IR])
                    if wild:
                        acts.append(g.a_react_wild[self.C_IR])
        if not battle_royal and not self.free_for_all and self.dt_lock < 0:
            target = self._referee_target(q, eff, hits)
            if target is not None:
                if not target[1]:
                    if h[self.C_REF]:
                        acts.append(g.a_react[self.C_REF])
                    if wild:
                        acts.append(g.a_react_wild[self.C_REF])
                if h[self.C_SPEC] or wild:
                    for i, sp in enumerate(self.w(q).specialties):
                        if sp.effect == "referee":
                            acts.append(g.a_react_spec[i])
            # 9.5: Distraction voids the standing Referee aimed at my side, or an opponent's Tag
            if (h[self.C_DIS] or wild) and self.entitled(q):
                ok = False
                for i in range(len(chain) - 1, -1, -1):
                    kind, _p, seat, _t = chain[i]
                    if eff[i] and kind == "referee":
                        ok = self.team[seat] != self.team[q]
                        break
                if bk == "tag" and self.team[att] != self.team[q] and "distraction" not in hits:
                    ok = True
                if ok:
                    if h[self.C_DIS]:
                        acts.append(g.a_react[self.C_DIS])
                    if wild:
                        acts.append(g.a_react_wild[self.C_DIS])
            # 9.2: Long/Short Count during an opponent's turn
            if q != self.turn and self.team[q] != self.team[self.turn] and (h[self.C_LSC] or wild) and \
                    self.counts_running():
                lsc = [i for i, it in enumerate(chain) if it[0] in ("long", "short")]
                standing_lsc = [i for i in lsc if eff[i]]
                if not lsc or (standing_lsc and chain[standing_lsc[-1]][2] != q):
                    if h[self.C_LSC]:
                        acts += [g.a_long, g.a_short]
                    if wild:
                        acts += [g.a_long_wild, g.a_short_wild]
        if (
            self.g.errors_rule and self.illegal_reason and att >= 0 and self.team[q] != self.team[att]
            and not any(self.team[it[2]] != self.team[att] for it in chain)
        ):
            acts.append(g.a_challenge)
        return acts

    def _referee_target(self, q: int, eff: list[bool], hits: list[str]) -> tuple[int, bool] | None:
        """The standing illegal card a Referee by ``q`` would catch (9.4), and whether it is referee-proof."""
        chain = self.chain
        for i in range(len(chain) - 1, -1, -1):
            kind, _p, seat, _t = chain[i]
            if eff[i] and kind in ("iblock", "ireverse") and self.team[seat] != self.team[q]:
                return (i, False)
        att = self.base_att
        if att < 0 or self.team[att] == self.team[q] or "referee" in hits:
            return None
        if any(k in ("block", "reverse", "iblock", "ireverse") for k in hits):
            return None
        if self.warned[att] > 0 and att == self.turn and self.base_kind in ("hold", "exit", "play", "tag"):
            return (-1, False)  # 9.42: ignoring a warning
        if self.base_kind == "hold" and self.base_illegal():
            if self.pos[att] != RING and self.pos[self.base_def] != RING:
                return None  # 11.31: no Referee outside the ring
            spec = self.spec(att, self.base_ref)
            return (-1, spec.referee_proof)
        return None

    # -- applying actions ---------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self._legal = None
        ph = self.phase
        if ph == "draw":
            self._do_draw(action.id)
            return
        if ph == "enter":
            self._do_enter(action.id - len(self.g.cards))
            return
        kind, arg = self.g.decode[action.id]
        p = self.current_player()
        if ph == "main" or ph == "dt_hold":
            self.plays.append(action.id)
        if ph == "initiative":
            self._do_call(p, arg)
        elif ph == "penalty":
            self._do_penalty(p, kind == "serve")
        elif ph == "upkeep":
            if kind == "release":
                for r in [r for r in self.holds if r[0] == p]:
                    self._break_hold(r, "released")
            else:
                self._surge(p, self.C_PS if kind == "play" else self.C_WILD)
            self._upkeep(p)
        elif ph == "accumulate":
            self._accumulate(p, arg)
        elif ph == "respond":
            self._do_response(p, kind, arg)
        elif ph == "target":
            assert self.pending is not None
            pk, phys, ref = self.pending
            self.pending = None
            self.phase = "main"
            self._play_hold(p, phys, ref, arg, self.dt_card if pk == "dt" else -1)
        elif ph == "stay":
            self.stay_pending = False
            if kind == "stay":
                self.pos[p] = RING
                self.illegal_in[p] = 0
                self.emit("stays_in", seat=p, wrestler=self.name(p))
            self._end_turn()
        else:
            self._do_main(p, kind, arg)

    def _take(self, s: int, ci: int) -> None:
        self.hand[s][ci] -= 1
        if ci == self.obligation and s == self.turn:
            self.obligation = -1

    def _to_discard(self, ci: int) -> None:
        if ci >= 0:
            self.discard[ci] += 1

    # -- dealing and drawing (5.2, 5.4 B, 5.8) ------------------------------------------------------
    def _do_draw(self, ci: int) -> None:
        s = self.draws.pop(0)
        self.deck[ci] -= 1
        self.deck_n -= 1
        g = self.g
        redraw = ci in (self.C_TAG, self.C_DT) and (
            (g.match_type in ("singles", "tournament") and g.tag_cards == "redraw")
            or (g.match_type == "handicap" and s == 0)
        )
        if redraw:
            # 5.1 alternative: set aside and draw again; 12.5: the solo Wrestler discards and replaces
            if g.match_type == "handicap":
                self.discard[ci] += 1
            else:
                self.aside[ci] += 1
            self.draws.insert(0, s)
        else:
            self.hand[s][ci] += 1
        self._prepare_draw()

    def _prepare_draw(self) -> None:
        while self.draws:
            if self.deck_n > 0:
                self.phase = "draw"
                return
            if self.passes + 1 >= self.g.pass_limit:
                self.emit("time_limit", passes=self.passes + 1)
                self._finish(set(), "draw: two passes through the deck (5.8)")
                return
            self.passes += 1
            self.deck = self.discard
            self.discard = [0] * len(self.deck)
            self.deck_n = sum(self.deck)
            self.emit("reshuffle", passes=self.passes, cards=self.deck_n)
            if self.deck_n == 0:
                self.draws.clear()
        self._after_draws()

    def _queue_refill(self, s: int) -> None:
        need = HAND_SIZE - sum(self.hand[s])
        if need > 0:
            self.draws += [s] * need

    def _after_draws(self) -> None:
        then = self.after_draw
        if then == "initiative":
            self._start_initiative()
        elif then == "enter":
            if self.enter_queue:
                self.phase = "enter"
            elif self.first_bout:
                self._start_initiative()
            elif self.g.royal:
                self._next_turn()
            else:
                self._start_turn(self.next_after_bout)
        elif then == "next":
            self._next_turn()

    # -- initiative (5.3, 12.1, 13.1) -----------------------------------------------------------------
    def _start_initiative(self) -> None:
        self.first_bout = False
        self.callers = [s for s in range(self.g.players) if self.pos[s] == RING]
        self.calls = []
        self.phase = "initiative"

    def _do_call(self, s: int, ci: int) -> None:
        self.callers.pop(0)
        number = self.g.cards[ci].initiative
        self.calls.append((s, number))
        self.emit("initiative_call", seat=s, wrestler=self.name(s), number=number)
        if self.callers:
            return
        first, number = min(self.calls, key=lambda c: c[1])  # ties: the earlier caller (5.3)
        self.obligation = next(c.index for c in self.g.cards if c.initiative == number)
        self.emit("first_turn", seat=first, wrestler=self.name(first), number=number)
        self._start_turn(first)

    # -- turns ------------------------------------------------------------------------------------------
    def _next_turn(self) -> None:
        if self.enter_queue:
            self.phase = "enter"  # 14.6: fresh Wrestlers enter before the next turn
            self.after_draw = "enter"
            return
        n = self.g.players
        s = self.turn
        for _ in range(n):
            s = (s + 1) % n
            if self.pos[s] != OUT:
                break
        self._start_turn(s)

    def _start_turn(self, s: int) -> None:
        self.turn = s
        self.turn_no += 1
        self.surge[s] = 0  # 8.4: a Power Surge lasts until the start of his next turn
        self.acted = False
        self.combo = 0
        self.tagged = False
        self.pending = None
        self.stay_pending = False
        self.refused = []
        self.plays = []
        if self.turn_no > 1:
            self.obligation = -1
        if self.dt_lock == s:
            self.dt_lock = -1
        if self.br:
            # 13.5: the victim was not thrown out by the time the attacker's turn came round again
            for b in [b for b in self.br if b[0] == s]:
                self.br.remove(b)
                self._to_discard(b[3])
        self.emit("turn", seat=s, wrestler=self.name(s), number=self.turn_no)
        if self.penalty[s] > 0:
            self.phase = "penalty"
            return
        self._upkeep(s)

    def _do_penalty(self, s: int, serve: bool) -> None:
        if serve:
            # 9.41: the turn is lost; once the penalty has elapsed he draws to fill his hand
            self.penalty[s] -= 1
            self.emit("penalty_turn", seat=s, wrestler=self.name(s), left=self.penalty[s])
            self._end_turn()
        else:
            # 9.42: ignore the warning and regain the lost turns, at the risk of disqualification
            self.warned[s] = self.penalty[s]
            self.penalty[s] = 0
            self.emit("ignores_warning", seat=s, wrestler=self.name(s), turns=self.warned[s])
            self._upkeep(s)

    def maintains(self, r: list[int]) -> bool:
        """Can the attacker still apply his Continuing Hold / Pin (8.41, 10.1, 10.2B)?"""
        att, dfn = r[0], r[1]
        spec = self.spec(att, r[2])
        if self.meets(att, spec, dfn) != "":
            return False
        return not (r[4] and self.strength(att) <= self.strength(dfn))

    def _upkeep(self, s: int) -> None:
        """Start of turn: a Continuing Hold/Pin is reapplied (10.1, 10.2) unless broken."""
        for r in self.holds:
            if r[0] != s:
                continue
            if not self.maintains(r):
                if self.can_surge(s):
                    self.phase = "upkeep"  # 8.41: a new Power Surge to keep the Hold, or let go
                    return
                self._break_hold(r, "lost the abilities")
                self._upkeep(s)
                return
            self.base_kind = "reapply"
            self.base_phys = -1
            self.base_ref = r[2]
            self.base_att = s
            self.base_def = r[1]
            self.base_dt = -1
            self._open_chain(s, "reapply")
            return
        self.phase = "main"

    def _after_reapply(self) -> None:
        s = self.turn
        for r in self.holds:
            if r[0] == s and not r[4]:
                if sum(self.hand[s]):
                    self.phase = "accumulate"
                    return
                self._continuous_damage(s, r[1], r[2], -1)
                break
        if self.bout_over:
            self._new_bout()
            return
        self.phase = "main"

    def _accumulate(self, s: int, ci: int) -> None:
        """10.11: the attacker lays a card face down: one more point of damage. A Recovery or Power Surge
        may be shown as it goes down, to remove his own damage or raise his Strength as well."""
        self.hand[s][ci] -= 1
        shown = False
        if ci in (self.C_REC1, self.C_REC2) and self.dmg[s] > 0 and self.abilities(s)[4] > 0:
            shown = True
            self._recover(s, -1, 1 if ci == self.C_REC1 else 2, self.g.cards[ci].name + " (shown face down)")
        elif ci == self.C_PS and self.surge_turn[s] != self.turn_no and self.w(s).abilities(self.dmg[s])[3] > 0:
            shown = True
            self.surge[s] = self.w(s).abilities(self.dmg[s])[3]
            self.surge_turn[s] = self.turn_no
            self.emit("power_surge", seat=s, wrestler=self.name(s), amount=self.surge[s], strength=self.strength(s))
        for r in self.holds:
            if r[0] == s and not r[4]:
                self._continuous_damage(s, r[1], r[2], ci, shown)
                break
        if self.result is None and not self.bout_over:
            self.phase = "main"
        elif self.bout_over:
            self._new_bout()

    def _continuous_damage(self, att: int, dfn: int, ref: int, ci: int, shown: bool = False) -> None:
        self.entries[dfn].append((ci, ref, 1, E_FACEDOWN, -1 if shown else att))
        self.dmg[dfn] += 1
        self.emit("hold_continues", seat=att, wrestler=self.name(att), target=dfn, victim=self.name(dfn),
                  hold=self.hold_name(att, ref), damage=self.dmg[dfn])
        self._check_submit(dfn)

    def _end_turn(self) -> None:
        s = self.turn
        self.combo = 0
        if self.pos[s] != OUT:
            self._count_end_of_turn(s)
        if self.result is not None:
            return
        if self.bout_over:
            self._new_bout()
            return
        if self.warned[s] > 0:
            self.warned[s] -= 1
        if self.pos[s] != OUT and self.penalty[s] == 0:
            self.unfilled[s] = False
            self._queue_refill(s)
        self.after_draw = "next"
        self._prepare_draw()

    def _count_end_of_turn(self, s: int) -> None:
        """10.22 Pin count, 11.33 count-out, 12.41 illegal-man count, at the end of his turn."""
        illegal_man = any(x >= 0 for x in self.illegal_in)
        for r in self.holds:
            if r[4] and r[1] == s and not illegal_man and not self.free_for_all:
                r[5] += 1
                self.emit("pin_count", seat=s, wrestler=self.name(s), count=r[5])
                if r[5] >= r[6]:
                    self.emit("fall", seat=s, wrestler=self.name(s), by=self.name(r[0]))
                    self._lose([s], "pinned")
                    return
        if self.pos[s] == FLOOR:
            self.out_count[s] += 1
            self.emit("ring_count", seat=s, wrestler=self.name(s), count=self.out_count[s])
            if self.out_count[s] >= self.out_limit[s]:
                opp_in = any(self.pos[t] == RING for t in self.opponents(s))
                if opp_in:
                    self._lose([s], "counted out")
                else:
                    others = [t for t in self.opponents(s) if self.pos[t] == FLOOR]
                    self._lose([s, *others], "double disqualification")
                return
        if self.illegal_in[s] >= 0:
            self.illegal_in[s] += 1
            if self.illegal_in[s] >= 5:
                self._lose([s], "disqualified (illegal man, 12.41)")

    # -- main-phase plays ------------------------------------------------------------------------------
    def _do_main(self, s: int, kind: str, arg: int) -> None:
        g = self.g
        if kind in ("play", "wild") and self.phase == "dt_hold":
            self._choose_hold(s, self.C_WILD if kind == "wild" else arg, arg, dt=True)
            return
        if kind in ("play", "wild"):
            phys = arg if kind == "play" else self.C_WILD
            card = g.cards[arg]
            if arg == self.C_PS:
                self._surge(s, phys)
                self.phase = "main"
                self._after_surge_in_turn(s)
                return
            if card.hold is not None:
                self._choose_hold(s, phys, arg, dt=False)
                return
            if arg == self.C_COMB:
                self._take(s, phys)
                self._to_discard(phys)
                self.combo = 2
                self.emit("combination", seat=s, wrestler=self.name(s))
                return
            if arg in (self.C_REC1, self.C_REC2):
                self._take(s, phys)
                self._recover(s, phys, 1 if arg == self.C_REC1 else 2, card.name)
                self._primary_done(s)
                return
            if arg == self.C_TAG:
                self._take(s, phys)
                self._play_tag(s, phys)
                return
            if arg == self.C_DT:
                self._take(s, phys)
                self.dt_card = phys
                self.phase = "dt_hold"
                return
            if arg == self.C_BLOCK:
                self._take(s, phys)
                self._to_discard(phys)
                for r in [r for r in self.holds if r[1] == s and r[4]]:
                    self._break_hold(r, "blocked")
                self._primary_done(s)
                return
            if arg == self.C_REF:
                self._take(s, phys)
                self._to_discard(phys)
                bad = [t for t in self.opponents(s) if self.illegal_in[t] >= 0]
                self.emit("referee_call", seat=s, wrestler=self.name(s), caught=[self.name(t) for t in bad])
                self._lose(bad[:1], "disqualified (illegal man, 12.41)")
                if self.result is None:
                    self._primary_done(s)
                return
            raise AssertionError(f"unhandled play {card.name}")
        if kind in ("spec", "spec_wild"):
            phys = self.C_SPEC if kind == "spec" else self.C_WILD
            sp = self.w(s).specialties[arg]
            if sp.effect == "hold":
                self._choose_hold(s, phys, -arg - 1, dt=False)
            elif sp.effect == "recovery":
                self._take(s, phys)
                self._recover(s, phys, sp.recover, sp.name, specialty=True)
                self._primary_done(s)
            elif sp.effect == "tag":
                self._take(s, phys)
                self._play_tag(s, phys)
            elif sp.effect == "double_team":
                self._take(s, phys)
                self.dt_card = phys
                self.phase = "dt_hold"
            return
        if kind == "discard":
            self._take(s, arg)
            self._to_discard(arg)
            self.emit("discard", seat=s, wrestler=self.name(s), card=g.cards[arg].name)
            self._primary_done(s)
            return
        if kind in ("exit", "exit_wild"):
            phys = self.C_OOR if kind == "exit" else self.C_WILD
            self._take(s, phys)
            self.acted = True
            opp = [t for t in self.opponents(s) if self.pos[t] == RING]
            self._set_base("exit", phys, 0, s, opp[0] if opp else -1, -1)
            self.emit("exit_attempt", seat=s, wrestler=self.name(s))
            self._open_chain(s, "primary")
            return
        if kind == "reenter":
            self._reenter(s)
            self._primary_done(s)
            return
        if kind == "enter":
            self.pos[s] = RING
            self.free_for_all = True
            self.illegal_in = [-1] * g.players
            self.emit("free_for_all", seat=s, wrestler=self.name(s))
            return
        if kind == "apron":
            self.pos[s] = APRON
            self.illegal_in[s] = -1
            self.emit("returns_to_apron", seat=s, wrestler=self.name(s))
            return
        if kind == "concede":
            self.emit("concede", seat=s, wrestler=self.name(s))
            self._lose([s], "conceded")
            if self.result is None:
                if self.bout_over:
                    self._new_bout()
                else:
                    self._next_turn()  # 14.6: the next Wrestler enters; play moves on
            return
        if kind == "end":
            self.combo = 0
            if self.phase == "dt_hold":
                self._to_discard(self.dt_card)  # no Hold left to Double Team with: the card is spent
                self.dt_card = -1
                self.phase = "main"
            self._end_turn()
            return
        if kind == "extra_surge":
            self._take(s, self.C_PS)
            self._to_discard(self.C_PS)
            self.surge_turn[s] = self.turn_no  # it is his one Power Surge of the turn
            self.emit("discard", seat=s, wrestler=self.name(s), card="Power Surge")
            return
        raise AssertionError(f"unhandled main action {kind}")

    def _choose_hold(self, s: int, phys: int, ref: int, dt: bool) -> None:
        spec = self.spec(s, ref)
        targets = self.hold_targets(s, spec, dt)
        if len(targets) == 1:
            self._play_hold(s, phys, ref, targets[0], self.dt_card if dt else -1)
        else:
            self.pending = ("dt" if dt else "hold", phys, ref)
            self.phase = "target"

    def _set_base(self, kind: str, phys: int, ref: int, att: int, dfn: int, dt: int) -> None:
        self.base_kind = kind
        self.base_phys = phys
        self.base_ref = ref
        self.base_att = att
        self.base_def = dfn
        self.base_dt = dt

    def _play_hold(self, s: int, phys: int, ref: int, target: int, dt: int) -> None:
        spec = self.spec(s, ref)
        self._take(s, phys)
        reason = self.meets(s, spec, target, self.g.royal and spec.battle_royal)
        self.illegal_reason = reason
        self._abandon(s)  # 10.1D / 10.2D: a new Hold abandons the one he was applying
        self.acted = True
        self.dt_card = -1
        self._set_base("hold", phys, ref, s, target, dt)
        self.base_out = spec.reaches_outside and self.pos[target] == FLOOR
        self.emit("hold", seat=s, wrestler=self.name(s), target=target, victim=self.name(target),
                  hold=spec.name, card=self.card_name(phys), double_team=dt >= 0, illegal=spec.illegal)
        self._open_chain(s, "primary")

    def _primary_done(self, s: int) -> None:
        self.acted = True
        if self.g.errors_rule or any(self.warned[t] > 0 for t in range(self.g.players)) or self.counts_running():
            self._set_base("play", -1, 0, s, -1, -1)
            self.illegal_reason = ""
            self._open_chain(s, "primary")
        else:
            self._after_primary()

    def _after_primary(self) -> None:
        s = self.turn
        if self.result is not None:
            return
        if self.bout_over:
            self._new_bout()
            return
        if self.pos[s] == OUT:
            self._next_turn()
            return
        if self.combo:
            self.combo -= 1
            if self.combo and self.last_outcome in ("applied", "blocked") and self._hold_options(s, dt=False):
                self.phase = "main"
                return
            self.combo = 0
        if self.stay_pending:
            self.phase = "stay"
            return
        self._end_turn()

    def _surge(self, s: int, phys: int) -> None:
        """8.4: Strength rises by the current Power Surge rating until the start of his next turn."""
        self._take(s, phys)
        self._to_discard(phys)
        rating = self.w(s).abilities(self.dmg[s])[3]
        self.surge[s] = rating
        self.surge_turn[s] = self.turn_no
        self.emit("power_surge", seat=s, wrestler=self.name(s), amount=rating, strength=self.strength(s))

    def _after_surge_in_turn(self, s: int) -> None:
        # 10.2B / 10.1: a surge that removes the attacker's precondition breaks the Pin/Hold
        for r in [r for r in self.holds if r[1] == s]:
            if not self.maintains(r):
                self._break_hold(r, "power surge")

    def _recover(self, s: int, phys: int, amount: int, label: str, specialty: bool = False) -> None:
        """6.2: remove the oldest Damage cards, no more than the current Recovery rating (3.15)."""
        if not specialty:
            amount = min(amount, self.abilities(s)[4])
        removed: list[str] = []
        kept: list[Entry] = []
        for e in self.entries[s]:
            if amount > 0 and e[3] != E_EXIT and e[2] > 0:
                amount -= 1
                self.dmg[s] -= e[2]
                self._to_discard(e[0])
                removed.append(self.card_name(e[0]) if e[3] == E_HOLD else "face-down card")
            else:
                kept.append(e)
        self.entries[s] = kept
        self._to_discard(phys)
        self.emit("recovery", seat=s, wrestler=self.name(s), card=label, removed=removed, damage=self.dmg[s])
        if self.dmg[s] == 0:
            for r in [r for r in self.holds if r[1] == s and r[4]]:
                self._break_hold(r, "no damage left")  # 11.41: The Champ's Specialty breaks the Pin

    def _play_tag(self, s: int, phys: int) -> None:
        self.tagged = True
        self._abandon(s)
        partner = next(t for t in self.partners(s) if self.pos[t] == APRON and self.mobile(t))
        self._set_base("tag", phys, 0, s, partner, -1)
        self.emit("tag_attempt", seat=s, wrestler=self.name(s), partner=self.name(partner))
        self._open_chain(s, "main")

    def _reenter(self, s: int) -> None:
        """11.32: announce re-entry and skip the turn; a new count starts against the opponent."""
        self.pos[s] = RING
        self.out_count[s] = 0
        self.out_limit[s] = 5
        kept = []
        for e in self.entries[s]:
            if e[3] == E_EXIT:
                self._to_discard(e[0])
            else:
                kept.append(e)
        self.entries[s] = kept
        for t in self.opponents(s):
            if self.pos[t] == FLOOR:
                self.out_count[t] = 0
        self.emit("reenter", seat=s, wrestler=self.name(s))

    def _to_floor(self, s: int, phys: int = -1) -> None:
        self.pos[s] = FLOOR
        self.out_count[s] = 0
        self.out_limit[s] = 5
        if phys >= 0:
            self.entries[s].append((phys, -1, 0, E_EXIT, s))
        for r in [r for r in self.holds if s in (r[0], r[1])]:
            self._break_hold(r, "left the ring")
        if all(self.pos[t] != RING for t in self.opponents(s)):
            for t in range(self.g.players):
                if self.pos[t] == FLOOR:
                    self.out_count[t] = 0  # 11.33: both outside, a new count
        if self.free_for_all:
            self._check_team_out()

    # -- chains ---------------------------------------------------------------------------------------
    def _queue_after(self, s: int) -> list[int]:
        n = self.g.players
        return [(s + i) % n for i in range(1, n) if self.pos[(s + i) % n] != OUT]

    def _open_chain(self, actor: int, resume: str) -> None:
        self.chain = []
        self.resume = resume
        self.responders = self._queue_after(actor)
        self._next_responder()

    def _next_responder(self) -> None:
        while self.responders:
            q = self.responders[0]
            if not self.g.auto_pass or self._responses(q):
                self.phase = "respond"
                return
            self.responders.pop(0)
        self._resolve()

    def _do_response(self, q: int, kind: str, arg: int) -> None:
        g = self.g
        if kind == "pass":
            self.responders.pop(0)
            self._next_responder()
            return
        if kind == "challenge":
            self._challenge(q)
            return
        if kind in ("long", "short", "long_wild", "short_wild"):
            phys = self.C_LSC if kind in ("long", "short") else self.C_WILD
            self._take(q, phys)
            eff, _ = self._effective()
            standing = [i for i, it in enumerate(self.chain) if it[0] in ("long", "short") and eff[i]]
            self.chain.append((kind.split("_")[0], phys, q, standing[-1] if standing else -1))
            self.emit("count_call", seat=q, wrestler=self.name(q), call=kind.split("_")[0],
                      counter=bool(standing))
            self.responders = self._queue_after(q)
            self._next_responder()
            return
        if kind == "react_spec":
            phys = self.C_SPEC if self.hand[q][self.C_SPEC] else self.C_WILD
            ci = self.C_REF
        else:
            ci = arg
            phys = arg if kind == "react" else self.C_WILD
        self._take(q, phys)
        eff, hits = self._effective()
        name = g.cards[ci].name
        if ci == self.C_PS:
            rating = self.w(q).abilities(self.dmg[q])[3]
            self.surge[q] = rating
            self.surge_turn[q] = self.turn_no
            self.chain.append(("surge", phys, q, -1))
            self.emit("power_surge", seat=q, wrestler=self.name(q), amount=rating, strength=self.strength(q),
                      reaction=True)
            self.responders = [q, *self._queue_after(q)]
            self._next_responder()
            return
        if ci in (self.C_BLOCK, self.C_REVERSE):
            self.chain.append(("block" if ci == self.C_BLOCK else "reverse", phys, q, -1))
            self.emit("reaction", seat=q, wrestler=self.name(q), card=name)
            self._resolve()  # 8.32: there is no counter to a red Reaction card
            return
        if ci in (self.C_IB, self.C_IR):
            self.chain.append(("iblock" if ci == self.C_IB else "ireverse", phys, q, -1))
        elif ci == self.C_REF:
            target = self._referee_target(q, eff, hits)
            self.chain.append(("referee", phys, q, target[0] if target else -1))
            if kind == "react_spec":
                name = "Specialty Referee"
        elif ci == self.C_DIS:
            tgt = -1
            for i in range(len(self.chain) - 1, -1, -1):
                if eff[i] and self.chain[i][0] == "referee":
                    tgt = i
                    break
            self.chain.append(("distraction", phys, q, tgt))
        self.emit("outside_influence", seat=q, wrestler=self.name(q), card=name)
        self.responders = self._queue_after(q)
        self._next_responder()

    def _challenge(self, q: int) -> None:
        """11.5: an ability error spotted before any opposing card is played is refused."""
        s = self.base_att
        self.emit("challenge", seat=q, wrestler=self.name(q), offender=self.name(s), reason=self.illegal_reason)
        for it in self.chain:
            self.hand[it[2]][it[1]] += 1
        if self.base_phys >= 0:
            self.hand[s][self.base_phys] += 1
        if self.base_dt >= 0:
            self.hand[s][self.base_dt] += 1
        self.chain = []
        self.responders = []
        self.illegal_reason = ""
        self.refused += self.plays
        self.plays = []
        self._set_base("", -1, 0, -1, -1, -1)
        self.dt_card = -1
        self.acted = False
        self.phase = "main"

    def _resolve(self) -> None:
        self.plays = []
        eff, hits = self._effective()
        for it in self.chain:
            self._to_discard(it[1])
        lsc = [it for i, it in enumerate(self.chain) if eff[i] and it[0] in ("long", "short") and it[3] == -1]
        bk, att, dfn = self.base_kind, self.base_att, self.base_def
        self.chain = []
        self.responders = []
        self.illegal_reason = ""
        for kind, *_ in lsc:
            self._apply_count_call(kind)
        outcome = "applied"
        if "referee" in hits and att >= 0 and self.warned[att] > 0 and att == self.turn:
            self.emit("disqualification", seat=att, wrestler=self.name(att), reason="ignored the Referee (9.42)")
            for ci in (self.base_phys, self.base_dt):
                if bk in ("hold", "exit", "tag"):
                    self._to_discard(ci)
            self._lose([att], "disqualified (9.42)")
            self._clear_base()
            if self.result is None:
                self._continue()
            return
        if bk == "hold":
            spec = self.spec(att, self.base_ref)
            if "referee" in hits:
                outcome = "refereed"
            elif "reverse" in hits or "ireverse" in hits:
                outcome = "reversed"
            elif "block" in hits or "iblock" in hits:
                outcome = "blocked"
            elif "surge" in hits and (spec.gray or spec.pin):
                ds, as_ = self.strength(dfn), self.strength(att)
                if ds > as_ and spec.reversible and self.base_dt < 0:
                    outcome = "reversed"
                elif ds >= as_:
                    outcome = "blocked"
            self.last_outcome = outcome
            self._to_discard(self.base_dt)
            if self.base_out:
                self._to_floor(att)  # 11.41: Adams ends outside the ring, successful or not
            if outcome == "refereed":
                self._to_discard(self.base_phys)
                turns = max(1, spec.damage_on(self.w(dfn).weight) if not spec.continuous else 1)
                if self.combo == 2:
                    turns -= 1  # 11.1: losing the second Hold counts as the first penalty turn
                self.penalty[att] = turns
                self.unfilled[att] = True
                if self.base_dt >= 0:
                    self.dt_lock = att
                self.emit("penalty", seat=att, wrestler=self.name(att), hold=spec.name, turns=turns)
            elif outcome == "blocked":
                self._to_discard(self.base_phys)
                self.emit("blocked", seat=dfn, wrestler=self.name(dfn), hold=spec.name, attacker=self.name(att))
            else:
                if outcome == "reversed":
                    self.emit("reversed", seat=dfn, wrestler=self.name(dfn), hold=spec.name,
                              attacker=self.name(att))
                self._land(att, dfn, self.base_ref, self.base_phys, outcome == "reversed")
                if outcome == "applied" and self.base_dt >= 0 and self.pos[att] == APRON and \
                        self.result is None and not self.free_for_all:
                    self.stay_pending = True  # 12.41: he may stay in the ring
        elif bk == "reapply":
            record = next((r for r in self.holds if r[0] == att and r[1] == dfn), None)
            if record is not None:
                broken = any(k in ("block", "iblock") for k in hits) or not self.maintains(record)
                if broken:
                    self._break_hold(record, "broken")
        elif bk == "exit":
            if any(k in ("block", "reverse") for k in hits):
                self._to_discard(self.base_phys)
                self.emit("dragged_back", seat=att, wrestler=self.name(att))
            else:
                self._to_floor(att, self.base_phys)
                self.emit("exit", seat=att, wrestler=self.name(att))
        elif bk == "tag":
            self._to_discard(self.base_phys)
            if "distraction" in hits:
                self.emit("tag_voided", seat=att, wrestler=self.name(att))
            else:
                self.pos[att] = APRON
                self.pos[dfn] = RING
                self.emit("tag", seat=att, wrestler=self.name(att), partner=self.name(dfn))
        self._clear_base()
        self._continue()

    def _clear_base(self) -> None:
        self._set_base("", -1, 0, -1, -1, -1)
        self.base_out = False

    def _continue(self) -> None:
        if self.result is not None:
            return
        if self.bout_over:
            self._new_bout()
            return
        r = self.resume
        if r == "primary":
            self._after_primary()
        elif r == "reapply":
            self._after_reapply()
        else:
            self.phase = "main"

    def _apply_count_call(self, kind: str) -> None:
        """9.2: a Long Count restarts every count; a Short Count falls at two (disqualifies at four)."""
        for r in self.holds:
            if r[4]:
                if kind == "long":
                    r[5] = 0
                else:
                    r[6] = 2
        for s in range(self.g.players):
            if self.pos[s] == FLOOR:
                if kind == "long":
                    self.out_count[s] = 0
                else:
                    self.out_limit[s] = 4
            if self.illegal_in[s] > 0 and kind == "long":
                self.illegal_in[s] = 0
        self.emit("count_changed", call=kind)

    # -- Holds landing (6.1, 10.x, 11.3, 13.x) -----------------------------------------------------
    def _land(self, att: int, dfn: int, ref: int, phys: int, reversed_: bool) -> None:
        spec = self.spec(att, ref)
        victim, source = (att, dfn) if reversed_ else (dfn, att)
        if self.g.royal and spec.battle_royal:
            self._land_battle_royal(att, dfn, ref, phys, reversed_)
            return
        if spec.pin:
            self.holds.append([att, dfn, ref, phys, 1, 0, 3])
            self.emit("pin", seat=att, wrestler=self.name(att), target=dfn, victim=self.name(dfn))
            self._third_wrestler(dfn, att)
            return
        if spec.out_of_ring:
            pts = self.w(victim).weight
        elif spec.reaches_outside and self.pos[dfn] == FLOOR and spec.damage_outside:
            pts = spec.damage_outside
        else:
            pts = spec.damage_on(self.w(victim).weight)
        self.entries[victim].append((phys, ref, pts, E_HOLD, source))
        self.dmg[victim] += pts
        self.emit("damage", seat=victim, wrestler=self.name(victim), hold=spec.name, points=pts,
                  damage=self.dmg[victim], by=self.name(source))
        if spec.continuous and not reversed_:
            self.holds.append([att, dfn, ref, -1, 0, 0, 0])
            self.emit("continuous_hold", seat=att, wrestler=self.name(att), victim=self.name(dfn), hold=spec.name)
        self._third_wrestler(victim, source)
        if spec.out_of_ring and self.pos[victim] != OUT:
            self._to_floor(victim)
            self.emit("thrown_out", seat=victim, wrestler=self.name(victim))
        self._check_submit(victim)

    def _third_wrestler(self, victim: int, source: int) -> None:
        """10.1C / 10.2C: a Hold from a third Wrestler breaks the victim's own Hold; 13.6 cancellation."""
        for r in [r for r in self.holds if r[0] == victim and r[1] != source]:
            self._break_hold(r, "attacked by a third wrestler")
        for b in [b for b in self.br if b[0] == victim and b[1] != source]:
            self.br.remove(b)
            self._to_discard(b[3])

    def _land_battle_royal(self, att: int, dfn: int, ref: int, phys: int, reversed_: bool) -> None:
        spec = self.spec(att, ref)
        if not reversed_:
            self.br.append((att, dfn, ref, phys))
            self._third_wrestler(dfn, att)
            if self._br_enough(dfn):
                for b in [b for b in self.br if b[1] == dfn]:
                    self.br.remove(b)
                    self._to_discard(b[3])
                self.emit("thrown_out", seat=dfn, wrestler=self.name(dfn), hold=spec.name, by=self.name(att))
                self._eliminate(dfn, "thrown out of the ring")
            else:
                self.emit("br_hold", seat=att, wrestler=self.name(att), victim=self.name(dfn), hold=spec.name)
            return
        others = [b for b in self.br if b[1] == dfn]
        if not others:
            self._to_discard(phys)
            self.emit("thrown_out", seat=att, wrestler=self.name(att), hold=spec.name, by=self.name(dfn))
            self._eliminate(att, "reversed out of the ring")
            return
        # 13.5: a reversal against two or more attackers damages each, throws none out
        hit = [(att, ref, phys), *[(b[0], b[2], b[3]) for b in others]]
        for b in others:
            self.br.remove(b)
        for seat, r, card in hit:
            pts = self.spec(seat, r).damage_on(self.w(seat).weight) or 1
            self.entries[seat].append((card, r, pts, E_HOLD, dfn))
            self.dmg[seat] += pts
            self.emit("damage", seat=seat, wrestler=self.name(seat), hold=self.spec(seat, r).name, points=pts,
                      damage=self.dmg[seat], by=self.name(dfn))
        for seat, _r, _c in hit:
            if self.result is None and self.pos[seat] != OUT:
                self._check_submit(seat)

    def _br_enough(self, victim: int) -> bool:
        """13.5: the contributors' combined current abilities meet one of the BR Holds in play."""
        contrib = [b for b in self.br if b[1] == victim]
        st = sum(self.strength(b[0]) for b in contrib)
        ag = sum(self.abilities(b[0])[1] for b in contrib)
        sk = sum(self.abilities(b[0])[2] for b in contrib)
        weight = self.w(victim).weight
        for b in contrib:
            r = self.spec(b[0], b[2]).req
            if st >= max(r.strength, weight if r.ge_w else 0) and ag >= r.agility and sk >= r.skill:
                return True
        return False

    def _break_hold(self, r: list[int], why: str) -> None:
        if r in self.holds:
            self.holds.remove(r)
            if r[4]:
                self._to_discard(r[3])
            self.emit("hold_broken", seat=r[1], wrestler=self.name(r[1]), attacker=self.name(r[0]),
                      hold=self.hold_name(r[0], r[2]), pin=bool(r[4]), why=why)

    def _abandon(self, s: int) -> None:
        for r in [r for r in self.holds if r[0] == s]:
            self._break_hold(r, "abandoned")

    # -- winning and losing (5.7, 12.42, 13.1, 14.3-14.5) ----------------------------------------------
    def _check_submit(self, s: int) -> None:
        if self.pos[s] == OUT or self.result is not None:
            return
        if self.dmg[s] >= self.w(s).submit_at:
            self.emit("submit", seat=s, wrestler=self.name(s))
            self._lose([s], "submitted")
        elif self.g.royal:
            self._br_check()

    def _lose(self, seats: list[int], reason: str) -> None:
        if not seats or self.result is not None:
            return
        mt = self.g.match_type
        self.emit("loses", seats=seats, wrestlers=[self.name(s) for s in seats], reason=reason)
        if self.g.royal:
            for s in seats:
                self._eliminate(s, reason)
            return
        if mt == "tournament":
            for s in seats:
                self._retire(s)
            if self.result is None:
                self.bout_over = True
            return
        if self.free_for_all and reason == "submitted":
            for s in seats:
                self._remove_from_match(s)
            self._check_team_out()
            return
        losing = {self.team[s] for s in seats}
        self._finish({t for t in set(self.team) if t not in losing}, reason)

    def _check_team_out(self) -> None:
        """12.42: the free-for-all ends when a whole team has submitted or is out of the ring together."""
        teams = set(self.team)
        out = {t for t in teams if all(self.pos[s] in (FLOOR, OUT) for s in range(self.g.players)
                                       if self.team[s] == t)}
        if out:
            self._finish(teams - out, "free-for-all")

    def _remove_from_match(self, s: int) -> None:
        for ci, c in enumerate(self.hand[s]):
            self.discard[ci] += c
        self.hand[s] = [0] * len(self.hand[s])
        for e in self.entries[s]:
            self._to_discard(e[0])
        self.entries[s] = []
        self.dmg[s] = 0
        for r in [r for r in self.holds if s in (r[0], r[1])]:
            self._break_hold(r, "left the match")
        for b in [b for b in self.br if s in (b[0], b[1])]:
            self.br.remove(b)
            self._to_discard(b[3])
        self.draws = [d for d in self.draws if d != s]
        self.responders = [x for x in self.responders if x != s]
        self.pos[s] = OUT

    def _eliminate(self, s: int, reason: str) -> None:
        if self.pos[s] == OUT:
            return
        self.emit("eliminated", seat=s, wrestler=self.name(s), reason=reason)
        if self.g.match_type == "tournament":
            self._retire(s)  # 14.6: a fresh Wrestler will enter from his stack
            return
        self._remove_from_match(s)
        self._br_check()

    def _br_check(self) -> None:
        """13.1: the Battle Royal ends when only one Wrestler remains mobile in the ring (14.6: when only
        one player has Wrestlers left)."""
        if self.result is not None:
            return
        if self.g.match_type == "tournament":
            alive = [s for s in range(self.g.players) if self.pos[s] != OUT or self.stacks[s]]
            if len(alive) <= 1:
                self._finish({self.team[s] for s in alive}, "last player with Wrestlers (14.5, 14.6)")
            return
        standing = [s for s in range(self.g.players) if self.pos[s] == RING and self.mobile(s)]
        if len(standing) <= 1:
            self._finish({self.team[s] for s in standing}, "last wrestler standing")

    def _retire(self, s: int) -> None:
        self._remove_from_match(s)
        if self.g.royal:
            if self.stacks[s] and s not in self.enter_queue:
                self.enter_queue.append(s)
            self._br_check()
            return
        if s not in self.enter_queue:
            self.enter_queue.append(s)
        if not self.stacks[s]:
            losers = [t for t in (0, 1) if not self.stacks[t] and self.pos[t] == OUT]
            self._finish({t for t in (0, 1) if t not in losers}, "out of Wrestlers (14.5)")

    def _new_bout(self) -> None:
        """14.4: fresh Wrestlers enter; the winner keeps his hand and damage."""
        self.bout_over = False
        self.chain = []
        self.responders = []
        self.combo = 0
        self.pending = None
        self.stay_pending = False
        self._clear_base()
        for r in list(self.holds):
            self._break_hold(r, "new bout")
        self.out_count = [0] * self.g.players
        self.out_limit = [5] * self.g.players
        self.surge = [0] * self.g.players
        self.next_after_bout = self.enter_queue[0]
        self.draws = []
        for s in range(self.g.players):
            if self.pos[s] == FLOOR:
                self._reenter(s)
            if self.pos[s] != OUT and self.penalty[s] == 0:
                self._queue_refill(s)
        self.after_draw = "enter"
        self._prepare_draw()

    def _do_enter(self, widx: int) -> None:
        s = self.enter_queue.pop(0)
        self.stacks[s].remove(widx)
        self.wid[s] = widx
        self.dmg[s] = 0
        self.entries[s] = []
        self.pos[s] = RING
        self.penalty[s] = 0
        self.warned[s] = 0
        self.unfilled[s] = False
        self.surge[s] = 0
        self.emit("enters", seat=s, wrestler=self.name(s), left=len(self.stacks[s]))
        self.draws += [s] * HAND_SIZE
        self.after_draw = "enter"
        self._prepare_draw()

    def _finish(self, winners: set[int], reason: str) -> None:
        n = self.g.players
        if not winners:
            self.result = [0.0] * n
        elif self.g.royal:
            self.result = [1.0 if self.team[s] in winners else -1.0 / (n - 1) for s in range(n)]
        else:
            # a team's +1/-1 shared by its members: zero-sum for singles, tag and the 2-vs-1 handicap
            size = {t: self.team.count(t) for t in set(self.team)}
            self.result = [(1.0 if self.team[s] in winners else -1.0) / size[self.team[s]] for s in range(n)]
        self.phase = "over"
        self.emit("result", winners=sorted(winners), reason=reason, returns=self.result)

    # -- information ------------------------------------------------------------------------------------
    def card_total(self) -> int:
        """Every physical card, wherever it is (property tests: always 180)."""
        total = self.deck_n + sum(self.discard) + sum(self.aside) + sum(sum(h) for h in self.hand)
        total += sum(1 for es in self.entries for e in es if e[0] >= 0)
        total += sum(1 for r in self.holds if r[4] and r[3] >= 0)
        total += len(self.br)
        total += sum(1 for it in self.chain if it[1] >= 0)
        if self.base_kind in ("hold", "exit", "tag"):
            total += (self.base_phys >= 0) + (self.base_dt >= 0)
        if self.phase in ("dt_hold",) or (self.phase == "target" and self.pending and self.pending[0] == "dt"):
            total += self.dt_card >= 0
        return total

    def observation(self, player: int) -> dict[str, Any]:
        g = self.g
        cards = g.cards

        def counts(row: list[int]) -> dict[str, int]:
            return {cards[i].name: c for i, c in enumerate(row) if c}

        wrestlers: list[dict[str, Any]] = []
        for s in range(g.players):
            if self.wid[s] < 0:
                wrestlers.append({"seat": s, "team": self.team[s], "wrestler": None})
                continue
            a = self.abilities(s)
            wrestlers.append({
                "seat": s,
                "team": self.team[s],
                "wrestler": self.name(s),
                "alignment": "dirty" if self.w(s).dirty else "good",
                "position": POSITION_NAMES[self.pos[s]],
                "damage": self.dmg[s],
                "strength": a[0],
                "agility": a[1],
                "skill": a[2],
                "power_surge": a[3],
                "recovery": a[4],
                "weight": self.w(s).weight,
                "surge_bonus": self.surge[s],
                "mobile": self.mobile(s),
                "penalty": self.penalty[s],
                "ignoring_warning": self.warned[s],
                "ring_count": self.out_count[s],
                "hand_size": sum(self.hand[s]),
                "cards_in_play": [
                    {
                        "card": cards[e[0]].name
                        if e[0] >= 0 and (e[3] != E_FACEDOWN or e[4] == player or e[4] < 0)
                        else ("face-down" if e[0] >= 0 else "-"),
                        "damage": e[2],
                        "kind": ("damage", "face-down", "exit")[e[3]],
                    }
                    for e in self.entries[s]
                ],
                "wrestlers_left": len(self.stacks[s]) if self.stacks else None,
            })
        obs: dict[str, Any] = {
            "game": "wrasslin",
            "match_type": g.match_type,
            "player": player,
            "phase": self.phase,
            "current_player": self.current_player(),
            "turn": self.turn,
            "turn_number": self.turn_no,
            "hand": counts(self.hand[player]) if 0 <= player < g.players else {},
            "hand_sizes": [sum(h) for h in self.hand],
            "deck_size": self.deck_n,
            "passes": self.passes,
            "discard": counts(self.discard),
            "set_aside": counts(self.aside),
            "wrestlers": wrestlers,
            "holds": [
                {"attacker": r[0], "defender": r[1], "hold": self.hold_name(r[0], r[2]), "pin": bool(r[4]),
                 "count": r[5], "limit": r[6]}
                for r in self.holds
            ],
            "battle_royal_holds": [
                {"attacker": b[0], "victim": b[1], "hold": self.hold_name(b[0], b[2])} for b in self.br
            ],
            "play": None if not self.base_kind else {
                "kind": self.base_kind, "by": self.base_att, "on": self.base_def,
                "card": self.card_name(self.base_phys),
                "hold": self.hold_name(self.base_att, self.base_ref) if self.base_kind in ("hold", "reapply")
                else None,
                "responses": [{"kind": k, "card": self.card_name(c), "by": q} for k, c, q, _t in self.chain],
            },
            "calls": [list(c) for c in self.calls],
            "free_for_all": self.free_for_all,
            "result": self.result,
        }
        return obs

    def determinize(self, player: int, rng: random.Random) -> WrasslinState:
        """Re-deal every card ``player`` cannot see (other hands, face-down Hold cards, the deck) from the
        unseen multiset, keeping hand sizes and every public card in place."""
        st = self.clone()
        assert isinstance(st, WrasslinState)
        st.record_events = False
        pool = list(st.deck)
        others = [s for s in range(self.g.players) if s != player]
        for s in others:
            for ci, c in enumerate(st.hand[s]):
                pool[ci] += c
        hidden: list[tuple[int, int]] = []
        for s in range(self.g.players):
            for j, e in enumerate(st.entries[s]):
                if e[3] == E_FACEDOWN and e[4] >= 0 and e[4] != player and e[0] >= 0:
                    pool[e[0]] += 1
                    hidden.append((s, j))
        total = sum(pool)
        k = len(pool)

        def deal() -> int:
            nonlocal total
            point = rng.randrange(total)
            for ci, c in enumerate(pool):
                if point < c:
                    pool[ci] -= 1
                    total -= 1
                    return ci
                point -= c
            raise AssertionError("empty pool")

        for s in others:
            size = sum(st.hand[s])
            new = [0] * k
            # keep a first player's called card in his hand (5.3: it was announced)
            ob = st.obligation
            if ob >= 0 and s == st.turn and st.turn_no == 1 and st.hand[s][ob] and pool[ob]:
                pool[ob] -= 1
                total -= 1
                new[ob] += 1
                size -= 1
            for _ in range(size):
                new[deal()] += 1
            st.hand[s] = new
        for s, j in hidden:
            e = st.entries[s][j]
            st.entries[s][j] = (deal(), e[1], e[2], e[3], e[4])
        st.deck = pool
        st.deck_n = total
        st._legal = None
        return st

    def explain(self, action: Action) -> str:
        """Why ``action`` is not legal now, in one line with the rule behind it."""
        p = self.current_player()
        if p == TERMINAL:
            return "the match is over"
        if p == CHANCE:
            return "a card is being drawn (chance); no player decides now"
        g = self.g
        decoded = g.decode.get(action.id)
        if decoded is None or g.actions.by_name(action.name) != action:
            return f"{action.name!r} is not a decision of this game"
        kind, arg = decoded
        who = self.name(p)
        responding = kind in ("react", "react_wild", "react_spec", "long", "short", "long_wild", "short_wild",
                              "pass", "challenge")
        if responding and self.phase != "respond":
            return (f"there is no just-played card to answer: it is {who}'s turn to play "
                    f"(5.6: Reactions and Outside Influences answer an opponent's play before the next turn)")
        if not responding and self.phase == "respond":
            att = self.base_att
            return (f"{who} may only react to {self.name(att) if att >= 0 else 'the last play'}'s "
                    f"{self.base_kind or 'play'} or pass now (5.4 A)")
        if kind in ("play", "wild", "discard", "react", "react_wild"):
            phys = arg if kind in ("play", "discard", "react") else self.C_WILD
            card = g.cards[arg]
            if self.hand[p][phys] == 0:
                return f"{who} holds no {g.cards[phys].name}"
            if kind == "react" or kind == "react_wild":
                if arg == self.C_BLOCK or arg == self.C_REVERSE:
                    if p != self.base_def:
                        return f"only the Wrestler the Hold was played on may {card.name} it (8.1, 12.1)"
                    if not self.can_react(p):
                        return f"{who} has no Strength, Agility or Skill left to react (3.12, 8.1)"
                    if arg == self.C_REVERSE:
                        return "a Pin, Continuing Hold, Specialty or Double Team cannot be Reversed (8.33, 12.4)"
                return f"{card.name} cannot answer this play (8.x, 9.x)"
            if card.hold is not None and self.phase in ("main", "dt_hold"):
                if card.hold.illegal and not self.w(p).dirty:
                    return f"{who} is a good Wrestler and may not play blue Illegal Holds (7.1)"
                if self.held(p):
                    return f"{who} is under a Pin or Continuing Hold and may not apply Holds (10.12, 10.21)"
                opps = [t for t in self.opponents(p)]
                reasons = []
                for t in opps:
                    if not self._location_ok(p, t, card.hold, self.phase == "dt_hold"):
                        reasons.append(f"{self.name(t)} is not where a Hold can reach (11.31)")
                        continue
                    if self.penalty[t] > 0 or self.unfilled[t]:
                        reasons.append(f"{self.name(t)} is being penalized (9.41)")
                        continue
                    if card.hold.pin and self.dmg[t] < 1:
                        reasons.append(
                            f"a Pin needs an opponent with at least 1 damage; {self.name(t)} has none (10.2)"
                        )
                        continue
                    r = self.meets(p, card.hold, t)
                    if r:
                        reasons.append(f"{who} cannot play {card.name} on {self.name(t)}: {r} (4.3)")
                if reasons:
                    return reasons[0]
                if card.hold.pin and self.g.royal:
                    return "there are no Pins in a Battle Royal (13.2)"
            if self.obligation >= 0 and self.turn_no == 1 and self.phase == "main":
                called = g.cards[self.obligation]
                return (f"{who} must first play or discard the card he called for initiative, "
                        f"{called.name} ({called.initiative}) (5.3)")
            if self.acted and self.phase == "main":
                return f"{who} has already made his play this turn (5.4 A)"
        if self.phase == "initiative":
            return f"{who} must call the Initiative Number of a card in his hand (5.3)"
        return f"{action.name!r} is not allowed for {who} in phase {self.phase!r}"


def _action_id(action: Action) -> int:
    return action.id


def _reachable(ps: int, pt: int, spec: HoldSpec, dt: bool) -> bool:
    """Where a Hold can reach (11.31, 11.41, 12.4)."""
    if dt:
        return ps == APRON and pt in (RING, APRON)
    if ps == RING and pt == RING:
        return True
    if ps == FLOOR and pt == FLOOR:
        return not spec.pin  # 11.31: both outside may fight; no Pins outside
    return spec.reaches_outside and ps == RING and pt == FLOOR  # 11.41
