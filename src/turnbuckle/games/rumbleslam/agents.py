"""Computer players for RUMBLESLAM.

- ``heuristic``: one-ply expectimax by sampling: every legal action is tried on a copy, the dice
  are sampled until the next decision, and the position is scored by ``evaluate`` (Dosh left in
  the ring, weighted by STA, KO, Knockdown and Lift, plus closing the distance to enemies).
- ``mcts``: the engine's generic UCT core (``agents/mcts.py``) over a pruned move list (the
  heuristic's best few actions: progressive-widening style), with short greedy rollouts cut off
  at the end of the next activation and scored by ``evaluate``.

Reads: outcome, over, stack, ws
Writes: -
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any, cast

from turnbuckle.agents.deadline import iterations
from turnbuckle.agents.mcts import MCTSAgent, SearchNode
from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attack_profiles import A_LIFT, A_TRIP
from turnbuckle.games.rumbleslam.core import Box
from turnbuckle.games.rumbleslam.state import FLOOR, LIFTED, TB, RumbleslamState

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.rules import RumbleslamGame


def _state(state: State) -> RumbleslamState:
    if not isinstance(state, RumbleslamState):
        raise TypeError("this agent plays rumbleslam only")
    return state


def material(s: RumbleslamState, player: int) -> float:
    total = 0.0
    entrants = s.game.entrants
    for w in s.ws:
        if w.player != player or not w.in_ring:
            continue
        value = float(entrants[w.index].profile.dosh)
        value *= 0.6 + 0.4 * w.sta / w.sta_max
        if w.ko:
            value *= 0.5
        elif w.kd:
            value *= 0.85
        if w.loc == LIFTED and w.lifted_by >= 0 and s.ws[w.lifted_by].player != player:
            value *= 0.7
        if w.loc == TB:
            value *= 0.9
        # counters: tempo lost or gained at the next activation; bleeding costs STA
        value *= 1.0 - 0.06 * w.m_ap - 0.03 * w.m_mp + 0.05 * w.p_ap + 0.02 * w.p_mp - 0.06 * w.bleed
        total += value
    return total


def _nearest(anchor: int, size: int, boxes: tuple[Box, ...]) -> int:
    """The distance from a base to the nearest of ``boxes`` (``mat.box_distance`` written out)."""
    x0, y0 = anchor % 12, anchor // 12
    x1, y1 = x0 + size - 1, y0 + size - 1
    best = 1 << 30
    for bx0, by0, bx1, by1 in boxes:
        d = max(0, x0 - bx1, bx0 - x1, y0 - by1, by0 - y1)
        if d < best:
            best = d
    return best


_GRIDS: dict[tuple[tuple[Box, ...], int], list[int]] = {}
"""Per (enemy boxes, base size), the ``_nearest`` answers found so far by anchor (-1: not yet):
rollouts and evaluations ask again and again about the same board."""


def _grid(boxes: tuple[Box, ...], size: int) -> list[int]:
    key = (boxes, size)
    grid = _GRIDS.get(key)
    if grid is None:
        if len(_GRIDS) >= 8192:
            _GRIDS.clear()
        grid = _GRIDS[key] = [-1] * mat.CELLS
    return grid


def evaluate(s: RumbleslamState, player: int) -> float:
    """A score in [-1, 1] for ``player``: material lead plus engagement."""
    if s.over:
        return s.outcome[player]
    mine = material(s, player)
    theirs = max((material(s, p) for p in range(s.game.players) if p != player), default=0.0)
    closeness = 0.0
    boxes = tuple([e.box() for e in s.ws if e.player != player and e.on_mat])
    if boxes:
        for w in s.ws:
            if w.player != player or w.loc != FLOOR or w.ko:
                continue
            grid = _grid(boxes, w.size)
            d = grid[w.pos]
            if d < 0:
                d = grid[w.pos] = _nearest(w.pos, w.size, boxes)
            closeness -= min(d, 8) * 2.0
    return math.tanh((mine - theirs + closeness) / 600.0)


def _settle(s: RumbleslamState, rng: random.Random, limit: int = 60) -> None:
    """Sample dice until a decision (or the end)."""
    for _ in range(limit):
        if s.over or s.stack[-1][0] != "die":
            return
        s._apply(s.sample_chance(rng))


_DETERMINISTIC = ("move ", "place ", "nominate ", "activate ", "corner ")


def _safety(s: RumbleslamState, index: int) -> int:
    """How far (capped at 8) a wrestler stands from the nearest enemy on the mat: a wrestler that
    just stayed in the ring wants room before the next Lift and Throw (rumbleslam THROW)."""
    w = s.ws[index]
    if w.loc != FLOOR:
        return 0
    boxes = tuple([e.box() for e in s.ws if e.player != w.player and e.on_mat])
    return min(_nearest(w.pos, w.size, boxes), 8) if boxes else 8


class HeuristicAgent:
    """Greedy one-ply expectimax with sampled dice."""

    name = "heuristic"

    def __init__(self, game: Game | None = None, player: int = 0, samples: int = 3) -> None:
        self.player = player
        self.samples = samples

    def scores(self, state: State, rng: random.Random) -> list[tuple[float, Action]]:
        s = _state(state)
        me = s.current_player()
        legal = s.legal_actions()
        out = []
        top = s.stack[-1] if s.stack else ()
        stay = len(top) > 3 and top[1] == "stay"
        for action in legal:
            if action.name == "end":
                out.append((evaluate(s, me) - 0.002, action))
                continue
            total = 0.0
            runs = 1 if action.name.startswith(_DETERMINISTIC) else self.samples
            for _ in range(runs):
                c = s.clone()
                c.record_events = False
                c._apply(action)
                _settle(c, rng)
                total += evaluate(c, me)
            score = total / runs
            if action.name.startswith("move "):
                score -= 0.001
            elif action.name.startswith("re-roll "):
                score -= 0.002  # an Endorsement is spent only for a gain the evaluation sees
            elif stay:
                score += 0.01 * _safety(c, top[3])
            out.append((score, action))
        return out

    def choose(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        scored = self.scores(state, rng)
        best = max(score for score, _ in scored)
        choices = [a for score, a in scored if score >= best - 1e-9]
        return choices[0] if len(choices) == 1 else rng.choice(choices)


_SKIP, _PIN, _OUT, _THROW, _LIFT, _ATTACK, _MOVE, _STAND, _END = range(9)


def _classify(what: tuple[Any, ...]) -> int:
    verb = what[0]
    if verb == "pin":
        return _PIN
    if verb == "throw":
        return _OUT if mat.is_rope(what[1]) else _THROW
    if verb == "attack" and what[3] == A_LIFT:
        return _LIFT
    if verb in ("attack", "tag", "tbattack", "devastate"):
        return _SKIP if verb == "attack" and what[3] == A_TRIP else _ATTACK
    return {"move": _MOVE, "stand": _STAND, "end": _END}.get(verb, _SKIP)


def _classes(game: Game) -> tuple[int, ...]:
    """Each decision's group for ``greedy`` by id (sorted once per game, not on every rollout step)."""
    classes: tuple[int, ...] | None = game.caches.get("rumbleslam.greedy")
    if classes is None:
        meaning = _state_game(game).meaning
        classes = game.caches["rumbleslam.greedy"] = tuple(_classify(meaning[i]) for i in range(len(meaning)))
    return classes


