"""Bad input gives one-line errors; the OpenSpiel consistency checker passes; agents and commentary work."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import turnbuckle
from turnbuckle.engine.errors import DataFileError, IllegalActionError, ParamError
from turnbuckle.engine.match import play_match
from turnbuckle.games.wrasslin.rules import WrasslinGame
from turnbuckle.games.wrasslin.scenario import HARPO, KNEESHURT, UMPIRE, play, stage
from turnbuckle.rulebooks import rule_text


def test_registered() -> None:
    assert "wrasslin" in turnbuckle.list_games()
    game = turnbuckle.load_game("wrasslin", match_type="tag")
    assert game.num_players() == 4 and game.max_chance_outcomes() == 55 + 24


def test_invalid_wrestler_file(tmp_path: Path) -> None:
    bad = tmp_path / "roster.toml"
    bad.write_text('[[wrestler]]\nname = "A"\nalignment = "good"\nstrength = 4\nagility = 1\nskill = 1\n'
                   'power_surge = 1\nweight = 3\nrecovery = 2\nmanager = "Slick"\n'
                   '[[wrestler.specialty]]\nname = "X"\neffect = "hold"\ndamage = 2\n'
                   '[[wrestler]]\nname = "B"\nalignment = "evil"\nstrength = 4\nagility = 1\nskill = 1\n'
                   'power_surge = 1\nweight = 3\nrecovery = 2\n[[wrestler.specialty]]\nname = "Y"\n'
                   'effect = "recovery"\nrecover = 2\n')
    with pytest.raises(DataFileError) as err:
        WrasslinGame(roster=str(bad))
    message = str(err.value)
    assert "\n" not in message and str(bad) in message and "wrestler[0] (A)" in message and "manager" in message


def test_roster_missing_file_and_bad_params() -> None:
    with pytest.raises(DataFileError, match="no such file"):
        WrasslinGame(roster="/nonexistent/roster.toml")
    with pytest.raises(ParamError, match="match_type"):
        WrasslinGame(match_type="cage")
    with pytest.raises(ParamError, match="unknown wrestler"):
        WrasslinGame(wrestlers=["Nobody", UMPIRE])
    with pytest.raises(ParamError, match="unknown option"):
        WrasslinGame(steel_chairs=True)


def test_illegal_card_play_and_reaction_out_of_turn() -> None:
    # wrasslin 5.6 / 4.3: refused with the reason, in one line
    st = stage([KNEESHURT, UMPIRE], {0: ["Drop Kick", "Block"], 1: []})
    with pytest.raises(IllegalActionError) as err:
        st.apply_action("play Drop Kick")
    assert "Agility 2" in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(IllegalActionError, match="no just-played card"):
        st.apply_action("react Block")
    with pytest.raises(IllegalActionError, match="unknown action"):
        st.apply_action("play Steel Chair")
    st2 = stage([HARPO, KNEESHURT], {0: ["Chop"], 1: ["Block"]})
    play(st2, "play Chop")
    with pytest.raises(IllegalActionError, match="may only react"):
        st2.apply_action("discard Block")


def test_openspiel_random_sim_test() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from turnbuckle.interop import openspiel as tb_spiel

    cases: list[dict[str, object]] = [
        {"match_type": "singles"},
        {"match_type": "tag"},
        {"match_type": "handicap"},
        {"match_type": "battle_royal"},
        {"match_type": "tournament", "tournament_size": 2},
        {"match_type": "tournament", "players": 4, "tournament_size": 2},
        {"introductory": True, "errors_rule": True},
        {"errors_rule": False, "match_type": "tag"},
        {"match_type": "tournament", "tournament_wrestlers": "draft", "tournament_size": 2},
    ]
    for params in cases:
        game = tb_spiel.load("wrasslin", **params)
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_action_ids_fixed_and_in_range() -> None:
    game = WrasslinGame()
    ids = [a.id for a in game.actions.decisions]
    assert ids == list(range(len(ids))) and game.num_distinct_actions() == len(ids)
    again = WrasslinGame()
    assert [a.name for a in again.actions.decisions] == [a.name for a in game.actions.decisions]


def test_heuristic_beats_random_and_narration() -> None:
    from turnbuckle.agents.random_agent import RandomAgent

    game = WrasslinGame()
    heuristic = WrasslinGame.agent_factories()["heuristic"]
    wins = 0
    for seed in range(20):
        agents = [heuristic(game, 0), RandomAgent(game, 1)]
        result = play_match(game, agents, seed)
        wins += result.winning_players == (0,)
    assert wins >= 16
    lines: list[str] = []
    play_match(game, [heuristic(game, 0), heuristic(game, 1)], 7,
               on_event=lambda e, _s: lines.append(game.narrate(e) or ""))
    assert any("goes for a" in line for line in lines)
    assert sum(" loses by " in line or "draw" in line for line in lines) == 1, "the result is said once"


def test_ismcts_plays_legal_moves() -> None:
    from turnbuckle.agents.ismcts import ISMCTSAgent

    game = WrasslinGame()
    agents = [ISMCTSAgent(game, 0, simulations=8, rollout_depth=4), ISMCTSAgent(game, 1, simulations=8)]
    result = play_match(game, agents, 3)
    assert result.steps > 0 and len(result.returns) == 2


def test_observation_hides_other_hands() -> None:
    # wrasslin 5.2: each player keeps his hand secret
    st = stage([HARPO, KNEESHURT], {0: ["Chop"], 1: ["Block", "Referee"]})
    obs = st.observation(0)
    assert obs["hand"] == {"Chop": 1} and obs["hand_sizes"] == [1, 2]
    assert "'Block'" not in str({k: v for k, v in obs.items() if k != "discard"})  # (Iron Block is a Specialty)
    state = WrasslinGame().new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal() and len(state.history) < 60:
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert set(state.observation(1)) == set(state.observation(0))


def test_roster_and_rules_summary() -> None:
    game = WrasslinGame()
    roster = game.roster()
    assert len(roster) == 24 and all(r["specialties"] for r in roster)
    assert "Pin" in WrasslinGame.rules_summary()
    assert {o.name for o in WrasslinGame.options()} >= {"match_type", "players", "wrestlers", "roster",
                                                         "introductory", "errors_rule"}


def test_every_numbered_section_has_a_test() -> None:
    """Each numbered section of the rule text is cited by at least one test (``# wrasslin N.N``)."""
    import re

    root = Path(__file__).resolve().parents[3]
    sections = set(re.findall(r"^(\d+\.\d+) ", rule_text("wrasslin"), flags=re.M))
    cited: set[str] = set()
    for path in [*(root / "tests/games/wrasslin").glob("test_*.py"), root / "tests/examples/test_wrasslin_examples.py"]:
        for line in re.findall(r"# wrasslin ([0-9. /]+)", path.read_text(encoding="utf-8")):
            cited |= set(re.findall(r"\d+\.\d+", line))
    assert sections - cited == set()


def test_commentary_names_holds_and_reactions() -> None:
    st = stage([HARPO, KNEESHURT], {0: ["Drop Kick"], 1: ["Reverse"]})
    play(st, "play Drop Kick", "react Reverse")
    lines = [st.g.narrate(e) for e in st.events]
    text = " ".join(line for line in lines if line)
    assert "Drop Kick" in text and "Reverse" in text and "Reversal!" in text


def test_hot_seat_refusals_name_the_rule() -> None:
    # wrasslin 10.2 / 5.3: refused plays say why
    st = stage([HARPO, KNEESHURT], {0: ["Pin", "Chop"], 1: []})
    with pytest.raises(IllegalActionError, match=r"at least 1 damage.*10\.2"):
        st.apply_action("play Pin")
    game = WrasslinGame(errors_rule=False)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.phase != "main":
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    called = game.cards[state.obligation]
    other = next(a for a in game.actions.decisions if a.name.startswith("discard")
                 and a.name != f"discard {called.name}" and state.hand[state.turn][game.index[a.name[8:]]])
    with pytest.raises(IllegalActionError, match=r"called for initiative.*5\.3"):
        state.apply_action(other)


def test_damage_track_must_match_the_ratings(tmp_path: Path) -> None:
    # wrasslin 3.1: a printed Damage Track that disagrees with the ratings is refused, naming the field
    roster = tmp_path / "roster.toml"
    body = ('alignment = "good"\nstrength = 4\nagility = 1\nskill = 1\npower_surge = 2\nweight = 3\n'
            'recovery = 2\n[[wrestler.specialty]]\nname = "X"\neffect = "hold"\ndamage = 2\n')
    roster.write_text('[[wrestler]]\nname = "A"\ndamage_track = ["STRENGTH: 5"]\n' + body
                      + '[[wrestler]]\nname = "B"\n' + body)
    with pytest.raises(DataFileError, match=r"wrestler\[0\] \(A\).*damage_track box 0 is 'STRENGTH: 5'"):
        WrasslinGame(roster=str(roster))
    roster.write_text('[[wrestler]]\nname = "A"\n' + body + '[[wrestler]]\nname = "B"\n' + body)
    game = WrasslinGame(roster=str(roster), wrestlers=["A", "B"])
    assert game.wrestlers[0].track()[0] == "STRENGTH: 4"


def test_terminal_view_shows_only_the_players_own_hand() -> None:
    # wrasslin 5.1 hands are secret: the terminal view of a player names his cards and no one else's
    import random

    import turnbuckle

    game = turnbuckle.load_game("wrasslin", match_type="tag")
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node() or state.current_player() < 0:
        state.apply_action(state.sample_chance(rng))
    for player in range(game.num_players()):
        text = game.render_observation(state.observation(player))
        assert "your hand: " in text and "(you," in text
        own = state.observation(player)["hand"]
        assert all(card in text for card in own)


def test_a_roster_too_small_for_the_match_is_refused(tmp_path: Path) -> None:
    # wrasslin 3.1: a match needs one Wrestler per player; a roster too small for any match type (singles
    # needs two) is refused by the roster validation, in one line
    from turnbuckle.engine.errors import ParamError

    roster = tmp_path / "one.toml"
    roster.write_text(
        '[[wrestler]]\nname = "Solo"\nalignment = "good"\nstrength = 4\nagility = 1\nskill = 1\n'
        'power_surge = 2\nweight = 3\nrecovery = 2\n[[wrestler.specialty]]\nname = "Tag"\neffect = "tag"\n'
    )
    with pytest.raises(DataFileError) as err:
        WrasslinGame.validate_roster_file(str(roster))
    assert "too few for any WRASSLIN' match" in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(ParamError, match=r"has 1 Wrestler.*2 players need at least 2"):
        WrasslinGame(roster=str(roster))
    template = tmp_path / "gus.toml"
    template.write_text(WrasslinGame.roster_template("Gorgeous Gus") or "")
    assert WrasslinGame.validate_roster_file(str(template))[0] == "Gorgeous Gus"  # a playable roster
    four = tmp_path / "four.toml"
    four.write_text(roster.read_text().replace("Solo", "A") + roster.read_text().replace("Solo", "B"))
    assert WrasslinGame.validate_roster_file(str(four)) == ["A", "B"]
    with pytest.raises(ParamError, match="4 players need at least 4"):
        WrasslinGame(roster=str(four), match_type="tag")
