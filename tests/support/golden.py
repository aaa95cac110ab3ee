"""Golden traces for the RUMBLESLAM and skirmish tests: play a seeded match, summarize everything observable.

Both games' ``test_golden.py`` use :func:`trace` with their own configurations and fixture; see their
docstrings for why the traces exist and how to regenerate them. (The WRASSLIN' test keeps its own copy:
it also records refused-action explanations, which these games do not have.)
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, outcome_at

OBSERVE_AT = (3, 17, 60, 150, 400)
"""Steps at which every player's observation (and a determinization) is recorded."""

Case = tuple[str, int, str]
"""(configuration name, seed, who plays: ``random`` or an agent name such as ``heuristic``)."""


def sha(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]


def case_key(case: Case) -> str:
    name, seed, agent = case
    return f"{name}:{seed}" if agent == "random" else f"{name}:{seed}:{agent}"


def trace(game: Game, name: str, seed: int, agent: str = "random") -> dict[str, Any]:
    """Play one seeded match of ``game`` and summarize everything observable about it.

    ``agent="random"``: uniform legal decisions. Odd seeds draw chance outcomes from ``chance_outcomes()``,
    even seeds with ``sample_chance``; seeds divisible by 3 continue every seventh step on a clone and read
    the events mid-match (exercising ``clone`` and event materialization). Any other ``agent`` is a
    registered agent name seated for every player, drawing from the match's rng (chance by
    ``sample_chance``): its play is part of what must not change."""
    state = game.new_initial_state()
    rng = random.Random(f"golden:{name}:{seed}:{agent}")
    side = random.Random(seed)  # determinizations: never disturbs the match's own rng
    agents = None if agent == "random" else [make_agent(agent, game, p) for p in range(game.players)]
    legal_log: list[Any] = []
    chance_log: list[Any] = []
    observations: list[Any] = []
    prompts: list[Any] = []
    by_outcomes = agents is None and seed % 2 == 1
    cloning = agents is None and seed % 3 == 0
    step = 0
    while True:
        player = state.current_player()
        if step in OBSERVE_AT:
            seen = [state.observation(p) for p in range(game.players)]
            observations.append([step, sha(seen)])
            prompts.append([step, player, [obs.get("prompt") for obs in seen]])
            det = state.determinize(max(player, 0), side)
            observations.append([step, "det", sha(det.observation(max(player, 0)))])
            if cloning:
                observations.append([step, "events", sha([[e.kind, e.data] for e in state.events])])
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
            action = agents[player].choose(state, rng) if agents else legal[int(rng.random() * len(legal))]
        state.apply_action(action)
        step += 1
    names = [a.name for a in state.history]
    events = [[e.kind, e.data] for e in state.events]
    result = state.match_result()
    assert result is not None
    return {
        "config": name,
        "seed": seed,
        "agent": agent,
        "steps": step,
        "first_actions": names[:12],
        "last_actions": names[-6:],
        "actions": sha(names),
        "legal": sha(legal_log),
        "chance": sha(chance_log),
        "events": len(events),
        "event_kinds": sha([e[0] for e in events]),
        "event_data": sha(events),
        "last_event": events[-1],
        "observations": observations,
        "prompts": sha(prompts),
        "first_prompts": prompts[:2],
        "final_observation": sha([state.observation(p) for p in range(game.players)]),
        "returns": state.returns(),
        "result": result.describe(),
        "json": sha(json.loads(state.to_json())),
    }


def load(fixture: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(fixture.read_text())
    return data


def regenerate(fixture: Path, cases: Sequence[Case], make: Callable[[str, int, str], dict[str, Any]]) -> None:
    """The ``--regenerate`` entry point of a golden test module."""
    if "--regenerate" not in sys.argv:
        raise SystemExit(f"usage: {sys.argv[0]} --regenerate")
    fixture.parent.mkdir(exist_ok=True)
    out = {case_key(c): make(*c) for c in cases}
    fixture.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"{len(out)} traces, {sum(t['steps'] for t in out.values())} steps -> {fixture}")
