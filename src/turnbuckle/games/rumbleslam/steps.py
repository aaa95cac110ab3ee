"""RUMBLESLAM's step table: every kind of pending step and the rule function that runs it.

A pending step is a tuple on ``st.stack`` (``("attack", a, t, atk)``); ``run`` pops the top one
and calls ``STEPS[kind](st, *args)`` until the match needs a die (``("die", i)``: a chance node) or
a decision (``("decide", code, player, ...)``). A reader following an action from ``apply_action``
finds here, by the step's name, the module and function that carries it out; a rule that needs
work done later pushes a step (``push(st, ("tb_test", w.index, -1))``) rather than calling up a
layer.

The table is checked when this module loads (``check_steps``): every ``step_*`` function of the
rule modules is in it, under its own kind, and nothing else is.

Reads: over
Writes: deferred, stack
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from turnbuckle.games.rumbleslam import attacks, core, grapple, placement, rerolls, rounds, specials, status
from turnbuckle.games.rumbleslam.core import push
from turnbuckle.games.rumbleslam.menu import act_should_end

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.state import RumbleslamState

RULE_MODULES: tuple[ModuleType, ...] = (core, rerolls, placement, status, rounds, attacks, specials, grapple)
"""The modules whose ``step_*`` functions the table must name, every one."""

STEPS: dict[str, Callable[..., None]] = {
    "roll": core.step_roll,
    "roll_on": core.step_roll_on,
    "reroll_window": rerolls.step_reroll_window,
    "impact": placement.step_impact,
    "cp_done": status.step_cp_done,
    "crowd_pleaser": status.step_crowd_pleaser,
    "pin": status.step_pin,
    "pin_done": status.step_pin_done,
    "settle": status.step_settle,
    "bleeding": rounds.step_bleeding,
    "choice": rounds.step_choice,
    "corners_next": rounds.step_corners_next,
    "deploy": rounds.step_deploy,
    "end_act": rounds.step_end_act,
    "entries": rounds.step_entries,
    "initiative_done": rounds.step_initiative_done,
    "initiative_roll": rounds.step_initiative_roll,
    "ko_recovery": rounds.step_ko_recovery,
    "next_act": rounds.step_next_act,
    "nominate": rounds.step_nominate,
    "nominations": rounds.step_nominations,
    "round_end": rounds.step_round_end,
    "round_start": rounds.step_round_start,
    "setup_roll": rounds.step_setup_roll,
    "setup_rolled": rounds.step_setup_rolled,
    "sponsor_rolled": rounds.step_sponsor_rolled,
    "sponsor_window": rounds.step_sponsor_window,
    "start_act": rounds.step_start_act,
    "attack": attacks.step_attack,
    "dirty_done": attacks.step_dirty_done,
    "opp_resolve": attacks.step_opp_resolve,
    "opp_roll": attacks.step_opp_roll,
    "reversal": attacks.step_reversal,
    "bounce": specials.step_bounce,
    "bounceback": specials.step_bounceback,
    "dazed": specials.step_dazed,
    "devastate": specials.step_devastate,
    "devastate_next": specials.step_devastate_next,
    "devastate_one": specials.step_devastate_one,
    "devastate_resolve": specials.step_devastate_resolve,
    "devastate_rolled": specials.step_devastate_rolled,
    "fury": specials.step_fury,
    "rebound": specials.step_rebound,
    "shove_prompt": specials.step_shove_prompt,
    "tag_out": specials.step_tag_out,
    "ammo_done": grapple.step_ammo_done,
    "ammo_hit": grapple.step_ammo_hit,
    "auto_lift": grapple.step_auto_lift,
    "climb": grapple.step_climb,
    "dismount": grapple.step_dismount,
    "dismounted": grapple.step_dismounted,
    "escape": grapple.step_escape,
    "escape_rolled": grapple.step_escape_rolled,
    "lift_weight": grapple.step_lift_weight,
    "out_done": grapple.step_out_done,
    "tb_land": grapple.step_tb_land,
    "tb_landed": grapple.step_tb_landed,
    "tb_test": grapple.step_tb_test,
    "tb_test_done": grapple.step_tb_test_done,
    "throw_landed": grapple.step_throw_landed,
    "throw_to": grapple.step_throw_to,
}
"""Each step kind and the function that runs it (``STEPS[kind](st, *args)``)."""


def check_steps(table: dict[str, Callable[..., None]], modules: tuple[ModuleType, ...] = RULE_MODULES) -> None:
    """Raise ``ValueError`` unless ``table`` maps each kind to ``step_<kind>`` and names every
    ``step_*`` function of ``modules``: a step with no function, or a function no kind names,
    fails when the game loads instead of mid-match."""
    problems = [f"{kind!r} runs {fn.__name__}, not step_{kind}"
                for kind, fn in table.items() if fn.__name__ != f"step_{kind}"]
    named = {(fn.__module__, fn.__name__) for fn in table.values()}
    for module in modules:
        for name, value in vars(module).items():
            if (name.startswith("step_") and callable(value) and getattr(value, "__module__", None) == module.__name__
                    and (module.__name__, name) not in named):
                problems.append(f"{module.__name__}.{name} is in no table entry")
    if problems:
        raise ValueError("rumbleslam steps: " + "; ".join(problems))


check_steps(STEPS)


def run(st: RumbleslamState) -> None:
    """Run pending steps until the match needs a die or a decision (or is over)."""
    stack = st.stack  # read through the alias; every change below goes through ``st.stack`` itself
    steps = STEPS
    while not st.over:
        if st.deferred:
            push(st, *st.deferred)
            st.deferred.clear()
        if not stack:
            break
        top = stack[-1]
        kind = top[0]
        if kind == "die":
            return
        if kind == "decide":
            if top[1] == "act" and act_should_end(st, top[3]):
                st.stack.pop()
                st.stack.append(("end_act", top[3]))
                continue
            return
        st.stack.pop()
        fn: Any = steps[kind]
        fn(st, *top[1:])
    if not st.over and not st.stack:
        raise AssertionError("rumbleslam: the step stack ran dry")
