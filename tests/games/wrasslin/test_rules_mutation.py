"""Issue 36: rule tests that pin down what the mutation run found loose (a threshold one step off, a count
not reset, a flag kept a turn too long), each from a forced position and citing its section."""

from __future__ import annotations

import random

import pytest

from support.positions import edited
from turnbuckle.engine.errors import IllegalActionError, ParamError
from turnbuckle.engine.result import Method
from turnbuckle.games.wrasslin.core import is_mobile, is_pinned, strength
from turnbuckle.games.wrasslin.matchtypes import FLOOR, RING
from turnbuckle.games.wrasslin.results import eliminate
from turnbuckle.games.wrasslin.rules import WrasslinGame
from turnbuckle.games.wrasslin.scenario import HARPO, KNEESHURT, legal_names, play, settle, stage
from turnbuckle.games.wrasslin.state import WrasslinState

ADAMS = "Manly Mike Adams"
CHAMP = "The Champ"
UMPIRE = "Mr. Umpire"
SIX = ["Drop Kick", "Drop Kick", "Chop", "Knee Lift"]  # 6 damage points


def names(st: WrasslinState) -> list[str]:
    return legal_names(st)


def unanswered(st: WrasslinState) -> None:
    """Everyone asked lets the play stand."""
    while st.phase == "respond":
        play(st, "pass")


def counts(st: WrasslinState, kind: str, seat: int) -> list[int]:
    return [e.data["count"] for e in st.events if e.kind == kind and e.data["seat"] == seat]


# -- 8. Reaction cards -------------------------------------------------------------------------------
def test_reactive_power_surge_to_equal_strength_blocks_a_pin() -> None:
    # wrasslin 10.2 "Once pinned, a Wrestler can remove a Pin only by ... a Power Surge which increases the
    # Defender's strength equal to or greater than the Attacker's"; 8.42 (match to block)
    st = stage([HARPO, KNEESHURT], {0: ["Pin"], 1: ["Power Surge"]}, damage={1: ["Chop"]})
    assert (strength(st, 0), strength(st, 1)) == (5, 3)
    play(st, "play Pin", "react Power Surge")  # his rating at 1 damage is 2: Strength 5, equal to Harpo's
    assert not st.holds and st.last_outcome == "blocked" and st.turn == 1


def test_pinners_strength_must_stay_greater_through_the_pinned_wrestlers_own_surge() -> None:
    # wrasslin 10.2 B "The play of a Power Surge by the pinned Wrestler eliminates one of the preconditions for
    # play of a Pin (greater Strength)": equal Strength is no longer greater
    st = stage([HARPO, KNEESHURT], {0: ["Pin"], 1: ["Power Surge", "Chop"]}, damage={1: ["Chop"]})
    play(st, "play Pin", "pass")
    assert st.turn == 1 and st.holds
    play(st, "play Power Surge")
    assert strength(st, 1) == strength(st, 0) == 5
    assert not st.holds


def test_reactive_surge_breaks_a_continuing_hold_when_it_is_reapplied() -> None:
    # wrasslin 10.1 "The attacking Wrestler loses the necessary abilities required by the Hold ... because of
    # the opponent's Power Surge"; 8.42 "It can also be played during an opponent's subsequent turn in this
    # manner to break a Continuing Hold or Pin"
    st = stage([HARPO, KNEESHURT], {0: ["Bear Hug", "Chop"], 1: ["Chop", "Power Surge"]})
    play(st, "play Bear Hug", "pass", "discard Chop")
    assert st.turn == 0 and st.base_kind == "reapply" and "react Power Surge" in names(st)
    play(st, "react Power Surge", "pass")
    assert strength(st, 1) == 5 and not st.holds  # Bear Hug needs Strength greater than his: broken
    assert st.dmg[1] == 1 and st.phase == "main"  # no further damage, Harpo plays on


# -- 9. Outside influence ---------------------------------------------------------------------------
def test_ignored_warning_lasts_only_for_the_regained_turns() -> None:
    # wrasslin 9.42 "if he does so and another Referee card is played *during those turns* he automatically
    # loses": once the regained turn is over, a Referee penalizes him again, it does not disqualify
    st = stage([HARPO, KNEESHURT], {0: ["Hair Pull", "Chop", "Choke"], 1: ["Referee", "Referee", "Chop", "Chop"]})
    play(st, "play Hair Pull", "react Referee", "discard Chop", "ignore warning")
    assert st.warned[0] == 1
    play(st, "play Chop", "pass")
    assert st.turn == 1 and st.warned[0] == 0
    play(st, "discard Chop")
    assert st.turn == 0 and st.warned == [0, 0]  # the count of regained turns never goes below zero
    play(st, "play Choke", "react Referee")
    assert not st.is_terminal() and st.penalty[0] == 1


