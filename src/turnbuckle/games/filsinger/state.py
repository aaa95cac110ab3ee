"""The match state machine. Pending steps are plain fields (``phase`` plus a few slots), so
``clone()`` is a shallow copy plus the per-wrestler lists, and a replay is the action list.

The fields, constants and shared lookups live in ``core``."""

from __future__ import annotations

import random
from typing import Any

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.engine.result import MatchResult, method_from_text
from turnbuckle.games.filsinger import actions as A
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
    FilsingerCore,
)
from turnbuckle.games.filsinger.models import (
    ChartMove,
    Counter,
    Move,
    Outcome,
    PinEntry,
    Stunned,
)


class FilsingerState(FilsingerCore):
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
        other = FilsingerState.__new__(FilsingerState)
        other.__dict__.update(self.__dict__)
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

    def _legal_names(self) -> list[str]:
        phase = self.phase
        if phase == "offense_choice":
            side = self.attacker
            team = self.game.teams[side]
            return [A.ROLL_OFFENSE] + [
                A.tag_name(self.game.cards[c].name) for i, c in enumerate(team) if i != self.legal[side]
            ]
        if phase == "chart_choice":
            return [A.TRY_MOVE, A.ROLL_AGAIN]
        if phase == "dis_choice":
            return [A.RISK_DQ, A.ROLL_AGAIN]
        if phase == "choice":
            return [A.choose_name(m.name) for m in self.game.charts.choice[self.letter].moves]
        if phase == "defense_choice":
            return self._defense_options()
        if phase == "pin_window":
            return self._pin_options()
        if phase == "ally_choice":
            return [A.ALLY_IN, A.ALLY_OUT]
        if phase == "ally_setup":
            return [A.BRING_ALLY, A.NO_ALLY]
        return []

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

    def _decide(self, phase: str, name: str) -> None:
        side = self.decider
        if phase == "ally_setup":
            self.ally_ringside[side] = name == A.BRING_ALLY
            if name == A.BRING_ALLY and self.record_events:
                self.emit("ally_ringside", side=side, ally=self.card(side).allies[0],
                          wrestler=self.card(side).name)
            if self.ally_queue:
                self.decider = self.ally_queue.pop(0)
            else:
                self.phase = "first"
        elif phase == "offense_choice":
            if name == A.ROLL_OFFENSE:
                self.phase = "offense_roll"
            else:
                wrestler = name[len("tag out to ") :]
                team = self.game.teams[side]
                old = self.card(side).name
                self.legal[side] = next(i for i, c in enumerate(team) if self.game.cards[c].name == wrestler)
                self.just_tagged[side] = True
                if self.record_events:
                    self.emit("tag", side=side, out=old, wrestler=wrestler, level=self.level, defense=False)
                self.phase = "offense_roll"
        elif phase in ("chart_choice", "dis_choice"):
            if name == A.ROLL_AGAIN:
                level = max(1, self.level - 1)
                if self.record_events:
                    self.emit("roll_again", wrestler=self.card(side).name, level=level)
                self._start_offense(side, level)  # BASIC 8: he may tag out before rolling again
            elif phase == "chart_choice":
                self._start_chart(self.chart, 1 - side, thrown=True)
            else:
                assert self.move is not None
                rating = self.move.dis_rating or self.card(side).ratings.disqualification
                self._start_dq(side, rating, None, side, countout=False, move=self.move)
        elif phase == "choice":
            move = next(m for m in self.game.charts.choice[self.letter].moves if A.choose_name(m.name) == name)
            self.choice_move = move
            d = 1 - side
            target = move.target(self.card(d).ratings.agility, self.card(d).ratings.power)
            if self.record_events:
                self.emit("choice", wrestler=self.card(side).name, move=move.name, level=move.level,
                          letter=self.letter, target=target)
            self.phase = "choice_roll"
        elif phase == "defense_choice":
            if name == A.STAY:
                self._start_offense(1 - side, self.stun_level)
            elif name == A.LEAVE_RING:
                if self.record_events:
                    self.emit("leave_ring", wrestler=self.card(side).name)
                self._start_chart("ring", side, thrown=False)
            else:
                self._start_tag_attempt(side)
        elif phase == "ally_choice":
            self.ally_in = name == A.ALLY_IN
            if self.ally_in and self.record_events:
                self.emit("ally_attack", ally=self.card(side).allies[0], wrestler=self.card(side).name)
            self.phase = "chart_roll"
        elif phase == "pin_window":
            self._pin_decision(name)

    # -- offense ---------------------------------------------------------------------------
    def _start_offense(self, side: int, level: int, window: bool = True) -> None:
        """TAG TEAM RULES: a wrestler on offense may tag out instead of rolling ("at any time
        when he is on offense": before every offense roll, re-rolls included), except a man
        just tagged in, who rolls once first."""
        self._clear_pending()
        self.attacker = side
        self.level = level
        if window and self.game.size > 1 and not self.just_tagged[side]:
            self.phase = "offense_choice"
            self.decider = side
        else:
            self.phase = "offense_roll"

    def _resolve_offense(self, face: int) -> None:
        a = self.attacker
        d = 1 - a
        game = self.game
        self.just_tagged[a] = False
        index = a * game.size + self.legal[a]
        entry = game.offense[index][self.level][face - 1]
        opts = game.opts
        if self.record_events:
            self.emit("offense", side=a, wrestler=game.names[index], level=self.level, roll=face, text=entry.text)
        if isinstance(entry, Move):
            if not (entry.tag_only or entry.singles_only or entry.choice is not None or entry.dis):
                self._land_move(entry)  # a plain move (most of them): nothing below applies
                return
            tag_match = game.size > 1
            if opts.double_team and ((entry.tag_only and not tag_match) or (entry.singles_only and tag_match)):
                if self.record_events:
                    self.emit("reroll", wrestler=game.names[index], level=self.level,
                              why="tag" if entry.tag_only else "singles")
                self._start_offense(a, self.level)  # BASIC 8: a tag out is open before the re-roll
                return
            if entry.choice is not None and opts.choice_situations:
                self.letter = entry.choice
                self.phase = "choice"
                self.decider = a
                return
            if entry.dis and opts.dis_moves and not self.game.no_dq:
                self.move = entry
                self.phase = "dis_choice"
                self.decider = a
                return
            self._land_move(entry)
        elif isinstance(entry, ChartMove):
            if entry.chart == "ring" and game.cage:
                if self.record_events:
                    self.emit("face_into_cage", wrestler=game.names[index], opponent=self.card(d).name)
                self._start_defense(d, 3)
                return
            if entry.choice and opts.chart_choices:
                self.chart = entry.chart
                self.phase = "chart_choice"
                self.decider = a
                return
            self._start_chart(entry.chart, d, thrown=True)
        else:
            self.finisher = entry
            if entry.roll and opts.roll_finishers:
                self.phase = "finisher_roll"
                return
            self._finisher_pin(entry.rating)

    def _finisher_pin(self, rating: int) -> None:
        """FINISHERS: the opponent rolls his PIN (plus the finisher rating, if that rule is on).

        A rolled rating (OPTIONAL 3) is a finisher rating like any other: with OPTIONAL 2 off
        it is not added ("in the normal manner"); the roll still decides a miss."""
        add = rating if self.game.opts.finisher_ratings else 0
        self._start_pin(1 - self.attacker, add, finisher=True)

    def _resolve_finisher(self, roll: int) -> None:
        """ROLL FINISHERS: the roll is the finisher rating, unless it is a miss."""
        a = self.attacker
        rf = self.card(a).roll_finisher
        assert rf is not None and self.finisher is not None
        if roll in rf.miss:
            if self.record_events:
                self.emit("finisher_miss", wrestler=self.card(a).name, move=self.finisher.name, roll=roll)
            self._start_offense(1 - a, 3)
            return
        rating = roll + rf.modifier
        if self.record_events:
            self.emit("finisher_rating", wrestler=self.card(a).name, move=self.finisher.name, rating=rating,
                      roll=roll, added=self.game.opts.finisher_ratings)
        self._finisher_pin(rating)

    def _land_move(self, move: Move) -> None:
        """AGILITY AND POWER, ADD 1, then the opponent rolls defense at the move's level."""
        a = self.attacker
        d = 1 - a
        opts = self.game.opts
        if opts.agility_power and (move.agility or move.power):
            mine, theirs = self.card(a).ratings, self.card(d).ratings
            for flag, stat in ((move.agility, "agility"), (move.power, "power")):
                if flag and getattr(theirs, stat) < getattr(mine, stat):
                    if self.record_events:
                        self.emit("countered", wrestler=self.card(d).name, move=move.name, stat=stat)
                    self._start_offense(d, 2)
                    return
        if opts.add_one and move.add_one:
            self.tokens[self.in_ring(d)] += 1
            if self.record_events:
                self.emit("add_one", wrestler=self.card(d).name, pin=self.pin_rating(d))
        self._start_defense(d, move.level)

    def _resolve_choice(self, roll: int) -> None:
        """CHOICE SITUATIONS: success -> defense at the move's level; failure -> opponent L2."""
        move = self.choice_move
        assert move is not None
        a = self.attacker
        d = 1 - a
        target = move.target(self.card(d).ratings.agility, self.card(d).ratings.power)
        worked = roll <= target
        if self.record_events:
            self.emit("choice_roll", wrestler=self.card(a).name, move=move.name, roll=roll, target=target,
                      success=worked)
        if worked:
            self._start_defense(d, move.level)
        else:
            self._start_offense(d, 2)

    # -- defense ---------------------------------------------------------------------------
    def _start_defense(self, side: int, level: int) -> None:
        self._clear_pending()
        self.attacker = 1 - side
        self.level = level
        self.phase = "defense_roll"

    def _resolve_defense(self, face: int) -> None:
        d = 1 - self.attacker
        game = self.game
        index = d * game.size + self.legal[d]
        entry = game.defense[index][self.level][face - 1]
        if self.record_events:
            self.emit("defense", side=d, wrestler=game.names[index], level=self.level, roll=face, text=entry.text)
        if isinstance(entry, Stunned):
            if not (entry.leave or entry.tag):  # only "stay": no decision (_start_offense clears the slots)
                self._start_offense(self.attacker, entry.level)
                return
            self.stun_level = entry.level
            self.decider = d
            self.stun_entry = entry
            if len(self._defense_options(entry)) > 1:
                self.phase = "defense_choice"
            else:
                self._start_offense(self.attacker, entry.level)
        elif isinstance(entry, Counter):
            self._start_offense(d, entry.level)
        else:
            assert isinstance(entry, PinEntry)
            self._start_pin(d, 0)

    def _defense_options(self, entry: Stunned | None = None) -> list[str]:
        """LEAVING THE RING (lv) and TAGGING OUT ON DEFENSE (tag): one or the other, or stay."""
        if entry is None:
            entry = self.stun_entry
            if entry is None:
                return [A.STAY]
        d = self.decider
        opts = self.game.opts
        out: list[str] = []
        if entry.leave and opts.leaving_ring and not self.game.cage:
            out.append(A.LEAVE_RING)
        if entry.tag and opts.tag_out_defense and self.game.size > 1 and self._tag_partners(d):
            out.append(A.TRY_TAG)
        return [*out, A.STAY]

    def _tag_partners(self, side: int) -> list[int]:
        """Teammates the legal man may tag on defense (regular partners or same group)."""
        me = self.in_ring(side)
        return [c for c in self.game.teams[side] if c != me and self.game.relation[me][c] > 0]

    def _start_tag_attempt(self, side: int) -> None:
        others = len(self.game.teams[side]) - 1
        if others > 1:
            self.phase = "tag_target"
        else:
            self._tag_target(1)

    def _tag_target(self, k: int) -> None:
        """SIX OR EIGHT MAN TAGS: the defensive tag goes for a random partner."""
        side = self.decider
        me = self.in_ring(side)
        others = [c for c in self.game.teams[side] if c != me]
        target = others[k - 1]
        self.tag_target = target
        need = self.game.relation[me][target]
        if self.record_events:
            self.emit("tag_try", wrestler=self.card(side).name, partner=self.game.cards[target].name, need=need)
        if need == 0:
            self._start_offense(1 - side, self.stun_level)
            return
        self.phase = "tag_roll"

    def _resolve_tag(self, roll: int) -> None:
        side = self.decider
        me = self.in_ring(side)
        need = self.game.relation[me][self.tag_target]
        target = self.tag_target
        if roll <= need:
            old = self.card(side).name
            self.legal[side] = self.game.teams[side].index(target)
            self.just_tagged[side] = True
            if self.record_events:
                self.emit("tag", side=side, out=old, wrestler=self.card(side).name, level=1, defense=True, roll=roll)
            self._start_offense(side, 1)
        else:
            if self.record_events:
                self.emit("tag_failed", wrestler=self.card(side).name, roll=roll, need=need)
            self._start_offense(1 - side, self.stun_level)

    # -- charts ----------------------------------------------------------------------------
    def _start_chart(self, chart: str, me: int, thrown: bool = False) -> None:
        self.chart = chart
        self.chart_me = me
        self.ally_in = False
        if self.record_events:
            self.emit("chart", chart=chart, wrestler=self.card(me).name, title=self.game.chart_title(chart),
                      rating=self.game.chart_rating(self.card(me), chart))
        opp = 1 - me
        if (chart == "ring" and thrown and self.game.opts.ringside_ally and self.ally_ringside[opp]
                and self.game.size == 1):
            self.phase = "ally_choice"
            self.decider = opp
            return
        self.phase = "chart_roll"

    def _resolve_chart(self, roll: int) -> None:
        me = self.chart_me
        if self.chart == "ring" and self.ally_in and roll <= 6:
            chart = self.game.chart(self.chart)
            # RINGSIDE ALLY: the ally smashes you into the post; OPPONENT ROLLS DISQUALIFICATION 6.
            if self.record_events:
                self.emit("chart_result", chart="ring", roll=roll, text="You are attacked outside the ring by "
                          "the opponent's ally and smashed into the steel post.", wrestler=self.card(me).name,
                          title=chart.title)
            if self.game.no_dq:
                if self.record_events:
                    self.emit("no_dq_ignored", what="dq")
                self._do(ALLY_ATTACK, me)
            else:
                self._start_dq(1 - me, 6, ALLY_ATTACK, me, countout=False)
            return
        row = self.game.chart_rows[self.chart][self.in_ring(me)][roll]
        if self.record_events:
            self.emit("chart_result", chart=self.chart, roll=roll, text=row.text, wrestler=self.card(me).name,
                      title=self.game.chart_title(self.chart))
        self._do(row, me)

    def _do(self, out: Outcome, me: int) -> None:
        """Carry out a chart outcome; ``me`` is the side that rolled the chart."""
        opp = 1 - me
        who = me if out.who == "self" else opp if out.who == "opponent" else BOTH
        kind = out.kind
        if kind == "offense":
            self._start_offense(who, out.level)
        elif kind == "defense":
            self._start_defense(who, out.level)
        elif kind == "pin":
            self._start_pin(who, out.add)
        elif kind == "pin_broken":
            if self.record_events:
                self.emit("pin_broken", wrestler=self.card(self.pinned).name)
            self._fatigue(self.pinned)
            self._start_offense(who, out.level)
        elif kind == "pin_stands":
            self.pin_add += out.add
            self.phase = "pin_roll"
        elif kind in ("dq", "countout"):
            assert out.then is not None
            if self.game.no_dq:
                if self.record_events:
                    self.emit("no_dq_ignored", what=kind)
                self._do(out.then, me)
                return
            rating = out.rating if out.rating is not None else self.card(who).ratings.disqualification
            self._start_dq(who, rating, out.then, me, countout=kind == "countout")
        elif kind == "disqualified":
            if self.game.no_dq:
                # NO DQ: substitute down 3 for the wrestler who would have been disqualified.
                down = me if who == BOTH else who
                if self.record_events:
                    self.emit("no_dq_ignored", what="disqualified")
                self._start_offense(1 - down, 3)
                return
            self._end(None if who == BOTH else 1 - who, "disqualification", who)
        elif kind == "chart":
            assert out.chart is not None
            self._start_chart(out.chart, me)
        else:  # pragma: no cover - validated away (injury/none only on the Feud Table)
            raise AssertionError(kind)

    # -- disqualification and count-out ----------------------------------------------------
    def _start_dq(self, who: int, rating: int, then: Outcome | None, me: int, countout: bool,
                  move: Move | None = None) -> None:
        self.dq_who = who
        self.dq_rating = rating
        self.dq_then = then
        self.dq_me = me
        self.move = move
        names = "both" if who == BOTH else self.card(who).name
        if self.record_events:
            self.emit("countout_threat" if countout else "dq_threat", wrestler=names, rating=rating)
        self.phase = "countout_roll" if countout else "dq_roll"

    def _resolve_dq(self, roll: int, dq: bool) -> None:
        how = "disqualification" if dq else "count out"
        who = self.dq_who
        if roll <= self.dq_rating:
            self._end(None if who == BOTH else 1 - who, how, who, roll=roll, rating=self.dq_rating)
            return
        names = "both" if who == BOTH else self.card(who).name
        if self.record_events:
            self.emit("survives", wrestler=names, what=how, roll=roll, rating=self.dq_rating)
        if self.move is not None:
            move, self.move = self.move, None
            self._land_move(move)
        else:
            assert self.dq_then is not None
            self._do(self.dq_then, self.dq_me)

    # -- pins ------------------------------------------------------------------------------
    def _start_pin(self, pinned: int, add: int, finisher: bool = False) -> None:
        self.pinned = pinned
        self.pin_add = add
        self.attacker = 1 - pinned
        if self.record_events:
            self.emit("pin", wrestler=self.card(pinned).name, by=self.card(1 - pinned).name,
                      rating=self.pin_rating(pinned, add), finisher=finisher, cage=self.game.cage)
        self.decider = pinned
        self.phase = "pin_window" if len(self._pin_options()) > 1 else "pin_roll"

    def _pin_options(self) -> list[str]:
        """PIN SAVES, DISTRACTOR RATINGS, OUTSIDE INTERFERENCE: tried before the pin roll."""
        p = self.pinned
        opts = self.game.opts
        out = [A.ROLL_PIN]
        if opts.pin_saves and self.game.size > 1 and self.saves_left[p] > 0:
            out.append(A.PIN_SAVE)
        if opts.distractor and not self.distract_used[p]:
            out.append(A.DISTRACT)
        if opts.interference and not self.interfere_used[p]:
            out.append(A.INTERFERE)
        return out

    def _pin_decision(self, name: str) -> None:
        p = self.pinned
        if name == A.ROLL_PIN:
            self.phase = "pin_roll"
        elif name == A.PIN_SAVE:
            self.saves_left[p] -= 1
            if self.record_events:
                self.emit("pin_save", side=p, wrestler=self.card(p).name, left=self.saves_left[p])
            self._start_chart("pin_saves", p)
        elif name == A.DISTRACT:
            self.distract_used[p] = True
            rating = self.game.distractor_rating(self.card(p))
            if self.record_events:
                self.emit("distraction", wrestler=self.card(p).name, by=self.card(p).manager or "a ringside friend",
                          rating=rating)
            self.phase = "distract_roll"
        else:
            self.interfere_used[p] = True
            if self.record_events:
                self.emit("interference", side=p, wrestler=self.card(p).name)
            self._start_chart("interference", p)

    def _resolve_distraction(self, roll: int) -> None:
        p = self.pinned
        rating = self.game.distractor_rating(self.card(p))
        if roll <= rating:
            if self.record_events:
                self.emit("distraction_works", wrestler=self.card(p).name, roll=roll)
            self._fatigue(p)
            self._start_offense(1 - p, 3)
        else:
            if self.record_events:
                self.emit("distraction_fails", wrestler=self.card(p).name, roll=roll)
            self.phase = "pin_roll"

    def _resolve_pin(self, roll: int) -> None:
        p = self.pinned
        rating = self.pin_rating(p, self.pin_add)
        if roll <= rating:
            self._end(1 - p, "escape" if self.game.cage else "pin", p, roll=roll, rating=rating)
            return
        if self.record_events:
            self.emit("kick_out", wrestler=self.card(p).name, by=self.card(1 - p).name, roll=roll, rating=rating,
                      cage=self.game.cage)
        self._fatigue(p)
        self._start_offense(1 - p, 3)

    # -- the end ---------------------------------------------------------------------------
    def _end(self, winner: int | None, how: str, loser: int, roll: int = 0, rating: int = 0) -> None:
        """Record the result; a feud match ending on doubles goes to the Feud Table."""
        self.winner = BOTH if winner is None else winner
        self.how = how
        self.decided = True
        losers = "both" if loser == BOTH else self.card(loser).name
        if self.record_events:
            self.emit("result", winner=None if winner is None else winner, how=how, loser=losers,
                      winners=None if winner is None else self.game.side_names(winner), roll=roll, rating=rating)
        if self.game.feud_active and self.last_doubles:
            if self.record_events:
                self.emit("feud", doubles=self.last_total)
            self.phase = "feud_roll"
        else:
            self.phase = "over"

    def _resolve_feud(self, roll: int) -> None:
        """THE FEUD TABLE: fighting after the match; ally rows need an ally, else roll again."""
        row = self.game.charts.feud.lookup(roll)
        win = 0 if self.winner in (None, BOTH) else self.winner
        assert win is not None
        sides = {"winner": win, "loser": 1 - win}
        if row.needs_ally is not None and not self.card(sides[row.needs_ally]).allies:
            if self.record_events:
                self.emit("feud_reroll", roll=roll, text=row.text)
            return
        if self.record_events:
            self.emit("chart_result", chart="feud", roll=roll, text=row.text, wrestler="",
                      title=self.game.charts.feud.title)
        if row.kind == "injury":
            hurt = [win, 1 - win] if row.who == "both" else [sides[row.who]]
            for side in hurt:
                name = self.card(side).name
                self.injuries.append((name, row.cards))
                if self.record_events:
                    self.emit("injury", wrestler=name, cards=row.cards)
        self.phase = "over"


__all__ = [
    "ALLY_ATTACK", "BOTH", "CHANCE_NAMES", "D6_IDS", "DECISION_PHASES", "FIRST_IDS", "FIXED_CHANCE_IDS",
    "NOT_CHANCE", "NO_IDS", "PAIR_IDS", "PARTNER_BASE", "ROLL_DOUBLES", "ROLL_TOTAL", "SUM_IDS",
    "TWO_DICE_PHASES", "FilsingerState",
]
