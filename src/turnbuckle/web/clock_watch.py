"""Each server process's look at the clocks: a thread that, every ``seconds``, asks the match
service to handle the matches whose running clock has run out (``MatchService.check_clocks``).

Every process looks; the service handles a deadline under the match's row lock after checking
that it is still due, so two processes finding the same deadline act on it once. A deadline that
passed while no process ran is found by the first look after a start.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger("turnbuckle.web")

CLOCK_LOOK_SECONDS = 1.0


class ClockWatch:
    """Calls ``check()`` every ``seconds`` until stopped; a failure is logged once, then retried."""

    def __init__(self, check: Callable[[], int], seconds: float = CLOCK_LOOK_SECONDS) -> None:
        self.check = check
        self.seconds = seconds
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name="turnbuckle-clocks", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _run(self) -> None:
        failing = False
        while not self._stopping.wait(self.seconds):
            try:
                self.check()
                failing = False
            except Exception as exc:  # the database is away: say so once, keep looking
                if not failing:
                    log.error("cannot look at the clocks: %s", " ".join(str(exc).split()))
                failing = True


__all__ = ["CLOCK_LOOK_SECONDS", "ClockWatch"]
