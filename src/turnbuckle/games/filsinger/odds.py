"""Exact odds for ``turnbuckle odds filsinger``: PIN ratings, Choice Situations, whole matches.

A match is a finite absorbing Markov chain once fatigue tokens are capped (past the point where a
PIN always holds, more tokens change nothing). ``solve`` walks every reachable state once and
then runs value iteration with numpy: the random policy averages over decisions, the expert
policy maximises each side's expected return (win minus loss).

Reads: attacker, decided, level, winner
Writes: -
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from turnbuckle.engine.actions import Action
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import CHANCE, State
from turnbuckle.games.filsinger.charts import at_most, default_charts
from turnbuckle.games.filsinger.core import pin_rating
from turnbuckle.games.filsinger.models import Card
from turnbuckle.games.filsinger.queries import state_key
from turnbuckle.games.filsinger.state import BOTH, FilsingerState

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.rules import FilsingerGame

Policy = Literal["random", "expert"]
DEFAULT_BUDGET = 1_000_000
"""Largest number of states ``solve`` will enumerate before giving up (returns ``None``)."""


def pin_holds(rating: int, finisher: int = 0, tokens: int = 0) -> float:
    """The chance a PIN rating holds (the wrestler is pinned): P(2d6 <= rating + finisher
    rating + fatigue/Add 1 tokens)."""
    return at_most(rating + finisher + tokens)


def choice_target(letter: str, move: str, opponent: Card) -> int:
    """The highest 2d6 roll on which a Choice Situations move works against ``opponent``."""
    situation = default_charts().choice.get(letter.upper())
    if situation is None:
        raise ParamError(f"filsinger: no Choice Situation {letter!r} (A-H)")
    for m in situation.moves:
        if m.name.lower() == move.lower():
            return m.target(opponent.ratings.agility, opponent.ratings.power)
    names = ", ".join(m.name for m in situation.moves)
    raise ParamError(f"filsinger: Choice {letter.upper()} has no move {move!r} ({names})")


def choice_success(letter: str, move: str, opponent: Card) -> float:
    """The chance a choice move works against ``opponent``."""
    return at_most(choice_target(letter, move, opponent))


@dataclass(frozen=True)
class MatchOdds:
    """Win chances of side 0 and side 1 and the chance of a draw (double DQ / count out)."""

    side0: float
    side1: float
    draw: float
    states: int


class Solution:
    """Values of every reachable state of one game under one policy."""

    def __init__(self, game: FilsingerGame, index: dict[tuple[Any, ...], int], caps: list[int],
                 win0: np.ndarray, win1: np.ndarray) -> None:
        self.game = game
        self.index = index
        self.caps = caps
        self.win0 = win0
        self.win1 = win1

    def win_probabilities(self, state: FilsingerState) -> tuple[float, float]:
        if state.decided:
            return (1.0 if state.winner == 0 else 0.0, 1.0 if state.winner == 1 else 0.0)
        i = self.index.get(state_key(state, self.caps))
        if i is None:  # not reachable from this game's start (a hand-made position)
            guess = standing(state, 0)
            return (max(0.0, guess), max(0.0, -guess))
        return float(self.win0[i]), float(self.win1[i])

    def value(self, state: FilsingerState, player: int) -> float:
        """Expected return (win minus loss) for ``player`` from ``state``."""
        w0, w1 = self.win_probabilities(state)
        return w0 - w1 if player == 0 else w1 - w0


def token_caps(game: FilsingerGame) -> list[int]:
    """Tokens past which every PIN holds for sure; more change nothing."""
    return [max(0, 12 - base) for base in game.base_pin]


def solve(game: FilsingerGame, policy: Policy = "random", budget: int = DEFAULT_BUDGET,
          tol: float = 1e-12) -> Solution | None:
    """Exact values of every state; ``None`` if more than ``budget`` states are reachable."""
    caps = token_caps(game)
    root = game.new_initial_state()
    root.record_events = False
    root.sums_only = True
    index: dict[tuple[Any, ...], int] = {state_key(root, caps): 0}
    frontier: list[FilsingerState | None] = [root]
    term0: list[float] = [0.0]
    term1: list[float] = [0.0]
    c_src: list[int] = []
    c_dst: list[int] = []
    c_p: list[float] = []
    dec_nodes: list[int] = []
    dec_player: list[int] = []
    dec_children: list[list[int]] = []
    pos = 0
    while pos < len(frontier):
        state = frontier[pos]
        assert state is not None
        frontier[pos] = None  # expanded: only its key and transitions are kept
        src = pos
        pos += 1
        if state.decided:
            term0[src] = 1.0 if state.winner == 0 else 0.0
            term1[src] = 1.0 if state.winner == 1 else 0.0
            continue
        player = state.current_player()
        if player == CHANCE:
            moves: list[tuple[Action, float]] = state.chance_outcomes()
        else:
            moves = [(a, 0.0) for a in state.legal_actions()]
        children: list[int] = []
        for action, p in moves:
            child = state.clone()
            child._apply(action)
            assert isinstance(child, FilsingerState)
            key = state_key(child, caps)
            j = index.get(key)
            if j is None:
                j = len(frontier)
                if j >= budget:
                    return None
                index[key] = j
                frontier.append(child)
                term0.append(0.0)
                term1.append(0.0)
            if player == CHANCE:
                c_src.append(src)
                c_dst.append(j)
                c_p.append(p)
            else:
                children.append(j)
        if player != CHANCE:
            dec_nodes.append(src)
            dec_player.append(player)
            dec_children.append(children)
    n = len(frontier)
    t0 = np.array(term0)
    t1 = np.array(term1)
    cs = np.array(c_src, dtype=np.int64)
    cd = np.array(c_dst, dtype=np.int64)
    cp = np.array(c_p)
    nodes = np.array(dec_nodes, dtype=np.int64)
    if policy == "expert" and dec_nodes:
        choice = _expert_policy(n, t0 - t1, cs, cd, cp, nodes, dec_player, dec_children, tol)
        ds = nodes
        dd = np.array(choice, dtype=np.int64)
        dp = np.ones(len(choice))
    else:
        ds = np.array([s for s, ch in zip(dec_nodes, dec_children, strict=True) for _ in ch], dtype=np.int64)
        dd = np.array([c for ch in dec_children for c in ch], dtype=np.int64)
        dp = np.array([1.0 / len(ch) for ch in dec_children for _ in ch])
    src_all = np.concatenate([cs, ds])
    dst_all = np.concatenate([cd, dd])
    p_all = np.concatenate([cp, dp])
    win0 = _evaluate(n, t0, src_all, dst_all, p_all, tol)
    win1 = _evaluate(n, t1, src_all, dst_all, p_all, tol)
    keys = dict(index)
    return Solution(game, keys, caps, win0, win1)


def _evaluate(n: int, terminal: np.ndarray, src: np.ndarray, dst: np.ndarray, p: np.ndarray,
              tol: float, max_iter: int = 200_000) -> np.ndarray:
    """Absorption probabilities of a fixed-policy chain by Jacobi iteration."""
    v = terminal.copy()
    for _ in range(max_iter):
        new = terminal + np.bincount(src, weights=p * v[dst], minlength=n)
        if np.max(np.abs(new - v)) < tol:
            return new
        v = new
    return v


def _expert_policy(n: int, terminal: np.ndarray, cs: np.ndarray, cd: np.ndarray, cp: np.ndarray,
                   nodes: np.ndarray, players: list[int], children: list[list[int]], tol: float,
                   max_iter: int = 200_000) -> list[int]:
    """Value iteration on side 0's expected return; each side maximises its own."""
    starts = np.cumsum([0] + [len(c) for c in children[:-1]])
    flat = np.array([c for ch in children for c in ch], dtype=np.int64)
    sign_node = np.array([1.0 if p == 0 else -1.0 for p in players])
    sign_edge = np.repeat(sign_node, [len(c) for c in children])
    v = terminal.copy()
    for _ in range(max_iter):
        new = terminal + np.bincount(cs, weights=cp * v[cd], minlength=n)
        new[nodes] = np.maximum.reduceat(v[flat] * sign_edge, starts) * sign_node
        if np.max(np.abs(new - v)) < tol:
            v = new
            break
        v = new
    choice: list[int] = []
    for k, ch in enumerate(children):
        vals = [v[c] * sign_node[k] for c in ch]
        choice.append(ch[int(np.argmax(vals))])
    return choice


