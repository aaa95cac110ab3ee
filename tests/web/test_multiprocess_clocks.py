"""Clocks with two match services on one PostgreSQL database, as two ``serve --workers`` processes:
every deadline is acted on exactly once, whichever process looks first and however often both
look, and a deadline that passed while no process ran is handled after a restart. The services
share one fake clock (the database's time is never asked)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest

from turnbuckle.store import open_database
from turnbuckle.web import clocks
from turnbuckle.web.repository import LiveMatchRecord
from turnbuckle.web.service import MatchService
from turnbuckle.web.sql_repository import SqlRepository

pytestmark = pytest.mark.postgres

LIVE = {"kind": "live", "minutes": 1, "increment": 0}


class FakeNow:
    def __init__(self) -> None:
        self.t = time.time()

    def __call__(self) -> float:
        return self.t


Services = Callable[..., MatchService]


@pytest.fixture
def service_on(pg_url: str) -> Iterator[Services]:
    made: list[MatchService] = []

    def make(now: FakeNow, *, start: bool = True) -> MatchService:
        service = MatchService(SqlRepository(open_database(pg_url)), think_cap=0.5, lease_seconds=2.0, now=now,
                               clock_look=0.05)
        made.append(service)
        if start:
            service.start()
        return service

    yield make
    for service in made:
        service.stop()
        service.repository.db.close()  # type: ignore[attr-defined]


def wait_for(check: Callable[[], bool], timeout: float = 30.0) -> None:
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < timeout, "timed out"
        time.sleep(0.01)


def test_two_processes_looking_at_once_handle_each_deadline_once(service_on: Services) -> None:
    now = FakeNow()
    a, b = service_on(now, start=False), service_on(now, start=False)
    ids = [a.create("powerhouses", {}, ["invite", "invite"], seed=i, time_control=LIVE).match.id for i in range(6)]
    now.t += 61.0
    handled = {"a": 0, "b": 0}
    gate = threading.Barrier(2)

    def look(who: str, service: MatchService) -> None:
        gate.wait()
        for _ in range(5):
            handled[who] += service.check_clocks()

    threads = [threading.Thread(target=look, args=item) for item in (("a", a), ("b", b))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert handled["a"] + handled["b"] == len(ids)
    for match_id in ids:
        stored = a.repository.get(match_id)
        assert stored is not None and stored.clock is not None
        assert len(stored.clock["flagged"]) == 1  # flagged once, not twice
        assert stored.seats.count("invite") == 1  # one seat handed to the computer


def test_running_processes_hear_of_the_time_out_and_the_computer_plays_on(service_on: Services) -> None:
    now = FakeNow()
    a, b = service_on(now), service_on(now)
    heard: list[tuple[str, int]] = []
    lock = threading.Lock()

    def listener(record: LiveMatchRecord, seat: int) -> None:
        with lock:
            heard.append((record.id, seat))

    a.timeout_listeners.append(listener)
    b.timeout_listeners.append(listener)
    created = a.create("powerhouses", {}, ["invite", "invite"], seed=4, time_control=LIVE)
    theirs = b.get(created.match.id)
    late = created.match.state.current_player()
    now.t += 61.0
    wait_for(lambda: bool(heard))
    wait_for(lambda: theirs.record.seats[late].startswith("computer:"))  # heard through the notice
    taken = int(theirs.record.clock["takeover"][str(late)])  # type: ignore[index]
    wait_for(lambda: len(theirs.state.history) > taken)  # and the computer has moved for the seat
    time.sleep(0.3)  # both watches keep looking: still one time-out
    assert heard == [(created.match.id, late)]


def test_a_deadline_passed_while_stopped_is_handled_after_a_restart(service_on: Services) -> None:
    now = FakeNow()
    first = service_on(now)
    created = first.create("powerhouses", {}, ["invite", "invite"], seed=5,
                           time_control={"kind": "turn", "days": 1})
    first.stop()
    now.t += clocks.DAY + 5
    again = service_on(now)
    match = again.get(created.match.id)
    wait_for(lambda: bool(match.record.clock and match.record.clock["flagged"]))

    def stored_flags() -> list[int]:
        """What the database holds (the match in memory is flagged a moment before the write commits)."""
        stored = again.repository.get(created.match.id)
        assert stored is not None and stored.clock is not None
        return list(stored.clock["flagged"])

    wait_for(lambda: bool(stored_flags()))
    assert stored_flags() == [created.match.state.current_player()]
