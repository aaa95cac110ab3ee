"""Agent specs: the one place a name such as ``expert`` or ``mcts:800`` is read and bounded.

Whoever takes an agent name from a person goes through ``parse_agent_spec``: the CLI's ``--agent``
options, the web's seat specs (``computer:AGENT``), sim, analyze and the league (through
``make_agent``). A name that would fail later (an unknown agent, a count written with anything but
ASCII digits, a search too large to finish) is refused here, before anything is built or stored,
with one ``ParamError`` line.
"""

from __future__ import annotations

from dataclasses import dataclass

from turnbuckle.agents.generic import GENERIC_AGENTS
from turnbuckle.engine.errors import ParamError, quoted
from turnbuckle.engine.game import Game

COUNTED = frozenset({"mcts"})
"""Agents that take a number of simulations per decision: ``mcts:N`` is the generic UCT search."""
MAX_SIMULATIONS = 1_000_000
"""The most simulations a spec may ask for on the command line (about an hour a decision in the
slower games: more is a typo, not a plan)."""
MAX_SPEC_LENGTH = 100


@dataclass(frozen=True)
class AgentSpec:
    """A checked agent name: ``name`` is the ruleset's or a generic agent; ``simulations`` is the
    ``N`` of ``mcts:N`` (``None``: the agent's own default)."""

    name: str
    simulations: int | None = None

    def __str__(self) -> str:
        return self.name if self.simulations is None else f"{self.name}:{self.simulations}"


def agent_names(game: Game) -> list[str]:
    """Every agent name that can play ``game``; ``mcts:N`` also works for N simulations."""
    return list(dict.fromkeys([*GENERIC_AGENTS, *type(game).agent_factories()]))


def parse_agent_spec(text: object, game: Game, *, max_simulations: int = MAX_SIMULATIONS) -> AgentSpec:
    """``text`` as an ``AgentSpec`` for ``game``, or a ``ParamError`` naming what is wrong and what
    would be right. ``max_simulations`` may be lowered by a caller with a tighter budget (the web)."""
    if not isinstance(text, str) or not text or len(text) > MAX_SPEC_LENGTH:
        raise ParamError(f"agent spec {quoted(text)}: expected a name such as 'expert' or 'mcts:800' "
                         f"(at most {MAX_SPEC_LENGTH} characters)")
    base, sep, arg = text.partition(":")
    known = agent_names(game)
    if base not in known:
        raise ParamError(f"unknown agent {quoted(text)} for {game.name}; choose from {', '.join(known)} "
                         "(or mcts:N)")
    if not sep:
        return AgentSpec(base)
    if base not in COUNTED:
        raise ParamError(f"agent {quoted(text)}: {base!r} takes no ':N' part (only {', '.join(sorted(COUNTED))} do)")
    if not (arg.isascii() and arg.isdigit()) or not 1 <= int(arg) <= max_simulations:
        raise ParamError(f"agent {quoted(text)}: the number after '{base}:' must be a whole number from 1 to "
                         f"{max_simulations:,} written in the digits 0-9")
    return AgentSpec(base, int(arg))


__all__ = ["MAX_SIMULATIONS", "AgentSpec", "agent_names", "parse_agent_spec"]
