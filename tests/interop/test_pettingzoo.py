"""The PettingZoo AEC environment: PettingZoo's own API test passes on every game."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the PettingZoo environment needs pip install 'turnbuckle[pettingzoo]'")

from pettingzoo.test import api_test

import turnbuckle
from interop.secret_cards import SecretCardsGame
from turnbuckle.engine import registry
from turnbuckle.engine.errors import IllegalActionError, ParamError
from turnbuckle.interop.pettingzoo import FALLBACK_BYTES, raw_env, turnbuckle_env

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "powerhouses": [{}],
    "wrasslin": [{}, {"match_type": "tag"}, {"match_type": "handicap"}, {"match_type": "battle_royal", "players": 5},
                 {"match_type": "tournament", "tournament_size": 2}],
    "filsinger": [{"match_type": "tag"}, {"tournament_standard": True}, {"cage": True, "tournament_standard": True}],
}
"""Configurations with decisions to make (basic Filsinger has none, see test_no_decisions_is_refused)."""


def _cases() -> list[Any]:
    cases = []
    for name in turnbuckle.list_games():
        for params in CONFIGS.get(name, [{}]):
            label = ",".join(f"{k}={v}" for k, v in params.items()) or "default"
            cases.append(pytest.param(name, params, id=f"{name}[{label}]"))
    return cases


def _api_test(env: Any) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice for dict observations (the action-mask convention)
        api_test(env, num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize(("name", "params"), _cases())
def test_api_test(name: str, params: dict[str, Any]) -> None:
    try:
        env = turnbuckle_env(name, **params)
    except Exception as exc:
        if name in CONFIGS:
            raise
        pytest.skip(f"{name} does not load yet: {type(exc).__name__}: {exc}")
    _api_test(env)


def _play(env: Any, seed: int, policy_seed: int) -> tuple[list[int], dict[str, float], list[Any]]:
    env.reset(seed=seed)
    rng = random.Random(policy_seed)
    actions: list[int] = []
    seen: list[Any] = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        seen.append(observation["observation"].copy())
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        actions.append(action)
        env.step(action)
    return actions, totals, seen


@pytest.mark.parametrize(("name", "params"), [("powerhouses", {}), ("wrasslin", {"match_type": "tag"})])
def test_seeded_matches_replay_and_pay_the_returns(name: str, params: dict[str, Any]) -> None:
    env = raw_env(name, **params)
    first = _play(env, seed=11, policy_seed=1)
    second = _play(env, seed=11, policy_seed=1)
    assert first[0] == second[0] and first[1] == second[1]
    assert all(np.array_equal(a, b) for a, b in zip(first[2], second[2], strict=True))
    returns = env.match.returns()
    assert first[1] == {f"player_{p}": r for p, r in enumerate(returns)}
    assert sum(returns) == pytest.approx(0.0)
    assert any(returns)


def test_observation_is_the_engines_tensor_and_mask_the_legal_decisions() -> None:
    env = raw_env("wrasslin", match_type="battle_royal", players=5)
    env.reset(seed=3)
    for _ in range(40):
        agent = env.agent_selection
        player = env.agent_index[agent]
        for other in env.agents:
            observation = env.observe(other)
            assert env.observation_space(other).contains(observation)
            expected = np.float32(env.match.observation_tensor(env.agent_index[other]))
            assert np.array_equal(observation["observation"], expected)
            if other != agent:
                assert not observation["action_mask"].any()
        mask = env.observe(agent)["action_mask"]
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(a.id for a in env.match.legal_actions())
        assert env.match.current_player() == player
        env.step(int(np.flatnonzero(mask)[0]))
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0]))
    text = env.render()
    assert isinstance(text, str) and "Battle Royal" in text


def test_no_decisions_is_refused() -> None:
    with pytest.raises(ParamError, match="no decisions"):
        turnbuckle_env("filsinger")


@pytest.fixture
def secret_cards(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(registry._GAMES, SecretCardsGame.name, "interop.secret_cards:SecretCardsGame")
    return SecretCardsGame.name


def test_string_only_ruleset_gets_the_json_fallback(secret_cards: str) -> None:
    env = raw_env(secret_cards, stake=2)
    space = env.observation_space("player_0")["observation"]
    assert space.shape == (FALLBACK_BYTES,) and space.dtype == np.uint8
    env.reset(seed=1)
    raw = env.observe("player_0")["observation"]
    text = bytes(raw[raw != 0]).decode()
    assert text == '{"bets": [], "card": ' + str(env.match.cards[0]) + "}"
    _api_test(turnbuckle_env(secret_cards))
