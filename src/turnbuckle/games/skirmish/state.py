"""The ring skirmish match state (``SkirmishState``): plain data and the engine contract.

Section ids in comments (``SK-7.7``) are the headings of ``ring-skirmish.txt`` as numbered by
``ring-skirmish-checklist.md``; the rulings (``R-SK-n``) are in ``docs/rulings.md``.

Every die roll is an explicit chance node: hit pools are rolled in batches (``dice 5s=a 6s=b``:
the fives and sixes among the batch's dice), and every six adds a die to the next batch, so
critical hits explode without limit. Move and Whip distances are plain totals (``total 7``).
Pending resolution steps are plain data (``phase`` and the ``pend`` dict), so clones and JSON are
trivial.

The state holds data only; the rules are functions over it, one module per rule family (``rounds``,
``movement``, ``attacks``, ``pins`` ...). ``_apply`` runs the applied action through the step table
(``steps.STEPS``, keyed by the phase's step kind), then any step a rule left in ``then`` (a later
family's step reached without importing it upward: a pin's count, a Flaunt's roll).

Reads: -
Writes: _cache, _dest, _legal_ids_sorted, _named, _opts, active, bid, bid_in, chooser, corner, flaunt_pin,
    how, left, models, order, pend, phase, pool, revealed, round, setup_order, tag_double, then, tie_groups,
    turn_index, used, winner
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.engine.native import mypyc_attr
from turnbuckle.engine.result import MatchResult
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.chance import chance_outcomes, sample_chance
from turnbuckle.games.skirmish.core import CHANCE_PHASES, DEST, OVER, SETUP_ORDER, STEP_KINDS, Model
from turnbuckle.games.skirmish.decisions import illegal_message, is_allowed, legal_actions, typed_name
from turnbuckle.games.skirmish.observe import determinize, match_result, observation, returns
from turnbuckle.games.skirmish.steps import STEPS

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.game import SkirmishGame


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: the engine's _new_empty (engine.game)
class SkirmishState(State["SkirmishGame"]):
    """A match in progress: its fields, and the engine contract delegating to the rule functions."""

    __slots__ = (
        "_cache",
        "_dest",
        "_legal_ids_sorted",
        "_named",
        "_opts",
        "active",
        "bid",
        "bid_in",
        "chooser",
        "corner",
        "flaunt_pin",
        "how",
        "left",
        "models",
        "order",
        "pend",
        "phase",
        "pool",
        "revealed",
        "round",
        "setup_order",
        "tag_double",
        "then",
        "tie_groups",
        "turn_index",
        "used",
        "winner",
    )

    models: list[Model]
    active: list[int]
    """Each seat's model in the ring (tag: one of its two)."""
    corner: list[str]
    pool: list[int]
    bid: list[int]
    left: list[int]
    """Bid AP not yet spent this round."""
    bid_in: list[bool]
    revealed: bool
    used: list[set[int]]
    flaunt_pin: list[int]
    tag_double: list[bool]
    round: int
    setup_order: list[int]
    order: list[int]
    turn_index: int
    chooser: int
    phase: int
    pend: dict[str, Any]
    then: str
    """A step kind to run before ``_apply`` returns ("" none): how a rule reaches a later family's step."""
    tie_groups: list[list[int]]
    winner: int
    how: str
    _cache: list[Action] | None
    _dest: tuple[dict[int, geo.Point], npt.NDArray[np.int64]] | None
    _named: tuple[dict[int, geo.Point], geo.PathFinder] | None
    _legal_ids_sorted: list[int]
    _opts: tuple[int, list[tuple[int, tuple[int, int, str]]]] | None

    def __init__(self, game: SkirmishGame, blank: bool = False) -> None:
        super().__init__(game)
        if blank:  # ``clone`` sets every field itself
            return
        n = game.players
        self.models = [
            Model(wrestler=i, player=i // game.per_side, r=game.radius[i], end=prof.END)
            for i, prof in enumerate(game.profiles)
        ]
        self.active = [p * game.per_side for p in range(n)]
        self.corner = [""] * n
        self.pool = [0] * n
        self.bid = [0] * n
        self.left = [0] * n
        self.bid_in = [False] * n
        self.revealed = False
        self.used = [set() for _ in range(n)]
        self.flaunt_pin = [0] * n
        self.tag_double = [False] * n
        self.round = 0
        self.setup_order = []
        self.order = []
        self.turn_index = -1
        self.chooser = 0
        self.phase = SETUP_ORDER
        self.pend = {}
        self.then = ""
        self.tie_groups = []
        self.winner = -1
        self.how = ""
        self._cache = None
        self._dest = None
        self._named = None
        self._legal_ids_sorted = []
        self._opts = None

    # -- the engine contract -------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        return self.chooser

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def returns(self) -> list[float]:
        return returns(self)

    def match_result(self) -> MatchResult | None:
        return match_result(self)

    def legal_actions(self) -> list[Action]:
        return legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Action:
        return sample_chance(self, rng)

    def observation(self, player: int) -> dict[str, Any]:
        return observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> SkirmishState:
        return determinize(self, player, rng)

    def action_from_string(self, text: str) -> Action:
        """Also typed points (``move 12.5 8``) and the facings' old names (``decisions.typed_name``)."""
        return super().action_from_string(typed_name(self, text))

    def _is_allowed(self, action: Action) -> bool:
        return is_allowed(self, action)

    def _illegal_message(self, action: Action) -> str:
        if self.phase in CHANCE_PHASES or self.phase == OVER:
            return super()._illegal_message(action)
        return illegal_message(self, action)

    def _apply(self, action: Action) -> None:
        phase = self.phase
        self._cache = None
        self._opts = None
        self._dest = None
        if phase != DEST:  # the destination step still uses the named destinations it was offered
            self._named = None
        STEPS[STEP_KINDS[phase]](self, action)
        while self.then:
            kind = self.then
            self.then = ""
            STEPS[kind](self)

    def refresh(self) -> None:
        """Forget cached legal decisions (after a test or a scenario edits the state by hand)."""
        self._cache = None
        self._opts = None
        self._dest = None
        self._named = None

    def clone(self) -> SkirmishState:
        """Field by field (a compiled state has no ``__dict__`` to copy): the engine's fields, then ours."""
        other = SkirmishState(self.game, blank=True)
        self._copy_engine_fields(other)
        self._copy_into(other)
        return other

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, SkirmishState)
        other.models = [Model(m.wrestler, m.player, m.x, m.y, m.fx, m.fy, m.r, m.end, m.staggered, m.jockeyed,
                              m.in_ring) for m in self.models]
        other.active = self.active.copy()
        other.corner = self.corner.copy()
        other.pool = self.pool.copy()
        other.bid = self.bid.copy()
        other.left = self.left.copy()
        other.bid_in = self.bid_in.copy()
        other.revealed = self.revealed
        other.used = [u.copy() for u in self.used]
        other.flaunt_pin = self.flaunt_pin.copy()
        other.tag_double = self.tag_double.copy()
        other.round = self.round
        other.setup_order = self.setup_order.copy()
        other.order = self.order.copy()
        other.turn_index = self.turn_index
        other.chooser = self.chooser
        other.phase = self.phase
        other.pend = dict(self.pend)
        other.then = self.then
        other.tie_groups = [g.copy() for g in self.tie_groups]
        other.winner = self.winner
        other.how = self.how
        other._cache = self._cache
        other._dest = self._dest
        other._named = self._named
        other._legal_ids_sorted = self._legal_ids_sorted
        other._opts = self._opts
