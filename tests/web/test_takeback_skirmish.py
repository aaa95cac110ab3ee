"""Take-back refusals in the ring skirmish game name what was revealed (issue 22.14): its secrets
are the bids, and its chance outcomes are dice, not cards."""

from __future__ import annotations

import random

from turnbuckle import load_game
from turnbuckle.engine.game import CHANCE
from turnbuckle.web.takeback import CARD_REVEALED, DIE_ROLLED, MoverLog, find_takeback


def test_a_bid_cannot_be_taken_back_once_the_bids_were_revealed() -> None:
    # skirmish SK-3.2: bids are secret until all are in; the refusal says so, not "a card"
    game = load_game("skirmish")
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node() or not state.legal_actions()[0].name.startswith("bid "):
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    bidder = state.current_player()
    state.apply_action(state.legal_actions()[3])  # the person's bid
    state.apply_action(state.legal_actions()[2])  # the computer's bid: now both are shown
    assert any(e.kind == "bids_revealed" for e in state.events)
    history = state.history
    movers = MoverLog(game).movers(history)
    refusal = find_takeback(game, history, movers, bidder, [1 - bidder])
    assert refusal.reason == "the bids were revealed" and refusal.reason != CARD_REVEALED


def test_a_die_rolled_after_a_skirmish_decision_is_a_die() -> None:
    game = load_game("skirmish")
    state = game.new_initial_state()
    rng = random.Random(4)
    while True:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        action = state.legal_actions()[0]
        state.apply_action(action)
        if state.is_chance_node() and len(state.history) > 8:
            break
    history = state.history
    movers = MoverLog(game).movers(history)
    assert movers[-1] != CHANCE
    state.apply_action(state.sample_chance(rng))
    history = state.history
    movers = MoverLog(game).movers(history)
    seat = movers[-2]
    assert find_takeback(game, history, movers, seat, [1 - seat]).reason == DIE_ROLLED
