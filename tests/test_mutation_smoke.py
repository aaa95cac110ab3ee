"""The mutation-testing set-up does not rot (issue 36 item 3): a few fixed mutants per game, chosen by their
stable ids, go through ``scripts/mutation.py`` (Cosmic Ray's operators, a throw-away copy, the game's tests
without the goldens) and come out killed; the worktree's sources are never touched; and the script's fast
way of making a mutant gives exactly Cosmic Ray's own ``mutate_code``.

The full runs are not part of CI (too slow for two cores); see docs/testing.md. If a rule module changes
under one of these lines, its id changes: pick another killed mutant with ``--list`` and ``--only``.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "mutation.py"

pytestmark = pytest.mark.mutation

SMOKE: dict[str, tuple[str, tuple[str, ...]]] = {
    # game: (the one quick rule-test file run, the mutant ids that file must kill)
    "powerhouses": ("tests/games/powerhouses/test_rules.py", ("4d8b864d29", "5331a6b4a6")),
    "wrasslin": ("tests/games/wrasslin/test_sections.py", ("1b62ae0878", "399858cefc")),
    "filsinger": ("tests/games/filsinger/test_filsinger_rules.py", ("e7d57c35e3", "3d2e9ba9e4")),
    "rumbleslam": ("tests/games/rumbleslam/test_rules.py", ("3033088e57", "729ce85b92")),
    "skirmish": ("tests/games/skirmish/test_rules.py", ("8d89348f14", "429f3c3b8f")),
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
    for ident in SMOKE[game][1]:
        m = mutants[ident]
        source = (ROOT / m.file).read_text(encoding="utf-8")
        assert tool.mutated_source(m) == mutate_code(source, get_operator(m.operator)(), m.occurrence)
        assert m.before != m.after and m.before in source


@pytest.mark.parametrize("game", list(SMOKE))
def test_fixed_mutants_are_killed(game: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    tests, ids = SMOKE[game]
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