def cached_solution(game: FilsingerGame, policy: Policy = "expert",
                    budget: int = DEFAULT_BUDGET) -> Solution | None:
    """``solve`` once per game object (agents of both sides share it)."""
    per_game: dict[str, Solution | None] = game.caches.setdefault("filsinger.odds", {})
    if policy not in per_game:
        per_game[policy] = solve(game, policy, budget)
    return per_game[policy]


def match_odds(game: FilsingerGame, policy: Policy = "random", budget: int = DEFAULT_BUDGET) -> MatchOdds:
    """Exact chances of the whole match from its start."""
    solution = solve(game, policy, budget)
    if solution is None:
        raise ParamError(f"filsinger: this match has more than {budget} states; too big to solve exactly")
    w0, w1 = float(solution.win0[0]), float(solution.win1[0])
    return MatchOdds(w0, w1, max(0.0, 1.0 - w0 - w1), len(solution.index))


# -- quick lookahead for the heuristic agent -------------------------------------------------
def standing(state: FilsingerState, player: int) -> float:
    """A rough value in [-1, 1] for ``player``: momentum (who attacks, at what level) and PIN
    ratings. Only used at the leaves of ``lookahead_value``."""
    if state.decided:
        if state.winner == BOTH or state.winner is None:
            return 0.0
        return 1.0 if state.winner == player else -1.0
    opp = 1 - player
    pins = (pin_rating(state, opp) - pin_rating(state, player)) * 0.04
    momentum = 0.08 * state.level if state.attacker == player else -0.08 * state.level
    return max(-0.95, min(0.95, pins + momentum))


def lookahead_value(state: State, action: Action, player: int, depth: int) -> float:
    """Expected ``standing`` after ``action``, exact over the next ``depth`` dice rolls."""
    child = state.clone()
    child.record_events = False
    child.apply_action(action)
    assert isinstance(child, FilsingerState)
    return _expectimax(child, player, depth)


def _expectimax(state: FilsingerState, player: int, depth: int) -> float:
    if state.decided or depth <= 0:
        return standing(state, player)
    current = state.current_player()
    if current == CHANCE:
        total = 0.0
        for action, p in state.chance_outcomes():
            child = state.clone()
            child._apply(action)
            assert isinstance(child, FilsingerState)
            total += p * _expectimax(child, player, depth - 1)
        return total
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child._apply(action)
        assert isinstance(child, FilsingerState)
        values.append(_expectimax(child, player, depth))
    return max(values) if current == player else min(values)
