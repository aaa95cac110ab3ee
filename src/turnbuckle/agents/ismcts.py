"""Information-Set Monte Carlo Tree Search (single-observer IS-MCTS, Cowling, Powley & Whitehouse 2012).

Why: in card games the searcher must not peek at hidden hands. Each iteration searches a fresh
``state.determinize(me, rng)`` (the unseen cards re-dealt consistently with what ``me`` saw); one tree
keyed by action names is shared across determinizations, and UCB uses *availability* counts (how often
an action was legal when its parent was visited) so actions legal only in some deals are not favoured.
Works over the generic contract for any ruleset; leaves are valued by random playouts, optionally cut
off after ``rollout_depth`` decisions and scored by an ``evaluator``; a ``rollout_policy`` (e.g. a
ruleset's heuristic) may replace the uniform choice in playouts, and a ``prior`` (action score) orders
expansion and adds a progressive bias ``prior_weight * prior / (1 + visits)`` to UCB.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from turnbuckle.agents.deadline import iterations
from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State

Evaluator = Callable[[State], list[float]]
RolloutPolicy = Callable[[State, random.Random], Action]
Prior = Callable[[State, Action], float]


@dataclass(slots=True)
class _Node:
    player: int
    visits: int = 0
    available: int = 0
    bias: float = 0.0
    totals: list[float] = field(default_factory=list)
    children: dict[str, _Node] = field(default_factory=dict)


class ISMCTSAgent:
    """SO-ISMCTS with ``simulations`` determinized iterations per decision (fewer when a deadline set
    around ``choose`` passes first: ``turnbuckle.agents.deadline``)."""

    name = "ismcts"

    def __init__(
        self,
        game: Game | None = None,
        player: int = 0,
        simulations: int = 100,
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        evaluator: Evaluator | None = None,
        rollout_policy: RolloutPolicy | None = None,
        prior: Prior | None = None,
        prior_weight: float = 1.0,
    ) -> None:
        self.player = player
        self.simulations = simulations
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.evaluator = evaluator
        self.rollout_policy = rollout_policy
        self.prior = prior
        self.prior_weight = prior_weight

    def choose(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player()
        n = state.game.num_players()
        root = _Node(player=me, totals=[0.0] * n)
        for _ in iterations(self.simulations):  # until a deadline set by the caller (``agents.deadline``)
            self._iterate(root, state.determinize(me, rng), rng, n)
        by_name = {a.name: a for a in legal}
        ranked = sorted(
            ((child.visits, child.totals[me] / max(1, child.visits), name)
             for name, child in root.children.items() if name in by_name),
            reverse=True,
        )
        return by_name[ranked[0][2]] if ranked else rng.choice(legal)

    def _iterate(self, root: _Node, state: State, rng: random.Random, n: int) -> None:
        state.record_events = False
        node = root
        path = [node]
        values: list[float] | None = None
        while True:
            player = state.current_player()
            if player == TERMINAL:
                values = state.returns()
                break
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            for a in legal:
                child = node.children.get(a.name)
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if a.name not in node.children]
            if untried:
                if self.prior is not None:
                    scored = [(self.prior(state, a) + rng.random() * 1e-6, a) for a in untried]
                    bias, action = max(scored, key=lambda x: x[0])
                else:
                    bias, action = 0.0, rng.choice(untried)
                state.apply_action(action)
                child = _Node(player, available=1, bias=bias, totals=[0.0] * n)
                node.children[action.name] = child
                path.append(child)
                values = self._evaluate(state, rng)
                break
            action = self._select(node, legal, player)
            state.apply_action(action)
            node = node.children[action.name]
            path.append(node)
        assert values is not None
        for visited in path:
            visited.visits += 1
            for p in range(n):
                visited.totals[p] += values[p]

    def _select(self, node: _Node, legal: list[Action], player: int) -> Action:
        best: Action | None = None
        best_score = -math.inf
        for a in legal:
            child = node.children[a.name]
            if child.visits == 0:
                return a
            score = child.totals[player] / child.visits + self.exploration * math.sqrt(
                math.log(max(1, child.available)) / child.visits
            ) + self.prior_weight * child.bias / (1 + child.visits)
            if score > best_score:
                best_score = score
                best = a
        assert best is not None
        return best

    def _evaluate(self, state: State, rng: random.Random) -> list[float]:
        if self.rollout_depth is None:
            return state.random_playout_returns(rng)
        sim = state.clone()
        sim.record_events = False
        steps = 0
        while steps < self.rollout_depth:
            player = sim.current_player()
            if player == TERMINAL:
                return sim.returns()
            if player == CHANCE:
                sim.apply_action(sim.sample_chance(rng))
                continue
            if self.rollout_policy is not None:
                sim.apply_action(self.rollout_policy(sim, rng))
            else:
                sim.apply_action(rng.choice(sim.legal_actions()))
            steps += 1
        if sim.current_player() == TERMINAL:
            return sim.returns()
        if self.evaluator is not None:
            return self.evaluator(sim)
        return sim.returns()
