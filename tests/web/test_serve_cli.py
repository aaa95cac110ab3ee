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
    command = [sys.executable, "-m", "turnbuckle", "serve", "--port", str(port), "--db", str(db), "--access-log"]
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
        token = created.json()["owner_token"]
        # another Host name is refused (DNS rebinding); the default allows the bind address and localhost
        assert httpx.get(f"http://127.0.0.1:{port}/", headers={"Host": "evil.example"}, timeout=5).status_code == 400
        assert httpx.get(f"http://localhost:{port}/api/games", timeout=5).status_code == 200
        # the event stream takes ?token=, and the access log does not show it
        stream = httpx.get(f"http://127.0.0.1:{port}/api/matches/{created.json()['id']}/stream",
                           params={"token": token, "seconds": 0.5}, timeout=30)
        assert stream.status_code == 200
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    assert db.exists() and db.stat().st_size > 0
    assert proc.stdout is not None
    logged = proc.stdout.read()
    assert "/stream?" in logged and token not in logged


def test_serve_rejects_bad_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "0"])
    assert result.exit_code != 0
    assert "--port" in str(result.exception) + result.output
