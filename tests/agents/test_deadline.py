"""Searches stop at a deadline set around ``choose`` (issue 21 item 4): each search agent, asked
for far more work than it could do, answers within 10% of the deadline with a legal move; without
a deadline nothing changes (seeded choices are the same)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from turnbuckle.agents.deadline import deadline, out_of_time, thinking_until
from turnbuckle.agents.ismcts import ISMCTSAgent
from turnbuckle.agents.mcts import MCTSAgent
from turnbuckle.engine.game import CHANCE, Game, State
from turnbuckle.engine.match import Agent
from turnbuckle.engine.registry import load_game

THINK = 0.5
HUGE = 10**8


def positions(game: Game, seed: int, count: int = 60) -> list[State]:
    """Decision points of a random match (with more than one legal move)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[State] = []
    while not state.is_terminal() and len(found) < count:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            found.append(state.clone())
        state.apply_action(rng.choice(legal))
    return found


def searched_within_deadline(agent: Agent, states: list[State]) -> float:
    """The time one searching decision took under a ``THINK`` deadline (positions the agent answers
    without searching, as some experts do, are passed over)."""
    for state in states:
        started = time.monotonic()
        with thinking_until(started + THINK):
            action = agent.choose(state, random.Random(1))
        took = time.monotonic() - started
        assert action in state.legal_actions()
        if took >= THINK * 0.5:
            return took
    raise AssertionError("the agent never searched")


def _wrasslin_expert(game: Game) -> Agent:
    from turnbuckle.games.wrasslin.expert import ExpertAgent

    return ExpertAgent(game, 0, worlds=HUGE, read_opponent=False)


def _wrasslin_ismcts(game: Game) -> Agent:
    from turnbuckle.games.wrasslin.heuristic import make_ismcts

    return make_ismcts(game, 0, simulations=HUGE)


def _rumbleslam_search(game: Game) -> Agent:
    from turnbuckle.games.rumbleslam.agents import SearchAgent

    return SearchAgent(game, 0, simulations=HUGE)


def _skirmish_search(game: Game) -> Agent:
    from turnbuckle.games.skirmish.agents import SearchAgent

    return SearchAgent(game, 0, rollouts=HUGE, engage_inches=1000.0)


AGENTS: list[tuple[str, Callable[[Game], Agent]]] = [
    ("powerhouses", lambda g: MCTSAgent(g, 0, simulations=HUGE)),
    ("wrasslin", lambda g: ISMCTSAgent(g, 0, simulations=HUGE)),
    ("wrasslin", _wrasslin_ismcts),
    ("wrasslin", _wrasslin_expert),
    ("rumbleslam", _rumbleslam_search),
    ("skirmish", _skirmish_search),
]


@pytest.mark.parametrize(("game_name", "build"), AGENTS, ids=["mcts", "ismcts", "wrasslin-ismcts",
                                                             "wrasslin-expert", "rumbleslam-mcts", "skirmish-search"])
def test_a_search_stops_within_a_tenth_of_its_deadline(game_name: str, build: Callable[[Game], Agent]) -> None:
    game = load_game(game_name)
    took = searched_within_deadline(build(game), positions(game, seed=3))
    assert THINK * 0.5 <= took <= THINK * 1.1, took


def test_without_a_deadline_a_seeded_search_is_unchanged() -> None:
    game = load_game("powerhouses")
    state = positions(game, seed=5)[0]
    picks = {MCTSAgent(game, 0, simulations=300).choose(state, random.Random(9)) for _ in range(3)}
    assert len(picks) == 1
    assert deadline() is None and not out_of_time()


def test_a_past_deadline_still_gives_a_move_and_nested_deadlines_keep_the_earlier() -> None:
    game = load_game("powerhouses")
    state = positions(game, seed=5)[0]
    with thinking_until(time.monotonic() - 1):
        assert out_of_time()
        assert MCTSAgent(game, 0, simulations=HUGE).choose(state, random.Random(1)) in state.legal_actions()
        with thinking_until(time.monotonic() + 100):
            assert out_of_time()  # an inner, later deadline does not extend the outer one
    soon = time.monotonic() + 100
    with thinking_until(soon), thinking_until(None):
        assert deadline() == soon
    assert deadline() is None
