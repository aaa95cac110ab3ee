"""Rating updates (openskill Plackett-Luce through ``turnbuckle.ratings.update``): the properties a
player can check by hand, over random ratings and match shapes."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from turnbuckle.ratings import DEFAULT, PROVISIONAL_SIGMA, Rating, display, display_text, is_provisional, update
from turnbuckle.ratings.model import DISPLAY_BASE, mu_of_display, win_probability

mus = st.floats(min_value=0.0, max_value=50.0, allow_nan=False)
sigmas = st.floats(min_value=0.5, max_value=25.0 / 3.0, allow_nan=False)
ratings = st.builds(Rating, mus, sigmas)

quick = settings(max_examples=80, deadline=None)  # no deadline: the machine is shared


@quick
@given(ratings, ratings)
def test_the_winner_rises_and_the_loser_falls(a: Rating, b: Rating) -> None:
    [[a2], [b2]] = update([[a], [b]], [0, 1])
    assert a2.mu > a.mu
    assert b2.mu < b.mu


@quick
@given(mus, sigmas)
def test_a_draw_between_equals_moves_neither_mu_and_shrinks_doubt(mu: float, sigma: float) -> None:
    a = Rating(mu, sigma)
    [[a2], [b2]] = update([[a], [a]], [0, 0])
    assert a2.mu == pytest.approx(mu, abs=1e-9) and b2.mu == pytest.approx(mu, abs=1e-9)
    assert a2.sigma < math.sqrt(sigma**2 + (25 / 300) ** 2)  # more certain than before the match (tau added)


@quick
@given(ratings, ratings)
def test_a_draw_pulls_the_two_together(a: Rating, b: Rating) -> None:
    [[a2], [b2]] = update([[a], [b]], [0, 0])
    assert abs(a2.mu - b2.mu) <= abs(a.mu - b.mu) + 1e-9


@quick
@given(st.lists(st.tuples(ratings, st.integers(0, 3)), min_size=2, max_size=8), st.randoms(use_true_random=False))
def test_the_order_sides_are_listed_in_does_not_matter(entries: list[tuple[Rating, int]], rng: object) -> None:
    sides = [[r] for r, _ in entries]
    ranks = [k for _, k in entries]
    order = list(range(len(entries)))
    rng.shuffle(order)  # type: ignore[attr-defined]
    straight = update(sides, ranks)
    shuffled = update([sides[i] for i in order], [ranks[i] for i in order])
    for position, i in enumerate(order):
        assert shuffled[position][0].mu == pytest.approx(straight[i][0].mu, abs=1e-9)
        assert shuffled[position][0].sigma == pytest.approx(straight[i][0].sigma, abs=1e-9)


@quick
@given(ratings, st.builds(Rating, mus, st.floats(0.0, 3.0), st.just(True)), st.integers(0, 2))
def test_a_computers_fixed_rating_never_moves_and_the_human_is_rated_against_it(
    human: Rating, computer: Rating, outcome: int
) -> None:
    ranks = [[0, 1], [1, 0], [0, 0]][outcome]
    [[h2], [c2]] = update([[human], [computer]], ranks)
    assert c2 is computer
    if outcome == 0:
        assert h2.mu > human.mu
    elif outcome == 1:
        assert h2.mu < human.mu
    assert not h2.fixed


@quick
@given(st.integers(3, 8), st.lists(ratings, min_size=8, max_size=8))
def test_n_sides_first_place_rises_last_falls(n: int, pool: list[Rating]) -> None:
    sides = [[r] for r in pool[:n]]
    out = update(sides, list(range(n)))
    assert out[0][0].mu > sides[0][0].mu
    assert out[-1][0].mu < sides[-1][0].mu
    assert all(o[0].sigma <= math.sqrt(s[0].sigma ** 2 + (25 / 300) ** 2) for o, s in zip(out, sides, strict=True))


@quick
@given(ratings, ratings, ratings, ratings)
def test_tag_teams_each_partner_moves_with_the_team(a: Rating, b: Rating, c: Rating, d: Rating) -> None:
    [[a2, b2], [c2, d2]] = update([[a, b], [c, d]], [0, 1])
    assert a2.mu > a.mu and b2.mu > b.mu
    assert c2.mu < c.mu and d2.mu < d.mu


def test_a_bigger_upset_moves_more() -> None:
    weak, strong = Rating(20, 3), Rating(30, 3)
    [[upset], _] = update([[weak], [strong]], [0, 1])
    [[expected], _] = update([[strong], [weak]], [0, 1])
    assert upset.mu - weak.mu > expected.mu - strong.mu > 0


@pytest.mark.parametrize(
    ("sides", "ranks", "reason"),
    [
        ([[DEFAULT]], [0], "at least 2 sides"),
        ([[DEFAULT], [DEFAULT]], [0], "2 sides"),
        ([[DEFAULT], []], [0, 1], "at least one player"),
        ([[DEFAULT], [DEFAULT]], [0, math.nan], "finite"),
    ],
)
def test_a_malformed_match_is_refused(sides: list[list[Rating]], ranks: list[float], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        update(sides, ranks)


def test_a_rating_is_finite_with_a_sigma_not_below_zero() -> None:
    for mu, sigma in ((math.inf, 1.0), (25.0, math.nan), (25.0, -1.0)):
        with pytest.raises(ValueError, match="finite"):
            Rating(mu, sigma)


def test_provisional_above_the_threshold_only() -> None:
    assert is_provisional(DEFAULT)
    assert is_provisional(Rating(25, PROVISIONAL_SIGMA + 1e-6))
    assert not is_provisional(Rating(25, PROVISIONAL_SIGMA))
    assert display_text(DEFAULT) == "1500?"
    assert display_text(Rating(25, 2.0)) == "1500"


def test_a_new_player_becomes_established_after_a_dozen_or_so_matches_against_established_ones() -> None:
    player, played = DEFAULT, 0
    while is_provisional(player):
        opponent = Rating(25, 1.0)
        [[player], _] = update([[player], [opponent]], [played % 2, 1 - played % 2])
        played += 1
    assert 8 <= played <= 16


def test_the_display_scale_is_elo_like() -> None:
    """400 points between two established players are about 10:1 odds (sigma small)."""
    assert display(DEFAULT) == DISPLAY_BASE
    a, b = Rating(mu_of_display(1900), 0.0), Rating(mu_of_display(1500), 0.0)
    assert display(a) == 1900
    assert win_probability(a, b) == pytest.approx(10 / 11, abs=0.002)
