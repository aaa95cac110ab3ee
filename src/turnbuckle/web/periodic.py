"""A server process's background looks (the clocks, the computer's leases, the notifications): one
daemon thread per look that runs its work every few seconds until the process stops.

Why one helper: each look must survive the database going away (say so once in the log, keep
looking, say nothing more until it works again) and must stop promptly when the app shuts down.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger("turnbuckle.web")


class Periodic:
    """Calls ``work()`` every ``interval()`` seconds on a thread named ``name`` until stopped.

    ``interval`` is read before each wait, so an owner may change its period while it runs (tests
    slow a look down to drive it by hand). A failure is logged as ``"{failure}: {error}"`` once, then
    retried quietly until a look succeeds again."""

    def __init__(self, name: str, interval: Callable[[], float], work: Callable[[], object], failure: str) -> None:
        self.name = name
        self.interval = interval
        self.work = work
        self.failure = failure
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _run(self) -> None:
        failing = False
        while not self._stopping.wait(self.interval()):
            try:
                self.work()
                failing = False
            except Exception as exc:  # the database is away: say so once, keep looking
                if not failing:
                    log.error("%s: %s", self.failure, " ".join(str(exc).split()))
                failing = True


__all__ = ["Periodic"]
