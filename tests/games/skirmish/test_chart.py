"""The Basic Maneuver Chart row by row, without the golden replays: what each maneuver costs (offered at
exactly its cost, not one AP below), whose stat each side rolls, and the dice laws, including the fast
sampler against the chance outcomes it must agree with (SK-4, SK-6.1, SK-7.2, SK-7.4, SK-10, SK-12)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path

import pytest

from support.skirmish import engaged, game, names, position, roll, skip_boosts
from turnbuckle.engine.conformance import chi_square_sf
from turnbuckle.games.skirmish.rules import MOVE_ROLL, ROLL, SkirmishGame, SkirmishState

STATS_ROSTER = str(Path(__file__).resolve().parent / "data" / "stats_roster.toml")

# -- SK-4 / SK-10 / SK-12: AP costs, from the chart in the text ----------------------------------------
CHART_COSTS = {
    "jockey": 1, "hustle": 2, "strike P1": 2, "clothesline P1": 2, "body slam P1": 3, "suplex P1": 3,
    "whip P1 STR": 1, "whip P1 TECH": 1, "pin attempt P1 STR": 2, "pin attempt P1 TECH": 2, "flaunt": 2,
    "shake the cobwebs": 2,
}
"""BASIC MANEUVER CHART: "JOCKEY 1 AP ... HUSTLE 2 AP ... STRIKE 2 AP ..." (every row)."""


def ready(left: int) -> SkirmishState:
    """A (P0) engaged with B, both staggered, A has jockeyed: every basic maneuver's condition holds."""
    s = engaged(left=[left, 0], staggered=(0, 1))
    s.models[0].jockeyed = True
    s.refresh()
    return s


@pytest.mark.parametrize(("maneuver", "cost"), sorted(CHART_COSTS.items()))
def test_sk_4_each_maneuver_offered_at_exactly_its_cost(maneuver: str, cost: int) -> None:  # skirmish SK-4.1, SK-10
    assert maneuver in names(ready(cost))
    assert maneuver not in names(ready(cost - 1))
    s = ready(cost)
    s.apply_action(maneuver)
    assert s.left[0] == 0  # and it costs exactly that


@pytest.mark.parametrize("maneuver", ["tag", "doubleteam P1"])
def test_sk_12_tag_maneuvers_cost_two(maneuver: str) -> None:  # skirmish SK-12 TAG 2 AP, DOUBLETEAM 2 AP
    g = game("tag")

    def at_corner(left: int) -> SkirmishState:
        return position(g, {0: (4.2, 4.2, "NE"), 2: (5.5, 5.5, "SW")}, left=[left, 0], turn=0, order=[0, 1],
                        corners=["SW", "NE"])

    assert maneuver in names(at_corner(2))
    assert maneuver not in names(at_corner(1))


def test_sk_7_7_counter_offered_at_exactly_bid_plus_pool() -> None:
    # skirmish SK-7.7 "can spend any combination of bid and pool APs to execute the counter-maneuver"
    def blocked(left: int, pool: int) -> list[str]:
        s = engaged(left=[2, left], pools=[0, pool])
        s.apply_action("strike P1")
        skip_boosts(s)
        roll(s, "1,1,1")
        roll(s, "5,1,1")
        return names(s)

    assert "suplex P0" in blocked(1, 2) and "suplex P0" in blocked(0, 3)
    assert "suplex P0" not in blocked(1, 1) and "suplex P0" not in blocked(0, 2)


# -- SK-7.2: each side rolls the stat its row names, from its own profile ------------------------------
CHART_STATS = {
    "strike P1": ("STR", 0, "STR"), "clothesline P1": ("STR", 1, "STR"), "body slam P1": ("TECH", 0, "TECH"),
    "suplex P1": ("TECH", 1, "TECH"), "whip P1 STR": ("STR", 0, "STR"), "whip P1 TECH": ("TECH", 0, "TECH"),
    "pin attempt P1 STR": ("STR", 0, "END"), "pin attempt P1 TECH": ("TECH", 0, "END"),
}
"""Attacker [stat + bonus] vs. defender [stat], as the chart prints them (a pin rolls against current END)."""


@pytest.mark.parametrize("order", [("Lopsided", "Mirror"), ("Mirror", "Lopsided")])
@pytest.mark.parametrize("maneuver", sorted(CHART_STATS))
def test_sk_7_2_each_side_rolls_its_own_stat(maneuver: str, order: tuple[str, str]) -> None:  # skirmish SK-7.2, SK-10
    g = SkirmishGame(roster=STATS_ROSTER, wrestlers=list(order))
    s = position(g, {0: (15, 15, "E"), 1: (17, 15, "W")}, left=[3, 0], staggered=(1,), end={1: 3})
    s.models[0].jockeyed = True
    s.refresh()
    stat, bonus, dstat = CHART_STATS[maneuver]
    att, dfn = g.profiles
    s.apply_action(maneuver)
    skip_boosts(s)
    assert s.phase == ROLL and s.pend["batch"] == att.stat(stat) + bonus
    s.apply_action("dice 5s=0 6s=0")
    expected = 3 if dstat == "END" else dfn.stat(dstat)  # the pin: his END now, not his starting END
    assert s.phase == ROLL and s.pend["batch"] == expected


