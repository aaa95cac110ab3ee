"""Issue 36: every kind of refused play names the rule that refuses it (the refusal logic in ``explain`` is
rule logic too: a condition turned round there tells a player the wrong rule, or none)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from turnbuckle.engine.actions import Action
from turnbuckle.engine.errors import IllegalActionError
from turnbuckle.games.wrasslin.refusals import explain
from turnbuckle.games.wrasslin.scenario import HARPO, KNEESHURT, play, stage
from turnbuckle.games.wrasslin.state import WrasslinState

ADAMS = "Manly Mike Adams"
CHAMP = "The Champ"
UMPIRE = "Mr. Umpire"
SIX = ["Drop Kick", "Drop Kick", "Chop", "Knee Lift"]  # 6 damage: Kneeshurt is immobile
TAG = [HARPO, KNEESHURT, ADAMS, CHAMP]
BR5 = [HARPO, KNEESHURT, ADAMS, CHAMP, UMPIRE]

CASES: list[tuple[str, list[str], dict[int, list[str]], dict[int, list[str]], dict[str, Any], list[str], str, str]] = [
    # (id, wrestlers, hands, damage, params, plays before ("...": everyone asked passes), refused play, what the
    # refusal must say)
    ("accumulate", [HARPO, KNEESHURT], {0: ["Chop"]}, {}, {}, [], "accumulate Chop", r"face down.*\(10\.11\)"),
    ("wild-as-wild", [HARPO, KNEESHURT], {0: ["Wild Card"]}, {}, {}, [], "play Wild Card", r"as CARD`? \(11\.2\)"),
    ("specialty-by-number", [HARPO, KNEESHURT], {0: ["Specialty"]}, {}, {}, [], "play Specialty",
     r"`play Specialty N`.*\(11\.4, 11\.42\)"),
    ("wild-specialty-by-number", [HARPO, KNEESHURT], {0: ["Wild Card"]}, {}, {}, [], "play Wild Card as Specialty",
     r"`play Wild Card as Specialty N`"),
    ("specialty-with-only-a-wild-card", [HARPO, KNEESHURT], {0: ["Wild Card"]}, {}, {}, [], "play Specialty 1",
     r"holds no Specialty"),
    ("pass-in-a-target-choice", TAG, {2: ["Double Team", "Chop"]}, {}, {"match_type": "tag", "turn": 2},
     ["play Double Team", "play Chop"], "pass", r"no just-played card to answer.*\(5\.6"),
    ("referee-without-an-illegal-man", TAG, {0: ["Referee"]}, {}, {"match_type": "tag"}, [], "play Referee",
     r"\(9\.4, 12\.41\)"),
    ("count-by-the-attackers-partner", TAG, {0: ["Chop"], 2: ["Long/Short Count"]}, {}, {"match_type": "tag",
     "auto_pass": False}, ["play Chop", "pass"], "react Long Count",
     r"own side's turn has no effect \(9\.2\)"),
    ("no-specialty-card", [HARPO, KNEESHURT], {0: ["Chop"]}, {}, {}, [], "play Specialty 1", r"holds no Specialty"),
    ("specialty-out-of-range", [HARPO, KNEESHURT], {0: ["Specialty"]}, {}, {}, [], "play Specialty 2",
     r"has only 1 Specialty \(11\.42\)"),
    ("no-such-card", [HARPO, KNEESHURT], {0: ["Chop"]}, {}, {}, [], "play Knee Lift", r"holds no Knee Lift"),
    ("wild-as-removed-card", BR5, {0: ["Wild Card"]}, {}, {"match_type": "battle_royal", "players": 5}, [],
     "play Wild Card as Pin", r"no Pin cards.*\(11\.2\)"),
    ("count-without-a-count", [HARPO, KNEESHURT], {0: ["Chop"], 1: ["Long/Short Count"]}, {}, {"auto_pass": False},
     ["play Chop"], "react Long Count", r"changes a running count.*\(9\.2\)"),
    ("count-in-own-turn", [HARPO, KNEESHURT], {0: ["Choke", "Long/Short Count"], 1: ["Referee"]}, {},
     {"auto_pass": False}, ["play Choke", "react Referee"], "react Short Count", r"own side's turn.*\(9\.2\)"),
    ("challenge-nothing", [HARPO, KNEESHURT], {0: ["Chop"]}, {}, {"auto_pass": False}, ["play Chop"], "challenge",
     r"no illegal play.*\(11\.5\)"),
    ("concede-outside-a-tournament", [HARPO, KNEESHURT], {0: ["Chop"]}, {}, {}, [], "concede", r"\(14\.3\)"),
    ("target-in-main", [HARPO, KNEESHURT], {0: ["Chop"]}, {}, {}, [], "target seat 1",
     r"may not put the Hold on seat 1 now"),
    ("second-play", [HARPO, KNEESHURT], {0: ["Combination", "Chop", "Knee Lift", "Recovery 1"]}, {0: ["Chop"]}, {},
     ["play Combination", "play Chop"], "play Recovery 1", r"already made his play this turn \(5\.4 A\)"),
    ("combination-holds-only", [HARPO, KNEESHURT], {0: ["Combination", "Chop", "Recovery 1"]}, {0: ["Chop"]}, {},
     ["play Combination"], "play Recovery 1", r"Combination: a second Hold, or end the turn \(11\.1\)"),
    ("double-team-hold-only", TAG, {2: ["Double Team", "Chop", "Recovery 1"]}, {2: ["Chop"]},
     {"match_type": "tag", "turn": 2}, ["play Double Team"], "play Recovery 1", r"Hold of his Double Team.*\(12\.4\)"),
    ("double-team-no-pin", TAG, {2: ["Double Team", "Chop", "Pin"]}, {1: ["Chop"]},
     {"match_type": "tag", "turn": 2}, ["play Double Team"], "play Pin", r"Pin or Continuing Hold \(12\.4\)"),
    ("hold-from-the-apron", TAG, {2: ["Chop"]}, {}, {"match_type": "tag", "turn": 2}, [], "play Chop",
     r"on the apron.*\(12\.1, 12\.4\)"),
    ("no-surge-rating", [KNEESHURT, HARPO], {0: ["Power Surge"]}, {0: [*SIX, "Drop Kick"]}, {}, [],
     "play Power Surge", r"no Power Surge rating left \(3\.14\)"),
    ("second-surge", [HARPO, KNEESHURT], {0: ["Power Surge", "Power Surge", "Chop"]}, {}, {}, ["play Power Surge"],
     "play Power Surge", r"already played a Power Surge this turn \(8\.4"),
    ("recovery-without-damage", [HARPO, KNEESHURT], {0: ["Recovery 1"]}, {}, {}, [], "play Recovery 1",
     r"no damage to remove \(6\.2\)"),
    ("recovery-under-a-hold", [HARPO, KNEESHURT], {0: ["Bear Hug"], 1: ["Recovery 1", "Chop"]}, {1: ["Chop"]}, {},
     ["play Bear Hug"], "play Recovery 1", r"\(10\.12, 10\.21\)"),
    ("tag-in-singles", [KNEESHURT, HARPO], {0: ["Specialty"]}, {}, {}, [], "play Specialty 1",
     r"Tag cards are used only in Tag Team matches \(5\.1, 12\.3\)"),
    ("tag-from-the-apron", TAG, {2: ["Tag"]}, {}, {"match_type": "tag", "turn": 2}, [], "play Tag",
     r"only the Wrestler in the ring may play a Tag \(12\.3\)"),
    ("tag-under-a-hold", TAG, {0: ["Bear Hug"], 1: ["Tag", "Chop"]}, {}, {"match_type": "tag"}, ["play Bear Hug"],
     "play Tag", r"Pin or Continuing Hold \(12\.3\)"),
    ("tag-immobile", TAG, {1: ["Tag", "Chop"]}, {1: SIX}, {"match_type": "tag", "turn": 1}, [], "play Tag",
     r"immobile: no Tag without a Power Surge \(6\.13\)"),
    ("double-team-in-singles", [KNEESHURT, HARPO], {0: ["Specialty"]}, {}, {}, [], "play Specialty 2",
     r"Double Team cards are used only in Tag Team matches \(5\.1, 12\.4\)"),
    ("double-team-from-the-ring", TAG, {0: ["Double Team", "Chop"]}, {}, {"match_type": "tag"}, [],
     "play Double Team", r"from outside the ring.*\(12\.4\)"),
    ("double-team-without-a-hold", TAG, {2: ["Double Team"]}, {}, {"match_type": "tag", "turn": 2}, [],
     "play Double Team", r"no Hold he could put on with a Double Team \(12\.4\)"),
    ("combination-without-a-hold", [HARPO, KNEESHURT], {0: ["Combination"]}, {}, {}, [], "play Combination",
     r"Combination needs a Hold.*\(11\.1\)"),
    ("block-in-own-turn", [HARPO, KNEESHURT], {0: ["Block"]}, {}, {}, [], "play Block", r"\(8\.1, 10\.2 A\)"),
    ("block-a-pin-immobile", [HARPO, KNEESHURT], {0: ["Pin"], 1: ["Block", "Chop"]}, {1: SIX}, {},
     ["play Pin"], "play Block", r"no Strength, Agility or Skill left to Block \(3\.12, 8\.1\)"),
    ("referee-in-own-turn", [HARPO, KNEESHURT], {0: ["Referee"]}, {}, {}, [], "play Referee", r"\(9\.4, 12\.41\)"),
    ("reverse-in-own-turn", [HARPO, KNEESHURT], {0: ["Reverse"]}, {}, {}, [], "play Reverse",
     r"never in your own turn \(5\.6\)"),
    ("exit-from-the-floor", [HARPO, KNEESHURT], {0: ["Out of Ring", "Out of Ring", "Chop"], 1: ["Chop"]}, {}, {},
     ["exit ring with Out of Ring", "discard Chop"], "exit ring with Out of Ring", r"not in the ring \(11\.3\)"),
    ("exit-in-a-battle-royal", BR5, {0: ["Out of Ring"]}, {}, {"match_type": "battle_royal", "players": 5}, [],
     "exit ring with Out of Ring", r"only throws an opponent out \(13\.3\)"),
    ("exit-under-a-hold", [HARPO, KNEESHURT], {0: ["Bear Hug"], 1: ["Out of Ring", "Chop"]}, {}, {},
     ["play Bear Hug"], "exit ring with Out of Ring", r"may not leave the ring \(10\.12\)"),
    ("exit-while-pinning", [HARPO, KNEESHURT], {0: ["Pin", "Out of Ring"], 1: ["Chop"]}, {1: ["Chop"]}, {},
     ["play Pin", "discard Chop", "..."], "exit ring with Out of Ring",
     r"pinning and may not leave the ring \(10\.21\)"),
    ("exit-immobile", [KNEESHURT, HARPO], {0: ["Out of Ring", "Chop"]}, {0: SIX}, {}, [],
     "exit ring with Out of Ring", r"immobile: he may not leave the ring.*\(3\.13\)"),
    ("re-enter-from-the-ring", [HARPO, KNEESHURT], {0: ["Chop"]}, {}, {}, [], "re-enter ring",
     r"not outside the ring \(11\.32\)"),
    ("enter-without-two-opponents", TAG, {2: ["Chop"]}, {}, {"match_type": "tag", "turn": 2}, [], "enter ring",
     r"\(12\.42\)"),
    ("stay-without-a-double-team", [HARPO, KNEESHURT], {0: ["Chop"]}, {}, {}, [], "stay in ring", r"\(12\.41\)"),
    ("release-nothing", [HARPO, KNEESHURT], {0: ["Chop"]}, {}, {}, [], "release hold",
     r"no Continuing Hold or Pin to release \(8\.41\)"),
    ("serve-without-a-penalty", [HARPO, KNEESHURT], {0: ["Chop"]}, {}, {}, [], "serve penalty",
     r"not being penalized \(9\.41, 9\.42\)"),
    ("end-without-a-play", [HARPO, KNEESHURT], {0: ["Chop"]}, {}, {}, [], "end turn",
     r"a turn is not passed \(5\.5\)"),
    ("block-a-tag", TAG, {0: ["Tag", "Chop"], 1: ["Block"]}, {}, {"match_type": "tag", "auto_pass": False},
     ["play Tag"], "react Block", r"a Block answers a Hold \(8\.1\)"),
    ("block-for-a-partner", TAG, {0: ["Chop"], 3: ["Block"]}, {}, {"match_type": "tag", "auto_pass": False},
     ["play Chop", "pass", "pass"], "react Block", r"only the Wrestler the Hold was played on.*\(8\.1, 12\.1\)"),
    ("block-a-double-team", TAG, {1: ["Block"], 2: ["Double Team", "Chop"]}, {},
     {"match_type": "tag", "turn": 2, "auto_pass": False},
     ["play Double Team", "play Chop", "target seat 1", "pass", "pass"], "react Block", r"cannot be avoided \(12\.4\)"),
    ("answer-surge-without-rating", [HARPO, KNEESHURT], {0: ["Takedown"], 1: ["Power Surge"]},
     {1: [*SIX, "Drop Kick"]}, {"auto_pass": False}, ["play Takedown"], "react Power Surge",
     r"no Power Surge rating left \(3\.14\)"),
    ("block-immobile", [HARPO, KNEESHURT], {0: ["Chop"], 1: ["Block"]}, {1: SIX}, {"auto_pass": False},
     ["play Chop"], "react Block", r"no Strength, Agility or Skill left to react \(3\.12, 8\.1\)"),
    ("reverse-a-pin", [HARPO, KNEESHURT], {0: ["Pin"], 1: ["Reverse"]}, {1: ["Chop"]}, {"auto_pass": False},
     ["play Pin"], "react Reverse", r"Pin cannot be Reversed \(8\.33, 10\.2\)"),
    ("reverse-a-specialty", [HARPO, KNEESHURT], {0: ["Specialty"], 1: ["Reverse"]}, {}, {"auto_pass": False},
     ["play Specialty 1"], "react Reverse", r"Specialty cannot be Reversed \(8\.33, 11\.4\)"),
    ("reverse-a-continuing-hold", [HARPO, KNEESHURT], {0: ["Bear Hug"], 1: ["Reverse"]}, {}, {"auto_pass": False},
     ["play Bear Hug"], "react Reverse", r"Continuing Hold cannot be Reversed \(8\.33, 10\.1\)"),
    ("interference-without-manager", [HARPO, KNEESHURT], {0: ["Chop"], 1: ["Interference/Block"]}, {},
     {"auto_pass": False}, ["play Chop"], "react Interference/Block", r"no manager or mobile Tag Team partner"),
    ("distraction-without-referee", [KNEESHURT, HARPO], {0: ["Chop"], 1: ["Distraction"]}, {},
     {"auto_pass": False}, ["play Chop"], "react Distraction", r"Distraction voids a Referee.*\(9\.5\)"),
    ("interference-for-the-attacker", TAG, {0: ["Chop"], 2: ["Interference/Block"]}, {},
     {"match_type": "tag", "auto_pass": False}, ["play Chop", "pass"], "react Interference/Block",
     r"Interference answers a Hold on your own side \(9\.3\)"),
    ("distraction-without-manager-or-third-man", TAG, {0: ["Referee"], 1: ["Distraction"], 3: ["Double Team", "Chop"]},
     {}, {"match_type": "tag", "turn": 3, "auto_pass": False},
     ["play Double Team", "play Chop", "target seat 0", "pass", "pass", "pass", "stay in ring", "play Referee"],
     "react Distraction", r"manager or a third mobile Tag Team partner \(12\.41\)"),
    ("referee-on-a-legal-hold", [HARPO, KNEESHURT], {0: ["Chop"], 1: ["Referee"]}, {}, {"auto_pass": False},
     ["play Chop"], "react Referee", r"a Referee needs an illegal card.*\(9\.4\)"),
    ("hold-as-an-answer", [HARPO, KNEESHURT], {0: ["Chop"], 1: ["Knee Lift"]}, {}, {"auto_pass": False},
     ["play Chop"], "react Knee Lift", r"Knee Lift cannot answer this play \(8\.x, 9\.x\)"),
]


@pytest.mark.parametrize(("wrestlers", "hands", "damage", "params", "before", "refused", "why"),
                         [pytest.param(*case[1:], id=case[0]) for case in CASES])
def test_each_refusal_names_its_rule(wrestlers: list[str], hands: dict[int, list[str]],
                                     damage: dict[int, list[str]], params: dict[str, Any], before: list[str],
                                     refused: str, why: str) -> None:
    # wrasslin 3.x-14.x: the rule behind each refused play (the id names the situation)
    st = stage(wrestlers, {s: hands.get(s, []) for s in range(len(wrestlers))}, damage=damage, **params)
    for name in before:
        if name == "...":
            while st.phase == "respond":
                play(st, "pass")
        else:
            play(st, name)
    with pytest.raises(IllegalActionError, match=why):
        st.apply_action(refused)


def test_refusals_outside_a_decision() -> None:
    # wrasslin 5.2 (the deal is chance), 5.7 (the match is over), 5.3 (the initiative call)
    st = WrasslinState(stage([HARPO, KNEESHURT], {0: [], 1: []}).g)
    assert "a card is being drawn" in explain(st, st.g.a_pass)
    done = stage([HARPO, KNEESHURT], {0: ["Head Stomp"], 1: []}, damage={1: [*SIX, "Drop Kick", "Drop Kick", "Chop"]})
    play(done, "play Head Stomp")
    assert done.is_terminal() and explain(done, done.g.a_pass) == "the match is over"
    foreign = Action(10_000, "play Chop twice")
    fresh = stage([HARPO, KNEESHURT], {0: ["Chop"], 1: []})
    assert "is not a decision of this game" in explain(fresh, foreign)
    while st.phase != "initiative":
        st.apply_action(st.chance_outcomes()[0][0])
    assert re.search(r"must call the Initiative Number.*\(5\.3\)", explain(st, st.g.a_play[st.g.index["Chop"]]))


def test_a_phase_that_needs_its_own_answer_first() -> None:
    # wrasslin 9.41 / 9.42: a penalized Wrestler serves or ignores first; 12.41 the Double Teamer stays or goes
    st = stage([HARPO, KNEESHURT], {0: ["Hair Pull", "Chop"], 1: ["Referee", "Chop"]})
    play(st, "play Hair Pull", "react Referee", "discard Chop")
    assert st.phase == "penalty"
    with pytest.raises(IllegalActionError, match=r"`serve penalty` or `ignore warning` first \(9\.41, 9\.42\)"):
        st.apply_action("play Chop")
    st = stage(TAG, {2: ["Double Team", "Chop", "Knee Lift"]}, match_type="tag", turn=2)
    play(st, "play Double Team", "play Chop", "target seat 1")
    assert st.phase == "stay"
    with pytest.raises(IllegalActionError, match=r"stays in the ring or returns to the apron \(12\.41\)"):
        st.apply_action("play Knee Lift")
