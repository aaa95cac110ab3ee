"""When each match's next computer step is due: a heap of (time, match id) and one thread that hands
each due match to a callback (the match service puts it in the think pool's queue).

Why a separate clock: a watch match is paced (``delay`` seconds between steps), and a thinker must
not sit idle waiting out a delay while other matches need it.
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Callable


class Scheduler:
    """Calls ``due(match_id)`` at or after the time each match was scheduled for."""

    def __init__(self, due: Callable[[str], None]) -> None:
        self._due = due
        self._heap: list[tuple[float, int, str]] = []
        self._counter = 0
        self._wake = threading.Condition()
        self._stopping = False
        self._thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="turnbuckle-scheduler", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        with self._wake:
            self._stopping = True
            self._heap.clear()
            self._wake.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def at(self, delay: float, match_id: str) -> None:
        """Hand ``match_id`` over ``delay`` seconds from now."""
        with self._wake:
            self._counter += 1
            heapq.heappush(self._heap, (time.monotonic() + delay, self._counter, match_id))
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._stopping and (not self._heap or self._heap[0][0] > time.monotonic()):
                    timeout = self._heap[0][0] - time.monotonic() if self._heap else None
                    self._wake.wait(timeout)
                if self._stopping:
                    return
                _, _, match_id = heapq.heappop(self._heap)
            self._due(match_id)


__all__ = ["Scheduler"]
