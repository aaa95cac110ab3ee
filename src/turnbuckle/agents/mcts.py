"""Monte Carlo tree search over the engine contract, for any ruleset.

UCT with explicit chance: at a chance node the outcome is sampled from ``chance_outcomes`` (via
``State.sample_chance``) and each sampled outcome gets its own child. Leaves are valued by random
playouts (``State.random_playout_returns``, which a ruleset may speed up). Values are kept per
player, so it plays any number of players.

Hidden information: each simulation searches a fresh ``determinize``-d copy of the state (a
clone in perfect-information games), and the tree is shared between them as in single-observer
IS-MCTS: at a node only the children whose actions are legal in this determinization compete,
and an action legal here but never tried is expanded first.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from turnbuckle.agents.deadline import iterations
from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State


@dataclass(slots=True)
class SearchNode:
    """One decision point of the UCT tree: whose it is, its visits and each seat's summed returns,
    and the children by action (games' own searches, RUMBLESLAM's, build the same tree)."""

    player: int
    visits: int = 0
    totals: list[float] = field(default_factory=list)
    children: dict[Action, SearchNode] = field(default_factory=dict)


class MCTSAgent:
    """UCT search with ``simulations`` iterations per decision (fewer when a deadline set around
    ``choose`` passes first: ``turnbuckle.agents.deadline``)."""

    name = "mcts"

    def __init__(
        self,
        game: Game | None = None,
        player: int = 0,
        simulations: int = 200,
        exploration: float = 1.4,
        rollouts: int = 1,
    ) -> None:
        self.player = player
        self.simulations = simulations
        self.exploration = exploration
        self.rollouts = rollouts

    def choose(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player()
        num_players = state.game.num_players()
        root = SearchNode(player=me, totals=[0.0] * num_players)
        for _ in iterations(self.simulations):  # until a deadline set by the caller (``agents.deadline``)
            self._simulate(root, state.determinize(me, rng), rng, num_players)
        best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].totals[me]))
        return best[0]

    def _simulate(self, root: SearchNode, state: State, rng: random.Random, num_players: int) -> None:
        state.record_events = False
        node = root
        path = [node]
        while True:
            player = state.current_player()
            if player == TERMINAL:
                values = state.returns()
                break
            if player == CHANCE:
                action = state.sample_chance(rng)
                child = node.children.get(action)
                if child is None:
                    state.apply_action(action)
                    child = node.children[action] = SearchNode(state.current_player(), totals=[0.0] * num_players)
                else:
                    state.apply_action(action)
                node = child
                path.append(node)
                continue
            legal = state.legal_actions()
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[int(rng.random() * len(untried))]
                state.apply_action(action)
                child = SearchNode(state.current_player(), totals=[0.0] * num_players)
                node.children[action] = child
                path.append(child)
                values = self._evaluate(state, rng, num_players)
                break
            action = self._select(node, player, legal)
            state.apply_action(action)
            node = node.children[action]
            path.append(node)
        for visited in path:
            visited.visits += 1
            for p in range(num_players):
                visited.totals[p] += values[p]

    def _evaluate(self, state: State, rng: random.Random, num_players: int) -> list[float]:
        if self.rollouts == 1:
            return state.random_playout_returns(rng)
        sums = [0.0] * num_players
        for _ in range(self.rollouts):
            for p, value in enumerate(state.random_playout_returns(rng)):
                sums[p] += value
        return [s / self.rollouts for s in sums]

    def _select(self, node: SearchNode, player: int, legal: list[Action]) -> Action:
        """UCB1 among the children whose actions are legal in this determinization."""
        log_visits = math.log(node.visits)
        best_action: Action | None = None
        best_score = -math.inf
        children = node.children
        for action in legal:
            child = children[action]
            if child.visits == 0:
                return action
            score = child.totals[player] / child.visits + self.exploration * math.sqrt(log_visits / child.visits)
            if score > best_score:
                best_score = score
                best_action = action
        assert best_action is not None
        return best_action