def _state_game(game: Game) -> RumbleslamGame:
    if game.name != "rumbleslam":
        raise TypeError("this agent plays rumbleslam only")
    return cast("RumbleslamGame", game)


def greedy(s: RumbleslamState, rng: random.Random) -> Action:
    """A cheap rollout policy: pin, throw out, attack what you touch, else close in, else end."""
    legal = s.legal_actions()
    top = s.stack[-1]
    if top[1] != "act":
        return legal[int(rng.random() * len(legal))]
    meaning = s.game.meaning
    classes = _classes(s.game)
    ws = s.ws
    w = ws[top[3]]
    pins: list[Action] = []
    outs: list[Action] = []
    throws: list[Action] = []
    lifts: list[Action] = []
    attacks: list[Action] = []
    moves: list[Action] = []
    other: list[Action] = []
    end = legal[0]
    for a in legal:
        k = classes[a.id]
        if k == _MOVE:
            moves.append(a)
        elif k == _ATTACK:
            attacks.append(a)
        elif k == _LIFT:
            t = ws[meaning[a.id][2]]
            if t.ko and t.player != w.player:
                lifts.append(a)
        elif k == _PIN:
            pins.append(a)
        elif k == _OUT:
            outs.append(a)
        elif k == _THROW:
            throws.append(a)
        elif k == _STAND:
            other.append(a)
        elif k == _END:
            end = a
    for group in (pins, outs, lifts, other, attacks, throws):
        if group:
            return group[int(rng.random() * len(group))]
    if moves and w.loc == FLOOR:
        boxes = tuple([e.box() for e in s.ws if e.player != w.player and e.on_mat])
        if boxes:
            size = w.size
            grid = _grid(boxes, size)
            best_d = grid[w.pos]
            if best_d < 0:
                best_d = grid[w.pos] = _nearest(w.pos, size, boxes)
            best = None
            for a in moves:
                c = meaning[a.id][2]
                d = grid[c]
                if d < 0:
                    d = grid[c] = _nearest(c, size, boxes)
                if d < best_d:
                    best, best_d = a, d
            if best is not None:
                return best
    return end


