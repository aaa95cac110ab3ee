"""Real ``--json`` output of every game validates against the documented shapes (docs/json.md,
``turnbuckle/schemas/*.schema.json``): the web app and the league read these same messages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import turnbuckle
from turnbuckle.engine.shapes import MESSAGE_TYPES, schema

ODDS_SAMPLES: dict[str, list[str]] = {
    "powerhouses": ["--dice", "3", "--simulate", "200"],
    "filsinger": ["--pin", "6", "--choice", "C", "--move", "Moonsault", "--against", "Duke Marlowe"],
    "skirmish": ["3", "2", "--table"],
}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "turnbuckle", *args], capture_output=True, text=True,
                          timeout=300, check=False)


def validate(message: dict[str, Any]) -> None:
    jsonschema.validate(message, schema(message["type"]))


@pytest.mark.parametrize("message_type", MESSAGE_TYPES)
def test_every_schema_is_a_valid_json_schema(message_type: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema(message_type))


@pytest.mark.parametrize("name", turnbuckle.list_games())
def test_watch_replay_and_sim_output_of_every_game(name: str, tmp_path: Path) -> None:
    players = turnbuckle.load_game(name).num_players()
    agents = ["-a", "random"] * players
    saved = tmp_path / "m.json"
    out = run("watch", name, "--seed", "5", *agents, "--json", "--save-replay", str(saved))
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [m["type"] for m in lines[:-1]] == ["event"] * (len(lines) - 1) and lines[-1]["type"] == "result"
    for index, message in enumerate(lines):
        validate(message)
        if message["type"] == "event":
            assert message["index"] == index
    assert lines[-1]["finished"] and lines[-1]["result"] is not None
    again = run("replay", str(saved), "--json")
    assert again.returncode == 0, again.stderr
    replayed = [json.loads(line) for line in again.stdout.splitlines()]
    for message in replayed:
        validate(message)
    assert replayed[-1]["result"] == lines[-1]["result"], "a replay tells the same result"
    sim = run("sim", name, "--matches", "3", "--seed", "1", *agents, "--workers", "1", "--json")
    assert sim.returncode == 0, sim.stderr
    summary = json.loads(sim.stdout)
    validate(summary)
    assert summary["matches"] == 3 and sum(summary["methods"].values()) == 3


def test_every_odds_command_prints_the_odds_shape() -> None:
    from turnbuckle.cli.odds import app

    commands = sorted(c.name for c in app.registered_commands if c.name)
    missing = [c for c in commands if c not in ODDS_SAMPLES]
    assert not missing, f"add a sample question for odds {missing}"
    for command in commands:
        out = run("odds", command, *ODDS_SAMPLES[command], "--json")
        assert out.returncode == 0, out.stderr
        message = json.loads(out.stdout)
        validate(message)
        assert message["game"] == command and message["answers"]
