"""How long a search may think: a deadline its caller sets around ``choose``.

Why a context variable rather than a parameter: ``Agent.choose(state, rng)`` is the contract every
agent, person and replay follows, and a search can be nested in another (a ruleset's expert runs a
heuristic, a web seat's agent may wrap a search). The web's thinker sets a deadline around each
decision (``thinking_until``); a search counts its iterations with ``iterations(n)``, which asks
``out_of_time()`` between iterations (never before the first, so it always has an answer), and
answers with what it has found so far. Nothing sets one on the command line, so searches there run
their full count and seeded runs stay reproducible.

The deadline is on ``time.monotonic()`` and per thread (each thinker sets its own).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_DEADLINE: ContextVar[float | None] = ContextVar("turnbuckle_think_deadline", default=None)


@contextmanager
def thinking_until(deadline: float | None) -> Iterator[None]:
    """Searches started inside this block stop at ``deadline`` (``time.monotonic()`` seconds;
    ``None``: no limit). An outer, earlier deadline still holds."""
    outer = _DEADLINE.get()
    if deadline is not None and outer is not None:
        deadline = min(deadline, outer)
    elif deadline is None:
        deadline = outer
    token = _DEADLINE.set(deadline)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def deadline() -> float | None:
    """The deadline in force here (``None``: none)."""
    return _DEADLINE.get()


def out_of_time() -> bool:
    """Has the deadline in force passed? Cheap enough to ask once per search iteration."""
    at = _DEADLINE.get()
    return at is not None and time.monotonic() >= at


def iterations(n: int) -> Iterator[int]:
    """``range(n)`` for a search loop that stops early once the deadline in force has passed: the
    first iteration always runs, and the clock is read before each later one."""
    for i in range(n):
        if i and out_of_time():
            return
        yield i


__all__ = ["deadline", "iterations", "out_of_time", "thinking_until"]
