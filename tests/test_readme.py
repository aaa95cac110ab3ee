"""The README's Python blocks run as printed, its set-up commands name real extras (issue 8.10), and
its shell examples run in order, as printed but for smaller counts and cheap computer players, in
a temporary folder (issue 22.21)."""

from __future__ import annotations

import io
import re
import shlex
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)
BASH_BLOCKS = re.findall(r"```bash\n(.*?)```", README, flags=re.DOTALL)


def test_the_readme_has_python_examples() -> None:
    assert PYTHON_BLOCKS


@pytest.mark.parametrize("index", range(len(PYTHON_BLOCKS)))
def test_every_python_block_runs_as_printed(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(PYTHON_BLOCKS[index], f"README.md python block {index}", "exec"), {"__name__": "__readme__"})
    assert capsys.readouterr().out.strip(), "an example that prints nothing shows nothing"


def test_the_two_setup_commands_come_first_and_use_real_extras() -> None:
    commands = re.findall(r"```bash\n(.*?)```", README, flags=re.DOTALL)[0].strip().splitlines()
    assert commands[0].startswith("python3 -m venv .venv && .venv/bin/pip install .")
    assert "pytest" in commands[1]
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])
    for wanted in re.findall(r"\.\[([a-z,]+)\]", commands[1]):
        assert set(wanted.split(",")) <= extras


def test_every_game_ships_its_rule_text() -> None:
    import turnbuckle
    from turnbuckle.rulebooks import available, rule_text

    for name in turnbuckle.list_games():
        assert name in available() and len(rule_text(name)) > 1000


def test_rules_text_prints_the_rulebook() -> None:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "turnbuckle", "rules", "powerhouses", "--text"],
                         capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0 and "Ending the Game" in out.stdout


# -- the shell examples ------------------------------------------------------------------------------
NOT_RUN = {
    "turnbuckle serve": "a server runs until stopped (tests/web drives it)",
    "--backend ray": "needs Ray and a cluster (tests/sim covers the backend)",
    "ray start": "starts a Ray cluster",
}
"""Lines the test leaves out, with the reason; everything else runs."""
SMALL = {"--matches": "4", "-n": "4", "--simulate": "2000"}
"""Counts cut down: the README's own numbers are for people, not for a test run."""


def shell_commands(block: str) -> list[list[str]]:
    """A bash block's commands, in order: ``a && b`` and ``a ; b`` are two; comments dropped."""
    commands: list[list[str]] = []
    for line in block.strip().splitlines():
        words = shlex.split(line, comments=True)
        command: list[str] = []
        for word in [*words, "&&"]:
            if word in ("&&", ";"):
                if command:
                    commands.append(command)
                command = []
            else:
                command.append(word)
    return commands


def smaller(args: list[str]) -> list[str]:
    out = list(args)
    for i, word in enumerate(out[:-1]):
        if word in SMALL:
            out[i + 1] = SMALL[word]
    if out[:2] == ["league", "season"]:
        out[2] = "2"
    return out


def test_the_shell_examples_are_found_and_left_out_only_for_a_reason() -> None:
    commands = [c for block in BASH_BLOCKS[1:] for c in shell_commands(block)]
    assert len(commands) >= 30 and all(c[0] in ("turnbuckle", "ray") for c in commands)
    skipped = [c for c in commands if any(key in " ".join(c) for key in NOT_RUN)]
    assert len(skipped) == 4, skipped


@pytest.mark.parametrize("index", range(1, len(BASH_BLOCKS)))
def test_every_shell_example_runs_as_printed(index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Each block in its own empty folder, its commands in order; a person's moves are ``auto``
    (the computer decides), and every computer player is ``random`` so a block takes seconds."""
    from turnbuckle.agents import registry
    from turnbuckle.cli import main, matches

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TURNBUCKLE_DB", raising=False)
    monkeypatch.setattr(registry, "strongest_agent", lambda game: "random")
    monkeypatch.setattr(matches, "strongest_agent", lambda game: "random")
    monkeypatch.setattr(matches, "new_seed", lambda: 1)  # the same matches on every run
    for command in shell_commands(BASH_BLOCKS[index]):
        line = " ".join(command)
        if any(key in line for key in NOT_RUN):
            continue
        monkeypatch.setattr("sys.stdin", io.StringIO("auto\n" * 20_000))
        code = main.run(smaller(command[1:]))
        captured = capsys.readouterr()
        assert code == 0, f"README: {line}\n{captured.err[-1500:]}\n{captured.out[-1500:]}"
        assert "internal error" not in captured.err, line
