"""The table you act on (engine.picks), checked for every game over random play.

At every decision of seeded random matches: each pick names a legal action, every part its path
passes through is drawn on the seat's picture with ``data-pick`` and an ``aria-label``, no two
actions share a path unless the page can offer them as one menu, and the choices left as buttons
never exceed the page's limit.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import turnbuckle
from turnbuckle.engine.game import CHANCE, Game
from turnbuckle.engine.picks import PICK_ID, Pick, drawn_pick_ids, pick_id, unpicked

MAX_BUTTONS = 40
"""The most action buttons the table page may show at once (issue: a table you act on, item 2)."""

GAMES: dict[str, list[dict[str, Any]]] = {
    "powerhouses": [{}],
    "wrasslin": [{}, {"match_type": "tag"}, {"match_type": "battle_royal", "players": 5}],
    "filsinger": [{"tournament_standard": True}],
    "rumbleslam": [{}],
    "skirmish": [{}],
}

ELEMENT = re.compile(r"<[^>]*\bdata-pick=\"([^\"]+)\"[^>]*>")


def decisions(game: Game, seed: int, limit: int) -> list[tuple[int, dict[str, Any], list[str]]]:
    """(seat, observation, legal action names) at each decision of a random match."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    found = []
    while not state.is_terminal() and len(found) < limit:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        found.append((player, state.observation(player), [a.name for a in legal]))
        state.apply_action(rng.choice(legal))
    return found


def check_position(game: Game, observation: dict[str, Any], actions: list[str]) -> list[Pick]:
    picks = game.picks(observation, actions)
    legal = set(actions)
    assert all(p.action in legal for p in picks), "a pick names an action that is not legal"
    assert len({p.action for p in picks}) == len(picks), "an action has two paths"
    svg = game.render_svg(observation, actions) or ""
    drawn = drawn_pick_ids(svg)
    needed = {part for p in picks for part in p.path}
    assert needed <= drawn, f"parts to pick that the picture does not draw: {sorted(needed - drawn)[:5]}"
    for element in ELEMENT.finditer(svg):
        assert "aria-label=" in element.group(0), f"{element.group(1)} has no aria-label"
        assert PICK_ID.match(element.group(1))
    buttons = unpicked(actions, picks)
    assert len(buttons) <= MAX_BUTTONS, f"{len(buttons)} buttons: {buttons[:8]} ..."
    return picks


@pytest.mark.parametrize("name", turnbuckle.list_games())
def test_every_game_is_played_on_its_picture(name: str) -> None:
    placed = 0
    for params in GAMES.get(name, [{}]):
        game = turnbuckle.load_game(name, **params)
        for seed in range(3):
            for _, observation, actions in decisions(game, seed, 400):
                placed += len(check_position(game, observation, actions))
    assert placed > 0, f"{name}: no legal action ever had a place on the table"


def test_pick_ids_are_short_and_safe() -> None:
    assert pick_id("w", "Madame Bramblefoot") == "w:Madame_Bramblefoot"
    assert PICK_ID.match(pick_id("sq", "H10"))
    assert PICK_ID.match(pick_id("pt", "12.5,20"))
    assert not PICK_ID.match('w:"><script>')
    with pytest.raises(ValueError, match="not a pick id"):
        Pick("move", ("w:a b",))
    with pytest.raises(ValueError, match="at least one part"):
        Pick("move", ())
