"""No peeking: a seat's hint and review values come from its information set alone.

At every decision of a recorded match the opponent's hidden cards (WRASSLIN' hands) or unrevealed
bid (skirmish) are changed, leaving everything the seat saw as it was (its observation is checked
to be identical). Every hint and every information-set review value must stay exactly the same;
the omniscient mode, which reads the true state, must not (else the test could not fail).
"""

from __future__ import annotations

import random

import pytest

import turnbuckle
from turnbuckle.agents.registry import make_agent
from turnbuckle.analysis.review import Budget, ReviewSettings, decision_values, hint, review_replay
from turnbuckle.analysis.review.core import decision_rng
from turnbuckle.engine.game import State
from turnbuckle.engine.match import play_match
from turnbuckle.engine.replay import Replay
from turnbuckle.games.skirmish.rules import SkirmishState
from turnbuckle.games.wrasslin.state import WrasslinState

BUDGET = Budget(playouts=4)


def _swap_hidden(state: State, seat: int, rng: random.Random) -> State | None:
    """A copy whose opponents' secrets differ from ``state``'s, the same for ``seat``; ``None`` when
    nothing is hidden from the seat here."""
    variant = state.clone()
    if isinstance(variant, WrasslinState):
        for other in range(variant.g.players):
            if other == seat:
                continue
            held = [c for c, n in enumerate(variant.hand[other]) if n]
            spare = [c for c, n in enumerate(variant.deck) if n and c not in held]
            if held and spare:
                out, new = rng.choice(held), rng.choice(spare)
                variant.hand[other] = list(variant.hand[other])
                variant.deck = list(variant.deck)
                variant.hand[other][out] -= 1
                variant.deck[out] += 1
                variant.hand[other][new] += 1
                variant.deck[new] -= 1
                variant._legal = None
                return variant
        return None
    if isinstance(variant, SkirmishState):
        for other in range(variant.game.players):
            if other != seat and variant.bid_in[other] and not variant.revealed and variant.pool[other] > 0:
                variant.bid = list(variant.bid)
                variant.bid[other] = (variant.bid[other] + 1 + rng.randrange(variant.pool[other])) % (
                    variant.pool[other] + 1)
                return variant
        return None
    raise AssertionError(f"no hidden information to change in {type(state).__name__}")


def _values(dv: object) -> list[tuple[str, float, float | None, tuple[float, ...]]]:
    return [(o.action, o.value, o.stderr, o.scores) for o in dv.options]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "seed"), [("wrasslin", 5), ("skirmish", 2)])
def test_hidden_cards_and_bids_change_no_hint_and_no_review_value(name: str, seed: int) -> None:
    game = turnbuckle.load_game(name)
    assert game.hidden_information
    record = play_match(game, [make_agent("heuristic", game, p) for p in range(game.num_players())], seed=seed)
    rng = random.Random(seed)
    variants: dict[int, State] = {}  # action index -> the position with the opponents' secrets changed
    state = game.new_initial_state()
    for at, action in enumerate(record.actions):
        seat = state.current_player()
        if seat >= 0 and len(state.legal_actions()) > 1 and len(variants) < 8:
            variant = _swap_hidden(state, seat, rng)
            if variant is not None:
                assert variant.observation(seat) == state.observation(seat), "the seat saw the same"
                variants[at] = variant
        state.apply_action(action)
    assert len(variants) >= 3, "the match had decisions with something hidden"
    # the review of the match up to the last of those positions, as a user would ask for it
    prefix = Replay(game=name, params=record.params, seed=seed, actions=record.actions[: max(variants) + 1])
    review = review_replay(prefix, ReviewSettings(budget=BUDGET, seed=7))
    by_position = {d.action_index: d for d in review.decisions}
    state = game.new_initial_state()
    peeked = 0
    for at, action in enumerate(prefix.actions):
        if at in variants:
            variant, decision = variants[at], by_position[at]
            again = decision_values(variant, decision_rng(7, at), BUDGET, include=(decision.choice,))
            assert _values(again) == _values(decision.values), "a review value read a hidden card"
            assert _values(hint(variant, budget=BUDGET)) == _values(hint(state, budget=BUDGET))
            true = hint(state, budget=BUDGET, omniscient=True)
            if _values(hint(variant, budget=BUDGET, omniscient=True)) != _values(true):
                peeked += 1
        state.apply_action(action)
    assert peeked >= 1, "the omniscient mode does read the hidden cards (the check can fail)"
