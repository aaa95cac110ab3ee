"""A die with arbitrary faces (d6, Copper/Silver/Gold, Crowd): chance outcomes and icepool form."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field

import icepool

from turnbuckle.engine.actions import Action


@dataclass(frozen=True)
class Die:
    """One die; ``faces`` lists every side, so a repeated face is proportionally more likely."""

    name: str
    faces: tuple[Hashable, ...]
    _weights: dict[Hashable, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"die {self.name!r} has no faces")
        object.__setattr__(self, "_weights", dict(Counter(self.faces)))

    @property
    def sides(self) -> int:
        return len(self.faces)

    def distinct_faces(self) -> list[Hashable]:
        """Each face once, in the order first listed."""
        return list(self._weights)

    def probability(self, face: Hashable) -> float:
        return self._weights.get(face, 0) / len(self.faces)

    def roll(self, rng: random.Random) -> Hashable:
        return rng.choice(self.faces)

    def chance_actions(self, prefix: str, first_id: int = 0) -> list[Action]:
        """One chance action per distinct face, named ``f"{prefix}={face}"``."""
        return [Action(first_id + i, f"{prefix}={face}") for i, face in enumerate(self.distinct_faces())]

    def to_icepool(self) -> icepool.Die:
        return icepool.Die(dict(self._weights))


D6 = Die("d6", (1, 2, 3, 4, 5, 6))
