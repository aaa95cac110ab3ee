"""Hypothesis properties of WRASSLIN': card conservation, damage bounds, clones, JSON round trips."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support.random_play import advance
from turnbuckle.engine.game import CHANCE
from turnbuckle.games.wrasslin.core import (
    abilities,
    candidates,
    card_total,
    location_ok,
    meets,
    targets_for,
    wrestler_of,
)
from turnbuckle.games.wrasslin.rules import WrasslinGame
from turnbuckle.games.wrasslin.state import WrasslinState

GAMES = {
    "singles": WrasslinGame(),
    "tag": WrasslinGame(match_type="tag"),
    "handicap": WrasslinGame(match_type="handicap"),
    "battle_royal": WrasslinGame(match_type="battle_royal", players=6),
    "tournament": WrasslinGame(match_type="tournament", tournament_size=3),
    "introductory": WrasslinGame(introductory=True),
    "errors": WrasslinGame(errors_rule=True, tag_cards_in_singles="redraw"),
    "strict": WrasslinGame(errors_rule=False, match_type="tag"),
    "draft": WrasslinGame(match_type="tournament", tournament_wrestlers="draft", tournament_size=2, players=3),
}
matches = st.sampled_from(sorted(GAMES))


def _step(state: WrasslinState, rng: random.Random) -> None:
    if state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _invariants(state: WrasslinState) -> None:
    assert card_total(state) == 180
    assert all(c >= 0 for h in state.hand for c in h)
    assert all(c >= 0 for c in state.deck) and state.deck_n == sum(state.deck)
    assert all(d >= 0 for d in state.dmg)
    for s in range(state.g.players):
        assert state.dmg[s] == sum(e[2] for e in state.entries[s])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=matches, seed=st.integers(0, 10**6))
def test_cards_conserved_and_damage_never_negative(kind: str, seed: int) -> None:
    # wrasslin 2 (180 cards), 6.1: checked after every single action of a random match
    state = GAMES[kind].new_initial_state()
    rng = random.Random(seed)
    for _ in range(3000):
        if state.is_terminal():
            break
        _step(state, rng)
        _invariants(state)


@settings(max_examples=20, deadline=None)
@given(kind=matches, seed=st.integers(0, 10**6), steps=st.integers(0, 300))
def test_clones_are_independent(kind: str, seed: int, steps: int) -> None:
    state = GAMES[kind].new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        _step(state, rng)
    before = [json.dumps(state.observation(p), sort_keys=True) for p in range(state.g.players)]
    twin = state.clone()
    assert isinstance(twin, WrasslinState)
    for _ in range(50):
        if twin.is_terminal():
            break
        _step(twin, rng)
    after = [json.dumps(state.observation(p), sort_keys=True) for p in range(state.g.players)]
    assert before == after


@settings(max_examples=20, deadline=None)
@given(kind=matches, seed=st.integers(0, 10**6), steps=st.integers(0, 400))
def test_json_round_trip(kind: str, seed: int, steps: int) -> None:
    game = GAMES[kind]
    state = advance(game.new_initial_state(), random.Random(seed), steps)
    again = game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()
    for p in range(game.num_players()):
        assert again.observation(p) == state.observation(p)
    assert again.legal_actions() == state.legal_actions()


@settings(max_examples=20, deadline=None)
@given(kind=matches, seed=st.integers(0, 10**6), steps=st.integers(20, 400))
def test_determinize_keeps_what_the_player_saw(kind: str, seed: int, steps: int) -> None:
    game = GAMES[kind]
    rng = random.Random(seed)
    state = advance(game.new_initial_state(), rng, steps)
    for p in range(game.num_players()):
        sample = state.determinize(p, random.Random(seed + p))
        assert isinstance(sample, WrasslinState)
        assert sample.observation(p) == state.observation(p)  # same view for the searcher
        assert card_total(sample) == 180
        for _ in range(30):
            if sample.is_terminal():
                break
            _step(sample, rng)


_ROSTER = [w.name for w in WrasslinGame().wrestlers]
_PAIRS: dict[tuple[str, str], WrasslinGame] = {}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), pair=st.tuples(st.sampled_from(_ROSTER), st.sampled_from(_ROSTER)))
def test_hold_requirements_agree_between_the_legal_list_and_the_reasons(seed: int, pair: tuple[str, str]) -> None:
    # wrasslin 4.3, 6.11-6.12: the legal list (``_targets_for``) and the reasons and upkeep (``meets``, 8.41,
    # 11.5) are two readings of one requirement; every Hold and Specialty, every reachable opponent
    if pair[0] == pair[1]:
        return
    game = _PAIRS.setdefault(pair, WrasslinGame(wrestlers=list(pair)))
    state = game.new_initial_state()
    state.record_events = False
    rng = random.Random(seed)
    checked = 0
    for _ in range(400):
        if state.is_terminal():
            break
        if state.current_player() != CHANCE:
            s = state.current_player()
            specs = [spec for _, spec in game.hold_cards]
            specs += [sp.hold for sp in wrestler_of(state, s).specialties if sp.hold is not None]
            for spec in specs:
                if spec.pin:
                    continue  # 10.2 adds its own condition (a damaged opponent) to the list
                for cand in candidates(state, s):
                    t = cand[0]
                    if not location_ok(state, s, t, spec, False):
                        continue
                    listed = bool(targets_for(state, s, spec, False, [cand], abilities(state, s)))
                    assert listed == (meets(state, s, spec, t) == ""), (spec.name, meets(state, s, spec, t))
                    checked += 1
        _step(state, rng)
    assert checked > 0
