"""One test (at least) per numbered section of the WRASSLIN' rules, each citing its section."""

from __future__ import annotations

import random
from typing import Any

import pytest

from support.positions import deal, edited
from turnbuckle.engine.errors import IllegalActionError
from turnbuckle.engine.game import CHANCE
from turnbuckle.games.wrasslin.core import abilities, is_mobile, strength, wrestler_of
from turnbuckle.games.wrasslin.flow import start_turn
from turnbuckle.games.wrasslin.matchtypes import APRON, FLOOR, OUT, RING
from turnbuckle.games.wrasslin.results import eliminate
from turnbuckle.games.wrasslin.ring import to_floor
from turnbuckle.games.wrasslin.rules import WrasslinGame
from turnbuckle.games.wrasslin.scenario import (
    ADAMS,
    CHAMP,
    HARPO,
    KNEESHURT,
    UMPIRE,
    WARBUCKS,
    legal_names,
    play,
    settle,
    stage,
)
from turnbuckle.games.wrasslin.state import WrasslinState

SUNNY = '"Sunny" Dale Rivers'
TOMMY = "Tommy Two-Steps"
AXEL = 'Axel "The Lumberjack" Pine'
DAN = "Dirty Dan Crowbar"
PROF = "Professor Mat"
BARON = "Baron von Brawl"
COMET = "Kid Comet"
HANK = "Hank Steadfast"


def names(st: WrasslinState) -> list[str]:
    return legal_names(st)


def count(st: WrasslinState, where: list[int], card: str) -> int:
    return where[st.g.index[card]]


def passive(st: WrasslinState) -> str:
    """A do-nothing decision: pass, or discard, or the first legal action."""
    legal = names(st)
    for name in legal:
        if name in ("pass", "end turn") or name.startswith(("discard", "accumulate", "serve", "release")):
            return name
    return legal[0]

SIX = ["Drop Kick", "Drop Kick", "Chop", "Knee Lift"]  # 6 damage points


# -- 3. Wrestlers -------------------------------------------------------------------------------
def test_no_strength_no_hold_unless_power_surge() -> None:
    # wrasslin 3.11
    st = stage([KNEESHURT, UMPIRE], {0: ["Arm Bar", "Power Surge"], 1: []},
               damage={0: ["Drop Kick", "Drop Kick"]})
    assert "play Arm Bar" not in names(st)
    st.apply_action("play Power Surge")
    assert strength(st, 0) == 2
    assert "play Arm Bar" in names(st)


def test_reaction_needs_some_ability_or_a_surge() -> None:
    # wrasslin 3.12
    st = stage([UMPIRE, KNEESHURT], {0: ["Chop"], 1: ["Block"]}, damage={1: SIX})
    play(st, "play Chop")
    assert st.dmg[1] == 7  # immobile Kneeshurt could not Block
    st = stage([UMPIRE, KNEESHURT], {0: ["Chop"], 1: ["Block", "Power Surge"]}, damage={1: SIX})
    play(st, "play Chop")
    assert names(st) == ["react Power Surge", "pass"]
    st.apply_action("react Power Surge")
    assert "react Block" in names(st)
    st.apply_action("react Block")
    assert st.dmg[1] == 6


def test_mobility_and_immobile_line() -> None:
    # wrasslin 3.13
    st = stage([KNEESHURT, UMPIRE], {0: ["Out of Ring", "Power Surge"], 1: []}, damage={0: SIX})
    assert not is_mobile(st, 0)
    assert "exit ring with Out of Ring" not in names(st)
    st.apply_action("play Power Surge")
    assert is_mobile(st, 0)
    assert "exit ring with Out of Ring" in names(st)


def test_immobile_line_is_where_the_last_ability_goes() -> None:
    # wrasslin 3.13 "Once the Damage reaches the thick IMMOBILE line, he is considered immobile"
    for w in WrasslinGame().wrestlers:
        before, at = w.abilities(w.immobile_at - 1), w.abilities(w.immobile_at)
        assert max(before[:3]) >= 1, w.name  # one box above the line: still some Strength, Agility or Skill
        assert max(at[:3]) == 0, w.name


def test_power_surge_limited_by_remaining_rating() -> None:
    # wrasslin 3.14
    st = stage([KNEESHURT, UMPIRE], {0: ["Power Surge"], 1: []}, damage={0: [*SIX, "Chop"]})
    st.apply_action("play Power Surge")
    assert st.surge[0] == 1  # one Power Surge box left at 7 damage
    st = stage([KNEESHURT, UMPIRE], {0: ["Power Surge"], 1: []}, damage={0: [*SIX, "Drop Kick"]})
    assert "play Power Surge" not in names(st)
    st = stage([KNEESHURT, UMPIRE], {0: ["Power Surge"], 1: []})
    st.apply_action("play Power Surge")
    assert strength(st, 0) == 6  # beyond his starting 4


def test_recovery_limited_and_submission() -> None:
    # wrasslin 3.15
    st = stage([KNEESHURT, UMPIRE], {0: ["Recovery 2"], 1: []},
               damage={0: [*SIX, "Drop Kick", "Drop Kick", "Chop", "Knee Lift"]})
    assert st.dmg[0] == 12 and abilities(st, 0)[4] == 1
    play(st, "play Recovery 2")
    assert st.dmg[0] == 10  # only one Damage card (the oldest Drop Kick) came off
    st = stage([UMPIRE, KNEESHURT], {0: ["Head Stomp"], 1: []}, damage={1: [*SIX, "Drop Kick", "Drop Kick", "Chop"]})
    play(st, "play Head Stomp")
    assert st.is_terminal() and st.returns() == [1.0, -1.0]


def test_reversed_w_hold_does_the_attackers_own_weight() -> None:
    # wrasslin 8.3 "inflicts the Hold on the Wrestler who initially attempted it"; 4.2 W = the Weight of
    # the Wrestler it is inflicted on
    st = stage([HARPO, UMPIRE], {0: ["Bodyslam"], 1: ["Reverse"]})
    play(st, "play Bodyslam", "react Reverse")
    assert st.dmg[1] == 0 and st.dmg[0] == wrestler_of(st, 0).weight == 4  # Harpo's Weight, not Mr. Umpire's 5


def test_weight_never_reduced() -> None:
    # wrasslin 3.2
    st = stage([UMPIRE, KNEESHURT], {0: ["Bodyslam"], 1: []}, damage={1: ["Drop Kick", "Drop Kick", "Chop"]})
    assert wrestler_of(st, 1).weight == 3
    play(st, "play Bodyslam")
    assert st.dmg[1] == 5 + 3


