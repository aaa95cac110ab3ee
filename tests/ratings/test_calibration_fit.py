"""The calibration's fit (``benchmarks/calibrate_computer_ratings.py``): from head-to-head results
of known odds it recovers ratings whose openskill win probabilities are those odds."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

from turnbuckle.ratings.model import Rating, display, mu_of_display, win_probability

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "calibrate_computer_ratings.py"


@pytest.fixture(scope="module")
def calibrate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("calibrate_computer_ratings", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def run_with(calibrate: ModuleType, strengths: dict[str, float], matches: int) -> object:
    """A game run whose pairings scored exactly what Bradley-Terry with ``strengths`` expects."""
    run = calibrate.GameRun("test", list(strengths), {})
    for a, b in [(a, b) for i, a in enumerate(strengths) for b in list(strengths)[i + 1 :]]:
        p = 1.0 / (1.0 + math.exp(strengths[b] - strengths[a]))
        run.pairings[f"{a}:{b}"] = calibrate.Pairing(a, b, matches=matches, score=p * matches)
    return run


def test_known_strengths_are_recovered_with_shrinking_errors(calibrate: ModuleType) -> None:
    truth = {"random": 0.0, "heuristic": 1.2, "expert": 2.0}
    big = calibrate.fit(run_with(calibrate, truth, 20_000))
    small = calibrate.fit(run_with(calibrate, truth, 200))
    assert big["random"] == (0.0, 0.0)
    for agent, theta in truth.items():
        assert big[agent][0] == pytest.approx(theta, abs=0.01)
        if agent != "random":
            assert 0 < big[agent][1] < small[agent][1]
    assert small["expert"][0] < truth["expert"]  # the virtual draws pull a small sample inwards


def test_fitted_ratings_predict_the_odds_they_were_fitted_to(calibrate: ModuleType) -> None:
    fits = calibrate.fit(run_with(calibrate, {"random": 0.0, "expert": 1.5}, 50_000))
    anchor = mu_of_display(calibrate.ANCHOR_DISPLAY)
    expert = Rating(anchor + fits["expert"][0] * calibrate.SCALE, 0.0)
    random_agent = Rating(anchor, 0.0)
    assert display(random_agent) == calibrate.ANCHOR_DISPLAY
    assert win_probability(expert, random_agent) == pytest.approx(1 / (1 + math.exp(-1.5)), abs=0.002)


def test_an_agent_that_always_wins_still_gets_a_finite_rating(calibrate: ModuleType) -> None:
    run = calibrate.GameRun("test", ["random", "expert"], {})
    run.pairings["random:expert"] = calibrate.Pairing("random", "expert", matches=30, score=0.0)
    theta, error = calibrate.fit(run)["expert"]
    assert math.isfinite(theta) and theta > 2 and math.isfinite(error)


def test_a_slow_agent_meets_the_anchor_once_then_nobody_new(calibrate: ModuleType) -> None:
    anchor = calibrate.Pairing("random", "mcts")
    other = calibrate.Pairing("mcts", "heuristic")
    fresh = {"random": 0.0, "mcts": 0.0, "heuristic": 0.0}
    spent = {"random": 90.0, "mcts": 90.0, "heuristic": 1.0}
    assert calibrate.wanted(anchor, spent, 300, 12.0, 60.0)  # its first match against the anchor
    assert not calibrate.wanted(other, spent, 300, 12.0, 60.0)
    assert calibrate.wanted(other, fresh, 300, 12.0, 60.0)
    done = calibrate.Pairing("mcts", "heuristic", matches=3, cpu=12.5)
    assert not calibrate.wanted(done, fresh, 300, 12.0, 60.0)  # its own CPU is spent


def test_an_agents_cpu_share_is_its_own_not_its_slow_opponents(calibrate: ModuleType) -> None:
    run = calibrate.GameRun("test", ["random", "mcts", "heuristic"], {})
    run.pairings["random:mcts"] = calibrate.Pairing("random", "mcts", matches=1, cpu=80.0, cpu_own=80.0)
    run.pairings["random:heuristic"] = calibrate.Pairing("random", "heuristic", matches=10, cpu=0.1, cpu_own=0.1)
    run.pairings["mcts:heuristic"] = calibrate.Pairing("mcts", "heuristic")
    used = calibrate.agent_seconds_used(run)
    assert used["random"] < 1.0 and used["heuristic"] < 1.0 and used["mcts"] == 80.0
    assert calibrate.wanted(run.pairings["random:heuristic"], used, 300, 12.0, 60.0)
    assert not calibrate.wanted(run.pairings["mcts:heuristic"], used, 300, 12.0, 60.0)
