"""Every worked example of the WRASSLIN' rule text, as an executable test."""

from __future__ import annotations

import pytest

from turnbuckle.engine.errors import IllegalActionError
from turnbuckle.games.wrasslin.core import abilities, is_mobile, is_pinned, strength, wrestler_of
from turnbuckle.games.wrasslin.ring import to_floor
from turnbuckle.games.wrasslin.scenario import (
    ADAMS,
    CHAMP,
    GRANDMASTER,
    HARPO,
    KNEESHURT,
    UMPIRE,
    WARBUCKS,
    play,
    stage,
)


def names(state, seat):  # type: ignore[no-untyped-def]
    return [a.name for a in state.legal_actions()] if state.current_player() == seat else []


def test_kneeshurt_damage_track_is_the_printed_one() -> None:
    # wrasslin 3.1 (the Damage Track illustration): ratings, manager line, IMMOBILE line, boxes
    st = stage([KNEESHURT, UMPIRE], {0: [], 1: []})
    assert wrestler_of(st, 0).track() == [
        "STRENGTH: 4", "AGILITY: 1", "SKILL: 1", "POWER SURGE: 2", "WEIGHT: 3", "RECOVERY: 2",
        "No Manager", "May Not Use Blue Holds", "IMMOBILE",
        "STAMINA 3", "STAMINA 2", "STAMINA 1", "RECOVERY 2", "RECOVERY 1",
    ]


def test_kneeshurt_four_damage_loses_strength() -> None:
    # wrasslin 3.1 intro EXAMPLE: four points of damage take his Strength 4; Agility 1 and below remain
    st = stage([KNEESHURT, UMPIRE], {0: ["Arm Bar", "Recovery 1"], 1: []},
               damage={0: ["Chinlock", "Drop Kick", "Headlock"]})
    assert st.dmg[0] == 4
    strength, agility, skill, surge, recovery = abilities(st, 0)
    assert (strength, agility, skill, surge, recovery) == (0, 1, 1, 2, 2)
    assert "play Arm Bar" not in names(st, 0)
    with pytest.raises(IllegalActionError, match="Strength"):
        st.apply_action("play Arm Bar")


def test_kneeshurt_recovery_2_removes_chinlock_and_dropkick() -> None:
    # wrasslin 6.2 intro EXAMPLE: Recovery 2 removes the Chinlock and Dropkick, die up three: Strength 3
    st = stage([KNEESHURT, UMPIRE], {0: ["Recovery 2"], 1: []},
               damage={0: ["Chinlock", "Drop Kick", "Headlock"]})
    play(st, "play Recovery 2")
    assert st.dmg[0] == 1
    assert abilities(st, 0)[0] == 3
    assert [st.g.cards[e[0]].name for e in st.entries[0]] == ["Headlock"]
    for name in ("Chinlock", "Drop Kick", "Recovery 2"):
        assert st.discard[st.g.index[name]] == 1


def test_mr_umpire_four_damage_from_three_cards_still_mobile() -> None:
    # wrasslin 5.8 EXAMPLE (Mr. Umpire): 4 damage from 3 Damage cards, Agility 1, no Strength, mobile
    st = stage([UMPIRE, KNEESHURT], {0: [], 1: []}, damage={0: ["Chop", "Chinlock", "Drop Kick"]})
    assert len(st.entries[0]) == 3 and st.dmg[0] == 4
    assert abilities(st, 0)[:2] == (0, 1)
    assert is_mobile(st, 0)
    assert wrestler_of(st, 0).manager and wrestler_of(st, 0).dirty


@pytest.mark.parametrize(("reaction", "adams_damage", "harpo_damage"), [("Block", 0, 0), ("Reverse", 3, 0)])
def test_adams_top_rope_block_and_reverse(reaction: str, adams_damage: int, harpo_damage: int) -> None:
    # wrasslin 8.33 EXAMPLE: Harpo's Block rolls out of range; a Reverse lands Adams on his own 3 damage
    st = stage([ADAMS, HARPO], {0: ["Specialty"], 1: [reaction]})
    play(st, "play Specialty 1")
    assert st.current_player() == 1
    assert f"react {reaction}" in names(st, 1)
    st.apply_action(f"react {reaction}")
    assert st.dmg[0] == adams_damage and st.dmg[1] == harpo_damage
    assert st.discard[st.g.index[reaction]] == 1
    if reaction == "Block":
        assert st.discard[st.g.index["Specialty"]] == 1


def test_harpo_takedown_blocked_by_adams_power_surge() -> None:
    # wrasslin 8.42 EXAMPLE: Harpo (5) Takedown on Adams (3); Adams' Power Surge brings him to 5: Block
    st = stage([HARPO, ADAMS], {0: ["Takedown"], 1: ["Power Surge"]}, damage={1: ["Chop"]})
    assert strength(st, 0) == 5 and strength(st, 1) == 3
    play(st, "play Takedown")
    st.apply_action("react Power Surge")
    assert strength(st, 1) == 5
    assert any(e.kind == "blocked" for e in st.events)
    assert st.dmg[1] == 1 and st.dmg[0] == 0


