"""Re-verification of every shipped puzzle (issue 34, item 8), one test per puzzle.

Exact puzzles (Powerhouses, Filsinger) are solved again: the answer and every option's value must
match the stored ones. Search puzzles are searched again from the side's own information at twice
the stored budget with another seed (``puzzle_making.reverify``): the stored answer must still be
the best, ahead of every other option by ``MIN_SE_RATIO`` (3) paired standard errors, and its lead
over the second may fall short of the 10 points (``MIN_MARGIN``) by at most ``VERIFY_SLACK_SE`` (2)
paired errors, the noise of the new search."""

from __future__ import annotations

import pytest

from turnbuckle.learn.puzzle_making import VERIFY_SLACK_SE, plan_for, reverify
from turnbuckle.learn.puzzles import MIN_MARGIN, MIN_SE_RATIO, Puzzle, all_puzzles, puzzle_state

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


def test_a_match_horizon_puzzle_is_verified_with_playouts_to_the_end_of_the_match() -> None:
    """A puzzle searched to the end of the match is re-verified the same way (no cut-off, no
    position score), and one made at the review horizon with the game's own plan."""
    found = [p for p in ALL if p.game == "skirmish"]
    assert found, "skirmish ships search puzzles"
    cut = found[0].model_copy(update={"budget": 4, "horizon": "review"})
    whole = cut.model_copy(update={"horizon": "match"})
    assert plan_for(puzzle_state(whole).game, "match").cutoff is None
    assert plan_for(puzzle_state(cut).game, "review").cutoff is not None
    _, values = reverify(whole, puzzle_state(whole))
    assert "to the end of the match" in values.method and "position score" not in values.method
    _, values = reverify(cut, puzzle_state(cut))
    assert "the end of the next round" in values.method
