"""Each basic rule, each optional rule on and off, and the special matches (forced dice)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from turnbuckle.engine.conformance import chi_square_sf
from turnbuckle.engine.errors import IllegalActionError
from turnbuckle.games.filsinger.core import card, pin_rating
from turnbuckle.games.filsinger.decisions import legal_names
from turnbuckle.games.filsinger.defense import start_defense
from turnbuckle.games.filsinger.entries import start_chart, start_offense
from turnbuckle.games.filsinger.forcing import force
from turnbuckle.games.filsinger.options import OPTIONAL_RULES, resolve_options
from turnbuckle.games.filsinger.pins import start_pin
from turnbuckle.games.filsinger.queries import state_key
from turnbuckle.games.filsinger.rules import FilsingerGame
from turnbuckle.games.filsinger.state import BOTH, FilsingerState

REX, DUKE = 0, 1


def singles(**params: Any) -> FilsingerState:
    params.setdefault("wrestlers", ["Rex Hammond", "Duke Marlowe"])
    return force(FilsingerGame(**params).new_initial_state(), "first=0")


def tag(**params: Any) -> FilsingerState:
    state = FilsingerGame(match_type="tag", **params).new_initial_state()
    return force(state, "first=0")


def kinds(state: FilsingerState) -> list[str]:
    return [e.kind for e in state.events]


# filsinger OPTIONAL (ADVANCED) RULES: tournament standard = every rule on; a named flag overrides
def test_tournament_standard_turns_everything_on() -> None:
    opts = resolve_options({"tournament_standard": True})
    assert all(getattr(opts, name) for name in OPTIONAL_RULES)
    assert not resolve_options({"tournament_standard": True, "fatigue": False}).fatigue
    assert not any(getattr(resolve_options({}), name) for name in OPTIONAL_RULES)
    assert {o.name for o in FilsingerGame.options()} >= set(OPTIONAL_RULES)


# filsinger BASIC 3: highest roll starts, on LEVEL 1 OFFENSE
def test_roll_off_starts_on_level_1() -> None:
    state = FilsingerGame().new_initial_state()
    assert [a.name for a, _ in state.chance_outcomes()] == ["first=0", "first=1"]
    force(state, "first=1")
    assert (state.phase, state.attacker, state.level) == ("offense_roll", 1, 1)


# filsinger BASIC 8. TAG TEAM RULES: tag out on offense; the partner rolls the same level
def test_tag_out_on_offense() -> None:
    state = tag()
    assert legal_names(state) == ["roll offense", "tag out to Cole Brandt"]
    force(state, "roll offense", "d6=3", "d6=5")  # hammerlock 2, hurt 2
    assert legal_names(state) == ["roll offense", "tag out to Cole Brandt"]
    force(state, "tag out to Cole Brandt")
    assert card(state, 0).name == "Cole Brandt" and (state.phase, state.level) == ("offense_roll", 2)


# filsinger BASIC 8: no tagging out on defense in the basic game ((tag) is ignored)
def test_no_defensive_tag_in_basic_game() -> None:
    state = tag()
    start_defense(state, 0, 3)
    face = next(i for i, e in enumerate(card(state, 0).defense.level3) if getattr(e, "tag", False)) + 1
    force(state, f"d6={face}")
    assert state.phase in ("offense_choice", "offense_roll") and state.attacker == 1


# filsinger BASIC 7 / 4: count outs come from the Out of the Ring chart
def test_count_out() -> None:
    state = singles()
    start_chart(state, "ring", DUKE, thrown=True)
    force(state, "2d6=12")  # Ring A 12: COUNT OUT 6
    assert (state.phase, state.dq_rating) == ("countout_roll", 6)
    force(state, "2d6=6")
    assert state.winner == REX and state.how == "count out"


# filsinger BASIC 3: "or both are disqualified"
def test_double_disqualification_is_a_draw() -> None:
    state = singles(wrestlers=["Rex Hammond", "Vince Valentine"])  # Vince: Ring B
    start_chart(state, "ring", 1, thrown=True)
    force(state, "2d6=7", "2d6=4")  # Ring B 7: DISQUALIFICATION 4 for both
    assert state.is_terminal() and state.winner == BOTH and state.returns() == [0.0, 0.0]


# filsinger OPTIONAL 1. FATIGUE off: basic PIN rating, no tokens
def test_fatigue_off() -> None:
    state = singles()
    start_pin(state, DUKE, 0)
    assert pin_rating(state, DUKE) == 6
    force(state, "2d6=9")
    assert state.tokens == [0, 0]


# filsinger OPTIONAL 2. FINISHER RATINGS off/on
@pytest.mark.parametrize(("on", "rating"), [(False, 6), (True, 3 + 3)])
def test_finisher_ratings(on: bool, rating: int) -> None:
    state = singles(finisher_ratings=on)
    start_offense(state, REX, 3)
    force(state, "d6=6")
    assert pin_rating(state, DUKE, state.pin_add) == rating


# filsinger OPTIONAL 3. ROLL FINISHERS off: no roll, no miss; the lowest rating of the range
def test_roll_finishers_off() -> None:
    state = singles(wrestlers=["Skye Falcon", "Duke Marlowe"], finisher_ratings=True)
    start_offense(state, 0, 3)
    face = next(i for i, e in enumerate(card(state, 0).offense.level3) if "roll" in e.text) + 1
    force(state, f"d6={face}")
    assert state.phase == "pin_roll" and state.pin_add == 2


# filsinger OPTIONAL 3: a two-dice roll finisher (rating = roll - 5, misses on 2-4)
def test_two_dice_roll_finisher() -> None:
    state = singles(wrestlers=["Ace Dalton", "Duke Marlowe"], roll_finishers=True, finisher_ratings=True)
    start_offense(state, 0, 3)
    face = next(i for i, e in enumerate(card(state, 0).offense.level3) if "roll" in e.text) + 1
    force(state, f"d6={face}")
    assert len(state.chance_outcomes()) == 11
    hit = force(state.clone(), "2d6=10")
    assert hit.pin_add == 5
    miss = force(state, "2d6=4")
    assert (miss.attacker, miss.level) == (1, 3)


# filsinger OPTIONAL 4. AGILITY AND POWER off: (pw) is ignored
def test_agility_power_off() -> None:
    state = singles(wrestlers=["Rex Hammond", "Brick Kowalczyk"])
    start_offense(state, REX, 2)
    force(state, "d6=1")  # body slam 2 (pw) against Power -3 still works
    assert (state.phase, state.level, state.attacker) == ("defense_roll", 2, REX)


# filsinger OPTIONAL 4: "(ag) or (pw) is successful only if the wrestler on offense has an agility or
# power rating that is the same or better than the opponent" (better is lower): a tie lands
@pytest.mark.parametrize(("opponent", "lands"), [("Marcus Stone", True), ("Duke Marlowe", True),
                                                 ("Brick Kowalczyk", False)])
def test_agility_power_same_rating_lands(opponent: str, lands: bool) -> None:
    state = singles(wrestlers=["Rex Hammond", opponent], agility_power=True)  # Rex: Power -2
    start_offense(state, REX, 2)
    force(state, "d6=1")  # body slam 2 (pw) against Power -2, +1, -3
    if lands:
        assert (state.phase, state.level, state.attacker) == ("defense_roll", 2, REX)
    else:
        assert (state.phase, state.level, state.attacker) == ("offense_roll", 2, DUKE)
        assert "countered" in kinds(state)


# filsinger BASIC 3 and 5: one die on a chart level, two dice (2-12, as two dice fall) for PIN, DQ and the
# charts; the fast sampler draws what the chance outcomes list
@pytest.mark.parametrize("phase", ["offense", "pin", "chart"])
def test_dice_laws_and_the_fast_sampler(phase: str) -> None:
    state = singles()
    if phase == "pin":
        start_pin(state, DUKE, 0)
    elif phase == "chart":
        start_chart(state, "ring", DUKE, thrown=True)
    listed = {a.name: p for a, p in state.chance_outcomes()}
    if phase == "offense":
        want = {f"d6={f}": 1 / 6 for f in range(1, 7)}
    else:
        want = {f"2d6={t}": (6 - abs(t - 7)) / 36 for t in range(2, 13)}
    assert listed.keys() == want.keys() and all(listed[k] == pytest.approx(want[k]) for k in want)
    rng = random.Random(3)
    draws = 6000
    seen = Counter(state.sample_chance(rng).name for _ in range(draws))
    assert set(seen) <= set(want)
    stat = sum((seen[k] - p * draws) ** 2 / (p * draws) for k, p in want.items())
    assert chi_square_sf(stat, len(want) - 1) > 1e-4


# filsinger OPTIONAL 5. BASIC CHART CHOICES off: (c) is ignored
def test_chart_choices_off() -> None:
    state = singles()
    start_offense(state, REX, 2)
    force(state, "d6=4")
    assert state.phase == "chart_roll" and state.chart == "turnbuckle"


# filsinger OPTIONAL 6. LEAVING THE RING: down 3 (lv) offers Out of the Ring with his own Ring rating
@pytest.mark.parametrize("on", [False, True])
def test_leaving_the_ring(on: bool) -> None:
    state = singles(leaving_ring=on)
    start_defense(state, DUKE, 3)
    force(state, "d6=5")  # down 3 (lv)
    if not on:
        assert state.attacker == REX and state.phase == "offense_roll"
        return
    assert legal_names(state) == ["leave ring", "stay"] and state.current_player() == DUKE
    stay = force(state.clone(), "stay")
    assert (stay.attacker, stay.level) == (REX, 3)
    force(state, "leave ring")
    assert state.phase == "chart_roll" and state.chart == "ring" and state.chart_me == DUKE


# filsinger OPTIONAL 6 + 12: in tag matches, (lv) or (tag) but not both
def test_leave_or_tag_not_both() -> None:
    state = tag(leaving_ring=True, tag_out_defense=True)
    start_defense(state, 1, 3)
    # Duke's LEVEL 3 DEFENSE: roll 5 is down 3 (lv), roll 4 is down 3 (tag)
    assert legal_names(force(state.clone(), "d6=5")) == ["leave ring", "stay"]
    assert legal_names(force(state, "d6=4")) == ["try tag", "stay"]


# filsinger OPTIONAL 7. CHOICE SITUATIONS off: the original move stands
def test_choice_situations_off() -> None:
    state = singles()
    start_offense(state, REX, 2)
    force(state, "d6=5")  # diving knee 3 (ch C)
    assert (state.phase, state.level) == ("defense_roll", 3)


# filsinger OPTIONAL 7: a move that subtracts the opponent's rating (H: Leverage Rollup)
def test_choice_subtracts_rating() -> None:
    game = FilsingerGame()
    move = game.charts.choice["H"].moves[1]
    assert move.target(0, -3) == move.base + 3


# filsinger OPTIONAL 8. ADD 1 MOVES on/off
@pytest.mark.parametrize(("on", "pin"), [(False, 6), (True, 7)])
def test_add_one(on: bool, pin: int) -> None:
    state = singles(add_one=on)
    start_offense(state, REX, 3)
    force(state, "d6=5")  # figure four 3 (add 1)
    assert pin_rating(state, DUKE) == pin and (state.phase, state.level) == ("defense_roll", 3)


# filsinger OPTIONAL 9. DISQUALIFICATION MOVES: roll the DQ rating (or the (dis N)), or roll again
def test_dis_moves() -> None:
    state = singles(dis_moves=True)
    start_offense(state, DUKE, 2)
    force(state, "d6=4")  # chair shot 3 (dis)
    assert legal_names(state) == ["risk disqualification", "roll again"]
    again = force(state.clone(), "roll again")
    assert (again.phase, again.level) == ("offense_roll", 1)  # the previous level
    risk = force(state.clone(), "risk disqualification")
    assert (risk.phase, risk.dq_rating) == ("dq_roll", 5)
    assert force(risk.clone(), "2d6=5").winner == REX
    landed = force(risk, "2d6=6")
    assert (landed.phase, landed.level, landed.attacker) == ("defense_roll", 3, DUKE)
    choke = singles(dis_moves=True)
    start_offense(choke, DUKE, 1)
    force(choke, "d6=5", "risk disqualification")  # choke 2 (dis 4)
    assert choke.dq_rating == 4


# filsinger OPTIONAL 9 off, and NO DQ: a (dis) move just lands
@pytest.mark.parametrize("params", [{}, {"dis_moves": True, "no_dq": True}])
def test_dis_moves_ignored(params: dict[str, Any]) -> None:
    state = singles(**params)
    start_offense(state, DUKE, 2)
    force(state, "d6=4")
    assert (state.phase, state.level) == ("defense_roll", 3)


# filsinger OPTIONAL 10. THE FEUD TABLE: a feud match ending on doubles; injuries; +2 PIN
def test_feud_table() -> None:
    game = FilsingerGame(wrestlers=["Rex Hammond", "Duke Marlowe"], feud_table=True)
    assert game.feud  # rivals on the cards make it a feud match
    state = force(game.new_initial_state(), "first=0")
    start_pin(state, DUKE, 0)
    assert len(state.chance_outcomes()) == 36
    doubles = force(state.clone(), "2d6=3+3")
    assert doubles.decided and doubles.phase == "feud_roll" and not doubles.is_terminal()
    force(doubles, "2d6=1+1")  # 2: the loser is injured for 3 fight cards
    assert doubles.is_terminal() and doubles.injuries == [("Duke Marlowe", 3)]
    assert doubles.returns() == [1.0, -1.0]
    plain = force(state, "2d6=2+4")
    assert plain.is_terminal()


# filsinger OPTIONAL 10. THE FEUD TABLE: no ally -> ignore the ally row and roll again
def test_feud_table_ally_rows_need_an_ally() -> None:
    game = FilsingerGame(wrestlers=["Lucky Lafleur", "Boris Volkov"], feud_table=True, feud=True)
    state = force(game.new_initial_state(), "first=0")
    start_pin(state, 1, 0)
    force(state, "2d6=1+1")  # Lucky wins on doubles; Lucky has no ally
    force(state, "2d6=1+2")  # 3: the winner's ally joins in -> no ally: roll again
    assert state.phase == "feud_roll" and "feud_reroll" in kinds(state)


@pytest.mark.parametrize(("on", "pin"), [(False, 6), (True, 8)])
# filsinger OPTIONAL 10. THE FEUD TABLE: an injured wrestler's PIN rating increases by two
def test_injured_wrestler_pin_plus_2(on: bool, pin: int) -> None:
    state = singles(feud_table=on, injured=["Duke Marlowe"])
    assert pin_rating(state, DUKE) == pin


# filsinger OPTIONAL 10 off (or not a feud match): plain 2d6 sums, no Feud Table
def test_feud_table_off_or_no_feud() -> None:
    for params in ({"feud_table": False}, {"feud_table": True, "feud": False}):
        state = singles(**params)
        start_pin(state, DUKE, 0)
        assert len(state.chance_outcomes()) == 11


# filsinger OPTIONAL 11. DOUBLE TEAM: (tag) rerolls in singles, (singles) rerolls in tags
def test_double_team_moves() -> None:
    on = singles(double_team=True)
    start_offense(on, DUKE, 3)
    force(on, "d6=5")  # double clothesline 3 (tag)
    assert (on.phase, on.attacker, on.level) == ("offense_roll", DUKE, 3) and "reroll" in kinds(on)
    off = singles()
    start_offense(off, DUKE, 3)
    force(off, "d6=5")
    assert off.phase == "defense_roll"
    tagged = tag(double_team=True)
    start_offense(tagged, 0, 3, window=False)
    force(tagged, "d6=4")  # Rex's crossface 3 (singles)
    assert "reroll" in kinds(tagged)
    # "roll again at the same level of offense until you roll a different instruction": no tag out between
    assert (tagged.phase, tagged.attacker, tagged.level) == ("offense_roll", 0, 3)


_TAG_OPTIONS = ("tag_out_defense", "pin_saves", "choice_situations", "dis_moves", "chart_choices", "interference")


def _singles_faces(state: FilsingerState, side: int) -> list[tuple[int, int]]:
    """(level, face) of every (singles) move on the legal man's card of ``side``."""
    index = side * state.game.size + state.legal[side]
    return [(level, face) for level in (1, 2, 3) for face in range(1, 7)
            if getattr(state.game.offense[index][level][face - 1], "singles_only", False)]


