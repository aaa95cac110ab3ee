"""What a person reads at a decision in the terminal, played through ``turnbuckle play`` (issue 29:
11-13): WRASSLIN' errors marked in the menu, skirmish's refusal of a move too far, RUMBLESLAM's
prompt and board letters."""

from __future__ import annotations

import re
from dataclasses import dataclass

from typer.testing import CliRunner

from turnbuckle.cli import main as cli_main


@dataclass
class Outcome:
    code: int
    out: str
    err: str


def cli(*args: str, stdin: str = "") -> Outcome:
    with CliRunner().isolation(input=stdin) as (out, err, _):
        code = cli_main.run(list(args))
        return Outcome(code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace"))


def test_wrasslin_marks_the_plays_only_the_errors_rule_allows_in_the_menu() -> None:
    """11.5: after calling a card for the Initiative (5.3) every other play is an error: the menu items
    say so themselves, and the plays that are straight carry no mark."""
    played = cli("play", "wrasslin", "--seed", "1", "--opponent", "random", "--no-hints", stdin="1\n" * 4 + "quit\n")
    assert played.code == 0, played.err
    items = [line for line in played.out.splitlines() if re.match(r"\s+\d+\s+\S", line)]
    marked = [line for line in items if "[illegal, may be challenged: 11.5]" in line]
    assert marked and len(marked) < len(items)
    assert all(re.match(r"\s+\d+\s+(play|discard|react) ", line) for line in marked), marked
