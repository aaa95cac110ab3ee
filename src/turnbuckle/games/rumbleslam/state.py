"""The RUMBLESLAM state machine.

Pending resolution is plain data: ``stack`` holds small tuples (``("attack", a, t, atk)``,
``("die", 3)``, ``("decide", "shove", player, ...)``) and ``_run`` executes the top one until it
needs a die (a chance node) or a decision. No generators or callbacks, so ``clone`` copies a few
lists and the wrestlers. Each comment names the rule text's heading (``# rumbleslam PIN``).

The rule families live in layers, each a class extending the one before it (``core`` ..
``decisions``); this module holds the engine loop and re-exports the public names.
"""

from __future__ import annotations

import random

from turnbuckle.engine.actions import Action
from turnbuckle.games.rumbleslam.core import FLOOR, LIFTED, OUT, SIDE, TB, Wrestler
from turnbuckle.games.rumbleslam.decisions import DecisionRules
from turnbuckle.games.rumbleslam.rules import RumbleslamGame


class RumbleslamState(DecisionRules):
    """A match in progress: the engine loop over the rule layers (core, rerolls, placement, status,
    rounds, menu, attacks, specials, grapple, decisions), each using only the ones before it."""

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

    def _apply(self, action: Action) -> None:
        self._legal = None
        self.root_filter = None
        top = self.stack.pop()
        if top[0] == "die":
            _kind, face = self.game.dice.value_of(action)
            i = top[1]
            side, k, _, rerolled = self.buf[i]
            self.buf[i] = (side, k, face, rerolled)
        else:
            self._decide(top, self.game.meaning[action.id], action)
        self._run()

    def _run(self) -> None:
        while not self.over:
            if self.deferred:
                self._push(*self.deferred)
                self.deferred.clear()
            if not self.stack:
                break
            top = self.stack[-1]
            kind = top[0]
            if kind == "die":
                return
            if kind == "decide":
                if top[1] == "act" and self._act_should_end(top[3]):
                    self.stack.pop()
                    self._push(("end_act", top[3]))
                    continue
                return
            self.stack.pop()
            getattr(self, "_s_" + kind)(*top[1:])
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
