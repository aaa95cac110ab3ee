"""``sim --backend ray`` (issue 13.4): the same chunks as Ray tasks on a local Ray of 2 CPUs give the
same totals as the local backend for one seed; without Ray the command says how to install it."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

from turnbuckle.sim.runner import SimSpec, run_matches

HAVE_RAY = importlib.util.find_spec("ray") is not None


@pytest.mark.skipif(not HAVE_RAY, reason="Ray is not installed (pip install 'turnbuckle[cluster]')")
def test_ray_and_local_backends_give_the_same_totals() -> None:
    from turnbuckle.sim.ray_backend import run_matches_ray

    spec = SimSpec("wrasslin", {"match_type": "tag"}, ("random", "heuristic", "random", "heuristic"), 17)
    local = run_matches(spec, 40, workers=2)
    remote = run_matches_ray(spec, 40, num_cpus=2, chunk=7)
    assert (remote.matches, remote.wins, remote.draws, remote.steps) == (
        local.matches, local.wins, local.draws, local.steps)
    assert remote.methods == local.methods and remote.lengths == local.lengths
    assert remote.seat_wins == local.seat_wins and not remote.interrupted


@pytest.mark.skipif(not HAVE_RAY, reason="Ray is not installed (pip install 'turnbuckle[cluster]')")
def test_sim_command_on_ray_prints_the_local_summary() -> None:
    def run(*backend: str) -> dict[str, object]:
        out = subprocess.run([sys.executable, "-m", "turnbuckle", "sim", "powerhouses", "--matches", "30",
                              "--seed", "3", "-a", "random", "-a", "heuristic", "--workers", "2", "--json",
                              *backend], capture_output=True, text=True, timeout=300, check=False)
        assert out.returncode == 0, out.stderr
        loaded: dict[str, object] = json.loads(out.stdout)
        return loaded

    assert run("--backend", "ray") == run()


def test_without_ray_the_command_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from turnbuckle.engine.errors import ParamError
    from turnbuckle.sim import ray_backend

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    with pytest.raises(ParamError, match=r"pip install 'turnbuckle\[cluster\]'"):
        ray_backend.ray_module()


def test_backend_names_are_checked() -> None:
    out = subprocess.run([sys.executable, "-m", "turnbuckle", "sim", "powerhouses", "--backend", "spark"],
                         capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 2 and out.stderr.startswith("error: --backend 'spark'")
