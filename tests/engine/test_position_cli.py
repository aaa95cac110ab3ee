"""``turnbuckle play GAME --position FILE``: a match from a scenario or puzzle, its replay, and bad files."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import turnbuckle
from turnbuckle.cli import main as cli_main


@dataclass
class Outcome:
    code: int
    out: str
    err: str

    def one_line_error(self, *needles: str) -> str:
        assert self.code == 2, (self.code, self.out[-400:], self.err[-400:])
        lines = self.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), self.err
        for needle in needles:
            assert needle in lines[0], (needle, lines[0])
        return lines[0]


def cli(*args: str | Path, stdin: str = "") -> Outcome:
    with CliRunner().isolation(input=stdin) as (out, err, _):
        code = cli_main.run([str(a) for a in args])
        return Outcome(code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace"))


def _puzzle() -> dict[str, Any]:
    """Powerhouses, late in the match: Bruno down to two dice, Skylark about to attack with three."""
    position = turnbuckle.load_game("powerhouses").new_initial_state().to_position()
    body = position["position"]
    body.update(dice=[2, 3], phase="attack", attacker=1, exchanges=9, takedown_totals=[1, 2])
    body["roll"].update(roller=1, throw=3, unmatched_dice=3)
    return position


def test_play_from_a_position_and_replay_it(tmp_path: Path) -> None:
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(_puzzle()), encoding="utf-8")
    saved = tmp_path / "replay.json"
    played = cli("play", "powerhouses", "--position", path, "--seed", "4", "--opponent", "random",
                 "--save-replay", saved, stdin="auto\n" * 300)
    assert played.code == 0, played.err
    assert f"From the position in {path}" in played.out and "Winner:" in played.out
    replay = json.loads(saved.read_text(encoding="utf-8"))
    assert replay["position"] == _puzzle()
    # a match from this position is short: nobody has five dice to lose
    assert len(replay["actions"]) < 200
    again = cli("replay", saved)
    assert again.code == 0, again.err
    assert "verified from its starting position" in again.out



def test_review_a_replay_that_starts_from_a_position(tmp_path: Path) -> None:
    """``review`` values the match from the replay's ``position``, not from the initial state (it
    refused: "'roll' is not a possible chance outcome here"; issue 29.16)."""
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(_puzzle()), encoding="utf-8")
    saved = tmp_path / "replay.json"
    played = cli("play", "powerhouses", "--position", path, "--seed", "4", "--opponent", "random",
                 "--save-replay", saved, stdin="auto\n" * 300)
    assert played.code == 0, played.err
    reviewed = cli("review", saved, "--json")
    assert reviewed.code == 0, reviewed.err
    report = json.loads(reviewed.out)
    decisions = report["decisions"]
    assert decisions, "the match from the puzzle has decisions"
    assert all(d["action_index"] < len(json.loads(saved.read_text(encoding="utf-8"))["actions"]) for d in decisions)
    shown = cli("review", saved)
    assert shown.code == 0, shown.err
    assert "Review: Powerhouses" in shown.out

def test_a_bad_position_file_is_one_line_naming_file_and_field(tmp_path: Path) -> None:
    bad = _puzzle()
    bad["position"]["dice"][0] = 0
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    cli("play", "powerhouses", "--position", path).one_line_error(f"{path}: position.dice[0]: 0 is out of range")

    old = _puzzle() | {"version": 7}
    path.write_text(json.dumps(old), encoding="utf-8")
    cli("play", "powerhouses", "--position", path).one_line_error(f"{path}: version:")

    path.write_text("{not json", encoding="utf-8")
    cli("play", "powerhouses", "--position", path).one_line_error(f"{path}: not valid JSON")
    cli("play", "powerhouses", "--position", tmp_path / "missing.json").one_line_error("cannot read position")


def test_the_position_must_be_for_the_game_and_brings_its_own_params(tmp_path: Path) -> None:
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(_puzzle()), encoding="utf-8")
    cli("play", "wrasslin", "--position", path).one_line_error("game: the position is for 'powerhouses'")
    cli("play", "chess", "--position", path).one_line_error("unknown game 'chess'")
    cli("play", "powerhouses", "--position", path, "-o", "dice=4").one_line_error("leave out --wrestler")


def test_a_position_naming_a_local_roster_is_refused(tmp_path: Path) -> None:
    roster = tmp_path / "roster.toml"
    roster.write_text(turnbuckle.engine.registry.game_class("powerhouses").roster_template("Ada") or "",
                      encoding="utf-8")
    position = _puzzle()
    position["params"]["roster"] = str(roster)
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    cli("play", "powerhouses", "--position", path).one_line_error("params.roster names a local file",
                                                                  "carries its roster inline")
