"""The race decides on some worlds and values the options it drops on the others (issue 33).

An option is dropped when its playouts so far happen to look bad; valued on those very playouts
it would sit below the truth by more than its stated error (skirmish: options one seed's race
dropped and the other's kept lay 2 errors apart about twice as often as honest errors allow)."""

from __future__ import annotations

import random
from dataclasses import replace

from turnbuckle.analysis.review.sampling import VALUE, playout, sampled_values
from turnbuckle.analysis.review.values import Budget
from turnbuckle.engine.game import State
from turnbuckle.games.filsinger.odds import standing
from turnbuckle.games.filsinger.review import review_plan
from turnbuckle.games.filsinger.rules import FilsingerGame
from turnbuckle.games.filsinger.state import FilsingerState


def _short(start: State, now: State) -> bool:
    return len(now.history) >= len(start.history) + 6


def _leaf(state: State) -> list[float]:
    assert isinstance(state, FilsingerState)
    return [(1 + standing(state, p)) / 2 for p in (0, 1)]


def test_a_dropped_option_is_valued_only_on_worlds_the_race_never_looked_at() -> None:
    game = FilsingerGame(tournament_standard=True)
    plan = replace(review_plan(game), exact=None, roll=None, cutoff=_short, leaf=_leaf)
    state = game.new_initial_state()
    state.record_events = False
    rng = random.Random(4)
    while len(state.history) < 34:  # a PIN window with three options, one of them soon behind
        if state.current_player() < 0:
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    assert len(state.legal_actions()) == 3
    values = sampled_values(state, plan, Budget(playouts=120, adaptive=True), random.Random(34))
    worlds = max(o.samples for o in values.options)
    seeds_rng = random.Random(34)  # Filsinger: a world is a copy, the rng only seeds each world's dice
    seeds = [seeds_rng.getrandbits(64) for _ in range(worlds)]
    dropped = [o for o in values.options if o.samples < worlds]
    assert dropped, "the race dropped an option"
    for option in dropped:
        played = range(2 * option.samples + 1)  # the worlds it was played in (or one more)
        results = []
        for w in played[VALUE]:
            sim = state.clone()
            sim.record_events = False
            sim.apply_action(option.action)
            results.append(playout(sim, plan, random.Random(seeds[w]), game.sides())[values.player])
        assert len(results) == option.samples
        assert option.value == sum(results) / len(results)
