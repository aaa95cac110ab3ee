"""What a Filsinger match state holds, and the lookups every rule family shares.

The phases and the chance-outcome id ranges (the dice of 3. PLAYING THE GAME and 5. PINS, the
opening roll-off, SIX OR EIGHT MAN TAGS' random partner); the fields: LEVEL and attacker, the
legal men (8. TAG TEAM RULES), fatigue tokens (OPTIONAL 1), pin saves (13), distraction (15),
interference (16), ringside allies (14), injuries (10), the pending-step slots and the result;
the legal man's card and PIN rating (5. PINS), and FATIGUE's token after a failed pin.

The rule families (``decisions``, ``offense``, ``finishers``, ``defense``, ``tags``,
``chart_rolls``, ``disqualification``, ``pins``, ``results``) are mixins over ``FilsingerCore``;
the steps one family calls in another are declared here so each module type-checks on its own.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING

from turnbuckle.engine.game import State
from turnbuckle.games.filsinger import actions as A
from turnbuckle.games.filsinger.models import Card, ChoiceMove, Finisher, Move, Outcome, Stunned

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.rules import FilsingerGame

BOTH = 2
"""``dq_who`` / ``winner`` value meaning both sides (double DQ or count out: a draw)."""

DECISION_PHASES = frozenset(
    {"ally_setup", "offense_choice", "chart_choice", "dis_choice", "choice", "defense_choice",
     "ally_choice", "pin_window"}
)
TWO_DICE_PHASES = frozenset(
    {"chart_roll", "choice_roll", "dq_roll", "countout_roll", "pin_roll", "tag_roll", "distract_roll",
     "feud_roll"}
)
ALLY_ATTACK = Outcome(kind="offense", who="opponent", level=3)
"""RINGSIDE ALLY: with no disqualification the ally tosses you back to the opponent (L3)."""
NOT_CHANCE = DECISION_PHASES | {"over"}

# Chance outcome ids are the same in every match (``actions.build_table``): d6 faces 0-5, 2d6 sums
# 6-16, ordered 2d6 pairs 17-52, the roll-off 53-54, defensive-tag partners from 55.
D6_IDS = (0, 6)
SUM_IDS = (6, 17)
PAIR_IDS = (17, 53)
FIRST_IDS = (53, 55)
PARTNER_BASE = 55
NO_IDS = (0, 0)
CHANCE_NAMES: tuple[str, ...] = (
    *(A.d6_name(f) for f in range(1, 7)),
    *(A.sum_name(t) for t in range(2, 13)),
    *(A.pair_name(a, b) for a in range(1, 7) for b in range(1, 7)),
    "first=0",
    "first=1",
    *(f"partner={k}" for k in range(1, A.MAX_PARTNERS + 1)),
)
"""Each chance id's name: an action is an outcome here when its id is in range and its name matches."""
ROLL_TOTAL: tuple[int, ...] = (
    *range(1, 7), *range(2, 13), *(a + b for a in range(1, 7) for b in range(1, 7))
)
"""The number rolled, by dice outcome id."""
ROLL_DOUBLES: tuple[bool, ...] = (False,) * 17 + tuple(a == b for a in range(1, 7) for b in range(1, 7))
"""Whether a 2d6 outcome (id >= 6) was doubles (Feud Table); sums never count as doubles."""
FIXED_CHANCE_IDS: dict[str, tuple[int, int]] = {
    "first": FIRST_IDS, "offense_roll": D6_IDS, "defense_roll": D6_IDS,
    **{phase: NO_IDS for phase in NOT_CHANCE},
}