# filsinger OPTIONAL 11 with every tag-match option: "In tag matches roll again at the same level of
# offense until you roll a different instruction" -- at once, whatever else is on, whoever is legal
@pytest.mark.parametrize("match_type", ["tag", "six_man"])
@pytest.mark.parametrize("mask", range(2 ** len(_TAG_OPTIONS) + 1))
def test_singles_move_rerolled_at_once_in_every_tag_match(match_type: str, mask: int) -> None:
    if mask == 2 ** len(_TAG_OPTIONS):
        params: dict[str, Any] = {"tournament_standard": True}
    else:
        params = {name: bool(mask >> i & 1) for i, name in enumerate(_TAG_OPTIONS)}
        params["double_team"] = True
    base = FilsingerGame(match_type=match_type, **params).new_initial_state()
    force(base, "first=0")
    checked = 0
    for side in (0, 1):
        for partner in range(base.game.size):
            for just_tagged in (False, True):
                state = base.clone()
                assert isinstance(state, FilsingerState)
                state.legal[side] = partner
                for level, face in _singles_faces(state, side):
                    trial = state.clone()
                    assert isinstance(trial, FilsingerState)
                    trial.just_tagged[side] = just_tagged
                    start_offense(trial, side, level, window=False)
                    force(trial, f"d6={face}")
                    assert "reroll" in kinds(trial)
                    assert (trial.phase, trial.attacker, trial.level) == ("offense_roll", side, level), \
                        (params, side, partner, just_tagged, level, face)
                    assert trial.legal[side] == partner
                    checked += 1
    assert checked > 0


