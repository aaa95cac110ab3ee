"""Computer players: an expert that decides by exact win probabilities, and a quick heuristic."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import Game, State
from turnbuckle.games.filsinger.odds import cached_solution, lookahead_value

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.rules import FilsingerGame
    from turnbuckle.games.filsinger.state import FilsingerState


class HeuristicAgent:
    """Plays the odds one step ahead: picks the action whose immediate chance node has the best
    expected standing (see ``odds.standing``). Cheap enough for any match size."""

    name = "filsinger-heuristic"

    def __init__(self, game: FilsingerGame, player: int) -> None:
        self.game = game
        self.player = player

    @classmethod
    def factory(cls, game: Game, player: int) -> HeuristicAgent:
        """An agent factory's signature (any game) for a Filsinger agent."""
        return cls(cast("FilsingerGame", game), player)

    def choose(self, state: State, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        player = state.current_player()
        scored = [(lookahead_value(state, a, player, depth=2), i) for i, a in enumerate(actions)]
        best = max(scored)[1]
        return actions[best]


class ExpertAgent(HeuristicAgent):
    """Decides by the exact match-win probability of each action (value iteration over the
    whole match), when the match is small enough to solve; otherwise by exact lookahead.

    No search to cut short at a deadline (``turnbuckle.agents.deadline``): the solve is bounded by
    ``budget`` states (about 1.3 s with every optional rule on), done once per game and shared, and
    each decision is a few table lookups."""

    name = "filsinger-expert"
    budget = 30_000
    """States the exact solve may enumerate before the expert falls back to lookahead."""

    def __init__(self, game: FilsingerGame, player: int) -> None:
        super().__init__(game, player)
        self.solution = cached_solution(game, policy="expert", budget=self.budget)

    @classmethod
    def factory(cls, game: Game, player: int) -> ExpertAgent:
        """An agent factory's signature (any game) for a Filsinger agent."""
        return cls(cast("FilsingerGame", game), player)

    def choose(self, state: State, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1 or self.solution is None:
            return super().choose(state, rng)
        player = state.current_player()
        best: tuple[float, int] | None = None
        for i, action in enumerate(actions):
            child: FilsingerState = state.clone()  # type: ignore[assignment]
            child.record_events = False
            child.apply_action(action)
            value = self.solution.value(child, player)
            if best is None or value > best[0]:
                best = (value, i)
        assert best is not None
        return actions[best[1]]
