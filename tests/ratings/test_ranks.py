"""Places for a rating update from a finished match's returns (and, in battle royals, its finishing
order), including from real matches played by the engine."""

from __future__ import annotations

import random

import pytest

import turnbuckle
from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.result import MatchResult, Method, Side
from turnbuckle.ratings import Rating, ranks_from_result, ranks_from_returns, rate_seats


def test_singles_winner_first() -> None:
    assert ranks_from_returns([[0], [1]], [1.0, -1.0]) == [0, 1]
    assert ranks_from_returns([[0], [1]], [-1.0, 1.0]) == [1, 0]


def test_a_draw_ranks_both_equal() -> None:
    assert ranks_from_returns([[0], [1]], [0.0, 0.0]) == [0, 0]


def test_four_way_places_follow_returns_with_ties_shared() -> None:
    assert ranks_from_returns([[0], [1], [2], [3]], [-1.0, 3.0, -1.0, 0.5]) == [2, 0, 2, 1]


def test_tag_sides_take_their_partners_return() -> None:
    assert ranks_from_returns([[0, 2], [1, 3]], [-1.0, 1.0, -1.0, 1.0]) == [1, 0]


@pytest.mark.parametrize("sides", [[[0], [0]], [[0], [2]], [[0], []], []])
def test_sides_that_do_not_fit_the_returns_are_refused(sides: list[list[int]]) -> None:
    with pytest.raises(ValueError):
        ranks_from_returns(sides, [1.0, -1.0])


def test_a_battle_royals_finishing_order_splits_the_losers() -> None:
    sides = [Side(n, (i,), (n,)) for i, n in enumerate(["Ace", "Bo", "Cy", "Di"])]
    result = MatchResult.from_returns(
        sides, [-1 / 3, 1.0, -1 / 3, -1 / 3], method=Method.ELIMINATION, finishing_order=("Bo", "Di", "Ace", "Cy")
    )
    assert ranks_from_result(result) == [2, 0, 3, 1]


def test_without_a_finishing_order_the_returns_decide() -> None:
    sides = [Side("A", (0,), ("A",)), Side("B", (1,), ("B",))]
    assert ranks_from_result(MatchResult.from_returns(sides, [0.0, 0.0])) == [0, 0]
    assert ranks_from_result(MatchResult.from_returns(sides, [-1.0, 1.0])) == [1, 0]


@pytest.mark.parametrize(
    ("game_id", "params"),
    [("powerhouses", {}), ("wrasslin", {}), ("wrasslin", {"match_type": "tag"}), ("rumbleslam", {"players": 3})],
)
def test_a_played_match_winner_is_ranked_first(game_id: str, params: dict[str, object]) -> None:
    """A real match to the end with random agents: the result's winner (if any) is alone in first."""
    game = turnbuckle.load_game(game_id, **params)
    state = game.new_initial_state()
    rng = random.Random(7)
    agents = [make_agent("random", game, p) for p in range(game.num_players())]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(agents[state.current_player()].choose(state, rng))
    result = state.match_result()
    assert result is not None
    ranks = ranks_from_result(result)
    assert len(ranks) == len(result.sides)
    if result.winner is None:
        assert len(set(ranks)) < len(ranks)
    else:
        winner = result.sides.index(result.winner)
        assert ranks[winner] == 0 and ranks.count(0) == 1


def test_rate_seats_moves_each_seat_by_its_sides_place_and_keeps_a_computer_fixed() -> None:
    sides = [Side("Ace & Bo", (0, 2), ("Ace", "Bo")), Side("Cy & Di", (1, 3), ("Cy", "Di"))]
    result = MatchResult.from_returns(sides, [1.0, -1.0, 1.0, -1.0])
    computer = Rating(30.0, 1.0, fixed=True)
    before = {0: Rating(), 1: Rating(), 2: computer, 3: Rating()}
    after = rate_seats(result, before)
    assert after[0].mu > 25 and after[1].mu < 25 and after[3].mu < 25
    assert after[2] is computer


def test_rate_seats_needs_every_seats_rating() -> None:
    sides = [Side("A", (0,), ("A",)), Side("B", (1,), ("B",))]
    with pytest.raises(ValueError, match="seat 1"):
        rate_seats(MatchResult.from_returns(sides, [1.0, -1.0]), {0: Rating()})
