"""Ring skirmish step table: every step kind and the rule function that runs it, checked at import.

``SkirmishState._apply`` runs ``STEPS[STEP_KINDS[phase]](st, action)`` for the action applied in a
phase (the phase is the pending decision or chance node), then, while a rule has left a kind in
``st.then``, ``STEPS[kind](st)``: that is how the attacks family hands a decided roll to a later
family (a pin's count, a Flaunt's effects) without importing it. A reader following an action goes
from here straight to the function; ``check_steps`` keeps the table and the functions in step.

Reads: -
Writes: -
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import ModuleType
from typing import Final

from turnbuckle.games.skirmish import attacks, maneuvers, movement, pins, placement, rounds, specials
from turnbuckle.games.skirmish.core import STEP_KINDS

RULE_MODULES: Final = (rounds, movement, placement, attacks, pins, specials, maneuvers)
"""The rule modules whose ``step_*`` functions the table must name."""

TERMINAL_KINDS: Final = frozenset({"over"})
"""Phases with no step: nothing is applied once the match is over."""

STEPS: Final[dict[str, Callable[..., None]]] = {
    # SK-2 starting the game, SK-3 rounds and bids
    "setup_order": rounds.step_setup_order,
    "starter": rounds.step_starter,
    "corner": rounds.step_corner,
    "bid": rounds.step_bid,
    "bid_order": rounds.step_bid_order,
    # SK-4 a turn's maneuver, SK-7.7 a counter
    "turn": maneuvers.step_turn,
    "counter": maneuvers.step_counter,
    # SK-6 moves, SK-10.7 Whips
    "move_roll": movement.step_move_roll,
    "whip_roll": movement.step_whip_roll,
    "route": movement.step_route,
    "dest": movement.step_dest,
    "face": movement.step_face,
    # SK-5 boosts, SK-7 attack rolls
    "boost": attacks.step_boost,
    "roll": attacks.step_roll,
    # SK-8 pins (left in ``then`` by the attack roll)
    "pin": pins.step_pin,
    # SK-10 pushes and placements
    "push": placement.step_push,
    "place": placement.step_place,
    # SK-9 Flaunt (the roll left in ``then``, then the chosen effects)
    "flaunt_rolled": specials.step_flaunt_rolled,
    "flaunt_effect": specials.step_flaunt_effect,
}
"""Step kind -> the function that runs it: ``(st, action)`` for a phase's kind, ``(st)`` for a ``then`` kind."""


class StepTableError(Exception):
    """The step table and the rule modules' ``step_*`` functions disagree."""


def check_steps(table: Mapping[str, Callable[..., None]], modules: Iterable[ModuleType],
                phase_kinds: Iterable[str] = STEP_KINDS) -> None:
    """Raise ``StepTableError`` unless every entry's function is named ``step_<kind>``, every
    ``step_*`` function defined in ``modules`` is an entry, and every phase but the terminal one has one."""
    problems: list[str] = []
    named: set[tuple[str, str]] = set()
    for kind, function in table.items():
        name = function.__name__
        if name != f"step_{kind}":
            problems.append(f"kind {kind!r} runs {name}, not step_{kind}")
        named.add((function.__module__, name))
    for module in modules:
        for name, value in vars(module).items():
            if name.startswith("step_") and callable(value) and getattr(value, "__module__", None) == module.__name__ \
                    and (module.__name__, name) not in named:
                problems.append(f"{module.__name__}.{name} is in no table entry")
    for kind in phase_kinds:
        if kind not in TERMINAL_KINDS and kind not in table:
            problems.append(f"phase kind {kind!r} has no step")
    if problems:
        raise StepTableError("skirmish step table: " + "; ".join(problems))


check_steps(STEPS, RULE_MODULES)
