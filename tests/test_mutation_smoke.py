"""The mutation-testing set-up does not rot (issue 36 item 3): a few fixed mutants per game, named by
their line's text, go through ``scripts/mutation.py`` (Cosmic Ray's operators, a throw-away copy, the game's tests
without the goldens) and come out killed; the worktree's sources are never touched; and the script's fast
way of making a mutant gives exactly Cosmic Ray's own ``mutate_code``.

The full runs are not part of CI (too slow for two cores); see docs/testing.md. The mutants are named by
their file and line text, so edits elsewhere do not break the test; if one of these lines itself changes,
pick another killed mutant with ``--list`` and ``--only``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "mutation.py"

pytestmark = pytest.mark.mutation

G = "src/turnbuckle/games"
SMOKE: dict[str, tuple[str, tuple[tuple[Any, ...], ...]]] = {
    # game: (the one quick rule-test file run, the mutants that file must kill as (file, line before, after[, nth]):
    # nth picks among equal lines in the file, counted from the top).
    # Named by their text, not their id: an id holds the line number, which any edit above it shifts.
    "powerhouses": ("tests/games/powerhouses/test_rules.py", (
        (f"{G}/powerhouses/state.py", "return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]",
         "return [ 0.0, -1.0] if self.winner == 0 else [-1.0, 1.0]"),
        (f"{G}/powerhouses/state.py", "return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]",
         "return [1.0, -1.0] if self.winner != 0 else [-1.0, 1.0]"),
    )),
    "wrasslin": ("tests/games/wrasslin/test_sections.py", (
        (f"{G}/wrasslin/state.py", "if player == TERMINAL:", "if player != TERMINAL:"),
        (f"{G}/wrasslin/refusals.py", "if p == TERMINAL:", "if p != TERMINAL:"),
    )),
    "filsinger": ("tests/games/filsinger/test_filsinger_rules.py", (
        (f"{G}/filsinger/state.py", 'if phase == "over":', 'if phase != "over":'),
        (f"{G}/filsinger/state.py", 'if phase == "over":', 'if phase < "over":'),
    )),
    "rumbleslam": ("tests/games/rumbleslam/test_rules.py", (
        (f"{G}/rumbleslam/state.py", 'return not self.over and self.stack[-1][0] == "die"',
         'return not self.over and self.stack[-1][0] != "die"'),
        (f"{G}/rumbleslam/state.py", 'if self.over or self.stack[-1][0] != "decide":',
         'if not self.over or self.stack[-1][0] != "decide":'),
    )),
    "skirmish": ("tests/games/skirmish/test_rules.py", (
        (f"{G}/skirmish/observe.py", "if st.winner < 0:", "if st.winner >= 0:", 2),
        (f"{G}/skirmish/observe.py", "if st.winner < 0:", "if st.winner != 0:"),
    )),
}


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def work_dir(game: str, factory: pytest.TempPathFactory) -> Path:
    """One scratch folder per game for both tests, so the game's mutants are enumerated once."""
    return factory.getbasetemp() / f"mutation-{game}"


def smoke_ids(game: str, tool: ModuleType, factory: pytest.TempPathFactory) -> list[str]:
    """The ids of the game's smoke mutants today: each named one must exist exactly once."""
    cache = work_dir(game, factory) / "mutants.json"
    mutants = tool.enumerate_mutants(tool.load_config(game), cache)
    ids = []
    for file, before, after, *nth in SMOKE[game][1]:
        found = sorted((m.line, m.id) for m in mutants
                       if m.file == file and m.before.strip() == before and m.after.strip() == after)
        which = nth[0] if nth else 1
        assert len(found) >= which, f"{game}: no mutant {file}: {before} -> {after}; pick another with --list"
        ids.append(found[which - 1][1])
    return ids


def sources_digest(game: str) -> str:
    digest = hashlib.sha1()
    for path in sorted((ROOT / "src" / "turnbuckle" / "games" / game).glob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


@pytest.mark.parametrize("game", list(SMOKE))
def test_mutants_are_cosmic_rays_own(game: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    from cosmic_ray.mutating import mutate_code
    from cosmic_ray.plugins import get_operator

    tool = script()
    cache = work_dir(game, tmp_path_factory) / "mutants.json"
    mutants = {m.id: m for m in tool.enumerate_mutants(tool.load_config(game), cache)}
    for ident in smoke_ids(game, tool, tmp_path_factory):
        m = mutants[ident]
        source = (ROOT / m.file).read_text(encoding="utf-8")
        assert tool.mutated_source(m) == mutate_code(source, get_operator(m.operator)(), m.occurrence)
        assert m.before != m.after and m.before in source


@pytest.mark.parametrize("game", list(SMOKE))
def test_fixed_mutants_are_killed(game: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    tests = SMOKE[game][0]
    ids = smoke_ids(game, script(), tmp_path_factory)
    before = sources_digest(game)
    report = tmp_path / "report.md"
    command = [sys.executable, str(SCRIPT), game, "--skip-clean", "--timeout", "300", "--tests", tests,
               "--work", str(work_dir(game, tmp_path_factory)), "--report", str(report)]
    for ident in ids:
        command += ["--only", ident]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    summary = json.loads(report.with_suffix(".json").read_text(encoding="utf-8"))
    assert (summary["tried"], summary["killed"], summary["survived"]) == (len(ids), len(ids), 0), summary
    assert sources_digest(game) == before  # only the throw-away copy was mutated
