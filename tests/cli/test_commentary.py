"""A watched match ends with the result said once by the commentary and one summary line, never a
third and fourth time ("How: counted out."); team matches are announced as teams (issue 22.19)."""

from __future__ import annotations

import subprocess
import sys


def watch(*args: str) -> list[str]:
    out = subprocess.run([sys.executable, "-m", "turnbuckle", "watch", *args], capture_output=True, text=True,
                         timeout=300, check=False)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_the_result_is_said_once_then_summed_up_in_one_line() -> None:
    lines = watch("wrasslin", "--seed", "3", "-a", "random", "-a", "random")
    assert not any(line.startswith(("How:", "Match over")) for line in lines)
    assert sum(line.startswith("Winner:") or "is a draw" in line for line in lines) == 1
    assert sum(" loses by " in line for line in lines) <= 1


def test_a_tag_match_is_announced_as_teams() -> None:
    lines = watch("wrasslin", "-o", "match_type=tag", "--seed", "5", "-a", "random", "-a", "random", "-a", "random",
                  "-a", "random")
    assert lines[0].count(" & ") == 2 and lines[0].count(" vs ") == 1, lines[0]
    assert lines[1].startswith("The bell rings: ") and lines[1].count(" & ") == 2
