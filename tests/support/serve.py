"""A real ``turnbuckle serve`` process on a free port, for the benchmarks that measure several
server processes on one database (bench_multiprocess, bench_lobby)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import httpx2 as httpx

from support.postgres import free_port


class ServeProcess:
    """``turnbuckle serve --db DB`` with no rate limits plus ``options``, started in its own process
    group and waited for until it answers ``/api/games`` (``ready`` seconds at most)."""

    def __init__(self, db: str, *options: str, ready: float = 120.0) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "turnbuckle", "serve", "--port", str(self.port), "--db", db,
                   "--creates-per-minute", "0", "--actions-per-minute", "0", *options]
        self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                     start_new_session=True)
        deadline = time.monotonic() + ready
        while True:
            if self.proc.poll() is not None:
                raise SystemExit(f"the server ended: {self.proc.stderr.read() if self.proc.stderr else ''}")
            try:
                if httpx.get(f"{self.base}/api/games", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("the server did not answer")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


__all__ = ["ServeProcess"]
