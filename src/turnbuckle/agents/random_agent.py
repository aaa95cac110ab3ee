"""The uniformly random player: the baseline every ruleset is measured against."""

from __future__ import annotations

import random

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import Game, State


class RandomAgent:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, game: Game | None = None, player: int = 0) -> None:
        self.player = player

    def choose(self, state: State, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())