def test_specialty_needs_its_abilities() -> None:
    # wrasslin 3.3
    st = stage([KNEESHURT, UMPIRE], {0: ["Specialty"], 1: []})
    assert "play Specialty 3" not in names(st)  # Iron Block needs Strength > opponent's (4 vs 4)
    st = stage([KNEESHURT, UMPIRE], {0: ["Specialty"], 1: []}, damage={1: ["Chop"]})
    play(st, "play Specialty 3")
    assert st.dmg[1] == 1 + 2


def test_good_and_dirty() -> None:
    # wrasslin 3.4
    game = WrasslinGame()
    assert sum(w.dirty for w in game.wrestlers) == 12 and len(game.wrestlers) == 24
    st = stage([KNEESHURT, UMPIRE], {0: ["Hair Pull"], 1: []})
    with pytest.raises(IllegalActionError, match=r"blue Illegal Holds \(7.1\)"):
        st.apply_action("play Hair Pull")
    st = stage([UMPIRE, KNEESHURT], {0: ["Hair Pull"], 1: []})
    assert "play Hair Pull" in names(st)


def test_manager_entitles_outside_influence() -> None:
    # wrasslin 3.5
    st = stage([UMPIRE, KNEESHURT], {0: ["Chop"], 1: ["Interference/Block"]})
    play(st, "play Chop")
    assert st.dmg[1] == 1  # no manager: no Interference
    st = stage([KNEESHURT, UMPIRE], {0: ["Chop"], 1: ["Interference/Block"]})
    play(st, "play Chop")
    assert names(st) == ["react Interference/Block", "pass"]


# -- 4. Action cards --------------------------------------------------------------------------------
def test_initiative_lowest_number_plays_first_and_must_use_it() -> None:
    # wrasslin 4.1 / 5.3 (a Power Surge may go with the called card, 8.4)
    game = WrasslinGame(errors_rule=False)
    st = game.new_initial_state()
    settle(st, random.Random(3))
    assert st.phase == "initiative"
    lowest = []
    for _ in range(2):
        p = st.current_player()
        calls = st.legal_actions()
        choice = calls[0]
        lowest.append((int(choice.name.split()[1]), p))
        st.apply_action(choice)
    number, first = min(lowest)
    assert st.turn == first
    card = next(c for c in game.cards if c.initiative == number)
    assert all(card.name in a.name or "Wild Card" in a.name or "Specialty" in a.name or "Power Surge" in a.name
               for a in st.legal_actions())


def test_damage_numbers_w_and_per_turn() -> None:
    # wrasslin 4.2
    st = stage([HARPO, KNEESHURT], {0: ["Bodyslam"], 1: []})
    play(st, "play Bodyslam")
    assert st.dmg[1] == 3  # W = Kneeshurt's Weight
    st = stage([HARPO, KNEESHURT], {0: ["Bear Hug"], 1: []})
    play(st, "play Bear Hug")
    assert st.dmg[1] == 1 and st.holds and st.holds[0][:2] == [0, 1]


def test_strength_requirements_against_weight_and_strength() -> None:
    # wrasslin 4.3
    st = stage([KNEESHURT, UMPIRE], {0: ["Bodyslam", "Takedown", "Elbow - Top Rope"], 1: []})
    legal = names(st)
    assert "play Bodyslam" not in legal  # 4 < Umpire's Weight 5
    assert "play Takedown" not in legal  # 4 is not > 4
    assert "play Elbow - Top Rope" not in legal  # Agility 3 needed
    st = stage([ADAMS, KNEESHURT], {0: ["Bodyslam", "Elbow - Top Rope"], 1: []})
    assert {"play Bodyslam", "play Elbow - Top Rope"} <= set(names(st))  # Strength 4 >= own Weight 3


def test_strength_requirement_boundaries() -> None:
    # wrasslin 4.3 a number, ">= W" and ">= own W" are met at equality; "> S" is not
    st = stage([HANK, KNEESHURT], {0: ["Specialty"], 1: []}, damage={0: ["Chop"]})
    assert strength(st, 0) == 3 and "play Specialty 1" in names(st)  # Haymaker: Strength 3
    st = stage([HANK, KNEESHURT], {0: ["Specialty"], 1: []}, damage={0: ["Chop", "Chop"]})
    assert strength(st, 0) == 2 and "play Specialty 1" not in names(st)
    st = stage([KNEESHURT, HARPO], {0: ["Bodyslam"], 1: []})
    assert "play Bodyslam" in names(st)  # Strength 4 >= Harpo's Weight 4
    st = stage([ADAMS, UMPIRE], {0: ["Elbow - Top Rope"], 1: []})
    assert "play Elbow - Top Rope" in names(st)  # his own Weight 3, not Umpire's 5
    st = stage([ADAMS, KNEESHURT], {0: ["Elbow - Top Rope"], 1: []}, damage={0: ["Chop", "Chop"]})
    assert strength(st, 0) == 2 and "play Elbow - Top Rope" not in names(st)  # 2 < own Weight 3
    st = stage([HARPO, CHAMP], {0: ["Takedown"], 1: []})
    assert "play Takedown" not in names(st)  # 5 is not > 5
    st = stage([HARPO, CHAMP], {0: ["Takedown"], 1: []}, damage={1: ["Chop"]})
    assert "play Takedown" in names(st)  # 5 > 4


def test_card_list_counts_and_special_rules() -> None:
    # wrasslin 4.4 (and the card list): 180 cards, Pins win on a three count, counts per card
    game = WrasslinGame()
    assert sum(c.number for c in game.cards) == 180
    by = {c.name: c for c in game.cards}
    assert by["Block"].number == 14 and by["Recovery 1"].number == 14 and by["Pin"].number == 6
    assert by["Pin"].hold is not None and by["Pin"].hold.pin and not by["Pin"].hold.reversible
    assert by["Double Team"].req.any_of == 1 and by["Tag"].req.any_of == 1
    assert len({c.initiative for c in game.cards}) == len(game.cards)


def test_battle_royal_marks() -> None:
    # wrasslin 4.5
    game = WrasslinGame()
    marked = {c.name for c in game.cards if c.hold is not None and c.hold.battle_royal}
    assert marked == {"Backbreaker", "Bodyslam", "Out of Ring", "Piledriver", "Reverse Atomic Drop", "Suplex"}