@pytest.mark.parametrize("who", ["Lopsided", "Mirror"])
def test_sk_10_1_jockey_and_flaunt_roll_their_stats(who: str) -> None:  # skirmish SK-10.1 JOCKEY, SK-9 FLAUNT
    g = SkirmishGame(roster=STATS_ROSTER, wrestlers=[who, "Mirror" if who == "Lopsided" else "Lopsided"])
    prof = g.profiles[0]
    for staggered in ((), (0,)):
        s = position(g, {0: (10, 10, "E"), 1: (20, 20, "W")}, left=[3, 0], staggered=staggered)
        s.apply_action("jockey")
        assert s.phase == MOVE_ROLL and s.pend["dice"] == prof.SPD - len(staggered)  # one die fewer if staggered
    s = position(g, {0: (10, 10, "E"), 1: (20, 20, "W")}, left=[2, 0])
    s.apply_action("flaunt")
    assert s.phase == ROLL and s.pend["batch"] == prof.SHOW


# -- SK-7.4 / SK-6.1: the dice laws and the fast sampler ----------------------------------------------
def at_batch(batch: int) -> SkirmishState:
    """A Strike's attack roll with ``batch`` dice in the air (the law depends on the batch size alone)."""
    s = engaged(left=[2, 0])
    s.apply_action("strike P1")
    skip_boosts(s)
    s.pend["batch"] = batch
    return s


def at_move_roll(dice: int) -> SkirmishState:
    s = engaged(left=[1, 0])
    s.apply_action("jockey")
    s.pend["dice"] = dice
    return s


@pytest.mark.parametrize("batch", [1, 2, 3, 4])
def test_sk_7_4_batch_law_by_enumeration(batch: int) -> None:  # skirmish SK-7.4 "5 is a hit, 6 a critical hit"
    counts = Counter((faces.count(5), faces.count(6)) for faces in itertools.product(range(1, 7), repeat=batch))
    want = {f"dice 5s={a} 6s={b}": n / 6 ** batch for (a, b), n in counts.items()}
    got = {a.name: p for a, p in at_batch(batch).chance_outcomes()}
    assert got.keys() == want.keys()
    assert all(got[k] == pytest.approx(want[k]) for k in want)


@pytest.mark.parametrize("dice", [1, 2, 3])
def test_sk_6_1_move_total_law_by_enumeration(dice: int) -> None:  # skirmish SK-6.1 "roll ... total the results"
    counts = Counter(sum(faces) for faces in itertools.product(range(1, 7), repeat=dice))
    want = {f"total {t}": n / 6 ** dice for t, n in counts.items()}
    got = {a.name: p for a, p in at_move_roll(dice).chance_outcomes()}
    assert got.keys() == want.keys()
    assert all(got[k] == pytest.approx(want[k]) for k in want)


def _agrees(state: SkirmishState, draws: int, seed: int) -> float:
    """Chi-square p-value of ``draws`` fast samples against the listed chance outcomes (bins under an
    expected count of 5 pooled)."""
    rng = random.Random(seed)
    seen = Counter(state.sample_chance(rng).name for _ in range(draws))
    listed = {a.name: p for a, p in state.chance_outcomes()}
    assert set(seen) <= set(listed), "the sampler drew an outcome that is not listed"
    stat, bins, pooled_seen, pooled_want = 0.0, 0, 0, 0.0
    for name, p in listed.items():
        want = p * draws
        if want < 5:
            pooled_seen += seen[name]
            pooled_want += want
            continue
        stat += (seen[name] - want) ** 2 / want
        bins += 1
    if pooled_want > 0:
        stat += (pooled_seen - pooled_want) ** 2 / pooled_want
        bins += 1
    return chi_square_sf(stat, max(1, bins - 1))


@pytest.mark.parametrize("batch", [1, 2, 3, 5, 8])
def test_sk_7_4_fast_sampler_draws_the_batch_law(batch: int) -> None:  # skirmish SK-7.4, engine sample_chance
    assert _agrees(at_batch(batch), 3000, seed=batch) > 1e-4


@pytest.mark.parametrize("dice", [1, 2, 4])
def test_sk_6_1_fast_sampler_draws_the_move_total_law(dice: int) -> None:  # skirmish SK-6.1, engine sample_chance
    assert _agrees(at_move_roll(dice), 3000, seed=dice) > 1e-4