def test_referee_on_the_first_hold_of_a_combination_counts_as_a_penalty_turn() -> None:
    # wrasslin 11.1 "If the Referee voids the first hold of a Combination (9.41), the loss of the opportunity
    # to play the second hold counts as the first turn of the penalty"; 9.41 turns equal to the damage
    st = stage([HARPO, KNEESHURT], {0: ["Combination", "Foreign Object", "Chop"], 1: ["Referee"]})
    play(st, "play Combination", "play Foreign Object", "react Referee")
    assert st.penalty[0] == 2 and st.turn == 1


def test_long_count_restarts_the_count_out() -> None:
    # wrasslin 9.2 "A Long Count causes the Count ... (or to five for a disqualification) to begin anew"
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring", "Chop", "Chop"], 1: ["Long/Short Count", "Chop"]})
    play(st, "exit ring with Out of Ring", "discard Chop")
    assert st.out_count[0] == 1 and st.turn == 0
    play(st, "discard Chop")
    assert names(st) == ["react Long Count", "react Short Count", "pass"]
    play(st, "react Long Count")
    assert counts(st, "ring_count", 0) == [1, 1]  # begun anew, then counted at the end of his turn


def test_short_count_counts_out_at_four() -> None:
    # wrasslin 9.2 "A Short Count results in ... a disqualification after four"; 11.33
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring", "Chop", "Chop"], 1: ["Long/Short Count", "Chop"]})
    play(st, "exit ring with Out of Ring", "discard Chop")
    play(st, "discard Chop", "react Short Count")
    assert st.out_limit[0] == 4
    while not st.is_terminal():
        legal = names(st)
        play(st, next((n for n in legal if n.startswith("discard") or n == "pass"), legal[0]))
    assert counts(st, "ring_count", 0) == [1, 2, 3, 4] and st.end_reason == "counted out"
    assert st.returns() == [-1.0, 1.0]


# -- 10. Pins ---------------------------------------------------------------------------------------
def test_no_pin_count_while_an_illegal_man_is_in_the_ring() -> None:
    # wrasslin 12.41 "No Pin count will progress while a second Wrestler is illegally in the ring"; 10.22
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Pin"], 1: ["Chop"], 2: ["Double Team", "Chop"], 3: ["Chop"]},
               match_type="tag", turn=2)
    play(st, "play Double Team", "play Chop", "target seat 1", "stay in ring")
    assert st.pos[2] == RING and st.illegal_in[2] == 1
    play(st, "discard Chop")
    assert st.turn == 0
    play(st, "play Pin")
    assert st.turn == 1 and st.holds and st.holds[0][4] == 1
    play(st, "discard Chop")
    assert st.holds and st.holds[0][5] == 0 and counts(st, "pin_count", 1) == []


# -- 11. Unique situations -------------------------------------------------------------------------------
def test_second_hold_of_a_combination_after_a_blocked_first() -> None:
    # wrasslin 11.1 "Each Hold of a multi-hold turn can be blocked or reversed by separate Reaction cards, but
    # the second Hold cannot be played if the first is reversed or stopped by a Referee": a Block does not stop it
    st = stage([HARPO, KNEESHURT], {0: ["Combination", "Chop", "Knee Lift"], 1: ["Block"]})
    play(st, "play Combination", "play Chop", "react Block")
    assert st.turn == 0 and "play Knee Lift" in names(st)
    play(st, "play Knee Lift")
    assert st.dmg[1] == 1 and st.turn == 1


def test_both_outside_the_ring_is_a_double_disqualification() -> None:
    # wrasslin 11.33 "This five-turn count is broken if his opponent also leaves the ring and a new count is
    # started. If neither Wrestler re-enters the ring within five turns, the match ends with a double
    # disqualification"
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring", "Chop"], 1: ["Out of Ring", "Chop"]})
    play(st, "exit ring with Out of Ring")
    assert st.out_count[0] == 1
    play(st, "exit ring with Out of Ring")
    assert st.pos == [FLOOR, FLOOR] and st.out_count == [0, 1]  # Harpo's count started anew
    while not st.is_terminal():
        legal = names(st)
        play(st, next((n for n in legal if n.startswith("discard") or n == "pass"), legal[0]))
    assert counts(st, "ring_count", 0) == [1, 1, 2, 3, 4]
    assert counts(st, "ring_count", 1) == [1, 2, 3, 4, 5]
    assert st.end_reason == "double disqualification" and st.returns() == [0.0, 0.0]


