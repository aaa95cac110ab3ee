"""The ring skirmish step table (issue 35): one explicit table, checked at import, covering every step
the rules push (a phase they set, a kind they leave in ``then``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from turnbuckle.games.skirmish import attacks, core, pins, rounds, specials
from turnbuckle.games.skirmish.core import STEP_KINDS
from turnbuckle.games.skirmish.steps import RULE_MODULES, STEPS, TERMINAL_KINDS, StepTableError, check_steps

PACKAGE = Path(core.__file__).parent
STATE_AND_RULES = sorted({m.__name__.rsplit(".", 1)[1] + ".py" for m in RULE_MODULES} | {"state.py", "decisions.py",
                                                                                   "destinations.py", "menu.py",
                                                                                   "damage.py"})


def test_the_table_names_every_step_function_and_every_phase() -> None:
    check_steps(STEPS, RULE_MODULES)  # the import ran it too; here it is asserted by name
    assert set(STEPS) >= set(STEP_KINDS) - TERMINAL_KINDS
    for kind, function in STEPS.items():
        assert function.__name__ == f"step_{kind}"


def test_the_check_fires_on_an_entry_named_for_another_kind() -> None:
    bad = dict(STEPS, bid=rounds.step_corner)
    with pytest.raises(StepTableError, match="kind 'bid' runs step_corner"):
        check_steps(bad, RULE_MODULES)


def test_the_check_fires_on_a_step_function_with_no_entry() -> None:
    bad = {kind: f for kind, f in STEPS.items() if kind != "pin"}
    with pytest.raises(StepTableError, match=r"turnbuckle\.games\.skirmish\.pins\.step_pin is in no table entry"):
        check_steps(bad, RULE_MODULES)


def test_the_check_fires_on_a_phase_with_no_step() -> None:
    bad = {kind: f for kind, f in STEPS.items() if kind != "roll"}
    with pytest.raises(StepTableError, match="phase kind 'roll' has no step"):
        check_steps(bad, [m for m in RULE_MODULES if m is not attacks])


def _pushed_kinds(tree: ast.AST) -> set[str]:
    """Every step kind a module pushes: ``st.phase = NAME`` (the phase constant's kind) and
    ``st.then = "kind"``."""
    kinds: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)):
                continue
            if target.attr == "phase" and isinstance(node.value, ast.Name):
                kinds.add(STEP_KINDS[getattr(core, node.value.id)])
            elif target.attr == "then" and isinstance(node.value, ast.Constant) and node.value.value:
                kinds.add(str(node.value.value))
    return kinds


def test_every_step_the_rules_push_has_an_entry() -> None:
    pushed: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        for kind in _pushed_kinds(ast.parse(path.read_text())):
            pushed.setdefault(kind, set()).add(path.name)
    assert {"pin", "flaunt_rolled", "roll", "dest", "counter", "over"} <= set(pushed)  # the walk finds them
    missing = {kind: files for kind, files in pushed.items() if kind not in STEPS and kind not in TERMINAL_KINDS}
    assert not missing


def test_the_walk_sees_a_push_with_no_entry() -> None:
    tree = ast.parse("def f(st):\n    st.then = 'suplex'\n    st.phase = ROLL\n")
    assert _pushed_kinds(tree) == {"suplex", "roll"}
    assert "suplex" not in STEPS


def test_no_step_is_found_by_building_its_name() -> None:
    """The state and the rules reach steps through the table only: no getattr/setattr by name."""
    for name in STATE_AND_RULES:
        tree = ast.parse((PACKAGE / name).read_text())
        calls = [n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
        assert not {"getattr", "setattr"} & set(calls), name


def test_the_then_steps_run_before_the_action_returns() -> None:
    """``pins.step_pin`` and ``specials.step_flaunt_rolled`` are table entries reached through ``then``."""
    assert STEPS["pin"] is pins.step_pin
    assert STEPS["flaunt_rolled"] is specials.step_flaunt_rolled


def test_the_check_runs_when_steps_is_imported() -> None:
    tree = ast.parse((PACKAGE / "steps.py").read_text())
    calls = [n.value.func.id for n in tree.body
             if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call) and isinstance(n.value.func, ast.Name)]
    assert "check_steps" in calls
