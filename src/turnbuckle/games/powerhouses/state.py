"""Powerhouses of Wrestling!: a match in progress, its actions, phases and the dice readings.

Every die is its own chance node; a throw of several dice resolves when its last die lands.
Section names in comments are the headings of ``powerhouses.txt``. The game (``rules.py``) is
above this module: it makes the states; the state knows its type only for type checking.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from turnbuckle.dice import D6
from turnbuckle.engine.actions import Action, ActionTable
from turnbuckle.engine.datafiles import load_model, packaged_data
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.engine.native import mypyc_attr
from turnbuckle.engine.result import MatchResult, Method
from turnbuckle.games.powerhouses.models import ABILITIES, Roster

if TYPE_CHECKING:
    from turnbuckle.games.powerhouses.rules import PowerhousesGame

ROLL: Final = Action(0, "roll")
"""Keep rolling the unmatched dice ("On a Roll")."""
STOP: Final = Action(1, "stop")
"""Calling It Quits."""
PURSUE: Final = tuple(Action(2 + i, f"pursue {a.value}") for i, a in enumerate(ABILITIES))
"""First-roll choice between equal largest matches."""
DIE: Final = tuple(D6.chance_actions("die"))
"""Chance outcomes of one d6: ``die=1`` .. ``die=6`` (ids 0-5)."""
DIE_OUTCOMES: Final = [(a, 1 / 6) for a in DIE]
ACTIONS: Final = ActionTable((ROLL, STOP, *PURSUE), DIE)

# phases of the match
TAKEDOWN: Final = 0
ATTACK: Final = 1
DEFENSE: Final = 2
COMEBACK: Final = 3
OVER: Final = 4
PHASE_NAMES: Final = ("take-down", "attack", "defense", "come-back", "over")

# what the state is waiting for
AWAIT_DIE: Final = 0
AWAIT_CONTINUE: Final = 1
AWAIT_PURSUE: Final = 2
AWAIT_NOTHING: Final = 3

ABILITY_NAMES: Final = tuple(a.value for a in ABILITIES)
FAN_SUPPORT: Final = -1

# Field names of the frequent events, logged as (kind, names, values) tuples (see State.emit_fields).
THROW_FIELDS: Final = ("player", "faces", "ability", "hits", "total")
TIED_THROW_FIELDS: Final = (*THROW_FIELDS, "tied")
TOTAL_FIELDS: Final = ("player", "ability", "total")
ROLL_END_FIELDS: Final = ("player", "ability", "total", "ended")
DEFENSE_END_FIELDS: Final = (*ROLL_END_FIELDS, "against")
"""A defense also records the attack total it answers, so commentary can tell how it went."""
NO_ABILITY: Final = -1
ROSTER_PACKAGE: Final = "turnbuckle.games.powerhouses"


def load_roster(path: str | Path | None = None) -> Roster:
    """The starter roster, or a user's roster file (validated, errors name file and field)."""
    return load_model(Roster, path if path is not None else packaged_data(ROSTER_PACKAGE, "roster.toml"))


def match_sizes(
    face_map: tuple[int, ...], abilities: tuple[int, ...], faces: list[int] | tuple[int, ...]
) -> dict[int, int]:
    """Size of the match for each ability on a sheet; Fan Support joins every one."""
    sixes = faces.count(6)
    sizes = dict.fromkeys(abilities, sixes)
    for face in faces:
        ability = face_map[face]
        if ability >= 0:
            sizes[ability] += 1
    return sizes


def largest_match(
    face_map: tuple[int, ...], abilities: tuple[int, ...], faces: list[int] | tuple[int, ...]
) -> tuple[int, tuple[int, ...]]:
    """(largest match, abilities tied for it, in ``abilities`` order) of a first roll.

    The one reading of a first roll: the state machine and the exact odds both ask it.
    """
    sizes = match_sizes(face_map, abilities, faces)
    largest = max(sizes.values())
    return largest, tuple(a for a, n in sizes.items() if n == largest)


def hit_faces(face_map: tuple[int, ...], ability: int) -> tuple[int, ...]:
    """1 for each face (index 1-6) whose die matches ``ability`` once it is pursued: its own
    faces and Fan Support; index 0 is unused. The rules count hits with it, the odds sum it."""
    return tuple(int(face_map[f] in (ability, FAN_SUPPORT)) if f else 0 for f in range(7))

