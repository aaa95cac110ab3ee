"""How a ruleset's decisions are valued for reviews and hints (``Game.review_plan``).

A ruleset says what it knows; the analysis layer (``turnbuckle.analysis.review``) does the rest,
so no game imports it. Values are *scores*: one number in [0, 1] per player, the share of the win
his side can expect (1 a win, 0 a loss, a draw split between the sides that share it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from turnbuckle.engine.actions import Action
    from turnbuckle.engine.game import State

ExactValues = Callable[["State"], "list[tuple[str, list[float]]] | None"]
"""Every legal action of the player to move with each player's exact expected score after it,
best first for the mover (the ruleset's own preference among equal values); ``None`` where this
position cannot be valued exactly (the review samples it instead)."""
PlayoutPolicy = Callable[["State", random.Random], "Action"]
Candidates = Callable[["State", random.Random], "list[Action]"]
Cutoff = Callable[["State", "State"], bool]
"""``cutoff(start, now)``: stop this playout here (``now`` is the playout, ``start`` where it began)."""
Roll = Callable[["State"], "list[tuple[float, State]] | None"]
"""``roll(state)``, just after an option: the distinct positions the roll there can end in, each
with its exact chance (outcomes that lead to the same position merged); ``None`` when ``state``
is no roll to solve (a decision comes first)."""
Leaf = Callable[["State"], "list[float]"]
"""Each player's estimated score (in [0, 1]) where a playout stops before the end."""


@dataclass(frozen=True)
class ReviewPlan:
    """A ruleset's knowledge for valuing decisions: exact values where it has them, else how to
    play positions out (every seat by ``policy``, from re-dealt copies of what the mover saw)."""

    exact: ExactValues | None = None
    exact_name: str = "exact"
    """Where the exact values come from, for the stated method (``"the match solver"``)."""
    policy: PlayoutPolicy | None = None
    """How playouts play every seat; ``None``: uniformly at random."""
    policy_name: str = "random"
    """What ``policy`` is, for the stated method (``"heuristic"``)."""
    candidates: Candidates | None = None
    """The options worth sampling when a decision has many (the chosen one is always added);
    ``None``: every legal action."""
    cutoff: Cutoff | None = None
    leaf: Leaf | None = None
    horizon: str = ""
    """Where ``cutoff`` stops a playout, in words (``"the end of the next round"``)."""
    leaf_name: str = "the game's position score"
    """What ``leaf`` reads, in words, for the stated method."""
    roll: Roll | None = None
    """The immediate roll after an option, solved (``analysis.review.strata``: only what follows
    it is sampled); ``None``: the roll is sampled with the rest."""
    playouts: int = 64
    """The default budget: playouts per option and decision."""
