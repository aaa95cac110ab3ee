"""A team carried as data: ``team0`` .. ``team3`` take inline team TOML (the league's match params)."""

from __future__ import annotations

import pytest

import turnbuckle
from turnbuckle.engine.datafiles import inline_source, local_files_forbidden
from turnbuckle.engine.errors import DataFileError
from turnbuckle.games.rumbleslam.models import Team
from turnbuckle.games.rumbleslam.teams import default_teams, inline_team, load_team, team_toml


def test_team_toml_round_trips_every_ready_made_team() -> None:
    for team in default_teams().team:
        assert load_team(inline_source(team_toml(team), "t")) == team


def test_inline_team_plays_without_reading_a_file() -> None:
    team = Team(
        name='Quote "Crew"',
        wrestlers=("Goblin Grappler", "Nix", "Nox"),
        endorsements=1,
        sponsorships=("Orka-Cola",),
        tag_teams=({"name": "The Lantern Twins", "style": "traditional"},),  # type: ignore[arg-type]
    )
    with local_files_forbidden("inline teams are data"):
        game = turnbuckle.load_game("rumbleslam", team0=inline_team(team), team1="Marble Minotaur Legion")
    assert game.teams[0].team == team  # type: ignore[attr-defined]
    assert game.sides()[0].name == 'Quote "Crew"'
    assert game.params["team0"] == inline_team(team)


def test_inline_team_errors_name_the_team_not_the_data() -> None:
    bad = inline_source('name = "Odd"\nwrestlers = ["Nobody"]\n', "team Odd")
    with pytest.raises(DataFileError, match=r"^team Odd \(embedded\): team 'Odd': wrestlers\[0\]: unknown wrestler"):
        turnbuckle.load_game("rumbleslam", team0=bad)
