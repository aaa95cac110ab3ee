"""Every registered ruleset passes the engine's contract checker with its default params."""

from __future__ import annotations

import random

import pytest

import turnbuckle
from turnbuckle.engine.conformance import ConformanceError, check_game, check_sampler, chi_square_sf
from turnbuckle.engine.game import State


@pytest.mark.parametrize("name", turnbuckle.list_games())
def test_every_game_honours_the_contract(name: str) -> None:
    report = check_game(turnbuckle.load_game(name), matches=15, seed=100)
    assert report.matches == 15 and report.chance_nodes > 0  # (basic filsinger has no decisions)


@pytest.mark.parametrize("name", turnbuckle.list_games())
def test_every_fast_sampler_draws_from_the_listed_distribution(name: str) -> None:
    report = check_sampler(turnbuckle.load_game(name), nodes=20, draws=1500, seed=5)
    assert report.nodes == 20 and report.worst_p_value > 1e-6


def test_the_sampler_check_catches_a_biased_sampler(monkeypatch: pytest.MonkeyPatch) -> None:
    game = turnbuckle.load_game("powerhouses")
    state_class = type(game.new_initial_state())

    def biased(self: State, rng: random.Random) -> turnbuckle.Action:
        outcomes = self.chance_outcomes()
        return outcomes[0][0] if rng.random() < 0.3 else State.sample_chance(self, rng)

    monkeypatch.setattr(state_class, "sample_chance", biased)
    with pytest.raises(ConformanceError, match="sample_chance disagrees"):
        check_sampler(game, nodes=5, draws=1500)


def test_chi_square_tail() -> None:
    # the 95th percentile of chi-square with 1 and 10 degrees of freedom
    assert chi_square_sf(3.841, 1) == pytest.approx(0.05, abs=0.01)
    assert chi_square_sf(18.307, 10) == pytest.approx(0.05, abs=0.005)
    assert chi_square_sf(0.0, 3) == 1.0


def test_the_checker_catches_a_position_that_forgets_a_field(monkeypatch: pytest.MonkeyPatch) -> None:
    game = turnbuckle.load_game("powerhouses")
    codec = game.position_codec()
    assert codec is not None
    load = type(codec).load

    def forgetful(self: object, game: turnbuckle.Game, body: dict[str, object]) -> State:
        state = load(self, game, body)  # type: ignore[arg-type]
        state.exchanges = 0  # type: ignore[attr-defined]
        return state

    monkeypatch.setattr(type(codec), "load", forgetful)
    with pytest.raises(ConformanceError, match="position"):
        check_game(game, matches=3, seed=1)
