"""Golden traces: seeded RUMBLESLAM matches must replay exactly as they did when the fixture was made.

The safety net for performance work on the state machine (and the agents): for random matches with
2, 3 and 4 teams, a Traditional Tag Team and ``reroll_prompts=never``, and one heuristic-vs-heuristic
match, the action names, the legal actions and chance outcomes (with probabilities) offered at every
step, the events (kinds and data), every player's observation (with its ``prompt``) and a
determinization at a few steps, and the returns must stay the same. Long parts are stored as SHA-256
hashes (``tests/support/golden.py``) to keep the fixture small.

Regenerate (only when a rules or agent change is *meant* to change matches):

    .venv/bin/python tests/games/rumbleslam/test_golden.py --regenerate
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

if __name__ == "__main__":  # run as a script: put tests/support on the path as pytest does
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from support.golden import Case, case_key, load, regenerate, trace
from turnbuckle.games.rumbleslam.rules import RumbleslamGame

pytestmark = pytest.mark.golden  # a whole-match replay: left out of mutation runs (docs/testing.md)

FIXTURE = Path(__file__).parent / "fixtures" / "golden_traces.json"

CONFIGS: dict[str, dict[str, Any]] = {
    "2-teams": {},
    "3-teams": {"players": 3},
    "4-teams": {"players": 4},
    "traditional-tag": {"teams": ["Rusty Lantern Rascals", "Marble Minotaur Legion"]},
    "reroll-never": {"reroll_prompts": "never"},
}
SEEDS: dict[str, tuple[int, ...]] = {name: (1, 2, 3) for name in CONFIGS}
SEEDS["2-teams"] = (1, 2, 3, 4)
CASES: list[Case] = [(name, seed, "random") for name in CONFIGS for seed in SEEDS[name]]
CASES.append(("2-teams", 1, "heuristic"))


def make_trace(name: str, seed: int, agent: str) -> dict[str, Any]:
    return trace(RumbleslamGame(**CONFIGS[name]), name, seed, agent)


@pytest.mark.parametrize("case", CASES, ids=case_key)
def test_golden_trace(case: Case) -> None:
    assert make_trace(*case) == load(FIXTURE)[case_key(case)]


def test_golden_covers_every_case() -> None:
    assert sorted(load(FIXTURE)) == sorted(case_key(c) for c in CASES)


if __name__ == "__main__":
    regenerate(FIXTURE, CASES, make_trace)
