"""The match driver: plays agents against each other, sampling chance from a seeded RNG."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from turnbuckle.engine.actions import Action
from turnbuckle.engine.events import Event
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State
from turnbuckle.engine.result import MatchResult


class Agent(Protocol):
    """Anything that picks a legal action for the player to move."""

    name: str

    def choose(self, state: State, rng: random.Random) -> Action: ...


@dataclass
class MatchRecord:
    """One played match: how it ended (``result``) and everything needed to replay it."""

    game: str
    params: dict[str, Any]
    seed: int
    actions: list[str]
    result: MatchResult
    steps: int
    agents: list[str] = field(default_factory=list)
    position: dict[str, Any] | None = None
    """The position the match started from (``None``: the beginning); the actions follow it."""

    @property
    def returns(self) -> list[float]:
        return list(self.result.returns)

    @property
    def winning_players(self) -> tuple[int, ...]:
        """The seats of the winning side (a wrestler or a whole team); empty for a draw."""
        return self.result.winning_players

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "params": self.params,
            "seed": self.seed,
            "agents": self.agents,
            "result": self.result.to_dict(),
            "steps": self.steps,
            "actions": self.actions,
            **({"position": self.position} if self.position is not None else {}),
        }


def agent_rng(seed: int, player: int) -> random.Random:
    """Each agent's own RNG, derived from the match seed, so agents never disturb the dice."""
    return random.Random(f"turnbuckle:{seed}:agent:{player}")


def chance_rng(seed: int) -> random.Random:
    return random.Random(f"turnbuckle:{seed}:chance")


def play_match(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    on_event: Callable[[Event, State], None] | None = None,
    max_steps: int | None = None,
    start: State | None = None,
) -> MatchRecord:
    """Play one match from ``seed``; the same game, agents and seed give the same match. ``start``:
    play on from this state (a copy; a scenario or puzzle built from a position) instead of the beginning."""
    state, steps = play_to_end(game, agents, seed, on_event=on_event, max_steps=max_steps, start=start)
    result = state.match_result()
    assert result is not None  # play_to_end stops only at a terminal state
    return MatchRecord(
        game=game.name,
        params=dict(game.params),
        seed=seed,
        actions=[a.name for a in state.history],
        result=result,
        steps=steps,
        agents=[a.name for a in agents],
        position=state.starting_position,
    )


def play_to_end(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    *,
    on_event: Callable[[Event, State], None] | None = None,
    max_steps: int | None = None,
    record_events: bool = False,
    start: State | None = None,
) -> tuple[State, int]:
    """The match loop behind ``play_match``: the final state and the number of actions.

    ``record_events`` makes a ruleset with a deferred event log record from the first action
    (cheaper than rebuilding it afterwards, for callers that read the events of every match).
    """
    if len(agents) != game.num_players():
        raise ValueError(f"{game.name} needs {game.num_players()} agents, got {len(agents)}")
    state = game.new_initial_state() if start is None else start.clone()
    if record_events or on_event is not None:
        state.materialize_events()  # nothing to replay yet: a deferred log starts recording now
    dice = chance_rng(seed)
    rngs = [agent_rng(seed, p) for p in range(len(agents))]
    seen = 0
    steps = 0
    limit = max_steps if max_steps is not None else game.max_game_length()
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return state, steps
        if steps >= limit:
            raise RuntimeError(f"{game.name} match exceeded {limit} steps (seed {seed})")
        action = state.sample_chance(dice) if player == CHANCE else agents[player].choose(state, rngs[player])
        state.apply_action(action)
        steps += 1
        if on_event is not None:
            events = state.events
            for event in events[seen:]:
                on_event(event, state)
            seen = len(events)
