"""Actions: small immutable values with a stable integer id and a unique, stable name."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """One decision or chance outcome.

    ``id`` is the OpenSpiel-style integer (decisions and chance outcomes have separate id
    spaces); ``name`` is unique within a game and is what replays store.
    """

    id: int
    name: str

    def __str__(self) -> str:
        return self.name


class ActionTable:
    """All actions of a game, looked up by name; built once per game."""

    def __init__(self, decisions: Iterable[Action], chance: Iterable[Action] = ()) -> None:
        self.decisions: tuple[Action, ...] = tuple(decisions)
        self.chance: tuple[Action, ...] = tuple(chance)
        self._by_name: dict[str, Action] = {}
        for action in (*self.decisions, *self.chance):
            if action.name in self._by_name:
                raise ValueError(f"duplicate action name {action.name!r}")
            self._by_name[action.name] = action
        self._decision_by_id = {a.id: a for a in self.decisions}
        self._chance_by_id = {a.id: a for a in self.chance}
        # counted once: the table never changes, and adapters ask for these at every step
        self._num_decisions = max((a.id for a in self.decisions), default=-1) + 1
        self._num_chance = max((a.id for a in self.chance), default=-1) + 1

    def by_name(self, name: str) -> Action | None:
        return self._by_name.get(name)

    def decision(self, action_id: int) -> Action:
        return self._decision_by_id[action_id]

    def chance_outcome(self, action_id: int) -> Action:
        return self._chance_by_id[action_id]

    @property
    def num_decisions(self) -> int:
        return self._num_decisions

    @property
    def num_chance(self) -> int:
        return self._num_chance
