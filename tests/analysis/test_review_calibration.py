"""Calibrated chances where playouts are cut (issue 33 item 3): the isotonic fit, the shipped data
and its held-out reliability, and the script that refits it."""

from __future__ import annotations

import importlib.util
import itertools
import json
import math
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from turnbuckle.analysis.review.values import mean_and_stderr, result_stderr
from turnbuckle.engine.calibration import FILENAME, Calibration, Curve, Slope, binned_isotonic, isotonic, shipped

ROOT = Path(__file__).resolve().parents[2]
CUT_GAMES = ["rumbleslam", "skirmish"]
"""The games whose review playouts stop before the match ends."""

points = st.lists(st.tuples(st.floats(-1, 1), st.floats(0, 1)), min_size=1, max_size=200)


@given(points, st.integers(1, 30))
def test_an_isotonic_fit_never_decreases_and_stays_a_probability(data: list[tuple[float, float]], block: int) -> None:
    curve = isotonic([x for x, _ in data], [y for _, y in data], block)
    assert all(0.0 <= c <= 1.0 for c in curve.chances)
    grid = [i / 50 - 1 for i in range(101)]
    values = [curve(x) for x in grid]
    assert all(b >= a - 1e-12 for a, b in itertools.pairwise(values))


@given(points)
def test_an_isotonic_fit_keeps_the_mean(data: list[tuple[float, float]]) -> None:
    """Pooling only averages: the knots, weighted by their positions, keep the data's mean."""
    ys = [y for _, y in data]
    curve = isotonic([x for x, _ in data], ys)
    assert min(ys) - 1e-9 <= curve.chances[0] and curve.chances[-1] <= max(ys) + 1e-9


def test_positions_with_the_same_score_share_one_chance() -> None:
    curve = isotonic([0.1, 0.1, 0.1, 0.1, 0.5], [0.0, 1.0, 0.0, 1.0, 1.0])
    assert curve(0.1) == pytest.approx(0.5)


@given(st.floats(0, 20), st.floats(-1, 1))
def test_a_slope_is_even_at_zero_and_its_sides_are_complements(k: float, x: float) -> None:
    curve = Slope(k)
    assert curve(0.0) == pytest.approx(0.5)
    assert curve(x) + curve(-x) == pytest.approx(1.0)


def test_binned_means_do_not_push_the_ends_outwards() -> None:
    """Pure noise around 1/2: single-position pooling makes its end blocks the extremes of many
    running means; the binned fit stays near 1/2."""
    import random

    rng = random.Random(4)
    xs = [rng.uniform(-1, 1) for _ in range(4000)]
    ys = [float(rng.random() < 0.5) for _ in xs]
    plain = isotonic(xs, ys)
    assert plain.chances[-1] - plain.chances[0] > 0.15
    binned = binned_isotonic(xs, ys, 10)
    assert 0.42 < binned.chances[0] <= binned.chances[-1] < 0.58


def test_a_decreasing_curve_is_refused() -> None:
    with pytest.raises(ValueError, match="must not decrease"):
        Curve((0.0, 1.0), (0.6, 0.4))
    with pytest.raises(ValueError, match="kind"):
        Calibration.from_dict({"kind": "logistic", "stages": []})


@pytest.mark.parametrize("name", CUT_GAMES)
def test_the_shipped_calibration_is_monotone_and_held_out_within_five_points(name: str) -> None:
    package = f"turnbuckle.games.{name}"
    calibration = shipped(package)
    for stage in range(len(calibration.stages)):
        t = (stage + 0.5) / len(calibration.stages)
        chances = [calibration.chance(i / 20 - 1, t) for i in range(41)]
        assert all(b >= a for a, b in itertools.pairwise(chances))
        assert chances[0] <= 0.5 <= chances[-1], "a lead means no worse chances, a deficit no better"
    late = [calibration.chance(x, 1.0) for x in (-0.5, 0.5)]
    assert late[0] < 0.5 < late[1], "late in the match a lead counts"
    data = json.loads(resources.files(package).joinpath("data").joinpath(FILENAME).read_text())
    judged = [row for row in data["held_out"] if row["positions"] >= 200]
    assert len(judged) >= 2
    for row in judged:
        assert abs(row["observed"] - row["predicted"]) <= 0.05, row


def test_the_refit_script_runs_on_a_few_matches(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "fit_calibration.py"), "--matches", "12",
                          "--games", "rumbleslam", "--check"], capture_output=True, text=True, timeout=300,
                         env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    assert out.returncode in (0, 1), out.stderr  # 1: a dozen matches may miss the five points
    assert "| rumbleslam: predicted |" in out.stdout and "written" not in out.stdout


def test_the_script_is_importable_for_its_fit() -> None:
    spec = importlib.util.spec_from_file_location("fit_calibration", ROOT / "scripts" / "fit_calibration.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    import numpy as np

    rows = np.array([[x / 10, 0.5, 1.0 if x > 0 else 0.0] for x in range(-9, 10)] * 30)
    calibration = module.fit(rows, 2, "test")
    assert calibration.chance(-0.5, 0.6) < 0.05 and calibration.chance(0.5, 0.6) > 0.95
    sloped = module.fit(rows, 1, "test", kind="slope")
    assert isinstance(sloped.stages[0], Slope) and sloped.chance(0.5, 0.0) > 0.9


@given(st.integers(1, 64), st.integers(0, 64))
def test_a_results_error_is_never_zero_and_tends_to_the_sample_one(n: int, wins: int) -> None:
    wins = min(wins, n)
    guarded = result_stderr(float(wins), float(wins), n)
    assert guarded > 0, "all wins or all losses still leave an error"
    if n >= 2:
        _, plain = mean_and_stderr(float(wins), float(wins), n)
        assert guarded >= plain * math.sqrt((n - 1) / (n + 1)) - 1e-12
