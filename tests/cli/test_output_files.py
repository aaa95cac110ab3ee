"""Files the commands write (issue 22.18): ``analyze --out DIR`` makes DIR, and a replay gets the
permissions of every other output (0o666 less the umask), not ``mkstemp``'s owner-only 0o600."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path


def run(*args: str, umask: int = 0o022) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "turnbuckle", *args], capture_output=True, text=True,
                          timeout=300, check=False, preexec_fn=lambda: os.umask(umask))


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_analyze_makes_its_out_folder_and_a_replay_has_the_same_permissions(tmp_path: Path) -> None:
    folder = tmp_path / "reports" / "powerhouses"
    out = run("analyze", "powerhouses", "-w", "Skylark Reyes", "-w", "Dutch Kettering", "--out", str(folder),
              "--quiet")
    assert out.returncode == 0, out.stderr
    report = folder / "powerhouses-wrestlers.html"
    assert report.exists() and (folder / "powerhouses-wrestlers.csv").exists()
    replay = tmp_path / "m.json"
    watched = run("watch", "powerhouses", "--seed", "3", "-a", "random", "-a", "random", "--save-replay", str(replay))
    assert watched.returncode == 0, watched.stderr
    assert mode(replay) == mode(report) == 0o644
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".turnbuckle-")], "no temporary file left"


def test_a_replay_follows_the_umask(tmp_path: Path) -> None:
    replay = tmp_path / "m.json"
    assert run("watch", "powerhouses", "--seed", "3", "-a", "random", "-a", "random", "--save-replay",
               str(replay), umask=0o077).returncode == 0
    assert mode(replay) == 0o600
    again = tmp_path / "n.json"
    assert run("watch", "powerhouses", "--seed", "3", "-a", "random", "-a", "random", "--save-replay",
               str(again), umask=0o002).returncode == 0
    assert mode(again) == 0o664


def test_analyze_out_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("mine\n")
    out = run("analyze", "powerhouses", "--out", str(blocker), "-n", "1")
    assert out.returncode == 2 and out.stderr.startswith("error: --out") and "not a folder" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and blocker.read_text() == "mine\n"
    deeper = run("analyze", "powerhouses", "--out", str(blocker / "inside"), "-n", "1")
    assert deeper.returncode == 2 and "cannot create the folder" in deeper.stderr
