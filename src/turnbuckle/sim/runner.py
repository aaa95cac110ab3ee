"""Batch simulation: many seeded matches, on all local cores, reproducible from the base seed.

Match ``i`` always uses seed ``base_seed + i`` and seat order ``i % 2`` rotation when asked, so
results do not depend on how many worker processes ran them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.match import play_match
from turnbuckle.engine.registry import load_game


@dataclass(frozen=True)
class SimSpec:
    """Everything a worker needs to play its share of matches (picklable)."""

    game: str
    params: dict[str, Any]
    agents: tuple[str, ...]
    base_seed: int
    rotate_seats: bool = True


@dataclass
class MatchSummary:
    """One match's outcome, seen from the agents (not the seats)."""

    index: int
    seat_of_agent: list[int]
    winner_agents: tuple[int, ...]
    """Every agent on the winning side (two for a tag team); empty for a draw."""
    steps: int
    returns_by_agent: list[float] = field(default_factory=list)


def seats_for(index: int, agents: int, rotate: bool) -> list[int]:
    """Agent ``k`` sits in seat ``(k + index) % agents`` when rotating, so seats even out."""
    shift = index % agents if rotate else 0
    return [(k + shift) % agents for k in range(agents)]


def run_chunk(spec: SimSpec, indices: Sequence[int]) -> list[MatchSummary]:
    game = load_game(spec.game, **spec.params)
    out = []
    n = len(spec.agents)
    for index in indices:
        seat = seats_for(index, n, spec.rotate_seats)
        by_seat: list[Any] = [None] * n
        for k, name in enumerate(spec.agents):
            by_seat[seat[k]] = make_agent(name, game, seat[k])
        result = play_match(game, by_seat, seed=spec.base_seed + index)
        winner_agents = tuple(sorted(seat.index(p) for p in result.winning_players))
        out.append(
            MatchSummary(
                index=index,
                seat_of_agent=seat,
                winner_agents=winner_agents,
                steps=result.steps,
                returns_by_agent=[result.returns[seat[k]] for k in range(n)],
            )
        )
    return out


def run_matches(
    spec: SimSpec, matches: int, workers: int | None = None, chunk: int = 50,
    progress: Callable[[int], None] | None = None,
) -> list[MatchSummary]:
    """Play ``matches`` matches; ``workers`` defaults to every local core (1 = in this process)."""
    workers = workers or os.cpu_count() or 1
    chunks = [list(range(i, min(i + chunk, matches))) for i in range(0, matches, chunk)]
    results: list[MatchSummary] = []
    for part in _map_chunks(spec, chunks, workers):
        results.extend(part)
        if progress is not None:
            progress(len(part))
    results.sort(key=lambda m: m.index)
    return results


def _map_chunks(spec: SimSpec, chunks: list[list[int]], workers: int) -> Iterator[list[MatchSummary]]:
    if workers <= 1 or len(chunks) <= 1:
        for c in chunks:
            yield run_chunk(spec, c)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(run_chunk, spec, c) for c in chunks]
        for future in futures:
            yield future.result()
