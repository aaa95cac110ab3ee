"""A throwaway PostgreSQL cluster for the tests: ``initdb`` and ``pg_ctl`` in a temporary folder.

The binaries come from Debian's ``postgresql`` package (``/usr/lib/postgresql/*/bin``) or the
``PATH``. The cluster listens on 127.0.0.1 at a free port, trusts local connections, and skips
fsync (it is thrown away). ``initdb`` refuses to run as root, so as root the cluster runs as the
``postgres`` user (or ``nobody``) through ``runuser``, in a folder that user owns.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

USER = "turnbuckle"
"""The cluster's superuser (trusted, no password)."""


def find_binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl`` (the newest Debian version first), or None."""
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(initdb).parent
    return None


def _version(folder: str) -> float:
    try:
        return float(Path(folder).parent.name)
    except ValueError:
        return 0.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Cluster:
    """A PostgreSQL cluster of its own, started by ``start`` and deleted by ``stop``."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.root = Path(tempfile.mkdtemp(prefix="turnbuckle-pg-"))
        self.data = self.root / "data"
        self.port = 0
        self.runner: list[str] = []

    def _run_as(self) -> list[str]:
        """As root: run the server as an unprivileged user that owns the folder."""
        if os.geteuid() != 0:
            return []
        for name in ("postgres", "nobody"):
            with contextlib.suppress(KeyError):
                user = pwd.getpwnam(name)
                os.chown(self.root, user.pw_uid, user.pw_gid)
                return ["runuser", "-u", name, "--"]
        raise RuntimeError("running as root, and there is no postgres or nobody user to run PostgreSQL as")

    def _run(self, *command: str) -> None:
        done = subprocess.run([*self.runner, *command], capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            log = self.root / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip() or done.stdout.strip()}\n{tail}")

    def start(self) -> None:
        self.runner = self._run_as()
        self._run(str(self.binaries / "initdb"), "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8",
                  "--no-sync", "--no-instructions")
        self.port = free_port()
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories={self.root} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-o", options, "-l",
                  str(self.root / "server.log"), "-w", "-t", "60", "start")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; returns its URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(f"postgresql://{USER}@127.0.0.1:{self.port}/postgres", autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        try:
            if self.port:
                self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


__all__ = ["Cluster", "find_binaries", "free_port"]