# -- 5. Sequence of play ------------------------------------------------------------------------
def test_tag_cards_removed_or_redrawn_outside_tag_matches() -> None:
    # wrasslin 5.1
    g = WrasslinGame()
    assert g.deck0[g.index["Tag"]] == 0 and g.aside0[g.index["Double Team"]] == 5
    assert WrasslinGame(match_type="tag").deck0[g.index["Tag"]] == 14
    st = WrasslinGame(tag_cards_in_singles="redraw").new_initial_state()
    st.apply_action("draw Tag")
    assert st.aside[g.index["Tag"]] == 1 and sum(st.hand[0]) == 0 and st.draws[0] == 0


def test_deal_seven_secret_cards() -> None:
    # wrasslin 5.2
    st = WrasslinGame().new_initial_state()
    settle(st, random.Random(1))
    assert [sum(h) for h in st.hand] == [7, 7] and st.deck_n == 161 - 14
    obs = st.observation(0)
    assert sum(obs["hand"].values()) == 7 and obs["hand_sizes"] == [7, 7]
    assert "hand" not in obs["wrestlers"][1]


def test_initiative_tie_goes_to_the_first_caller() -> None:
    # wrasslin 5.3
    def both_call_chop(body: dict[str, Any]) -> None:
        body.update(phase="initiative", draws=[], callers=[0, 1], first_bout=False)
        deal(body, 0, "Chop")
        deal(body, 1, "Chop")

    st = edited(WrasslinGame().new_initial_state(), both_call_chop)
    chop = st.g.cards[st.g.index["Chop"]].initiative
    st.apply_action(f"call {chop} (Chop)")
    st.apply_action(f"call {chop} (Chop)")
    assert st.turn == 0


def test_turn_is_play_then_refill() -> None:
    # wrasslin 5.4
    st = stage([HARPO, KNEESHURT], {0: ["Chop", "Knee Lift"], 1: []})
    play(st, "play Chop")
    assert sum(st.hand[0]) == 7 and st.turn == 1


def test_no_voluntary_pass() -> None:
    # wrasslin 5.5
    st = stage([HARPO, KNEESHURT], {0: ["Chop"], 1: []})
    assert "pass" not in names(st) and "end turn" not in names(st)
    with pytest.raises(IllegalActionError):
        st.apply_action("pass")


def test_red_cards_not_during_own_turn() -> None:
    # wrasslin 5.6
    st = stage([HARPO, KNEESHURT], {0: ["Block", "Chop"], 1: []})
    assert "discard Block" in names(st)
    with pytest.raises(IllegalActionError, match=r"5\.6"):
        st.apply_action("react Block")


def test_winning_ends_the_match_with_returns() -> None:
    # wrasslin 5.7
    st = stage([HARPO, KNEESHURT], {0: ["Head Stomp"], 1: []}, damage={1: [*SIX, "Drop Kick", "Drop Kick", "Chop"]})
    play(st, "play Head Stomp")
    assert st.is_terminal() and st.returns() == [1.0, -1.0]
    assert st.events[-1].kind == "result"


def test_two_passes_through_the_deck_is_a_draw() -> None:
    # wrasslin 5.8
    def second_pass_used_up(body: dict[str, Any]) -> None:
        body["passes"] = 1
        for card, count in body.pop("draw_pile").items():
            body["discard"][card] = body["discard"].get(card, 0) + count

    st = edited(stage([HARPO, KNEESHURT], {0: ["Chop"], 1: []}), second_pass_used_up)
    # the second pass is already exhausted: the next draw ends the match
    play(st, "discard Chop")
    assert st.is_terminal() and st.returns() == [0.0, 0.0]


# -- 6. Damage ----------------------------------------------------------------------------------------
def test_damage_accumulates_strength_first() -> None:
    # wrasslin 6.1
    st = stage([HARPO, SUNNY], {0: ["Drop Kick"], 1: []}, damage={1: ["Chop", "Chop"]})
    assert abilities(st, 1)[:3] == (1, 4, 2)
    play(st, "play Drop Kick")
    assert abilities(st, 1)[:3] == (0, 3, 2)
    assert [e[2] for e in st.entries[1]] == [1, 1, 2]


def test_strength_gone_no_strength_hold() -> None:
    # wrasslin 6.11
    st = stage([KNEESHURT, UMPIRE], {0: ["Chop"], 1: []}, damage={0: ["Drop Kick", "Drop Kick"]})
    assert "play Chop" not in names(st)


def test_agility_gone_no_agility_hold() -> None:
    # wrasslin 6.12
    st = stage([KNEESHURT, UMPIRE], {0: ["Clothesline", "Chop", "Power Surge"], 1: []},
               damage={0: ["Drop Kick", "Drop Kick", "Chop"]})
    st.apply_action("play Power Surge")
    legal = names(st)
    assert "play Chop" in legal and "play Clothesline" not in legal


def test_immobile_needs_surge_to_react_or_exit() -> None:
    # wrasslin 6.13
    st = stage([KNEESHURT, UMPIRE], {0: ["Out of Ring"], 1: []}, damage={0: SIX})
    assert "exit ring with Out of Ring" not in names(st)


def test_surge_amount_varies_with_rating() -> None:
    # wrasslin 6.14
    st = stage([HARPO, UMPIRE], {0: ["Power Surge"], 1: []}, damage={0: [*SIX, "Drop Kick", "Knee Lift", "Chop"]})
    assert abilities(st, 0)[3] == 1
    st.apply_action("play Power Surge")
    assert st.surge[0] == 1


def test_stamina_boxes_follow_weight() -> None:
    # wrasslin 6.15
    for w in WrasslinGame().wrestlers:
        assert sum(1 for box in w.track() if box.startswith("STAMINA ")) == w.weight


def test_partial_recovery_rating() -> None:
    # wrasslin 6.16
    st = stage([KNEESHURT, UMPIRE], {0: ["Recovery 2"], 1: []},
               damage={0: [*SIX, "Drop Kick", "Drop Kick", "Chop", "Knee Lift"]})
    play(st, "play Recovery 2")
    assert len(st.entries[0]) == 7


def test_removal_oldest_first() -> None:
    # wrasslin 6.2
    st = stage([HARPO, UMPIRE], {0: ["Recovery 2"], 1: []}, damage={0: ["Drop Kick"]})
    play(st, "play Recovery 2")
    assert st.dmg[0] == 0 and not st.entries[0]


