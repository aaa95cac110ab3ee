"""Every RUMBLESLAM decision shows what it needs: the observation's ``prompt`` (the terminal's "Now:"
line and the browser picture's last lines) and each offered action's ``describe_action`` text."""

from __future__ import annotations

from pathlib import Path

from support.rumbleslam import do, fixture_game, names, profile, restart, scenario, wrestler
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attack_profiles import A_LIFT
from turnbuckle.games.rumbleslam.state import RumbleslamState


def _duel(tmp_path: Path, **a: object) -> RumbleslamState:
    game = fixture_game(tmp_path, [profile("A", **a), profile("B", dex="1S+1", **{"def": "2C"})], ["A"], ["B"],
                        team0_extra={"endorsements": 1}, team1_extra={"endorsements": 1})
    return scenario(game, {"A": "D4", "B": "E4"}, active="A")


def test_defend_choice_says_which_attack_and_both_pools(tmp_path: Path) -> None:
    # rumbleslam TRIP: the defender rolls DEF or DEX; a failed Trip against DEF costs the attacker
    # 1 DMG, against DEX the defender dodges: the choice needs the attack and both pools
    s = _duel(tmp_path, att="1S+1C")
    do(s, "trip A->B", "Crowd=Cheer")
    assert s.current_player() == 1 and names(s) == {"defend DEF", "defend DEX"}
    prompt = s.observation(1)["prompt"]
    assert "A tries a Trip on B" in prompt and "ATT 1S+1C" in prompt
    assert "DEF 2C" in prompt and "DEX 1S+1" in prompt and "takes 1 DMG" in prompt and "dodges" in prompt
    assert "attacker takes 1 DMG" in s.game.describe_action("defend DEF")  # type: ignore[operator]


def test_escape_choice_names_the_lifter_and_its_grp(tmp_path: Path) -> None:
    # rumbleslam LIFT: a Lifted wrestler escapes with GRP or DEX against the lifter's GRP
    s = _duel(tmp_path, grp="2S")
    a, b = wrestler(s, "A"), wrestler(s, "B")
    restart(s, ("decide", "defend", 1, "escape", a.index, b.index, A_LIFT))
    prompt = s.observation(0)["prompt"]
    assert "B tries to escape A's Lift" in prompt and "A's GRP 2S" in prompt and "DEX 1S+1" in prompt


def test_reroll_offer_says_what_the_roll_is_for(tmp_path: Path) -> None:
    # rumbleslam RE-ROLLS / ENDORSEMENTS: an offer names the roll (attack, who rolls which stat)
    s = _duel(tmp_path)
    do(s, "brawl A->B", "C=0", "C=1", "C=1")
    assert s.current_player() == 0 and "re-roll die 1" in names(s)
    prompt = s.observation(0)["prompt"]
    assert "Brawl, A (ATT) against B (DEF)" in prompt and "die 1: C=0" in prompt
    assert "Endorsement" in s.game.describe_action("re-roll die 1")  # type: ignore[operator]


def test_shove_says_who_from_where_and_how_far(tmp_path: Path) -> None:
    # rumbleslam (SHOVE X): the attacker's player picks the direction of a straight-line push
    s = _duel(tmp_path)
    a, b = wrestler(s, "A"), wrestler(s, "B")
    restart(s, ("decide", "shove", 0, b.index, a.index, 2))
    prompt = s.observation(1)["prompt"]
    assert "SHOVE 2: push B (on E4) up to 2 squares" in prompt and "away from A (on D4)" in prompt
    assert "towards row 1" in prompt and "row 1" in s.game.describe_action("shove N")  # type: ignore[operator]