def test_re_entry_starts_a_new_count_against_the_opponent() -> None:
    # wrasslin 11.33 "Should one Wrestler re-enter the ring, a new count is started against his opponent"
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring", "Chop"], 1: ["Out of Ring", "Chop"]})
    play(st, "exit ring with Out of Ring")
    play(st, "exit ring with Out of Ring")
    play(st, "discard Chop")
    assert st.out_count == [1, 1] and st.turn == 1
    play(st, "re-enter ring")
    assert st.pos == [FLOOR, RING] and st.out_count[0] == 0


def test_recovery_passes_over_an_exit_card() -> None:
    # wrasslin 11.3 "A voluntary exit causes no damage so the card should be placed ... with only the 'Exit'
    # corners showing to distinguish it from a Damage card"; 6.2 each Recovery removes the oldest Damage card
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring", "Recovery 1", "Chop"], 1: ["Out of Ring", "Chop", "Chop"]})
    play(st, "exit ring with Out of Ring")
    play(st, "exit ring with Out of Ring")
    play(st, "play Chop")  # both outside: they may fight (11.31)
    unanswered(st)
    assert [e[3] for e in st.entries[1]] == [2, 0] and st.dmg[1] == 1  # the Exit card, then the Chop
    assert st.turn == 1
    play(st, "play Chop")
    unanswered(st)
    assert st.turn == 0 and st.dmg[0] == 1
    play(st, "play Recovery 1")
    assert st.dmg[0] == 0 and [e[3] for e in st.entries[0]] == [2]  # the Exit card stays


# -- batch 2 ----------------------------------------------------------------------------------------
def test_no_referee_for_an_illegal_hold_outside_the_ring() -> None:
    # wrasslin 11.31 "Referee and Pin cards cannot be played outside the ring"
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring", "Choke", "Chop"], 1: ["Out of Ring", "Referee", "Chop"]})
    play(st, "exit ring with Out of Ring", "exit ring with Out of Ring")
    assert st.pos == [FLOOR, FLOOR] and st.turn == 0
    play(st, "play Choke")
    assert "react Referee" not in names(st)
    unanswered(st)
    assert st.dmg[1] == 1 and st.penalty[0] == 0
    st = stage([HARPO, KNEESHURT], {0: ["Choke"], 1: ["Referee"]})
    play(st, "play Choke")
    assert "react Referee" in names(st)  # in the ring he may


def test_no_second_referee_while_a_double_teamer_is_penalized() -> None:
    # wrasslin 9.41 "While the Referee is penalizing a Double Teaming Wrestler, no other Referee cards can be
    # played before the penalized Wrestler takes his next turn" (the Double Teamer in seat 0, on the apron)
    st = stage([ADAMS, KNEESHURT, HARPO, CHAMP],
               {0: ["Double Team", "Chop"], 1: ["Referee", "Referee", "Chop"], 2: ["Choke", "Choke"], 3: ["Chop"]},
               match_type="tag")
    st = edited(st, lambda body: (body["seats"][0].update(position="apron"),
                                  body["seats"][2].update(position="ring")))
    play(st, "play Double Team", "play Chop", "target seat 1", "react Referee")
    assert st.penalty[0] == 1 and st.dt_lock == 0
    play(st, "discard Chop")  # Kneeshurt
    assert st.turn == 2
    play(st, "play Choke")
    assert "react Referee" not in names(st)
    unanswered(st)
    assert st.dmg[1] == 1 and st.penalty[2] == 0  # the Choke stands
    play(st, "discard Chop")  # Champ, on the apron
    assert st.turn == 0 and st.dt_lock == -1  # Adams' turn: the lock is over


def test_a_third_wrestlers_hold_breaks_a_continuing_hold() -> None:
    # wrasslin 10.1 "The attacking Wrestler has a Hold applied to him by a third Wrestler which is not
    # blocked/reversed by a green Outside Influence card"; 12.4 (Champ's Double Team from the apron)
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Bear Hug"], 1: ["Chop"], 2: ["Chop"],
                                                  3: ["Double Team", "Chop"]}, match_type="tag")
    play(st, "play Bear Hug")
    unanswered(st)
    assert st.holds and st.turn == 1
    play(st, "discard Chop")
    play(st, "discard Chop")
    assert st.turn == 3
    play(st, "play Double Team", "play Chop", "target seat 0")
    unanswered(st)
    assert st.dmg[0] == 1 and not st.holds