# -- 7. Illegal holds --------------------------------------------------------------------------------
def test_only_dirty_play_blue() -> None:
    # wrasslin 7.1
    st = stage([CHAMP, HARPO], {0: ["Choke", "Closed Fist"], 1: []})
    assert not any(n.startswith("play") for n in names(st))


def test_interference_by_good_tag_partner() -> None:
    # wrasslin 7.2
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Chop"], 1: [], 2: [], 3: ["Interference/Block"]},
               match_type="tag")
    play(st, "play Chop")
    assert st.current_player() == 3 and "react Interference/Block" in names(st)


def test_double_team_by_good_wrestler() -> None:
    # wrasslin 7.3
    st = stage([HARPO, KNEESHURT, CHAMP, ADAMS], {0: [], 1: [], 2: ["Double Team", "Chop"], 3: []},
               match_type="tag", turn=2)
    assert "play Double Team" in names(st)


def test_illegal_hold_can_be_blocked_normally() -> None:
    # wrasslin 7.4
    st = stage([UMPIRE, KNEESHURT], {0: ["Choke"], 1: ["Block"]})
    play(st, "play Choke", "react Block")
    assert st.dmg[1] == 0


# -- 8. Reactions ----------------------------------------------------------------------------------
def test_red_only_defensively() -> None:
    # wrasslin 8.1
    st = stage([HARPO, KNEESHURT], {0: ["Block", "Reverse"], 1: []})
    assert not any(n.startswith("play") for n in names(st))


def test_block_discards_both() -> None:
    # wrasslin 8.2
    st = stage([HARPO, KNEESHURT], {0: ["Chop"], 1: ["Block"]})
    play(st, "play Chop", "react Block")
    assert count(st, st.discard, "Chop") == 1 and count(st, st.discard, "Block") == 1 and st.dmg == [0, 0]


def test_reverse_turns_the_hold() -> None:
    # wrasslin 8.3
    st = stage([HARPO, KNEESHURT], {0: ["Drop Kick"], 1: ["Reverse"]})
    play(st, "play Drop Kick", "react Reverse")
    assert st.dmg == [2, 0]
    assert st.g.cards[st.entries[0][0][0]].name == "Drop Kick"


def test_good_reverses_illegal_hold_without_referee() -> None:
    # wrasslin 8.31
    st = stage([UMPIRE, KNEESHURT], {0: ["Choke", "Referee"], 1: ["Reverse"]})
    play(st, "play Choke", "react Reverse")
    assert st.dmg == [1, 0] and st.penalty == [0, 0]
    st = stage([HARPO, KNEESHURT], {0: ["Flying Head Scissors"], 1: ["Reverse"]})
    play(st, "play Flying Head Scissors", "react Reverse")  # he could not apply it himself
    assert st.dmg[0] == 2


def test_no_counter_to_red() -> None:
    # wrasslin 8.32
    st = stage([HARPO, KNEESHURT], {0: ["Chop", "Block", "Reverse"], 1: ["Reverse"]})
    play(st, "play Chop", "react Reverse")
    assert st.phase != "respond" and st.dmg[0] == 1


def test_no_reverse_of_pin_continuous_or_specialty() -> None:
    # wrasslin 8.33
    for hold, hand, dmg in (("play Pin", ["Pin"], ["Chop"]), ("play Bear Hug", ["Bear Hug"], []),
                            ("play Specialty 1", ["Specialty"], [])):
        st = stage([HARPO, KNEESHURT], {0: hand, 1: ["Reverse", "Block"]}, damage={1: dmg})
        play(st, hold)
        assert names(st) == ["react Block", "pass"], hold


def test_one_power_surge_per_turn_until_next_turn() -> None:
    # wrasslin 8.4
    st = stage([HARPO, KNEESHURT], {0: ["Power Surge", "Power Surge", "Chop"], 1: []})
    st.apply_action("play Power Surge")
    assert "play Power Surge" not in names(st)
    play(st, "play Chop")
    assert st.turn == 1 and st.surge[0] == 2  # lasts through the opponent's turn


def test_continuous_hold_needs_a_new_surge_each_turn() -> None:
    # wrasslin 8.41
    st = stage([KNEESHURT, ADAMS], {0: ["Power Surge", "Bear Hug", "Power Surge"], 1: ["Chop"]},
               damage={0: ["Chop"]})
    st.apply_action("play Power Surge")
    play(st, "play Bear Hug")
    assert st.holds
    play(st, "discard Chop")
    assert st.turn == 0 and names(st) == ["play Power Surge", "release hold"]
    st.apply_action("release hold")
    assert not st.holds


def test_reactive_surge_reverses_a_gray_hold() -> None:
    # wrasslin 8.42
    st = stage([HARPO, KNEESHURT], {0: ["Takedown"], 1: ["Power Surge"]})
    play(st, "play Takedown", "react Power Surge")
    assert st.dmg == [1, 0]


# -- 9. Outside influences -----------------------------------------------------------------------
def test_green_even_when_immobile() -> None:
    # wrasslin 9.1
    st = stage([HARPO, UMPIRE], {0: ["Chop"], 1: ["Interference/Block", "Block"]},
               damage={1: [*SIX, "Drop Kick"]})
    assert not is_mobile(st, 1)
    play(st, "play Chop")
    assert names(st) == ["react Interference/Block", "pass"]


def test_long_and_short_count() -> None:
    # wrasslin 9.2
    st = stage([HARPO, KNEESHURT], {0: ["Pin", "Chop"], 1: ["Long/Short Count"]}, damage={1: ["Chop"]})
    play(st, "play Pin")
    assert names(st) == ["react Long Count", "react Short Count", "pass"]
    st.apply_action("react Long Count")
    assert st.holds[0][5] == 0
    st = stage([HARPO, KNEESHURT], {0: ["Pin", "Long/Short Count"], 1: ["Chop"]}, damage={1: ["Chop"]})
    play(st, "play Pin")  # Kneeshurt's turn: Harpo calls a Short Count
    assert st.turn == 1
    play(st, "discard Chop")
    assert st.current_player() == 0 and "react Short Count" in names(st)
    play(st, "react Short Count")
    assert st.holds[0][6] == 2


def test_interference_only_negated_by_referee() -> None:
    # wrasslin 9.3
    st = stage([KNEESHURT, HARPO], {0: ["Chop", "Block", "Reverse"], 1: ["Interference/Block"]},
               damage={1: []})
    play(st, "play Chop", "react Interference/Block")
    assert st.dmg == [0, 0]  # Kneeshurt (no Referee) had no answer


