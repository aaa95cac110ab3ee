"""Forced dice: drive a state by action names (tests, tutorials, the worked examples)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from turnbuckle.engine.game import CHANCE
from turnbuckle.games.filsinger.decisions import legal_names
from turnbuckle.games.filsinger.state import FilsingerState


def force(state: FilsingerState, *names: str) -> FilsingerState:
    """Apply each named action (die faces like ``d6=3``, ``2d6=7``, decisions) in order.

    Forcing is how positions are set up by hand (with ``entries.start_offense`` and friends between
    calls), so the state's event log is made current first and then recorded live: a deferred
    log rebuilt from the history alone would miss what the hand-made steps emitted."""
    state.materialize_events()
    for name in names:
        state.apply_action(name)
    return state


def reach(
    state: FilsingerState,
    goal: Callable[[FilsingerState], bool],
    max_steps: int = 6,
    decide: Callable[[FilsingerState], str] | None = None,
) -> list[str]:
    """The shortest list of forced dice reaching ``goal``; decisions are made by ``decide``
    (default: the plain basic-rules choice: roll offense, stay, roll pin, ...).

    Breadth-first over chance outcomes; raises ``LookupError`` if nothing within ``max_steps``.
    """
    pick = decide or _plain
    queue: deque[tuple[FilsingerState, list[str]]] = deque([(state, [])])
    seen = 0
    while queue:
        node, path = queue.popleft()
        if goal(node):
            return path
        if len(path) >= max_steps or node.decided:
            continue
        seen += 1
        if seen > 200_000:
            break
        chance = node.current_player() == CHANCE
        names = [a.name for a, _ in node.chance_outcomes()] if chance else [pick(node)]
        for name in names:
            child = node.clone()
            assert isinstance(child, FilsingerState)
            child.record_events = False
            child.apply_action(name)
            queue.append((child, [*path, name]))
    raise LookupError("goal not reachable with forced dice in the step limit")


_PLAIN = ("roll offense", "stay", "roll pin", "try move", "risk disqualification", "ally stays back",
          "no ally")


def _plain(state: FilsingerState) -> str:
    """The decision that follows the basic rules (no option taken)."""
    legal = legal_names(state)
    for name in _PLAIN:
        if name in legal:
            return name
    return legal[0]


def on_offense(side: int, level: int) -> Callable[[FilsingerState], bool]:
    """Goal: ``side`` is about to roll LEVEL ``level`` OFFENSE."""
    return lambda s: s.phase in ("offense_roll", "offense_choice") and s.attacker == side and s.level == level
