"""A match played in memory: what the CLI hears of it, who plays it (``Lineup``: the agent a game
is played with by default), how it is played with its event log recorded and counted, and the
ranks it is rated by.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.game import Game, State
from turnbuckle.engine.match import Agent, play_to_end
from turnbuckle.engine.result import MatchResult
from turnbuckle.league.quality import QualityCounter, event_field
from turnbuckle.store.league_models import LeagueMatch


# -- running ----------------------------------------------------------------------------------
@dataclass
class MatchOutcome:
    """What the CLI prints as each match finishes."""

    event: int
    match_id: int
    description: str
    stars: float
    title_change: str | None = None
    injuries: list[tuple[str, int]] = field(default_factory=list)
    line: str = ""
    """``"A def. B (pin)"``: every side, the winner first (``wording.match_line``)."""


@dataclass
class PlayedMatch:
    """A match played in memory, not stored yet."""

    match: LeagueMatch
    game: Game
    params: dict[str, Any]
    seed: int
    agents: list[str]
    actions: list[str]
    result: MatchResult
    steps: int
    quality: QualityCounter
    injuries: list[tuple[str, int]]


def play_counted(game: Game, agents: list[Agent], seed: int) -> tuple[list[str], MatchResult, int, State]:
    """``play_match`` (the same loop, so the same match from the same seed) with the state's event
    log recorded from the first action: a deferred log is not rebuilt by replaying afterwards, and
    no ``Event`` objects are built. Returns the actions, the result, the steps and the final state."""
    state, steps = play_to_end(game, agents, seed, record_events=True)
    result = state.match_result()
    assert result is not None  # play_to_end stops only at a terminal state
    return [a.name for a in state.history], result, steps, state


def count_events(game: str, state: State) -> tuple[QualityCounter, list[tuple[str, int]]]:
    """The quality ingredients and the injuries of a played match, in one pass over its raw event log."""
    quality = QualityCounter(game)
    injuries: list[tuple[str, int]] = []
    add = quality.add_raw
    for kind, names, payload in state.raw_events:
        add(kind, names, payload)
        if kind == "injury":
            injuries.append((str(event_field(names, payload, "wrestler")), int(event_field(names, payload, "cards"))))
    return quality, injuries


def default_agent(game: Game) -> str:
    """``heuristic`` where the game has one (fast and sensible), else ``random``."""
    return "heuristic" if "heuristic" in type(game).agent_factories() else "random"


@dataclass
class Lineup:
    """Who plays a runner's matches: ``agents`` are names the seats take in turn (none: the game's
    ``default_agent``), and every match gets fresh ones, exactly as ``replay`` builds them."""

    agents: list[str] = field(default_factory=list)

    def names(self, game: Game) -> list[str]:
        names = self.agents or [default_agent(game)]
        return [names[p % len(names)] for p in range(game.num_players())]

    def build(self, game: Game, names: list[str]) -> list[Agent]:
        return [make_agent(n, game, p) for p, n in enumerate(names)]


def side_ranks(sides: list[list[str]], result: MatchResult, winners: set[str] | None = None) -> list[int]:
    """openskill ranks per side (0 best): finishing order where the match ranks its entrants,
    else the winner 0 and everyone else 1; a draw ranks everyone equal. ``winners``: the winning
    competitors (default: the winner's wrestlers)."""
    if result.winner is None:
        return [0] * len(sides)
    if winners is None:
        winners = set(result.winner.wrestlers)
    order = list(result.finishing_order)
    if len(sides) > 2 and order:
        place = {name: i for i, name in enumerate(order)}
        return [min(place.get(n, len(order)) for n in side) for side in sides]
    return [0 if set(side) == winners else 1 for side in sides]