def test_referee_by_any_player() -> None:
    # wrasslin 9.4
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Choke"], 1: [], 2: [], 3: ["Referee"]}, match_type="tag")
    play(st, "play Choke")
    assert st.current_player() == 3
    st.apply_action("react Referee")
    assert st.penalty[0] == 1 and st.dmg[1] == 0


def test_penalty_turns_equal_damage() -> None:
    # wrasslin 9.41
    st = stage([HARPO, KNEESHURT], {0: ["Foreign Object"], 1: ["Referee"]})
    play(st, "play Foreign Object", "react Referee")
    assert st.penalty[0] == 3 and st.unfilled[0]


def test_ignoring_the_warning_then_referee_disqualifies() -> None:
    # wrasslin 9.42
    st = stage([HARPO, KNEESHURT], {0: ["Hair Pull", "Chop"], 1: ["Referee", "Referee", "Chop"]})
    play(st, "play Hair Pull", "react Referee", "discard Chop")
    assert st.turn == 0 and names(st) == ["serve penalty", "ignore warning"]
    st.apply_action("ignore warning")
    play(st, "play Chop")
    assert "react Referee" in names(st)
    st.apply_action("react Referee")
    assert st.is_terminal() and st.returns() == [-1.0, 1.0]


def test_distraction_voids_referee_block_still_possible() -> None:
    # wrasslin 9.5
    st = stage([UMPIRE, HARPO], {0: ["Choke", "Distraction"], 1: ["Referee", "Block"]})
    play(st, "play Choke", "react Referee", "react Distraction")
    assert st.current_player() == 1 and "react Block" in names(st)
    st.apply_action("react Block")
    assert st.dmg[1] == 0 and st.penalty[0] == 0


# -- 10. Continuous holds and pins ---------------------------------------------------------------------
def test_continuous_hold_damage_each_turn_until_blocked() -> None:
    # wrasslin 10.1
    st = stage([HARPO, KNEESHURT], {0: ["Bear Hug", "Chop"], 1: ["Chop", "Block"]})
    play(st, "play Bear Hug", "pass", "discard Chop")
    assert st.turn == 0 and st.current_player() == 1  # the reapplication may be Blocked
    st.apply_action("pass")
    assert st.phase == "accumulate"
    play(st, f"accumulate {st.g.cards[next(i for i, c in enumerate(st.hand[0]) if c)].name}")
    assert st.dmg[1] == 2


def test_face_down_cards_hidden_and_stay_as_damage() -> None:
    # wrasslin 10.11
    st = stage([HARPO, KNEESHURT], {0: ["Bear Hug", "Knee Lift"], 1: ["Chop", "Chop", "Block"]})
    play(st, "play Bear Hug", "pass", "discard Chop", "pass", "accumulate Knee Lift")
    seen_by_defender = st.observation(1)["wrestlers"][1]["cards_in_play"]
    assert [c["card"] for c in seen_by_defender] == ["Bear Hug", "face-down"]
    assert st.observation(0)["wrestlers"][1]["cards_in_play"][1]["card"] == "Knee Lift"
    play(st, st.legal_actions()[-1].name)  # Harpo's turn goes on
    while st.turn != 0 or st.current_player() != 1:
        play(st, st.legal_actions()[-1].name)
    if "react Block" in names(st):
        st.apply_action("react Block")
        assert not st.holds and len(st.entries[1]) >= 2


def test_restrictions_under_continuous_hold() -> None:
    # wrasslin 10.12
    st = stage([HARPO, KNEESHURT], {0: ["Bear Hug"], 1: ["Chop", "Recovery 1", "Out of Ring"]})
    play(st, "play Bear Hug")
    legal = names(st)
    assert not any(n.startswith(("play Chop", "play Recovery", "exit")) for n in legal)


def test_pin_needs_damage_and_greater_strength() -> None:
    # wrasslin 10.2
    st = stage([HARPO, KNEESHURT], {0: ["Pin"], 1: []})
    assert "play Pin" not in names(st)
    st = stage([HARPO, KNEESHURT], {0: ["Pin"], 1: ["Block"]}, damage={1: ["Chop"]})
    play(st, "play Pin")
    assert names(st) == ["react Block", "pass"]


def test_pinned_restrictions() -> None:
    # wrasslin 10.21
    st = stage([HARPO, KNEESHURT], {0: ["Pin"], 1: ["Chop", "Recovery 1", "Block"]}, damage={1: ["Chop"]})
    play(st, "play Pin", "pass")
    assert sorted(names(st)) == ["discard Block", "discard Chop", "discard Recovery 1", "play Block"]
    play(st, "play Block")
    assert not st.holds


def test_fall_after_three_pinned_turns() -> None:
    # wrasslin 10.22
    st = stage([HARPO, KNEESHURT], {0: ["Pin"], 1: ["Chop", "Chop", "Chop"]}, damage={1: ["Chop"]})
    play(st, "play Pin")
    while not st.is_terminal():
        play(st, passive(st))
    assert st.returns() == [1.0, -1.0]
    assert [e.data["count"] for e in st.events if e.kind == "pin_count"] == [1, 2, 3]


# -- 11. Unique situations ------------------------------------------------------------------------------
def test_combination_two_holds() -> None:
    # wrasslin 11.1
    st = stage([HARPO, KNEESHURT], {0: ["Combination", "Chop", "Knee Lift"], 1: []})
    st.apply_action("play Combination")
    play(st, "play Chop")
    assert st.turn == 0 and "play Knee Lift" in names(st) and "end turn" in names(st)
    play(st, "play Knee Lift")
    assert st.dmg[1] == 2 and st.turn == 1
    st = stage([HARPO, KNEESHURT], {0: ["Combination", "Chop", "Knee Lift"], 1: ["Reverse"]})
    st.apply_action("play Combination")
    play(st, "play Chop", "react Reverse")
    assert st.turn == 1  # the reversed first Hold voids the Combination


def test_wild_card_needs_the_abilities() -> None:
    # wrasslin 11.2
    st = stage([KNEESHURT, UMPIRE], {0: ["Wild Card"], 1: []})
    legal = names(st)
    assert "play Wild Card as Chop" in legal and "play Wild Card as Drop Kick" not in legal
    play(st, "play Wild Card as Chop")
    assert st.dmg[1] == 1


