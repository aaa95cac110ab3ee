"""RUMBLESLAM computer players: sensible choices in clear positions, legal play, registry names."""

from __future__ import annotations

import random
from pathlib import Path

import turnbuckle
from support.rumbleslam import do, fixture_game, lift, profile, scenario, wrestler
from turnbuckle.agents.registry import agent_names, make_agent
from turnbuckle.games.rumbleslam.agents import HeuristicAgent, SearchAgent, evaluate
from turnbuckle.games.rumbleslam.state import RumbleslamState
from turnbuckle.games.rumbleslam.status import damage


def test_agents_are_registered() -> None:
    game = turnbuckle.load_game("rumbleslam")
    assert {"heuristic", "mcts", "random"} <= set(agent_names(game))
    assert isinstance(make_agent("mcts", game, 0), SearchAgent)


def test_heuristic_throws_a_kod_enemy_out(tmp_path: Path) -> None:
    game = fixture_game(tmp_path, [profile("A"), profile("B"), profile("C")], ["A"], ["B", "C"])

    def ko_and_lift(st: RumbleslamState) -> None:
        damage(st, wrestler(st, "B"), 9)
        lift(st, "A", "B")

    s = scenario(game, {"A": "B2", "B": "E4", "C": "J10"}, active="A", prepare=ko_and_lift)
    choice = HeuristicAgent(game, 0).choose(s, random.Random(1))
    assert choice.name in {"throw N-A", "throw N-B", "throw N-C", "throw W-1", "throw W-2", "throw W-3",
                           "throw N-D", "throw W-4", "throw TB-NW"} or choice.name.startswith("throw ")
    assert choice.name.split(" ")[1][0] in "NWT"  # out of the ring (or onto the turnbuckle)


def test_heuristic_pins_a_kod_enemy(tmp_path: Path) -> None:
    game = fixture_game(tmp_path, [profile("A", weight=2), profile("B"), profile("C")], ["A"], ["B", "C"])
    s = scenario(game, {"A": "E5", "B": "E4", "C": "J10"}, active="A",
                 prepare=lambda st: damage(st, wrestler(st, "B"), 9))
    assert HeuristicAgent(game, 0).choose(s, random.Random(2)).name in {"pin A->B", "lift A->B"}


def test_evaluation_prefers_material() -> None:
    game = turnbuckle.load_game("rumbleslam")
    s = game.new_initial_state()
    assert isinstance(s, RumbleslamState)
    rng = random.Random(4)
    while s.round == 0:
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    before = evaluate(s, 0)
    enemy = next(w for w in s.ws if w.player == 1 and w.in_ring)
    damage(s, enemy, 99)
    assert evaluate(s, 0) > before


def test_search_agent_plays_legal_moves() -> None:
    game = turnbuckle.load_game("rumbleslam")
    agents = [SearchAgent(game, 0, simulations=12), HeuristicAgent(game, 1)]
    s = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(120):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_action(s.sample_chance(rng))
        else:
            action = agents[s.current_player()].choose(s, rng)
            assert action in s.legal_actions()
            s.apply_action(action)


def test_heuristic_stays_in_the_ring_away_from_the_thrower(tmp_path: Path) -> None:
    # rumbleslam THROW: the thrown wrestler's player places it; the heuristic takes the square
    # farthest from the enemy that just threw it (the safest `stay` square)
    game = fixture_game(tmp_path, [profile("A"), profile("X"), profile("B"), profile("Y")], ["A", "X"], ["B", "Y"])
    s = scenario(game, {"A": "C2", "X": "J10", "Y": "H8"}, active="A", prepare=lambda st: lift(st, "A", "B"))
    do(s, "throw N-E", "Crowd=Cheer", "C=3")
    assert s.stack[-1][1] == "stay"
    assert HeuristicAgent(game, 1).choose(s, random.Random(3)).name == "place F1"


def test_heuristic_keeps_its_endorsement_for_the_roll_off(tmp_path: Path) -> None:
    # rumbleslam ENDORSEMENTS / SETTING UP THE GAME: the roll-off may be re-rolled, but who picks the
    # corner changes nothing the evaluation sees: the heuristic keeps the die (and the Endorsement)
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"],
                        team0_extra={"endorsements": 1}, team1_extra={"endorsements": 1})
    s = do(game.new_initial_state(), "G=1", "G=4")
    assert s.stack[-1][1] == "reroll"
    assert HeuristicAgent(game, 1).choose(s, random.Random(7)).name == "keep dice"
