"""Re-verification of every shipped puzzle (issue 34, item 8), one test per puzzle.

Exact puzzles (Powerhouses, Filsinger) are solved again: the answer and every option's value must
match the stored ones. Search puzzles are searched again from the side's own information at twice
the stored budget with another seed (``puzzle_making.reverify``): the stored answer must still be
the best, ahead of every other option by ``MIN_SE_RATIO`` (3) paired standard errors, and its lead
over the second may fall short of the 10 points (``MIN_MARGIN``) by at most ``VERIFY_SLACK_SE`` (2)
paired errors, the noise of the new search."""

from __future__ import annotations

import pytest

from turnbuckle.learn.puzzle_making import MIN_SE_RATIO, VERIFY_SLACK_SE, reverify
from turnbuckle.learn.puzzles import MIN_MARGIN, Puzzle, all_puzzles, puzzle_state

ALL = all_puzzles()


@pytest.mark.parametrize("p", ALL, ids=[p.id for p in ALL])
def test_shipped_puzzle_is_still_clearly_best(p: Puzzle) -> None:
    ok, values = reverify(p, puzzle_state(p))
    best, second = values.options[0], values.options[1]
    detail = (f"{p.id}: best {best.action!r} (stored {p.answer!r}), lead {second.gap:.3f} "
              f"± {second.gap_stderr} over {second.action!r}; {values.method}, stopped: {values.stopped}")
    assert best.action == p.answer, detail
    if p.method == "exact":
        assert values.exact and ok, detail
        assert second.gap >= MIN_MARGIN, detail
    else:
        assert second.gap_stderr is not None and second.gap >= MIN_SE_RATIO * second.gap_stderr, detail
        assert second.gap >= MIN_MARGIN - VERIFY_SLACK_SE * second.gap_stderr, detail
        assert ok, detail