def test_out_of_ring_throw_exit_and_reverse() -> None:
    # wrasslin 11.3
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring"], 1: []})
    play(st, "play Out of Ring")
    assert st.pos[1] == FLOOR and st.dmg[1] == 3
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring"], 1: ["Reverse"]})
    play(st, "play Out of Ring", "react Reverse")
    assert st.pos[0] == FLOOR and st.dmg[0] == 4
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring"], 1: ["Block"]})
    play(st, "exit ring with Out of Ring", "react Block")
    assert st.pos[0] == RING


def test_action_outside_the_ring() -> None:
    # wrasslin 11.31
    st = stage([HARPO, KNEESHURT], {0: ["Chop", "Pin"], 1: []}, damage={1: ["Chop"]})
    to_floor(st, 1)
    assert not any(n.startswith("play") for n in names(st))
    to_floor(st, 0)
    st._legal = None
    legal = names(st)
    assert "play Chop" in legal and "play Pin" not in legal


def test_re_entry_skips_the_turn() -> None:
    # wrasslin 11.32
    st = stage([HARPO, KNEESHURT], {0: ["Chop"], 1: []})
    to_floor(st, 0)
    st._legal = None
    play(st, "re-enter ring")
    assert st.pos[0] == RING and st.turn == 1 and sum(st.hand[0]) == 7


def test_count_out_after_five_turns() -> None:
    # wrasslin 11.33
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring"], 1: []})
    play(st, "exit ring with Out of Ring")
    while not st.is_terminal():
        play(st, passive(st))
    assert st.returns() == [-1.0, 1.0]
    assert [e.data["count"] for e in st.events if e.kind == "ring_count"] == [1, 2, 3, 4, 5]


def test_specialty_cannot_be_reversed() -> None:
    # wrasslin 11.4
    st = stage([HARPO, KNEESHURT], {0: ["Specialty"], 1: ["Reverse"]})
    play(st, "play Specialty 1")
    assert st.dmg[1] == 2


def test_specialty_exceptions() -> None:
    # wrasslin 11.41 (Adams reversible, reaching outside; see the examples file for all cases)
    st = stage([ADAMS, HARPO], {0: ["Specialty"], 1: ["Reverse"]})
    play(st, "play Specialty 1")
    assert "react Reverse" in names(st)


def test_multiple_specialties_one_at_a_time() -> None:
    # wrasslin 11.42
    st = stage([KNEESHURT, UMPIRE, ADAMS, HARPO], {0: ["Specialty"], 1: [], 2: [], 3: []},
               damage={1: ["Chop"]}, match_type="tag")
    legal = names(st)
    assert "play Specialty 1" in legal and "play Specialty 3" in legal  # Tag or Iron Block
    play(st, "play Specialty 3")
    assert "play Specialty 1" not in names(st)


def test_errors_rule_challenge_or_stand() -> None:
    # wrasslin 11.5
    st = stage([KNEESHURT, UMPIRE], {0: ["Drop Kick", "Chop"], 1: ["Block"]}, errors_rule=True)
    play(st, "play Drop Kick")
    assert "challenge" in names(st)
    st.apply_action("challenge")
    assert st.turn == 0 and st.phase == "main" and count(st, st.hand[0], "Drop Kick") == 1
    assert "play Drop Kick" not in names(st)  # refused once, not offered again this turn
    assert any(e.kind == "challenge" and "Agility" in e.data["reason"] for e in st.events)
    st = stage([KNEESHURT, UMPIRE], {0: ["Drop Kick"], 1: ["Chop"]}, errors_rule=True)
    play(st, "play Drop Kick", "pass")
    assert st.dmg[1] == 2  # unchallenged, the illegal play stands


# -- 12. Tag teams ---------------------------------------------------------------------------------
def test_tag_seating_and_initiative() -> None:
    # wrasslin 12.1
    st = WrasslinGame(match_type="tag").new_initial_state()
    assert st.team == (0, 1, 0, 1) and st.pos == [RING, RING, APRON, APRON]
    settle(st, random.Random(0))
    assert st.callers == [0, 1]


def test_outside_wrestlers_draw_discard_recover_only() -> None:
    # wrasslin 12.2
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: [], 1: [], 2: ["Chop", "Recovery 1"], 3: []},
               damage={2: ["Chop"]}, match_type="tag", turn=2)
    assert sorted(names(st)) == ["discard Chop", "discard Recovery 1", "play Recovery 1"]


def test_tag_swaps_and_distraction_voids_it() -> None:
    # wrasslin 12.3
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Tag", "Chop"], 1: [], 2: [], 3: []}, match_type="tag")
    play(st, "play Tag")
    assert st.pos[0] == APRON and st.pos[2] == RING
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Tag", "Chop"], 1: ["Distraction"], 2: [], 3: []},
               match_type="tag")
    play(st, "play Tag", "react Distraction")
    assert st.pos[0] == RING and st.pos[2] == APRON


def test_double_team_unavoidable_but_refereed() -> None:
    # wrasslin 12.4
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: [], 1: ["Block"], 2: ["Double Team", "Chop"], 3: []},
               match_type="tag", turn=2)
    play(st, "play Double Team", "play Chop", "target seat 1")
    assert st.dmg[1] == 1 and st.phase == "stay"
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: [], 1: ["Referee"], 2: ["Double Team", "Chop"], 3: []},
               match_type="tag", turn=2)
    play(st, "play Double Team", "play Chop", "target seat 1", "react Referee")
    assert st.dmg[1] == 0 and st.penalty[2] == 1


def test_illegal_man_disqualified_by_referee() -> None:
    # wrasslin 12.41
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Chop"], 1: ["Referee"], 2: ["Double Team", "Chop"],
                                                  3: ["Chop"]}, match_type="tag", turn=2)
    play(st, "play Double Team", "play Chop", "target seat 1", "pass", "stay in ring")
    assert st.pos[2] == RING and st.illegal_in[2] == 1  # counted at the end of his turn
    assert st.turn == 3
    play(st, passive(st))
    assert st.turn == 0
    play(st, passive(st))
    assert st.turn == 1 and "play Referee" in names(st)
    play(st, "play Referee")
    assert st.is_terminal() and st.returns() == [-0.5, 0.5, -0.5, 0.5]


