"""Copper, Silver, Gold and Crowd dice loaded from ``data/dice.toml`` (rumbleslam DICE).

Every die is rolled as its own chance node; the outcome names are ``C=2``, ``S=0``, ``G=5`` and
``Crowd=Boo``. The default faces are an assumption (the text prints none); ``-o dice=FILE``
replaces them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from turnbuckle.engine.actions import Action
from turnbuckle.engine.datafiles import load_model, packaged_data
from turnbuckle.games.rumbleslam.models import CROWD_FACES, DiceFile

PACKAGE = "turnbuckle.games.rumbleslam"
KINDS = ("C", "S", "G", "Crowd")
CHEER, BOO, BLANK = 0, 1, 2
"""Crowd faces as small ints (index into ``CROWD_FACES``)."""


@dataclass(frozen=True)
class DiceSet:
    """The four dice: per kind, its distinct faces with probabilities and chance actions."""

    source: str
    faces: dict[str, tuple[int, ...]]
    """Distinct faces per kind (Crowd faces are CHEER/BOO/BLANK)."""
    probs: dict[str, tuple[float, ...]]
    actions: dict[str, tuple[Action, ...]]
    all_actions: tuple[Action, ...]
    note: str

    def outcomes(self, kind: str) -> list[tuple[Action, float]]:
        return list(zip(self.actions[kind], self.probs[kind], strict=True))

    def max_face(self, kind: str) -> int:
        return max(self.faces[kind])

    def min_face(self, kind: str) -> int:
        return min(self.faces[kind])

    def value_of(self, action: Action) -> tuple[str, int]:
        kind, _, face = action.name.partition("=")
        if kind == "Crowd":
            return kind, CROWD_FACES.index(face)
        return kind, int(face)

    def p_at_least(self, kind: str, n: int) -> float:
        return sum(p for f, p in zip(self.faces[kind], self.probs[kind], strict=True) if f >= n)


def load_dice(path: str | Path | None = None) -> DiceSet:
    source = path if path is not None else packaged_data(PACKAGE, "dice.toml")
    model = load_model(DiceFile, source)
    raw: dict[str, tuple[int, ...]] = {
        "C": model.copper,
        "S": model.silver,
        "G": model.gold,
        "Crowd": tuple(CROWD_FACES.index(f) for f in model.crowd),
    }
    faces: dict[str, tuple[int, ...]] = {}
    probs: dict[str, tuple[float, ...]] = {}
    actions: dict[str, tuple[Action, ...]] = {}
    all_actions: list[Action] = []
    next_id = 0
    for kind in KINDS:
        counts = Counter(raw[kind])
        distinct = tuple(sorted(counts))
        faces[kind] = distinct
        probs[kind] = tuple(counts[f] / len(raw[kind]) for f in distinct)
        acts = []
        for f in distinct:
            label = CROWD_FACES[f] if kind == "Crowd" else str(f)
            act = Action(next_id, f"{kind}={label}")
            next_id += 1
            acts.append(act)
        actions[kind] = tuple(acts)
        all_actions.extend(acts)
    return DiceSet(str(source), faces, probs, actions, tuple(all_actions), model.note)
