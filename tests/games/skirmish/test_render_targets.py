"""Ring skirmish's SVG with the viewer's legal actions: every legal destination is a point to pick,
at the point the rules put it; facings are arrows, maneuvers are aimed by clicking the model;
nothing is picked that is not legal; names are escaped."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import turnbuckle
from support.skirmish import game, position
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.destinations import named_destinations
from turnbuckle.games.skirmish.rules import DEST, SkirmishState

SVG = "{http://www.w3.org/2000/svg}"
DESTINATION_VERBS = ("move", "stay", "to", "rope")
"""The decisions that name a place on the table (``docs/design.md``, skirmish geometry)."""
SCALE, PAD = 20.0, 30.0
"""``render.render_svg``'s pixels per inch and margin."""


def targets(svg: str) -> tuple[ET.Element, list[ET.Element]]:
    """The parts drawn only to be picked (destination points)."""
    root = ET.fromstring(svg)  # raises on malformed XML
    return root, [e for e in root.iter() if "target-only" in (e.get("class") or "").split()]


def parts_by_id(svg: str) -> dict[str, list[ET.Element]]:
    found: dict[str, list[ET.Element]] = {}
    for e in ET.fromstring(svg).iter():
        if e.get("data-pick"):
            found.setdefault(e.get("data-pick", ""), []).append(e)
    return found


def where_the_rules_put(state: SkirmishState, name: str) -> geo.Point:
    """A destination's lattice point as the rules compute it (named points and grid names)."""
    named, _ = named_destinations(state)
    by_name = {state.game.decision_list[aid].name: point for aid, point in named.items()}
    if name in by_name:
        return by_name[name]
    parts = name.split()
    return round(float(parts[1]) * geo.UNIT), round(float(parts[2]) * geo.UNIT)


@pytest.mark.parametrize(
    ("params", "seed"), [({}, 2), ({"match_type": "tag"}, 2), ({"match_type": "fatal_four_way"}, 3)]
)
def test_svg_every_legal_destination_is_a_target_where_the_rules_put_it(params: dict[str, Any], seed: int) -> None:
    g = turnbuckle.load_game("skirmish", **params)
    state = g.new_initial_state()
    rng = random.Random(seed)
    checked = 0
    kinds: set[str] = set()
    while not state.is_terminal() and checked < 4:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        player = state.current_player()
        legal = [a.name for a in state.legal_actions()]
        observation = state.observation(player)
        svg = g.render_svg(observation, legal)
        assert svg is not None
        root, _ = targets(svg)
        text = " ".join(root.itertext())
        assert all(m["name"] in text for m in observation["models"])  # in the ring or named outside it
        picks = {p.action: p.path for p in g.picks(observation, legal)}
        parts = parts_by_id(svg)
        assert set(picks) <= set(legal)
        for path in picks.values():
            assert all(part in parts and parts[part][0].get("aria-label") for part in path)
        if state.phase == DEST:
            checked += 1
            wanted = {n for n in legal if n.split()[0] in DESTINATION_VERBS}
            assert wanted <= set(picks)
            for name in wanted:
                (e,) = parts[picks[name][-1]]
                x = (float(e.get("cx", "nan")) - PAD) / SCALE
                y = geo.RING / geo.UNIT - (float(e.get("cy", "nan")) - PAD) / SCALE
                assert (round(x * geo.UNIT), round(y * geo.UNIT)) == where_the_rules_put(state, name), name
                kinds.add(name.split()[0])
        for name, path in picks.items():
            if name.startswith("face "):
                assert path == (f"fc:{name.split()[1]}",)  # an arrow around the mover
            elif name.split()[0] in ("strike", "suplex", "whip", "clothesline", "drain", "pin"):
                assert path[0].startswith("pl:") and path[0][3:] in name  # the model it is aimed at
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked == 4
    assert {"move", "stay"} <= kinds


def test_svg_named_points_around_a_model_and_the_ropes() -> None:
    g = game("fatal_four_way")
    s = position(g, {0: (5, 5, "E"), 1: (9, 5, "W"), 2: (5, 25, "E"), 3: (25, 25, "W")}, left=[1, 0, 0, 0])
    s.apply_action("jockey")
    s.apply_action("total 5")
    legal = [a.name for a in s.legal_actions()]
    svg = g.render_svg(s.observation(0), legal)
    assert svg is not None
    picks = {p.action: p.path[0] for p in g.picks(s.observation(0), legal)}
    parts = parts_by_id(svg)
    named = {a for a, pid in picks.items() if pid.startswith("np:")}
    assert "stay" in named and any(n.startswith("to P1 b2b") for n in named)
    assert any(n.startswith("rope ") for n in named)
    assert all(parts[picks[a]][0].find(f"{SVG}title") is not None for a in named)


def test_svg_without_actions_has_no_targets_and_spectators_see_none() -> None:
    g = game()
    s = position(g, {0: (5, 5, "E"), 1: (25, 25, "W")}, left=[1, 0])
    s.apply_action("jockey")
    s.apply_action("total 4")
    for svg in (g.render_svg(s.observation(0)), g.render_svg(s.observation(1), ())):
        assert svg is not None
        assert targets(svg)[1] == []


def test_svg_escapes_names_in_targets_and_labels() -> None:
    g = game()
    s = position(g, {0: (5, 5, "E"), 1: (7, 5, "W")}, left=[1, 0])
    s.apply_action("jockey")
    s.apply_action("total 4")
    observation = s.observation(0)
    for m, hostile in zip(observation["models"], ['<b>"Rex" & co</b>', "O'Neil <3"], strict=True):
        m["name"] = hostile
    svg = g.render_svg(observation, [a.name for a in s.legal_actions()])
    assert svg is not None
    root, found = targets(svg)
    text = " ".join(root.itertext())
    assert '<b>"Rex" & co</b>' in text and "O'Neil <3" in text
    assert any("Rex" in (e.get("aria-label") or "") for e in found)  # the named points say who moves
