"""Every turnbuckle ruleset as a PettingZoo AEC environment (``pip install 'turnbuckle[pettingzoo]'``).

::

    from turnbuckle.interop.pettingzoo import turnbuckle_env
    env = turnbuckle_env("wrasslin", match_type="tag")
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        mask = observation["action_mask"]
        env.step(None if terminated or truncated else env.action_space(agent).sample(mask))

Mapping of the contract:

- agents are ``player_0`` .. ``player_{n-1}`` (the engine's player indices);
- ``action_space(agent)`` is ``Discrete(game.num_distinct_actions())``: actions are ``Action.id`` of the
  decisions; ``observation["action_mask"]`` (int8) marks the legal ones for the agent to move (all
  zeros for the others);
- chance nodes (dice, draws) never reach an agent: ``reset`` and ``step`` sample them with the
  environment's own RNG, seeded by ``reset(seed=...)``, so a seed and the agents' actions replay a
  match exactly;
- ``observation["observation"]`` is the ruleset's observation tensor (``State.observation_tensor``,
  float32, ``Game.observation_tensor_shape``; layouts in ``docs/interop.md``); a ruleset without a
  tensor view gets the fallback: its observation as sorted-key JSON, UTF-8 bytes zero-padded to
  ``FALLBACK_BYTES`` (uint8; cut at that length, ``info["observation_truncated"]`` then says so);
- rewards are zero until the match ends, then every agent gets its return (``State.returns``) and
  every agent terminates; there is no truncation (matches end by the rules, ``pass_limit`` and the
  like included);
- ``render()`` returns the table as text (``Game.render_observation``) from the seat of the agent to
  move, the way hot-seat play shows it; ``render_mode="human"`` also prints it.

A configuration that leaves players nothing to decide (``Game.decision_options``, e.g. basic
Filsinger) is refused: it would be an environment without actions. If a particular match happens to
end before anyone decides anything, ``reset`` returns with every agent terminated and its reward.
"""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar, Final

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import turnbuckle
from turnbuckle.engine.errors import IllegalActionError, ParamError
from turnbuckle.engine.game import CHANCE, Game, State

FALLBACK_BYTES: Final = 16_384
"""Length of the fallback observation (JSON bytes) for rulesets without a tensor view."""


def agent_name(player: int) -> str:
    return f"player_{player}"


class TurnbuckleAECEnv(AECEnv[str, dict[str, np.ndarray[Any, Any]], int]):  # type: ignore[misc]
    """One turnbuckle game (name and params) as an AEC environment; see the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "turnbuckle_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game_name: str, render_mode: str | None = None, **params: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        game = turnbuckle.load_game(game_name, **params)
        note = game.decision_options()
        if note is not None:
            raise ParamError(f"{game_name}: this configuration has no decisions for an agent to make: {note}")
        self.game: Game = game
        self.render_mode = render_mode
        num_players = game.num_players()
        self.possible_agents: list[str] = [agent_name(p) for p in range(num_players)]
        self.agent_index: dict[str, int] = {a: p for p, a in enumerate(self.possible_agents)}
        self.num_actions = game.num_distinct_actions()
        shape = game.observation_tensor_shape()
        self.tensor_shape: tuple[int, ...] | None = shape
        if shape is None:
            observation: spaces.Space[Any] = spaces.Box(0, 255, (FALLBACK_BYTES,), np.uint8)
        else:
            observation = spaces.Box(-np.inf, np.inf, shape, np.float32)
        self.observation_spaces = {
            agent: spaces.Dict(
                {"observation": observation, "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8)}
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.num_actions) for agent in self.possible_agents}
        self.match: State | None = None
        self._rng = random.Random()
        self.agents: list[str] = []

    # -- spaces ---------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC loop -----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match; ``seed`` seeds the chance nodes (dice, draws) of this and later matches."""
        if seed is not None or self.match is None:
            self._rng = random.Random(seed)
        self.match = self.game.new_initial_state()
        self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._advance()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.match
        assert state is not None
        if action is None:
            raise IllegalActionError(f"{agent} must act: step(None) is only for terminated agents")
        action_id = int(action)
        legal = state.legal_actions()
        chosen = next((a for a in legal if a.id == action_id), None)
        if chosen is None:
            names = ", ".join(f"{a.id} ({a.name})" for a in legal)
            raise IllegalActionError(f"action {action_id} is not legal for {agent} now; legal: {names}")
        self._cumulative_rewards[agent] = 0.0
        state.apply_action(chosen)
        self._advance()

    def _advance(self) -> None:
        """Resolve chance nodes, then hand the turn to the player to move, or end the match."""
        state = self.match
        assert state is not None
        rng = self._rng
        while state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        player = state.current_player()
        if player >= 0:
            self.agent_selection = self.possible_agents[player]
            self._clear_rewards()
            return
        returns = state.returns()
        for agent in self.agents:
            self.rewards[agent] = float(returns[self.agent_index[agent]])
            self.terminations[agent] = True
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        state = self.match
        assert state is not None, "call reset() first"
        player = self.agent_index[agent]
        mask = np.zeros(self.num_actions, np.int8)
        if state.current_player() == player:
            for action in state.legal_actions():
                mask[action.id] = 1
        if self.tensor_shape is not None:
            tensor = np.asarray(state.observation_tensor(player), np.float32).reshape(self.tensor_shape)
            return {"observation": tensor, "action_mask": mask}
        data = json.dumps(state.observation(player), sort_keys=True).encode()
        if len(data) > FALLBACK_BYTES and agent in self.infos:
            self.infos[agent]["observation_truncated"] = True
        raw = np.zeros(FALLBACK_BYTES, np.uint8)
        clipped = data[:FALLBACK_BYTES]
        raw[: len(clipped)] = np.frombuffer(clipped, np.uint8)
        return {"observation": raw, "action_mask": mask}

    def render(self) -> str | None:
        """The table as text from the seat of the agent to move (``None`` before ``reset``)."""
        if self.match is None:
            gymnasium.logger.warn("render() called before reset()")
            return None
        player = self.agent_index.get(self.agent_selection, 0) if self.agents else 0
        text = self.game.render_observation(self.match.observation(player))
        if self.render_mode == "human":
            print(text)
        return text

    def close(self) -> None:
        self.match = None

    def __str__(self) -> str:
        return f"turnbuckle_{self.game.name}_v0"


def raw_env(game_name: str, render_mode: str | None = None, **params: Any) -> TurnbuckleAECEnv:
    """The environment without PettingZoo's wrappers."""
    return TurnbuckleAECEnv(game_name, render_mode=render_mode, **params)


def turnbuckle_env(game_name: str, render_mode: str | None = None, **params: Any) -> AECEnv:
    """An AEC environment for turnbuckle game ``game_name`` with its params (match type, wrestlers,
    options), wrapped in PettingZoo's order-enforcing wrapper (``reset`` before ``step``)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game_name, render_mode=render_mode, **params))
