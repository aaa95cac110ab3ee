"""Each game's SVG table: well-formed XML for positions all through random matches, for every
seat and for the spectators' view, with the pieces the issue asks for."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import turnbuckle
from turnbuckle.engine.game import NARROW_TEXT, NARROW_WIDTH
from turnbuckle.web.views import public_observation

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> str:
    root = ET.fromstring(svg)  # raises on malformed XML (an unescaped name, say)
    assert root.tag == f"{SVG}svg"
    return " ".join(t.text or "" for t in root.iter(f"{SVG}text"))


@pytest.mark.parametrize(
    ("game_name", "params"),
    [
        ("powerhouses", {}),
        ("wrasslin", {}),
        ("wrasslin", {"match_type": "tag"}),
        ("wrasslin", {"match_type": "battle_royal", "players": 6}),
        ("filsinger", {"tournament_standard": True}),
        ("filsinger", {"match_type": "tag"}),
    ],
)
def test_every_position_renders(game_name: str, params: dict[str, Any]) -> None:
    game = turnbuckle.load_game(game_name, **params)
    state = game.new_initial_state()
    rng = random.Random(3)
    step = 0
    while True:
        if step % 5 == 0 or state.is_terminal():
            for seat in range(game.num_players()):
                svg = game.render_svg(state.observation(seat))
                assert svg is not None
                texts(svg)
            public = game.render_svg(public_observation(state))
            assert public is not None
            texts(public)
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        step += 1


def test_powerhouses_shows_sheets_dice_and_the_winner() -> None:
    game = turnbuckle.load_game("powerhouses")
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[-1])
    svg = game.render_svg(state.observation(0))
    assert svg is not None
    words = texts(svg)
    assert "Fan Support" in words and "wins!" in words
    assert all(sheet.name in words for sheet in game.sheets)
    assert svg.count('class="die"') >= sum(state.observation(0)["dice"]) + 12  # dice counts and sheet faces


def test_wrasslin_shows_only_your_hand_face_up() -> None:
    game = turnbuckle.load_game("wrasslin")
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or not state.observation(0)["hand"]:
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    mine = state.observation(0)
    svg = game.render_svg(mine)
    assert svg is not None
    assert svg.count('data-pick="cd:') == len(mine["hand"])  # each card of the hand, face up, to pick
    assert all(name in svg for name in mine["hand"])
    assert svg.count('class="hand-back"') == 1 and "damage-track" in svg
    spectators = game.render_svg(public_observation(state))
    assert spectators is not None
    assert 'data-pick="cd:' not in spectators and spectators.count('class="hand-back"') == 2


def test_names_are_escaped() -> None:
    from turnbuckle.games.powerhouses.render import die_face

    assert "&lt;b&gt;" in die_face(0, 0, 10, 3, label="<b>")


def test_private_paths_take_whole_mappings() -> None:
    from turnbuckle.web.views import differing_paths, strip_paths

    seat0 = {"player": 0, "hand": {"Block": 1, "Chop": 2}, "deck": 40,
             "wrestlers": [{"name": "A", "in_play": [{"card": "Pin"}]}, {"name": "B", "in_play": []}]}
    seat1 = {"player": 1, "hand": {"Block": 1, "Chop": 1}, "deck": 40,
             "wrestlers": [{"name": "A", "in_play": [{"card": "face-down"}]}, {"name": "B", "in_play": []}]}
    paths = differing_paths([seat0, seat1])
    assert paths == {("player",), ("hand",), ("wrestlers", "*", "in_play", "*", "card")}
    public = strip_paths(seat0, paths)
    assert public == {"deck": 40, "wrestlers": [{"name": "A", "in_play": [{}]}, {"name": "B", "in_play": []}]}


def test_svg_targets_are_in_the_view_of_the_seat_to_move_only(client: Any) -> None:
    """The API passes a seat's legal actions to the picture on its turn: the spectators and the
    seat waiting get the same mat and nothing to pick."""
    # without re-roll offers the match opens on the corner choice, whose every action is a turnbuckle
    created = client.post("/api/matches", json={"game": "rumbleslam", "seats": ["human", "hot-seat"], "seed": 2,
                                                "params": {"reroll_prompts": "never"}}).json()
    headers = {"Authorization": f"Bearer {created['owner_token']}"}
    base = f"/api/matches/{created['id']}"
    to_move = client.get(base, headers=headers).json()["to_move"]
    views = {seat: client.get(f"{base}/seats/{seat}?render=true", headers=headers).json() for seat in (0, 1)}
    views[None] = client.get(f"{base}/public?render=true").json()
    for seat, view in views.items():
        root = ET.fromstring(view["picture"]["svg"])
        drawn = {e.get("data-pick") for e in root.iter() if e.get("data-pick")}
        picked = {p["action"] for p in view["picks"]}
        if seat == to_move:
            assert picked and picked == {a["name"] for a in view["legal_actions"]}  # corner NW, ...
            assert {part for p in view["picks"] for part in p["path"]} <= drawn
        else:
            assert not picked and not view["legal_actions"]


def test_svg_an_override_without_actions_still_draws() -> None:
    """A ruleset written before the hook took ``actions``: the picture comes without targets."""
    from turnbuckle.web.views import picture

    base = turnbuckle.load_game("powerhouses")

    class Older(type(base)):  # type: ignore[misc]
        def render_svg(self, observation: dict[str, Any]) -> str | None:  # type: ignore[override]
            return "<svg/>"

    older = Older()
    state = older.new_initial_state()
    assert picture(older, state.observation(0), ["roll"])["svg"] == "<svg/>"


def test_big_views_travel_compressed(client: Any) -> None:
    """A skirmish move's view carries thousands of clickable destinations: sent gzipped to a
    browser that accepts it (the event stream is left alone so it still streams)."""
    created = client.post("/api/matches", json={"game": "skirmish", "seats": ["human", "hot-seat"], "seed": 1}).json()
    headers = {"Authorization": f"Bearer {created['owner_token']}", "Accept-Encoding": "gzip"}
    seat = client.get(f"/api/matches/{created['id']}", headers=headers).json()["to_move"]
    response = client.get(f"/api/matches/{created['id']}/seats/{seat}?render=true", headers=headers)
    assert response.status_code == 200 and response.headers.get("content-encoding") == "gzip"
    assert response.json()["picture"]["svg"].startswith("<svg")


def narrow_text_sizes(svg: str) -> list[tuple[float, str]]:
    """Each text of a picture's main area (not its side panels nor its hand: the page stacks and
    scales those; nor, beside side panels, its prompt lines: the page shows them as HTML), as the size
    it has at a ``NARROW_WIDTH`` main area, and what it says."""
    root = ET.fromstring(svg)
    vx, _, vw, _ = (float(n) for n in root.get("viewBox", "").split())
    panels = [e for e in root.iter(f"{SVG}g") if "side-panel" in (e.get("class") or "")]
    main = root.get("data-main-box")
    width = (float(main.split()[2]) if main else
             float(panels[0].get("data-box", "").split()[0]) - vx - 2 if panels else vw)
    skipped = {id(t) for g in root.iter(f"{SVG}g") if {"side-panel", "hand-strip"} & set((g.get("class") or "").split())
               for t in g.iter(f"{SVG}text")}
    if panels:
        skipped |= {id(t) for t in root.iter(f"{SVG}text") if (t.get("class") or "") in ("prompt", "result")}
    return [(float(t.get("font-size", "0")) * NARROW_WIDTH / width, t.text or "")
            for t in root.iter(f"{SVG}text") if id(t) not in skipped and (t.text or "").strip()]


@pytest.mark.parametrize(
    ("game_name", "params"),
    [("powerhouses", {}), ("wrasslin", {}), ("wrasslin", {"match_type": "tag"}),
     ("filsinger", {"tournament_standard": True}), ("filsinger", {"tournament_standard": True, "match_type": "tag"}),
     ("rumbleslam", {"rounds": 1}), ("skirmish", {"max_rounds": 2})],
)
def test_a_narrow_picture_reads_at_a_phones_width(game_name: str, params: dict[str, Any]) -> None:
    """Issue 30, item 2: asked for a phone (``narrow``), every position's picture, laid out with its
    main area ``NARROW_WIDTH`` across, has no text under ``NARROW_TEXT`` (12 CSS px at a 390 px
    phone, no zoom), with the same parts to pick as the wide picture; the wide one keeps its layout."""
    from turnbuckle.engine.game import CHANCE

    game = turnbuckle.load_game(game_name, **params)
    rng = random.Random(4)
    state = game.new_initial_state()
    looked = 0
    while looked < 60:
        if state.is_terminal():  # another match, to the same count of positions for every game
            state = game.new_initial_state()
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        observation = state.observation(player)
        actions = tuple(a.name for a in state.legal_actions())
        narrow = game.render_svg(observation, actions, narrow=True) or ""
        small = [(round(size, 1), text) for size, text in narrow_text_sizes(narrow) if size < NARROW_TEXT - 0.01]
        assert not small, (game_name, state.history[-3:], small[:5])
        wide = game.render_svg(observation, actions) or ""
        def picks(svg: str) -> set[str]:
            return {e.get("data-pick", "") for e in ET.fromstring(svg).iter() if e.get("data-pick")}
        assert picks(narrow) == picks(wide)
        state.apply_action(rng.choice(state.legal_actions()))
        looked += 1


def test_the_api_draws_the_narrow_picture_when_asked(client: Any) -> None:
    """``narrow=true`` beside ``render=true`` (what a phone's table page sends) gets the phone's
    layout; without it, the desktop's."""
    created = client.post("/api/matches", json={"game": "filsinger", "seats": ["human", "hot-seat"], "seed": 2,
                                                "params": {"tournament_standard": True}}).json()
    headers = {"Authorization": f"Bearer {created['owner_token']}"}
    base = f"/api/matches/{created['id']}"
    wide = client.get(f"{base}/seats/0?render=true", headers=headers).json()["picture"]["svg"]
    narrow = client.get(f"{base}/seats/0?render=true&narrow=true", headers=headers).json()["picture"]["svg"]
    public = client.get(f"{base}/public?render=true&narrow=true").json()["picture"]["svg"]
    assert ET.fromstring(wide).get("viewBox", "").split()[2] == "760"
    assert ET.fromstring(narrow).get("viewBox", "").split()[2] == str(NARROW_WIDTH)
    assert ET.fromstring(public).get("viewBox", "").split()[2] == str(NARROW_WIDTH)
