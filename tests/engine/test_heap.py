"""``frozen_heap``: freezes once for nested blocks, always unfreezes, and leaves a disabled GC alone."""

from __future__ import annotations

import gc

import pytest

from turnbuckle.engine.heap import frozen_heap


def test_nested_blocks_freeze_once_and_the_outermost_unfreezes() -> None:
    gc.unfreeze()  # start from nothing frozen (a library loaded earlier in this worker may have frozen some)
    assert gc.get_freeze_count() == 0
    with frozen_heap():
        frozen = gc.get_freeze_count()
        assert frozen > 0
        with frozen_heap():
            assert gc.get_freeze_count() == frozen
        assert gc.get_freeze_count() == frozen  # the inner block left the outer one's freeze
    assert gc.get_freeze_count() == 0


def test_an_error_inside_still_unfreezes() -> None:
    with pytest.raises(RuntimeError), frozen_heap():
        raise RuntimeError("boom")
    assert gc.get_freeze_count() == 0


def test_garbage_made_during_the_block_is_collected() -> None:
    class Node:
        other: object = None

    with frozen_heap():
        a, b = Node(), Node()
        a.other, b.other = b, a
        del a, b
        assert gc.collect() >= 2  # a cycle made inside is still found


def test_a_disabled_collector_is_not_touched() -> None:
    gc.disable()
    try:
        with frozen_heap():
            assert gc.get_freeze_count() == 0
    finally:
        gc.enable()
