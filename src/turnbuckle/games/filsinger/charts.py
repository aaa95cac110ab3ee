"""Loading the packaged charts (Into the Ropes ... Interference) once per process."""

from __future__ import annotations

from functools import cache

from turnbuckle.engine.datafiles import load_model, packaged_data
from turnbuckle.games.filsinger.models import Charts


@cache
def default_charts() -> Charts:
    """The shipped ``data/charts.toml``, validated."""
    return load_model(Charts, packaged_data("turnbuckle.games.filsinger", "charts.toml"))


TWO_DICE: dict[int, float] = {s: (6 - abs(s - 7)) / 36 for s in range(2, 13)}
"""Probability of each 2d6 sum."""


def at_most(target: int) -> float:
    """P(2d6 <= target): the chance a PIN, disqualification or count-out roll comes true."""
    return sum(p for s, p in TWO_DICE.items() if s <= target)
