"""The WRASSLIN' match state: the fields of one moment and the engine contract, nothing else.

Everything pending is plain data: ``phase`` says whose decision it is and of what kind, ``chain`` holds
the responses to the base play (``base_*`` fields), ``responders`` the seats still to be asked,
``draws`` the seats owed a card, ``resume`` where a resolved chain returns to.

The rules are functions over this state, one module per rule family (lowest first): ``core`` (lookups
every family shares), ``options`` (legal decisions), ``holds`` (Holds in effect), ``results``
(winning and losing), ``ring`` (leaving and re-entering it), ``landing`` (a Hold landing), ``flow``
(the turn cycle: draws, turns, response chains and what comes after them), ``refusals`` (why a play is
not legal; 11.5 errors), and the decision handlers ``chains``, ``deck``, ``turns``, ``plays`` and
``tournament``. ``_apply`` runs the step for the current phase through ``steps.STEPS``.

Reads: -
Writes: C_BLOCK, C_COMB, C_DIS, C_DT, C_IB, C_IR, C_LSC, C_OOR, C_PS, C_REC1, C_REC2, C_REF, C_REVERSE,
C_SPEC, C_TAG, C_WILD, _err_text, _err_why, _errset, _legal, acted, after_draw, aside, base_att, base_def,
base_dt, base_kind, base_out, base_phys, base_ref, bout_over, br, callers, calls, chain, combo, deck, deck_n,
discard, dmg, drafted, draws, dt_card, dt_lock, end_reason, enter_queue, entries, err_action, err_seat,
err_snap, first_bout, free_for_all, g, hand, holds, illegal_in, illegal_limit,
last_outcome, next_after_bout, obligation,
out_count, out_limit, out_order, passes, penalty, pending, phase, plays, pool, pos, refused, responders,
result, resume, stacks, stay_pending, surge, surge_turn, tagged, team, turn, turn_no, unfilled, warned, wid
"""

from __future__ import annotations

import random
from itertools import compress, repeat
from operator import is_, truediv
from typing import TYPE_CHECKING, Any, Self

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.engine.native import mypyc_attr
from turnbuckle.engine.result import MatchResult, Method, method_from_text
from turnbuckle.games.wrasslin.core import HAND_SIZE, Entry, Item, seat_name
from turnbuckle.games.wrasslin.deck import determinize, step_draw
from turnbuckle.games.wrasslin.observe import observation
from turnbuckle.games.wrasslin.options import action_id, compute_legal
from turnbuckle.games.wrasslin.refusals import explain, note_error
from turnbuckle.games.wrasslin.steps import STEPS

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.rules import WrasslinGame