# filsinger OPTIONAL 12. TAGGING OUT ON DEFENSE: regular partners 6 or less
@pytest.mark.parametrize(("roll", "tagged"), [(6, True), (7, False)])
def test_defensive_tag_partners(roll: int, tagged: bool) -> None:
    state = tag(tag_out_defense=True)
    start_defense(state, 1, 3)
    force(state, "d6=4", "try tag", f"2d6={roll}")  # Duke -> Vince Valentine (partners)
    if tagged:  # the partner enters on LEVEL 1 OFFENSE
        assert card(state, 1).name == "Vince Valentine" and (state.attacker, state.level) == (1, 1)
    else:  # played in the usual manner: down 3
        assert card(state, 1).name == "Duke Marlowe" and (state.attacker, state.level) == (0, 3)


# filsinger OPTIONAL 12 + SIX MAN: a random partner; same group needs 4 or less; others ignored
def test_defensive_tag_six_man_random_target() -> None:
    game = FilsingerGame(match_type="six_man", tag_out_defense=True)
    assert [c.name for c in game.cards[:3]] == ["Rex Hammond", "Cole Brandt", "Marcus Stone"]
    state = force(game.new_initial_state(), "first=1")
    start_defense(state, 0, 3)
    face = next(i for i, e in enumerate(card(state, 0).defense.level3) if getattr(e, "tag", False)) + 1
    force(state, f"d6={face}", "try tag")
    assert [a.name for a, _ in state.chance_outcomes()] == ["partner=1", "partner=2"]
    group = force(state.clone(), "partner=2")
    assert group.game.relation[0][2] == 4
    assert card(force(group.clone(), "2d6=5"), 0).name == "Rex Hammond"
    assert card(force(group, "2d6=4"), 0).name == "Marcus Stone"


