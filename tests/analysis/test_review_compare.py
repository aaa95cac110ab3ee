"""Options compared with the best (issue 33): paired gaps, the "as good as the best" group, the
words, the racing rule, and the sides' chances adding up to one win."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import turnbuckle
from turnbuckle.agents.registry import make_agent
from turnbuckle.analysis.review import Budget, ReviewSettings, hint, review_replay
from turnbuckle.analysis.review.compare import (
    AS_GOOD,
    EQUAL,
    TOLERANCE,
    Gap,
    Z,
    graded,
    graded_exact,
    paired_gap,
    settled,
    verdicts,
)
from turnbuckle.analysis.review.sampling import race
from turnbuckle.analysis.review.values import CLEAR, CLEAR_Z, DecisionValues, OptionValue, mean_and_stderr
from turnbuckle.engine.match import play_match
from turnbuckle.engine.replay import Replay
from turnbuckle.engine.review_plan import ReviewPlan

scores = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


def _stderr(xs: list[float]) -> float:
    return mean_and_stderr(sum(xs), sum(x * x for x in xs), len(xs))[1]


@given(st.lists(st.tuples(scores, scores), min_size=2, max_size=60))
def test_the_paired_error_is_no_larger_than_the_unpaired_one_when_the_options_move_together(
        pairs: list[tuple[float, float]]) -> None:
    a = [p[0] for p in pairs]
    b = [p[1] for p in pairs]
    n = len(a)
    ma, mb = sum(a) / n, sum(b) / n
    covariance = sum((x - ma) * (y - mb) for x, y in pairs) / (n - 1)
    assume(covariance >= 0)
    gap = paired_gap(a, b)
    assert gap.value == pytest.approx(ma - mb, abs=1e-12)
    assert gap.stderr is not None
    assert gap.stderr <= math.hypot(_stderr(a), _stderr(b)) + 1e-9


def test_common_random_numbers_separate_what_the_values_alone_cannot() -> None:
    rng = random.Random(3)
    luck = [rng.random() for _ in range(64)]
    best = [min(1.0, x + 0.03) for x in luck]  # three points better in every world
    gap = paired_gap(best, luck)
    assert gap.separated, "paired, the three points are far beyond the noise"
    unpaired = math.hypot(_stderr(best), _stderr(luck))
    assert gap.value < Z * unpaired, "unpaired, they would be within noise of each other"


@st.composite
def gap_lists(draw: st.DrawFn) -> list[Gap]:
    others = draw(st.lists(st.tuples(st.floats(0.0, 1.0), st.one_of(st.none(), st.floats(0.0, 0.5))),
                           max_size=8))
    return [Gap(0.0, None)] + [Gap(v, e) for v, e in others]


@given(gap_lists())
def test_the_words_follow_the_gaps(gaps: list[Gap]) -> None:
    words = verdicts(gaps)
    assert len(words) == len(gaps)
    others = gaps[1:]
    if not others:
        assert words == ["the only option"]
        return
    for gap, said in zip(others, words[1:], strict=True):
        assert (said == AS_GOOD) == (not gap.separated)
        if gap.separated:
            assert said == ("slightly worse" if gap.value < CLEAR else "clearly worse")
    if words[0] == "clearly best":
        assert all(g.separated and g.value >= CLEAR for g in others)
        assert all(g.stderr is None or g.value > CLEAR_Z * g.stderr for g in others)
    elif words[0] == "probably best":
        assert all(g.separated and g.value >= CLEAR for g in others)
        assert any(g.stderr is not None and g.value <= CLEAR_Z * g.stderr for g in others)
    elif words[0] == "slightly better":
        assert all(g.separated for g in others) and min(g.value for g in others) < CLEAR
    else:
        assert words[0].startswith("best, as good as ")


@given(st.lists(scores, min_size=1, max_size=8))
def test_exact_options_group_only_within_half_a_point(values: list[float]) -> None:
    values = sorted(values, reverse=True)
    options = graded_exact([OptionValue(f"o{i}", v, (v, 1 - v)) for i, v in enumerate(values)])
    assert options[0].as_good and options[0].gap == 0.0, "the group always holds the best"
    for option in options[1:]:
        assert option.as_good == (values[0] - option.value < EQUAL)
        assert option.gap_stderr is None


@given(st.lists(st.lists(scores, min_size=20, max_size=20), min_size=2, max_size=5))
@settings(max_examples=60)
def test_the_race_keeps_the_leader_and_drops_only_what_is_surely_behind(table: list[list[float]]) -> None:
    active = list(range(len(table)))
    kept, why = race(table, active)
    means = [sum(row) / len(row) for row in table]
    leader = max(active, key=lambda i: (means[i], -i))
    assert leader in kept
    for i in set(active) - set(kept):
        gap = paired_gap(table[leader], table[i])
        assert gap.separated and gap.stderr is not None and gap.value > 3 * gap.stderr
    if why == "clear best":
        assert kept == [leader]
    elif why:
        assert settled([paired_gap(table[leader], table[i]) for i in kept if i != leader])


def test_the_race_stops_at_a_clear_best_and_at_a_close_field() -> None:
    rng = random.Random(7)
    luck = [[rng.random() for _ in range(40)] for _ in range(3)]
    far = [luck[0], [x * 0.2 for x in luck[0]], [x * 0.3 for x in luck[0]]]
    assert race(far, [0, 1, 2]) == ([0], "clear best")
    close = [luck[1], [x - 0.001 for x in luck[1]], [x - 0.002 for x in luck[1]]]
    assert race(close, [0, 1, 2]) == ([0, 1, 2], f"the rest within {100 * TOLERANCE:g} points")
    noisy = [luck[0], luck[1], luck[2]]
    kept, why = race(noisy, [0, 1, 2])
    assert why == "" and len(kept) > 1, "independent noise: nothing is told apart yet"


def test_the_tolerance_rule_stops_only_when_the_rest_is_surely_close() -> None:
    assert settled([Gap(0.001, 0.002)])
    assert not settled([Gap(0.001, 0.02)]), "within noise but not surely within two points: sample on"
    assert settled([Gap(0.2, 0.05)]), "surely behind"
    assert not settled([Gap(0.0, math.inf)])
    assert TOLERANCE == 0.02


def test_graded_options_name_the_best_and_its_group() -> None:
    a = OptionValue("a", 0.6, (0.6, 0.4), 0.05, 32)
    b = OptionValue("b", 0.59, (0.59, 0.41), 0.05, 32)
    c = OptionValue("c", 0.3, (0.3, 0.7), 0.05, 32)
    out = graded([a, b, c], [Gap(0.0, 0.0), Gap(0.01, 0.02), Gap(0.3, 0.04)])
    assert [o.words for o in out] == ["best, as good as 1 other", AS_GOOD, "clearly worse"]
    assert [o.as_good for o in out] == [True, True, False]
    assert out[0].gap_stderr is None and out[2].gap_stderr == 0.04


def test_an_adaptive_hint_stops_early_and_says_why() -> None:
    game = turnbuckle.load_game("rumbleslam")
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.current_player() < 0 or len(state.legal_actions()) < 2:
        state.apply_action(state.sample_chance(rng) if state.current_player() < 0 else state.legal_actions()[0])
    cap = 96
    values = hint(state, rng=random.Random(2), budget=Budget(playouts=cap, adaptive=True))
    early = {"clear best", "the only option", f"the rest within {100 * TOLERANCE:g} points"}
    assert values.stopped in early | {f"{cap} playouts"}
    most = max(o.samples for o in values.options)
    assert (most < cap) == (values.stopped in early)
    assert values.best.as_good and values.best.samples == most
    assert all(o.samples >= 32 for o in values.options), "no option is dropped before the first look"
    fixed = hint(state, rng=random.Random(2), budget=Budget(playouts=24))
    assert {o.samples for o in fixed.options} == {24} and fixed.stopped == "24 playouts"


def test_a_seconds_budget_is_adaptive_and_shown() -> None:
    budget = Budget.parse("2s")
    assert budget.adaptive and "until the best is told apart" in budget.describe()
    assert not Budget.parse("64").adaptive


@pytest.mark.parametrize("name", ["wrasslin", "rumbleslam", "skirmish", "powerhouses"])
def test_the_sides_chances_at_one_moment_add_up_to_one_win(name: str) -> None:
    game = turnbuckle.load_game(name)
    agents = [make_agent("random", game, p) for p in range(game.num_players())]
    replay = Replay.from_result(play_match(game, agents, seed=5))
    review = review_replay(replay, ReviewSettings(budget=Budget(playouts=3), seed=1))
    heads = [side.players[0] for side in game.sides()]
    series = review.series()
    assert len({len(points) for points in series}) == 1, "every seat has a point at every decision"
    for moment in zip(*series, strict=True):
        assert sum(moment[p][1] for p in heads) == pytest.approx(1.0, abs=1e-9)
    for d in review.turning_points:
        assert abs(d.swing) >= 0.01
        assert d.swing_stderr is None or abs(d.swing) > Z * d.swing_stderr


@pytest.mark.parametrize(("gap", "words", "clear"), [
    (Gap(0.1, 0.04), "probably best", False),  # 2.5 errors: real, but not sure enough
    (Gap(0.1, 0.02), "clearly best", True),
    # 3.3 errors: enough for the race to stop sampling the other option (DROP_Z, 3), not for the
    # words (CLEAR_Z, 3.5): another seed turned such leads around on 8 of 140 RUMBLESLAM decisions.
    (Gap(0.1, 0.03), "probably best", False),
    (Gap(0.1, 0.028), "clearly best", True),  # 3.6 errors
    # Issue 33 item 6: "clear" is what the words call "clearly best". A lead of a point at 6 errors
    # (RUMBLESLAM's "recipient" choices: 0.6 points at 3 errors in one seed, -0.8 in the other) is
    # "slightly better", so the seed-to-seed agreement is not measured on it.
    (Gap(0.01, 0.0015), "slightly better", False),
    (Gap(0.03, 0.0015), "clearly best", True),
    # A 5-error lead on 8 worlds (a time-capped decision) is not sure of its own spread: never clear.
    (Gap(0.1, 0.02, 8), "probably best", False),
    (Gap(0.1, 0.02, 16), "clearly best", True),
])
def test_a_lead_is_clear_exactly_when_the_words_say_clearly_best(gap: Gap, words: str, clear: bool) -> None:
    n = gap.samples or 64
    a = OptionValue("a", 0.7, (0.7, 0.3), 0.05, n)
    b = OptionValue("b", 0.7 - gap.value, (0.7 - gap.value, 0.3 + gap.value), 0.05, n)
    options = graded([a, b], [Gap(0.0, 0.0), gap])
    assert options[0].words == words and not options[1].as_good
    assert DecisionValues(0, options, exact=False, method="").clear is clear


def _sample_with_worlds_lasting(monkeypatch: pytest.MonkeyPatch, pace: list[float], cap: float,
                                ) -> tuple[DecisionValues, float]:
    """A two-option Powerhouses decision sampled with a ``cap``-second budget on a fake clock,
    world ``k`` taking ``pace[k % len(pace)]`` seconds; the values and the clock's end."""
    from turnbuckle.analysis.review import sampling

    now = [0.0]
    calls = [0]
    real = sampling.playout

    def timed_playout(*args: object, **kwargs: object) -> list[float]:
        now[0] += pace[calls[0] // 2 % len(pace)] / 2  # two options a world
        calls[0] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sampling, "playout", timed_playout)
    monkeypatch.setattr(Budget, "clock", lambda self: lambda: now[0])
    game = turnbuckle.load_game("powerhouses")
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.current_player() < 0 or len(state.legal_actions()) != 2:
        state.apply_action(state.sample_chance(rng) if state.current_player() < 0 else state.legal_actions()[0])
    values = sampling.sampled_values(state, ReviewPlan(), Budget(playouts=1000, seconds=cap), random.Random(2))
    return values, now[0]


