"""Random full-length matches with the rules' invariants checked as they go.

One implementation for the test suite's soak (a few hundred matches) and
``benchmarks/soak_skirmish.py`` (1,000 per match type), so both check the same things:
models inside the ring and never overlapping (SK-1.1, SK-1.4), END within 1..its starting value
(SK-7.6), every AP pool within 0..10 (SK-3.1, R-SK-21), each maneuver at most once per round per
player (SK-4.3, R-SK-24), zero-sum returns and a terminal state reached.

Reads: chooser, left, models, phase, pool, round, used, winner
Writes: -
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import COUNTER, MAX_AP, ROUTE, TURN
from turnbuckle.games.skirmish.state import SkirmishState

STEP_LIMIT = 200_000
"""A random match this long has gone wrong (40 rounds take a few thousand steps)."""


class SoakError(AssertionError):
    """An invariant failed; the message names the match type, the seed and the step."""


@dataclass
class SoakStats:
    """What a batch of random matches did."""

    matches: int = 0
    transitions: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    """``pinfall`` or ``time_limit``."""
    pin_rounds: list[int] = field(default_factory=list)
    via_rope: int = 0
    """Whips sent off a rope on the way (R-SK-11): the route is exercised."""


def check_invariants(state: SkirmishState) -> None:
    """The state-wide invariants; raises ``AssertionError`` naming the one that failed."""
    g = state.game
    ring = [m for m in state.models if m.in_ring]
    if state.round >= 1 and len(ring) != g.players:
        raise AssertionError(f"{len(ring)} models in the ring, expected {g.players}")
    for i, m in enumerate(ring):
        if not geo.inside(m.pos, m.r):
            raise AssertionError(f"{m} outside the ring")  # SK-1.1
        for other in ring[i + 1 :]:
            if geo.overlaps(m.pos, m.r, other.pos, other.r):
                raise AssertionError(f"bases overlap: {m} and {other}")  # SK-1.4
    for m in state.models:
        if not 1 <= m.end <= g.profiles[m.wrestler].END:
            raise AssertionError(f"END out of range: {m}")  # SK-7.6 floor, Flaunt cap
    for p in range(g.players):
        if not 0 <= state.pool[p] <= MAX_AP:
            raise AssertionError(f"P{p} pool {state.pool[p]} outside 0..{MAX_AP}")  # SK-3.1
        if state.left[p] < 0:
            raise AssertionError(f"P{p} spent more than the bid ({state.left[p]})")  # SK-3.2


def play_random(state: SkirmishState, rng: random.Random, check_every: int = 1,
                stats: SoakStats | None = None) -> SkirmishState:
    """Uniformly random decisions and chance draws to the end; the state invariants every
    ``check_every`` steps (0: never), once per round at every declaration."""
    g = state.game
    steps = 0
    while state.current_player() != TERMINAL:
        if steps >= STEP_LIMIT:
            raise AssertionError(f"no terminal state after {steps} steps")
        if state.current_player() == CHANCE:
            state._apply(state.sample_chance(rng))
        else:
            action = rng.choice(state.legal_actions())
            if state.phase in (TURN, COUNTER) and action.id in g.maneuver_spec:
                mi = g.maneuver_spec[action.id][0]
                if mi in state.used[state.chooser]:  # SK-4.3
                    raise AssertionError(f"{action.name!r} performed twice in round {state.round}")
            elif state.phase == ROUTE and stats is not None and action.id > g.route_base:
                stats.via_rope += 1
            state._apply(action)
        steps += 1
        if check_every and steps % check_every == 0:
            check_invariants(state)
    check_invariants(state)
    if abs(sum(state.returns())) > 1e-9:
        raise AssertionError(f"returns not zero-sum: {state.returns()}")
    if stats is not None:
        stats.matches += 1
        stats.transitions += steps
        pinned = state.winner >= 0
        stats.endings["pinfall" if pinned else "time_limit"] += 1
        if pinned:
            stats.pin_rounds.append(state.round)
    return state


def soak(state_factory: Callable[[], SkirmishState], seeds: range, check_every: int = 1,
         label: str = "") -> SoakStats:
    """Play one random match per seed from ``state_factory()`` (a game's ``new_initial_state``)."""
    stats = SoakStats()
    for seed in seeds:
        state = state_factory()
        state.record_events = False
        try:
            play_random(state, random.Random(seed), check_every, stats)
        except AssertionError as exc:
            raise SoakError(f"{label} seed {seed}, round {state.round}: {exc}") from exc
    return stats
