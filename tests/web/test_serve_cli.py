"""``turnbuckle serve``: prints its address, serves the pages, keeps matches in the database file."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2 as httpx
from typer.testing import CliRunner

from turnbuckle.cli.main import app


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def test_serve_prints_the_url_and_serves(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "web.db"
    command = [sys.executable, "-m", "turnbuckle", "serve", "--port", str(port), "--db", str(db)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line and str(db) in line
        deadline = time.monotonic() + 30
        while True:
            try:
                home = httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "server did not answer"
                time.sleep(0.1)
        assert home.status_code == 200 and "Powerhouses" in home.text
        created = httpx.post(f"http://127.0.0.1:{port}/api/matches", json={"game": "powerhouses"}, timeout=30)
        assert created.status_code == 201
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    assert db.exists() and db.stat().st_size > 0


def test_serve_rejects_bad_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "0"])
    assert result.exit_code != 0
    assert "--port" in str(result.exception) + result.output
