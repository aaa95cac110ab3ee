"""``odds skirmish``: the JSON computed once, the terminal rows in the message's order."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from turnbuckle.cli.main import app
from turnbuckle.games.skirmish import odds
from turnbuckle.odds.calculators import SKIRMISH_ANSWERS

runner = CliRunner()


def test_the_json_is_computed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []
    table = odds.odds_table

    def counted(*args: Any, **kwargs: Any) -> dict[str, object]:
        calls.append(args)
        return table(*args, **kwargs)

    monkeypatch.setattr(odds, "odds_table", counted)
    out = runner.invoke(app, ["odds", "skirmish", "2", "3", "--json", "--table"])
    assert out.exit_code == 0, out.output
    assert len(calls) == 2, "one table without the boost and one with it, not each twice"
    assert len(json.loads(out.output)["details"]["success_table"]) == 8


def test_the_terminal_lists_the_answers_in_their_order() -> None:
    out = runner.invoke(app, ["odds", "skirmish", "3", "3"])
    assert out.exit_code == 0, out.output
    where = [out.output.index(label) for _, label in SKIRMISH_ANSWERS]
    assert where == sorted(where), out.output
    answers = json.loads(runner.invoke(app, ["odds", "skirmish", "3", "3", "--json"]).output)["answers"]
    assert [a["label"] for a in answers[::2]] == [label for _, label in SKIRMISH_ANSWERS]
