"""Build test situations through the position API (``State.to_position`` / ``Game.state_from_position``)
instead of setting a state's fields by hand: the situation is then checked like any user's position."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from turnbuckle.engine.game import State

StateT = TypeVar("StateT", bound=State)
Body = dict[str, Any]


def edited(state: StateT, edit: Callable[[Body], None]) -> StateT:
    """``state``'s situation with ``edit`` applied to its position body, built back by its game."""
    position = state.to_position()
    edit(position["position"])
    rebuilt = state.game.state_from_position(position)
    assert isinstance(rebuilt, type(state))
    return rebuilt


def deal(body: Body, seat: int, *cards: str) -> None:
    """WRASSLIN': move ``cards`` from the draw pile into ``seat``'s hand (the deck stays whole)."""
    pile = body["draw_pile"]
    hand = body["secrets"][seat]["hand"]
    for card in cards:
        assert pile.get(card, 0) > 0, f"no {card} left in the draw pile"
        pile[card] -= 1
        hand[card] = hand.get(card, 0) + 1
