"""RUMBLESLAM commentary of rolls (issue 22.19): each side's dice beside its name, teams "roll",
a roll's purpose named wherever a target is, and dice numbered from 1."""

from __future__ import annotations

import random
from pathlib import Path

import turnbuckle
from support.rumbleslam import do, fixture_game, names, profile, scenario
from turnbuckle.engine.events import Event


def _narrated(s: object) -> list[str]:
    return [line for e in s.events if (line := s.game.narrate(e))]  # type: ignore[attr-defined]


def test_an_opposed_roll_splits_the_attackers_dice_from_the_defenders(tmp_path: Path) -> None:
    # rumbleslam STATS / BRAWL: ATT against DEF; the line shows whose dice are whose
    game = fixture_game(tmp_path, [profile("A", att="2S"), profile("B", **{"def": "1C"})], ["A"], ["B"])
    s = scenario(game, {"A": "D4", "B": "E4"}, active="A")
    do(s, "brawl A->B", "S=3", "S=1", "C=2")
    roll = [line for line in _narrated(s) if line.strip().startswith("Brawl:")][-1]
    assert roll.strip() == "Brawl: A rolls S=3 S=1 -> 4, B rolls C=2 -> 2: success!"
    event = [e for e in s.events if e.kind == "roll"][-1]
    assert event.data["sides"] == [0, 0, 1] and event.data["dice"] == ["S=3", "S=1", "C=2"]


def test_teams_roll_and_every_roll_line_has_its_subject() -> None:
    # rumbleslam SETUP and TAKING THE INITIATIVE: both teams roll; the line names each
    game = turnbuckle.load_game("rumbleslam")
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal() and state.round < 2:
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    lines = _narrated(state)
    teams = [game.player_label(p) for p in range(game.players)]
    setup = next(line for line in lines if line.strip().startswith("Setup:"))
    assert f"{teams[0]} roll G=" in setup and f"{teams[1]} roll G=" in setup and "rolls" not in setup
    initiative = next(line for line in lines if line.strip().startswith("Initiative:"))
    assert all(f"{team} roll " in initiative for team in teams)
    assert not any(line.strip().startswith("rolls") or " rolls no dice (" in line for line in lines)


def test_a_test_against_a_number_names_its_weight_and_a_sponsorship_roll_is_the_teams() -> None:
    game = turnbuckle.load_game("rumbleslam")
    lift = Event("roll", {"what": "lift", "dice": ["S=3"], "lifter": "Orc", "wrestler": "Imp", "totals": [3, 2],
                          "success": True})
    assert game.narrate(lift) == "  Orc rolls S=3 (lift) -> 3 against Imp's WEIGHT 2: success!"
    sponsor = Event("roll", {"what": "sponsorship", "dice": ["G=4"], "team": "Reds", "sponsorship": "Orka-Cola"})
    assert game.narrate(sponsor) == "  Reds roll G=4 (sponsorship)"
    escape = Event("roll", {"what": "escape", "dice": ["S=2", "C=3"], "sides": [0, 1], "lifter": "Orc",
                            "wrestler": "Imp", "totals": [2, 3]})
    assert game.narrate(escape) == "  Escape: Orc rolls S=2 -> 2, Imp rolls C=3 -> 3: Imp escapes!"


def test_the_result_names_whose_dosh_is_whose() -> None:
    game = turnbuckle.load_game("rumbleslam")
    teams = [game.player_label(p) for p in range(2)]
    line = game.narrate(Event("result", {"winners": [teams[0]], "how": "Dosh count after the last round",
                                         "dosh": [900, 610]}))
    assert line == f"{teams[0]} win: Dosh count after the last round (Dosh in the ring: {teams[0]} 900K, " \
                   f"{teams[1]} 610K)!"


def test_dice_are_numbered_from_1_in_the_offer_and_the_move(tmp_path: Path) -> None:
    # rumbleslam RE-ROLLS / ENDORSEMENTS: "die 1" is the first die, as a person counts
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"],
                        team0_extra={"endorsements": 2}, team1_extra={"endorsements": 2})
    s = scenario(game, {"A": "D4", "B": "E4"}, active="A")
    do(s, "brawl A->B", "C=0", "C=1")
    assert names(s) == {"re-roll die 1", "keep dice"}
    prompt = s.observation(0)["prompt"]
    assert "die 1: C=0" in prompt and "die 2: C=1" in prompt and "die 0" not in prompt
    assert not any("die 0" in a.name or "reroll" in a.name for a in game.actions.decisions)


def test_the_old_zero_based_names_still_replay(tmp_path: Path) -> None:
    # a stored match from before the renumbering says 'reroll die 0' for the first die
    game = fixture_game(tmp_path, [profile("A"), profile("B")], ["A"], ["B"],
                        team0_extra={"endorsements": 2}, team1_extra={"endorsements": 2})
    s = scenario(game, {"A": "D4", "B": "E4"}, active="A")
    do(s, "brawl A->B", "C=0", "C=1", "reroll die 0")
    assert s.history[-1].name == "re-roll die 1"


def test_a_dex_test_offer_names_the_roll_behind_its_target() -> None:
    # rumbleslam LIVE AMMUNITION / TURNBUCKLE: "needs 3" always says whose roll, and for what
    game = turnbuckle.load_game("rumbleslam")
    teams = [game.player_label(p) for p in range(game.players)]
    for seed in range(40):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if not state.is_chance_node():
                prompt = state.observation(state.current_player()).get("prompt") or ""
                if "(needs " in prompt:
                    assert "re-roll one of your dice? " in prompt
                    purpose = prompt.split("re-roll one of your dice? ", 1)[1]
                    assert not any(purpose.startswith(f"{team}:") for team in teams), f"an unnamed roll: {prompt}"
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
