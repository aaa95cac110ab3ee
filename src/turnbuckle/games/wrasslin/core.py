"""What a WRASSLIN' match state holds, and the lookups every rule family shares: abilities (3.x),
mobility (3.13), Outside Influence entitlement (3.5, 9.3) and where a Hold can reach (4.3, 11.31, 12.4).

The rule families (``options``, ``deck``, ``turns``, ``plays``, ``chains``, ``holds``, ``results``) are
mixins over ``WrasslinCore``; the steps one family calls in another are declared here so each module
type-checks on its own.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Self

from turnbuckle.engine.game import State
from turnbuckle.games.wrasslin.cards import HoldSpec, Wrestler
from turnbuckle.games.wrasslin.matchtypes import APRON, FLOOR, OUT, RING

if TYPE_CHECKING:
    from turnbuckle.engine.actions import Action
    from turnbuckle.games.wrasslin.rules import WrasslinGame

HAND_SIZE = 7
E_HOLD, E_FACEDOWN, E_EXIT = 0, 1, 2
"""Cards lying next to a Wrestler: a Damage card, a face-down continuous-Hold card (10.11), an
Out-of-Ring card showing its "Exit" corners (11.3)."""

Entry = tuple[int, int, int, int, int]
"""(physical card, hold ref, damage points, kind, owner seat)."""
Candidate = tuple[int, int, int, int, int]
"""An opponent a Hold may go on: (seat, Strength, Weight, damage, position)."""
Item = tuple[str, int, int, int]
"""A response in the chain: (kind, physical card, seat, target index; -1 = the base play)."""

_NO_ABILITIES = (0, 0, 0, 0, 0)

NEGATORS = ("block", "reverse", "iblock", "ireverse", "referee")


class WrasslinCore(State):
    """The fields of one moment of a WRASSLIN' match and the read-only lookups over them."""

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
        self.stacks: list[list[int]] = (
            [[] for _ in range(n)] if g.draft else [list(s) for s in g.stacks]
        )
        self.pool: list[int] = list(g.pool) if g.draft else []
        """14.6 draft: the Wrestlers not yet drafted."""
        self.drafted: list[list[int]] = [[] for _ in range(n)]
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
        self.end_reason = ""
        """What decided the match, in the rulebook's words (for ``match_result``)."""
        self.out_order: list[int] = []
        """Seats in the order they left the match (battle royal, tournament finishing order)."""
        self.free_for_all = False
        self.dt_lock = -1
        self.enter_queue: list[int] = []
        self.bout_over = False
        self.first_bout = True
        self.next_after_bout = 0
        self._legal: list[Action] | None = None
        self.plays: list[int] = []
        """Main-phase decisions since the last answered play (the one that led to a target choice)."""
        self.refused: list[tuple[int, int]] = []
        """(seat, action id) refused by a challenge this turn (11.5): not offered again, so a challenge
        cannot loop."""
        self.err_seat = -1
        """11.5: the seat whose illegal play is pending (it stands once an opponent plays a card)."""
        self.err_action = -1
        self._err_text = ""
        self._err_why: tuple[WrasslinCore, int, Action] | None = None
        """What ``err_reason`` is worded from when first read: (the snapshot, the seat, the play)."""
        self.err_snap: WrasslinCore | None = None
        """The state just before the pending illegal play: a challenge puts it back (never mutated, so
        clones share it)."""
        self._errset: frozenset[int] = frozenset()
        """Which of the current legal actions are 11.5 errors (computed with them)."""
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
        if g.match_type == "tournament" and g.draft:
            self.phase = "draft"  # 14.6: the players take turns drafting Wrestlers for their team
        elif g.match_type == "tournament":
            self.enter_queue = list(range(n))
            self.phase = "enter"
        else:
            self.phase = "draw"
            self.draws = [s for _ in range(HAND_SIZE) for s in range(n)]
            self.after_draw = "initiative"
            if self.record_events:
                self.emit("deal", wrestlers=[self.name(s) for s in range(n)])

    # -- copying ---------------------------------------------------------------------------------
    def _shallow(self) -> Self:
        """What ``copy.copy`` makes of a state (same class, the same field values), without its generic
        dispatch: a clone or an 11.5 snapshot starts here and ``_copy_into`` unshares the mutable fields."""
        return self._shallow_copy()

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, WrasslinCore)
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
        other.pool = self.pool.copy()
        other.drafted = [d.copy() for d in self.drafted]
        other.holds = [r.copy() for r in self.holds]
        other.br = self.br.copy()
        other.chain = self.chain.copy()
        other.responders = self.responders.copy()
        other.draws = self.draws.copy()
        other.callers = self.callers.copy()
        other.calls = self.calls.copy()
        other.enter_queue = self.enter_queue.copy()
        other.result = None if self.result is None else self.result.copy()
        other.out_order = self.out_order.copy()
        other.refused = self.refused.copy()
        other.plays = self.plays.copy()
        other._legal = None
        other._errset = frozenset()

    # -- small helpers ---------------------------------------------------------------------------
    def w(self, s: int) -> Wrestler:
        return self.g.wrestlers[self.wid[s]]

    def name(self, s: int) -> str:
        return self.g.wrestlers[self.wid[s]].name if self.wid[s] >= 0 else f"seat {s}"

    def abilities(self, s: int) -> tuple[int, int, int, int, int]:
        """Current (Strength incl. Power Surge, Agility, Skill, Power Surge rating, Recovery) (3.1)."""
        w = self.g.wrestlers[self.wid[s]]
        d = self.dmg[s]
        a = w.table[d] if d < w.submit_at else _NO_ABILITIES
        surge = self.surge[s]
        return (a[0] + surge, a[1], a[2], a[3], a[4]) if surge else a

    def strength(self, s: int) -> int:
        w = self.g.wrestlers[self.wid[s]]
        d = self.dmg[s]
        return (w.table[d][0] if d < w.submit_at else 0) + self.surge[s]

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

    def team_may_distract(self, offender: int) -> bool:
        """12.41: the illegal man's team has a manager, or a third mobile partner (neither the illegal man
        nor the legal man in the ring)."""
        team = [t for t in range(self.g.players) if self.team[t] == self.team[offender]]
        if any(self.w(t).manager for t in team if self.wid[t] >= 0):
            return True
        return any(self.pos[t] == APRON and self.mobile(t) for t in team if t != offender)

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

    def _candidates(self, s: int, lax: bool = False) -> list[tuple[int, int, int, int, int]]:
        """(seat, Strength, Weight, damage, position) of each opponent a Hold may go on (9.41: not one
        being penalized who has not yet refilled his hand; ``lax``: him too, as an 11.5 error)."""
        out: list[tuple[int, int, int, int, int]] = []
        teams, pos, dmg = self.team, self.pos, self.dmg
        team = teams[s]
        wrestlers, wid = self.g.wrestlers, self.wid
        for t in range(self.g.players):
            pt = pos[t]
            if teams[t] == team or pt == OUT or (not lax and (self.penalty[t] > 0 or self.unfilled[t])):
                continue
            w = wrestlers[wid[t]]
            d = dmg[t]
            out.append((t, (w.table[d][0] if d < w.submit_at else 0) + self.surge[t], w.weight, d, pt))
        return out

    def _candidate_lists(self, s: int) -> tuple[list[Candidate], list[Candidate]]:
        """``_candidates(s)`` and ``_candidates(s, lax=True)`` in one pass over the seats."""
        legal: list[Candidate] = []
        lax: list[Candidate] = []
        teams, pos, dmg = self.team, self.pos, self.dmg
        team = teams[s]
        wrestlers, wid = self.g.wrestlers, self.wid
        for t in range(self.g.players):
            pt = pos[t]
            if teams[t] == team or pt == OUT:
                continue
            w = wrestlers[wid[t]]
            d = dmg[t]
            c = (t, (w.table[d][0] if d < w.submit_at else 0) + self.surge[t], w.weight, d, pt)
            lax.append(c)
            if not (self.penalty[t] > 0 or self.unfilled[t]):
                legal.append(c)
        return legal, lax

    def _targets_for(self, s: int, spec: HoldSpec, dt: bool, cands: list[tuple[int, int, int, int, int]],
                     a: tuple[int, int, int, int, int], check: bool = True, errors: bool = False) -> list[int]:
        """The candidates ``s`` may apply ``spec`` to; ``errors``: also those only an 11.5 error reaches
        (no abilities for it, a Pin on an undamaged opponent)."""
        st, ag, sk = a[0], a[1], a[2]
        if check and st < 1 and not errors:
            return []  # 3.11
        r = spec.req
        teamwork = self.g.royal and spec.battle_royal
        lax = teamwork or errors or not check
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
            if spec.pin and ((tdmg < 1 and not errors) or self.free_for_all):
                continue  # 10.2: only against a damaged opponent
            if not lax and (not base_ok or (r.gt_s and st <= tst) or (r.ge_w and st < tw)):
                continue
            out.append(t)
        return out

    def hold_targets(self, s: int, spec: HoldSpec, dt: bool = False, check: bool = True,
                     errors: bool = False) -> list[int]:
        """Opponents ``s`` may apply ``spec`` to now (with ``check``: only those he has the abilities for;
        with ``errors``: also those an 11.5 error reaches)."""
        return self._targets_for(s, spec, dt, self._candidates(s, errors), self.abilities(s), check, errors)

    def hold_fault(self, p: int, spec: HoldSpec, t: int, dt: bool) -> str:
        """Why ``p`` may not apply ``spec`` to ``t`` now, in one line with the rule; '' if he may."""
        who = self.name(p)
        if spec.illegal and not self.w(p).dirty:
            return f"{who} is a good Wrestler and may not play blue Illegal Holds (7.1)"
        if self.held(p):
            return f"{who} is under a Pin or Continuing Hold and may not apply Holds (10.12, 10.21)"
        if not _reachable(self.pos[p], self.pos[t], spec, dt):
            return f"{self.name(t)} is not where a Hold can reach (11.31)"
        if self.penalty[t] > 0 or self.unfilled[t]:
            return f"{self.name(t)} is being penalized: no Hold may be put on him until he refills (9.41)"
        if spec.pin and self.dmg[t] < 1:
            return f"a Pin needs an opponent with at least 1 damage; {self.name(t)} has none (10.2)"
        r = self.meets(p, spec, t, self.g.royal and spec.battle_royal)
        if r:
            return f"{who} cannot play {spec.name} on {self.name(t)}: {r} (4.3)"
        return ""

    def is_error(self, action: Action) -> bool:
        """Is ``action`` (one of the legal actions) an 11.5 error: playable, but an opponent may challenge?"""
        if self._legal is None:
            self.legal_actions()
        return action.id in self._errset

    @property
    def err_reason(self) -> str:
        """11.5: why the pending illegal play is illegal. Worded on first read, from the state just before
        it (``err_snap`` as it was made, not a determinized copy): batch play never reads it."""
        why = self._err_why
        if why is not None:
            snap, p, action = why
            self._err_text = snap._error_reason(p, action)
            self._err_why = None
        return self._err_text

    @err_reason.setter
    def err_reason(self, text: str) -> None:
        self._err_text = text
        self._err_why = None

    def _clear_error(self) -> None:
        """11.5: the pending illegal play stands (or was undone): nothing left to challenge."""
        if self.err_seat < 0 and self.err_snap is None:
            return  # nothing pending (the usual case): the fields are already clear
        self.err_seat = -1
        self.err_action = -1
        self._err_text = ""
        self._err_why = None
        self.err_snap = None

    def _surge_rating(self, s: int) -> None:
        """8.4: Strength rises by the current Power Surge rating until the start of his next turn; a second
        Power Surge in one turn (an 11.5 error that stood) adds its rating again."""
        rating = self.w(s).abilities(self.dmg[s])[3]
        self.surge[s] = rating + (self.surge[s] if self.surge_turn[s] == self.turn_no else 0)
        self.surge_turn[s] = self.turn_no

    # -- moving cards ----------------------------------------------------------------------------
    def _take(self, s: int, ci: int) -> None:
        self.hand[s][ci] -= 1
        if ci == self.obligation and s == self.turn:
            self.obligation = -1

    def _to_discard(self, ci: int) -> None:
        if ci >= 0:
            self.discard[ci] += 1

    # -- steps one rule family calls in another (each defined in the module named) -------------
    # options.py
    @abstractmethod
    def _effective(self) -> tuple[list[bool], list[str]]:
        ...

    @abstractmethod
    def _hold_options(self, s: int, dt: bool, exclude: int = -1, errors: bool = False) -> list[Action]:
        ...

    @abstractmethod
    def _referee_target(self, q: int, eff: list[bool], hits: list[str]) -> tuple[int, bool] | None:
        ...

    @abstractmethod
    def _responses(self, q: int, lax: bool) -> tuple[list[Action], list[Action] | None]:
        ...

    # state.py
    @abstractmethod
    def _decisions(self, errors: bool = False) -> list[Action]:
        ...

    @abstractmethod
    def _error_reason(self, p: int, action: Action) -> str:
        ...

    @abstractmethod
    def _prime_responses(self, q: int, answers: list[Action], lax: list[Action] | None) -> None:
        ...

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        ...

    @abstractmethod
    def counts_running(self) -> bool:
        ...

    # deck.py
    @abstractmethod
    def _prepare_draw(self) -> None:
        ...

    @abstractmethod
    def _queue_refill(self, s: int) -> None:
        ...

    # turns.py
    @abstractmethod
    def _after_reapply(self) -> None:
        ...

    @abstractmethod
    def _end_turn(self) -> None:
        ...

    @abstractmethod
    def _next_turn(self) -> None:
        ...

    @abstractmethod
    def _start_initiative(self) -> None:
        ...

    @abstractmethod
    def _start_turn(self, s: int) -> None:
        ...

    @abstractmethod
    def maintains(self, r: list[int]) -> bool:
        ...

    # plays.py
    @abstractmethod
    def _after_primary(self) -> None:
        ...

    @abstractmethod
    def _recover(self, s: int, phys: int, amount: int, label: str, specialty: bool = False) -> None:
        ...

    @abstractmethod
    def _reenter(self, s: int) -> None:
        ...

    @abstractmethod
    def _set_base(self, kind: str, phys: int, ref: int, att: int, dfn: int, dt: int) -> None:
        ...

    @abstractmethod
    def _to_floor(self, s: int, phys: int = -1) -> None:
        ...

    # chains.py
    @abstractmethod
    def _clear_base(self) -> None:
        ...

    @abstractmethod
    def _open_chain(self, actor: int, resume: str) -> None:
        ...

    @abstractmethod
    def _next_responder(self) -> None:
        ...

    # holds.py
    @abstractmethod
    def _abandon(self, s: int) -> None:
        ...

    @abstractmethod
    def _break_hold(self, r: list[int], why: str) -> None:
        ...

    @abstractmethod
    def _land(self, att: int, dfn: int, ref: int, phys: int, reversed_: bool) -> None:
        ...

    # results.py
    @abstractmethod
    def _check_submit(self, s: int) -> None:
        ...

    @abstractmethod
    def _check_team_out(self) -> None:
        ...

    @abstractmethod
    def _eliminate(self, s: int, reason: str) -> None:
        ...

    @abstractmethod
    def _br_check(self) -> None:
        ...

    @abstractmethod
    def _finish(self, winners: set[int], reason: str) -> None:
        ...

    @abstractmethod
    def _lose(self, seats: list[int], reason: str) -> None:
        ...

    @abstractmethod
    def _new_bout(self) -> None:
        ...


def _reachable(ps: int, pt: int, spec: HoldSpec, dt: bool) -> bool:
    """Where a Hold can reach (11.31, 11.41, 12.4)."""
    if dt:
        return ps == APRON and pt in (RING, APRON)
    if ps == RING and pt == RING:
        return True
    if ps == FLOOR and pt == FLOOR:
        return not spec.pin  # 11.31: both outside may fight; no Pins outside
    return spec.reaches_outside and ps == RING and pt == FLOOR  # 11.41
