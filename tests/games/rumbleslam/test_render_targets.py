"""RUMBLESLAM on the picture: the mat names its squares as the actions do, tokens are numbered (never
a letter that reads as a column) and listed in a legend, and every legal action with a place is
chosen by clicking its parts (``picks.py``) where ``render.py`` draws them."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import turnbuckle
from support.rumbleslam import fixture_game, lift, profile, restart, scenario, wrestler
from turnbuckle.engine.events import Event
from turnbuckle.engine.game import CHANCE
from turnbuckle.engine.picks import paths_by_action, unpicked
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.render import CELL, MARGIN, event_pieces
from turnbuckle.games.rumbleslam.rules import RumbleslamGame
from turnbuckle.games.rumbleslam.state import RumbleslamState

SVG = "{http://www.w3.org/2000/svg}"


def parts(svg: str) -> dict[str, list[ET.Element]]:
    """The picture's parts to pick, by id (a wrestler is both its token and its legend row)."""
    root = ET.fromstring(svg)  # raises on malformed XML (an unescaped name, say)
    found: dict[str, list[ET.Element]] = {}
    for e in root.iter():
        if e.get("data-pick"):
            assert e.get("aria-label"), e.get("data-pick")
            assert any("hit" in str(c.get("class")).split() for c in e), f"{e.get('data-pick')} has no hit child"
            found.setdefault(str(e.get("data-pick")), []).append(e)
    return found


def texts(svg: str, cls: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(svg).iter(f"{SVG}text") if e.get("class") == cls]


