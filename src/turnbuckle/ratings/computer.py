"""The computer opponents' published ratings: ``data/computer_ratings.toml``, written by
``benchmarks/calibrate_computer_ratings.py`` and validated here on load (a bad file is a one-line
``DataFileError`` naming the file and the field, like every other TOML data file).

A computer's rating is fixed (``Rating.fixed``): rated matches move only the people who played it.
Only the names a game lists (``agents.spec.agent_names``) are published; a tuned search such as
``mcts:800`` has no published rating, so a match against it cannot be rated.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Final

from pydantic import BaseModel, ConfigDict, Field, model_validator

from turnbuckle.engine.datafiles import DataSource, load_model, packaged_data
from turnbuckle.ratings.model import Rating

RATINGS_FILE: Final = "computer_ratings.toml"


class Calibration(BaseModel):
    """How the ratings were fitted (for the reader; nothing depends on it)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    commit: str
    seed: int
    anchor: str = Field(min_length=1)
    """What fixes the scale (``random = 1000`` in every game)."""
    cpu_seconds: float = Field(ge=0, allow_inf_nan=False)
    matches: int = Field(ge=0)
    options: dict[str, dict[str, bool | int | float | str]] = Field(default_factory=dict)
    """Options a game was calibrated with instead of its defaults, by game id."""


class ComputerRating(BaseModel):
    """One computer opponent of one game."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str = Field(min_length=1)
    agent: str = Field(min_length=1)
    mu: float = Field(allow_inf_nan=False)
    sigma: float = Field(ge=0, allow_inf_nan=False)
    """The fit's standard error of ``mu`` (relative to the anchor), used as the rating's sigma."""
    matches: int = Field(ge=0)
    """Calibration matches this agent played."""
    same_as: str = ""
    """Another name for the same agent (skirmish's ``expert`` is its ``search``): its numbers."""

    def rating(self) -> Rating:
        return Rating(self.mu, self.sigma, fixed=True)


class ComputerRatingsFile(BaseModel):
    """The whole file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    calibration: Calibration
    rating: list[ComputerRating] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> ComputerRatingsFile:
        seen: set[tuple[str, str]] = set()
        for entry in self.rating:
            key = (entry.game, entry.agent)
            if key in seen:
                raise ValueError(f"{entry.game} agent {entry.agent!r} appears twice")
            seen.add(key)
        return self

    def table(self) -> dict[tuple[str, str], Rating]:
        """Fixed ratings by (game id, agent name)."""
        return {(e.game, e.agent): e.rating() for e in self.rating}


def ratings_path() -> Path:
    """The shipped file."""
    return packaged_data("turnbuckle.ratings", RATINGS_FILE)


def load_computer_ratings(source: DataSource | None = None) -> ComputerRatingsFile:
    """Read and validate a ratings file (default: the shipped one, read once per process)."""
    if source is None:
        return _shipped()
    return load_model(ComputerRatingsFile, source)


@lru_cache(maxsize=1)
def _shipped() -> ComputerRatingsFile:
    return load_model(ComputerRatingsFile, ratings_path())


def computer_rating(game: str, agent: str) -> Rating | None:
    """The published, fixed rating of ``agent`` (a name such as ``expert``) in game ``game``;
    ``None`` for a spec with none (``mcts:800``, an unknown name)."""
    return _shipped().table().get((game, agent))


__all__ = [
    "RATINGS_FILE",
    "Calibration",
    "ComputerRating",
    "ComputerRatingsFile",
    "computer_rating",
    "load_computer_ratings",
    "ratings_path",
]