def test_harpo_cannot_red_react_to_adams_interference_reverse() -> None:
    # wrasslin 8.42 EXAMPLE, second half: only the Interference could reverse; Harpo, in his own turn,
    # may answer it only with a green Referee, never with a red card
    st = stage([HARPO, ADAMS], {0: ["Takedown", "Block", "Referee"], 1: ["Power Surge", "Interference/Reverse"]},
               damage={1: ["Chop"]})
    play(st, "play Takedown")
    st.apply_action("react Power Surge")
    st.apply_action("react Interference/Reverse")
    assert st.current_player() == 0
    assert names(st, 0) == ["react Referee", "pass"]
    with pytest.raises(IllegalActionError, match="only the Wrestler the Hold was played on"):
        st.apply_action("react Block")
    st.apply_action("pass")
    assert st.dmg[0] == 1  # the Takedown was reversed onto Harpo


def test_hair_pull_referee_penalty() -> None:
    # wrasslin 9.41 EXAMPLE: Adams' Referee voids Harpo's Hair Pull; Harpo may not draw; Adams recovers
    # and fills his hand; Harpo sits out one turn, then draws to fill; then it is Adams' turn again
    st = stage([HARPO, ADAMS], {0: ["Hair Pull", "Chop"], 1: ["Referee", "Recovery 1", "Chop"]},
               damage={1: ["Knee Lift"]})
    play(st, "play Hair Pull")
    st.apply_action("react Referee")
    play(st)
    assert st.penalty[0] == 1
    assert st.turn == 1 and sum(st.hand[0]) == 1  # Harpo did not refill
    assert "play Chop" not in names(st, 1)  # 9.41: no Hold on him until he has filled his hand
    play(st, "play Recovery 1")
    assert sum(st.hand[1]) == 7 and st.dmg[1] == 0
    assert st.turn == 0 and names(st, 0) == ["serve penalty", "ignore warning"]
    play(st, "serve penalty")
    assert sum(st.hand[0]) == 7
    assert st.turn == 1 and st.penalty[0] == 0


def test_interference_referee_distraction_chain() -> None:
    # wrasslin 7/9 intro EXAMPLE: Interference-Block, Referee, Distraction: all four cards are removed,
    # the Hold stays blocked, and only the Attacker refills his hand
    st = stage([ADAMS, HARPO], {0: ["Chop", "Referee"], 1: ["Interference/Block", "Distraction", "Block"]})
    play(st, "play Chop")
    st.apply_action("react Interference/Block")
    assert names(st, 0) == ["react Referee", "pass"]
    st.apply_action("react Referee")
    assert "react Distraction" in names(st, 1)
    st.apply_action("react Distraction")
    play(st)
    for name in ("Chop", "Interference/Block", "Referee", "Distraction"):
        assert st.discard[st.g.index[name]] == 1
    assert st.dmg[1] == 0
    assert sum(st.hand[0]) == 7 and sum(st.hand[1]) == 1


def test_champ_specialty_recovers_three_while_pinned_and_breaks_the_pin() -> None:
    # wrasslin 11.41 EXAMPLE: The Champ removes three Damage cards with his Specialty even while pinned
    st = stage([HARPO, CHAMP], {0: ["Pin"], 1: ["Specialty", "Chop"]}, damage={1: ["Chop", "Knee Lift", "Arm Bar"]})
    play(st, "play Pin")
    assert is_pinned(st, 1)
    assert "play Chop" not in names(st, 1)  # 10.21
    assert "play Specialty 1" in names(st, 1)
    play(st, "play Specialty 1")
    assert st.dmg[1] == 0 and not is_pinned(st, 1)


def test_only_warbucks_specialty_referee_penalizes_the_grandmaster() -> None:
    # wrasslin 11.41 EXAMPLE: Big Daddy Warbucks' Specialty "Referee" is the only way to penalize the
    # Grandmaster's Specialty
    st = stage([GRANDMASTER, WARBUCKS], {0: ["Specialty"], 1: ["Referee", "Specialty"]})
    play(st, "play Specialty 1")
    assert names(st, 1) == ["react Specialty 1", "pass"]
    st.apply_action("react Specialty 1")
    assert st.penalty[0] == 3 and st.dmg[1] == 0


def test_adams_specialty_reaches_outside_for_four() -> None:
    # wrasslin 11.41 EXAMPLE: from inside the ring on a Wrestler outside it: damage 4, Adams ends outside
    st = stage([ADAMS, HARPO], {0: ["Specialty"], 1: []})
    to_floor(st, 1)
    play(st, "play Specialty 1")
    assert st.dmg[1] == 4
    assert st.pos[0] == 2