def cell_of(e: ET.Element) -> int:
    """The mat cell a part's hit shape stands on (its rectangle's corner, or its circle's centre)."""
    hit = next(c for c in e if "hit" in str(c.get("class")).split())
    if hit.tag == f"{SVG}rect":
        x, y = float(hit.get("x", "nan")) + 1, float(hit.get("y", "nan")) + 1
    else:
        x, y = float(hit.get("cx", "nan")), float(hit.get("cy", "nan"))
    return mat.cell_at(int((x - MARGIN) // CELL), int((y - MARGIN) // CELL))


def view(s: RumbleslamState, player: int) -> tuple[dict[str, Any], list[str], str]:
    observation = s.observation(player)
    actions = [a.name for a in s.legal_actions()] if s.current_player() == player else []
    svg = s.game.render_svg(observation, actions)
    assert svg is not None
    return observation, actions, svg


def paths(s: RumbleslamState) -> dict[str, tuple[str, ...]]:
    observation, actions, _ = view(s, s.current_player())
    return paths_by_action(s.game.picks(observation, actions))


def duel(tmp_path: Path, **a: Any) -> RumbleslamGame:
    return fixture_game(tmp_path, [profile("A", **a), profile("B"), profile("C")], ["A", "C"], ["B"])


def test_the_mat_names_columns_and_rows_as_the_actions_do(tmp_path: Path) -> None:
    # rumbleslam THE MAT (ruling AMB-2): columns A-J west to east, rows 1-10 north to south
    s = scenario(duel(tmp_path), {"A": "D4", "B": "E4"}, active="A")
    _, _, svg = view(s, 0)
    found = parts(svg)
    cols, rows = texts(svg, "col"), texts(svg, "row")
    assert [e.text for e in cols] == [c for c in mat.COLUMNS for _ in (0, 1)]
    assert [e.text for e in rows] == [str(r) for r in range(1, 11) for _ in (0, 1)]
    for e in cols:  # over its column's squares
        square = found[f"sq:{e.text}1"][0]
        hit = next(iter(square))
        assert abs(float(hit.get("x", "0")) + CELL / 2 - 1 - float(e.get("x", "0"))) < 1
    for e in rows:  # beside its row's squares
        assert cell_of(found[f"sq:A{e.text}"][0]) == mat.parse_square(f"A{e.text}")
        top = float(next(iter(found[f"sq:A{e.text}"][0])).get("y", "0"))
        assert top < float(e.get("y", "0")) < top + CELL
    for name in mat.SQUARE_NAMES:  # every square, rope square and turnbuckle is drawn on its cell
        assert cell_of(found[f"sq:{name}"][0]) == mat.parse_square(name)
    corners = {e.text for e in ET.fromstring(svg).iter(f"{SVG}text")} & set(mat.CORNER_NAMES)
    assert corners == set(mat.CORNER_NAMES)


def test_tokens_are_numbers_and_the_legend_names_them_with_sta_and_counters(tmp_path: Path) -> None:
    s = scenario(duel(tmp_path), {"A": "D4", "B": "E4", "C": "H8"}, active="A")
    b = wrestler(s, "B")
    b.kd, b.bleed, b.sta = 1, 1, 2
    observation, _, svg = view(s, 0)
    for i, w in enumerate(observation["wrestlers"]):
        token, row = parts(svg)[f"w:{i}"]  # on the mat, then in the legend
        assert cell_of(token) == mat.parse_square(w["square"])
        marks = [t.text for t in token.iter(f"{SVG}text") if t.text and t.text not in ("KD", "KO")]
        assert marks == [str(i + 1)]  # a number, never a column letter
        said = {t.get("class"): t.text for t in row.iter(f"{SVG}text")}
        assert said["name"] == w["name"] and said["sta"] == f"STA {w['sta']}/{w['sta_max']}"
        assert str(i + 1) in [t.text for t in row.iter(f"{SVG}text")]
    b_row = parts(svg)[f"w:{b.index}"][1]
    state = next(t.text for t in b_row.iter(f"{SVG}text") if t.get("class") == "state")
    assert state is not None and "on E4" in state and "Bleeding" in state and "Knockdown" in state
    assert "KD" in [t.text for t in parts(svg)[f"w:{b.index}"][0].iter(f"{SVG}text")]
    panel = {t.get("class"): t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("class")}
    assert panel["round"] == "Round 1 of 5" and panel["apmp"] == "AP 3  MP 4"
    said = [(t.get("class"), t.text) for t in ET.fromstring(svg).iter(f"{SVG}text")]
    dot = "\u00b7"
    purses = [t for c, t in said if c == "purse"]
    assert purses == [f"corner NW {dot} 0 Endorsements", f"corner SE {dot} 0 Endorsements"]
    assert [t for c, t in said if c == "dosh"] == ["Dosh 200K", "Dosh 100K"]  # rumbleslam ROUNDS: those in the ring


def test_an_activation_starts_at_the_wrestler_and_an_enemy_opens_its_attacks(tmp_path: Path) -> None:
    # rumbleslam MOVEMENT / ACTION POINTS: the active wrestler's squares and targets
    s = scenario(duel(tmp_path), {"A": "D4", "B": "E4", "C": "H8"}, active="A")
    a, b = (f"w:{wrestler(s, n).index}" for n in "AB")
    found = paths(s)
    assert found["move A C3"] == (a, "sq:C3") and found["move A D8"] == (a, "sq:D8")
    attacks = {name for name, path in found.items() if path == (a, b)}
    assert attacks == {"brawl A->B", "grapple A->B", "trip A->B", "lift A->B"}  # one menu on the enemy
    observation, actions, _ = view(s, 0)
    assert set(unpicked(actions, s.game.picks(observation, actions))) == {"end", "crowd pleaser A"}


def test_a_lifters_load_is_clicked_then_the_square_it_is_thrown_to(tmp_path: Path) -> None:
    # rumbleslam THROW: a lifter moves or throws; the load (over the lifter) starts a throw
    s = scenario(duel(tmp_path), {"A": "B4", "B": "C4"}, active="A")
    lift(s, "A", "B")
    s._legal = None
    a, b = (f"w:{wrestler(s, n).index}" for n in "AB")
    found = paths(s)
    assert found["throw D4"] == (b, "sq:D4") and found["throw W-4"] == (b, "sq:W-4")  # out over the ropes
    assert found["move A B5"] == (a, "sq:B5")
    _, _, svg = view(s, 0)
    (load,) = parts(svg)[b][:1]
    assert cell_of(load) == mat.parse_square("B4")  # drawn over its lifter
    assert "held by A" in str(load.get("aria-label"))


def test_a_shove_is_an_arrow_beside_the_shoved_wrestler(tmp_path: Path) -> None:
    # rumbleslam (SHOVE X): the pusher's player picks a straight line away from the pusher
    s = scenario(duel(tmp_path), {"A": "D4", "B": "E4"}, active="A")
    a, b = wrestler(s, "A"), wrestler(s, "B")
    restart(s, ("decide", "shove", 0, b.index, a.index, 2))
    found = paths(s)
    assert found == {f"shove {d}": (f"dir:{d}",) for d in mat.DIRECTION_NAMES if d != "W"}  # never towards A
    _, _, svg = view(s, 0)
    drawn = parts(svg)
    for d, (dx, dy) in mat.DIRECTIONS.items():
        (arrow,) = drawn[f"dir:{d}"]
        assert "target-only" in str(arrow.get("class"))
        ex, ey = mat.xy(mat.parse_square("E4"))
        assert cell_of(arrow) == mat.cell_at(ex + dx, ey + dy)


def test_a_rebound_is_a_rope_and_a_smash_the_turnbuckle(tmp_path: Path) -> None:
    # rumbleslam THROWING AGAINST THE ROPES OR TURNBUCKLE: the thrower picks
    s = scenario(duel(tmp_path), {"A": "D4", "B": "A1"}, active="A")
    restart(s, ("decide", "rebound", 0, wrestler(s, "B").index, ("N", "W"), True))
    assert paths(s) == {"smash": ("sq:TB-NW",), "rebound N": ("rope:N",), "rebound W": ("rope:W",)}
    _, _, svg = view(s, 0)
    for side in mat.ROPES:
        (rope,) = parts(svg)[f"rope:{side}"]
        assert "target-only" in str(rope.get("class"))
    assert "rebound off the N rope" in str(parts(svg)["rope:N"][0].get("aria-label"))


def test_climb_and_dismount_go_through_the_turnbuckle(tmp_path: Path) -> None:
    # rumbleslam CLIMB / DISMOUNT THE TURNBUCKLE
    s = scenario(duel(tmp_path), {"A": "A1", "B": "H8"}, active="A")
    a = f"w:{wrestler(s, 'A').index}"
    assert paths(s)["climb A"] == (a, "sq:TB-NW")
    s = scenario(duel(tmp_path), {"A": "TB-SE", "B": "C3"}, active="A")
    assert paths(s)["dismount A"] == (a, "sq:J10")


def test_setup_is_clicking_a_turnbuckle_then_squares_and_wrestlers_are_nominated(tmp_path: Path) -> None:
    # rumbleslam SETTING UP THE GAME and TAKING THE INITIATIVE
    game = turnbuckle.load_game("rumbleslam", reroll_prompts="never")
    state = game.new_initial_state()
    rng = random.Random(2)
    seen: set[str] = set()
    while len(seen) < 3 and not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        observation = state.observation(state.current_player())
        legal = [a.name for a in state.legal_actions()]
        found = paths_by_action(game.picks(observation, legal))
        pending = observation["pending"]
        if pending == "corner":
            assert found == {name: (f"sq:TB-{name[7:]}",) for name in legal}
        elif pending == "place":
            assert found == {name: (f"sq:{name[6:]}",) for name in legal}
        elif pending == "nominate":
            labels = {w["name"]: i for i, w in enumerate(observation["wrestlers"])}
            assert found == {name: (f"w:{labels[name[9:]]}",) for name in legal}
        seen.add(pending)
        state.apply_action(rng.choice(state.legal_actions()))
    assert {"corner", "place", "nominate"} <= seen


def test_every_part_of_a_random_match_sits_where_its_action_says(tmp_path: Path) -> None:
    game = turnbuckle.load_game("rumbleslam")
    for seed in range(2):
        state = game.new_initial_state()
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            assert isinstance(state, RumbleslamState)
            observation, actions, svg = view(state, state.current_player())
            drawn = parts(svg)
            for p in game.picks(observation, actions):
                last = p.path[-1]
                assert last in drawn
                if last.startswith("sq:"):
                    assert cell_of(drawn[last][0]) == mat.parse_square(last[3:])
                    assert p.action.rsplit(" ", 1)[-1] == last[3:] or p.action == "smash" or \
                        p.action.startswith(("climb ", "dismount ", "corner "))
                if p.action.startswith("move "):
                    mover = observation["wrestlers"][int(p.path[0][2:])]
                    assert p.action == f"move {mover['name']} {last[3:]}"
            state.apply_action(rng.choice(state.legal_actions()))


def test_hostile_names_are_escaped_and_ids_stay_safe(tmp_path: Path) -> None:
    hostile = '<b>"Rex" & O\'Neil</b>'
    game = fixture_game(tmp_path, [profile(hostile), profile("B")], [hostile], ["B"])
    s = scenario(game, {hostile: "D4", "B": "E4"}, active=hostile)
    observation, actions, svg = view(s, 0)
    assert hostile in "".join(ET.fromstring(svg).itertext())
    found = paths_by_action(game.picks(observation, actions))
    assert found[f"brawl {hostile}->B"] == ("w:0", "w:1")


def test_the_move_log_draws_each_die_in_its_own_colour() -> None:
    # rumbleslam DICE: Copper, Silver, Gold and the Crowd die (faces: ruling AMB-1)
    roll = Event("roll", {"what": "Brawl", "dice": ["C=2", "S=0", "G=5", "Crowd=Boo"], "totals": [7, 0]})
    pieces = event_pieces(roll)
    assert [(p["faces"], p["value"]) for p in pieces] == [("copper", 2), ("silver", 0), ("gold", 5), ("crowd", "Boo")]
    assert len({p["colour"] for p in pieces}) == 4
    thrown = event_pieces(Event("endorsement", {"team": "Reds", "die": "Crowd", "was": 1}))
    assert thrown == [{"kind": "die", "value": "Boo", "faces": "crowd", "colour": pieces[3]["colour"], "kept": False}]
    assert event_pieces(Event("move", {"wrestler": "A", "to": "E5"})) == []