def test_only_the_solo_wrestler_replaces_his_tag_cards() -> None:
    # wrasslin 12.5 "the solo Wrestler is entitled to immediately discard and replace each Tag or Double Team
    # card he draws": his opponents keep theirs
    st = WrasslinGame(match_type="handicap").new_initial_state()
    st.apply_action("draw Chop")
    assert st.draws[0] == 1
    st.apply_action("draw Tag")
    assert st.hand[1][st.g.index["Tag"]] == 1 and st.discard[st.g.index["Tag"]] == 0


def test_a_team_shares_its_win_or_loss() -> None:
    # wrasslin 12.5 (two against one) / 13.1: the returns a team shares, zero-sum
    st = stage([HARPO, KNEESHURT, ADAMS], {0: ["Head Stomp"], 1: [], 2: []}, match_type="handicap",
               damage={1: [*SIX, "Drop Kick", "Drop Kick", "Chop"]})
    play(st, "play Head Stomp")
    assert st.is_terminal() and st.returns() == [1.0, -0.5, -0.5]
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP, UMPIRE], {0: ["Chop"]}, match_type="battle_royal", players=5)
    for s in (1, 2, 3, 4):
        eliminate(st, s, "test")
    assert st.returns() == [1.0, -0.25, -0.25, -0.25, -0.25]


def test_only_the_wrestler_held_may_block_it() -> None:
    # wrasslin 8.2 "Any Hold may be immediately countered by the defending Wrestler playing a Block"; 12.1 only
    # those in the ring Block Holds from opponents
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Chop"], 1: [], 2: [], 3: ["Block", "Reverse"]},
               match_type="tag")
    play(st, "play Chop")
    assert st.dmg[1] == 1  # Champ on the apron was never asked


def test_long_short_count_not_in_your_own_sides_turn() -> None:
    # wrasslin 9.2 "Any player may discard the Long/Short Count card during an opponent's turn ... A Long/Short
    # Count card discarded by a player during his own turn has no effect"
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Pin"], 1: ["Chop"], 2: ["Long/Short Count"], 3: []},
               match_type="tag", damage={1: ["Chop"]})
    play(st, "play Pin")
    assert st.holds and all("Count" not in n for n in names(st))  # Adams is Harpo's partner
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Pin"], 1: ["Chop"], 2: [], 3: ["Long/Short Count"]},
               match_type="tag", damage={1: ["Chop"]})
    play(st, "play Pin")
    assert st.current_player() == 3 and "react Short Count" in names(st)


def test_a_count_call_is_countered_only_by_another() -> None:
    # wrasslin 9.2 "A Long/Short Count card can be nullified only by immediate play of another Long/Short Count
    # (Wild) card": Champ's Short Count, answered by Kneeshurt's call, leaves the Pin count at three
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Pin"], 1: ["Wild Card"], 2: [], 3: ["Long/Short Count"]},
               match_type="tag", damage={1: ["Chop"]})
    play(st, "play Pin")
    assert st.current_player() == 1 and "react Wild Card as Short Count" in names(st)
    play(st, "pass")
    assert st.current_player() == 3
    play(st, "react Short Count")
    assert st.current_player() == 1
    play(st, "react Wild Card as Long Count")
    unanswered(st)
    assert st.holds and st.holds[0][6] == 3  # the Short Count was nullified


def test_the_champ_recovers_under_a_pin_but_not_under_a_continuing_hold() -> None:
    # wrasslin 11.41 "By playing his Specialty he is also the only Wrestler who can remove damage while pinned";
    # 10.12 under a Continuous Hold no Recovery
    st = stage([HARPO, CHAMP], {0: ["Bear Hug"], 1: ["Specialty", "Chop"]}, damage={1: ["Chop"]})
    play(st, "play Bear Hug")
    unanswered(st)
    assert st.turn == 1 and st.holds and not any(n.startswith("play Specialty") for n in names(st))


def test_a_power_surge_goes_in_addition_only_to_another_card() -> None:
    # wrasslin 8.4 "A Power Surge may be played (or discarded) in addition to any other card"
    st = stage([HARPO, KNEESHURT], {0: ["Power Surge"], 1: []})
    assert "discard Power Surge in addition" not in names(st)
    st = stage([HARPO, KNEESHURT], {0: ["Power Surge", "Chop"], 1: []})
    assert "discard Power Surge in addition" in names(st)