def test_choice_sponsor_recipient_nominate_and_corner_prompts(tmp_path: Path) -> None:
    # rumbleslam CHOICE ABILITIES, SPONSORSHIP BONUSES, TAKING THE INITIATIVE, SETTING UP
    footwork = {"name": "Footwork", "kind": "choice",
                "options": [{"name": "Duck", "stat": "def", "amount": 1}, {"name": "Step", "stat": "dex", "amount": 1}]}
    game = fixture_game(tmp_path, [profile("A", abilities=[footwork], dex="1G"), profile("B")], ["A"], ["B"],
                        team0_extra={"sponsorships": ["Orka-Cola"]})
    s = scenario(game, {"A": "D4", "B": "H8"})
    a = wrestler(s, "A")
    restart(s, ("decide", "choice", 0, a.index))
    assert "Footwork" in s.observation(0)["prompt"] and "Duck = +1 DEF" in s.observation(0)["prompt"]
    assert "+1 DEF" in game.describe_action("choose Duck")  # type: ignore[operator]
    restart(s, ("decide", "sponsor", 0))
    assert "Orka-Cola (roll 1S: that many friendly wrestlers get a +AP counter)" in s.observation(0)["prompt"]
    assert "+AP counter" in game.describe_action("sponsor Orka-Cola")  # type: ignore[operator]
    restart(s, ("decide", "recipient", 0, "Orka-Cola", 2, ()))
    assert "Orka-Cola" in s.observation(0)["prompt"] and "2 of 2 left" in s.observation(0)["prompt"]
    a.activated = False
    restart(s, ("decide", "nominate", 0))
    assert "A DEX 1G" in s.observation(0)["prompt"] and "Initiative" in s.observation(0)["prompt"]
    s.corners = [-1, mat.SE]
    restart(s, ("decide", "corner", 0))
    assert "choose your corner" in s.observation(0)["prompt"] and "TB-SE (Blues)" in s.observation(0)["prompt"]


def test_devastating_order_shows_the_roll_and_each_defence(tmp_path: Path) -> None:
    # rumbleslam (DEVASTATING): the attacker picks who defends next against one attack roll
    game = fixture_game(tmp_path, [profile("A", att="2S", abilities=[
        {"name": "Spin", "kind": "active", "ap": 2, "dmg": 1, "rules": ["DEVASTATING"]}]),
        profile("B", **{"def": "1G"}), profile("C")], ["A"], ["B", "C"])
    s = scenario(game, {"A": "D4", "B": "E4", "C": "D5"}, active="A")
    do(s, "use Spin: A", "S=4", "S=3")
    assert names(s) == {"hit B", "hit C"}
    prompt = s.observation(1)["prompt"]
    assert "S=4 S=3 = 7" in prompt and "B DEF 1G" in prompt and "C DEF 1C" in prompt
    assert "Spin, 2AP: ATT vs DEF, 1 DMG (DEVASTATING)" in game.describe_action("use Spin: A")  # type: ignore[operator]


def test_the_activation_prompt_and_plain_actions_are_described(tmp_path: Path) -> None:
    # rumbleslam ACTIVATING WRESTLERS: AP and MP left; every verb has words beside it
    s = _duel(tmp_path)
    assert s.observation(0)["prompt"].startswith("A's activation: 3 AP and 4 MP left")
    for name in ("end", "move A C4", "crowd pleaser A", "keep dice", "no sponsor", "no entry", "smash", "rebound N",
                 "land C4", "corner NW", "nominate A", "activate A", "enter A", "recipient A", "defend DEX"):
        assert s.game.describe_action(name), name


def test_the_picture_and_the_text_view_show_the_prompt_and_corners(tmp_path: Path) -> None:
    # rumbleslam SETTING UP: each team's corner; the browser shows the picture, not the text view
    s = _duel(tmp_path)
    do(s, "trip A->B", "Crowd=Cheer")
    obs = s.observation(1)
    svg = s.game.render_svg(obs, [a.name for a in s.legal_actions()])
    assert svg is not None and 'class="prompt"' in svg and "A tries a Trip on B" in svg
    text = s.game.render_observation(obs)
    assert "corner TB-NW" in text and "corner TB-SE" in text and "Now: A tries a Trip" in text
    restart(s, ("decide", "place", 0, "enter", wrestler(s, "A").index))  # which corner is "your corner"
    assert s.observation(0)["prompt"] == "place A (from the sidelines) in your corner (TB-NW)"
