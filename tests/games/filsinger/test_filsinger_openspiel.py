"""The generic OpenSpiel contract: a thin pyspiel wrapper of the game passes random_sim_test.

The project's real adapter (``turnbuckle.interop.openspiel``) is written elsewhere; this local
wrapper only uses the public Game/State contract, so it proves the contract is enough.
"""

from __future__ import annotations

from typing import Any

import pytest

from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.games.filsinger.rules import FilsingerGame

pyspiel = pytest.importorskip("pyspiel")


def _wrap(tb_game: FilsingerGame, short_name: str) -> Any:
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=f"turnbuckle {short_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=tb_game.num_distinct_actions(),
        max_chance_outcomes=tb_game.max_chance_outcomes(),
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=tb_game.max_game_length(),
    )

    class WrappedState(pyspiel.State):  # type: ignore[misc,name-defined]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.inner = tb_game.new_initial_state()
            self.inner.record_events = False

        def current_player(self) -> int:
            p = self.inner.current_player()
            if p == CHANCE:
                return int(pyspiel.PlayerId.CHANCE)
            if p == TERMINAL:
                return int(pyspiel.PlayerId.TERMINAL)
            return int(p)

        def _legal_actions(self, player: int) -> list[int]:
            return sorted(a.id for a in self.inner.legal_actions())

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return sorted((a.id, p) for a, p in self.inner.chance_outcomes())

        def _apply_action(self, action: int) -> None:
            table = tb_game.actions
            if self.inner.is_chance_node():
                self.inner.apply_action(table.chance_outcome(action))
            else:
                self.inner.apply_action(table.decision(action))

        def _action_to_string(self, player: int, action: int) -> str:
            table = tb_game.actions
            return (table.chance_outcome(action) if player == pyspiel.PlayerId.CHANCE
                    else table.decision(action)).name

        def is_terminal(self) -> bool:
            return self.inner.is_terminal()

        def returns(self) -> list[float]:
            return self.inner.returns()

        def __str__(self) -> str:
            return str(self.inner)

    class WrappedGame(pyspiel.Game):  # type: ignore[misc,name-defined]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> WrappedState:
            return WrappedState(self)

    return WrappedGame()


# filsinger BASIC 3 as a game tree: OpenSpiel's consistency checker
@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("tb_filsinger_basic", {}),
        ("tb_filsinger_standard", {"tournament_standard": True}),
        ("tb_filsinger_six", {"match_type": "six_man", "tournament_standard": True}),
        ("tb_filsinger_cage", {"cage": True, "tournament_standard": True}),
    ],
)
def test_random_sim_test(name: str, params: dict[str, Any]) -> None:
    game = _wrap(FilsingerGame(**params), name)
    pyspiel.random_sim_test(game, num_sims=30, serialize=False, verbose=False)


# filsinger SPECIAL MATCHES through the project's generic OpenSpiel adapter
@pytest.mark.parametrize(
    "params",
    [
        {"tournament_standard": True},
        {"match_type": "eight_man", "tournament_standard": True},
        {"no_dq": True, "feud_table": True, "feud": True},
    ],
)
def test_project_adapter_random_sim_test(params: dict[str, Any]) -> None:
    adapter = pytest.importorskip("turnbuckle.interop.openspiel")
    game = adapter.load("filsinger", **params)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)
