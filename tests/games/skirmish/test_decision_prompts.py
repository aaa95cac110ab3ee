"""Every ring skirmish decision shows what it needs: the observation's ``prompt`` (the terminal's
"Now:" line, the picture's last lines) and ``describe_action`` beside the names that are not maneuvers."""

from __future__ import annotations

from support.skirmish import engaged, game, position, roll
from turnbuckle.games.skirmish.rules import BOOST, COUNTER, DEST, FACE, PUSH


def test_bid_prompt_shows_your_pool_and_cap_never_a_hidden_bid() -> None:
    # skirmish SK-3.1 pool cap 10, SK-3.2 secret bids: the lowest moves first
    g = game()
    s = position(g, {0: (5, 5, "E"), 1: (25, 25, "W")}, pools=[5, 7], bidding=True)
    prompt = s.observation(0)["prompt"]
    assert "pool of 5 AP" in prompt and "at most 10" in prompt and "lowest bid moves first" in prompt
    low, high = s.clone(), s.clone()
    low.apply_action("bid 2")
    high.apply_action("bid 4")
    assert "pool of 7 AP" in low.observation(1)["prompt"] and "Already bid" in low.observation(1)["prompt"]
    for seat in (0, 1):  # seat 0's own view shows its bid in the table; every prompt is the same
        assert low.observation(seat)["prompt"] == high.observation(seat)["prompt"]
    assert low.observation(1) == high.observation(1)
    assert s.game.describe_action("bid 3") is None  # the prompt explains bidding once, not beside each amount


def test_boost_prompt_names_the_roll_it_changes() -> None:
    # skirmish SK-5 boost: +1 die for 1 bid AP, before the roll, attacker then defender
    s = engaged(left=[4, 3])
    s.apply_action("strike P1")
    assert s.phase == BOOST and s.chooser == 0
    prompt = s.observation(1)["prompt"]
    assert "boost your attack? A's Strike: STR 3 dice against B's STR 3 dice" in prompt
    assert "(3 -> 4) for 1 bid AP (2 left)" in prompt
    s.apply_action("boost")
    assert s.chooser == 1 and "boost your defence? A's Strike: STR 4 dice against B's STR 3 dice" \
        in s.observation(0)["prompt"] and "(3 left)" in s.observation(0)["prompt"]
    assert "1 bid AP" in s.game.describe_action("boost")  # type: ignore[operator]


def test_counter_prompt_says_who_and_the_ap_to_pay_with() -> None:
    # skirmish SK-7.7: a block may be countered at once with bid and pool APs
    s = engaged(left=[4, 3], pools=[1, 3])
    s.apply_action("strike P1")
    s.apply_action("no boost")
    s.apply_action("no boost")
    roll(s, "4,3,1")
    roll(s, "5,6,2|1")
    assert s.phase == COUNTER
    prompt = s.observation(0)["prompt"]
    assert "B blocked A's attack: counter at once against A (P0)" in prompt
    assert "bid AP (3 left) and pool AP (3)" in prompt and "cannot itself be countered" in prompt
    assert s.game.describe_action("no counter")


def test_move_facing_and_push_prompts() -> None:
    # skirmish SK-6 movement and facing, SK-10.1 Strike push (2 x SDV inches)
    s = engaged(left=[4, 0])
    s.apply_action("jockey")
    s.apply_action("total 3")
    assert s.phase == DEST and "A moves up to 3 inches" in s.observation(1)["prompt"]
    s.apply_action("stay")
    assert s.phase == FACE
    prompt = s.observation(1)["prompt"]
    assert "A faces E;" in prompt and "B (P1) to the E" in prompt
    s = engaged(left=[4, 0])
    assert "P1 = B (END 6; 0.4 inches, in reach, in your front arc" in s.observation(0)["prompt"]
    s.apply_action("strike P1")
    s.apply_action("no boost")
    roll(s, "5,5,1")
    roll(s, "1,1,1")
    assert s.phase == PUSH
    assert "Strike connects, SDV 2: push B straight away from A 0 to 4.0 inches" in s.observation(1)["prompt"]


def test_every_decision_name_is_described() -> None:
    # skirmish decisions: boosts, facings, destinations, Whip routes, Suplex, Flaunt, setup (a bid: its prompt)
    g = game()
    for name in ("boost", "no boost", "no counter", "end turn", "face NNE", "face P1", "keep facing",
                 "push 2", "push max", "place rear 15", "direct", "via rope N", "effect end", "effect pin",
                 "effect gain", "drain P1", "starter 1", "corner SW", "stay", "rope N", "to P1 b2b 180",
                 "to P1 2in 0", "move 12.5 8.0"):
        assert g.describe_action(name), name
    assert "straight behind" in g.describe_action("to P1 b2b 180")  # type: ignore[operator]


def test_the_text_view_and_the_picture_show_the_prompt() -> None:
    # skirmish SK-5: the browser shows the picture, not the text view, so both carry the prompt
    s = engaged(left=[4, 3])
    s.apply_action("strike P1")
    obs = s.observation(0)
    assert "Now: boost your attack?" in s.game.render_observation(obs)
    svg = s.game.render_svg(obs, [a.name for a in s.legal_actions()])
    assert svg is not None and 'class="prompt"' in svg and "boost your attack?" in svg


def test_facings_are_compass_points_and_every_bearing_is_clockwise() -> None:
    # skirmish SK-6 facing (issue 22.14): one convention in every prompt and description. Facings are
    # compass points (the checklist's "compass direction"), bearings from a model are clockwise
    # from its front; nothing is described counter-clockwise.
    g = game()
    faces = [a.name for a in g.actions.decisions if a.name.startswith("face ") and not a.name.startswith("face P")]
    assert faces[:5] == ["face E", "face ENE", "face NE", "face NNE", "face N"] and len(faces) == 16
    s = engaged(left=[4, 0])
    s.apply_action("jockey")
    s.apply_action("total 3")
    texts = [s.observation(1)["prompt"]]
    s.apply_action("stay")
    texts.append(s.observation(1)["prompt"])
    texts += [g.describe_action(name) or "" for name in [*faces, "to P1 b2b 90", "place rear 15"]]
    assert not any("counter-clockwise" in text for text in texts)
    assert "B degrees clockwise from its front" in texts[0]
    assert "face NNE" in texts[1] and "north-north-east" in (g.describe_action("face NNE") or "")
    s.apply_action("face N")
    assert s.models[0].facing == (0, 1)


def test_the_old_degree_names_of_facings_still_replay() -> None:
    # a stored match or replay from before the compass names says 'face 90' (counter-clockwise from east)
    s = engaged(left=[4, 0])
    s.apply_action("jockey")
    s.apply_action("total 3")
    s.apply_action("stay")
    s.apply_action("face 90")
    assert s.models[0].facing == (0, 1) and s.history[-1].name == "face N"


def test_the_terminal_ring_explains_its_dots_letters_and_arrows() -> None:
    # skirmish SK-7.1 reach (issue 22.14): the dotted arcs are the 2-inch reach, and the picture says so
    s = engaged(left=[4, 3])
    lines = s.game.render_observation(s.observation(0)).splitlines()
    assert any("·" in line for line in lines[:22]), "the reach is drawn"
    legend = lines[lines.index(next(line for line in lines if line.startswith("SW └"))) + 1]
    assert "2-inch reach" in legend and "·" in legend and "facing" in legend
