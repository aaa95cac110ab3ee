"""Balance reports (issue 13.5): the files exist and parse, and their figures agree with a direct
sim of the same matches (and, for Powerhouses, with the exact solver)."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import pytest

from turnbuckle.analysis.balance import Pairing, analyze_agents, analyze_wrestlers, ratings_from_pairings
from turnbuckle.analysis.report import write_report
from turnbuckle.engine.registry import list_games
from turnbuckle.sim.runner import SimSpec, run_matches

THREE = ["Rex Hammond", "Duke Marlowe"]  # two Filsinger cards


def test_sampled_matrix_is_the_same_as_a_direct_sim(tmp_path: Path) -> None:
    report = analyze_wrestlers("filsinger", {}, "random", 30, seed=4, workers=1)
    names = report.entrants
    a, b = names[0], names[1]
    def spec(wrestlers: list[str]) -> SimSpec:
        return SimSpec("filsinger", {"wrestlers": wrestlers}, ("random", "random"), 4, rotate_seats=False)

    first, second = run_matches(spec([a, b]), 15, 1), run_matches(spec([b, a]), 15, 1)
    pairing = report.pairing(a, b)
    assert pairing is not None and pairing.matches == 30
    assert pairing.a_wins == first.wins[0] + second.wins[1]
    assert pairing.first_seat_wins == first.wins[0] + second.wins[0]
    assert report.rate(a, b) == pytest.approx(pairing.a_wins / 30)
    assert report.rate(b, a) == pytest.approx(pairing.b_wins / 30)
    files = write_report(report, tmp_path)
    page = files.html.read_text()
    assert page.count("<svg") >= 2 and a in page and "First-seat advantage" in page
    data = json.loads(files.json.read_text())
    assert data["matches"] == report.matches and len(data["entrants"]) == len(names)
    rows = list(csv.DictReader(files.csv.open()))
    assert len(rows) == len(names) * (len(names) - 1)
    row = next(r for r in rows if r["entrant"] == a and r["opponent"] == b)
    assert float(row["win_rate"]) == pytest.approx(pairing.a_wins / 30)


def test_powerhouses_pairings_are_exact_and_agree_with_play() -> None:
    names = ["Bruno \"the Bear\" Marconi", "Skylark Reyes", "Dutch Kettering"]
    report = analyze_wrestlers("powerhouses", {}, "expert", 1000, seed=0, workers=1, entrants=names)
    assert report.exact and len(report.pairings) == 3
    for p in report.pairings:
        assert p.a_wins + p.b_wins == pytest.approx(1000)
        assert report.rate(p.a, p.b) + report.rate(p.b, p.a) == pytest.approx(1.0)  # type: ignore[operator]
    sampled = analyze_wrestlers("powerhouses", {}, "expert", 200, seed=0, workers=1, entrants=names[:2], exact=False)
    exact_rate = report.rate(names[0], names[1])
    played = sampled.rate(names[0], names[1])
    assert exact_rate is not None and played is not None
    assert abs(played - exact_rate) < 4 * math.sqrt(exact_rate * (1 - exact_rate) / 200)


def test_agents_are_ranked_stronger_first() -> None:
    report = analyze_agents("powerhouses", {}, ["random", "heuristic"], 60, seed=2, workers=1)
    assert report.matches == 60
    assert report.ratings["heuristic"][0] > report.ratings["random"][0]
    wins, played = report.overall("heuristic")
    assert played == 60 and wins > 30


def test_ratings_follow_results() -> None:
    pairings = [Pairing("a", "b", matches=10, a_wins=9, b_wins=1), Pairing("b", "c", matches=10, a_wins=9, b_wins=1)]
    ratings = ratings_from_pairings(["a", "b", "c"], pairings)
    assert ratings["a"][0] > ratings["b"][0] > ratings["c"][0]


def test_the_analyze_command_writes_the_report(tmp_path: Path) -> None:
    import subprocess
    import sys

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "turnbuckle", *args], capture_output=True, text=True,
                              timeout=300, check=False)

    out = run("analyze", "filsinger", "--matches", "4", "-a", "random", "-w", THREE[0], "-w", THREE[1],
              "--workers", "1", "--out", str(tmp_path), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["type"] == "analysis" and data["matches"] == 4 and [e["name"] for e in data["entrants"]] == THREE
    assert (tmp_path / "filsinger-wrestlers.html").exists() and (tmp_path / "filsinger-wrestlers.csv").exists()
    agents = run("analyze", "agents", "powerhouses", "-a", "random", "-a", "heuristic", "--matches", "6",
                 "--workers", "1", "--out", str(tmp_path))
    assert agents.returncode == 0, agents.stderr
    assert "heuristic" in agents.stdout and (tmp_path / "powerhouses-agents.html").exists()
    bad = run("analyze", "powerhouses", "--out", str(tmp_path / "filsinger-wrestlers.csv"))  # a file, not a folder
    assert bad.returncode == 2 and bad.stderr.startswith("error:") and len(bad.stderr.splitlines()) == 1


@pytest.mark.parametrize("game_name", list_games())
def test_every_game_analyzes_its_entrants_with_its_bulk_agent(game_name: str) -> None:
    """`analyze GAME` works on every ruleset: its own entrants (wrestlers, or RUMBLESLAM's teams) seated by
    its own params, played by an agent it has (the default, so a new user's first report finishes)."""
    from turnbuckle import load_game

    game = load_game(game_name)
    assert game.bulk_agent in game.agent_factories()
    names = game.balance_entrants()[:2]
    assert len(names) == 2
    report = analyze_wrestlers(game_name, {}, game.bulk_agent, 2, seed=1, workers=1, entrants=names, exact=False)
    assert report.kind == game.balance_kind and report.entrants == names
    pairing = report.pairing(*names)
    assert pairing is not None and pairing.matches == 2 and report.matches == 2
    assert sum(report.lengths.values()) == 2 and sum(report.methods.values()) == 2


def test_rumbleslam_compares_teams_and_their_dosh(tmp_path: Path) -> None:
    """# rumbleslam HIRING: a RUMBLESLAM side is a team, and its cost is what the team's hire adds up to
    (the same figure the game checks against the budget); the matrix agrees with a direct sim."""
    from turnbuckle import load_game

    game = load_game("rumbleslam")
    teams = game.balance_entrants()
    assert len(teams) >= 4 and game.balance_kind == "teams"
    report = analyze_wrestlers("rumbleslam", {}, "random", 4, seed=3, workers=1, entrants=teams[:2])
    a, b = teams[:2]
    for name in (a, b):
        seated = load_game("rumbleslam", teams=[name, b if name == a else a])
        assert report.costs[name] == seated.teams[0].cost
    assert report.cost_unit == "K Dosh"

    def spec(order: list[str]) -> SimSpec:
        return SimSpec("rumbleslam", {"teams": order}, ("random", "random"), 3, rotate_seats=False)

    first, second = run_matches(spec([a, b]), 2, 1), run_matches(spec([b, a]), 2, 1)
    pairing = report.pairing(a, b)
    assert pairing is not None and pairing.a_wins == pytest.approx(first.wins[0] + second.wins[1])
    files = write_report(report, tmp_path)
    assert files.html.name == "rumbleslam-teams.html"
    page = files.html.read_text()
    assert "Win rate against cost" in page and "cost (K Dosh)" in page
    data = json.loads(files.json.read_text())
    assert data["cost_unit"] == "K Dosh"
    assert {e["name"]: e["cost"] for e in data["entrants"]} == {a: report.costs[a], b: report.costs[b]}


def test_the_default_agent_is_the_games_bulk_agent(tmp_path: Path) -> None:
    """WRASSLIN's expert thinks for ~160 ms a decision: a roster report with it would take days, so
    `analyze wrasslin` plays the heuristic unless told otherwise; Powerhouses keeps its exact expert."""
    import subprocess
    import sys

    from turnbuckle import load_game

    wrasslin = load_game("wrasslin")
    two = wrasslin.balance_entrants()[:2]
    out = subprocess.run([sys.executable, "-m", "turnbuckle", "analyze", "wrasslin", "-n", "2", "-w", two[0],
                          "-w", two[1], "--workers", "1", "--out", str(tmp_path), "--json"],
                         capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["agent"] == "heuristic" == wrasslin.bulk_agent
    assert load_game("powerhouses").bulk_agent == "expert"


def test_a_multi_player_setup_is_refused_with_the_option_that_fixes_it() -> None:
    from turnbuckle.engine.errors import ParamError

    with pytest.raises(ParamError, match=r"has 3 players; -o players=2 plays one against one"):
        analyze_wrestlers("rumbleslam", {"players": 3}, "random", 2, seed=0, workers=1)
    with pytest.raises(ParamError, match=r"has 4 players; -o match_type=singles"):
        analyze_agents("wrasslin", {"match_type": "tag"}, ["random", "heuristic"], 2, seed=0, workers=1)
