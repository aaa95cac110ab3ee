"""A heuristic WRASSLIN' opponent: big Holds first, Reactions when they save damage, Recovery when hurt."""

from __future__ import annotations

import math
import random

from turnbuckle.agents.ismcts import ISMCTSAgent
from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import Game, State
from turnbuckle.games.wrasslin.core import is_pinned, wrestler_of
from turnbuckle.games.wrasslin.refusals import is_error


class HeuristicAgent:
    """Scores each legal action by simple ring sense; ties broken by the agent's RNG."""

    name = "heuristic"

    def __init__(self, player: int) -> None:
        self.player = player

    def choose(self, state: State, rng: random.Random) -> Action:
        from turnbuckle.games.wrasslin.state import WrasslinState

        actions = state.legal_actions()
        if not isinstance(state, WrasslinState) or len(actions) == 1:
            return actions[0] if len(actions) == 1 else rng.choice(actions)
        scored = [(score(state, a) + rng.random() * 0.01, a) for a in actions]
        return max(scored, key=lambda x: x[0])[1]


class StraightISMCTS(ISMCTSAgent):
    """IS-MCTS that plays straight: it never makes an 11.5 error on purpose. (A challenged error puts the
    match back, so search values an error like the best legal play and would try them at random; a
    computer opponent that keeps getting caught reads badly.) It still challenges the other side's."""

    def choose(self, state: State, rng: random.Random) -> Action:
        from turnbuckle.games.wrasslin.state import WrasslinState

        action = super().choose(state, rng)
        if isinstance(state, WrasslinState) and is_error(state, action):
            straight = [a for a in state.legal_actions() if not is_error(state, a)]
            return max(straight, key=lambda a: score(state, a) + rng.random() * 0.01)
        return action


def heuristic_agent(game: Game, player: int) -> HeuristicAgent:
    """The heuristic as an agent factory (it needs only its seat)."""
    return HeuristicAgent(player)


def make_ismcts(game: Game, player: int, simulations: int = 128) -> ISMCTSAgent:
    """The generic IS-MCTS with this ruleset's knowledge: leaves valued by the damage race (no playout),
    the heuristic's action scores as expansion order and progressive bias; it plays straight (11.5)."""
    return StraightISMCTS(game, player, simulations=simulations, rollout_depth=0, evaluator=evaluate,
                          prior=prior, prior_weight=1.0)


def prior(state: State, action: Action) -> float:
    """The heuristic score of ``action`` scaled to about [-1, 1], for search priors."""
    return score(state, action) / 12.0


def evaluate(state: State) -> list[float]:
    """A leaf value for search: the damage race (fraction of each Damage Track used), per team, in [-1, 1]."""
    from turnbuckle.games.wrasslin.state import WrasslinState

    assert isinstance(state, WrasslinState)
    if state.result is not None:
        return state.returns()
    n = state.g.players
    hurt: dict[int, list[float]] = {}
    for s in range(n):
        if state.wid[s] < 0 or state.pos[s] == 3:
            frac = 1.0
        else:
            frac = state.dmg[s] / wrestler_of(state, s).submit_at
            if is_pinned(state, s):
                frac += 0.15
            if state.pos[s] == 2:
                frac += 0.05 * state.out_count[s]
        if state.stacks:
            size = state.g.tournament_size
            frac = (frac + (size - len(state.stacks[s]))) / (1 + size)
        hurt.setdefault(state.team[s], []).append(frac)
    team_hurt = {t: sum(v) / len(v) for t, v in hurt.items()}
    out = []
    for s in range(n):
        mine = team_hurt[state.team[s]]
        others = [v for t, v in team_hurt.items() if t != state.team[s]]
        theirs = sum(others) / len(others) if others else 0.0
        out.append(math.tanh(3.0 * (theirs - mine)))
    return out


def score(state: State, action: Action) -> float:
    from turnbuckle.games.wrasslin.state import WrasslinState

    assert isinstance(state, WrasslinState)
    g = state.g
    kind, arg = g.decode[action.id]
    p = state.current_player()
    if kind != "challenge" and is_error(state, action):
        return -5.0  # 11.5: an illegal play an opponent would only challenge; the heuristic plays straight
    dmg = state.dmg[p]
    submit_at = wrestler_of(state, p).submit_at
    if kind in ("react", "react_wild", "react_spec", "long", "short", "long_wild", "short_wild", "challenge"):
        cost = 0.5 if kind.endswith("wild") else 0.0
        if arg == state.C_PS and kind.startswith("react"):
            return 6.0 - cost
        if kind in ("long", "short", "long_wild", "short_wild"):
            pinned_me = any(r[1] == p for r in state.holds)
            want = "long" if pinned_me or state.pos[p] == 2 else "short"
            return (5.0 if kind.startswith(want) else -1.0) - cost
        if kind == "challenge":
            return 10.0
        return 8.0 - cost
    if kind == "pass":
        return 0.0
    if kind in ("play", "wild", "spec", "spec_wild"):
        cost = 0.7 if kind in ("wild", "spec_wild") else 0.0
        if kind in ("spec", "spec_wild"):
            sp = wrestler_of(state, p).specialties[arg]
            if sp.hold is not None:
                return 7.0 + sp.hold.damage - cost
            if sp.effect == "recovery":
                return 4.0 + dmg - cost
            return 3.0 - cost
        card = g.cards[arg]
        if card.hold is not None:
            h = card.hold
            if h.pin:
                return 12.0 - cost
            value = 5.0 + (3.0 if h.damage_w else h.damage) + (2.0 if h.continuous else 0.0)
            if h.illegal:
                value -= 1.0
            return value - cost
        if arg in (state.C_REC1, state.C_REC2):
            danger = dmg / max(1, submit_at)
            return 2.0 + 10.0 * danger + (0.5 if arg == state.C_REC2 else 0.0) - cost
        if arg == state.C_PS:
            return 1.0 - cost
        if arg == state.C_COMB:
            return 9.0 - cost
        if arg == state.C_TAG:
            return 4.0 + dmg * 0.5 - cost
        if arg == state.C_DT:
            return 6.0 - cost
        if arg == state.C_BLOCK:
            return 11.0 - cost
        return 3.0 - cost
    if kind == "discard":
        card = g.cards[arg]
        # throw away what this Wrestler cannot use
        if card.hold is not None and card.hold.illegal and not wrestler_of(state, p).dirty:
            return 1.5
        if card.index in (state.C_BLOCK, state.C_REVERSE, state.C_PS, state.C_REC1, state.C_REC2, state.C_WILD):
            return -2.0
        if card.hold is not None:
            return 0.5
        return 1.0
    if kind == "accumulate":
        card = g.cards[arg]
        return 1.0 if card.hold is not None and card.hold.illegal and not wrestler_of(state, p).dirty else 0.0
    if kind == "reenter":
        return 9.0
    if kind in ("exit", "exit_wild"):
        return -1.0
    if kind == "serve":
        return 1.0
    if kind == "ignore":
        return 0.0
    if kind == "concede":
        return -10.0
    if kind == "end":
        return 0.1
    if kind == "target":
        return -float(state.dmg[arg]) * -1.0
    if kind == "stay":
        return 0.0
    if kind == "draft":
        w = g.wrestlers[arg]
        return w.submit_at + w.strength + 0.5 * (w.agility + w.skill + w.power_surge)
    if kind == "call":
        return -float(g.cards[arg].initiative)
    return 0.0
