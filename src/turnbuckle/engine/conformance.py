"""A contract checker every ruleset must pass (the role OpenSpiel's ``random_sim_test`` plays).

It plays random matches through the public contract and checks, at every step, what the design
promises: chance outcomes are distinct and sum to one, action names are unique and parse back,
ids fit the declared ranges, observations are JSON-safe, and at sampled steps a clone is
independent and ``to_json`` round-trips. Matches must end and returns must be finite.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass

from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State


class ConformanceError(AssertionError):
    """The ruleset broke the engine contract; the message says where."""


@dataclass
class ConformanceReport:
    matches: int
    transitions: int
    chance_nodes: int
    decisions: int


def _fail(seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"match seed {seed}, step {step}: {message}")


def _check_node(game: Game, state: State, seed: int, step: int) -> None:
    player = state.current_player()
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        if not outcomes:
            raise _fail(seed, step, "chance node without outcomes")
        total = math.fsum(p for _, p in outcomes)
        if abs(total - 1.0) > 1e-9:
            raise _fail(seed, step, f"chance probabilities sum to {total}")
        names = [a.name for a, _ in outcomes]
        if len(set(names)) != len(names):
            raise _fail(seed, step, "duplicate chance outcomes")
        for action, probability in outcomes:
            if probability <= 0:
                raise _fail(seed, step, f"outcome {action.name} has probability {probability}")
            if not 0 <= action.id < game.max_chance_outcomes():
                raise _fail(seed, step, f"chance id {action.id} outside [0, {game.max_chance_outcomes()})")
        if state.legal_actions():
            raise _fail(seed, step, "legal actions at a chance node")
    elif player >= 0:
        legal = state.legal_actions()
        if not legal:
            raise _fail(seed, step, f"player {player} to move with no legal action")
        names = [a.name for a in legal]
        if len(set(names)) != len(names) or len({a.id for a in legal}) != len(legal):
            raise _fail(seed, step, f"duplicate legal actions {names}")
        for action in legal:
            if not 0 <= action.id < game.num_distinct_actions():
                raise _fail(seed, step, f"action id {action.id} outside [0, {game.num_distinct_actions()})")
            if state.action_from_string(action.name) != action:
                raise _fail(seed, step, f"action_from_string({action.name!r}) does not give the action back")
    elif player != TERMINAL:
        raise _fail(seed, step, f"current_player() is {player}")
    for p in range(game.num_players()):
        json.dumps(state.observation(p))


def _check_copies(game: Game, state: State, rng: random.Random, seed: int, step: int) -> None:
    text = state.to_json()
    again = game.state_from_json(text)
    if again.to_json() != text or again.current_player() != state.current_player():
        raise _fail(seed, step, "to_json / state_from_json does not round-trip")
    if [a.name for a in again.legal_actions()] != [a.name for a in state.legal_actions()]:
        raise _fail(seed, step, "restored state has different legal actions")
    copy = state.clone()
    for _ in range(25):
        if copy.is_terminal():
            break
        copy.apply_action(copy.sample_chance(rng) if copy.is_chance_node() else rng.choice(copy.legal_actions()))
    if state.to_json() != text:
        raise _fail(seed, step, "playing on a clone changed the original")


def check_game(game: Game, matches: int = 20, seed: int = 0, max_steps: int | None = None,
               copy_every: int = 17) -> ConformanceReport:
    """Play ``matches`` random matches checking the contract; raises ``ConformanceError``."""
    limit = max_steps or game.max_game_length()
    transitions = chance_nodes = decisions = 0
    for match in range(matches):
        match_seed = seed + match
        rng = random.Random(match_seed)
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            _check_node(game, state, match_seed, step)
            if step % copy_every == 0:
                _check_copies(game, state, rng, match_seed, step)
            if state.is_chance_node():
                chance_nodes += 1
                state.apply_action(state.sample_chance(rng))
            else:
                decisions += 1
                state.apply_action(rng.choice(state.legal_actions()))
            step += 1
            if step > limit:
                raise _fail(match_seed, step, f"no end within {limit} steps")
        returns = state.returns()
        if len(returns) != game.num_players() or not all(math.isfinite(r) for r in returns):
            raise _fail(match_seed, step, f"bad returns {returns}")
        if state.legal_actions() or state.current_player() != TERMINAL:
            raise _fail(match_seed, step, "terminal state still offers actions")
        transitions += step
    return ConformanceReport(matches, transitions, chance_nodes, decisions)
