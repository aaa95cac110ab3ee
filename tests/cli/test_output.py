"""Output read by people and pipes (issue 8.6): lines are not broken at 80 columns in a pipe, and a
match with nothing to decide says so, naming the options that give decisions."""

from __future__ import annotations

import subprocess
import sys


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "turnbuckle", *args], capture_output=True, text=True,
                          input=stdin, timeout=300, check=False)


def test_play_filsinger_says_it_has_no_decisions_on_one_unbroken_line() -> None:
    out = run("play", "filsinger", "--seed", "1", "-o", "tournament_standard=false")  # the basic game (29.8)
    assert out.returncode == 0, out.stderr
    note = next(line for line in out.stdout.splitlines() if "no decisions" in line)
    assert "-o match_type=tag" in note and len(note) > 80, "the note is one line, not wrapped at 80"
    assert "Winner:" in out.stdout or "draw" in out.stdout


def test_rules_summary_is_not_wrapped_twice() -> None:
    out = run("rules", "wrasslin")
    summary = out.stdout.splitlines()[2]
    assert summary.startswith("WRASSLIN': each player") and summary.endswith("elimination tournament.")


def test_counts_read_as_english() -> None:
    from turnbuckle.text import plural

    assert plural(1, "match") == "1 match" and plural(2, "match") == "2 matches"
    assert plural(1, "entry") == "1 entry" and plural(3, "entry") == "3 entries"
    assert plural(2, "day") == "2 days" and plural(1_000, "die", "dice") == "1,000 dice"


def test_roster_tables_drop_columns_rather_than_break_names_in_a_narrow_terminal() -> None:
    import os

    narrow = subprocess.run([sys.executable, "-m", "turnbuckle", "roster", "wrasslin"], capture_output=True,
                            text=True, timeout=120, check=False, env={**os.environ, "COLUMNS": "60"})
    lines = narrow.stdout.splitlines()
    assert any('Jamie "The Blacksmith" Kneeshurt' in line for line in lines), "a name is never broken"
    assert max(len(line) for line in lines) <= 60


def test_the_cli_starts_without_the_web_stack_or_plotting() -> None:
    # start-up stays light: FastAPI, matplotlib and SQLAlchemy load only for the commands that use them
    code = ("import sys, turnbuckle.cli.main, turnbuckle.cli.odds; "
            "print(sorted(m for m in ('fastapi', 'matplotlib', 'sqlalchemy', 'openskill') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stdout + out.stderr


def test_a_table_that_drops_columns_says_how_many_and_how_to_see_them() -> None:
    # issue 22.20: a narrow terminal hides columns, and says so (and which)
    import os
    import re

    def roster(columns: int) -> str:
        out = subprocess.run([sys.executable, "-m", "turnbuckle", "roster", "wrasslin"], capture_output=True,
                             text=True, timeout=120, check=False, env={**os.environ, "COLUMNS": str(columns)})
        assert out.returncode == 0, out.stderr
        return " ".join(out.stdout.split())

    narrow = roster(60)
    found = re.search(r"(\d+) columns? hidden \(([^)]*)\); widen the terminal or use --json", narrow)
    assert found is not None, narrow[-300:]
    assert int(found.group(1)) == len(found.group(2).split(", ")) >= 1
    wide = roster(400)
    assert "hidden" not in wide and "--json shows every field" in wide
