"""The computer's thinkers: off the request path, 'thinking' while they decide, each decision cut at
the think cap, a bounded pool with a queue, and a failing computer move stops its match for good."""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable

import pytest

from turnbuckle.agents.deadline import deadline, out_of_time
from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import State
from turnbuckle.engine.match import Agent
from turnbuckle.web.api import match_meta
from turnbuckle.web.computer import ComputerPlayer
from turnbuckle.web.errors import Conflict
from turnbuckle.web.livematch import LiveMatch
from turnbuckle.web.repository import LiveMatchRecord, MemoryRepository
from turnbuckle.web.service import MatchService


class SlowAgent:
    """Sleeps ``seconds`` whatever the deadline (an agent that does not search)."""

    name = "slow"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.calls = 0

    def choose(self, state: State, rng: random.Random) -> Action:
        self.calls += 1
        time.sleep(self.seconds)
        return state.legal_actions()[0]


class EndlessSearch:
    """A search that would never end on its own: it works until the deadline, counting its steps."""

    name = "endless"

    def __init__(self) -> None:
        self.steps = 0
        self.decisions = 0
        self.active = 0
        self.given: list[float] = []
        """Seconds to the deadline when each decision started."""

    def choose(self, state: State, rng: random.Random) -> Action:
        self.decisions += 1
        self.active += 1
        at = deadline()
        assert at is not None, "the server set no deadline"
        self.given.append(at - time.monotonic())
        try:
            while not out_of_time():
                self.steps += 1
                time.sleep(0.001)
            return state.legal_actions()[0]
        finally:
            self.active -= 1


class Failing:
    name = "failing"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, state: State, rng: random.Random) -> Action:
        self.calls += 1
        raise RuntimeError("the search\nran out of bananas")


def use_agent(monkeypatch: pytest.MonkeyPatch, agent: Agent) -> None:
    monkeypatch.setattr(ComputerPlayer, "agent", staticmethod(lambda match, seat: agent))


def wait_until(check: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def decisions(match: LiveMatch) -> int:
    return len([a for a in match.state.history if not a.name.startswith("die=")])


def test_a_search_stops_at_the_think_cap_and_leaves_nothing_running(monkeypatch: pytest.MonkeyPatch) -> None:
    search = EndlessSearch()
    use_agent(monkeypatch, search)
    service = MatchService(MemoryRepository(), think_cap=0.4)
    service.start()
    try:
        match = service.create("powerhouses", {}, ["computer:mcts:100000", "human"], seed=2).match
        wait_until(lambda: match.state.current_player() == 1 or match.state.is_terminal())
        assert search.given and all(t <= 0.4 for t in search.given), search.given  # the cap, no more
        steps = search.steps
        time.sleep(0.3)
        assert search.steps == steps  # the search is over, not running on in the background
    finally:
        service.stop()


def test_thinking_is_shown_while_the_computer_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    use_agent(monkeypatch, SlowAgent(0.15))
    service = MatchService(MemoryRepository(), think_cap=5.0)
    service.start()
    try:
        match = service.create("powerhouses", {}, ["computer:expert", "human"], seed=2).match
        wait_until(lambda: match.thinking == 0)
        wait_until(lambda: (match.thinking is None and match.state.current_player() == 1)
                   or match.state.is_terminal())
    finally:
        service.stop()


def test_a_full_pool_queues_the_next_computer_move(monkeypatch: pytest.MonkeyPatch) -> None:
    search = EndlessSearch()
    use_agent(monkeypatch, search)
    service = MatchService(MemoryRepository(), think_cap=0.5, thinkers=1)
    earlier = set(threading.enumerate())  # an earlier test's thinker may still be ending its search
    service.start()
    try:
        first = service.create("powerhouses", {}, ["computer:mcts:100000", "human"], seed=2).match
        wait_until(lambda: first.thinking == 0)
        second = service.create("powerhouses", {}, ["computer:mcts:100000", "human"], seed=3).match
        wait_until(lambda: second.waiting)  # every thinker is busy: it waits in the queue
        assert second.thinking is None and search.active == 1
        with second.lock:
            meta = match_meta(second)
        assert meta["waiting_for_thinker"] and not meta["thinking"]
        thinkers = [t for t in threading.enumerate()
                    if t.name.startswith("turnbuckle-think") and t not in earlier]
        assert len(thinkers) == 1
        wait_until(lambda: decisions(second) > 0 and not second.waiting)
        assert search.decisions >= 2
    finally:
        service.stop()


def test_a_failing_computer_move_stops_the_match_once(monkeypatch: pytest.MonkeyPatch,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    failing = Failing()
    use_agent(monkeypatch, failing)
    repository = MemoryRepository()
    service = MatchService(repository, think_cap=1.0)
    caplog.set_level(logging.INFO, logger="turnbuckle.web")
    service.start()
    try:
        match = service.create("powerhouses", {}, ["computer:expert", "human"], seed=2).match
        wait_until(lambda: match.stopped is not None)
        time.sleep(0.3)  # time enough to retry, if it did
    finally:
        service.stop()
    assert failing.calls == 1
    reason = match.stopped
    assert reason == ("the computer (expert) playing seat 0 could not move: RuntimeError: the search ran out of "
                      "bananas")
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == [
        f"match {match.id} stopped: {reason}"]
    stored = repository.get(match.id)
    assert stored is not None and stored.stopped == reason and not stored.finished
    assert match.id not in repository.unfinished()
    with pytest.raises(Conflict, match="stopped"):
        service.act(match, 1, "roll")
    # a restart does not try again
    again = MatchService(repository, think_cap=1.0)
    again.start()
    try:
        time.sleep(0.3)
        assert again.get(match.id).stopped == reason
    finally:
        again.stop()
    assert failing.calls == 1


def test_a_stored_agent_that_cannot_be_built_stops_its_match_on_resume(caplog: pytest.LogCaptureFixture) -> None:
    """A record stored before specs were checked (``computer:mcts:2000000000``) no longer loops."""
    repository = MemoryRepository()
    repository.add(LiveMatchRecord(id="legacy01", game="powerhouses", params={}, seed=1, tokens={},
                                   seats=["computer:mcts:2000000000", "computer:heuristic"]))
    caplog.set_level(logging.ERROR, logger="turnbuckle.web")
    service = MatchService(repository)
    service.start()
    try:
        match = service.get("legacy01")
        wait_until(lambda: match.stopped is not None)
        time.sleep(0.2)
    finally:
        service.stop()
    assert match.stopped is not None and "mcts:2000000000" in match.stopped and "1,000,000" in match.stopped
    assert len([r for r in caplog.records if "stopped" in r.getMessage()]) == 1


def test_finished_matches_leave_memory_and_reload(monkeypatch: pytest.MonkeyPatch) -> None:
    import turnbuckle.web.service as service_module

    monkeypatch.setattr(service_module, "KEEP_IN_MEMORY", 4)
    service = MatchService(MemoryRepository())
    # a basic Filsinger match has no decisions: it is over as soon as it is created
    ids = [service.create("filsinger", {}, ["human", "human"], seed=s).match.id for s in range(8)]
    assert len(service._matches) <= 4
    again = service.get(ids[0])
    assert again.state.is_terminal() and again.record.summary
