"""The same seed gives the same match: action names, event kinds and data, observations, returns and
MCTS rollouts of random Filsinger matches are pinned by ``fixtures/golden.json``.

The fixture was written by this module *before* the playout speed work (issue 13) and is only
checked against; regenerate it (``python tests/games/filsinger/test_filsinger_golden.py``) only for
a deliberate rules change.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from turnbuckle.engine.game import State, outcome_at
from turnbuckle.games.filsinger.rules import FilsingerGame

pytestmark = pytest.mark.golden  # a whole-match replay: left out of mutation runs (docs/testing.md)

FIXTURE = Path(__file__).parent / "fixtures" / "golden.json"

CONFIGS: dict[str, dict[str, Any]] = {
    "singles": {},
    "singles_standard": {"tournament_standard": True, "feud": False},
    "singles_feud": {"tournament_standard": True, "feud": True},
    "singles_no_dq": {"tournament_standard": True, "no_dq": True},
    "cage": {"tournament_standard": True, "cage": True},
    "finishers": {"tournament_standard": True, "wrestlers": ["Skye Falcon", "Ace Dalton"], "feud": True},
    "finishers_plain": {"wrestlers": ["Mason Vega", "Lucky Lafleur"], "roll_finishers": True, "fatigue": True},
    "tag_finishers": {"match_type": "tag", "tournament_standard": True,
                      "wrestlers": ["Skye Falcon", "Jet Navarro", "Ace Dalton", "Mason Vega"]},
    "tag": {"match_type": "tag"},
    "tag_standard": {"match_type": "tag", "tournament_standard": True},
    "six_man_standard": {"match_type": "six_man", "tournament_standard": True, "feud": True},
    "eight_man_standard": {"match_type": "eight_man", "tournament_standard": True},
}
SEEDS = range(6)


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def contract_playout(state: State, rng: random.Random) -> None:
    """``benchmarks/bench_core.py``'s loop: chance by walking ``chance_outcomes``, decisions by index."""
    rand = rng.random
    while not state.is_terminal():
        if state.is_chance_node():
            action = outcome_at(state.chance_outcomes(), rand())
        else:
            legal = state.legal_actions()
            action = legal[int(rand() * len(legal))]
        state.apply_action(action)


def sample_playout(state: State, rng: random.Random) -> list[Any]:
    """``sample_chance`` and ``rng.choice``, reading the observation and legal names at every step."""
    seen: list[Any] = []
    while not state.is_terminal():
        seen.append([state.current_player(), state.observation(state.current_player() % 2)])
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply_action(action)
    seen.append(state.observation(0))
    return seen


def trace(config: str, seed: int) -> dict[str, Any]:
    game = FilsingerGame(**CONFIGS[config])
    out: dict[str, Any] = {}
    state = game.new_initial_state()
    contract_playout(state, random.Random(seed))
    out["contract"] = _summary(state)
    state = game.new_initial_state()
    seen = sample_playout(state, random.Random(1000 + seed))
    out["sample"] = _summary(state)
    out["sample"]["observations"] = _digest(seen)
    # events read mid-match, then play on (the log must keep up)
    state = game.new_initial_state()
    rng = random.Random(2000 + seed)
    early: list[str] = []
    steps = 0
    while not state.is_terminal():
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply_action(action)
        steps += 1
        if steps == 7:
            early = [e.kind for e in state.events]
    late = _summary(state)
    out["mid_read"] = {"early": early, "actions": _digest(late["actions"]), "kinds": _digest(late["kinds"]),
                       "events": late["events"], "returns": late["returns"]}
    # MCTS rollouts from a few points of the contract match
    history = out["contract"]["actions"]
    rollouts = []
    for cut in (0, len(history) // 3, len(history) // 2):
        start = game.state_from_actions(history[:cut])
        rollouts.append(start.random_playout_returns(random.Random(3000 + seed + cut)))
    out["rollouts"] = rollouts
    return out


def _summary(state: State) -> dict[str, Any]:
    events = [e.to_dict() for e in state.events]
    result = state.match_result()
    assert result is not None
    return {
        "actions": [a.name for a in state.history],
        "kinds": [e["kind"] for e in events],
        "events": _digest(events),
        "returns": state.returns(),
        "result": result.describe(),
    }


def generate() -> dict[str, Any]:
    return {config: [trace(config, seed) for seed in SEEDS] for config in CONFIGS}


EXPECTED = json.loads(FIXTURE.read_text()) if FIXTURE.exists() else {}


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_same_seed_same_match(config: str) -> None:
    for seed in SEEDS:
        got = trace(config, seed)
        want = EXPECTED[config][seed]
        for part in want:
            assert got[part] == want[part], f"{config} seed {seed}: {part} differs"


if __name__ == "__main__":
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(json.dumps(generate(), separators=(",", ":")) + "\n")
    print(f"wrote {FIXTURE} ({FIXTURE.stat().st_size:,} bytes)")
