"""Issue 36: what a play leaves on the record (events, observation, position) and a few thresholds the first
mutation sample found loose; each test cites its section."""

from __future__ import annotations

import random

import pytest

from support.positions import edited
from turnbuckle.engine.errors import IllegalActionError
from turnbuckle.games.wrasslin.core import card_total, is_pinned, strength
from turnbuckle.games.wrasslin.rules import WrasslinGame
from turnbuckle.games.wrasslin.scenario import HARPO, KNEESHURT, legal_names, play, settle, stage
from turnbuckle.games.wrasslin.state import WrasslinState

ADAMS = "Manly Mike Adams"
UMPIRE = "Mr. Umpire"
CHAMP = "The Champ"
TAG = [HARPO, KNEESHURT, ADAMS, CHAMP]


def names(st: WrasslinState) -> list[str]:
    return legal_names(st)


def kinds(st: WrasslinState) -> list[str]:
    return [e.kind for e in st.events]


def unanswered(st: WrasslinState) -> None:
    while st.phase == "respond":
        play(st, "pass")


def test_a_card_not_in_the_draw_pile_cannot_be_drawn() -> None:
    # wrasslin 5.2 the Draw pile: only its cards are drawn
    st = WrasslinGame().new_initial_state()
    chop = st.g.index["Chop"]
    st.deck_n -= st.deck[chop]
    st.discard[chop] += st.deck[chop]
    st.deck[chop] = 0
    with pytest.raises(IllegalActionError):
        st.apply_action(st.g.a_draw[chop])
    assert st.deck[chop] == 0 and sum(st.hand[0]) == 0


def test_the_match_record_names_each_step() -> None:
    # wrasslin 11.1 (Combination), 11.3 (an exit attempt), 8.42 (a reactive Power Surge), 10.22 (the fall)
    st = stage([HARPO, KNEESHURT], {0: ["Combination", "Chop", "Knee Lift"], 1: []})
    play(st, "play Combination")
    assert kinds(st)[-1] == "combination"
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring"], 1: []})
    play(st, "exit ring with Out of Ring")
    assert "exit_attempt" in kinds(st) and "exit" in kinds(st)
    st = stage([HARPO, KNEESHURT], {0: ["Takedown"], 1: ["Power Surge"]})
    play(st, "play Takedown", "react Power Surge")
    assert [e.data.get("reaction") for e in st.events if e.kind == "power_surge"] == [True]
    st = stage([HARPO, KNEESHURT], {0: ["Pin"], 1: ["Chop", "Chop", "Chop"]}, damage={1: ["Chop"]})
    play(st, "play Pin")
    while not st.is_terminal():
        legal = names(st)
        play(st, next((n for n in legal if n.startswith("discard") or n == "pass"), legal[0]))
    falls = [e.data for e in st.events if e.kind == "fall"]
    assert len(falls) == 1 and falls[0]["by"] == HARPO and falls[0]["wrestler"] == KNEESHURT


def test_a_face_down_card_recovered_stays_unnamed() -> None:
    # wrasslin 10.11 the face-down cards are hidden; "can only be removed by play of Recovery cards"
    st = stage([HARPO, KNEESHURT], {0: ["Bear Hug", "Knee Lift"], 1: ["Chop", "Block", "Recovery 2"]})
    play(st, "play Bear Hug")
    unanswered(st)
    play(st, "discard Chop")
    unanswered(st)
    play(st, "accumulate Knee Lift")
    assert st.turn == 0 and st.dmg[1] == 2
    st.holds.clear()  # the Bear Hug broken (10.1): its cards stay as Damage cards
    play(st, next(n for n in names(st) if n.startswith("discard")))
    unanswered(st)
    assert st.turn == 1
    play(st, "play Recovery 2")
    removed = [e.data["removed"] for e in st.events if e.kind == "recovery"]
    assert removed == [["Bear Hug", "face-down card"]] and st.dmg[1] == 0


def test_the_table_shows_each_damage_cards_points() -> None:
    # wrasslin 6.1 each Hold's Damage number recorded with it; 4.2 W = the receiving Wrestler's Weight
    st = stage([HARPO, KNEESHURT], {0: [], 1: []}, damage={1: ["Bodyslam", "Chop", "Drop Kick"]})
    cards = st.observation(0)["wrestlers"][1]["cards_in_play"]
    assert [(c["card"], c["damage"], c["kind"]) for c in cards] == [
        ("Bodyslam", 3, "damage"), ("Chop", 1, "damage"), ("Drop Kick", 2, "damage")]


def test_the_position_keeps_only_a_pins_card_with_the_hold() -> None:
    # wrasslin 10.11 a Continuing Hold's card lies with the defender as a Damage card; 10.2 the Pin card does
    # no damage and lies with the hold until broken; no play is on the table at the start
    st = stage([HARPO, KNEESHURT], {0: ["Bear Hug", "Chop"], 1: ["Chop"]})
    assert st.to_position()["position"]["play"] is None
    play(st, "play Bear Hug")
    unanswered(st)
    hold = st.to_position()["position"]["holds"][0]
    assert hold["hold"] == "Bear Hug" and hold["card"] is None and not hold["pin"]
    st = stage([HARPO, KNEESHURT], {0: ["Pin"], 1: ["Chop"]}, damage={1: ["Chop"]})
    play(st, "play Pin")
    assert st.to_position()["position"]["holds"][0]["card"] == "Pin"


