"""Exact odds agree with the rule arithmetic and with simulation; the expert uses them."""

from __future__ import annotations

import math
import random

import pytest

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import State
from turnbuckle.engine.match import play_match
from turnbuckle.games.filsinger.cards import default_roster
from turnbuckle.games.filsinger.expert import ExpertAgent, HeuristicAgent
from turnbuckle.games.filsinger.odds import (
    choice_success,
    choice_target,
    match_odds,
    pin_holds,
    solve,
)
from turnbuckle.games.filsinger.rules import FilsingerGame


class RandomAgent:
    name = "random"

    def choose(self, state: State, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())


def card(name: str):  # type: ignore[no-untyped-def]
    return next(c for c in default_roster() if c.name == name)


# filsinger BASIC 5. PINS: pinned on the rating or lower with two dice
def test_pin_holds() -> None:
    assert pin_holds(6) == pytest.approx(15 / 36)
    assert pin_holds(1) == 0.0 and pin_holds(12) == pytest.approx(1.0)
    assert pin_holds(4) == pytest.approx(6 / 36)
    assert pin_holds(1, finisher=3) == pin_holds(4)  # OPTIONAL 2: BIG FINISHER (+3) on 4 (1)
    assert pin_holds(1, tokens=1) == pytest.approx(1 / 36)  # OPTIONAL 1: the second pin of 4 (1)


# filsinger OPTIONAL 7: Moonsault 2-5 and Kick to Knee 2-8 against Agility -2, Power +1
def test_choice_success() -> None:
    duke = card("Duke Marlowe")
    assert choice_target("C", "Moonsault", duke) == 5
    assert choice_target("c", "kick to knee", duke) == 8
    assert choice_success("C", "Moonsault", duke) == pytest.approx(10 / 36)
    assert choice_success("C", "Kick to Knee", duke) == pytest.approx(26 / 36)


def _simulate(game: FilsingerGame, agents: list, n: int) -> tuple[float, float]:  # type: ignore[type-arg]
    wins = [0, 0]
    for seed in range(n):
        for player in play_match(game, agents, seed=seed).winning_players:
            wins[player] += 1
    return wins[0] / n, wins[1] / n


def _close(exact: float, simulated: float, n: int) -> bool:
    return abs(exact - simulated) < 4.5 * math.sqrt(max(exact * (1 - exact), 1e-4) / n) + 1e-9


# filsinger OPTIONAL 1 + BASIC: the whole-match calculation agrees with simulation
@pytest.mark.parametrize("params", [{}, {"fatigue": True, "add_one": True}, {"match_type": "tag"}])
def test_exact_match_odds_agree_with_simulation(params: dict[str, object]) -> None:
    game = FilsingerGame(**params)
    odds = match_odds(game, "random")
    assert abs(odds.side0 + odds.side1 + odds.draw - 1.0) < 1e-9
    n = 3000
    s0, s1 = _simulate(game, [RandomAgent(), RandomAgent()], n)
    assert _close(odds.side0, s0, n) and _close(odds.side1, s1, n)


# filsinger BASIC 1: odds of two cards, either way round
def test_match_odds_either_way_round() -> None:
    odds = match_odds(FilsingerGame(wrestlers=["Rex Hammond", "Duke Marlowe"]))
    mirrored = match_odds(FilsingerGame(wrestlers=["Duke Marlowe", "Rex Hammond"]))
    assert odds.side0 == pytest.approx(mirrored.side1, abs=1e-9)


# filsinger OPTIONAL 5, 7, 9, 15 decisions: the expert decides by exact probabilities and beats random choices
def test_expert_uses_exact_values_and_agrees_with_simulation() -> None:
    params = {"chart_choices": True, "dis_moves": True, "choice_situations": True, "distractor": True}
    game = FilsingerGame(**params)
    expert = match_odds(game, "expert")
    randomly = match_odds(game, "random")
    assert expert.states == randomly.states
    n = 2000
    agents = [ExpertAgent.factory(game, 0), ExpertAgent.factory(game, 1)]
    s0, s1 = _simulate(game, agents, n)
    assert _close(expert.side0, s0, n) and _close(expert.side1, s1, n)
    # an expert side 0 against a random side 1 does better than random against random
    mixed, _ = _simulate(game, [ExpertAgent.factory(game, 0), RandomAgent()], n)
    assert mixed > randomly.side0


# filsinger OPTIONAL (ADVANCED) RULES: all rules on is too big to enumerate within a small budget
def test_solve_gives_up_past_budget() -> None:
    assert solve(FilsingerGame(tournament_standard=True), budget=500) is None


# filsinger BASIC 1: "if you are playing alone" the computer plays any side
def test_agents_play_any_side_and_match_size() -> None:
    factories = FilsingerGame.agent_factories()
    assert set(factories) == {"expert", "heuristic"}
    game = FilsingerGame(match_type="six_man", tournament_standard=True)
    for seed in range(3):
        agents = [factories["heuristic"](game, 0), HeuristicAgent.factory(game, 1)]
        assert play_match(game, agents, seed=seed).steps > 0


# filsinger OPTIONAL (ADVANCED) RULES, all on: too big to solve -> the expert plays by lookahead
def test_expert_falls_back_when_too_big(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ExpertAgent, "budget", 200)
    game = FilsingerGame(tournament_standard=True)
    agent = ExpertAgent.factory(game, 0)
    assert agent.solution is None
    result = play_match(game, [agent, ExpertAgent.factory(game, 1)], seed=3)
    assert result.winning_players in ((0,), (1,), ())


# filsinger OPTIONAL 10: the Feud Table is fought after the match; it never changes the winner
def test_feud_table_does_not_change_the_odds() -> None:
    with_feud = match_odds(FilsingerGame(feud_table=True, fatigue=True))
    without = match_odds(FilsingerGame(fatigue=True))
    assert with_feud.side0 == pytest.approx(without.side0, abs=1e-12)
    assert with_feud.side1 == pytest.approx(without.side1, abs=1e-12)
