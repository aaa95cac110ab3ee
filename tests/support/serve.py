"""A real ``turnbuckle serve`` process on a free port: the multi-process tests (several servers on one
PostgreSQL database) and the benchmarks that measure them (bench_multiprocess, bench_lobby)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from typing import Self

import httpx2 as httpx

from support.postgres import free_port


class ServeFailed(RuntimeError):
    """The server ended, or did not answer in time."""


class ServeProcess:
    """``turnbuckle serve --db DB`` with no rate limits plus ``options``, in its own process group.

    ``port`` reuses an address (a restarted server keeps its pages' address); ``env`` adds variables.
    The server's output goes to a file, not a pipe (a chatty server cannot fill a pipe and stall), and
    :meth:`output` reads its end. ``wait_ready`` waits until it answers ``/api/games``.
    """

    def __init__(self, db: str, *options: str, env: Mapping[str, str] | None = None,
                 port: int | None = None) -> None:
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "turnbuckle", "serve", "--port", str(self.port), "--db", db,
                   "--creates-per-minute", "0", "--actions-per-minute", "0", *options]
        self.log = tempfile.TemporaryFile(mode="w+", encoding="utf-8")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT, text=True,
                                     env={**os.environ, **(env or {}), "PYTHONUNBUFFERED": "1"},
                                     start_new_session=True)

    def wait_ready(self, timeout: float = 120.0) -> Self:
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise ServeFailed(f"the server ended: {self.output()}")
            try:
                if httpx.get(f"{self.base}/api/games", timeout=5).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise ServeFailed("the server did not answer")
            time.sleep(0.1)

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.base, timeout=30, follow_redirects=False)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self.log.close()

    def output(self) -> str:
        """The last of what the server has written so far."""
        if self.log.closed:
            return ""
        self.log.seek(0)
        return self.log.read()[-3000:]


__all__ = ["ServeFailed", "ServeProcess"]
