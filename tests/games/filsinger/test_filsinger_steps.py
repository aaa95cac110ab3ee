"""The step table (issue 35): every phase the match can wait at runs one named ``step_<phase>``
function, the table is checked at import, and the state is a plain data class over rule modules.

The AST checks read the rule modules' source: every phase a rule sets (``st.phase = "..."``) has a
table entry, no rule finds a function by a name built at run time, and no class in the package
inherits from another class of the package (one level over the engine's ``State``).
"""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType

import pytest

from turnbuckle.engine.game import State
from turnbuckle.games.filsinger import core, defense, offense, queries, results, steps
from turnbuckle.games.filsinger import state as state_module
from turnbuckle.games.filsinger.core import DECISION_PHASES, TWO_DICE_PHASES
from turnbuckle.games.filsinger.rules import FilsingerGame
from turnbuckle.games.filsinger.state import FilsingerState
from turnbuckle.games.filsinger.steps import PHASES, RULE_MODULES, STEPS, StepTableError, check_steps

PACKAGE = Path(steps.__file__).parent


def _source(module: ModuleType) -> ast.Module:
    """The module's source (beside it, also in a compiled build where ``__file__`` is the .so)."""
    return ast.parse((PACKAGE / f"{module.__name__.rsplit('.', 1)[-1]}.py").read_text())


def _phases_set(tree: ast.AST) -> set[str]:
    """Every string a module may assign to ``<something>.phase`` (conditional expressions included)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Attribute) and t.attr == "phase" for t in node.targets
        ):
            found |= {c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    return found


def test_the_table_passes_its_own_check() -> None:
    check_steps(STEPS, RULE_MODULES, PHASES)
    assert set(STEPS) == PHASES and "over" not in STEPS
    assert set(STEPS) >= DECISION_PHASES | TWO_DICE_PHASES


def test_check_fires_on_a_step_under_another_name() -> None:
    bad = {**STEPS, "offense_roll": defense.step_defense_roll}
    with pytest.raises(StepTableError, match=r"'offense_roll' runs .*\.step_defense_roll"):
        check_steps(bad, RULE_MODULES, PHASES)


def test_check_fires_on_a_step_function_in_no_entry() -> None:
    bad = {kind: step for kind, step in STEPS.items() if kind != "feud_roll"}
    with pytest.raises(StepTableError, match=r"results\.step_feud_roll is in no table entry"):
        check_steps(bad, RULE_MODULES, PHASES - {"feud_roll"})


def test_check_fires_on_a_phase_with_no_step() -> None:
    bad = {kind: step for kind, step in STEPS.items() if kind != "first"}
    with pytest.raises(StepTableError, match="'first' has no step"):
        check_steps(bad, [results], PHASES)
    assert offense.step_first is STEPS["first"]


def test_every_phase_a_rule_sets_has_a_step() -> None:
    """A rule moves the match on by setting ``st.phase``; each such phase must be in the table."""
    set_anywhere: set[str] = set()
    for module in (*RULE_MODULES, state_module):
        set_anywhere |= _phases_set(_source(module))
    assert {"first", "ally_setup", "offense_roll", "pin_window", "feud_roll", "over"} <= set_anywhere
    assert set_anywhere - {"over"} <= set(STEPS), sorted(set_anywhere - {"over"} - set(STEPS))


def test_no_rule_finds_a_function_by_name() -> None:
    for module in (*RULE_MODULES, core, queries, state_module):
        tree = _source(module)
        dynamic = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                   and n.func.id in ("getattr", "setattr", "hasattr")]
        assert not dynamic, f"{module.__name__}: getattr/setattr at lines {dynamic}"


def test_no_class_inherits_more_than_one_level() -> None:
    """No mixins or layers: a class of ``games/filsinger`` has at most one base from the package, and
    that base none (the engine's State and Game, Enum are outside classes; ``models``' pydantic schemas
share a strict base and are plain data); the
    state and rule modules define no class over another of the package at all."""
    bases: dict[str, list[str]] = {}
    where: dict[str, str] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = [ast.unparse(b).split(".")[-1] for b in node.bases]
                where[node.name] = path.stem
    inner = {name: [b for b in found if b in bases] for name, found in bases.items()}
    too_deep = {name: found for name, found in inner.items()
                if where[name] != "models" and (len(found) > 1 or any(inner[b] for b in found))}
    assert not too_deep, too_deep
    rule_files = {m.__name__.rsplit(".", 1)[-1] for m in (*RULE_MODULES, core, queries, state_module, steps)}
    assert not {name: found for name, found in inner.items() if found and where[name] in rule_files}
    assert FilsingerState.__bases__ == (State,)


def test_the_state_holds_only_the_contract() -> None:
    """The state's own methods are the engine contract and its fast paths; rules are functions."""
    contract = {
        "__init__", "_copy_into", "clone", "__deepcopy__", "current_player", "is_terminal", "is_chance_node",
        "legal_actions", "apply_action", "_is_allowed", "chance_outcomes", "sample_chance", "match_result",
        "returns", "observation", "_apply",
    }
    compiled = {"__new__", "__getstate__", "__setstate__", "__internal_mypyc_setup"}  # mypyc's own
    own = {name for name, value in vars(FilsingerState).items() if callable(value)} - compiled
    assert own <= contract, sorted(own - contract)
    state = FilsingerGame().new_initial_state()
    assert not hasattr(state, "__dict__") or set(vars(state)) <= {
        "game", "_history", "_events", "_event_cache", "_events_deferred", "record_events", "_origin"}


def test_apply_runs_the_table() -> None:
    """``_apply`` reaches a rule through ``STEPS``: swapping the entry swaps the rule that runs."""
    state = FilsingerGame().new_initial_state()
    seen: list[str] = []
    original = STEPS["first"]
    STEPS["first"] = lambda st, action: seen.append(action.name)
    try:
        state.apply_action("first=1")
    finally:
        STEPS["first"] = original
    assert seen == ["first=1"] and state.phase == "first"