def test_out_of_ring_exit_only_from_inside_the_ring_and_never_in_a_battle_royal() -> None:
    # wrasslin 11.3 "a mobile Wrestler may play the card on himself to voluntarily leave the ring"; 13.3 in a
    # Battle Royal Out-of-Ring cards are used only to throw an opponent from the ring
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring", "Out of Ring", "Chop"], 1: ["Chop"]})
    play(st, "exit ring with Out of Ring", "discard Chop")
    assert st.turn == 0 and st.pos[0] == FLOOR
    assert "exit ring with Out of Ring" not in names(st) and "re-enter ring" in names(st)
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP, UMPIRE], {0: ["Out of Ring"]}, match_type="battle_royal", players=5)
    assert "exit ring with Out of Ring" not in names(st) and "play Out of Ring" in names(st)


def _illegal_man_and_a_count_call(call: str) -> WrasslinState:
    """Adams Double Teams and stays in the ring (12.41); in Harpo's next turn Kneeshurt calls ``call``."""
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Arm Bar", "Knee Lift"], 1: ["Long/Short Count", "Headlock"],
                                                  2: ["Double Team", "Chop"], 3: ["Elbow Smash"]},
               match_type="tag", turn=2)
    play(st, "play Double Team", "play Chop", "target seat 1", "stay in ring", "discard Elbow Smash")
    assert st.illegal_in[2] == 1 and st.turn == 0
    play(st, "discard Arm Bar")
    assert st.current_player() == 1 and f"react {call}" in names(st)  # a count is running (9.2)
    play(st, f"react {call}")
    return st


def test_long_count_restarts_the_illegal_mans_count() -> None:
    # wrasslin 9.2 "A Long Count causes the Count ... (or to five for a disqualification) to begin anew";
    # 12.41 the illegal man's Disqualification count
    st = _illegal_man_and_a_count_call("Long Count")
    assert st.illegal_in[2] == 0 and not st.is_terminal()


def test_short_count_disqualifies_the_illegal_man_after_four() -> None:
    # wrasslin 9.2 "A Short Count results in a fall being recorded after two counts (or a disqualification after
    # four)"; 12.41 "a Disqualification count of five ... will then disqualify his team"
    st = _illegal_man_and_a_count_call("Short Count")
    while not st.is_terminal() and st.illegal_in[2] < 4:
        legal = names(st)
        play(st, next((n for n in legal if n.startswith("discard") or n == "pass"), legal[0]))
    assert st.is_terminal() and st.end_reason.startswith("disqualified (illegal man")


# -- match set-up (5.1, 12.5, 13.1, 14.x): the options' limits ---------------------------------------------
@pytest.mark.parametrize("params", [
    {"match_type": "singles", "players": 3},
    {"match_type": "tag", "players": 3},
    {"match_type": "battle_royal", "players": 4},
    {"match_type": "battle_royal", "players": 9},
    {"match_type": "tournament", "players": 1},
    {"match_type": "tournament", "tournament_size": 0},
    {"match_type": "tournament", "tournament_size": 13},
    {"match_type": "tournament", "players": 3, "tournament_size": 9},
    {"pass_limit": 0},
    {"pass_limit": "x"},
    {"errors_rule": "yes"},
    {"tag_cards_in_singles": "keep"},
    {"tournament_wrestlers": "draft"},
    {"tournament_wrestlers": "pick", "match_type": "tournament"},
    {"roster": 3},
    {"wrestlers": HARPO},
    {"wrestlers": [HARPO, HARPO]},
    {"wrestlers": [HARPO, KNEESHURT, ADAMS]},
])
def test_match_options_out_of_range_are_refused(params: dict[str, object]) -> None:
    # wrasslin 5.1, 12.1 (four), 12.5 (three), 13.1 (five or more), 14.1 (the 24 Wrestlers divided equally)
    with pytest.raises(ParamError, match="wrasslin: "):
        WrasslinGame(**params)


def test_match_options_at_their_limits() -> None:
    # wrasslin 13.1 five to eight; 14.1 / 14.6 Wrestlers divided equally; 5.8 two passes (14.5 no time limit)
    assert WrasslinGame(match_type="battle_royal", players=8).num_players() == 8
    assert WrasslinGame(match_type="tournament", tournament_size=12).tournament_size == 12
    assert WrasslinGame(match_type="tournament", tournament_size=1).tournament_size == 1
    assert WrasslinGame(match_type="tournament", players=3, tournament_size=8).tournament_size == 8
    assert WrasslinGame(match_type="tournament", players=3).tournament_size == 8  # 24 // 3
    assert WrasslinGame(pass_limit=1).pass_limit == 1 and WrasslinGame(pass_limit="3").pass_limit == 3
    assert WrasslinGame().pass_limit == 2 and WrasslinGame(match_type="tournament").pass_limit == 20
    assert not WrasslinGame(match_type="tournament").royal  # two players: a normal bout
    assert WrasslinGame(match_type="tournament", players=3).royal  # 14.6 Battle Royal format
    game = WrasslinGame(match_type="tournament", players=3, tournament_size=2)
    assert [len(s) for s in game.stacks] == [2, 2, 2] and len(set(sum(game.stacks, ()))) == 6