class FilsingerCore(State["FilsingerGame"]):
    """The fields of one moment of a Filsinger match and the read-only lookups over them."""

    def __init__(self, game: FilsingerGame) -> None:
        super().__init__(game)
        size = game.size
        self.phase = "first"
        self.attacker = 0
        self.level = 1
        self.decider = 0
        self.legal = [0, 0]
        self.tokens = [0] * (2 * size)
        self.saves_left = list(game.pin_save_allowance)
        self.distract_used = [False, False]
        self.interfere_used = [False, False]
        self.ally_ringside = [False, False]
        self.just_tagged = [False, False]
        self.ally_queue: list[int] = []
        # pending-step slots
        self.move: Move | None = None
        self.chart = ""
        self.chart_me = 0
        self.ally_in = False
        self.letter = ""
        self.choice_move: ChoiceMove | None = None
        self.finisher: Finisher | None = None
        self.dq_who = 0
        self.dq_rating = 0
        self.dq_then: Outcome | None = None
        self.dq_me = 0
        self.stun_level = 0
        self.stun_entry: Stunned | None = None
        self.tag_target = 0
        self.pinned = 0
        self.pin_add = 0
        # result
        self.winner: int | None = None
        self.how = ""
        self.decided = False
        self.last_doubles = False
        self.last_total = 0
        self.injuries: list[tuple[str, int]] = []
        self.sums_only = False
        """Exact-odds mode: 2d6 as sums even in feud matches (doubles only pick post-match
        fighting, never the winner)."""
        if self.record_events:
            self.emit("start", sides=[game.side_names(0), game.side_names(1)], match=game.match_type)
        if game.opts.ringside_ally and size == 1:
            self.ally_queue = [s for s in (0, 1) if game.cards[s].allies]
        if self.ally_queue:
            self.phase = "ally_setup"
            self.decider = self.ally_queue.pop(0)

    # -- helpers ---------------------------------------------------------------------------
    def in_ring(self, side: int) -> int:
        """Card index of the side's legal man."""
        return side * self.game.size + self.legal[side]

    def card(self, side: int) -> Card:
        return self.game.cards[self.in_ring(side)]

    def pin_rating(self, side: int, add: int = 0) -> int:
        """The number the pinned wrestler must roll above: card rating + tokens + injury + add."""
        index = self.in_ring(side)
        return self.game.base_pin[index] + self.tokens[index] + add

    def _fatigue(self, side: int) -> None:
        """FATIGUE: one token after each unsuccessful pin attempt."""
        if self.game.opts.fatigue:
            self.tokens[self.in_ring(side)] += 1
            if self.record_events:
                self.emit("fatigue", wrestler=self.card(side).name, pin=self.pin_rating(side),
                          tokens=self.tokens[self.in_ring(side)])

    def _clear_pending(self) -> None:
        """Back to plain offense/defense: reset every pending slot, so equal situations are
        equal states (the exact-odds solver merges them)."""
        self.decider = 0
        self.move = None
        self.chart = ""
        self.chart_me = 0
        self.ally_in = False
        self.letter = ""
        self.choice_move = None
        self.finisher = None
        self.dq_who = 0
        self.dq_rating = 0
        self.dq_then = None
        self.dq_me = 0
        self.stun_level = 0
        self.stun_entry = None
        self.tag_target = 0
        self.pinned = 0
        self.pin_add = 0

    # -- steps one rule family calls in another (each defined in the module named) ---------
    # offense.py
    @abstractmethod
    def _start_offense(self, side: int, level: int, window: bool = True) -> None:
        ...

    @abstractmethod
    def _land_move(self, move: Move) -> None:
        ...

    # finishers.py
    @abstractmethod
    def _finisher_pin(self, rating: int) -> None:
        ...

    # defense.py
    @abstractmethod
    def _start_defense(self, side: int, level: int) -> None:
        ...

    @abstractmethod
    def _defense_options(self, entry: Stunned | None = None) -> list[str]:
        ...

    # tags.py
    @abstractmethod
    def _tag_partners(self, side: int) -> list[int]:
        ...

    @abstractmethod
    def _start_tag_attempt(self, side: int) -> None:
        ...

    # chart_rolls.py
    @abstractmethod
    def _start_chart(self, chart: str, me: int, thrown: bool = False) -> None:
        ...

    @abstractmethod
    def _do(self, out: Outcome, me: int) -> None:
        ...

    # disqualification.py
    @abstractmethod
    def _start_dq(self, who: int, rating: int, then: Outcome | None, me: int, countout: bool,
                  move: Move | None = None) -> None:
        ...

    # pins.py
    @abstractmethod
    def _start_pin(self, pinned: int, add: int, finisher: bool = False) -> None:
        ...

    @abstractmethod
    def _pin_options(self) -> list[str]:
        ...

    @abstractmethod
    def _pin_decision(self, name: str) -> None:
        ...

    # results.py
    @abstractmethod
    def _end(self, winner: int | None, how: str, loser: int, roll: int = 0, rating: int = 0) -> None:
        ...