def test_a_discard_during_a_count_opens_an_empty_answer_window() -> None:
    # wrasslin 9.2 a count is running (a Wrestler outside the ring): the opponent may answer the discard with a
    # Long/Short Count; the play on the table is the bare discard (no card, no defender, no Double Team)
    st = stage([HARPO, KNEESHURT], {0: ["Out of Ring", "Chop"], 1: ["Long/Short Count", "Chop"]})
    play(st, "exit ring with Out of Ring", "discard Chop", "discard Chop")
    assert st.current_player() == 1 and st.base_kind == "play"
    on_table = st.to_position()["position"]["play"]
    assert {k: on_table[k] for k in ("kind", "card", "attacker", "defender", "double_team_card")} == {
        "kind": "play", "card": None, "attacker": 0, "defender": -1, "double_team_card": None}
    assert st.observation(1)["play"]["card"] == "-" and st.observation(1)["play"]["on"] == -1


def test_either_side_may_call_a_count_in_the_others_turn() -> None:
    # wrasslin 9.2 "Any player may discard the Long/Short Count card during an opponent's turn"
    st = stage([HARPO, KNEESHURT], {0: ["Long/Short Count", "Chop"], 1: ["Out of Ring", "Chop"]}, turn=1)
    play(st, "exit ring with Out of Ring", "discard Chop", "discard Chop")
    assert st.current_player() == 0 and "react Short Count" in names(st)


def test_a_reactive_surge_that_falls_short_lets_the_hold_land() -> None:
    # wrasslin 8.42 "increasing his own Strength enough to match (to block) or exceed (to reverse)": short of
    # that, the gray Hold stands
    st = stage([HARPO, KNEESHURT], {0: ["Takedown"], 1: ["Power Surge"]}, damage={1: ["Drop Kick"]})
    assert strength(st, 1) == 2
    play(st, "play Takedown", "react Power Surge")  # 2 + 2 = 4 < Harpo's 5
    assert st.dmg == [0, 3] and st.last_outcome == "applied"


def test_adams_specialty_in_the_ring_does_three() -> None:
    # wrasslin 11.41 "If he plays it on a Wrestler inside the ring, the damage is only 3"
    st = stage([ADAMS, HARPO], {0: ["Specialty"], 1: []})
    play(st, "play Specialty 1")
    assert st.dmg[1] == 3 and st.pos[0] == 0


def test_the_called_card_stays_owed_after_a_power_surge_in_addition() -> None:
    # wrasslin 5.3 the called card is the first play or discard; 8.4 a Power Surge goes in addition to it
    st = stage([HARPO, KNEESHURT], {0: ["Wild Card", "Power Surge", "Chop"], 1: []})
    st = edited(st, lambda body: body.update(obligation="Wild Card"))
    play(st, "play Power Surge")
    legal = names(st)
    assert "play Chop" not in legal and "discard Chop" not in legal and "discard Wild Card" in legal


def test_the_tournament_winner_finishes_first() -> None:
    # wrasslin 14.5 "The player who runs out of Wrestlers first loses"
    st = WrasslinGame(match_type="tournament", tournament_size=1, errors_rule=False).new_initial_state()
    settle(st)
    while st.phase != "main" or st.turn != 0:
        play(st, next((n for n in names(st) if n.startswith(("discard", "call", "pass"))), names(st)[0]))
    play(st, "concede")  # seat 0 loses: a finishing order by seat would put him first
    result = st.match_result()
    assert result is not None and result.finishing_order == ("player 1", "player 0")


def test_a_guess_at_the_hidden_cards_keeps_every_card_once() -> None:
    # wrasslin 10.11 face-down cards are hidden (a searcher re-deals them with the unseen cards); 2 the 180 cards
    st = stage([HARPO, KNEESHURT], {0: ["Bear Hug", "Knee Lift"], 1: ["Chop", "Block"]})
    play(st, "play Bear Hug")
    unanswered(st)
    play(st, "discard Chop")
    unanswered(st)
    play(st, "accumulate Knee Lift")
    assert st.observation(1)["wrestlers"][1]["cards_in_play"][1]["card"] == "face-down"
    for seed in range(5):
        guess = st.determinize(1, random.Random(seed))
        assert card_total(guess) == 180 and guess.deck_n == sum(guess.deck)
        assert [sum(h) for h in guess.hand] == [sum(h) for h in st.hand] and guess.hand[1] == st.hand[1]
        assert len(guess.entries[1]) == 2 and guess.entries[1][0] == st.entries[1][0]


def test_a_block_in_his_own_turn_removes_only_the_pin_on_him() -> None:
    # wrasslin 10.2 A / introductory sheet "This is the only instance where a Block card can be played in a turn
    # after a Hold is applied to remove that Hold": the Pin on him, not one he holds on another (a forced
    # position: Kneeshurt pins Umpire while Harpo pins him)
    st = stage([UMPIRE, KNEESHURT], {0: [], 1: ["Block", "Chop"]}, damage={0: ["Chop"], 1: ["Chop"]}, turn=1)

    def pins(body: dict[str, object]) -> None:
        pile = body["draw_pile"]
        assert isinstance(pile, dict)
        pile["Pin"] -= 2
        body["holds"] = [
            {"attacker": 1, "defender": 0, "hold": "Pin", "card": "Pin", "pin": True, "count": 0, "limit": 3},
            {"attacker": 0, "defender": 1, "hold": "Pin", "card": "Pin", "pin": True, "count": 0, "limit": 3},
        ]

    st = edited(st, pins)
    assert is_pinned(st, 0) and is_pinned(st, 1) and "play Block" in names(st)
    play(st, "play Block")
    assert is_pinned(st, 0) and not is_pinned(st, 1)
