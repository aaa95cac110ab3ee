"""Searches stop at a deadline set around ``choose`` (issue 21 item 4): each search agent, asked
for far more work than it could do, checks the deadline every iteration and answers at the first
check past it with a legal move; without a deadline nothing changes (seeded choices are the same).
How close to the deadline that is in seconds is measured in benchmarks/bench_think_cap.py."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from turnbuckle.agents.deadline import deadline, iterations, out_of_time, thinking_until
from turnbuckle.agents.ismcts import ISMCTSAgent
from turnbuckle.agents.mcts import MCTSAgent
from turnbuckle.engine.game import CHANCE, Game, State
from turnbuckle.engine.match import Agent
from turnbuckle.engine.registry import load_game

HUGE = 10**8
BUDGET = 40
"""Clock readings a search may make before its (fake) deadline."""


class FakeClock:
    """``time.monotonic`` for ``agents.deadline``: each reading is one tick later than the last, so
    where a search stops does not depend on how busy the machine is (the bound in seconds is
    measured in benchmarks/bench_think_cap.py)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.readings = 0

    def monotonic(self) -> float:
        self.readings += 1
        self.now += 1.0
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    import turnbuckle.agents.deadline as deadline_module

    fake = FakeClock()
    monkeypatch.setattr(deadline_module, "time", fake)
    return fake


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


def search_past_deadline(agent: Agent, states: list[State], clock: FakeClock) -> float:
    """The clock when one searching decision under a deadline ``BUDGET`` ticks away returned, less
    the deadline: 0 when the agent read the clock no more once it had reached the deadline (positions
    the agent answers without searching, as some experts do, are passed over)."""
    for state in states:
        clock.readings = 0
        at = clock.now + BUDGET
        with thinking_until(at):
            action = agent.choose(state, random.Random(1))
        assert action in state.legal_actions()
        if clock.readings:
            assert clock.readings >= BUDGET  # it searched on until the deadline
            return clock.now - at
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
def test_a_search_stops_at_the_first_iteration_past_its_deadline(game_name: str, build: Callable[[Game], Agent],
                                                                 clock: FakeClock) -> None:
    """Asked for 10^8 iterations, each search reads the clock as it goes (after its first iteration)
    and stops at the first reading that reaches the deadline."""
    game = load_game(game_name)
    assert search_past_deadline(build(game), positions(game, seed=3), clock) == 0


def test_without_a_deadline_a_seeded_search_is_unchanged() -> None:
    game = load_game("powerhouses")
    state = positions(game, seed=5)[0]
    picks = {MCTSAgent(game, 0, simulations=300).choose(state, random.Random(9)) for _ in range(3)}
    assert len(picks) == 1
    assert deadline() is None and not out_of_time()


def test_a_past_deadline_still_gives_a_move_and_nested_deadlines_keep_the_earlier() -> None:
    """(On the real clock.)"""
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


def test_iterations_run_once_past_a_deadline_and_all_without_one(clock: FakeClock) -> None:
    """The loop the searches share: the first iteration always, the clock read before each later one."""
    assert list(iterations(5)) == [0, 1, 2, 3, 4] and clock.readings == 0
    with thinking_until(clock.now):  # already passed
        assert list(iterations(5)) == [0]
    with thinking_until(clock.now + 3):  # readings at ticks 1, 2 and 3: the third reaches it
        assert list(iterations(10)) == [0, 1, 2]
