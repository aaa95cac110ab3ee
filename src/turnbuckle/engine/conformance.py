"""A contract checker every ruleset must pass (the role OpenSpiel's ``random_sim_test`` plays).

It plays random matches through the public contract and checks, at every step, what the design
promises: chance outcomes are distinct and sum to one, action names are unique and parse back,
ids fit the declared ranges, observations are JSON-safe, and at sampled steps a clone is
independent and ``to_json`` round-trips, and two clones played apart each report their own events
and observations (the ones a fresh replay of their history gives) while the original keeps its
own; a ruleset with positions rebuilds the same situation from ``to_position`` and plays on to the
same events, observations and returns. Matches must end and returns must be finite.

``check_sampler`` tests the second code path every fast sampler is: at chance nodes of random
matches it draws ``sample_chance`` many times and compares the counts with ``chance_outcomes``
(a chi-square test), so a biased sampler cannot skew simulations unnoticed.
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
    before = list(state.events)
    seen = [state.observation(p) for p in range(game.num_players())]
    copies = [state.clone(), state.clone()]
    for index, copy in enumerate(copies):
        branch = random.Random(f"{seed}:{step}:{index}")
        for _ in range(25):
            if copy.is_terminal():
                break
            copy.apply_action(
                copy.sample_chance(branch) if copy.is_chance_node() else branch.choice(copy.legal_actions())
            )
    if state.to_json() != text:
        raise _fail(seed, step, "playing on a clone changed the original")
    if list(state.events) != before or [state.observation(p) for p in range(game.num_players())] != seen:
        raise _fail(seed, step, "playing on a clone changed the original's events or observations")
    _check_position(game, state, copies[0], len(before), seed, step)
    for copy in copies:
        fresh = game.state_from_actions([a.name for a in copy.history])
        if list(copy.events) != list(fresh.events):
            raise _fail(seed, step, "a clone's events differ from a replay of its own history")
        for p in range(game.num_players()):
            if copy.observation(p) != fresh.observation(p):
                raise _fail(seed, step, f"a clone's observation for player {p} differs from a replay's")


def _check_position(game: Game, state: State, played: State, events_before: int, seed: int, step: int) -> None:
    """``state`` rebuilt from its position is the same situation, and playing ``played``'s next actions
    on it gives ``played``'s events (after the ``events_before`` it had), observations and returns."""
    if game.position_codec() is None:
        return
    position = json.loads(json.dumps(state.to_position()))
    rebuilt = game.state_from_position(position)
    if rebuilt.to_position() != position:
        raise _fail(seed, step, "to_position / state_from_position does not round-trip")
    if [a.name for a in rebuilt.legal_actions()] != [a.name for a in state.legal_actions()]:
        raise _fail(seed, step, "a state rebuilt from its position has different legal actions")
    if [(a.name, p) for a, p in rebuilt.chance_outcomes()] != [(a.name, p) for a, p in state.chance_outcomes()]:
        raise _fail(seed, step, "a state rebuilt from its position has different chance outcomes")
    seen = len(state.history)
    for action in played.history[seen:]:
        rebuilt.apply_action(action.name)
    for p in range(game.num_players()):
        if rebuilt.observation(p) != played.observation(p):
            raise _fail(seed, step, f"played on from its position, player {p}'s observation differs")
    if rebuilt.returns() != played.returns():
        raise _fail(seed, step, "played on from its position, the returns differ")
    if list(rebuilt.events) != list(played.events)[events_before:]:
        raise _fail(seed, step, "played on from its position, the events differ")


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


@dataclass
class SamplerReport:
    nodes: int
    draws: int
    worst_p_value: float


def check_sampler(game: Game, nodes: int = 30, draws: int = 2000, seed: int = 0, alpha: float = 1e-6,
                  max_matches: int = 50) -> SamplerReport:
    """Chi-square test of ``sample_chance`` against ``chance_outcomes`` at ``nodes`` chance nodes.

    The nodes come from random matches (every few chance nodes, so later phases are reached);
    outcomes expected fewer than 5 times are pooled. Raises ``ConformanceError`` when a node's
    p-value falls below ``alpha`` or a draw is not a listed outcome.
    """
    rng = random.Random(seed)
    tested = 0
    worst = 1.0
    matches = 0
    while tested < nodes and matches < max_matches:
        state = game.new_initial_state()
        matches += 1
        step = 0
        while not state.is_terminal() and tested < nodes:
            if state.is_chance_node():
                if len(state.chance_outcomes()) > 1 and rng.random() < 0.25:
                    p_value = _sampler_p_value(state, draws, random.Random(rng.random()), seed, step)
                    worst = min(worst, p_value)
                    tested += 1
                    if p_value < alpha:
                        raise _fail(seed, step, f"sample_chance disagrees with chance_outcomes (p = {p_value:.2e})")
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    return SamplerReport(tested, tested * draws, worst)


def _sampler_p_value(state: State, draws: int, rng: random.Random, seed: int, step: int) -> float:
    outcomes = state.chance_outcomes()
    index = {a.name: i for i, (a, _) in enumerate(outcomes)}
    counts = [0] * len(outcomes)
    for _ in range(draws):
        drawn = state.sample_chance(rng)
        position = index.get(drawn.name)
        if position is None:
            raise _fail(seed, step, f"sample_chance drew {drawn.name!r}, not a listed outcome")
        counts[position] += 1
    expected = [p * draws for _, p in outcomes]
    bins: list[tuple[float, int]] = []
    pooled_e, pooled_o = 0.0, 0
    for e, o in zip(expected, counts, strict=True):
        if e < 5:
            pooled_e += e
            pooled_o += o
        else:
            bins.append((e, o))
    if pooled_e > 0:
        bins.append((pooled_e, pooled_o))
    if len(bins) < 2:
        return 1.0
    statistic = sum((o - e) ** 2 / e for e, o in bins)
    return chi_square_sf(statistic, len(bins) - 1)


def chi_square_sf(statistic: float, dof: int) -> float:
    """P(X >= statistic) for a chi-square variable (Wilson-Hilferty normal approximation)."""
    if statistic <= 0:
        return 1.0
    k = float(dof)
    z = ((statistic / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))
