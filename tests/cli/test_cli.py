"""The ``turnbuckle`` command end to end, run as a user would (a subprocess per call)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "turnbuckle", *args], capture_output=True, text=True, timeout=120, check=False
    )


def test_games_lists_powerhouses() -> None:
    out = run("games", "--json")
    assert out.returncode == 0
    assert "powerhouses" in [g["id"] for g in json.loads(out.stdout)]


def test_rules_and_roster() -> None:
    rules = run("rules", "powerhouses")
    assert rules.returncode == 0 and "Over the Top" in rules.stdout and "comeback" in rules.stdout
    roster = json.loads(run("roster", "powerhouses", "--json").stdout)
    assert len(roster) >= 8 and roster[0]["sheet"][5] == "Fan Support"


def test_watch_json_is_one_event_per_line_ending_with_the_result() -> None:
    out = run("watch", "powerhouses", "--seed", "4", "--json", "-a", "expert", "-a", "heuristic")
    assert out.returncode == 0
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert all(line["type"] == "event" for line in lines[:-1])
    result = lines[-1]
    winner = result["result"]["winner"]
    assert result["type"] == "result" and winner["players"] in ([0], [1]) and winner["name"]
    assert lines[-2]["kind"] == "result" and [lines[-2]["data"]["winner"]] == winner["players"]
    again = run("watch", "powerhouses", "--seed", "4", "--json", "-a", "expert", "-a", "heuristic")
    assert again.stdout == out.stdout, "--seed makes watch reproducible"


def test_watch_saves_a_replay_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    out = run("watch", "powerhouses", "--seed", "9", "--save-replay", str(path))
    assert out.returncode == 0 and path.exists()
    replayed = run("replay", str(path), "--json")
    assert replayed.returncode == 0
    assert json.loads(replayed.stdout.splitlines()[-1])["verified"] is True


def test_sim_json_has_win_rates_with_intervals() -> None:
    out = run("sim", "powerhouses", "--matches", "60", "--seed", "1", "-a", "expert", "-a", "random", "--json")
    assert out.returncode == 0
    summary = json.loads(out.stdout)
    rates = summary["win_rates"]
    assert sum(r["wins"] for r in rates) + summary["draws"] == 60
    assert all(r["ci95"][0] <= r["rate"] <= r["ci95"][1] for r in rates)
    again = json.loads(run("sim", "powerhouses", "--matches", "60", "--seed", "1", "-a", "expert", "-a", "random",
                           "--json", "--workers", "1").stdout)
    assert again["win_rates"] == rates, "results do not depend on the number of workers"


def test_play_against_the_computer_with_typed_moves() -> None:
    # answers: an illegal entry first (refused, asked again), then always "stop"/first option
    moves = "dance\n" + "1\n" * 400
    out = subprocess.run(
        [sys.executable, "-m", "turnbuckle", "play", "powerhouses", "--seed", "2", "--opponent", "random"],
        input=moves, capture_output=True, text=True, timeout=120, check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "'dance' is not a legal move now" in out.stdout
    assert "Winner:" in out.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rules", "chess"), "unknown game 'chess'"),
        (("watch", "powerhouses", "-w", "Nobody", "-w", "Skylark Reyes"), "unknown wrestler 'Nobody'"),
        (("watch", "powerhouses", "-o", "color=red"), "has no option 'color'"),
        (("watch", "powerhouses", "-o", "dice=1"), "option dice"),
        (("sim", "powerhouses", "-a", "genius"), "unknown agent 'genius'"),
        (("replay", "/nonexistent/replay.json"), "cannot read replay"),
    ],
)
def test_bad_input_is_one_line_exit_2(args: tuple[str, ...], message: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert message in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_bad_roster_file_is_one_line_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "mine.toml"
    bad.write_text('[[wrestler]]\nname = "X"\nspecialty = "Strength"\nweakness = "Agility"\n'
                   'abilities = ["Agility", "Brawling", "Martial Arts"]\n')
    out = run("roster", "powerhouses", "--roster", str(bad))
    assert out.returncode == 2 and str(bad) in out.stderr and "weakness" in out.stderr
    assert "Traceback" not in out.stderr
    broken = tmp_path / "broken.toml"
    broken.write_text("[[wrestler]\n")
    out = run("watch", "powerhouses", "--roster", str(broken))
    assert out.returncode == 2 and "malformed TOML" in out.stderr


def test_corrupt_replay_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "r.json"
    bad.write_text('{"game": "powerhouses", "params": {}, "actions": ["die=9"]}')
    out = run("replay", str(bad))
    assert out.returncode == 2 and "action #0 'die=9'" in out.stderr


def test_roster_new_writes_a_valid_template_and_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "hare.toml"
    out = run("roster", "powerhouses", "--new", 'Iron "Mike" O\'Hare', "--out", str(target))
    assert out.returncode == 0 and target.exists()
    checked = run("roster", "validate", str(target), "--game", "powerhouses", "--json")
    assert checked.returncode == 0 and json.loads(checked.stdout)["entries"] == ['Iron "Mike" O\'Hare']
    target.write_text("# my edits\n" + target.read_text())
    again = run("roster", "powerhouses", "--new", "Someone", "--out", str(target))
    assert again.returncode == 2 and "not overwritten" in again.stderr
    assert target.read_text().startswith("# my edits"), "the user's file is untouched"


def test_roster_validate_reports_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[[wrestler]]\nname = "Y"\nspecialty = "Strength"\nweakness = "Agility"\n'
                   'abilities = ["Brawling", "Brawling", "Martial Arts"]\n')
    out = run("roster", "validate", str(bad), "--game", "powerhouses")
    assert out.returncode == 2 and "wrestler[0] (Y)" in out.stderr and "Brawling twice" in out.stderr


def test_odds_powerhouses_exact_agrees_with_simulation() -> None:
    out = run("odds", "powerhouses", "--dice", "5", "--rule", "at:6", "--simulate", "20000", "--json")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    rows = data["distribution"]
    assert abs(sum(r["probability"] for r in rows) - 1) < 1e-9
    worst = max(abs(r["probability"] - r["simulated"]) for r in rows)
    assert worst < 0.02
    bad = run("odds", "powerhouses", "--rule", "sometimes")
    assert bad.returncode == 2 and "sometimes" in bad.stderr


def test_odds_filsinger_pin_choice_and_match() -> None:
    out = run("odds", "filsinger", "--pin", "6", "--choice", "C", "--move", "Moonsault", "--against", "Rex Hammond",
              "-m", "Rex Hammond", "-m", "Duke Marlowe", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["query"]["pin"]["holds"] == 15 / 36  # 2d6 <= 6
    assert 0 < data["query"]["choice"]["success"] < 1
    match = data["query"]["match"]
    assert abs(match["side0"] + match["side1"] + match["draw"] - 1) < 1e-9
    bad = run("odds", "filsinger", "--choice", "Z", "--move", "x", "--against", "Rex Hammond")
    assert bad.returncode == 2 and "Choice Situation" in bad.stderr


def test_roster_filsinger_new_card_validates(tmp_path: Path) -> None:
    target = tmp_path / "nova.toml"
    assert run("roster", "filsinger", "--new", "Nova Steele", "--out", str(target)).returncode == 0
    checked = run("roster", "validate", str(target), "--json")
    assert checked.returncode == 0 and json.loads(checked.stdout)["game"] == "filsinger"


def test_play_leaves_decisions_to_the_computer_on_auto() -> None:
    # filsinger solitaire: the person may leave any decision to the computer
    out = subprocess.run(
        [sys.executable, "-m", "turnbuckle", "play", "powerhouses", "--seed", "3", "--opponent", "random"],
        input="auto\n" * 400, capture_output=True, text=True, timeout=120, check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "The computer chooses:" in out.stdout and "Winner:" in out.stdout


def test_hot_seat_hides_the_screen_between_players_of_a_hidden_hand_game() -> None:
    # wrasslin hot-seat: each hand is hidden from the others between turns
    out = subprocess.run(
        [sys.executable, "-m", "turnbuckle", "play", "wrasslin", "--hot-seat", "--seed", "6"],
        input="auto\n" * 3000, capture_output=True, text=True, timeout=180, check=False,
    )
    assert out.returncode == 0, out.stderr[-500:]
    assert "Pass the screen to" in out.stdout and "Winner:" in out.stdout


def test_roster_wrasslin_new_wrestler_validates(tmp_path: Path) -> None:
    # wrasslin 3.1: a new Wrestler Personality card from the template is a valid roster file
    target = tmp_path / "guy.toml"
    assert run("roster", "wrasslin", "--new", "Gorgeous Gus", "--out", str(target)).returncode == 0
    checked = run("roster", "validate", str(target), "--game", "wrasslin", "--json")
    assert checked.returncode == 0 and json.loads(checked.stdout)["entries"][0] == "Gorgeous Gus"
