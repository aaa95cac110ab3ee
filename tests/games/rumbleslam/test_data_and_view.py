"""RUMBLESLAM data files (dice, roster, teams) and the views (terminal, SVG, commentary)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import turnbuckle
from turnbuckle.engine.errors import DataFileError
from turnbuckle.engine.events import Event
from turnbuckle.games.rumbleslam.dice import load_dice
from turnbuckle.games.rumbleslam.models import Pool, parse_rule
from turnbuckle.games.rumbleslam.rules import RumbleslamGame
from turnbuckle.games.rumbleslam.teams import default_teams, load_roster


# rumbleslam DICE
def test_default_dice_rise_in_potential_and_have_blanks() -> None:
    dice = load_dice()
    means = {k: sum(f * p for f, p in zip(dice.faces[k], dice.probs[k], strict=True)) for k in "CSG"}
    assert means["C"] < means["S"] < means["G"]
    assert all(0 in dice.faces[k] for k in "CSG")
    assert dice.p_at_least("C", 3) == pytest.approx(1 / 6)  # the "miraculous" Troll (EX-8)
    for k in ("C", "S", "G", "Crowd"):
        assert sum(dice.probs[k]) == pytest.approx(1.0)


@pytest.mark.parametrize(("text", "error"), [
    ("copper = [1, 2]\nsilver = [0, 4]\ngold = [0, 5]\ncrowd = ['Cheer', 'Boo', 'Blank']", "copper needs a blank"),
    ("copper = [0, 2]\nsilver = [0, 4]\ngold = [0, 5]\ncrowd = ['Cheer', 'Boo']", "crowd die has no Blank"),
    ("copper = [0, 5]\nsilver = [0, 4]\ngold = [0, 6]\ncrowd = ['Cheer', 'Boo', 'Blank']", "rise in potential"),
])
def test_dice_file_errors(tmp_path: Path, text: str, error: str) -> None:
    path = tmp_path / "dice.toml"
    path.write_text(text)
    with pytest.raises(DataFileError, match=error):
        load_dice(path)


def test_dice_option_replaces_the_faces(tmp_path: Path) -> None:
    path = tmp_path / "dice.toml"
    path.write_text("copper = [0, 1]\nsilver = [0, 2]\ngold = [0, 3]\ncrowd = ['Cheer', 'Boo', 'Blank']")
    game = turnbuckle.load_game("rumbleslam", dice=str(path))
    assert {a.name for a in game.actions.chance} >= {"C=0", "C=1", "S=2", "G=3", "Crowd=Boo"}


def test_pools_and_rules_parse() -> None:
    assert Pool.parse("1S+1C+1").dice == ("S", "C") and Pool.parse("1S+1C+1").bonus == 1
    assert Pool.parse("2G").text() == "2G"
    assert parse_rule("(SHOVE 2)") == ("SHOVE", 2) and parse_rule("-2AP") == ("-AP", 2)
    assert parse_rule("CROWD PLEASER") == ("CROWD", 1)
    with pytest.raises(ValueError, match="unknown special rule"):
        parse_rule("TELEPORT")


# rumbleslam BUILDING YOUR TEAM: the shipped roster and teams
def test_roster_is_original_and_broad() -> None:
    roster = load_roster()
    assert len(roster.wrestler) >= 16
    casinos = {w.casino for w in roster.wrestler if not w.free_agent}
    assert len(casinos) >= 4 and any(w.free_agent for w in roster.wrestler)
    assert {w.rank for w in roster.wrestler} == {"rookie", "superstar"}
    assert len(roster.tag_team) >= 2
    troll = roster.find("Troll")
    assert troll is not None and troll.weight == 3 and troll.dex == "1C"
    grappler = roster.find("Halfling Grappler")
    assert grappler is not None and grappler.att == "1C" and grappler.rank == "rookie"


def test_default_teams_fit_a_lightweight_bout() -> None:
    game = turnbuckle.load_game("rumbleslam")
    assert isinstance(game, RumbleslamGame)
    for checked in game.teams:
        assert checked.cost <= 1000
    assert len(default_teams().team) >= 4


def test_roster_template_validates(tmp_path: Path) -> None:
    text = RumbleslamGame.roster_template("Nova Slam")
    assert text is not None
    path = tmp_path / "r.toml"
    path.write_text(text)
    assert RumbleslamGame.validate_roster_file(str(path)) == ["Nova Slam"]


def test_bad_roster_names_the_field(tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    path.write_text((RumbleslamGame.roster_template("X") or "").replace('att = "1S"', 'att = "1Q"'))
    with pytest.raises(DataFileError, match=r"wrestler\[0\] \(X\)\.att"):
        RumbleslamGame.validate_roster_file(str(path))


# the views
def _mid_match() -> tuple[RumbleslamGame, object]:
    game = turnbuckle.load_game("rumbleslam")
    assert isinstance(game, RumbleslamGame)
    s = game.new_initial_state()
    rng = random.Random(9)
    for _ in range(150):
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    return game, s


def test_terminal_view_draws_the_mat_and_the_table() -> None:
    game, s = _mid_match()
    text = game.render_observation(s.observation(0))  # type: ignore[attr-defined]
    assert "A  B  C  D  E  F  G  H  I  J" in text and "#" in text and "STA" in text
    for e in game.entrants:
        assert e.label[:26] in text
    assert "{" not in text


def test_svg_parses_and_names_every_wrestler() -> None:
    game, s = _mid_match()
    svg = game.render_svg(s.observation(0))  # type: ignore[attr-defined]
    assert svg is not None
    root = ET.fromstring(svg)
    text = "".join(root.itertext())
    for e in game.entrants:
        assert e.label in text


def test_commentary_names_wrestlers_and_dice() -> None:
    game, s = _mid_match()
    lines = [game.narrate(e) for e in s.events]  # type: ignore[attr-defined]
    said = "\n".join(line for line in lines if line)
    assert "rolls" in said and any(e.label in said for e in game.entrants)
    assert game.describe_action("brawl A->B") is not None


@pytest.mark.parametrize(
    ("kind", "data", "line"),
    [
        ("counter", {"wrestler": "Troll", "count": 1, "counter": "-AP"}, "Troll now holds 1 -AP counter."),
        ("counter", {"wrestler": "Troll", "count": 2, "counter": "-MP"}, "Troll now holds 2 -MP counters."),
        ("shove", {"wrestler": "Troll", "squares": 2, "to": "C4"}, "Troll is shoved 2 squares to C4."),
        ("shove", {"wrestler": "Troll", "squares": 0, "to": "C4"}, "Troll has nowhere to be shoved and stays at C4."),
    ],
)
def test_commentary_counts_read_as_english(kind: str, data: dict[str, object], line: str) -> None:
    # rumbleslam COUNTERS, (SHOVE X): a blocked shove moves no square and says so
    assert turnbuckle.load_game("rumbleslam").narrate(Event(kind, data)) == line