def test_illegal_man_disqualified_on_a_count_of_five() -> None:
    # wrasslin 12.41 "a Disqualification count of five ... will then disqualify his team"
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: ["Chop"], 1: ["Chop"], 2: ["Double Team", "Chop"],
                                                  3: ["Chop"]}, match_type="tag", turn=2)
    play(st, "play Double Team", "play Chop", "target seat 1", "stay in ring")
    counts = []
    while not st.is_terminal():
        counts.append(st.illegal_in[2])
        play(st, passive(st))
    assert max(counts) == 4 and st.end_reason.startswith("disqualified (illegal man")
    assert st.returns() == [-0.5, 0.5, -0.5, 0.5]


def test_free_for_all_entry() -> None:
    # wrasslin 12.42
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP], {0: [], 1: [], 2: [], 3: ["Chop"]}, match_type="tag", turn=3)
    st = edited(st, lambda body: body["seats"][2].update(position="ring", illegal_in=0))
    assert "enter ring" in names(st)
    st.apply_action("enter ring")
    assert st.free_for_all and st.pos[3] == RING


def test_handicap_solo_replaces_tags() -> None:
    # wrasslin 12.5
    game = WrasslinGame(match_type="handicap")
    assert game.num_players() == 3 and game.seats.teams == (0, 1, 1)
    st = game.new_initial_state()
    st.apply_action("draw Tag")
    assert sum(st.hand[0]) == 0 and st.discard[game.index["Tag"]] == 1


# -- 13. Battle royal ---------------------------------------------------------------------------------
BR5 = [HARPO, KNEESHURT, ADAMS, CHAMP, UMPIRE]


def test_battle_royal_needs_five_and_ends_with_one_mobile() -> None:
    # wrasslin 13.1
    with pytest.raises(Exception, match="5-8 players"):
        WrasslinGame(match_type="battle_royal", players=4)
    st = stage(BR5, {0: ["Chop"]}, match_type="battle_royal", players=5)
    for s in (1, 2, 3):
        eliminate(st, s, "test")
    assert not st.is_terminal()
    eliminate(st, 4, "test")
    assert st.is_terminal() and st.returns()[0] == 1.0


def test_battle_royal_ends_when_a_power_surge_lapses() -> None:
    # wrasslin 13.1 "ends when only one remains mobile in the ring"; 8.4 a Power Surge lasts "until the
    # start of his next turn"; 3.13 mobility
    st = stage(BR5, {0: ["Chop"], 1: ["Power Surge", "Chop"]}, damage={1: SIX}, turn=1,
               match_type="battle_royal", players=5)
    assert not is_mobile(st, 1)
    play(st, "play Power Surge")
    assert is_mobile(st, 1)  # Kneeshurt stands on his Power Surge alone
    for s in (2, 3, 4):
        eliminate(st, s, "test")
    assert not st.is_terminal()  # two mobile Wrestlers in the ring
    play(st, "discard Chop")
    assert st.turn == 0 and is_mobile(st, 1)
    play(st, "discard Chop")
    # his turn comes round: the Surge is spent, he is immobile, and Harpo is the last one mobile
    assert st.is_terminal()
    assert st.returns()[0] == 1.0 and st.end_reason == "last wrestler standing"
    kinds = [e.kind for e in st.events]
    assert kinds[-1] == "result" and kinds[-2] != "turn"  # over before his turn begins


def test_battle_royal_void_cards() -> None:
    # wrasslin 13.2
    g = WrasslinGame(match_type="battle_royal")
    for name in ("Tag", "Double Team", "Pin", "Interference/Block", "Referee", "Distraction", "Long/Short Count"):
        assert g.deck0[g.index[name]] == 0


def test_br_holds_throw_rather_than_damage() -> None:
    # wrasslin 13.3
    st = stage(BR5, {0: ["Bodyslam"]}, match_type="battle_royal", players=5)
    play(st, "play Bodyslam", "target seat 1")
    assert st.pos[1] == OUT and st.dmg[1] == 0


def test_reversed_br_hold_eliminates_the_attacker() -> None:
    # wrasslin 13.4
    st = stage(BR5, {0: ["Bodyslam"], 1: ["Reverse"]}, match_type="battle_royal", players=5)
    play(st, "play Bodyslam", "target seat 1", "react Reverse")
    assert st.pos[0] == OUT


def test_teamwork_throws_a_heavy_opponent() -> None:
    # wrasslin 13.5
    st = stage([KNEESHURT, SUNNY, UMPIRE, CHAMP, HARPO], {0: ["Bodyslam"], 1: ["Suplex"]},
               match_type="battle_royal", players=5)
    play(st, "play Bodyslam", "target seat 2")  # Strength 4 < Umpire's Weight 5: needs help
    assert st.pos[2] == RING and st.br
    play(st, "play Suplex", "target seat 2")  # 4 + 3 >= 5, Agility 1, Skill 1
    assert st.pos[2] == OUT


def test_br_hold_throws_at_exactly_the_weight() -> None:
    # wrasslin 13.5 "sufficient to throw him": Strength equal to the victim's Weight is enough
    st = stage(BR5, {0: ["Bodyslam"]}, match_type="battle_royal", players=5)
    assert strength(st, 0) == 5 and wrestler_of(st, 4).weight == 5  # Harpo and Mr. Umpire
    play(st, "play Bodyslam", "target seat 4")
    assert st.pos[4] == OUT


def test_reversed_joint_br_hold_damages_each_by_his_own_hold() -> None:
    # wrasslin 13.5 "each of those attacking Wrestlers suffers damage equal to that listed on the Hold":
    # a W Hold reversed onto its attacker does his own Weight
    st = stage([KNEESHURT, SUNNY, UMPIRE, CHAMP, HARPO], {0: ["Bodyslam"], 1: ["Suplex"], 2: ["Reverse"]},
               match_type="battle_royal", players=5)
    play(st, "play Bodyslam", "target seat 2", "pass")
    play(st, "play Suplex", "target seat 2", "react Reverse")
    assert st.pos[0] == RING and st.pos[1] == RING and st.pos[2] == RING and not st.br
    assert st.dmg[0] == wrestler_of(st, 0).weight == 3  # Bodyslam: W = Kneeshurt's own Weight, not Mr. Umpire's 5
    assert st.dmg[1] == 2  # Suplex: 2


def test_cancellation_when_the_helper_is_attacked() -> None:
    # wrasslin 13.6
    st = stage([KNEESHURT, SUNNY, UMPIRE, CHAMP, HARPO], {0: ["Bodyslam"], 3: ["Chop"]},
               match_type="battle_royal", players=5)
    play(st, "play Bodyslam", "target seat 2")
    start_turn(st, 3)
    play(st, "play Chop", "target seat 0")
    while st.phase == "respond":
        play(st, "pass")
    assert not st.br


