"""The background looks' thread (web/periodic.py): runs its work until stopped, survives a failing
database by logging once, and reads its period before each wait."""

from __future__ import annotations

import logging
import threading

import pytest

from turnbuckle.web.periodic import Periodic


def test_a_look_runs_until_stopped_and_logs_a_run_of_failures_once(caplog: pytest.LogCaptureFixture) -> None:
    calls: list[int] = []
    done = threading.Event()

    def work() -> None:
        calls.append(1)
        if len(calls) <= 3:
            raise RuntimeError("the database\n is away")
        if len(calls) >= 5:
            done.set()

    look = Periodic("test-look", lambda: 0.001, work, "cannot look")
    with caplog.at_level(logging.ERROR, logger="turnbuckle.web"):
        look.start()
        look.start()  # a second start is a no-op: still one thread
        assert done.wait(5)
        look.stop()
    assert not look.running
    failures = [r.getMessage() for r in caplog.records]
    assert failures == ["cannot look: the database is away"]  # three failures in a row, one line
    count = len(calls)
    threading.Event().wait(0.05)
    assert len(calls) == count  # stopped: no more looks


def test_the_period_is_read_before_each_wait() -> None:
    period = [3600.0]
    ran = threading.Event()
    look = Periodic("test-period", lambda: period[0], ran.set, "cannot look")
    look.start()
    try:
        assert not ran.wait(0.2)  # an hour between looks
    finally:
        look.stop()
    period[0] = 0.001
    look.start()
    try:
        assert ran.wait(5)
    finally:
        look.stop()