# filsinger OPTIONAL 12/13: not partners nor same group -> (tag) ignored, no pin saves
def test_defensive_tag_needs_a_relation() -> None:
    game = FilsingerGame(match_type="tag", tag_out_defense=True,
                         wrestlers=["Tommy Sparks", "Lucky Lafleur", "Rex Hammond", "Duke Marlowe"])
    state = force(game.new_initial_state(), "first=1")
    start_defense(state, 0, 3)
    face = next(i for i, e in enumerate(card(state, 0).defense.level3) if getattr(e, "tag", False)) + 1
    force(state, f"d6={face}")
    assert state.current_player() != 0 or "try tag" not in legal_names(state)
    assert game.pin_save_allowance[0] == 0


# filsinger OPTIONAL 13. PIN SAVES: two per match, tag matches only
def test_pin_saves_two_per_match() -> None:
    state = tag(pin_saves=True)
    for left in (1, 0):
        start_pin(state, 0, 0)
        force(state, "pin save", "2d6=6")
        assert state.saves_left[0] == left
    start_pin(state, 0, 0)
    assert state.phase == "pin_roll"  # no save left
    assert singles(pin_saves=True).saves_left == [0, 0]
    single = singles(pin_saves=True)
    start_pin(single, DUKE, 0)
    assert single.phase == "pin_roll"
    off = tag()
    start_pin(off, 0, 0)
    assert off.phase == "pin_roll"


