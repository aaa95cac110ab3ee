"""The think pool: a fixed number of threads that make the computer's moves, and a queue for the rest.

Why fixed: a search is CPU-bound, so more threads than thinkers only share the same cores more
thinly, and a crowd of requests for long searches must not become a crowd of threads. A computer
move that finds every thinker busy waits in the queue, in order (the table says "waiting for a free
thinker"); each decision is cut short at its deadline (``turnbuckle.agents.deadline``), so a place
frees within the think cap.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

log = logging.getLogger("turnbuckle.web")

Job = Callable[[], None]


class ThinkPool:
    """``size`` daemon threads running jobs in the order they were submitted."""

    def __init__(self, size: int, name: str = "turnbuckle-think") -> None:
        if size < 1:
            raise ValueError("a think pool needs at least one thinker")
        self.size = size
        self.name = name
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._busy = 0
        self._lock = threading.Lock()

    def start(self) -> None:
        if self._threads:
            return
        self._jobs = queue.SimpleQueue()
        self._threads = [threading.Thread(target=self._work, name=f"{self.name}-{i}", daemon=True)
                         for i in range(self.size)]
        for thread in self._threads:
            thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        """Let every thinker finish its job and end; jobs still queued are dropped."""
        threads, self._threads = self._threads, []
        while True:  # drop what is still queued, then one stop sign per thinker
            try:
                self._jobs.get_nowait()
            except queue.Empty:
                break
        for _ in threads:
            self._jobs.put(None)
        for thread in threads:
            thread.join(timeout)

    def submit(self, job: Job) -> None:
        """Run ``job`` on the next free thinker (it waits in the queue until one is)."""
        self._jobs.put(job)

    @property
    def busy(self) -> int:
        """Thinkers running a job right now."""
        with self._lock:
            return self._busy

    @property
    def running(self) -> bool:
        return bool(self._threads)

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            with self._lock:
                self._busy += 1
            try:
                job()
            except Exception:  # a job reports its own failures; this keeps the thinker alive
                log.exception("a thinker's job failed")
            finally:
                with self._lock:
                    self._busy -= 1


__all__ = ["ThinkPool"]
