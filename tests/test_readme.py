"""The README's Python blocks run as printed, and its set-up commands name real extras (issue 8.10)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)


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
