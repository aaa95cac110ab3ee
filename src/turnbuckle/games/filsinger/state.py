"""The match state machine. Pending steps are plain fields (``phase`` plus a few slots), so
``clone()`` is a shallow copy plus the per-wrestler lists, and a replay is the action list.

``FilsingerState`` is the engine contract (whose decision, legal actions, applying one, the
chance outcomes, the result, observation and the exact-odds key); the fields live in ``core``
and each rule family in its own mixin module."""

from __future__ import annotations

import random
from typing import Any

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.engine.result import MatchResult, method_from_text
from turnbuckle.games.filsinger.chart_rolls import ChartRollsMixin
from turnbuckle.games.filsinger.core import (
    ALLY_ATTACK,
    BOTH,
    CHANCE_NAMES,
    D6_IDS,
    DECISION_PHASES,
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
)
from turnbuckle.games.filsinger.decisions import DecisionsMixin
from turnbuckle.games.filsinger.defense import DefenseMixin
from turnbuckle.games.filsinger.disqualification import DisqualificationMixin
from turnbuckle.games.filsinger.finishers import FinishersMixin
from turnbuckle.games.filsinger.offense import OffenseMixin
from turnbuckle.games.filsinger.pins import PinsMixin
from turnbuckle.games.filsinger.results import ResultsMixin
from turnbuckle.games.filsinger.tags import TagsMixin


