"""WRASSLIN's one step table (issue 35): every phase the rules move a match into has its step, every
``step_*`` function is in the table under its own kind, and the import-time check fires on a bad table."""

from __future__ import annotations

import ast
import types
from pathlib import Path

import pytest

from turnbuckle.games.wrasslin import steps
from turnbuckle.games.wrasslin.steps import RULE_MODULES, STEPS, check_steps

PACKAGE = Path(steps.__file__).parent
RULES = sorted(p for p in PACKAGE.glob("*.py") if p.name in {
    "core.py", "options.py", "holds.py", "results.py", "ring.py", "landing.py", "flow.py", "refusals.py",
    "chains.py", "deck.py", "turns.py", "plays.py", "tournament.py", "observe.py", "state.py"})
NO_DECISION = {"over"}
"""Phases in which nobody decides and nothing is drawn: the match is over."""


def _literals(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    return []


def phases_set() -> dict[str, str]:
    """Every phase a rule module (or the state's start) assigns, with where."""
    found: dict[str, str] = {}
    for path in RULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Attribute) and target.attr == "phase":
                        for kind in _literals(node.value):
                            found.setdefault(kind, f"{path.name}:{node.lineno}")
    return found


def test_the_reader_finds_the_phases() -> None:
    found = phases_set()
    assert {"draw", "main", "respond", "target", "dt_hold", "upkeep"} <= set(found)


def test_every_phase_set_has_a_step() -> None:
    missing = {kind: where for kind, where in phases_set().items() if kind not in STEPS and kind not in NO_DECISION}
    assert not missing, f"phases with no entry in steps.STEPS: {missing}"


def test_every_entry_is_a_phase_the_rules_reach() -> None:
    assert set(STEPS) - set(phases_set()) == {"concede"}  # 14.3: concede is a step in any phase


def test_the_table_names_each_step_by_its_kind() -> None:
    for kind, fn in STEPS.items():
        assert fn.__name__ == f"step_{kind}"
    check_steps(STEPS, RULE_MODULES)


def test_the_check_fires_on_a_misnamed_entry() -> None:
    bad = {**STEPS, "main": STEPS["stay"]}
    with pytest.raises(RuntimeError, match="'main' runs 'step_stay'"):
        check_steps(bad, RULE_MODULES)


def test_the_check_fires_on_a_step_missing_from_the_table() -> None:
    bad = {kind: fn for kind, fn in STEPS.items() if kind != "penalty"}
    with pytest.raises(RuntimeError, match=r"turns\.step_penalty is in no entry"):
        check_steps(bad, RULE_MODULES)


def test_the_check_fires_on_a_new_step_function_not_in_the_table() -> None:
    module = types.ModuleType("turnbuckle.games.wrasslin.extra")

    def step_extra(st: object, aid: int) -> None:
        """A step some rule module defines but the table forgot."""

    step_extra.__module__ = module.__name__
    module.step_extra = step_extra  # type: ignore[attr-defined]
    with pytest.raises(RuntimeError, match=r"extra\.step_extra is in no entry"):
        check_steps(STEPS, (*RULE_MODULES, module))


def test_no_rule_module_finds_a_function_by_name() -> None:
    """The engine loop dispatches through ``STEPS``; no rule reaches a function by a built name."""
    for path in RULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("getattr", "setattr", "vars"), f"{path.name}:{node.lineno}"
