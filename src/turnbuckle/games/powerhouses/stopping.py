"""Named ways of calling it quits (``turnbuckle odds powerhouses --rule``).

Only the names, their parsing and the fixed rules' decisions live here, with no numeric
dependencies, so the command line can build its help from ``STOPPING_RULES`` without loading
the solver. What a rule's final total comes to is ``odds.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from turnbuckle.engine.errors import ParamError

StopFn = Callable[[int, int], bool]
"""``stop(matches, unmatched_dice) -> True`` to call it quits."""

DISTRIBUTION_LIMIT = 2000
"""Hard bound on totals in an exact distribution, so also on K in ``at:K`` (a safety net; never
reached in practice)."""

STOPPING_RULES: dict[str, str] = {
    "bust": "never call it quits: roll until going bust (the Take-Down's rule)",
    "at:K": "call it quits as soon as the total is K or more",
    "free:R": "call it quits when fewer than R unmatched dice are left to roll",
    "expert": "the expert's opening attack: N dice against the same sheet holding N dice",
    "expert:D": "the expert's attack with N dice against the same sheet holding D dice",
}
"""The stopping rules ``parse_stopping_rule`` understands, for help texts."""


@dataclass(frozen=True)
class StoppingRule:
    """A named way of calling it quits; ``str(rule)`` is the text that parses back to it.

    Calling it as ``rule(matches, unmatched)`` answers "quit now?" for the fixed rules. The
    ``expert`` rule depends on the pursued ability and the match, so it is resolved by
    ``odds.rule_policy`` (``threshold`` is the defender's dice, 0 = the same as the attacker's).
    """

    kind: str
    threshold: int = 0

    def __call__(self, matches: int, unmatched: int) -> bool:
        if self.kind == "bust":
            return False
        if self.kind == "at":
            return matches >= self.threshold
        if self.kind == "free":
            return unmatched < self.threshold
        raise ParamError(f"stopping rule {self} depends on the match; use rule_policy()")

    def __str__(self) -> str:
        if self.kind == "bust" or (self.kind == "expert" and not self.threshold):
            return self.kind
        return f"{self.kind}:{self.threshold}"


def parse_stopping_rule(text: str) -> StoppingRule:
    """``bust``, ``at:K``, ``free:R``, ``expert`` or ``expert:D``; ParamError with one line otherwise."""
    raw = text.strip().lower()
    kind, sep, arg = raw.partition(":")
    kind, arg = kind.strip(), arg.strip()
    known = ", ".join(STOPPING_RULES)
    if kind == "bust" and not sep:
        return StoppingRule("bust")
    if kind == "expert" and not sep:
        return StoppingRule("expert")
    if kind not in ("at", "free", "expert"):
        raise ParamError(f"unknown stopping rule {text!r} (known: {known})")
    if not (arg.isascii() and arg.isdigit()):
        raise ParamError(f"stopping rule {kind}: needs a whole number, got {text!r}")
    value = int(arg)
    low, high = {"at": (1, DISTRIBUTION_LIMIT), "free": (1, 12), "expert": (2, 12)}[kind]
    if not low <= value <= high:
        raise ParamError(f"stopping rule {text!r}: the number must be from {low} to {high}")
    return StoppingRule(kind, value)