class FilsingerState(
    DecisionsMixin, OffenseMixin, FinishersMixin, DefenseMixin, TagsMixin, ChartRollsMixin,
    DisqualificationMixin, PinsMixin, ResultsMixin,
):
    """One moment of a Filsinger match (singles or any size of tag)."""

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
        """Same result as ``State.clone`` (shallow copy, own lists), without ``copy.copy``'s
        generic machinery: search and the exact-odds solver clone millions of times."""
        other = self._shallow_copy()
        other._history = self._history.copy()
        other._events = self._events.copy()
        other._event_cache = self._event_cache.copy()  # else both would read one cached event list
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
        return list(self._legal()[1])

    def _legal(self) -> tuple[tuple[str, ...], tuple[Action, ...]]:
        """The decisions open now, names and actions, from the game's cache: the key is what the
        list depends on (the phase plus, for some phases, the side, legal man, letter or options)."""
        phase = self.phase
        if phase == "offense_choice":
            key: tuple[Any, ...] = (phase, self.attacker, self.legal[self.attacker])
        elif phase == "pin_window":
            key = (phase, *self._pin_options())
        elif phase == "defense_choice":
            key = (phase, *self._defense_options())
        elif phase == "choice":
            key = (phase, self.letter)
        elif phase in DECISION_PHASES:
            key = (phase,)
        else:
            return (), ()
        cache = self.game.legal_cache
        found = cache.get(key)
        if found is None:
            names = tuple(self._legal_names())
            by = self.game.actions.by_name
            found = cache[key] = (names, tuple(a for a in (by(n) for n in names) if a is not None))
        return found

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
                        self._resolve_offense(aid + 1)
                    else:
                        self._resolve_defense(aid + 1)
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
            return action in self._legal()[1]
        lo, hi = self._chance_ids(phase)
        aid = action.id
        return lo <= aid < hi and action.__class__ is Action and action.name == CHANCE_NAMES[aid]

    def _chance_ids(self, phase: str) -> tuple[int, int]:
        """The ids ``chance_outcomes`` lists at ``phase`` (``lo <= id < hi``)."""
        ids = FIXED_CHANCE_IDS.get(phase)
        if ids is not None:
            return ids
        game = self.game
        if phase in TWO_DICE_PHASES:
            return PAIR_IDS if game.feud_active and not self.sums_only else SUM_IDS
        if phase == "finisher_roll":
            rf = self.card(self.attacker).roll_finisher
            return D6_IDS if rf is not None and rf.dice == 1 else SUM_IDS
        if phase == "tag_target":
            return PARTNER_BASE, PARTNER_BASE + len(game.teams[0]) - 1
        return NO_IDS

    def legal_names(self) -> list[str]:
        """Names of the decisions open now (empty at chance and terminal nodes)."""
        return list(self._legal()[0])

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        game = self.game
        if phase == "offense_roll" or phase == "defense_roll":
            return game.d6_outcomes
        if phase == "first":
            return game.first_outcomes
        if phase == "finisher_roll":
            assert self.finisher is not None
            rf = self.card(self.attacker).roll_finisher
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
            "in_ring": [self.card(s).name for s in (0, 1)],
            "sides": [game.side_names(0), game.side_names(1)],
            "pin_ratings": [self.pin_rating(s) for s in (0, 1)],
            "tokens": {game.cards[i].name: t for i, t in enumerate(self.tokens) if t},
            "pin_saves_left": list(self.saves_left),
            "distraction_used": list(self.distract_used),
            "interference_used": list(self.interfere_used),
            "ally_ringside": list(self.ally_ringside),
            "legal": self.legal_names(),
            "result": None if not self.decided else {"winner": self.winner, "how": self.how},
            "injuries": [list(i) for i in self.injuries],
            "pending": self._pending_view(),
        }

    def _pending_view(self) -> dict[str, Any]:
        """What a player needs to weigh the decision in front of him."""
        phase = self.phase
        if phase in ("pin_window", "pin_roll", "distract_roll"):
            return {"pinned": self.card(self.pinned).name, "pin": self.pin_rating(self.pinned, self.pin_add),
                    "distractor": self.game.distractor_rating(self.card(self.pinned))}
        if phase == "choice":
            d = self.card(1 - self.attacker).ratings
            return {"choice": self.letter, "moves": [
                {"move": m.name, "level": m.level, "works_on": m.target(d.agility, d.power)}
                for m in self.game.charts.choice[self.letter].moves]}
        if phase in ("chart_choice", "chart_roll", "ally_choice"):
            return {"chart": self.chart, "wrestler": self.card(self.chart_me).name,
                    "rating": self.game.chart_rating(self.card(self.chart_me), self.chart)}
        if phase in ("dis_choice", "dq_roll", "countout_roll"):
            rating = self.dq_rating
            if phase == "dis_choice" and self.move is not None:
                rating = self.move.dis_rating or self.card(self.attacker).ratings.disqualification
            return {"rating": rating}
        if phase == "defense_choice":
            return {"stunned": self.stun_entry.text if self.stun_entry else "", "level": self.stun_level}
        return {}

    def key(self, token_caps: list[int] | None = None) -> tuple[Any, ...]:
        """A hashable summary of everything that decides the future (for exact odds): the
        common counters plus only the pending slots the current phase reads."""
        if self.decided:
            return ("decided", self.winner)
        tokens = self.tokens if token_caps is None else [
            min(t, c) for t, c in zip(self.tokens, token_caps, strict=True)
        ]
        phase = self.phase
        common = (
            phase, self.attacker, self.level, self.decider, tuple(self.legal), tuple(tokens),
            tuple(self.saves_left), tuple(self.distract_used), tuple(self.interfere_used),
            tuple(self.ally_ringside), tuple(self.just_tagged), tuple(self.ally_queue),
        )
        pin = (self.pinned, self.pin_add)
        extra: tuple[Any, ...] = ()
        if phase == "chart_choice":
            extra = (self.chart,)
        elif phase == "dis_choice":
            extra = (self.move,)
        elif phase == "choice":
            extra = (self.letter,)
        elif phase == "choice_roll":
            extra = (self.choice_move,)
        elif phase == "finisher_roll":
            extra = (self.finisher,)
        elif phase == "defense_choice":
            extra = (self.stun_entry, self.stun_level)
        elif phase in ("ally_choice", "chart_roll"):
            extra = (self.chart, self.chart_me, self.ally_in, *pin)
        elif phase in ("dq_roll", "countout_roll"):
            extra = (self.dq_who, self.dq_rating, self.dq_then, self.dq_me, self.move, *pin)
        elif phase in ("tag_target", "tag_roll"):
            extra = (self.stun_level, self.tag_target)
        elif phase in ("pin_window", "pin_roll", "distract_roll"):
            extra = pin
        return common + extra

    # -- applying actions --------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        phase = self.phase
        if phase in DECISION_PHASES:
            self._decide(phase, action.name)
            return
        aid = action.id
        if phase == "offense_roll":
            self._resolve_offense(aid + 1)
            return
        if phase == "defense_roll":
            self._resolve_defense(aid + 1)
            return
        if phase == "first":
            side = aid - FIRST_IDS[0]
            if self.record_events:
                self.emit("first", side=side, wrestler=self.card(side).name)
            self._start_offense(side, 1)
            return
        if phase == "tag_target":
            self._tag_target(aid - PARTNER_BASE + 1)
            return
        roll = ROLL_TOTAL[aid]
        if aid >= SUM_IDS[0]:  # 2d6: remember the total and doubles (Feud Table)
            self.last_doubles = ROLL_DOUBLES[aid]
            self.last_total = roll
        if phase == "chart_roll":
            self._resolve_chart(roll)
        elif phase == "pin_roll":
            self._resolve_pin(roll)
        elif phase == "finisher_roll":
            self._resolve_finisher(roll)
        elif phase == "choice_roll":
            self._resolve_choice(roll)
        elif phase in ("dq_roll", "countout_roll"):
            self._resolve_dq(roll, phase == "dq_roll")
        elif phase == "tag_roll":
            self._resolve_tag(roll)
        elif phase == "distract_roll":
            self._resolve_distraction(roll)
        elif phase == "feud_roll":
            self._resolve_feud(roll)
        else:  # pragma: no cover - phases are closed
            raise AssertionError(f"no chance at phase {phase}")


__all__ = [
    "ALLY_ATTACK", "BOTH", "CHANCE_NAMES", "D6_IDS", "DECISION_PHASES", "FIRST_IDS", "FIXED_CHANCE_IDS",
    "NOT_CHANCE", "NO_IDS", "PAIR_IDS", "PARTNER_BASE", "ROLL_DOUBLES", "ROLL_TOTAL", "SUM_IDS",
    "TWO_DICE_PHASES", "FilsingerState",
]