# filsinger OPTIONAL 14. RINGSIDE ALLY: rolls of 6 or lower, OPPONENT ROLLS DISQUALIFICATION 6
def test_ringside_ally() -> None:
    state = FilsingerGame(wrestlers=["Rex Hammond", "Duke Marlowe"], ringside_ally=True).new_initial_state()
    assert (state.phase, state.current_player()) == ("ally_setup", 0)
    force(state, "bring ally", "no ally", "first=0")
    assert state.ally_ringside == [True, False]
    start_offense(state, REX, 3)
    force(state, "d6=3")  # out of the ring
    assert legal_names(state) == ["ally interferes", "ally stays back"] and state.current_player() == REX
    force(state, "ally interferes")
    high = force(state.clone(), "2d6=7")
    assert (high.attacker, high.level) == (DUKE, 1)  # the normal Ring A 7 result
    force(state, "2d6=6")
    assert (state.phase, state.dq_who, state.dq_rating) == ("dq_roll", REX, 6)
    assert force(state.clone(), "2d6=6").winner == DUKE
    force(state, "2d6=7")
    assert (state.attacker, state.level) == (REX, 3)


# filsinger OPTIONAL 14 off: nobody is asked about allies
def test_ringside_ally_off() -> None:
    state = FilsingerGame().new_initial_state()
    assert state.phase == "first"


# filsinger OPTIONAL 15. DISTRACTOR RATINGS: 5 by default, once per match
def test_distractor_default_5_once() -> None:
    state = singles(distractor=True)
    start_pin(state, DUKE, 0)
    assert "distract referee" in legal_names(state)
    force(state, "distract referee")
    assert state.game.distractor_rating(card(state, DUKE)) == 5
    force(state, "2d6=6")
    assert state.phase == "pin_roll"
    start_pin(state, DUKE, 0)
    assert state.phase == "pin_roll"  # used up
    off = singles()
    start_pin(off, DUKE, 0)
    assert off.phase == "pin_roll"


# filsinger OPTIONAL 16. OUTSIDE INTERFERENCE: once per match
def test_interference_once() -> None:
    state = singles(interference=True)
    start_pin(state, DUKE, 0)
    force(state, "interfere")
    assert state.chart == "interference"
    force(state, "2d6=2")
    assert state.winner == REX and state.how == "disqualification"
    again = singles(interference=True)
    start_pin(again, DUKE, 0)
    force(again, "interfere", "2d6=10")
    assert (again.attacker, again.level) == (DUKE, 3)
    start_pin(again, DUKE, 0)
    assert again.phase == "pin_roll"
    off = singles(distractor=True)
    start_pin(off, DUKE, 0)
    assert legal_names(off) == ["roll pin", "distract referee"]  # no "interfere" with the rule off


# filsinger SPECIAL MATCHES. NO DQ: disqualification and count out instructions are ignored
def test_no_dq_match() -> None:
    state = singles(no_dq=True)
    start_chart(state, "ring", DUKE, thrown=True)
    force(state, "2d6=6")  # Ring A 6: no DQ roll; he wins the brawl
    assert (state.phase, state.attacker, state.level) == ("offense_roll", DUKE, 3)
    auto = singles(no_dq=True, interference=True)
    start_pin(auto, DUKE, 0)
    force(auto, "interfere", "2d6=2")  # "disqualified" -> substitute down 3
    assert not auto.decided and (auto.attacker, auto.level) == (REX, 3)


# filsinger SPECIAL MATCHES. CAGE: Cage rating for PIN, face into cage 3, no (lv)
def test_cage_match() -> None:
    state = singles(cage=True, leaving_ring=True)
    assert pin_rating(state, DUKE) == 6  # Duke's Cage rating
    start_offense(state, REX, 3)
    force(state, "d6=3")  # out of the ring -> face into cage 3
    assert "face_into_cage" in kinds(state) and (state.phase, state.level) == ("defense_roll", 3)
    force(state, "d6=5")  # down 3 (lv): no leaving the ring in a cage
    assert state.phase == "offense_roll" and state.attacker == REX
    start_pin(state, DUKE, 0)
    force(state, "2d6=6")
    assert state.how == "escape" and state.winner == REX
    adv = singles(cage=True, fatigue=True)
    assert pin_rating(adv, DUKE) == 6 - (6 - 3)


# filsinger OPTIONAL 6 + 12: "a choice between trying to tag out (tag) or leaving the ring (lv)"
def test_lv_and_tag_on_one_entry() -> None:
    state = tag(leaving_ring=True, tag_out_defense=True)
    state.legal[0] = 1  # Cole Brandt is the legal man
    start_defense(state, 0, 3)
    face = next(i for i, e in enumerate(card(state, 0).defense.level3) if e.text == "down 3 (lv) (tag)") + 1
    force(state, f"d6={face}")
    assert legal_names(state) == ["leave ring", "try tag", "stay"]
    view = state.observation(0)["pending"]
    assert view == {"stunned": "down 3 (lv) (tag)", "level": 3}


# filsinger OPTIONAL 7: the observation shows both moves and their odds to the deciding player
def test_choice_observation() -> None:
    state = singles(choice_situations=True)
    start_offense(state, REX, 2)
    force(state, "d6=5")
    assert state.observation(0)["pending"]["moves"] == [
        {"move": "Moonsault", "level": 3, "works_on": 5},
        {"move": "Kick to Knee", "level": 2, "works_on": 8},
    ]