def test_a_wild_card_cannot_become_a_card_the_match_removed() -> None:
    # wrasslin 11.2 with 13.2: no Long/Short Count, Specialty-free intro game, no self-exit in a Battle Royal
    game = WrasslinGame(match_type="battle_royal")
    assert {game.a_long_wild.id, game.a_short_wild.id} <= game.void_wild
    assert game.a_react_wild[game.index["Referee"]].id in game.void_wild
    assert game.a_exit_wild.id not in game.void_wild  # Out of Ring stays: a BR Hold (13.3)
    assert game.a_wild[game.index["Chop"]].id not in game.void_wild
    intro = WrasslinGame(introductory=True)
    assert {a.id for a in intro.a_spec_wild} <= intro.void_wild and intro.a_exit_wild.id in intro.void_wild
    assert intro.a_long_wild.id not in intro.void_wild
    singles = WrasslinGame()
    assert not {a.id for a in singles.a_spec_wild} & singles.void_wild
    assert singles.a_exit_wild.id not in singles.void_wild


def test_battle_royal_finishing_order_is_the_reverse_of_elimination() -> None:
    # wrasslin 13.1 / 13.4: the last one standing wins; the others finish in the reverse order they went out
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP, UMPIRE], {0: ["Chop"]}, match_type="battle_royal", players=5)
    for s in (3, 1, 4, 2):
        eliminate(st, s, "test")
    result = st.match_result()
    assert result is not None and result.method == Method.ELIMINATION
    assert result.finishing_order == (HARPO, ADAMS, UMPIRE, KNEESHURT, CHAMP)
    singles = stage([HARPO, KNEESHURT], {0: ["Head Stomp"], 1: []},
                    damage={1: [*SIX, "Drop Kick", "Drop Kick", "Chop"]})
    play(singles, "play Head Stomp")
    done = singles.match_result()
    assert done is not None and done.method == Method.SUBMISSION and done.finishing_order == ()


def test_battle_royal_turns_go_round_past_eliminated_wrestlers() -> None:
    # wrasslin 13.1 "Play is sequential and rotates clockwise around the table"; 13.4 the eliminated are out
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP, UMPIRE], {0: ["Chop"], 3: ["Knee Lift"], 4: ["Elbow Smash"]},
               match_type="battle_royal", players=5)
    eliminate(st, 1, "test")
    eliminate(st, 2, "test")
    play(st, "discard Chop")
    assert st.turn == 3
    play(st, "discard Knee Lift")
    assert st.turn == 4
    play(st, "discard Elbow Smash")
    assert st.turn == 0


def test_a_fresh_wrestler_plays_next_and_the_winner_keeps_his_damage() -> None:
    # wrasslin 14.4 "he is immediately replaced by a fresh Wrestler ... The fresh Wrestler then plays, using a
    # hand composed of the next seven cards in the deck. The winning Wrestler retains his current hand and damage"
    st = WrasslinGame(match_type="tournament", tournament_size=3, errors_rule=False).new_initial_state()
    settle(st)
    while st.phase != "main":
        play(st, legal_names(st)[0])
    loser = st.turn
    winner = 1 - loser
    st.dmg[winner] = 2  # as if hurt in the bout
    hand = list(st.hand[winner])
    play(st, "concede")
    assert st.turn == loser and st.phase == "main"  # the fresh Wrestler plays first
    assert st.dmg[loser] == 0 and sum(st.hand[loser]) == 7 and len(st.stacks[loser]) == 1
    assert st.dmg[winner] == 2 and st.hand[winner] == hand


