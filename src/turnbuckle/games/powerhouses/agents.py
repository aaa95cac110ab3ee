"""Computer wrestlers for Powerhouses: a rule-of-thumb heuristic and an exact expert."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import Game, State
from turnbuckle.games.powerhouses.probability import (
    after_hits,
    attack_tables,
    best_ability,
    defense_tables,
    hit_probability,
)
from turnbuckle.games.powerhouses.solver import match_solver
from turnbuckle.games.powerhouses.state import ATTACK, AWAIT_PURSUE, DEFENSE, PURSUE, ROLL, STOP, PowerhousesState

if TYPE_CHECKING:
    from turnbuckle.games.powerhouses.rules import PowerhousesGame

EXCHANGE_UTILITIES = (1.0, 0.5, 0.0)
"""Win the exchange 1, Resistance 1/2, lose it 0 (attacker: Wear Down / Resistance / Reversal)."""


def _state(state: State) -> PowerhousesState:
    if not isinstance(state, PowerhousesState):
        raise TypeError("this agent plays powerhouses only")
    return state


def _best_faces(state: PowerhousesState) -> Action:
    """First-roll tie: pursue the ability with the most faces (the likeliest to keep matching)."""
    return PURSUE[best_ability(state.game.face_maps[state.roller], state.tied)]


class HeuristicAgent:
    """A sensible player: beat the attack on defense, push while three or more dice are free."""

    name = "heuristic"

    def __init__(self, game: Game | None = None, player: int = 0) -> None:
        self.player = player

    def choose(self, state: State, rng: random.Random) -> Action:
        s = _state(state)
        if s.awaiting == AWAIT_PURSUE:
            return _best_faces(s)
        if s.phase == DEFENSE:
            if s.count > s.attack_total:
                return STOP
            return ROLL if s.free >= 2 or s.count < s.attack_total else STOP
        return ROLL if s.free >= 3 else STOP


class ExpertAgent:
    """Continue/stop and first-roll choices computed exactly to win the *match*.

    ``objective="match"`` (the default) plays the minimax solution of the whole match
    (``solver.MatchSolver``): every exchange outcome is worth the chance of winning the match
    from where it leads (Wear Down with the Come-Back chance, the end at one die, Resistance,
    Reversal), solved to a fixed point once per pairing of sheets and cached; decisions are table
    lookups. On defense it uses the announced attack total. It never looks at who its opponent is.

    ``objective="exchange"`` is the older expert: it maximizes the chance of winning the exchange
    alone (Resistance counts one half).

    No search to cut short at a deadline (``turnbuckle.agents.deadline``): the solver's tables are
    built once per pairing of sheets (under a second at 12 dice) and every decision is a lookup.
    """

    name = "expert"

    def __init__(self, game: Game | None = None, player: int = 0, objective: str = "match") -> None:
        if objective not in ("match", "exchange"):
            raise ParamError(f"expert objective must be 'match' or 'exchange', got {objective!r}")
        self.player = player
        self.objective = objective

    def choose(self, state: State, rng: random.Random) -> Action:
        s = _state(state)
        if s.phase not in (ATTACK, DEFENSE):
            return _best_faces(s)  # Take-Down: no quitting; the likeliest ability rolls longest
        if self.objective == "exchange":
            return self._choose_exchange(s)
        game: PowerhousesGame = s.game
        solver = match_solver(game.face_maps, game.starting_dice, game.comeback_rule)
        attacker = s.attacker
        if s.phase == ATTACK:
            face_map = game.face_maps[s.roller]
            if s.awaiting == AWAIT_PURSUE:
                free = after_hits(s.dice[s.roller], s.count, s.dice[s.roller])
                best = max(
                    s.tied,
                    key=lambda a: (
                        solver.attack_value(solver.attack_lane(attacker, s.dice, a), s.count, free),
                        hit_probability(face_map, a),  # equal values: the likeliest ability
                        -a,
                    ),
                )
                return PURSUE[best]
            lane = solver.attack_lane(attacker, s.dice, s.ability)
            return ROLL if solver.attack_rolls(lane, s.count, s.free) else STOP
        target = s.attack_total
        face_map = game.face_maps[s.roller]
        if s.awaiting == AWAIT_PURSUE:
            free = after_hits(s.dice[s.roller], s.count, s.dice[s.roller])
            best = max(
                s.tied,
                key=lambda a: (
                    solver.defense_value(solver.defense_lane(attacker, s.dice, a), target, s.count, free),
                    hit_probability(face_map, a),
                    -a,
                ),
            )
            return PURSUE[best]
        lane = solver.defense_lane(attacker, s.dice, s.ability)
        return ROLL if solver.defense_rolls(lane, target, s.count, s.free) else STOP

    def _choose_exchange(self, s: PowerhousesState) -> Action:
        tables = self._tables(s)
        count = min(s.count, len(tables[s.tied[0] if s.awaiting == AWAIT_PURSUE else s.ability][0]) - 1)
        if s.awaiting == AWAIT_PURSUE:
            free = after_hits(s.dice[s.roller], s.count, s.dice[s.roller])
            best = max(s.tied, key=lambda a: (tables[a][0][count][free], -a))
            return PURSUE[best]
        return ROLL if tables[s.ability][1][count][s.free] else STOP

    @staticmethod
    def _tables(s: PowerhousesState) -> dict[int, tuple[list[list[float]], list[list[bool]]]]:
        game: PowerhousesGame = s.game
        me = s.roller
        other = 1 - me
        if s.phase == ATTACK:
            return attack_tables(
                game.face_maps[me], s.dice[me], game.face_maps[other], s.dice[other], EXCHANGE_UTILITIES
            )
        return defense_tables(game.face_maps[me], s.dice[me], s.attack_total, EXCHANGE_UTILITIES)