# filsinger OPTIONAL 10: "including ... disqualifications ... and count outs" ending on doubles
def test_feud_after_a_disqualification_on_doubles() -> None:
    state = singles(feud_table=True)
    start_chart(state, "ring", DUKE, thrown=True)
    force(state, "2d6=3+3")  # Ring A 6: Duke rolls DISQUALIFICATION 5
    force(state, "2d6=2+2")  # 4: disqualified, on doubles
    assert state.how == "disqualification" and state.phase == "feud_roll"
    force(state, "2d6=3+4")  # 7: security separates them
    assert state.is_terminal() and state.injuries == []


# filsinger BASIC 3: "This number tells the opponent at what offensive level he should roll":
# the defense result's own number, not the level the defense was rolled on
def test_defense_number_sets_the_next_offense_level() -> None:
    stunned = singles()
    force(stunned, "d6=2", "d6=1")  # Rex: headlock 1 -> Duke LEVEL 1 DEFENSE 1: dazed 2
    assert (stunned.phase, stunned.attacker, stunned.level) == ("offense_roll", REX, 2)
    counter = singles()
    force(counter, "d6=3", "d6=6")  # Rex: hammerlock 2 -> Duke LEVEL 2 DEFENSE 6: DUKE MARLOWE 1
    assert (counter.phase, counter.attacker, counter.level) == ("offense_roll", DUKE, 1)
    down = singles()
    force(down, "d6=3", "d6=6")
    force(down, "d6=5", "d6=5")  # Duke: choke 2 (dis 4) -> Rex LEVEL 2 DEFENSE 5: REX HAMMOND 2
    assert (down.attacker, down.level) == (REX, 2)


# filsinger BASIC 8: "at any time when he is on offense": the tag is offered before the roll
# again after (c) (OPTIONAL 5) and (dis) (OPTIONAL 9), at the level he rolls again on
@pytest.mark.parametrize(("option", "face", "level", "roll_again_level"),
                         [("chart_choices", 3, 2, 1), ("dis_moves", 3, 1, 1)])
def test_tag_out_before_a_roll_again(option: str, face: int, level: int, roll_again_level: int) -> None:
    state = tag(**{option: True})
    start_offense(state, DUKE, level)
    force(state, "roll offense", f"d6={face}")  # L2 3: into the ropes (c); L1 3: eye rake 1 (dis)
    assert state.phase in ("chart_choice", "dis_choice")
    force(state, "roll again")
    assert (state.phase, state.attacker, state.level) == ("offense_choice", DUKE, roll_again_level)
    assert legal_names(state) == ["roll offense", "tag out to Vince Valentine"]
    force(state, "tag out to Vince Valentine")
    assert card(state, DUKE).name == "Vince Valentine" and (state.phase, state.level) == ("offense_roll", 1)
    single = singles(**{option: True})
    start_offense(single, DUKE, level)
    force(single, f"d6={face}", "roll again")
    assert single.phase == "offense_roll"  # singles: nobody to tag


# filsinger BASIC 8: a man just tagged in rolls once before he may tag out; a (singles) re-roll
# (OPTIONAL 11) is part of that roll, and the tag opens once a different instruction is resolved
def test_tagged_in_man_rolls_once_then_may_tag() -> None:
    state = tag(double_team=True)
    force(state, "tag out to Cole Brandt")
    assert state.phase == "offense_roll"  # Cole must roll first
    start_offense(state, REX, 3)
    assert state.phase == "offense_roll"  # still his first roll
    force(state, "d6=4")  # Cole: crossface 3 (singles) -> re-roll in a tag match, at once
    assert (state.phase, state.attacker, state.level) == ("offense_roll", REX, 3)
    force(state, "d6=1")  # german suplex 3
    assert state.phase == "defense_roll"
    start_offense(state, REX, 2)
    assert state.phase == "offense_choice" and "tag out to Rex Hammond" in legal_names(state)


# filsinger OPTIONAL 3 without OPTIONAL 2: the rolled finisher rating is not added to the PIN
# rating ("in the normal manner" = the Finisher Ratings rule, off); a miss still misses
@pytest.mark.parametrize(("ratings", "added", "pin"), [(False, 0, 6), (True, 4, 3 + 4)])
def test_roll_finisher_rating_added_only_with_finisher_ratings(ratings: bool, added: int, pin: int) -> None:
    state = singles(wrestlers=["Skye Falcon", "Duke Marlowe"], roll_finishers=True, finisher_ratings=ratings)
    start_offense(state, 0, 3)
    force(state, "d6=2")  # FALCON DIVE 2-6 (roll)
    assert state.phase == "finisher_roll"
    miss = force(state.clone(), "d6=1")
    assert (miss.phase, miss.attacker, miss.level) == ("offense_roll", DUKE, 3)
    force(state, "d6=4")
    assert state.phase == "pin_roll" and state.pin_add == added and pin_rating(state, DUKE, state.pin_add) == pin
    rating = next(e for e in state.events if e.kind == "finisher_rating")
    assert rating.data["rating"] == 4 and rating.data["added"] is ratings


