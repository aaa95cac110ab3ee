"""The step table: each phase whose action the match is waiting for, and the rule function that
resolves that action. ``FilsingerState._apply`` dispatches ``STEPS[phase](st, action)``; a
rule sets ``st.phase`` to say which step comes next, so following an action is reading this
table and then one function.

The table is checked at import (``check_steps``): every entry's function is named
``step_<phase>``, every ``step_*`` function of the rule modules is in it, and every decision and
dice phase has an entry (only ``over`` has none).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.filsinger import (
    chart_rolls,
    decisions,
    defense,
    disqualification,
    entries,
    finishers,
    offense,
    pins,
    results,
    tags,
)
from turnbuckle.games.filsinger.core import DECISION_PHASES, TWO_DICE_PHASES

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.state import FilsingerState

Step = Callable[["FilsingerState", Action], None]

RULE_MODULES: tuple[ModuleType, ...] = (
    entries, results, tags, pins, defense, finishers, offense, chart_rolls, disqualification, decisions,
)
"""The rule families, lowest first (each imports only those before it)."""

STEPS: dict[str, Step] = {
    # chance: the roll-off, the dice, the random partner
    "first": offense.step_first,
    "offense_roll": offense.step_offense_roll,
    "defense_roll": defense.step_defense_roll,
    "chart_roll": chart_rolls.step_chart_roll,
    "choice_roll": offense.step_choice_roll,
    "finisher_roll": finishers.step_finisher_roll,
    "pin_roll": pins.step_pin_roll,
    "distract_roll": pins.step_distract_roll,
    "dq_roll": disqualification.step_dq_roll,
    "countout_roll": disqualification.step_countout_roll,
    "tag_target": tags.step_tag_target,
    "tag_roll": tags.step_tag_roll,
    "feud_roll": results.step_feud_roll,
    # decisions
    "ally_setup": decisions.step_ally_setup,
    "offense_choice": decisions.step_offense_choice,
    "chart_choice": decisions.step_chart_choice,
    "dis_choice": decisions.step_dis_choice,
    "choice": decisions.step_choice,
    "defense_choice": decisions.step_defense_choice,
    "ally_choice": decisions.step_ally_choice,
    "pin_window": pins.step_pin_window,
}
"""Phase -> the function that resolves the action taken there."""

PHASES = DECISION_PHASES | TWO_DICE_PHASES | {"first", "offense_roll", "defense_roll", "finisher_roll", "tag_target"}
"""Every phase but ``over``: the ones the match can wait at for an action."""


class StepTableError(Exception):
    """The step table and the rule modules disagree (raised at import)."""


def check_steps(table: Mapping[str, Step], modules: Iterable[ModuleType], phases: Iterable[str]) -> None:
    """Raise ``StepTableError`` unless ``table`` names each phase once with its ``step_<phase>``
    function and holds every ``step_*`` function defined in ``modules``."""
    problems: list[str] = []
    for kind, step in table.items():
        if step.__name__ != f"step_{kind}":
            problems.append(f"{kind!r} runs {step.__module__}.{step.__name__}, not step_{kind}")
    listed = {(step.__module__, step.__name__) for step in table.values()}
    for module in modules:
        for name, value in vars(module).items():
            if (name.startswith("step_") and callable(value) and getattr(value, "__module__", None) == module.__name__
                    and (module.__name__, name) not in listed):
                problems.append(f"{module.__name__}.{name} is in no table entry")
    problems.extend(f"phase {kind!r} has no step" for kind in sorted(set(phases) - set(table)))
    if problems:
        raise StepTableError("filsinger step table: " + "; ".join(problems))


check_steps(STEPS, RULE_MODULES, PHASES)
