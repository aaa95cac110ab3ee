"""Keep the cyclic garbage collector off long-lived objects during long batch work.

A league run holds a large heap for its whole length (SQLAlchemy's mapper and statement caches,
the league's ORM objects, every Game it has built). Each full collection walks all of it, and a
WRASSLIN' season allocated enough to trigger two of them per 200 matches: 0.75 ms per match,
more than storing the match. ``gc.freeze()`` moves what exists now to a generation the collector
never visits; what the run allocates afterwards is still collected as usual. Leaving unfreezes,
so anything that became garbage meanwhile is collected later instead of never.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_depth = 0
"""Nested ``frozen_heap`` blocks: only the outermost one unfreezes."""


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Freeze the objects alive now for the length of the block (a no-op when the GC is off)."""
    global _depth
    if _depth == 0 and gc.isenabled():
        gc.freeze()
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if _depth == 0:
            gc.unfreeze()
