"""Golden traces: seeded ring skirmish matches must replay exactly as they did when the fixture was made.

The safety net for performance work on the state machine (and the agents): for random singles, tag and
fatal four-way matches, singles with ``whip_rope_route=false`` and with ``end_floor_ap=one``, and
heuristic-vs-heuristic matches (singles and both options), the action names, the legal actions and chance outcomes (with
probabilities) offered at every step, the events (kinds and data), every player's observation (with its
``prompt``) and a determinization at a few steps, and the returns must stay the same. Long parts are
stored as SHA-256 hashes (``tests/support/golden.py``) to keep the fixture small.

Regenerate (only when a rules or agent change is *meant* to change matches):

    .venv/bin/python tests/games/skirmish/test_golden.py --regenerate
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

if __name__ == "__main__":  # run as a script: put tests/support on the path as pytest does
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from support.golden import Case, case_key, load, regenerate, trace
from turnbuckle.games.skirmish.game import SkirmishGame

pytestmark = pytest.mark.golden  # a whole-match replay: left out of mutation runs (docs/testing.md)

FIXTURE = Path(__file__).parent / "fixtures" / "golden_traces.json"

CONFIGS: dict[str, dict[str, Any]] = {
    "singles": {},
    "tag": {"match_type": "tag"},
    "fatal_four_way": {"match_type": "fatal_four_way"},
    "no-whip-rope-route": {"whip_rope_route": False},
    "end-floor-ap-one": {"end_floor_ap": "one"},
}
SEEDS: dict[str, tuple[int, ...]] = {name: (1, 2, 3) for name in CONFIGS}
SEEDS["singles"] = (1, 2, 3, 4)
SEEDS["fatal_four_way"] = (1, 2)
CASES: list[Case] = [(name, seed, "random") for name in CONFIGS for seed in SEEDS[name]]
# Random wrestlers rarely whip anyone or take END damage on the floor, so their matches play the same
# with or without the two options; heuristic matches do reach them (seed 1 of each differs from singles).
CASES += [("singles", 1, "heuristic"), ("no-whip-rope-route", 1, "heuristic"), ("end-floor-ap-one", 1, "heuristic")]


def make_trace(name: str, seed: int, agent: str) -> dict[str, Any]:
    return trace(SkirmishGame(**CONFIGS[name]), name, seed, agent)


@pytest.mark.parametrize("case", CASES, ids=case_key)
def test_golden_trace(case: Case) -> None:
    assert make_trace(*case) == load(FIXTURE)[case_key(case)]


def test_golden_covers_every_case() -> None:
    assert sorted(load(FIXTURE)) == sorted(case_key(c) for c in CASES)


if __name__ == "__main__":
    regenerate(FIXTURE, CASES, make_trace)
