"""Hints: the legal choices of the player to move, ranked by their value to him.

A hint is the review of one decision before it is taken: the same values, from the same
information (the seat's own, never another's hidden cards). ``HintAgent`` plays the top of the
hint, so "what the hint says" and "what its agent does" are one thing by construction.
"""

from __future__ import annotations

import hashlib
import json
import random

from turnbuckle.analysis.review.evaluate import decision_values, hint_budget
from turnbuckle.analysis.review.values import Budget, DecisionValues
from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import Game, State


def hint_rng(state: State, seed: int = 0) -> random.Random:
    """A hint's sample: the seed and the moment as the deciding seat sees it (a hash of its
    observation). Nothing hidden from the seat goes in, and the same moment gets the same hint
    whether the match was played up to it or loaded from a position file (whose history is empty)."""
    seen = json.dumps(state.observation(max(state.current_player(), 0)), sort_keys=True, separators=(",", ":"))
    moment = hashlib.sha256(seen.encode("utf-8")).hexdigest()
    return random.Random(f"turnbuckle:hint:{seed}:{moment}")


def hint(
    state: State, *, rng: random.Random | None = None, budget: Budget | None = None, omniscient: bool = False
) -> DecisionValues:
    """The options of the player to move, best first (exact where the game has exact values, else
    sampled within ``budget`` from his information set; by default adaptively, at most
    ``HINT_SECONDS``); ``ValueError`` when nobody decides."""
    if state.current_player() < 0:
        raise ValueError("no player decides now")
    return decision_values(state, rng or hint_rng(state), budget or hint_budget(state.game), omniscient=omniscient)


class HintAgent:
    """Plays the hint's first choice (the review's idea of best play, at a given budget)."""

    name = "hint"

    def __init__(self, game: Game | None = None, player: int = 0, budget: Budget | None = None) -> None:
        self.player = player
        self.budget = budget

    def choose(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return state.action_from_string(hint(state, rng=rng, budget=self.budget).best.action)
