"""The computer's worker: off the request path, 'thinking' while it decides, a time cap per decision."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import State
from turnbuckle.web.live import LiveMatch, MatchService
from turnbuckle.web.repository import MemoryRepository


class SlowAgent:
    name = "slow"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.calls = 0

    def choose(self, state: State, rng: random.Random) -> Action:
        self.calls += 1
        time.sleep(self.seconds)
        return state.legal_actions()[0]


def wait_until(check: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


@pytest.fixture
def service() -> MatchService:
    return MatchService(MemoryRepository(), think_cap=0.3)


def test_time_cap_moves_for_a_slow_agent(service: MatchService, monkeypatch: pytest.MonkeyPatch) -> None:
    slow = SlowAgent(3.0)
    monkeypatch.setattr(MatchService, "_agent", staticmethod(lambda match, seat: slow))
    service.start()
    try:
        started = time.monotonic()
        created = service.create("powerhouses", {}, ["computer:expert", "human"], seed=2)
        match = created.match
        decisions = len([a for a in match.state.history if not a.name.startswith("die=")])
        # the request returned at once: the computer decides on the worker
        assert time.monotonic() - started < 1.0
        wait_until(lambda: len([a for a in match.state.history if not a.name.startswith("die=")]) > decisions)
        assert time.monotonic() - started < 2.5  # the cap (0.3 s), not the agent's 3 s
        assert slow.calls >= 1
    finally:
        service.stop()


def test_thinking_is_shown_while_the_computer_decides(service: MatchService,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    slow = SlowAgent(0.15)
    monkeypatch.setattr(MatchService, "_agent", staticmethod(lambda match, seat: slow))
    service.think_cap = 5.0
    service.start()
    try:
        match: LiveMatch = service.create("powerhouses", {}, ["computer:expert", "human"], seed=2).match
        wait_until(lambda: match.thinking == 0)
        wait_until(lambda: (match.thinking is None and match.state.current_player() == 1)
                   or match.state.is_terminal())
    finally:
        service.stop()


def test_finished_matches_leave_memory_and_reload(monkeypatch: pytest.MonkeyPatch) -> None:
    import turnbuckle.web.live as live

    monkeypatch.setattr(live, "KEEP_IN_MEMORY", 4)
    service = MatchService(MemoryRepository())
    # a basic Filsinger match has no decisions: it is over as soon as it is created
    ids = [service.create("filsinger", {}, ["human", "human"], seed=s).match.id for s in range(8)]
    assert len(service._matches) <= 4
    again = service.get(ids[0])
    assert again.state.is_terminal() and again.record.summary
