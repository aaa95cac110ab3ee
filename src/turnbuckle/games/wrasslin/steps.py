"""The one step table of WRASSLIN': the phase a match is in -> the function that runs the decision (or
chance outcome) made in it.

WRASSLIN' has no stack of pending steps: what is pending is the ``phase`` (whose decision, and of what
kind) plus plain data beside it (``pending``, ``responders``, ``draws``, ``resume``). ``WrasslinState._apply``
runs ``STEPS[phase](state, action id)``; a concede (14.3) is its own step in any phase but the draft. What
follows a step inside the rules (the next responder, the end of the turn, the draws owed) is a direct call
into ``flow``, the turn cycle.

The table is checked when this module is imported (``check_steps``): every ``step_*`` function of the rule
modules is in it, each under the kind its name says.

Reads: -
Writes: -
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import ModuleType
from typing import TYPE_CHECKING

from turnbuckle.games.wrasslin import chains, deck, plays, tournament, turns

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState

Step = Callable[["WrasslinState", int], None]

STEPS: dict[str, Step] = {
    "draw": deck.step_draw,
    "enter": tournament.step_enter,
    "draft": tournament.step_draft,
    "initiative": turns.step_initiative,
    "penalty": turns.step_penalty,
    "upkeep": turns.step_upkeep,
    "accumulate": turns.step_accumulate,
    "respond": chains.step_respond,
    "main": plays.step_main,
    "dt_hold": plays.step_dt_hold,
    "target": plays.step_target,
    "stay": plays.step_stay,
    "concede": plays.step_concede,
}
"""Phase (or ``concede``) -> its step. Every phase a decision or chance outcome is made in is here."""

RULE_MODULES: tuple[ModuleType, ...] = (chains, deck, plays, tournament, turns)
"""The modules whose ``step_*`` functions the table must name (the other rule modules have none)."""


def check_steps(table: dict[str, Step], modules: Iterable[ModuleType]) -> None:
    """Raise ``RuntimeError`` unless every entry's function is named ``step_<kind>`` and every ``step_*``
    function defined in ``modules`` is an entry."""
    problems: list[str] = []
    for kind, fn in table.items():
        if getattr(fn, "__name__", "") != f"step_{kind}":
            problems.append(f"{kind!r} runs {getattr(fn, '__name__', fn)!r}, not step_{kind}")
    named = set(map(id, table.values()))
    for module in modules:
        for name, fn in vars(module).items():
            mine = callable(fn) and getattr(fn, "__module__", "") == module.__name__
            if name.startswith("step_") and mine and id(fn) not in named:
                problems.append(f"{module.__name__}.{name} is in no entry of the step table")
    if problems:
        raise RuntimeError("wrasslin step table: " + "; ".join(problems))


check_steps(STEPS, RULE_MODULES)