class SearchAgent(MCTSAgent):
    """UCT (the generic core) over the heuristic's best few actions, with greedy rollouts cut
    off after the next activation and scored by ``evaluate``."""

    name = "mcts"

    def __init__(self, game: Game | None = None, player: int = 0, simulations: int = 150, width: int = 6,
                 horizon: int = 40, prior_weight: float = 1.0) -> None:
        super().__init__(game, player, simulations=simulations, exploration=0.7)
        self.prior_weight = prior_weight
        self.width = width
        self.horizon = horizon
        self.heuristic = HeuristicAgent(game, player, samples=2)

    def choose(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        scored = sorted(self.heuristic.scores(state, rng), key=lambda sa: -sa[0])
        if scored[0][0] - scored[min(1, len(scored) - 1)][0] > 0.15 or len(scored) <= 1:
            return scored[0][1]
        keep = [a for _, a in scored[: self.width]]
        prior = {a: score for score, a in scored}
        s = _state(state).clone()
        s.record_events = False
        s.root_filter = tuple(keep)
        me = s.current_player()
        num_players = s.game.num_players()
        root = SearchNode(player=me, totals=[0.0] * num_players)
        for _ in iterations(self.simulations):  # until a deadline set by the caller (``agents.deadline``)
            self._simulate(root, s.clone(), rng, num_players)
        # the best mean value (UCT's visit counts are too flat between close candidates),
        # the heuristic's one-ply score breaking near-ties
        def value(item: tuple[Action, SearchNode]) -> float:
            action, node = item
            mean = node.totals[me] / node.visits if node.visits else -1.0
            return mean + self.prior_weight * prior.get(action, 0.0)

        return max(root.children.items(), key=value)[0]

    def _evaluate(self, state: State, rng: random.Random, num_players: int) -> list[float]:
        """Plays on ``state`` itself: the generic core hands over each simulation's own copy and
        never reads it afterwards, so a second copy per simulation would be wasted."""
        s = _state(state)
        s.record_events = False
        s.root_filter = None
        activations = 0
        for _ in range(self.horizon):
            player = s.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                s._apply(s.sample_chance(rng))
                continue
            action = greedy(s, rng)
            if action.name == "end":
                activations += 1
                if activations >= 2:
                    break
            s._apply(action)
        return [evaluate(s, p) for p in range(num_players)]