@mypyc_attr(allow_interpreted_subclasses=True)
class PowerhousesState(State["PowerhousesGame"]):
    """A match in progress. Plain integer fields, so clones are cheap (compiled: see ``engine.game``)."""

    def __init__(self, game: PowerhousesGame) -> None:
        super().__init__(game)
        self.dice = [game.starting_dice, game.starting_dice]
        self.phase = TAKEDOWN
        self.attacker = -1
        self.roller = 0
        self.awaiting = AWAIT_DIE
        self.to_throw = 0
        self.thrown: list[int] = []
        self.ability = NO_ABILITY
        self.count = 0
        self.free = 0
        self.tied: list[int] = []
        self.turn_throws: tuple[tuple[int, ...], ...] = ()
        """The faces of each throw of the roll under way (the table shows them; a tuple, so clones share it)."""
        self.takedown_totals: list[int | None] = [None, None]
        self.attack_total = 0
        self.winner = -1
        self.exchanges = 0
        self.emit("takedown_begins", {"wrestlers": [s.name for s in game.sheets]})
        self._begin_process(0)

    # -- contract -------------------------------------------------------------------------
    def current_player(self) -> int:
        awaiting = self.awaiting
        if awaiting == AWAIT_DIE:
            return CHANCE
        if awaiting == AWAIT_NOTHING:
            return TERMINAL
        return self.roller

    def is_terminal(self) -> bool:
        return self.awaiting == AWAIT_NOTHING

    def is_chance_node(self) -> bool:
        return self.awaiting == AWAIT_DIE

    def apply_action(self, action: Action | str) -> None:
        """The contract's ``apply_action``, with direct paths for the common, obviously legal cases.

        A die landing or a roll/stop is most of every match; anything else (names, pursue
        choices, illegal actions) takes the validating path of ``State.apply_action``.
        """
        awaiting = self.awaiting
        if awaiting == AWAIT_DIE:
            if action.__class__ is Action:
                index = action.id
                if 0 <= index < 6 and DIE[index] is action:
                    thrown = self.thrown
                    thrown.append(index + 1)
                    self._history.append(action)
                    if len(thrown) == self.to_throw:
                        self._resolve_throw()
                    return
        elif awaiting == AWAIT_CONTINUE:
            if action is ROLL:
                self._history.append(action)
                self.to_throw = self.free
                self.thrown = []
                self.awaiting = AWAIT_DIE
                return
            if action is STOP:
                self._history.append(action)
                self._end_process(self.count, "quit")
                return
        super().apply_action(action)

    def legal_actions(self) -> list[Action]:
        if self.awaiting == AWAIT_CONTINUE:
            return [ROLL, STOP]
        if self.awaiting == AWAIT_PURSUE:
            return [PURSUE[i] for i in self.tied]
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return DIE_OUTCOMES if self.awaiting == AWAIT_DIE else []

    def match_result(self) -> MatchResult | None:
        """Ending the Game: reduced to one die, a wrestler is beaten (recorded as a pin, R-PH-11)."""
        if self.winner < 0:
            return None
        detail = f"{self.game.player_label(1 - self.winner)} worn down to one die, Ending the Game"
        return MatchResult.from_returns(self.game.sides(), self.returns(), method=Method.PIN, detail=detail,
                                        extra={"dice": list(self.dice)})

    def returns(self) -> list[float]:
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def observation(self, player: int) -> dict[str, Any]:
        """Everything in Powerhouses is on the table, so every player sees the same."""
        return {
            "game": "powerhouses",
            "player": player,
            "wrestlers": [s.name for s in self.game.sheets],
            "dice": list(self.dice),
            "phase": PHASE_NAMES[self.phase],
            "attacker": self.attacker,
            "roller": self.roller,
            "ability": self._ability_name(),
            "matches": self.count,
            "unmatched_dice": self.free,
            "throw": {"size": self.to_throw, "landed": list(self.thrown)},
            "turn_throws": [list(t) for t in self.turn_throws],
            "tied_abilities": [ABILITIES[i].value for i in self.tied] if self.awaiting == AWAIT_PURSUE else [],
            "takedown_totals": list(self.takedown_totals),
            "attack_total": self.attack_total if self.phase == DEFENSE else None,
            "winner": self.winner if self.winner >= 0 else None,
            "current_player": self.current_player(),
        }

    def sample_chance(self, rng: Any) -> Action:
        return DIE[int(rng.random() * 6)]

    def random_playout_returns(self, rng: Any) -> list[float]:
        """The generic uniformly random playout, with each throw's dice landing together.

        Same distribution as the per-die loop (every die uniform, every decision uniform), but it
        skips validation, history and events, so MCTS rollouts cost a fraction.
        """
        state = self.clone()
        state.record_events = False
        rand = rng.random
        while True:
            awaiting = state.awaiting
            if awaiting == AWAIT_DIE:
                thrown = state.thrown
                for _ in range(state.to_throw - len(thrown)):
                    thrown.append(int(rand() * 6) + 1)
                state._resolve_throw()
            elif awaiting == AWAIT_CONTINUE:
                state._apply(ROLL if rand() < 0.5 else STOP)
            elif awaiting == AWAIT_PURSUE:
                state._pursue(state.tied[int(rand() * len(state.tied))])
            else:
                return state.returns()

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, PowerhousesState)
        other.dice = self.dice.copy()
        other.thrown = self.thrown.copy()
        other.tied = self.tied.copy()
        other.takedown_totals = self.takedown_totals.copy()

    def _is_allowed(self, action: Action) -> bool:
        awaiting = self.awaiting
        if awaiting == AWAIT_DIE:
            return 0 <= action.id < 6 and DIE[action.id] == action
        if awaiting == AWAIT_CONTINUE:
            return action in (ROLL, STOP)
        if awaiting == AWAIT_PURSUE:
            index = action.id - 2
            return 0 <= index < len(ABILITIES) and index in self.tied and PURSUE[index] == action
        return False

    def _apply(self, action: Action) -> None:
        awaiting = self.awaiting
        if awaiting == AWAIT_DIE:
            self.thrown.append(action.id + 1)
            if len(self.thrown) == self.to_throw:
                self._resolve_throw()
        elif awaiting == AWAIT_CONTINUE:
            if action.id == ROLL.id:
                self._throw(self.free)
            else:
                self._end_process(self.count, "quit")
        else:
            self._pursue(action.id - 2)

    # -- analysis -------------------------------------------------------------------------
    def start_attack_roll(self, attacker: int, dice: list[int]) -> None:
        """For analysis: set up a position where ``attacker`` is about to roll an attack.

        ``dice`` are both players' dice counts. Odds tools use it to play one attack roll
        through the real rules, with no Take-Down before it; the next step is the first die.
        """
        if attacker not in (0, 1):
            raise ParamError(f"attacker must be 0 or 1, got {attacker!r}")
        if len(dice) != 2 or not all(isinstance(d, int) and 1 <= d <= 12 for d in dice):
            raise ParamError(f"dice must be two whole numbers from 1 to 12, got {dice!r}")
        self.materialize_events()  # a hand-set position cannot be rebuilt from the history
        self.dice = list(dice)
        self.phase = ATTACK
        self.attacker = attacker
        self._begin_process(attacker)

    # -- a roll process (Rolling the Dice) -------------------------------------------------
    def _begin_process(self, player: int) -> None:
        """A player starts rolling: all his dice, no ability chosen yet."""
        self.roller = player
        self.ability = NO_ABILITY
        self.count = 0
        self.free = self.dice[player]
        self.tied = []
        self.turn_throws = ()
        self._throw(self.dice[player])

    def _throw(self, size: int) -> None:
        self.to_throw = size
        self.thrown = []
        self.awaiting = AWAIT_DIE

    def _ability_name(self) -> str | None:
        return ABILITY_NAMES[self.ability] if self.ability >= 0 else None

    def _resolve_throw(self) -> None:
        faces = self.thrown
        self.turn_throws = (*self.turn_throws, tuple(faces))
        if self.phase == COMEBACK:
            self._resolve_comeback(faces)
            return
        if self.ability == NO_ABILITY:
            # first roll: must go with the largest match; a choice between equal ones
            largest, tied = self.game.first_roll_matches(self.roller, faces)  # memoized
            if largest < 2:
                if self.record_events:
                    self._events.append(("throw", THROW_FIELDS, (self.roller, faces, None, 0, 0)))
                self._bust()
                return
            self.count = largest
            if len(tied) == 1:
                self._pursue(tied[0], faces)
            else:
                if self.record_events:
                    names = [ABILITY_NAMES[a] for a in tied]
                    values = (self.roller, faces, None, largest, largest, names)
                    self._events.append(("throw", TIED_THROW_FIELDS, values))
                self.tied = list(tied)
                self.awaiting = AWAIT_PURSUE
            return
        ability = self.ability
        roller = self.roller
        counts = self.game.hit_tables[roller][ability]
        hits = 0
        for face in faces:
            hits += counts[face]
        count = self.count + hits
        if self.record_events:
            self._events.append(("throw", THROW_FIELDS, (roller, faces, ABILITY_NAMES[ability], hits, count)))
        if hits == 0:
            self._bust()
            return
        self.count = count
        self.free -= hits
        self._after_match()

    def _pursue(self, ability: int, faces: list[int] | None = None) -> None:
        """Set aside the match (Fan Support always goes with it): forced by ``faces``, or chosen."""
        self.ability = ability
        self.tied = []
        self.free = self.dice[self.roller] - self.count
        if self.record_events:
            if faces is None:
                self._events.append(("pursue", TOTAL_FIELDS, (self.roller, ABILITY_NAMES[ability], self.count)))
            else:
                self._events.append(
                    ("throw", THROW_FIELDS, (self.roller, faces, ABILITY_NAMES[ability], self.count, self.count))
                )
        self._after_match()

    def _after_match(self) -> None:
        if not self.free:
            # Over the Top: one die stays aside, the rest may be rolled again, the count goes on
            self.free = self.dice[self.roller] - 1
            if self.record_events:
                self._events.append(("over_the_top", TOTAL_FIELDS, (self.roller, self._ability_name(), self.count)))
        if self.phase:
            self.awaiting = AWAIT_CONTINUE
        else:
            self._throw(self.free)  # the Take-Down (phase 0) rolls on until the wrestler goes bust

    def _bust(self) -> None:
        """Going Bust: stop, minus one from the matches so far (never below zero)."""
        self._end_process(max(self.count - 1, 0), "bust")

    # -- the turn sequence ------------------------------------------------------------------
    def _end_process(self, total: int, ended: str) -> None:
        """A roll is over (``ended`` is "bust" or "quit"): announce the total, then the turn goes on."""
        phase = self.phase
        if self.record_events:
            if phase == DEFENSE:
                values = (self.roller, self._ability_name(), total, ended, self.attack_total)
                self._events.append(("defense", DEFENSE_END_FIELDS, values))
            else:
                kind = "takedown_roll" if phase == TAKEDOWN else "attack"
                self._events.append((kind, ROLL_END_FIELDS, (self.roller, self._ability_name(), total, ended)))
        if phase == TAKEDOWN:
            self._end_takedown_roll(total)
        elif phase == ATTACK:
            self.attack_total = total
            self.phase = DEFENSE
            self._begin_process(1 - self.attacker)
        else:
            self._result(total)

    def _end_takedown_roll(self, total: int) -> None:
        self.takedown_totals[self.roller] = total
        if self.roller == 0:
            self._begin_process(1)
            return
        first, second = self.takedown_totals
        assert first is not None and second is not None
        if first == second:
            if self.record_events:
                self.emit("takedown_tie", {"totals": [first, second]})
            self.takedown_totals = [None, None]
            self._begin_process(0)
            return
        self.attacker = 0 if first > second else 1
        if self.record_events:
            self.emit("takedown", {"winner": self.attacker, "totals": [first, second]})
        self._start_attack()

    def _start_attack(self) -> None:
        self.phase = ATTACK
        self.exchanges += 1
        self._begin_process(self.attacker)

    def _result(self, defense_total: int) -> None:
        attacker = self.attacker
        defender = 1 - attacker
        if self.attack_total > defense_total:
            self.dice[defender] -= 1
            left = self.dice[defender]
            if self.record_events:
                self.emit("wear_down", {"player": defender, "by": attacker, "dice": left})
            if left <= 1:
                self._finish(attacker, defense_total)
            elif left == 2 and self.game.comeback_rule:
                self.phase = COMEBACK
                self.roller = defender
                self._throw(2)
            else:
                self._start_attack()
        elif self.attack_total == defense_total:
            if self.record_events:
                self.emit("resistance", {"player": defender, "by": attacker})
            self._start_attack()
        else:
            self.attacker = defender
            if self.record_events:
                self.emit("reversal", {"player": defender, "by": attacker})
            self._start_attack()

    def _resolve_comeback(self, faces: list[int]) -> None:
        matched = self.game.first_roll_matches(self.roller, faces)[0] >= 2
        if matched:
            self.dice[self.roller] += 1
        if self.record_events:
            self.emit("comeback", player=self.roller, faces=faces, success=matched, dice=self.dice[self.roller])
        self._start_attack()

    def _finish(self, winner: int, defense_total: int) -> None:
        self.winner = winner
        self.phase = OVER
        self.awaiting = AWAIT_NOTHING
        if self.record_events:
            self.emit("result", winner=winner, loser=1 - winner, dice=list(self.dice), exchanges=self.exchanges,
                      attack_total=self.attack_total, defense_total=defense_total)
