"""``turnbuckle learn`` end to end (issue 34.1, 34.4): the list, a lesson typed as in ``play`` with a
wrong move refused with why, progress kept in the data directory, and ``--reset``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def run(data: Path, *args: str, answers: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TURNBUCKLE_DATA_DIR": str(data)}
    return subprocess.run([sys.executable, "-m", "turnbuckle", "learn", *args], input=answers, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_a_lesson_refuses_a_wrong_move_with_the_rule_and_keeps_progress(tmp_path: Path) -> None:
    listed = run(tmp_path, "powerhouses")
    assert listed.returncode == 0 and "On a Roll" in listed.stdout
    assert "Next: turnbuckle learn powerhouses --lesson 1" in listed.stdout
    out = run(tmp_path, "powerhouses", "--lesson", "1", answers="stop\nhint\nroll\nstop\n")
    assert out.returncode == 0, out.stderr
    assert "each still matches Strength on a 1, 2 or 6: roll them (On a Roll)" in out.stdout  # the refusal
    assert "Type roll" in out.stdout  # the hint
    assert "Lesson 1 done" in out.stdout
    assert json.loads((tmp_path / "learn.json").read_text()) == {"powerhouses": [1]}
    again = run(tmp_path, "powerhouses")
    assert "Next: turnbuckle learn powerhouses --lesson 2" in again.stdout
    reset = run(tmp_path, "powerhouses", "--reset")
    assert reset.returncode == 0
    assert json.loads((tmp_path / "learn.json").read_text()) == {}


def test_quitting_leaves_a_lesson_not_done(tmp_path: Path) -> None:
    out = run(tmp_path, "powerhouses", "--lesson", "2", answers="quit\n")
    assert out.returncode == 0 and "not marked done" in out.stdout
    assert not (tmp_path / "learn.json").exists()


def test_the_last_lesson_points_to_a_real_match_with_hints(tmp_path: Path) -> None:
    out = run(tmp_path, "powerhouses", "--lesson", "7", answers="stop\n")
    assert out.returncode == 0, out.stderr
    assert "turnbuckle play powerhouses --opponent random --hints" in out.stdout


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    for args in (("powerhouses", "--lesson", "99"), ("nope",), ("powerhouses", "--lesson", "x")):
        out = run(tmp_path, *args)
        assert out.returncode == 2 and out.stderr.startswith("error: "), (args, out.stderr)
        assert len(out.stderr.strip().splitlines()) == 1


def test_a_broken_progress_file_counts_as_nothing_done_and_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "learn.json").write_text("{not json", encoding="utf-8")
    listed = run(tmp_path, "powerhouses")
    assert listed.returncode == 0 and "Next: turnbuckle learn powerhouses --lesson 1" in listed.stdout
    out = run(tmp_path, "powerhouses", "--lesson", "7", answers="stop\n")
    assert out.returncode == 0, out.stderr
    assert json.loads((tmp_path / "learn.json").read_text()) == {"powerhouses": [7]}
