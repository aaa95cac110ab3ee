"""``turnbuckle review`` and ``hint`` in ``play``, run as a user would."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from rich.console import Console

from turnbuckle.agents.human import HumanAgent
from turnbuckle.cli.review import terminal_hinter
from turnbuckle.engine.registry import load_game
from turnbuckle.engine.shapes import schema


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "turnbuckle", *args], input=stdin, capture_output=True, text=True,
                          timeout=300, check=False)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("review") / "m.json"
    out = run("watch", "powerhouses", "--seed", "3", "-a", "expert", "-a", "heuristic", "--save-replay", str(path))
    assert out.returncode == 0, out.stderr
    return path


def test_review_prints_every_decision_and_the_turning_points(saved: Path) -> None:
    out = run("review", str(saved))
    assert out.returncode == 0, out.stderr
    assert "decisions (chance of winning for the side deciding)" in out.stdout
    assert "Turning points" in out.stdout and "exact: the match solver" in out.stdout


def test_review_json_follows_the_schema_and_writes_html(saved: Path, tmp_path: Path) -> None:
    page = tmp_path / "r.html"
    out = run("review", str(saved), "--json", "--html", str(page))
    assert out.returncode == 0, out.stderr
    message = json.loads(out.stdout)
    jsonschema.validate(message, schema("review"))
    assert message["mode"] == "information set" and message["decisions"]
    text = page.read_text(encoding="utf-8")
    assert "<svg" in text and "Turning points" in text and message["decisions"][0]["choice"] in text


def test_the_same_seed_gives_the_same_sampled_review(tmp_path: Path) -> None:
    whole = tmp_path / "w.json"
    assert run("watch", "wrasslin", "--seed", "1", "-a", "random", "-a", "random", "--save-replay",
               str(whole)).returncode == 0
    replay = json.loads(whole.read_text(encoding="utf-8"))
    replay.update(actions=replay["actions"][:80], returns=None)  # the opening: enough decisions, quick
    path = tmp_path / "opening.json"
    path.write_text(json.dumps(replay), encoding="utf-8")
    first = run("review", str(path), "--json", "--budget", "2", "--seed", "5", "--jobs", "2")
    again = run("review", str(path), "--json", "--budget", "2", "--seed", "5", "--jobs", "1")
    assert first.returncode == 0 and again.returncode == 0, first.stderr + again.stderr
    a, b = json.loads(first.stdout), json.loads(again.stdout)
    assert a["decisions"] == b["decisions"], "processes do not change a review"
    assert all(d["stderr"] is not None for d in a["decisions"])
    omniscient = json.loads(run("review", str(path), "--json", "--budget", "2", "--omniscient").stdout)
    assert omniscient["mode"] == "omniscient"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("review", "missing.json"), "missing.json"),
        (("review", "{saved}", "--budget", "lots"), "budget 'lots'"),
        (("review", "{saved}", "--budget", "1"), "playouts per option must be from 2"),
        (("review", "{saved}", "--jobs", "-3"), "out of range"),
        (("review", "{saved}", "--html", "{saved}"), "exists"),
        (("review", "{saved}", "--html", "{folder}"), "is a directory; give a file name for the HTML report"),
        (("review", "{saved}", "--html", "{saved}/r.html"), "cannot write the HTML report"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(saved: Path, args: tuple[str, ...], message: str) -> None:
    out = run(*(a.format(saved=saved, folder=saved.parent) for a in args))
    assert out.returncode == 2, out.stdout
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], out.stderr


def test_a_broken_replay_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "powerhouses", "params": {}, "actions": ["die=9"]}', encoding="utf-8")
    out = run("review", str(bad))
    assert out.returncode == 2 and out.stderr.startswith("error: ") and "does not replay" in out.stderr


def test_hint_at_a_decision_ranks_the_options() -> None:
    game = load_game("powerhouses")
    state = game.new_initial_state()
    while state.current_player() < 0 or len(state.legal_actions()) < 2:
        state.apply_action(state.sample_chance(random.Random(len(state.history))))
    buffer = io.StringIO()
    console = Console(file=buffer, width=200)
    answers = iter(["hint", "1"])
    agent = HumanAgent(state.current_player(), console, lambda s, p: "", ask=lambda prompt: next(answers),
                       hinter=terminal_hinter())
    agent.choose(state, random.Random(0))
    shown = buffer.getvalue()
    assert "Hint (exact: the match solver" in shown
    assert " 1. " in shown and " 2. " in shown and "%" in shown


def test_play_offers_hints_against_the_computer_but_not_at_a_hot_seat() -> None:
    solo = run("play", "powerhouses", "--seed", "2", "--opponent", "random", stdin="hint\n" + "1\n" * 400)
    assert solo.returncode == 0, solo.stderr
    assert "'hint' for advice" in solo.stdout and "Hint (exact" in solo.stdout
    shared = run("play", "powerhouses", "--seed", "2", "--hot-seat", stdin="hint\n" + "1\n" * 800)
    assert shared.returncode == 0, shared.stderr
    assert "Hint (" not in shared.stdout and "'hint' is not a legal move now" in shared.stdout
    agreed = run("play", "powerhouses", "--seed", "2", "--hot-seat", "--hints", stdin="hint\n" + "1\n" * 800)
    assert agreed.returncode == 0 and "Hint (exact" in agreed.stdout
