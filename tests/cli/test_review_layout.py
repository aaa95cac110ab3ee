"""``turnbuckle review`` in an 80-column terminal (issue 29.10): the narrow layout (fewer columns, one
line per decision unless a better option is named under it), whole words (no word cut or ended with
an ellipsis), no raw action indices, and a footer that says what *swing* means."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def run(*args: str, columns: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": str(columns)}
    return subprocess.run([sys.executable, "-m", "turnbuckle", *args], capture_output=True, text=True,
                          timeout=300, check=False, env=env)


@pytest.fixture(scope="module")
def opening(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The opening of a WRASSLIN' match: decisions with long, several-word names ("call 10 (Combination)")."""
    folder = tmp_path_factory.mktemp("layout")
    whole = folder / "w.json"
    made = run("watch", "wrasslin", "--seed", "3", "--save-replay", str(whole), columns=80)
    assert made.returncode == 0, made.stderr
    replay = json.loads(whole.read_text(encoding="utf-8"))
    replay.update(actions=replay["actions"][:70], returns=None)
    path = folder / "opening.json"
    path.write_text(json.dumps(replay), encoding="utf-8")
    return path


def _words(text: str) -> set[str]:
    return set(text.replace("│", " ").replace("┃", " ").split())


def test_review_at_80_columns_is_narrow_whole_worded_and_explains_swing(opening: Path) -> None:
    report = json.loads(run("review", str(opening), "--json", "--budget", "8", "--jobs", "1", columns=80).stdout)
    decisions = report["decisions"]
    out = run("review", str(opening), "--budget", "8", "--jobs", "1", columns=80)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert "…" not in out.stdout, "no cell is cut short"
    words = _words(out.stdout)
    for decision in decisions:
        missing = [w for w in decision["choice"].split() if w not in words]
        assert not missing, (decision["choice"], missing)
    header = next(line for line in lines if " who " in line)
    assert header.split() == ["#", "who", "choice", "chance", "swing"], "the narrow layout has fewer columns"
    assert not any(str(d["action_index"]) in header for d in decisions)
    assert len(lines) < 2 * len(decisions) + 30, f"{len(decisions)} decisions fill {len(lines)} lines"
    assert "swing: how many points (of 100)" in out.stdout
    assert "Turning points" in out.stdout


def test_a_wide_terminal_keeps_the_wide_table(opening: Path) -> None:
    out = run("review", str(opening), "--budget", "2", "--jobs", "1", columns=200)
    assert out.returncode == 0, out.stderr
    header = next(line for line in out.stdout.splitlines() if " who " in line)
    assert [w for w in header.replace("┃", " ").split()] == ["#", "who", "choice", "before", "after", "best",
                                                              "option", "verdict", "swing"]
    assert "swing: how many points (of 100)" in out.stdout
