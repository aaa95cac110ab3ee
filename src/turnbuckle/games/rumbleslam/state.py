"""The RUMBLESLAM state machine: the match's data and the engine loop.

Pending resolution is plain data: ``stack`` holds small tuples (``("attack", a, t, atk)``,
``("die", 3)``, ``("decide", "shove", player, ...)``) and ``run`` (``steps.py``) executes the top
one until it needs a die (a chance node) or a decision. No generators or callbacks, so ``clone``
copies a few lists and the wrestlers. Each comment names the rule text's heading
(``# rumbleslam PIN``).

The state is plain data with the engine contract only; the rules are functions over it, one module
per rule family (``core``, ``rerolls``, ``placement``, ``status``, ``rounds``, ``menu``, ``attacks``,
``specials``, ``grapple``, ``decisions``, ``prompts``), each importing only the ones before it, and
``steps.STEPS`` names the function that runs every step kind.

Reads: -
Writes: _legal, active, buf, corners, deferred, dirty, dosh_count, end_flag, endorsements, entered,
  holder, method, nominee, occ, occ_version, order, outcome, over, reach_memo, removed, root_filter,
  round, sponsors_left, stack, tag_used, turn, turn_order, used, ws
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Self

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.engine.native import mypyc_attr
from turnbuckle.engine.result import MatchResult, Method
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.core import FLOOR, LIFTED, OUT, SIDE, TB, Wrestler, push
from turnbuckle.games.rumbleslam.decisions import decide, decision_actions
from turnbuckle.games.rumbleslam.prompts import observation
from turnbuckle.games.rumbleslam.steps import run

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.rules import RumbleslamGame

_OLD_REROLL: Final = re.compile(r"reroll die ([0-9]{1,2})")
"""``reroll die 0`` (dice numbered from 0 until issue 22.19) is ``re-roll die 1``: stored matches replay."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: the engine's _new_empty (engine.game)
class RumbleslamState(State["RumbleslamGame"]):
    """A match in progress: its fields and the engine contract, each a few lines over the rules."""

    __slots__ = ("_legal", "active", "buf", "corners", "deferred", "dirty", "dosh_count", "end_flag", "endorsements",
                 "entered", "holder", "method", "nominee", "occ", "occ_version", "order", "outcome", "over",
                 "reach_memo", "removed", "root_filter", "round", "sponsors_left", "stack", "tag_used", "turn",
                 "turn_order", "used", "ws")


    def __init__(self, game: RumbleslamGame, blank: bool = False) -> None:
        """The match at the opening bell; ``blank``: only the engine's fields, for ``clone`` to fill
        (a compiled class refuses ``object.__new__``, so a copy starts here too)."""
        super().__init__(game)
        if blank:
            return
        self.ws: list[Wrestler] = [Wrestler(e.index, e.player, e.size, e.profile.sta) for e in game.entrants]
        self.occ: list[int] = [-1] * mat.CELLS
        self.occ_version: int = 0
        """Bumped by every ``place`` (the one writer of ``occ``): keys per-state memos of the board."""
        self.reach_memo: tuple[tuple[int, int, int, int], dict[int, int]] | None = None
        """The last ``reachable`` answer and its key (the move that follows a menu asks again)."""
        self.stack: list[tuple[Any, ...]] = []
        self.buf: list[tuple[int, str, int, bool]] = []
        self.round: int = 0
        self.holder: int = 0
        self.corners: list[int] = [-1] * game.players
        self.order: list[int] = []
        self.nominee: list[int] = [-1] * game.players
        self.turn_order: list[int] = []
        self.turn: int = 0
        self.active: int = -1
        self.end_flag: bool = False
        self.used: list[str] = []
        self.dirty: int = 0
        self.endorsements: list[int] = [t.team.endorsements for t in game.teams]
        self.sponsors_left: list[tuple[str, ...]] = [t.team.sponsorships for t in game.teams]
        self.removed: list[int] = [0] * game.players
        self.entered: list[int] = [0] * game.players
        self.tag_used: list[str] = []
        self.over: bool = False
        self.outcome: tuple[float, ...] = (0.0,) * game.players
        self.method: str = ""
        self.dosh_count: list[float] = []
        self._legal: list[Action] | None = None
        self.deferred: list[tuple[Any, ...]] = []
        """Steps that must run as soon as the current step ends (placing a dropped wrestler)."""
        self.root_filter: tuple[Action, ...] | None = None
        """Search agents restrict the root's choices to these (cleared by the next action)."""
        self.emit("match_begins", {"teams": [t.team.name for t in game.teams],
                                   "wrestlers": [e.label for e in game.entrants]})
        push(self, ("setup_roll",))
        run(self)

    # -- the engine contract ----------------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        top = self.stack[-1]
        if top[0] == "die":
            return CHANCE
        return int(top[2])

    def legal_actions(self) -> list[Action]:
        if self.over or self.stack[-1][0] != "decide":
            return []
        if self._legal is None:
            self._legal = decision_actions(self, self.stack[-1])
        if self.root_filter is not None:
            return [a for a in self._legal if a in self.root_filter]
        return self._legal

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.over or self.stack[-1][0] != "die":
            return []
        return self.game.dice.outcomes(self.buf[self.stack[-1][1]][1])

    def returns(self) -> list[float]:
        return list(self.outcome) if self.over else [0.0] * self.game.players

    def observation(self, player: int) -> dict[str, Any]:
        return observation(self, player)

    def is_terminal(self) -> bool:
        return self.over

    def is_chance_node(self) -> bool:
        return not self.over and self.stack[-1][0] == "die"

    def _is_allowed(self, action: Action) -> bool:
        """The engine's check by identity first (the table's own objects), so a long menu is not
        scanned with the dataclass ``__eq__``; an equal copy of an action still passes."""
        if self.over:
            return False
        top = self.stack[-1]
        acts: Sequence[Action] = (
            self.game.dice.actions[self.buf[top[1]][1]] if top[0] == "die" else self.legal_actions())
        return id(action) in map(id, acts) or action in acts

    def _apply(self, action: Action) -> None:
        self._legal = None
        self.root_filter = None
        top = self.stack.pop()
        if top[0] == "die":
            face = self.game.die_face[action.id][1]
            i = top[1]
            side, k, _, rerolled = self.buf[i]
            self.buf[i] = (side, k, face, rerolled)
        else:
            decide(self, top, self.game.meaning[action.id], action)
        run(self)

    def action_from_string(self, text: str) -> Action:
        """Also the re-rolls' old names (``reroll die 0``, dice numbered from 0) that stored
        matches and replays from before issue 22.19 hold."""
        old = _OLD_REROLL.fullmatch(text)
        if old is not None:
            return super().action_from_string(f"re-roll die {int(old.group(1)) + 1}")
        return super().action_from_string(text)

    def match_result(self) -> MatchResult | None:
        if not self.over:
            return None
        method = Method.DECISION if self.dosh_count else Method.ELIMINATION
        if not any(r > 0 for r in self.outcome):
            method = Method.DRAW
        extra: dict[str, Any] = {"rounds": self.round}
        if self.dosh_count:
            extra["dosh"] = {self.game.player_label(p): d for p, d in enumerate(self.dosh_count)}
        return MatchResult.from_returns(self.game.sides(), self.outcome, method=method, detail=self.method, extra=extra)

    # -- fast paths the engine and the agents call ------------------------------------------------
    def clone(self) -> Self:
        """``State.clone`` without ``copy.copy`` (its ``__reduce_ex__`` round trip is most of the
        cost of the search agents' many copies): every field copied by name (a compiled class has
        no ``__dict__`` to copy)."""
        other = type(self)(self.game, blank=True)
        self._copy_engine_fields(other)
        other.occ_version = self.occ_version
        other.reach_memo = self.reach_memo
        other.round = self.round
        other.holder = self.holder
        other.turn = self.turn
        other.active = self.active
        other.end_flag = self.end_flag
        other.dirty = self.dirty
        other.over = self.over
        other.outcome = self.outcome
        other.method = self.method
        other._legal = self._legal
        other.root_filter = self.root_filter
        self._copy_into(other)
        return other

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, RumbleslamState)
        other.ws = [w.copy() for w in self.ws]
        other.occ = self.occ.copy()
        other.stack = self.stack.copy()
        other.buf = self.buf.copy()
        other.corners = self.corners.copy()
        other.order = self.order.copy()
        other.nominee = self.nominee.copy()
        other.turn_order = self.turn_order.copy()
        other.used = self.used.copy()
        other.endorsements = self.endorsements.copy()
        other.sponsors_left = self.sponsors_left.copy()
        other.removed = self.removed.copy()
        other.entered = self.entered.copy()
        other.tag_used = self.tag_used.copy()
        other.dosh_count = self.dosh_count.copy()
        other.deferred = []

    def sample_chance(self, rng: random.Random) -> Action:
        dice = self.game.dice
        kind = self.buf[self.stack[-1][1]][1]
        probs = dice.probs[kind]
        point = rng.random()
        total = 0.0
        acts = dice.actions[kind]
        for i, p in enumerate(probs):
            total += p
            if point < total:
                return acts[i]
        return acts[-1]

    def random_playout_returns(self, rng: random.Random) -> list[float]:
        state = self.clone()
        state.record_events = False
        while not state.over:
            if state.stack[-1][0] == "die":
                state._apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state._apply(legal[int(rng.random() * len(legal))])
        return list(state.outcome)


__all__ = ["FLOOR", "LIFTED", "OUT", "SIDE", "TB", "RumbleslamState", "Wrestler"]
