"""The ring skirmish through the command line: exact odds, rules, roster, a watched match."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from turnbuckle.cli.main import app

runner = CliRunner()


def test_odds_skirmish_json() -> None:  # skirmish SK-7.4 with SK-5 (boost)
    out = runner.invoke(app, ["odds", "skirmish", "1", "1", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    answers = {a["label"]: a["value"] for a in data["answers"]}
    assert abs(answers["attack succeeds"] - 5 / 21) < 1e-9 and abs(answers["equal hits"] - 11 / 21) < 1e-9
    assert data["type"] == "odds" and answers["attack succeeds, boosted"] > answers["attack succeeds"]


def test_odds_skirmish_table() -> None:
    out = runner.invoke(app, ["odds", "skirmish", "3", "3", "--table"])
    assert out.exit_code == 0 and "0.360" in out.output and "SDV = 1" in out.output


def test_rules_roster_and_watch() -> None:
    assert "pinfall" in runner.invoke(app, ["rules", "skirmish"]).output
    roster = runner.invoke(app, ["roster", "skirmish", "--json"])
    assert roster.exit_code == 0 and len(json.loads(roster.output)) >= 8
    watched = runner.invoke(app, ["watch", "skirmish", "--seed", "2", "-a", "heuristic", "-a", "heuristic",
                                  "-o", "max_rounds=8"])
    assert watched.exit_code == 0, watched.output
