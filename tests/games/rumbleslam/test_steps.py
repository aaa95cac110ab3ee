"""RUMBLESLAM's step table (issue 35 item 2): every step kind maps to the function named for it,
checked at import, and every kind the rule modules push has an entry."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from turnbuckle.games.rumbleslam import attacks, grapple, rounds
from turnbuckle.games.rumbleslam.steps import RULE_MODULES, STEPS, check_steps

PACKAGE = Path(attacks.__file__).parent
RULE_FILES = ("core", "rerolls", "placement", "status", "rounds", "menu", "attacks", "specials", "grapple",
              "decisions", "prompts")
ENGINE_KINDS = {"die", "decide"}
"""Kinds the loop itself stops at (a chance node, a decision): never in the table."""


def _kind(node: ast.AST) -> str | None:
    if isinstance(node, ast.Tuple) and node.elts:
        first = node.elts[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
    return None


def _tuples(node: ast.AST) -> set[str]:
    return {k for n in ast.walk(node) if (k := _kind(n)) is not None}


def _is_stack(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr in ("stack", "deferred")


STEP_PARAMETERS = ("cont", "then", "after")
"""Parameters that carry a step to push later (``dirty_then(st, w, cont)``, ``land_at(..., then)``)."""


def pushed_kinds(*sources: str) -> set[str]:
    """The first strings of the step tuples ``sources`` push: in ``push(st, ...)`` calls, in
    ``append``/``extend`` on ``st.stack``/``st.deferred``, in lists a function builds (and fills) and
    then pushes (``push(st, *steps)``), in what the functions pushed that way (``*reroll_steps(...)``)
    return, and in steps handed on to be pushed later (a ``cont``, ``then`` or ``after`` argument)."""
    trees = [ast.parse(source) for source in sources]
    functions = {f.name: f for tree in trees for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
    carriers = {name: [i - 1 for i, a in enumerate(f.args.args) if a.arg in STEP_PARAMETERS]
                for name, f in functions.items() if any(a.arg in STEP_PARAMETERS for a in f.args.args)}
    kinds: set[str] = set()
    producers: set[str] = set()
    for func in functions.values():
        held: set[str] = set()  # locals holding steps (or lists of steps) to push
        handed: list[ast.expr] = []
        for call in (n for n in ast.walk(func) if isinstance(n, ast.Call)):
            name = call.func.id if isinstance(call.func, ast.Name) else None
            if name == "push":
                handed += call.args[1:]
            elif name in carriers:
                handed += [call.args[i + 1] for i in carriers[name] if i + 1 < len(call.args)]
                handed += [k.value for k in call.keywords if k.arg in STEP_PARAMETERS]
        for arg in handed:
            kinds |= _tuples(arg)
            inner = arg.value if isinstance(arg, ast.Starred) else arg
            if isinstance(inner, ast.Name):
                held.add(inner.id)
            elif isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name):
                producers.add(inner.func.id)
        for node in ast.walk(func):
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id in held for t in targets):
                    kinds |= _tuples(node.value)
        for call in (n for n in ast.walk(func) if isinstance(n, ast.Call)):
            f = call.func
            if isinstance(f, ast.Attribute) and f.attr in ("append", "extend") and (
                    _is_stack(f.value) or (isinstance(f.value, ast.Name) and f.value.id in held)):
                for arg in call.args:
                    kinds |= _tuples(arg)
                    if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name):
                        producers.add(arg.func.id)
    for name in producers:
        if name in functions:
            for ret in (n for n in ast.walk(functions[name]) if isinstance(n, ast.Return) and n.value is not None):
                kinds |= _tuples(ret.value)
    return kinds


def test_the_table_passes_its_own_check_and_names_every_step_function() -> None:
    check_steps(STEPS)
    functions = {(m.__name__, n) for m in RULE_MODULES for n in vars(m) if n.startswith("step_")}
    assert {(f.__module__, f.__name__) for f in STEPS.values()} == functions
    assert len(STEPS) >= 60


def test_a_step_function_missing_from_the_table_fails_the_check() -> None:
    bad = {k: v for k, v in STEPS.items() if k != "attack"}
    with pytest.raises(ValueError, match=r"turnbuckle\.games\.rumbleslam\.attacks\.step_attack is in no table entry"):
        check_steps(bad)


def test_a_kind_mapped_to_another_kinds_function_fails_the_check() -> None:
    bad = {**STEPS, "attack": attacks.step_opp_roll}
    with pytest.raises(ValueError, match=r"'attack' runs step_opp_roll, not step_attack"):
        check_steps(bad)
    with pytest.raises(ValueError, match="step_escape"):
        check_steps({**STEPS, "get_away": grapple.step_escape})


def test_a_kind_with_no_function_is_caught_by_the_pushed_kinds_check() -> None:
    source = textwrap.dedent('''
        def rule(st):
            steps = [("round_start",)]
            steps.append(("no_such_step", 1))
            push(st, ("nominations",), *steps, *later(st))
            st.deferred.append(("settle", 2))
            step = ("climb", 3)
            dirty_then(st, 1, step)

        def dirty_then(st, w, cont):
            push(st, cont)

        def later(st):
            return [("also_missing",)]
    ''')
    assert pushed_kinds(source) == {"round_start", "no_such_step", "nominations", "settle", "also_missing",
                                      "climb"}


def test_every_kind_the_rules_push_has_a_table_entry() -> None:
    pushed = pushed_kinds(*((PACKAGE / f"{name}.py").read_text(encoding="utf-8") for name in RULE_FILES))
    assert pushed - set(STEPS) - ENGINE_KINDS == set()
    assert set(STEPS) <= pushed  # the scan sees every push (not an empty pass): no step is left unreached


def test_the_loop_runs_a_step_through_the_table() -> None:
    assert STEPS["round_start"] is rounds.step_round_start
