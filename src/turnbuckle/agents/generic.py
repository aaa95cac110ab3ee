"""The agents every ruleset can be played by, whatever its own (heuristic, expert) are."""

from __future__ import annotations

from collections.abc import Callable

from turnbuckle.agents.ismcts import ISMCTSAgent
from turnbuckle.agents.mcts import MCTSAgent
from turnbuckle.agents.random_agent import RandomAgent
from turnbuckle.engine.game import Game
from turnbuckle.engine.match import Agent

GENERIC_AGENTS: dict[str, Callable[[Game, int], Agent]] = {
    "random": RandomAgent,
    "mcts": MCTSAgent,
    "ismcts": ISMCTSAgent,
}
"""``mcts`` branches on every chance outcome (right for dice); ``ismcts`` searches determinized
deals open-loop, with availability counts (right for hidden cards and large draws)."""