# -- 14. Elimination tournament -----------------------------------------------------------------------
def tournament(size: int = 12, seed: int = 0) -> object:
    st = WrasslinGame(match_type="tournament", tournament_size=size).new_initial_state()
    settle(st, random.Random(seed))
    return st


def test_tournament_splits_the_roster() -> None:
    # wrasslin 14.1
    g = WrasslinGame(match_type="tournament")
    assert [len(s) for s in g.stacks] == [12, 12] and set(g.stacks[0]).isdisjoint(g.stacks[1])
    st = g.new_initial_state()
    assert st.current_player() == CHANCE and len(st.chance_outcomes()) == 12


def test_tournament_void_cards() -> None:
    # wrasslin 14.2
    g = WrasslinGame(match_type="tournament")
    assert g.deck0[g.index["Tag"]] == 0 and g.deck0[g.index["Double Team"]] == 0


def test_concede_and_fresh_wrestler() -> None:
    # wrasslin 14.3 / 14.4
    st = tournament(size=3)
    while st.phase != "main":  # type: ignore[attr-defined]
        play(st, st.legal_actions()[0].name)  # type: ignore[attr-defined]
    loser = st.turn  # type: ignore[attr-defined]
    winner_damage = st.dmg[1 - loser]  # type: ignore[attr-defined]
    play(st, "concede")  # type: ignore[arg-type]
    assert len(st.stacks[loser]) == 1  # type: ignore[attr-defined]
    assert sum(st.hand[loser]) == 7 and st.dmg[loser] == 0  # type: ignore[attr-defined]
    assert st.dmg[1 - loser] == winner_damage  # type: ignore[attr-defined]


def test_out_of_wrestlers_loses() -> None:
    # wrasslin 14.5
    st = tournament(size=1)
    while st.phase != "main":  # type: ignore[attr-defined]
        play(st, st.legal_actions()[0].name)  # type: ignore[attr-defined]
    loser = st.turn  # type: ignore[attr-defined]
    play(st, "concede")  # type: ignore[arg-type]
    assert st.is_terminal() and st.returns()[loser] == -1.0  # type: ignore[attr-defined]


def test_battle_royal_format_tournament() -> None:
    # wrasslin 14.6: more than two players: Battle Royal rules, each player's stack of Wrestlers enters in
    # random, secret order; a thrown-out Wrestler is replaced; the last player with Wrestlers wins
    game = WrasslinGame(match_type="tournament", players=4)
    assert game.royal and game.tournament_size == 6 and [len(x) for x in game.stacks] == [6, 6, 6, 6]
    assert game.deck0[game.index["Pin"]] == 0 and game.deck0[game.index["Referee"]] == 0
    st = game.new_initial_state()
    assert st.current_player() == CHANCE and st.enter_queue == [0, 1, 2, 3]
    settle(st, random.Random(4))
    assert st.phase == "initiative" and all(len(x) == 5 for x in st.stacks)
    while st.phase != "main":
        play(st, names(st)[0])
    victim = (st.turn + 1) % 4
    eliminate(st, victim, "test")
    assert st.pos[victim] == OUT and st.enter_queue == [victim]
    play(st, next(n for n in names(st) if n.startswith("discard")))
    while st.current_player() != st.turn or st.phase == "respond":
        play(st, names(st)[-1])
    assert st.pos[victim] == RING and sum(st.hand[victim]) == 7 and len(st.stacks[victim]) == 4
    for seat in range(4):
        if seat != 0:
            st.stacks[seat] = []
            eliminate(st, seat, "test")
    assert st.is_terminal() and st.returns()[0] == 1.0


# -- introductory sheet -----------------------------------------------------------------------------
def test_introductory_game_removes_the_listed_cards() -> None:
    # wrasslin intro ("Remove the following cards from the deck")
    g = WrasslinGame(introductory=True)
    assert sum(g.deck0) == 180 - 31
    for name in ("Combination", "Tag", "Double Team", "Bear Hug", "Boston Crab", "Out of Ring", "Specialty"):
        assert g.deck0[g.index[name]] == 0


def test_misc_wrestlers_behave() -> None:
    # wrasslin 3.3 (original Specialties): a continuous Specialty keeps going, a good Wrestler's too
    st = stage([PROF, COMET], {0: ["Specialty"], 1: []})
    play(st, "play Specialty 1")
    assert st.holds and st.dmg[1] == 1
    for name in (AXEL, TOMMY, DAN, BARON, WARBUCKS):
        assert WrasslinGame(wrestlers=[name, UMPIRE]).wrestlers


def test_wild_card_cannot_become_a_removed_card() -> None:
    # wrasslin 11.2 with 13.2 / intro sheet: the Wild Card cannot bring back a card the match removed
    st = stage([HARPO, KNEESHURT, ADAMS, CHAMP, UMPIRE], {0: ["Wild Card"]}, damage={1: ["Chop"]},
               match_type="battle_royal", players=5)
    assert "play Wild Card as Pin" not in names(st) and "play Wild Card as Chop" in names(st)
    st = stage([HARPO, KNEESHURT], {0: ["Wild Card"], 1: []}, introductory=True)
    assert "play Wild Card as Bodyslam" in names(st) and "play Wild Card as Bear Hug" not in names(st)


def test_face_down_card_shown_as_recovery() -> None:
    # wrasslin 10.11: the face-down card may be shown to be a Recovery card to remove damage
    st = stage([AXEL, KNEESHURT], {0: ["Bear Hug", "Recovery 1"], 1: ["Chop", "Block"]}, damage={0: ["Chop"]})
    play(st, "play Bear Hug", "pass", "discard Chop", "pass", "accumulate Recovery 1")
    assert st.dmg[0] == 0 and st.dmg[1] == 2
    assert st.observation(1)["wrestlers"][1]["cards_in_play"][1]["card"] == "Recovery 1"  # it was shown


def test_power_surge_discarded_in_addition() -> None:
    # wrasslin 8.4: a Power Surge may be played (or discarded) in addition to any other card
    st = stage([HARPO, KNEESHURT], {0: ["Power Surge", "Chop"], 1: []})
    st.apply_action("discard Power Surge in addition")
    assert st.turn == 0 and st.phase == "main" and "play Chop" in names(st)
    assert "discard Power Surge in addition" not in names(st)
