"""Golden traces: seeded random WRASSLIN' matches must replay exactly as they did when the fixtures were made.

The safety net for performance work on the state machine: for ~30 matches across every match type, the
action names, the legal actions and chance outcomes offered at every step, the events (kinds and data),
observations and determinizations at a few steps, the explanations of refused actions, and the returns
must stay the same. Long parts are stored as SHA-256 hashes to keep the fixture small.

Regenerate (only when a rules change is *meant* to change matches):

    .venv/bin/python tests/games/wrasslin/test_golden.py --regenerate
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from turnbuckle.engine.game import CHANCE, TERMINAL, outcome_at
from turnbuckle.games.wrasslin.refusals import explain, is_error
from turnbuckle.games.wrasslin.rules import WrasslinGame

pytestmark = pytest.mark.golden  # a whole-match replay: left out of mutation runs (docs/testing.md)

FIXTURE = Path(__file__).parent / "fixtures" / "golden_traces.json"

CONFIGS: dict[str, dict[str, Any]] = {
    "singles": {},
    "singles-strict": {"errors_rule": False},
    "singles-intro-redraw": {"introductory": True, "tag_cards_in_singles": "redraw"},
    "singles-no-autopass": {"auto_pass": False},
    "tag": {"match_type": "tag"},
    "tag-strict": {"match_type": "tag", "errors_rule": False},
    "handicap": {"match_type": "handicap"},
    "handicap-strict": {"match_type": "handicap", "errors_rule": False},
    "battle_royal-5": {"match_type": "battle_royal", "players": 5},
    "battle_royal-5-strict": {"match_type": "battle_royal", "players": 5, "errors_rule": False},
    "tournament-3": {"match_type": "tournament", "tournament_size": 3},
    "tournament-12": {"match_type": "tournament"},
    "tournament-draft": {"match_type": "tournament", "tournament_wrestlers": "draft", "tournament_size": 2,
                         "players": 3},
    "tournament-draft-2": {"match_type": "tournament", "tournament_wrestlers": "draft", "tournament_size": 3,
                           "errors_rule": False},
    "tournament-br-4": {"match_type": "tournament", "players": 4, "tournament_size": 2},
}
SEEDS: dict[str, tuple[int, ...]] = {name: (1, 2) for name in CONFIGS}
SEEDS["singles"] = (1, 2, 3, 4)
SEEDS["tag"] = (1, 2, 3)
SEEDS["battle_royal-5"] = (1, 2, 3)
SEEDS["tournament-12"] = (1, 11)
for _name in ("tournament-3", "tournament-br-4", "tournament-draft"):
    SEEDS[_name] += (11, 12)
OBSERVE_AT = (3, 17, 60, 150, 400)
"""Steps at which every player's observation (and a determinization) is recorded."""


def _sha(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]


def trace(name: str, seed: int) -> dict[str, Any]:
    """Play one seeded random match and summarize everything observable about it.

    Odd seeds draw chance outcomes from ``chance_outcomes()`` (bench_core's way), even seeds with
    ``sample_chance``; seeds divisible by 3 continue every seventh step on a clone and read the events
    mid-match (exercising ``clone`` and event materialization); from seed 10 on nobody concedes while he
    has anything else to do (long tournaments)."""
    game = WrasslinGame(**CONFIGS[name])
    state = game.new_initial_state()
    rng = random.Random(f"golden:{name}:{seed}")
    side = random.Random(seed)  # determinizations and probes: never disturbs the match's own rng
    legal_log: list[Any] = []
    chance_log: list[Any] = []
    observations: list[Any] = []
    explains: list[str] = []
    step = 0
    by_outcomes = seed % 2 == 1
    cloning = seed % 3 == 0
    decisions = game.actions.decisions
    while True:
        player = state.current_player()
        if step in OBSERVE_AT:
            observations.append([step, _sha([state.observation(p) for p in range(-1, game.players)])])
            det = state.determinize(max(player, 0), side)
            observations.append([step, "det", _sha(det.observation(max(player, 0)))])
            if player >= 0:
                legal_ids = {a.id for a in state.legal_actions()}
                probes = [a for a in side.sample(decisions, 12) if a.id not in legal_ids][:4]
                explains.extend(explain(state, a) for a in probes)
            if cloning:
                observations.append([step, "events", _sha([[e.kind, e.data] for e in state.events])])
        if player == TERMINAL:
            break
        if cloning and step % 7 == 6:
            state = state.clone()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            chance_log.append([(a.name, round(p, 12)) for a, p in outcomes])
            action = outcome_at(outcomes, rng.random()) if by_outcomes else state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            legal_log.append([a.name for a in legal])
            if seed >= 10 and len(legal) > 1:
                legal = [a for a in legal if a is not game.a_concede]
            action = legal[int(rng.random() * len(legal))]
            legal_log.append(is_error(state, action))
        state.apply_action(action)
        step += 1
    names = [a.name for a in state.history]
    events = [[e.kind, e.data] for e in state.events]
    result = state.match_result()
    assert result is not None
    return {
        "config": name,
        "seed": seed,
        "steps": step,
        "first_actions": names[:12],
        "actions": _sha(names),
        "legal": _sha(legal_log),
        "chance": _sha(chance_log),
        "events": len(events),
        "event_kinds": _sha([e[0] for e in events]),
        "event_data": _sha(events),
        "last_event": events[-1],
        "observations": observations,
        "final_observation": _sha([state.observation(p) for p in range(game.players)]),
        "explains": _sha(explains),
        "returns": state.returns(),
        "result": result.describe(),
        "json": _sha(json.loads(state.to_json())),
    }


CASES = [(name, seed) for name in CONFIGS for seed in SEEDS[name]]


def _golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text())
    return data


@pytest.mark.parametrize(("name", "seed"), CASES, ids=[f"{n}-{s}" for n, s in CASES])
def test_golden_trace(name: str, seed: int) -> None:
    expected = _golden()[f"{name}:{seed}"]
    assert trace(name, seed) == expected


def test_golden_covers_every_case() -> None:
    assert sorted(_golden()) == sorted(f"{n}:{s}" for n, s in CASES)


def main() -> None:
    if "--regenerate" not in sys.argv:
        raise SystemExit("usage: test_golden.py --regenerate")
    FIXTURE.parent.mkdir(exist_ok=True)
    out = {f"{n}:{s}": trace(n, s) for n, s in CASES}
    FIXTURE.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"{len(out)} traces, {sum(t['steps'] for t in out.values())} steps -> {FIXTURE}")


if __name__ == "__main__":
    main()
