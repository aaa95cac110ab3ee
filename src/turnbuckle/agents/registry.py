"""Agents by name: generic ones for every ruleset plus each ruleset's own (heuristic, expert)."""

from __future__ import annotations

from collections.abc import Callable

from turnbuckle.agents.ismcts import ISMCTSAgent
from turnbuckle.agents.mcts import MCTSAgent
from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import Game
from turnbuckle.engine.match import Agent

GENERIC_AGENTS: dict[str, Callable[[Game, int], Agent]] = {
    "random": RandomAgent,
    "mcts": MCTSAgent,
    "ismcts": ISMCTSAgent,
}
"""``mcts`` branches on every chance outcome (right for dice); ``ismcts`` searches determinized
deals open-loop, with availability counts (right for hidden cards and large draws)."""


def agent_names(game: Game) -> list[str]:
    """Every agent that can play ``game``; ``mcts:N`` also works for N simulations."""
    return [*GENERIC_AGENTS, *type(game).agent_factories()]


def strongest_agent(game: Game) -> str:
    """The default computer opponent: the ruleset's expert, else its heuristic, else MCTS."""
    own = type(game).agent_factories()
    for name in ("expert", "ismcts", "heuristic"):
        if name in own:
            return name
    return "mcts"


MAX_SIMULATIONS = 1_000_000
"""The most MCTS simulations per decision a name may ask for (more would think for hours)."""


def make_agent(name: str, game: Game, player: int) -> Agent:
    """Build an agent by name (``random``, ``mcts``, ``mcts:800``, ``expert``, ...)."""
    base, _, arg = name.partition(":")
    if base == "mcts" and arg:
        if not (arg.isascii() and arg.isdecimal()) or not 1 <= int(arg) <= MAX_SIMULATIONS:
            raise ParamError(f"agent {name!r}: the number after 'mcts:' must be a whole number "
                             f"from 1 to {MAX_SIMULATIONS:,}")
        return MCTSAgent(game, player, simulations=int(arg))
    factories = {**GENERIC_AGENTS, **type(game).agent_factories()}
    factory = factories.get(base)
    if factory is None or arg:
        raise ParamError(f"unknown agent {name!r} for {game.name}; choose from {', '.join(agent_names(game))}")
    return factory(game, player)
