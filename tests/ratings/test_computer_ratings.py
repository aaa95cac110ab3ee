"""The computer opponents' published ratings: the shipped file loads, covers every published agent
of every game and is fixed; a bad file is one line naming the file and the field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import turnbuckle
from turnbuckle.agents.spec import agent_names
from turnbuckle.engine.errors import DataFileError
from turnbuckle.ratings import computer_rating, load_computer_ratings, update
from turnbuckle.ratings.computer import ratings_path
from turnbuckle.ratings.model import Rating

GOOD = """
[calibration]
commit = "abc"
seed = 0
anchor = "random = 1000 in every game"
cpu_seconds = 12
matches = 40

[[rating]]
game = "powerhouses"
agent = "random"
mu = 8.0
sigma = 0.0
matches = 20

[[rating]]
game = "powerhouses"
agent = "expert"
mu = 30.5
sigma = 1.25
matches = 20
"""


def test_the_shipped_file_covers_every_published_agent_of_every_game() -> None:
    table = load_computer_ratings().table()
    expected = {(g, a) for g in turnbuckle.list_games() for a in agent_names(turnbuckle.load_game(g))}
    assert expected <= set(table), f"no published rating for {sorted(expected - set(table))}"
    assert set(table) <= expected, f"ratings for agents no game lists: {sorted(set(table) - expected)}"


def test_the_shipped_ratings_are_fixed_calibrated_and_random_is_the_anchor() -> None:
    data = load_computer_ratings()
    assert data.calibration.matches > 0
    for entry in data.rating:
        rating = computer_rating(entry.game, entry.agent)
        assert rating is not None and rating.fixed
        assert entry.matches > 0
        if entry.agent == "random":
            assert rating.sigma == 0.0
    aliases = [e for e in data.rating if e.same_as]
    for alias in aliases:
        assert computer_rating(alias.game, alias.agent) == computer_rating(alias.game, alias.same_as)


def test_a_tuned_search_or_unknown_name_has_no_published_rating() -> None:
    assert computer_rating("powerhouses", "mcts:800") is None
    assert computer_rating("powerhouses", "nobody") is None
    assert computer_rating("nogame", "random") is None


def test_a_human_rated_against_a_published_computer_moves_and_the_computer_does_not() -> None:
    expert = computer_rating("powerhouses", "expert")
    assert expert is not None
    [[human], [after]] = update([[Rating()], [expert]], [0, 1])
    assert after == expert and human.mu > 25.0


def test_a_good_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "ratings.toml"
    path.write_text(GOOD, encoding="utf-8")
    table = load_computer_ratings(path).table()
    assert table[("powerhouses", "expert")] == Rating(30.5, 1.25, fixed=True)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (("sigma = 1.25", "sigma = -1.0"), r"rating\[1\]\.sigma"),
        (("mu = 30.5", 'mu = "high"'), r"rating\[1\]\.mu"),
        (("mu = 30.5", "mu = nan"), r"rating\[1\]\.mu"),
        (("matches = 20\n", "matches = 20\nextra = 1\n"), r"rating\[0\]\.extra"),
        (('agent = "expert"', 'agent = "random"'), r"\(top level\): .*appears twice"),
        (('commit = "abc"\n', ""), r"calibration\.commit"),
    ],
)
def test_a_bad_file_is_one_line_naming_the_file_and_field(tmp_path: Path, change: tuple[str, str], field: str) -> None:
    path = tmp_path / "ratings.toml"
    path.write_text(GOOD.replace(*change, 1), encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        load_computer_ratings(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")
    assert re.search(field, message), message


def test_malformed_toml_is_one_line_too(tmp_path: Path) -> None:
    path = tmp_path / "ratings.toml"
    path.write_text("[calibration\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"ratings\.toml: malformed TOML"):
        load_computer_ratings(path)


def test_the_shipped_file_is_where_the_package_says() -> None:
    assert ratings_path().name == "computer_ratings.toml" and ratings_path().is_file()