# design (clone): a clone reports its own events, not the original's, even after the original's
# events were read (the cached Event list is copied, not shared)
def test_clone_has_its_own_events() -> None:
    state = singles()
    force(state, "d6=3")
    before = [e.to_dict() for e in state.events]  # fills the cache
    twin = state.clone()
    force(state, "d6=6")  # Duke counters: DUKE MARLOWE 1
    force(twin, "d6=5")  # Duke is hurt 2
    assert [e.to_dict() for e in state.events][: len(before)] == before
    assert state.events[-1].data["text"] == "DUKE MARLOWE 1"
    assert twin.events[-1].data["text"] == "hurt 2"
    for s in (state, twin):
        replayed = s.game.state_from_actions([a.name for a in s.history])
        assert [e.to_dict() for e in s.events] == [e.to_dict() for e in replayed.events]


# filsinger OPTIONAL 3: a one-die roll finisher rolls one die: six faces, 1/6 each (pinned by mutation
# testing, docs/testing.md)
def test_one_die_roll_finisher_has_six_even_outcomes() -> None:
    state = singles(wrestlers=["Skye Falcon", "Duke Marlowe"], roll_finishers=True)
    start_offense(state, 0, 3)
    force(state, "d6=2")  # FALCON DIVE 2-6 (roll)
    assert state.phase == "finisher_roll"
    outcomes = state.chance_outcomes()
    assert [a.name for a, _ in outcomes] == [f"d6={n}" for n in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)


# filsinger 5. PINS: the PIN rating added decides the pin roll, so the exact odds' position key
# (``FilsingerState.key``) must tell two pins apart that differ only in it (pinned by mutation testing)
def test_position_key_holds_what_the_pending_roll_reads() -> None:
    state = singles()
    state.phase, state.pinned, state.pin_add = "pin_roll", DUKE, 0
    harder = state.clone()
    harder.pin_add = 2
    assert state_key(state) != state_key(harder)
    state.phase = harder.phase = "finisher_roll"
    assert state_key(state) == state_key(harder)  # a finisher roll does not read the PIN added yet


# filsinger SPECIAL MATCHES and OPTIONAL (ADVANCED) RULES: a plain match is a singles match with
# every special match and optional rule off; the options' listed defaults say the same (what
# ``turnbuckle rules filsinger`` and the browser's new-match form offer). Pinned by mutation testing.
def test_listed_option_defaults_are_a_plain_match() -> None:
    defaults = {o.name: o.default for o in FilsingerGame.options()}
    assert defaults["match_type"] == "singles"
    assert defaults["cage"] is False and defaults["no_dq"] is False
    assert all(defaults[name] is False for name in OPTIONAL_RULES)
    assert not FilsingerGame().cage


# filsinger 3. PLAYING THE GAME: at the start nobody is stunned (stun level 0), and the opening
# position can be written down and set up again as it was (pinned by mutation testing)
def test_opening_position_has_no_stun_and_round_trips() -> None:
    game = FilsingerGame()
    state = game.new_initial_state()
    assert isinstance(state, FilsingerState) and state.stun_level == 0
    position = state.to_position()
    assert game.state_from_position(position).to_position() == position


# filsinger 5. PINS: a pin roll over the PIN rating is a kick out, and the match says so with the roll
# and the rating
def test_kick_out_is_announced_with_roll_and_rating() -> None:
    state = singles()
    start_offense(state, REX, 3)
    force(state, "d6=6")
    assert state.phase == "pin_roll"
    force(state, "2d6=12")
    kick_out = next(e for e in state.events if e.kind == "kick_out")
    assert kick_out.data["roll"] == 12 and kick_out.data["rating"] == pin_rating(state, DUKE, 0) < 12


# filsinger OPTIONAL FEUD TABLE: in a feud match the two dice are read as a pair (doubles count), and
# a roll-off outcome is no pair: it is refused at a pin roll (pinned by mutation testing)
def test_feud_pin_roll_takes_only_pairs_of_dice() -> None:
    state = singles(feud=True, feud_table=True)
    start_offense(state, REX, 3)
    force(state, "d6=6")
    assert state.phase == "pin_roll" and state.game.feud_active
    names = {a.name for a, _ in state.chance_outcomes()}
    roll_off = next(a for a in state.game.actions.chance if a.name.startswith("first="))
    assert roll_off.name not in names
    with pytest.raises(IllegalActionError):
        state.apply_action(roll_off)


# filsinger OPTIONAL 15. DISTRACTOR RATINGS: a distraction rolled over the rating fails, the pin goes
# on, and the match says so (pinned by mutation testing)
def test_failed_distraction_is_announced() -> None:
    state = singles(distractor=True)
    start_pin(state, DUKE, 0)
    force(state, "distract referee", "2d6=6")
    assert state.phase == "pin_roll"
    fails = next(e for e in state.events if e.kind == "distraction_fails")
    assert fails.data["roll"] == 6


# filsinger SIX OR EIGHT MAN (OR MORE) TAG MATCHES: a twelve-man tag has six wrestlers a side
def test_twelve_man_tag_has_six_a_side() -> None:
    game = FilsingerGame(match_type="twelve_man")
    assert [len(team) for team in game.teams] == [6, 6]