def test_a_time_cap_starts_no_world_that_would_end_past_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint capped at 1 s whose worlds take 0.3 s each stops after 3 (0.9 s), not after a
    fourth that ends at 1.2 s (which the cap let start at 0.9 s before; failed then)."""
    values, end = _sample_with_worlds_lasting(monkeypatch, [0.3], 1.0)
    assert values.stopped == "time cap"
    assert end <= 1.0
    assert {o.samples for o in values.options} == {3}


def test_a_time_cap_expects_the_next_world_as_slow_as_the_slowest_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    """Worlds of 0.1 s with a 0.5 s one among them (a long match) and a cap of 1.35 s: at the
    average pace a sixth world would start at 0.9 s and, slow again, end at 1.4 s (failed so
    when ``_past`` read the average); at the slowest world's pace the sample stops at 0.9 s."""
    values, end = _sample_with_worlds_lasting(monkeypatch, [0.1, 0.5, 0.1, 0.1, 0.1, 0.5, 0.1, 0.1], 1.35)
    assert values.stopped == "time cap"
    assert end == pytest.approx(0.9)
    assert {o.samples for o in values.options} == {5}


def test_a_race_until_clear_goes_on_past_a_field_told_apart_at_two_errors() -> None:
    """Puzzles (issue 34.5) need the best 3 paired errors ahead: ``until_clear`` stops a race only
    at a lone leader, not where ``settled`` would (failed before ``until_clear`` existed)."""
    rng = random.Random(7)
    luck = [rng.random() for _ in range(40)]
    close = [luck, [x - 0.001 for x in luck], [x - 0.002 for x in luck]]
    assert race(close, [0, 1, 2])[1] != ""
    assert race(close, [0, 1, 2], until_clear=True) == ([0, 1, 2], "")
    far = [luck, [x * 0.2 for x in luck], [x * 0.3 for x in luck]]
    assert race(far, [0, 1, 2], until_clear=True) == ([0], "clear best")
