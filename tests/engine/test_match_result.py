"""One MatchResult for every game (issue 8.1): a team's win is a win in watch, sim, replay, the
JSON output and the OpenSpiel adapter, never a draw."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import turnbuckle
from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.match import MatchRecord, play_match
from turnbuckle.engine.result import MatchResult, Method, Side, method_from_text, winning_side


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "turnbuckle", *args], capture_output=True, text=True,
                          timeout=300, check=False)


def first_team_win(match_type: str, team_size: int) -> tuple[int, MatchRecord]:
    game = turnbuckle.load_game("wrasslin", match_type=match_type)
    for seed in range(60):
        agents = [make_agent("random", game, p) for p in range(game.num_players())]
        record = play_match(game, agents, seed)
        if len(record.winning_players) == team_size:
            return seed, record
    raise AssertionError(f"no {match_type} team win in 60 seeds")


def test_winning_side_reads_shared_team_returns() -> None:
    sides = [Side("A & C", (0, 2)), Side("B & D", (1, 3))]
    assert winning_side(sides, [0.5, -0.5, 0.5, -0.5]) == sides[0]
    assert winning_side(sides, [0.0, 0.0, 0.0, 0.0]) is None
    handicap = [Side("Champ", (0,)), Side("B & C", (1, 2))]
    assert winning_side(handicap, [-1.0, 0.5, 0.5]) == handicap[1]
    assert winning_side(handicap, [1.0, -0.5, -0.5]) == handicap[0]
    royal = [Side(n, (i,)) for i, n in enumerate("ABCDE")]
    assert winning_side(royal, [-0.25, 1.0, -0.25, -0.25, -0.25]) == royal[1]
    assert winning_side(royal, [1.0, 1.0, -1.0, -0.5, -0.5]) is None, "a shared top is no win"


def test_result_words_map_onto_one_vocabulary() -> None:
    assert method_from_text("pinned") is Method.PIN
    assert method_from_text("counted out") is Method.COUNT_OUT
    assert method_from_text("disqualified (illegal man, 12.41)") is Method.DISQUALIFICATION
    assert method_from_text("submitted") is Method.SUBMISSION
    assert method_from_text("conceded") is Method.CONCEDED
    assert method_from_text("draw: two passes through the deck (5.8)") is Method.TIME_LIMIT
    result = MatchResult.from_returns([Side("A & B", (0, 1), ("A", "B")), Side("C", (2,), ("C",))],
                                      [0.5, 0.5, -1.0], method=Method.PIN)
    assert result.describe() == "A & B win by pin" and result.to_dict()["winner"]["players"] == [0, 1]


@pytest.mark.parametrize("name", turnbuckle.list_games())
def test_every_game_reports_a_match_result(name: str) -> None:
    game = turnbuckle.load_game(name)
    agents = [make_agent("random", game, p) for p in range(game.num_players())]
    record = play_match(game, agents, 11)
    result = record.result
    assert list(result.returns) == record.returns and len(result.sides) >= 2
    assert {p for s in result.sides for p in s.players} == set(range(game.num_players()))
    if not result.is_draw:
        assert all(result.returns[p] > 0 for p in result.winning_players)
    json.dumps(result.to_dict())


@pytest.mark.parametrize(("match_type", "team_size"), [("tag", 2), ("handicap", 2)])
def test_a_team_win_is_a_win_everywhere(match_type: str, team_size: int, tmp_path: Path) -> None:
    # wrasslin 12.x (tag) and 12.5 (handicap): the winning team is the winner, not a draw
    seed, record = first_team_win(match_type, team_size)
    team = list(record.winning_players)
    game = turnbuckle.load_game("wrasslin", match_type=match_type)
    assert record.result.winner is not None and len(record.result.winner.wrestlers) == team_size
    assert " & " in record.result.winner.name and record.result.describe().endswith(record.result.method.value
                                                                                    .replace("_", " "))
    agents = ["-a", "random"] * game.num_players()
    replay_file = tmp_path / "team.json"
    # watch --json
    out = run("watch", "wrasslin", "-o", f"match_type={match_type}", "--seed", str(seed), *agents, "--json",
              "--save-replay", str(replay_file))
    assert out.returncode == 0, out.stderr
    final = json.loads(out.stdout.splitlines()[-1])
    assert final["type"] == "result" and final["result"]["winner"]["players"] == team
    # watch, for people
    shown = run("watch", "wrasslin", "-o", f"match_type={match_type}", "--seed", str(seed), *agents)
    assert f"Winner: {record.result.winner.name}" in shown.stdout and "draw" not in shown.stdout.splitlines()[-1]
    # replay, both ways
    again = run("replay", str(replay_file), "--json")
    assert again.returncode == 0, again.stderr
    replayed = json.loads(again.stdout.splitlines()[-1])
    assert replayed["result"]["winner"]["players"] == team and replayed["verified"] is True
    told = run("replay", str(replay_file), "--quiet")
    assert record.result.describe() in told.stdout
    # sim counts it as a win for each agent of the team
    sim = run("sim", "wrasslin", "-o", f"match_type={match_type}", "--matches", "1", "--seed", str(seed),
              *agents, "--workers", "1", "--json")
    assert sim.returncode == 0, sim.stderr
    assert sim.stdout.strip(), sim.stderr
    summary = json.loads(sim.stdout)
    assert summary["draws"] == 0 and sum(r["wins"] for r in summary["win_rates"]) == team_size
    # the OpenSpiel adapter
    spiel = pytest.importorskip("turnbuckle.interop.openspiel")
    state = spiel.load("wrasslin", match_type=match_type).new_initial_state()
    inner = state.turnbuckle_state
    for name in record.actions:
        action = inner.action_from_string(name)
        state.apply_action(action.id)
    assert state.is_terminal()
    assert [p for p, r in enumerate(state.returns()) if r > 0] == team
    spiel_result = state.match_result()
    assert spiel_result is not None and list(spiel_result.winning_players) == team