# filsinger 3. PLAYING THE GAME: back at an offense choice nothing is pending (no stun level), and every
# position of a match can be written down and set up again (pinned by mutation testing)
def test_positions_of_a_random_match_round_trip() -> None:
    game = FilsingerGame(tournament_standard=True)
    state = game.new_initial_state()
    rng = random.Random(7)
    played = 0
    for _ in range(300):
        if state.is_terminal():
            break
        position = state.to_position()
        assert game.state_from_position(position).to_position() == position
        if state.phase == "offense_choice":
            assert isinstance(state, FilsingerState) and state.stun_level == 0
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        played += 1
    assert played > 20


# filsinger OPTIONAL 14. RINGSIDE ALLY: only the wrestler who brings an ally has one announced at
# ringside (pinned by mutation testing)
def test_only_a_brought_ally_is_announced() -> None:
    state = FilsingerGame(wrestlers=["Rex Hammond", "Duke Marlowe"], ringside_ally=True).new_initial_state()
    force(state, "bring ally", "no ally", "first=0")
    announced = [e.data["wrestler"] for e in state.events if e.kind == "ally_ringside"]
    assert announced == ["Rex Hammond"]


# filsinger OPTIONAL 5, 7, 9 and 15: a person's first match starts with the rules that give him
# choices on (the basic game has none), unless he picks optional rules himself (pinned by mutation testing)
def test_first_match_turns_the_rules_with_choices_on() -> None:
    from turnbuckle.games.filsinger.options import FIRST_MATCH_RULES

    assert FilsingerGame.first_match({}) == dict.fromkeys(FIRST_MATCH_RULES, True)
    assert FilsingerGame.first_match({"fatigue": True}) == {}


# filsinger OPTIONAL 6. LEAVING THE RING: the man who leaves the ring is announced (pinned by mutation
# testing)
def test_leaving_the_ring_is_announced() -> None:
    state = singles(leaving_ring=True)
    start_defense(state, DUKE, 3)
    force(state, "d6=5", "leave ring")  # down 3 (lv)
    assert [e.data["wrestler"] for e in state.events if e.kind == "leave_ring"] == ["Duke Marlowe"]


def _six_man_tag_try() -> FilsingerState:
    """Rex (side 0) stunned with a (tag) entry and trying to tag: Cole Brandt is his regular partner,
    Tommy Sparks nothing to him."""
    game = FilsingerGame(match_type="six_man", tag_out_defense=True, wrestlers=[
        "Rex Hammond", "Cole Brandt", "Tommy Sparks", "Duke Marlowe", "Vince Valentine", "Lucky Lafleur"])
    state = force(game.new_initial_state(), "first=1")
    start_defense(state, 0, 3)
    face = next(i for i, e in enumerate(card(state, 0).defense.level3) if getattr(e, "tag", False)) + 1
    return force(state, f"d6={face}", "try tag")


# filsinger OPTIONAL 12 + SIX MAN: a random partner he may not tag (no relation) means no roll at all:
# the tag is ignored and the opponent goes on at the stun level (pinned by mutation testing)
def test_six_man_tag_at_an_unrelated_partner_is_no_roll() -> None:
    state = force(_six_man_tag_try(), "partner=2")
    assert (state.phase, state.attacker, state.level) == ("offense_choice", 1, 3)
    assert not any(e.kind in ("tag", "tag_failed") for e in state.events)


# filsinger OPTIONAL 12: a defensive tag that comes off is announced, partner and roll (pinned by
# mutation testing)
def test_defensive_tag_is_announced() -> None:
    state = force(_six_man_tag_try(), "partner=1", "2d6=6")
    tag_event = next(e for e in state.events if e.kind == "tag")
    assert (tag_event.data["wrestler"], tag_event.data["defense"], tag_event.data["roll"]) == ("Cole Brandt", True, 6)
    assert tag_event.data["level"] == 1 and (state.attacker, state.level) == (0, 1)  # he enters on LEVEL 1 OFFENSE


# filsinger 5. PINS: a pin is rolled on two dice; one die's face is no outcome there (pinned by
# mutation testing: the quick path for offense and defense rolls must not take it)
def test_single_die_is_refused_at_a_pin_roll() -> None:
    state = singles()
    start_pin(state, DUKE, 0)
    assert state.phase == "pin_roll"
    die = state.game.actions.chance[2]
    assert die.name == "d6=3"
    with pytest.raises(IllegalActionError):
        state.apply_action(die)
    assert state.phase == "pin_roll"


# filsinger OPTIONAL 10. THE FEUD TABLE: only doubles send a feud match to the Feud Table; a two-dice
# total read as a sum (the exact odds' mode) is no doubles, so a pin on it ends the match (pinned by
# mutation testing)
def test_feud_match_read_as_sums_ends_without_the_feud_table() -> None:
    state = singles(feud=True, feud_table=True)
    state.sums_only = True
    start_pin(state, DUKE, 0)
    assert next(a.name for a, _ in state.chance_outcomes()) == "2d6=2"
    force(state, "2d6=2")
    assert state.decided and state.winner == REX and state.phase == "over"


# filsinger 3. PLAYING THE GAME: the offense roll is one die; a two-dice outcome is refused there
# (pinned by mutation testing: the quick path for offense and defense rolls must check the die)
def test_two_dice_outcome_is_refused_at_an_offense_roll() -> None:
    state = singles()
    start_offense(state, REX, 2)
    assert state.phase == "offense_roll"
    pair = next(a for a in state.game.actions.chance if a.name == "2d6=7")
    with pytest.raises(IllegalActionError):
        state.apply_action(pair)
    assert state.phase == "offense_roll"