def test_draws_come_from_the_draw_pile_by_its_counts() -> None:
    # wrasslin 5.2 "The remaining cards are placed face down ... to form a Draw pile": each draw is a card of the
    # pile, as likely as its count; 14.4 a fresh Wrestler comes from the top of a shuffled stack
    st = WrasslinGame().new_initial_state()
    outcomes = st.chance_outcomes()
    assert len(outcomes) == sum(1 for c in st.deck if c)
    chop = st.g.index["Chop"]
    assert dict((a.name, p) for a, p in outcomes)["draw Chop"] == st.deck[chop] / st.deck_n
    assert abs(sum(p for _a, p in outcomes) - 1.0) < 1e-9
    st.deck = [0] * len(st.deck)
    st.deck[chop], st.deck[st.g.index["Block"]] = 1, 3
    st.deck_n = 4
    seen = [st.sample_chance(random.Random(seed)).name for seed in range(200)]
    assert set(seen) == {"draw Chop", "draw Block"} and 20 < seen.count("draw Chop") < 80
    assert sorted((p, a.name) for a, p in st.chance_outcomes()) == [(0.25, "draw Chop"), (0.75, "draw Block")]
    tour = WrasslinGame(match_type="tournament", tournament_size=4).new_initial_state()
    arrivals = tour.chance_outcomes()
    assert len(arrivals) == 4 and all(p == 0.25 for _a, p in arrivals)
    assert tour.sample_chance(random.Random(1)) in [a for a, _p in arrivals]


def test_interference_block_breaks_a_continuing_hold_when_it_is_reapplied() -> None:
    # wrasslin 10.1 "Interference from the defending Wrestler's manager or mobile Tag Team partner (not negated
    # by the Referee) breaks the Hold"
    st = stage([HARPO, UMPIRE], {0: ["Bear Hug", "Chop"], 1: ["Chop", "Interference/Block"]})
    play(st, "play Bear Hug")
    unanswered(st)
    play(st, "discard Chop")
    assert st.turn == 0 and st.base_kind == "reapply" and "react Interference/Block" in names(st)
    play(st, "react Interference/Block")
    unanswered(st)
    assert not st.holds and st.dmg[1] == 1 and st.phase == "main"


def test_block_breaks_a_pin_in_the_pinners_next_turn() -> None:
    # wrasslin 10.2 A "The defending player plays a Block during a subsequent turn of the Pinner"
    st = stage([HARPO, KNEESHURT], {0: ["Pin", "Chop"], 1: ["Chop", "Block"]}, damage={1: ["Chop"]})
    play(st, "play Pin", "pass", "discard Chop")
    assert st.turn == 0 and st.holds[0][5] == 1 and "react Block" in names(st)
    play(st, "react Block")
    assert not st.holds and st.phase == "main"


def test_reversed_exit_drags_him_back_into_the_ring() -> None:
    # wrasslin 11.3 "the play may be blocked or reversed, resulting in ... the voluntarily exiting Wrestler being
    # dragged back into the ring"
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring"], 1: ["Reverse"]})
    play(st, "exit ring with Out of Ring", "react Reverse")
    assert st.pos == [RING, RING] and st.dmg == [0, 0] and st.entries[0] == [] and st.turn == 1


CHAMP_DOWN = [*SIX, "Drop Kick", "Drop Kick", "Chop"]  # 11 damage: The Champ is immobile


def test_a_tag_needs_a_mobile_partner_on_the_apron() -> None:
    # wrasslin 12.3 "A Tag ... allows the mobile Wrestler in the ring to leave and be replaced by his mobile
    # partner"
    st = stage([KNEESHURT, HARPO, CHAMP, ADAMS], {0: ["Tag", "Chop"], 1: [], 2: [], 3: []}, match_type="tag",
               damage={2: CHAMP_DOWN})
    assert not is_mobile(st, 2) and "play Tag" not in names(st)
    with pytest.raises(IllegalActionError, match=r"partner on the apron is not mobile \(12\.3\)"):
        st.apply_action("play Tag")
    st = stage([KNEESHURT, HARPO, CHAMP, ADAMS], {0: ["Tag", "Chop"], 1: [], 2: [], 3: []}, match_type="tag")
    assert "play Tag" in names(st)


def test_an_immobile_partner_does_not_entitle_to_outside_influence() -> None:
    # wrasslin 3.5 "Those with a manager (or a mobile Tag Team partner) may play any of the green Outside
    # Influence (Interference or Distraction) cards"
    for damage, offered in (({}, True), ({3: CHAMP_DOWN}, False)):
        st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Chop"], 1: ["Interference/Block"], 2: [], 3: []},
                   match_type="tag", damage=damage)
        play(st, "play Chop")
        assert ("react Interference/Block" in names(st)) is offered


