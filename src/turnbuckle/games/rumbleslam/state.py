"""The RUMBLESLAM state machine.

Pending resolution is plain data: ``stack`` holds small tuples (``("attack", a, t, atk)``,
``("die", 3)``, ``("decide", "shove", player, ...)``) and ``_run`` executes the top one until it
needs a die (a chance node) or a decision. No generators or callbacks, so ``clone`` copies a few
lists and the wrestlers. Each comment names the rule text's heading (``# rumbleslam PIN``).

The rule families live in layers, each a class extending the one before it (``core`` ..
``prompts``); this module holds the engine loop and re-exports the public names.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.rumbleslam.core import FLOOR, LIFTED, OUT, SIDE, TB, Wrestler
from turnbuckle.games.rumbleslam.prompts import PromptRules

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.rules import RumbleslamGame

_STEPS: dict[type, dict[str, Callable[..., None]]] = {}
"""Per state class, each step kind's ``_s_`` method (looked up once, not per step)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (turnbuckle.engine.game)
class RumbleslamState(PromptRules):
    """A match in progress: the engine loop over the rule layers (core, rerolls, placement, status,
    rounds, menu, attacks, specials, grapple, decisions, prompts), each using only the ones before it."""

    def __init__(self, game: RumbleslamGame) -> None:
        super().__init__(game)
        self._push(("setup_roll",))
        self._run()

    def legal_actions(self) -> list[Action]:
        if self.over or self.stack[-1][0] != "decide":
            return []
        if self._legal is None:
            self._legal = self._decisions(self.stack[-1])
        if self.root_filter is not None:
            return [a for a in self._legal if a in self.root_filter]
        return self._legal

    def is_terminal(self) -> bool:
        return self.over

    def is_chance_node(self) -> bool:
        return not self.over and self.stack[-1][0] == "die"

    def _is_allowed(self, action: Action) -> bool:
        """The engine's check by identity first (the table's own objects), so a long menu is not
        scanned with the dataclass ``__eq__``; an equal copy of an action still passes."""
        if self.over:
            return False
        top = self.stack[-1]
        acts: Sequence[Action] = (
            self.game.dice.actions[self.buf[top[1]][1]] if top[0] == "die" else self.legal_actions())
        return id(action) in map(id, acts) or action in acts

    def _apply(self, action: Action) -> None:
        self._legal = None
        self.root_filter = None
        top = self.stack.pop()
        if top[0] == "die":
            face = self.game.die_face[action.id][1]
            i = top[1]
            side, k, _, rerolled = self.buf[i]
            self.buf[i] = (side, k, face, rerolled)
        else:
            self._decide(top, self.game.meaning[action.id], action)
        self._run()

    def _run(self) -> None:
        stack = self.stack
        deferred = self.deferred
        steps = _STEPS.get(type(self))
        if steps is None:
            steps = _STEPS[type(self)] = {}
        while not self.over:
            if deferred:
                self._push(*deferred)
                deferred.clear()
            if not stack:
                break
            top = stack[-1]
            kind = top[0]
            if kind == "die":
                return
            if kind == "decide":
                if top[1] == "act" and self._act_should_end(top[3]):
                    stack.pop()
                    stack.append(("end_act", top[3]))
                    continue
                return
            stack.pop()
            fn = steps.get(kind)
            if fn is None:
                fn = steps[kind] = getattr(type(self), "_s_" + kind)
            fn(self, *top[1:])
        if not self.over and not self.stack:
            raise AssertionError("rumbleslam: the step stack ran dry")

    def random_playout_returns(self, rng: random.Random) -> list[float]:
        state = self.clone()
        state.record_events = False
        while not state.over:
            if state.stack[-1][0] == "die":
                state._apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state._apply(legal[int(rng.random() * len(legal))])
        return list(state.outcome)


__all__ = ["FLOOR", "LIFTED", "OUT", "SIDE", "TB", "RumbleslamState", "Wrestler"]
