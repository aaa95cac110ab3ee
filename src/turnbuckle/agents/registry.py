"""Agents by name: generic ones for every ruleset plus each ruleset's own (heuristic, expert)."""

from __future__ import annotations

from turnbuckle.agents.generic import GENERIC_AGENTS
from turnbuckle.agents.mcts import MCTSAgent
from turnbuckle.agents.spec import MAX_SIMULATIONS, AgentSpec, agent_names, parse_agent_spec
from turnbuckle.engine.game import Game
from turnbuckle.engine.match import Agent


def strongest_agent(game: Game) -> str:
    """The default computer opponent: the ruleset's expert, else its heuristic, else MCTS."""
    own = type(game).agent_factories()
    for name in ("expert", "ismcts", "heuristic"):
        if name in own:
            return name
    return "mcts"


def make_agent(spec: str | AgentSpec, game: Game, player: int) -> Agent:
    """Build an agent by name (``random``, ``mcts``, ``mcts:800``, ``expert``, ...); a name is
    checked by ``parse_agent_spec`` (a ``ParamError`` naming the mistake)."""
    if not isinstance(spec, AgentSpec):
        spec = parse_agent_spec(spec, game)
    if spec.simulations is not None:
        return MCTSAgent(game, player, simulations=spec.simulations)
    factories = {**GENERIC_AGENTS, **type(game).agent_factories()}
    return factories[spec.name](game, player)


__all__ = ["GENERIC_AGENTS", "MAX_SIMULATIONS", "agent_names", "make_agent", "strongest_agent"]