def test_continuing_hold_kept_by_a_new_surge_or_broken_without_one() -> None:
    # wrasslin 8.41 "he must play a new Power Surge every turn that the Continuous-Hold/Pin is in effect if his
    # normal Strength is not sufficient to allow continued application of the Hold"; 10.1 "because his own
    # Power Surge is exhausted and not replaced"
    st = stage([KNEESHURT, ADAMS], {0: ["Power Surge", "Bear Hug", "Power Surge"], 1: ["Chop"]},
               damage={0: ["Chop"]})
    play(st, "play Power Surge", "play Bear Hug", "discard Chop")
    assert st.phase == "upkeep" and strength(st, 0) == 3
    play(st, "play Power Surge")
    unanswered(st)
    assert st.holds and strength(st, 0) == 5 and st.phase == "accumulate"
    # with no Power Surge (nor Wild Card) left to draw, the Hold lapses at the start of his turn
    surges = ["Power Surge"] * 8 + ["Wild Card"] * 2
    st = stage([KNEESHURT, ADAMS], {0: ["Power Surge", "Bear Hug"], 1: ["Chop", *surges]}, damage={0: ["Chop"]})
    play(st, "play Power Surge", "play Bear Hug")
    unanswered(st)
    play(st, "discard Chop")
    assert st.turn == 0 and not st.holds and st.phase == "main" and st.dmg[1] == 1


def test_a_wild_card_keeps_a_continuing_hold_as_a_power_surge() -> None:
    # wrasslin 8.41 with 11.2 "A Wrestler may use a Wild Card as any other card he wishes"
    surges = ["Power Surge"] * 8
    st = stage([KNEESHURT, ADAMS], {0: ["Power Surge", "Bear Hug", "Wild Card"], 1: ["Chop", *surges]},
               damage={0: ["Chop"]})
    play(st, "play Power Surge", "play Bear Hug")
    unanswered(st)
    play(st, "discard Chop")
    assert st.phase == "upkeep" and names(st) == ["play Wild Card as Power Surge", "release hold"]
    play(st, "play Wild Card as Power Surge")
    unanswered(st)
    assert st.holds and strength(st, 0) == 5 and st.hand[0][st.C_WILD] == 0 and st.discard[st.C_WILD] == 1


def test_face_down_card_shown_as_a_power_surge() -> None:
    # wrasslin 10.11 "The face-down card may be temporarily shown to be ... a Power Surge also serving to increase
    # the Wrestler's Strength enough to enable him to continue the Hold"
    st = stage([HARPO, KNEESHURT], {0: ["Bear Hug", "Power Surge"], 1: ["Chop", "Knee Lift"]})
    play(st, "play Bear Hug")
    unanswered(st)
    play(st, "discard Chop")
    unanswered(st)
    assert st.phase == "accumulate" and st.surge[0] == 0
    play(st, "accumulate Power Surge")
    assert st.surge[0] == 2 and strength(st, 0) == 7 and st.dmg[1] == 2
    assert st.observation(1)["wrestlers"][1]["cards_in_play"][1]["card"] == "Power Surge"  # it was shown
    assert "play Power Surge" not in names(st)  # it was his Power Surge of the turn (8.4)


def test_the_champs_recovery_breaks_the_pin_only_when_all_damage_is_gone() -> None:
    # wrasslin 11.41 "If doing so removes all of his damage, it automatically breaks any Pin on him"
    st = stage([HARPO, CHAMP], {0: ["Pin"], 1: ["Specialty", "Chop"]},
               damage={1: ["Chop", "Knee Lift", "Arm Bar", "Elbow Smash"]})
    play(st, "play Pin", "play Specialty 1")
    assert st.dmg[1] == 1 and is_pinned(st, 1)  # three of the four Damage cards: the Pin holds


def test_an_elimination_tournament_uses_all_24_wrestlers() -> None:
    # wrasslin 14.1 "In the Elimination Tournament, all 24 Wrestlers are used ... divided equally"
    game = WrasslinGame(match_type="tournament")
    assert sorted(sum(game.stacks, ())) == list(range(24))
    assert [game.wrestlers[w].name for w in WrasslinGame().starting] == [CHAMP, HARPO]  # the default singles pair


def test_long_count_restarts_a_running_pin_count() -> None:
    # wrasslin 9.2 "A Long Count causes the Count to three for a Pin ... to begin anew on the next turn"
    st = stage([HARPO, KNEESHURT], {0: ["Pin", "Chop", "Knee Lift"], 1: ["Chop", "Long/Short Count"]},
               damage={1: ["Chop"]})
    play(st, "play Pin", "pass", "discard Chop")
    assert st.turn == 0 and st.holds[0][5] == 1
    unanswered(st)
    play(st, "discard Knee Lift")
    assert st.current_player() == 1 and "react Long Count" in names(st)
    play(st, "react Long Count")
    assert st.holds and st.holds[0][5] == 0
