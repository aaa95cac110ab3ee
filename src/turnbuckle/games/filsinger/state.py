"""The match state: a plain data class. Pending steps are plain fields (``phase`` plus a few
slots), so ``clone()`` copies the fields and the per-wrestler lists, and a replay is the action
list.

``FilsingerState`` holds the fields and the engine contract (whose decision, legal actions,
applying one, the chance outcomes, the result, the observation); each method is a few lines over
the rule modules. Applying an action is ``steps.STEPS[phase](state, action)``: the table names the
rule function for every phase. The shared lookups and phase constants are in ``core``, the read-only
questions (chance ids, pending view, exact-odds key) in ``queries``.

Reads: -
Writes: ally_in, ally_queue, ally_ringside, attacker, chart, chart_me, choice_move, decided,
decider, distract_used, dq_me, dq_rating, dq_then, dq_who, finisher, how, injuries, interfere_used,
just_tagged, last_doubles, last_total, legal, letter, level, move, phase, pin_add, pinned,
saves_left, stun_entry, stun_level, sums_only, tag_target, tokens, winner
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.engine.native import mypyc_attr
from turnbuckle.engine.result import MatchResult, method_from_text
from turnbuckle.games.filsinger.core import (
    ALLY_ATTACK,
    BOTH,
    CHANCE_NAMES,
    D6_IDS,
    DECISION_PHASES,
    DICE_PHASES,
    FIRST_IDS,
    FIXED_CHANCE_IDS,
    NO_IDS,
    NOT_CHANCE,
    PAIR_IDS,
    PARTNER_BASE,
    ROLL_DOUBLES,
    ROLL_TOTAL,
    SUM_IDS,
    TWO_DICE_PHASES,
    card,
    pin_rating,
)
from turnbuckle.games.filsinger.decisions import legal, legal_names
from turnbuckle.games.filsinger.defense import step_defense_roll
from turnbuckle.games.filsinger.entries import start_match
from turnbuckle.games.filsinger.models import ChoiceMove, Finisher, Move, Outcome, Stunned
from turnbuckle.games.filsinger.offense import step_offense_roll
from turnbuckle.games.filsinger.queries import chance_ids, pending_view
from turnbuckle.games.filsinger.steps import STEPS

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.rules import FilsingerGame


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: the engine's _new_empty (engine.game)
class FilsingerState(State["FilsingerGame"]):
    """One moment of a Filsinger match (singles or any size of tag): LEVEL and attacker, the
    legal men (8. TAG TEAM RULES), fatigue tokens (OPTIONAL 1), pin saves (13), distraction (15),
    interference (16), ringside allies (14), injuries (10), the pending-step slots and the result."""

    __slots__ = (
        "ally_in",
        "ally_queue",
        "ally_ringside",
        "attacker",
        "chart",
        "chart_me",
        "choice_move",
        "decided",
        "decider",
        "distract_used",
        "dq_me",
        "dq_rating",
        "dq_then",
        "dq_who",
        "finisher",
        "how",
        "injuries",
        "interfere_used",
        "just_tagged",
        "last_doubles",
        "last_total",
        "legal",
        "letter",
        "level",
        "move",
        "phase",
        "pin_add",
        "pinned",
        "saves_left",
        "stun_entry",
        "stun_level",
        "sums_only",
        "tag_target",
        "tokens",
        "winner",
    )


    def __init__(self, game: FilsingerGame, *, blank: bool = False) -> None:
        if blank:  # for clone(), which sets every field, the engine's too
            return
        super().__init__(game)
        size = game.size
        self.phase: str = "first"
        self.attacker: int = 0
        self.level: int = 1
        self.decider: int = 0
        self.legal: list[int] = [0, 0]
        """Each side's legal man, as an index into its team."""
        self.tokens: list[int] = [0] * (2 * size)
        self.saves_left: list[int] = list(game.pin_save_allowance)
        self.distract_used: list[bool] = [False, False]
        self.interfere_used: list[bool] = [False, False]
        self.ally_ringside: list[bool] = [False, False]
        self.just_tagged: list[bool] = [False, False]
        self.ally_queue: list[int] = []
        # pending-step slots (core.clear_pending resets them)
        self.move: Move | None = None
        self.chart: str = ""
        self.chart_me: int = 0
        self.ally_in: bool = False
        self.letter: str = ""
        self.choice_move: ChoiceMove | None = None
        self.finisher: Finisher | None = None
        self.dq_who: int = 0
        self.dq_rating: int = 0
        self.dq_then: Outcome | None = None
        self.dq_me: int = 0
        self.stun_level: int = 0
        self.stun_entry: Stunned | None = None
        self.tag_target: int = 0
        self.pinned: int = 0
        self.pin_add: int = 0
        # result
        self.winner: int | None = None
        self.how: str = ""
        self.decided: bool = False
        self.last_doubles: bool = False
        self.last_total: int = 0
        self.injuries: list[tuple[str, int]] = []
        self.sums_only: bool = False
        """Exact-odds mode: 2d6 as sums even in feud matches (doubles only pick post-match
        fighting, never the winner)."""
        start_match(self)

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, FilsingerState)
        other.legal = self.legal.copy()
        other.tokens = self.tokens.copy()
        other.saves_left = self.saves_left.copy()
        other.distract_used = self.distract_used.copy()
        other.interfere_used = self.interfere_used.copy()
        other.ally_ringside = self.ally_ringside.copy()
        other.just_tagged = self.just_tagged.copy()
        other.ally_queue = self.ally_queue.copy()
        other.injuries = self.injuries.copy()

    def clone(self) -> FilsingerState:
        """An independent copy, field by field (no ``copy.copy``: search and the exact-odds solver
        clone millions of times, and a compiled state has no ``__dict__``; a blank state rather than
        ``__new__``, which a compiled class runs through ``__init__``). The game, cards and charts
        are immutable and shared."""
        other = FilsingerState(self.game, blank=True)
        self._copy_engine_fields(other)
        other.phase = self.phase
        other.attacker = self.attacker
        other.level = self.level
        other.decider = self.decider
        other.move = self.move
        other.chart = self.chart
        other.chart_me = self.chart_me
        other.ally_in = self.ally_in
        other.letter = self.letter
        other.choice_move = self.choice_move
        other.finisher = self.finisher
        other.dq_who = self.dq_who
        other.dq_rating = self.dq_rating
        other.dq_then = self.dq_then
        other.dq_me = self.dq_me
        other.stun_level = self.stun_level
        other.stun_entry = self.stun_entry
        other.tag_target = self.tag_target
        other.pinned = self.pinned
        other.pin_add = self.pin_add
        other.winner = self.winner
        other.how = self.how
        other.decided = self.decided
        other.last_doubles = self.last_doubles
        other.last_total = self.last_total
        other.sums_only = self.sums_only
        self._copy_into(other)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> FilsingerState:
        """A deep copy is a clone: the game, cards and charts are immutable and shared."""
        return self.clone()

    # -- the contract ----------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == "over":
            return TERMINAL
        if phase in DECISION_PHASES:
            return self.decider
        return CHANCE

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance_node(self) -> bool:
        return self.phase not in NOT_CHANCE

    def legal_actions(self) -> list[Action]:
        if self.phase not in DECISION_PHASES:
            return []
        return list(legal(self)[1])

    def apply_action(self, action: Action | str) -> None:
        """The contract's ``apply_action`` with a direct path for the offense and defense rolls
        (most of every match) and a cheap legality check for the rest; names, other types and
        illegal actions take the validating path of ``State.apply_action``."""
        if type(action) is Action:
            phase = self.phase
            if phase == "offense_roll" or phase == "defense_roll":
                aid = action.id
                if 0 <= aid < 6 and action.name == CHANCE_NAMES[aid]:
                    if phase == "offense_roll":
                        step_offense_roll(self, action)
                    else:
                        step_defense_roll(self, action)
                    self._history.append(action)
                    return
            elif self._is_allowed(action):
                self._apply(action)
                self._history.append(action)
                return
        super().apply_action(action)

    def _is_allowed(self, action: Action) -> bool:
        """``State._is_allowed`` without listing the outcomes: chance ids of one node are a range."""
        phase = self.phase
        if phase in DECISION_PHASES:
            return action in legal(self)[1]
        lo, hi = chance_ids(self, phase)
        aid = action.id
        return lo <= aid < hi and action.__class__ is Action and action.name == CHANCE_NAMES[aid]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        game = self.game
        if phase == "offense_roll" or phase == "defense_roll":
            return game.d6_outcomes
        if phase == "first":
            return game.first_outcomes
        if phase == "finisher_roll":
            assert self.finisher is not None
            rf = card(self, self.attacker).roll_finisher
            return game.d6_outcomes if rf is not None and rf.dice == 1 else game.sum_outcomes
        if phase == "tag_target":
            others = len(game.teams[0]) - 1
            return [(game.actions.chance[game.partner_base + k], 1.0 / others) for k in range(others)]
        if phase in TWO_DICE_PHASES:
            return game.pair_outcomes if game.feud_active and not self.sums_only else game.sum_outcomes
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """Fast path: the same distributions as ``chance_outcomes``, drawn directly."""
        phase = self.phase
        game = self.game
        chance = game.actions.chance
        if phase in ("offense_roll", "defense_roll"):
            return chance[rng.randrange(6)]
        if phase in TWO_DICE_PHASES and not game.feud_active:
            return chance[4 + rng.randrange(1, 7) + rng.randrange(1, 7)]
        return super().sample_chance(rng)

    def match_result(self) -> MatchResult | None:
        """The winning side and how (BASIC 5 pin, BASIC 7 DQ / count out, cage escape); both
        disqualified or counted out is a draw."""
        if self.phase != "over":
            return None
        method = method_from_text(self.how)
        return MatchResult.from_returns(self.game.sides(), self.returns(), method=method, detail=self.how)

    def returns(self) -> list[float]:
        if not self.decided or self.winner is None or self.winner == BOTH:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def observation(self, player: int) -> dict[str, Any]:
        """Everything is public in this game: both cards, the ring and every counter."""
        game = self.game
        return {
            "you": player,
            "phase": self.phase,
            "to_move": self.current_player(),
            "attacker": self.attacker,
            "level": self.level,
            "in_ring": [card(self, s).name for s in (0, 1)],
            "sides": [game.side_names(0), game.side_names(1)],
            "pin_ratings": [pin_rating(self, s) for s in (0, 1)],
            "tokens": {game.cards[i].name: t for i, t in enumerate(self.tokens) if t},
            "pin_saves_left": list(self.saves_left),
            "distraction_used": list(self.distract_used),
            "interference_used": list(self.interfere_used),
            "ally_ringside": list(self.ally_ringside),
            "legal": legal_names(self),
            "result": None if not self.decided else {"winner": self.winner, "how": self.how},
            "injuries": [list(i) for i in self.injuries],
            "pending": pending_view(self),
        }

    def _apply(self, action: Action) -> None:
        """Resolve ``action`` by the step table; a 2d6 roll is remembered first (the Feud Table
        reads the match's last roll)."""
        phase = self.phase
        aid = action.id
        if aid >= SUM_IDS[0] and phase in DICE_PHASES:
            self.last_doubles = ROLL_DOUBLES[aid]
            self.last_total = ROLL_TOTAL[aid]
        STEPS[phase](self, action)


__all__ = [
    "ALLY_ATTACK", "BOTH", "CHANCE_NAMES", "D6_IDS", "DECISION_PHASES", "FIRST_IDS", "FIXED_CHANCE_IDS",
    "NOT_CHANCE", "NO_IDS", "PAIR_IDS", "PARTNER_BASE", "ROLL_DOUBLES", "ROLL_TOTAL", "SUM_IDS",
    "TWO_DICE_PHASES", "FilsingerState",
]
