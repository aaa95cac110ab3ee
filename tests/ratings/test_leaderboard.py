"""A game's leaderboard: established players only, ordered by the rating people see."""

from __future__ import annotations

import pytest

from turnbuckle.ratings import DEFAULT, PROVISIONAL_SIGMA, Rating, Standing, display, leaderboard


def test_best_first_by_displayed_rating() -> None:
    rows = [Standing("ann", Rating(24, 2), 20), Standing("bob", Rating(31, 2), 20), Standing("cy", Rating(27, 2), 20)]
    assert [r.name for r in leaderboard(rows)] == ["bob", "cy", "ann"]


def test_provisional_ratings_and_too_few_games_are_left_off() -> None:
    rows = [
        Standing("new", DEFAULT, 30),
        Standing("just", Rating(30, PROVISIONAL_SIGMA + 0.01), 30),
        Standing("few", Rating(30, 2), 4),
        Standing("ok", Rating(20, PROVISIONAL_SIGMA), 5),
    ]
    assert [r.name for r in leaderboard(rows, min_games=5)] == ["ok"]
    assert [r.name for r in leaderboard(rows, min_games=0)] == ["few", "ok"]


def test_equal_displayed_ratings_go_to_the_surer_then_by_name() -> None:
    rows = [Standing("zed", Rating(25, 1), 9), Standing("amy", Rating(25, 3), 9), Standing("Bea", Rating(25, 3), 9)]
    board = leaderboard(rows, min_games=1)
    assert len({display(r.rating) for r in board}) == 1
    assert [r.name for r in board] == ["zed", "amy", "Bea"]


def test_any_row_type_with_name_rating_and_games_works() -> None:
    class Row:
        def __init__(self, name: str, mu: float) -> None:
            self.name, self.rating, self.games, self.extra = name, Rating(mu, 1), 10, object()

    board = leaderboard([Row("a", 20), Row("b", 30)])
    assert [r.name for r in board] == ["b", "a"] and all(isinstance(r, Row) for r in board)


def test_a_negative_minimum_is_refused() -> None:
    with pytest.raises(ValueError, match="min_games"):
        leaderboard([], min_games=-1)
