"""``--help`` of every command names values the usual way (issue 29.9): nothing after a flag,
``TEXT`` / ``INTEGER`` / ``FILE`` / ``GAME`` after an option that takes a value, arguments by their
names; never Python types such as ``<bool>``, ``<str>`` or ``<list[str]>``, nor ``{GAME}``."""

from __future__ import annotations

import re

import pytest
import typer
from typer.core import TyperGroup
from typer.testing import CliRunner

from turnbuckle.cli import main as cli_main


def command_paths() -> list[list[str]]:
    """Every command and group of ``turnbuckle``, as the words a user types before ``--help``."""
    paths: list[list[str]] = [[]]

    def walk(command: object, path: list[str]) -> None:
        if isinstance(command, TyperGroup):
            for name, sub in command.commands.items():
                paths.append([*path, name])
                walk(sub, [*path, name])

    walk(typer.main.get_command(cli_main.app), [])
    return paths


def help_text(path: list[str], monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COLUMNS", "120")
    with CliRunner().isolation() as (out, err, _):
        code = cli_main.run([*path, "--help"])
        text = out.getvalue().decode("utf-8")
    assert code == 0, err.getvalue()
    return text


def option_rows(text: str) -> dict[str, str]:
    """``--name`` -> what the help shows right after it (and its negative form) in the options panel."""
    rows: dict[str, str] = {}
    for line in text.splitlines():
        found = re.match(r"[│|]\s+(--[\w-]+)\s+(?:-\w\s+)?(?:--[\w-]+\s+)?(\S*)", line)
        if found:
            rows[found[1]] = found[2]
    return rows


@pytest.mark.parametrize("path", command_paths(), ids=lambda p: " ".join(p) or "turnbuckle")
def test_help_shows_usual_metavars(path: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    text = help_text(path, monkeypatch)
    assert not re.search(r"<(bool|str|int|float|path|list\[[^\]]*\])[^>]*>", text), text
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert "{" not in usage, usage
    rows = option_rows(text)
    assert rows["--help"] == "Show", "a flag shows no value after it"


def test_flags_take_no_metavar_and_values_say_their_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = option_rows(help_text(["play"], monkeypatch))
    assert rows["--hot-seat"] == "Every" and rows["--force"] == "Replace"
    assert rows["--hints"] == "Offer", "a --x/--no-x flag shows no value either"
    assert rows["--seat"] == "INTEGER" and rows["--seed"] == "INTEGER"
    assert rows["--opponent"] == "TEXT" and rows["--wrestler"] == "TEXT" and rows["--option"] == "TEXT"
    assert rows["--roster"] == "FILE" and rows["--save-replay"] == "FILE" and rows["--position"] == "FILE"
    text = help_text(["roster"], monkeypatch)
    assert "Usage: turnbuckle roster [OPTIONS] GAME [FILE]" in text
    assert option_rows(text)["--game"] == "GAME"