ERROR_PHASES = ("main", "dt_hold", "target", "respond")
"""The phases where, with the 11.5 errors rule, an illegal play may be made (and challenged)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: the engine's _new_empty (engine.game)
class WrasslinState(State["WrasslinGame"]):
    """One moment of a WRASSLIN' match."""

    __slots__ = (
        "C_BLOCK",
        "C_COMB",
        "C_DIS",
        "C_DT",
        "C_IB",
        "C_IR",
        "C_LSC",
        "C_OOR",
        "C_PS",
        "C_REC1",
        "C_REC2",
        "C_REF",
        "C_REVERSE",
        "C_SPEC",
        "C_TAG",
        "C_WILD",
        "_err_text",
        "_err_why",
        "_errset",
        "_legal",
        "acted",
        "after_draw",
        "aside",
        "base_att",
        "base_def",
        "base_dt",
        "base_kind",
        "base_out",
        "base_phys",
        "base_ref",
        "bout_over",
        "br",
        "callers",
        "calls",
        "chain",
        "combo",
        "deck",
        "deck_n",
        "discard",
        "dmg",
        "drafted",
        "draws",
        "dt_card",
        "dt_lock",
        "end_reason",
        "enter_queue",
        "entries",
        "err_action",
        "err_seat",
        "err_snap",
        "first_bout",
        "free_for_all",
        "g",
        "hand",
        "holds",
        "illegal_in",
        "illegal_limit",
        "last_outcome",
        "next_after_bout",
        "obligation",
        "out_count",
        "out_limit",
        "out_order",
        "passes",
        "penalty",
        "pending",
        "phase",
        "plays",
        "pool",
        "pos",
        "refused",
        "responders",
        "result",
        "resume",
        "stacks",
        "stay_pending",
        "surge",
        "surge_turn",
        "tagged",
        "team",
        "turn",
        "turn_no",
        "unfilled",
        "warned",
        "wid",
    )


    def __init__(self, game: WrasslinGame, blank: bool = False) -> None:
        """The match's first moment; ``blank``: only the engine's fields, for ``clone`` to fill (a compiled
        class runs ``__init__`` even from ``__new__``, so a copy cannot skip it)."""
        super().__init__(game)
        g = game
        self.g = g
        if blank:
            return
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
        self.illegal_limit: list[int] = [5] * n
        """12.41: the illegal man's count disqualifies at five, at four after a Short Count (9.2)."""
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
        self._err_why: tuple[WrasslinState, int, Action] | None = None
        """What ``err_reason`` is worded from when first read: (the snapshot, the seat, the play)."""
        self.err_snap: WrasslinState | None = None
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
                self.emit("deal", wrestlers=[seat_name(self, s) for s in range(n)])

    # -- the contract ----------------------------------------------------------------------------
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
        if ph == "draft":
            return sum(len(d) for d in self.drafted) % self.g.players  # 14.6: drafting in turn
        return self.turn

    def is_terminal(self) -> bool:
        return self.result is not None

    def is_chance_node(self) -> bool:
        return self.result is None and (self.phase == "draw" or self.phase == "enter")

    def apply_action(self, action: Action | str) -> None:
        """The contract's ``apply_action`` with direct paths for the common cases (a card drawn from the
        deck, a decision from the cached legal list); anything else validates as ``State.apply_action``."""
        if action.__class__ is Action and self.result is None:
            assert isinstance(action, Action)
            if self.phase == "draw":
                i = action.id
                deck = self.deck
                if 0 <= i < len(deck) and deck[i] > 0 and self.g.a_draw[i] is action:
                    self._legal = None
                    step_draw(self, i)
                    self._history.append(action)
                    return
            else:
                legal = self._legal
                if legal is not None and any(map(is_, legal, repeat(action))):
                    self._apply(action)
                    self._history.append(action)
                    return
        super().apply_action(action)

    def clone(self) -> Self:
        """``State.clone`` without ``copy.copy``'s generic dispatch (searches clone a lot)."""
        other = type(self)(self.g, blank=True)
        self._copy_engine_fields(other)
        self._copy_into(other)
        return other

    def returns(self) -> list[float]:
        return self.result.copy() if self.result is not None else [0.0] * self.g.players

    def match_result(self) -> MatchResult | None:
        """The winning team, how (5.7 submission, 10.x pin, 9.42/12.41 DQ, 11.x count-out, 13.x
        elimination, 5.8 deck draw) and, in battle royals and tournaments, the finishing order."""
        if self.result is None:
            return None
        game = self.g
        method = Method.ELIMINATION if game.royal else method_from_text(self.end_reason)
        order: tuple[str, ...] = ()
        if game.royal or game.match_type == "tournament":
            ranked = sorted(range(game.players), key=lambda s: -self.result[s] if self.result else 0)
            first = [s for s in ranked if s not in self.out_order]
            seats = first + [s for s in reversed(self.out_order) if s not in first]
            order = tuple(game.player_label(s) for s in seats)
        return MatchResult.from_returns(
            game.sides(), self.result, method=method, detail=self.end_reason, finishing_order=order
        )

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.result is not None:
            return []
        if self.phase == "draw":
            deck = self.deck
            probabilities = map(truediv, compress(deck, deck), repeat(self.deck_n))
            return list(zip(compress(self.g.a_draw, deck), probabilities, strict=False))
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
            self._legal = sorted(compute_legal(self), key=action_id)
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
            self._legal = sorted(compute_legal(self), key=action_id)
        return action in self._legal

    def _illegal_message(self, action: Action) -> str:
        return f"{action.name!r} refused: {explain(self, action)}"

    def _apply(self, action: Action) -> None:
        ph = self.phase
        if self.g.errors_rule and ph in ERROR_PHASES:
            note_error(self, action)
        self._legal = None
        if ph != "draw" and ph != "enter" and ph != "draft" and self.g.decode[action.id][0] == "concede":
            ph = "concede"
        STEPS[ph](self, action.id)

    def observation(self, player: int) -> dict[str, Any]:
        return observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> WrasslinState:
        return determinize(self, player, rng)

    # -- copying ---------------------------------------------------------------------------------
    def _copy_into(self, other: State) -> None:
        """Every field of this state into ``other``, the mutable ones copied (a clone; a challenge's
        restore, 11.5). The engine's own fields are ``clone``'s."""
        assert isinstance(other, WrasslinState)
        other.g = self.g
        other.deck_n = self.deck_n
        other.passes = self.passes
        other.team = self.team
        other.base_kind = self.base_kind
        other.base_phys = self.base_phys
        other.base_ref = self.base_ref
        other.base_att = self.base_att
        other.base_def = self.base_def
        other.base_dt = self.base_dt
        other.base_out = self.base_out
        other.resume = self.resume
        other.turn = self.turn
        other.turn_no = self.turn_no
        other.after_draw = self.after_draw
        other.obligation = self.obligation
        other.acted = self.acted
        other.combo = self.combo
        other.tagged = self.tagged
        other.pending = self.pending
        other.dt_card = self.dt_card
        other.stay_pending = self.stay_pending
        other.last_outcome = self.last_outcome
        other.end_reason = self.end_reason
        other.free_for_all = self.free_for_all
        other.dt_lock = self.dt_lock
        other.bout_over = self.bout_over
        other.first_bout = self.first_bout
        other.next_after_bout = self.next_after_bout
        other.err_seat = self.err_seat
        other.err_action = self.err_action
        other._err_text = self._err_text
        other._err_why = self._err_why
        other.err_snap = self.err_snap
        other.C_PS = self.C_PS
        other.C_WILD = self.C_WILD
        other.C_BLOCK = self.C_BLOCK
        other.C_REVERSE = self.C_REVERSE
        other.C_IB = self.C_IB
        other.C_IR = self.C_IR
        other.C_REF = self.C_REF
        other.C_DIS = self.C_DIS
        other.C_LSC = self.C_LSC
        other.C_COMB = self.C_COMB
        other.C_REC1 = self.C_REC1
        other.C_REC2 = self.C_REC2
        other.C_SPEC = self.C_SPEC
        other.C_TAG = self.C_TAG
        other.C_DT = self.C_DT
        other.C_OOR = self.C_OOR
        other.phase = self.phase
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
        other.illegal_limit = self.illegal_limit.copy()
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

