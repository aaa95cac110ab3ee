"""Issue 8 hardening: rules narrowed in wave 1 made complete, odd roster names, roster validation."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from support.positions import deal, edited
from turnbuckle.engine.errors import DataFileError, ParamError
from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.games.wrasslin.core import card_total, strength
from turnbuckle.games.wrasslin.matchtypes import APRON, OUT, RING
from turnbuckle.games.wrasslin.refusals import err_reason, is_error
from turnbuckle.games.wrasslin.results import finish, lose
from turnbuckle.games.wrasslin.ring import to_floor
from turnbuckle.games.wrasslin.rules import WrasslinGame
from turnbuckle.games.wrasslin.scenario import ADAMS, CHAMP, HARPO, KNEESHURT, UMPIRE, legal_names, play, settle, stage

COMET = "Kid Comet"
SUNNY = '"Sunny" Dale Rivers'
ODD_NAMES = ["ring", "pass", "concede", "[bold]", "enter ring", "draft ring", "fresh Wrestler ring", "end turn"]


def _card(name: str, alignment: str = "good") -> str:
    quoted = name.replace("\\", "\\\\").replace('"', '\\"')
    manager = 'manager = "Slick"\n' if alignment == "dirty" else ""
    return (f'[[wrestler]]\nname = "{quoted}"\nalignment = "{alignment}"\nstrength = 4\nagility = 2\nskill = 2\n'
            f'power_surge = 2\nweight = 3\nrecovery = 2\n{manager}[[wrestler.specialty]]\nname = "Slam"\n'
            'effect = "hold"\nstrength = 2\ndamage = 2\n')


def _random_match(game: WrasslinGame, seed: int) -> WrasslinGame:
    state = game.new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            for action in legal:
                assert state.action_from_string(action.name) == action
            if len(legal) > 1:
                legal = [a for a in legal if a.name != "concede"] or legal
            state.apply_action(rng.choice(legal))
        steps += 1
        assert steps < 50_000
    assert card_total(state) == 180
    return state


# -- 3. odd Wrestler names in a user roster -------------------------------------------------------
def test_wrestler_names_that_look_like_actions(tmp_path: Path) -> None:
    # wrasslin 3.1 / 14.6: a user roster's names never collide with an action name and always parse back
    roster = tmp_path / "odd.toml"
    roster.write_text("".join(_card(n, "dirty" if i % 2 else "good") for i, n in enumerate(ODD_NAMES)))
    assert WrasslinGame.validate_roster_file(str(roster)) == ODD_NAMES
    for params in ({}, {"match_type": "tag"}, {"match_type": "tournament", "tournament_size": 4},
                   {"match_type": "tournament", "tournament_size": 4, "tournament_wrestlers": "draft"}):
        game = WrasslinGame(roster=str(roster), wrestlers=None, **params)
        names = [a.name for a in (*game.actions.decisions, *game.actions.chance)]
        assert len(set(names)) == len(names)
        for seed in range(3):
            state = _random_match(game, seed)
            replay = game.state_from_json(state.to_json())
            assert replay.returns() == state.returns()
    game = WrasslinGame(roster=str(roster), wrestlers=["ring", "pass"])
    assert game.player_label(0) == "ring"


def test_names_with_edge_spaces_or_control_characters_are_refused(tmp_path: Path) -> None:
    # wrasslin 3.1: a name must survive being typed at a prompt
    roster = tmp_path / "bad.toml"
    roster.write_text(_card(" Spacey") + _card("B"))
    with pytest.raises(DataFileError, match="may not start or end with spaces"):
        WrasslinGame.validate_roster_file(str(roster))


# -- 1. rules narrowed in wave 1 -------------------------------------------------------------------
def test_tournament_draft_in_turn() -> None:
    # wrasslin 14.6: players may take turns drafting Wrestlers for their team; entry order stays random
    with pytest.raises(ParamError, match="deal' or 'draft"):
        WrasslinGame(match_type="tournament", tournament_wrestlers="auction")
    with pytest.raises(ParamError, match="for tournaments"):
        WrasslinGame(tournament_wrestlers="draft")
    game = WrasslinGame(match_type="tournament", players=3, tournament_size=2, tournament_wrestlers="draft")
    st = game.new_initial_state()
    assert st.phase == "draft" and st.current_player() == 0 and len(legal_names(st)) == 6
    order = []
    while st.phase == "draft":
        order.append(st.current_player())
        st.apply_action(legal_names(st)[-1])
    assert order == [0, 1, 2, 0, 1, 2]
    assert [len(d) for d in st.drafted] == [2, 2, 2] and st.current_player() == CHANCE
    obs = st.observation(1)
    assert obs["draft"]["pool"] == [] and len(obs["draft"]["drafted"][0]) == 2
    first = [a.name for a, _p in st.chance_outcomes()]
    assert sorted(first) == sorted(f"fresh Wrestler {game.wrestlers[w].name}" for w in st.drafted[0])
    dealt = WrasslinGame(match_type="tournament", players=3, tournament_size=2)
    assert dealt.new_initial_state().phase == "enter" and "draft" not in dealt.new_initial_state().observation(0)


def _illegal_man(wrestlers: list[str], hands: dict[int, list[str]], caller: int, offender: int) -> object:
    st = stage(wrestlers, hands, match_type="tag", turn=caller)
    # he stayed in after a Double Team (12.41)
    return edited(st, lambda body: body["seats"][offender].update(position="ring", illegal_in=1))


def test_distraction_answers_the_referee_on_the_illegal_man() -> None:
    # wrasslin 12.41: a Distraction nullifies the Referee only if the offending team has a manager (Harpo's)
    hands = {0: ["Distraction"], 1: ["Referee", "Chop"], 2: ["Chop"], 3: ["Chop"]}
    st = _illegal_man([HARPO, KNEESHURT, ADAMS, CHAMP], hands, caller=1, offender=2)
    assert "play Referee" in legal_names(st)
    st.apply_action("play Referee")
    assert st.current_player() == 0 and legal_names(st) == ["react Distraction", "pass"]
    play(st, "react Distraction")
    assert not st.is_terminal() and st.pos[2] == RING and st.turn == 2
    assert any(e.kind == "referee_distracted" for e in st.events)
    assert card_total(st) == 180
    # unanswered, the call disqualifies the team
    st = _illegal_man([HARPO, KNEESHURT, ADAMS, CHAMP], hands, caller=1, offender=2)
    play(st, "play Referee", "pass")
    assert st.is_terminal() and st.returns() == [-0.5, 0.5, -0.5, 0.5]
    # a team of two good Wrestlers without a manager has no Distraction answer (no third partner either)
    hands = {0: ["Distraction", "Chop"], 1: ["Chop"], 2: ["Chop"], 3: ["Referee"]}
    st = _illegal_man([KNEESHURT, HARPO, SUNNY, UMPIRE], hands, caller=3, offender=2)
    play(st, "play Referee")
    assert st.is_terminal() and st.returns() == [-0.5, 0.5, -0.5, 0.5]


def test_concede_at_any_time() -> None:
    # wrasslin 14.3: at any time a Wrestler may voluntarily concede, also in an opponent's turn
    game = WrasslinGame(match_type="tournament", tournament_size=2, errors_rule=False)
    st = game.new_initial_state()
    rng = random.Random(1)
    while not (st.phase == "respond" and st.current_player() >= 0):
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance(rng))
        else:
            legal = [a for a in st.legal_actions() if a.name.startswith("play ")] or st.legal_actions()
            st.apply_action(rng.choice([a for a in legal if a.name != "concede"] or legal))
    q = st.current_player()
    assert "concede" in legal_names(st) and q != st.turn
    st.apply_action("concede")
    settle(st)
    assert len(st.stacks[q]) == 0 and card_total(st) == 180
    assert st.turn == q or st.phase == "initiative" or st.current_player() == q


def test_tag_partner_back_from_the_floor_goes_to_the_apron() -> None:
    # wrasslin 12.1: one Wrestler of a team in the ring at a time; a partner sent to the floor comes back to
    # the apron, not into the ring beside his legal man
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: [], 1: [], 2: [], 3: ["Chop"]}, match_type="tag", turn=3)
    to_floor(st, 3)
    st._legal = None
    play(st, "re-enter ring")
    assert st.pos[3] == APRON and st.pos[1] == RING
    assert any(e.kind == "returns_to_apron" for e in st.events)
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: [], 1: ["Chop"], 2: [], 3: []}, match_type="tag", turn=1)
    to_floor(st, 1)
    st._legal = None
    play(st, "re-enter ring")
    assert st.pos[1] == RING  # the legal man himself goes back in


def test_only_written_exceptions_reverse_a_specialty() -> None:
    # wrasslin 8.33 / 11.41: no Reverse against a Specialty, except where docs/rulings.md records one (Adams)
    game = WrasslinGame()
    reversible = [w.name for w in game.wrestlers for sp in w.specialties if sp.hold and sp.hold.reversible]
    assert reversible == [ADAMS]
    st = stage([COMET, HARPO], {0: ["Specialty"], 1: ["Reverse", "Block"]})
    play(st, "play Specialty 1")
    assert legal_names(st) == ["react Block", "pass"]


def test_power_surge_with_the_called_card_on_turn_one() -> None:
    # wrasslin 5.3 / 8.4: the called card is the first play or discard; a Power Surge goes in addition
    def initiative(body: dict[str, Any]) -> None:
        body.update(phase="initiative", draws=[], callers=[0, 1], first_bout=False)
        deal(body, 0, "Chop", "Power Surge")
        deal(body, 1, "Knee Lift")

    st = edited(WrasslinGame(errors_rule=False).new_initial_state(), initiative)
    g = st.g
    chop = g.cards[g.index["Chop"]].initiative
    knee = g.cards[g.index["Knee Lift"]].initiative
    st.apply_action(f"call {chop} (Chop)")
    st.apply_action(f"call {knee} (Knee Lift)")
    first = st.turn
    assert first == (0 if chop < knee else 1)
    if first == 0:
        assert "play Power Surge" in legal_names(st) and "discard Power Surge" not in legal_names(st)
        st.apply_action("play Power Surge")
        assert legal_names(st) == ["play Chop", "discard Chop"]


# -- 11.5 errors for every card type ------------------------------------------------------------------
def _errors(st: object) -> dict[str, bool]:
    return {a.name: is_error(st, a) for a in st.legal_actions()}  # type: ignore[attr-defined]


def test_errors_rule_is_on_by_default_and_can_be_turned_off() -> None:
    # wrasslin 11.5: on by default (human play); agents and simulations may turn it off
    assert WrasslinGame().errors_rule and not WrasslinGame(errors_rule=False).errors_rule
    st = stage([KNEESHURT, UMPIRE], {0: ["Hair Pull", "Chop"], 1: []}, errors_rule=True)
    assert _errors(st)["play Hair Pull"] and not _errors(st)["play Chop"]
    st = stage([KNEESHURT, UMPIRE], {0: ["Hair Pull", "Chop"], 1: []})
    assert "play Hair Pull" not in legal_names(st)


def test_an_illegal_hold_is_challenged_and_undone() -> None:
    # wrasslin 11.5 / 7.1: a good Wrestler's blue Hold; the opponent challenges before playing a card
    st = stage([KNEESHURT, UMPIRE], {0: ["Hair Pull", "Chop"], 1: ["Block"]}, errors_rule=True)
    before = (list(st.hand[0]), list(st.hand[1]), list(st.dmg))
    play(st, "play Hair Pull")
    assert st.current_player() == 1 and "challenge" in legal_names(st)
    st.apply_action("challenge")
    assert (st.hand[0], st.hand[1], st.dmg) == before and st.turn == 0 and st.phase == "main"
    assert "play Hair Pull" not in legal_names(st)
    event = next(e for e in st.events if e.kind == "challenge")
    assert "blue Illegal Holds (7.1)" in event.data["reason"]
    assert "objects" in (st.g.narrate(event) or "")
    play(st, "play Chop", "pass")
    assert st.dmg[1] == 1 and card_total(st) == 180


def test_an_unchallenged_error_stands_once_the_opponent_plays_a_card() -> None:
    # wrasslin 11.5: "considered a legal and effective play once an opposing player has played a card"
    st = stage([KNEESHURT, UMPIRE], {0: ["Hair Pull"], 1: ["Block", "Chop"]}, errors_rule=True)
    play(st, "play Hair Pull", "react Block")
    assert st.dmg == [0, 0] and st.err_seat == -1  # blocked, like any Hold; nothing left to challenge
    st = stage([KNEESHURT, UMPIRE], {0: ["Hair Pull"], 1: ["Chop"]}, errors_rule=True)
    play(st, "play Hair Pull", "pass")
    assert st.dmg[1] == 1 and st.turn == 1 and "challenge" not in legal_names(st)


def test_a_red_card_error_waits_for_a_challenge() -> None:
    # wrasslin 11.5 / 8.33: a Reverse against a Specialty, played anyway; only a challenge answers it (8.32)
    st = stage([KNEESHURT, HARPO], {0: ["Specialty"], 1: ["Reverse"]}, damage={1: ["Chop"]}, errors_rule=True)
    play(st, "play Specialty 3")
    assert _errors(st)["react Reverse"]
    st.apply_action("react Reverse")
    assert st.current_player() == 0 and sorted(legal_names(st)) == ["challenge", "pass"]
    st.apply_action("challenge")
    assert st.current_player() == 1 and "react Reverse" not in legal_names(st)
    play(st, "pass")
    assert st.dmg[1] == 1 + 2  # Iron Block lands
    st = stage([KNEESHURT, HARPO], {0: ["Specialty"], 1: ["Reverse"]}, damage={1: ["Chop"]}, errors_rule=True)
    play(st, "play Specialty 3", "react Reverse", "pass")
    assert st.dmg == [2, 1]  # unchallenged, the Reverse stands


def test_errors_of_every_card_type_are_offered_with_their_reason() -> None:
    # wrasslin 11.5 with 3.5, 3.13, 6.13, 8.1, 8.4, 10.12, 11.32, 12.3, 5.3: each kind of card can be played
    # illegally; the error names its rule
    immobile = ["Drop Kick", "Drop Kick", "Chop", "Knee Lift"]
    cases = [
        # (wrestlers, hands, damage, setup, action, rule)
        ([HARPO, KNEESHURT], {0: ["Power Surge", "Power Surge", "Chop"]}, {}, ["play Power Surge"],
         "play Power Surge", "8.4"),
        ([KNEESHURT, UMPIRE], {0: ["Out of Ring", "Chop"]}, {0: immobile}, [], "exit ring with Out of Ring", "3.13"),
        ([KNEESHURT, HARPO, SUNNY, CHAMP], {0: ["Tag", "Chop"]}, {0: immobile}, [], "play Tag", "6.13"),
        ([HARPO, KNEESHURT], {0: ["Chop"], 1: ["Interference/Block"]}, {}, ["play Chop"],
         "react Interference/Block", "9.3"),
        ([HARPO, KNEESHURT], {0: ["Chop"], 1: ["Block"]}, {1: [*immobile, "Chop"]}, ["play Chop"],
         "react Block", "8.1"),
    ]
    for wrestlers, hands, damage, setup, action, rule in cases:
        mt = {"match_type": "tag"} if len(wrestlers) == 4 else {}
        st = stage(wrestlers, hands, damage=damage, errors_rule=True, **mt)
        for name in setup:
            play(st, name)
        assert _errors(st).get(action), (action, legal_names(st))
        strict = stage(wrestlers, hands, damage=damage, auto_pass=False, **mt)
        for name in setup:
            play(strict, name)
        assert action not in legal_names(strict)
        with pytest.raises(Exception, match=rf"\(.*{rule}"):
            strict.apply_action(action)
        play(st, action)
        assert st.err_seat >= 0 and rule in err_reason(st) and card_total(st) == 180


def test_a_second_power_surge_stands_and_adds_up() -> None:
    # wrasslin 11.5 / 8.4: an unchallenged second Power Surge is an effective play: Strength rises again
    st = stage([HARPO, KNEESHURT], {0: ["Power Surge", "Power Surge", "Chop"], 1: []}, errors_rule=True)
    play(st, "play Power Surge", "play Power Surge")
    assert strength(st, 0) == 5 + 2 + 2
    play(st, "play Chop")
    assert st.current_player() == 1 and "challenge" in legal_names(st)
    st.apply_action("challenge")
    assert strength(st, 0) == 7 and st.hand[0][st.g.index["Power Surge"]] == 1 and st.phase == "main"


# -- 2. a table worth looking at -------------------------------------------------------------------
def test_the_table_names_holds_teams_and_effects() -> None:
    # wrasslin 10.1 / 12.1: a Hold shows as its name and effect, the tag header names both teams, the
    # ratings are explained once, no raw dicts
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Bear Hug", "Chop"], 1: ["Chop"], 2: [], 3: []},
               match_type="tag", auto_pass=False)
    play(st, "play Bear Hug")
    text = st.g.render_observation(st.observation(1))
    assert f"Tag Team match: {HARPO} & {ADAMS} vs {KNEESHURT} & {CHAMP}" in text
    assert "Now: Baby Face Harpo goes for Bear Hug (1 damage a turn" in text
    assert text.count("S Strength") == 1 and "{" not in text and "}" not in text
    play(st, "pass", "pass", "pass")
    text = st.g.render_observation(st.observation(1))
    assert "Continuing Hold: Baby Face Harpo's Bear Hug on" in text and "Ratings are" not in text
    assert "{" not in text and "held (10.12)" in text


def test_the_table_lists_the_illegal_plays_still_open() -> None:
    # wrasslin 11.5: the player sees which plays are errors and why; the opponent sees the play to challenge
    st = stage([KNEESHURT, UMPIRE], {0: ["Drop Kick", "Chop"], 1: ["Chop"]}, errors_rule=True)
    text = st.g.render_observation(st.observation(0))
    assert "Illegal plays you may still make" in text and "play Drop Kick: " in text and "Agility 2" in text
    assert "Illegal plays" not in st.g.render_observation(st.observation(1))
    play(st, "play Drop Kick")
    assert "Illegal play on the table by" in st.g.render_observation(st.observation(1))


def test_describe_action_gives_each_card_its_effect() -> None:
    # wrasslin 4.2 / 4.3: an offered card shows what it does and needs; names stay the stable action names
    game = WrasslinGame(match_type="tournament", tournament_wrestlers="draft", tournament_size=2)
    assert game.describe_action("play Drop Kick") == "Agility Hold: 2 damage; needs Strength 1, Agility 2, Skill 2"
    assert "Pin" in (game.describe_action("play Wild Card as Pin") or "")
    assert "8.2" in (game.describe_action("react Block") or "")
    assert "11.5" in (game.describe_action("challenge") or "")
    assert "Specialty" in (game.describe_action(f"draft {KNEESHURT}") or "")
    assert game.describe_action("no such move") is None
    for action in game.actions.decisions:
        text = game.describe_action(action.name)
        assert text is None or ("\n" not in text and "{" not in text)


def test_a_challenged_target_is_not_offered_again() -> None:
    # wrasslin 11.5 / 4.3: a gray Hold legal on a weaker opponent, an error on an equal one; the challenge
    # puts the choice of target back without that one
    br = [HARPO, KNEESHURT, ADAMS, CHAMP, UMPIRE]
    st = stage(br, {0: ["Takedown"]}, match_type="battle_royal", players=5, errors_rule=True)
    play(st, "play Takedown")
    assert st.phase == "target" and _errors(st) == {f"target seat {t}": t == 3 for t in (1, 2, 3, 4)}
    play(st, "target seat 3")
    assert "challenge" in legal_names(st)
    st.apply_action("challenge")
    assert st.phase == "target" and st.current_player() == 0 and "target seat 3" not in legal_names(st)
    assert "The Champ's 5" in next(e for e in st.events if e.kind == "challenge").data["reason"]
    play(st, "target seat 1")
    assert st.dmg[1] == 1 and card_total(st) == 180


def test_concede_in_the_battle_royal_format() -> None:
    # wrasslin 14.3 / 14.6: a bystander concedes during another's play; the answers go on without him
    game = WrasslinGame(match_type="tournament", players=3, tournament_size=2, errors_rule=False, auto_pass=False)
    st = game.new_initial_state()
    rng = random.Random(3)
    while not (st.phase == "respond" and st.current_player() not in (st.turn, st.base_def)):
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance(rng))
        else:
            legal = [a for a in st.legal_actions() if a.name.startswith("play ")] or st.legal_actions()
            st.apply_action(rng.choice([a for a in legal if a.name != "concede"] or legal))
    bystander, turn = st.current_player(), st.turn
    st.apply_action("concede")
    assert st.pos[bystander] == OUT and bystander in st.enter_queue
    assert st.turn == turn and card_total(st) == 180


def test_a_draw_after_a_free_for_all_submission_reads_as_a_draw() -> None:
    # wrasslin 12.42 / 5.8: a Wrestler who submits in a free-for-all leaves it; a later deck draw is a draw
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Chop"], 1: [], 2: [], 3: []}, match_type="tag")
    st.free_for_all = True
    lose(st, [1], "submitted")
    assert st.result is None and st.pos[1] == OUT
    finish(st, set(), "draw: two passes through the deck (5.8)")
    result = st.match_result()
    assert result is not None and "draw" in st.end_reason and result.method.value != "submission"


@pytest.mark.parametrize("params", [{}, {"match_type": "tag"}, {"match_type": "handicap"},
                                    {"match_type": "battle_royal"}, {"match_type": "tournament", "tournament_size": 2},
                                    {"match_type": "tournament", "players": 3, "tournament_size": 2,
                                     "tournament_wrestlers": "draft"}])
def test_every_table_renders_without_raw_data(params: dict[str, object]) -> None:
    # wrasslin 5.4 / 12.1 / 13.1 / 14.6: every match type's table reads as text, for every seat, all match long
    game = WrasslinGame(**params)
    state = game.new_initial_state()
    rng = random.Random(7)
    for step in range(1500):
        if state.is_terminal():
            break
        if step % 7 == 0 or state.phase in ("target", "draft", "stay"):
            for seat in range(game.num_players()):
                text = game.render_observation(state.observation(seat))
                assert "{" not in text and "None" not in text and "[" not in text
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            for action in legal:
                described = game.describe_action(action.name)
                assert described is None or "{" not in described
            state.apply_action(rng.choice([a for a in legal if a.name != "concede"] or legal))
