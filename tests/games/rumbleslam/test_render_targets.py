"""RUMBLESLAM's SVG with the viewer's legal actions: every legal action that names a square is a
target on that square; nothing else is; names from roster files are escaped."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter

import turnbuckle
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.render import CELL, square_target

SVG = "{http://www.w3.org/2000/svg}"
SQUARE_VERBS = ("move", "place", "land", "throw", "corner")
"""The actions whose last word is a square (``corner``: a turnbuckle), read off ``_build_actions``."""


def targets(svg: str) -> tuple[ET.Element, list[ET.Element]]:
    root = ET.fromstring(svg)  # raises on malformed XML (an unescaped name, say)
    return root, [e for e in root.iter() if e.get("class") == "target"]


def named_square(name: str) -> int:
    last = name.rsplit(" ", 1)[1]
    return mat.TURNBUCKLES[mat.CORNER_NAMES.index(last)] if name.startswith("corner ") else mat.parse_square(last)


def test_svg_every_square_taking_action_is_a_target_on_its_square() -> None:
    game = turnbuckle.load_game("rumbleslam")
    state = game.new_initial_state()
    rng = random.Random(1)
    verbs: Counter[str] = Counter()
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        player = state.current_player()
        legal = [a.name for a in state.legal_actions()]
        observation = state.observation(player)
        svg = game.render_svg(observation, legal)
        assert svg is not None
        root, found = targets(svg)
        text = " ".join(root.itertext())
        assert all(w["name"] in text for w in observation["wrestlers"])
        drawn = Counter(e.get("data-action") for e in found)
        wanted = {n for n in legal if n.split(" ", 1)[0] in SQUARE_VERBS}
        assert set(drawn) == wanted and all(n == 1 for n in drawn.values())  # one target per action
        for e in found:
            assert e.get("tabindex") == "0" and e.get("role") == "button"
            title = e.find(f"{SVG}title")
            assert e.get("aria-label") and title is not None and title.text == e.get("aria-label")
            box = next(r for r in e.iter(f"{SVG}rect") if r.get("class") != "footprint")
            x, y = float(box.get("x", "nan")), float(box.get("y", "nan"))
            assert mat.cell_at(int(x // CELL), int(y // CELL)) == named_square(str(e.get("data-action")))
            verbs[str(e.get("data-action")).split()[0]] += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert {"move", "place", "throw", "corner"} <= set(verbs)


def test_svg_without_actions_has_no_targets() -> None:
    game = turnbuckle.load_game("rumbleslam")
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node() or not any(a.name.startswith("place ") for a in state.legal_actions()):
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    for svg in (game.render_svg(state.observation(state.current_player())),
                game.render_svg(state.observation(1 - state.current_player()), ())):
        assert svg is not None and targets(svg)[1] == []


def test_only_square_names_are_targets() -> None:
    assert square_target("move Orc Brawler (P1) E5") == ("move Orc Brawler (P1) E5", "move", "Orc Brawler (P1)",
                                                         mat.parse_square("E5"))
    assert square_target("throw N-D") is not None and square_target("throw TB-NE") is not None
    assert square_target("corner NW") is not None
    for name in ("shove N", "rebound E", "brawl A->B", "place N-D", "move E5", "end", "bounce A off N"):
        assert square_target(name) is None, name


def test_svg_escapes_names_and_splits_a_shared_square() -> None:
    game = turnbuckle.load_game("rumbleslam")
    observation = game.new_initial_state().observation(0)
    hostile = '<b>"Rex" & O\'Neil</b>'
    observation["wrestlers"][0].update(name=hostile, square="E5", where="ring", active=True, lifting="Bob & co")
    actions = [f"move {hostile} F5", "throw F5", "place G6", "end"]
    svg = game.render_svg(observation, actions)
    assert svg is not None
    root, found = targets(svg)
    assert hostile in " ".join(root.itertext())
    assert [e.get("data-action") for e in found] == actions[:3]
    widths = [float(next(e.iter(f"{SVG}rect")).get("width", "0")) for e in found]
    assert widths[0] == widths[1] < widths[2]  # F5 is shared: two strips
    assert "Bob & co" in (found[1].get("aria-label") or "")
