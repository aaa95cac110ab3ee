"""Builders for Powerhouses test positions."""

from __future__ import annotations

import turnbuckle
from turnbuckle.games.powerhouses.state import PowerhousesState

BRUNO = 'Bruno "the Bear" Marconi'
SKYLARK = "Skylark Reyes"

# Take-Down where Bruno (player 0) wins 2 to 1 and attacks first:
# Bruno 1 2 3 4 5 -> two Strength; 1 3 4 -> three; 3 4 -> bust, 2.
# Skylark 1 2 3 4 5 -> two Agility; 3 4 5 -> bust, 1.
BRUNO_WINS_TAKEDOWN = [1, 2, 3, 4, 5, 1, 3, 4, 3, 4, 1, 2, 3, 4, 5, 3, 4, 5]


def new_match(**params: object) -> PowerhousesState:
    game = turnbuckle.load_game("powerhouses", wrestlers=[BRUNO, SKYLARK], **params)
    state = game.new_initial_state()
    assert isinstance(state, PowerhousesState)
    return state
