"""The season booker spreads matches (issue 29 item 14).

After any season every healthy wrestler's match count is within one of the mean (a wrestler
injured in the season is excepted: the booker rests them), no pairing meets more than twice in a
season unless a title or a feud asks for it, and a title match is the main event. Checked on the
booking plan alone over many drawn rosters and seasons, on real seasons played and stored, and
on the case the issue reported (16 wrestlers, `league season 10`), whose figures `league report`
now prints.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from league_helpers import run_cli
from sqlalchemy import select

from turnbuckle.league import service
from turnbuckle.league.booking import MatchSpec
from turnbuckle.league.fairness import SeasonTally
from turnbuckle.league.season_plan import REPEAT_LIMIT, FeudSlot, TitleSlot, plan_card
from turnbuckle.store import open_database
from turnbuckle.store.league_models import Injury, LeagueEvent, LeagueWrestler, Title

NAMES = [f"W{i:02d}" for i in range(24)]


def pairing(sides: list[list[str]]) -> frozenset[tuple[str, ...]]:
    return frozenset(tuple(sorted(side)) for side in sides)


# -- the plan alone: many drawn seasons --------------------------------------------------------
@dataclass
class Drawn:
    """A drawn season: wrestlers and ratings, titles, feuds, injuries, length and card size."""

    ratings: dict[str, float]
    titles: list[tuple[str, int]]
    feuds: list[tuple[tuple[str, ...], tuple[str, ...]]]
    injuries: list[tuple[str, int, int]]  # wrestler, first card out, cards out
    cards: int
    matches: int
    tag_ok: bool
    seed: int


@st.composite
def drawn_seasons(draw: st.DrawFn) -> Drawn:
    n = draw(st.integers(2, 20))
    names = NAMES[:n]
    ratings = {name: draw(st.floats(-10, 40, allow_nan=False)) for name in names}
    titles = draw(st.lists(st.sampled_from([("World", 1), ("TV", 1), ("Tag", 2)]), max_size=3, unique=True))
    feuds: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for _ in range(draw(st.integers(0, 2))):
        a, b = draw(st.lists(st.sampled_from(names), min_size=2, max_size=2, unique=True))
        feuds.append(((a,), (b,)))
    injuries = [
        (draw(st.sampled_from(names)), draw(st.integers(1, 12)), draw(st.integers(1, 3)))
        for _ in range(draw(st.integers(0, 3)))
    ]
    return Drawn(
        ratings,
        titles,
        feuds,
        injuries,
        cards=draw(st.integers(1, 12)),
        matches=draw(st.integers(1, max(1, n // 2 + 1))),
        tag_ok=draw(st.booleans()),
        seed=draw(st.integers(0, 2**16)),
    )


def play_plan(season: Drawn) -> tuple[SeasonTally, set[str], list[list[MatchSpec]]]:
    """Book every card of ``season`` with ``plan_card``, deciding the matches by coin flips: a
    title changes hands (or a vacant one is won) by the flip, and a feud continues."""
    rng = random.Random(season.seed)
    tally = SeasonTally()
    champions: dict[str, tuple[str, ...] | None] = dict.fromkeys((name for name, _ in season.titles), None)
    hurt: set[str] = set()
    cards = []
    for card in range(1, season.cards + 1):
        out = {w for w, first, length in season.injuries if first <= card < first + length}
        hurt |= out
        healthy = {n: r for n, r in season.ratings.items() if n not in out}
        titles = [TitleSlot(name, size, champions[name]) for name, size in season.titles]
        feuds = [FeudSlot(a, b, blowoff=False) for a, b in season.feuds]
        specs = plan_card(healthy, tally, titles, feuds, season.matches, season.tag_ok)
        cards.append(specs)
        for spec in specs:
            feud = (tuple(spec.sides[0]), tuple(spec.sides[1])) in season.feuds
            tally.add(spec.sides, spec.title is not None or feud)
            if spec.title is not None and rng.random() < 0.5:
                champions[spec.title] = tuple(spec.sides[rng.randrange(2)])
        # the plan's promises, card by card
        wrestling = [n for spec in specs for side in spec.sides for n in side]
        assert len(wrestling) == len(set(wrestling)), specs  # nobody twice on a card
        assert not set(wrestling) & out  # the injured rest
        assert len(specs) == min(season.matches, len(healthy) // 2), (len(healthy), specs)
        titled = [i for i, spec in enumerate(specs) if spec.title is not None]
        assert titled == list(range(len(specs) - len(titled), len(specs)))  # title matches close the card
        if titled:  # the promotion's first title booked is the main event
            order = [name for name, _ in season.titles]
            assert specs[-1].title == min((specs[i].title for i in titled), key=lambda t: order.index(str(t)))
        fit = [tally.matches[n] for n in season.ratings if n not in hurt]
        assert not fit or max(fit) - min(fit) <= 1, (card, dict(tally.matches))
    return tally, hurt, cards


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn_seasons())
def test_the_plan_keeps_every_healthy_wrestler_within_one_match_of_the_rest(season: Drawn) -> None:
    tally, hurt, _ = play_plan(season)
    fit = [tally.matches[n] for n in season.ratings if n not in hurt]
    if fit:
        mean = sum(fit) / len(fit)
        assert all(abs(count - mean) <= 1 for count in fit)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn_seasons())
def test_the_plan_repeats_a_pairing_a_third_time_only_for_a_title_or_a_feud(season: Drawn) -> None:
    n = len(season.ratings)
    # room for it: a wrestler's matches in the season stay within twice the others there are
    if season.cards * min(season.matches, n // 2) * 2 > 2 * (n - 1) * n // 2 or season.injuries:
        return
    tally, _, _ = play_plan(season)
    worst = max((tally.unasked(key) for key in tally.meetings), default=0)
    assert worst <= REPEAT_LIMIT, {tuple(k): v for k, v in tally.meetings.items() if v > REPEAT_LIMIT}


# -- real seasons, played and stored ------------------------------------------------------------
Stored = tuple[Counter[str], Counter[frozenset[tuple[str, ...]]], set[str], list[tuple[str, int, int]]]


def stored_season(path: Path) -> Stored:
    """From the database alone: matches per signed wrestler, meetings per pairing that neither a
    title nor a feud booked, the wrestlers injured in the season, and where each title match sat."""
    db = open_database(str(path))
    try:
        with db.read() as session:
            counts: Counter[str] = Counter(
                {w.name: 0 for w in session.scalars(select(LeagueWrestler).where(LeagueWrestler.active.is_(True)))}
            )
            unasked: Counter[frozenset[tuple[str, ...]]] = Counter()
            places: list[tuple[str, int, int]] = []
            events = session.scalars(select(LeagueEvent).order_by(LeagueEvent.number))
            titles = {t.id: t.name for t in session.scalars(select(Title))}
            for event in events:
                last = len(event.matches)
                for match in event.matches:
                    counts.update(n for side in match.sides for n in side)
                    if match.title_id is None and match.feud_id is None:
                        unasked[pairing(match.sides)] += 1
                    elif match.title_id is not None:
                        places.append((titles[match.title_id], match.position, last))
            hurt = {i.wrestler.name for i in session.scalars(select(Injury))}
    finally:
        db.close()
    return counts, unasked, hurt, places


def assert_spread(counts: Counter[str], hurt: set[str]) -> None:
    fit = [c for name, c in counts.items() if name not in hurt]
    mean = sum(fit) / len(fit)
    assert all(abs(c - mean) <= 1 for c in fit), (mean, dict(counts), hurt)


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(
    signed=st.integers(4, 10),
    cards=st.integers(1, 8),
    matches=st.integers(1, 4),
    seed=st.integers(0, 1000),
)
def test_a_stored_season_spreads_matches_and_repeats_no_pairing(
    tmp_path_factory: Any, signed: int, cards: int, matches: int, seed: int
) -> None:
    path = tmp_path_factory.mktemp("season") / "league.db"
    db = open_database(str(path))
    service.create_league(db, "Dice", "powerhouses", {}, seed=seed)
    roster = service.sign(db, None, [], everyone=True)
    for name in roster[signed:]:
        service.release(db, None, name)
    service.new_title(db, None, "World Title")
    service.run_season(db, None, cards, ["random"], matches_per_card=matches)
    db.close()
    counts, unasked, hurt, places = stored_season(path)
    assert len(counts) == signed
    assert_spread(counts, hurt)
    if cards * min(matches, signed // 2) <= signed * (signed - 1) // 2:  # room to meet someone new
        assert max(unasked.values(), default=0) <= REPEAT_LIMIT, unasked
    assert all(position == last for _, position, last in places)  # the title match is the main event


def test_sixteen_wrestlers_ten_cards_as_the_issue_ran_it(tmp_path: Path) -> None:
    """Issue 29 item 14: `league season 10` with 16 signed wrestlers left five with one match and
    had two meet six times. Now every healthy one wrestles within one of the mean, no pairing
    meets a third time unasked, and `league report` prints the figures."""
    path = tmp_path / "galaxy.db"

    def ok(*args: str) -> str:
        out = run_cli(*args, db=path)
        assert out.returncode == 0, out.stderr
        return out.stdout

    ok("new", "Galaxy Wrestling", "--game", "filsinger", "-o", "tournament_standard=true", "--seed", "7")
    ok("sign", "--all")
    ok("belt", "new", "World Title")
    ok("season", "10", "-a", "random")
    counts, unasked, hurt, places = stored_season(path)
    assert len(counts) == 16
    assert_spread(counts, hurt)
    assert max(unasked.values()) <= REPEAT_LIMIT
    assert places and all((position, last) == (4, 4) for _, position, last in places)  # the main event
    figures = json.loads(ok("report", "--out", str(tmp_path / "rep"), "--json"))["fairness"]
    fit = [c for n, c in counts.items() if n not in hurt]
    assert figures["matches"] == {
        "wrestlers": len(fit), "min": min(fit), "mean": round(sum(fit) / len(fit), 2), "max": max(fit)
    }
    assert figures["injured"] == {n: counts[n] for n in sorted(hurt)}
    top = figures["most_repeated"]
    assert top["times"] - top["asked"] <= REPEAT_LIMIT
    text = ok("report", "--out", str(tmp_path / "rep"))
    assert f"min {min(fit)}, mean {sum(fit) / len(fit):.2f}, max {max(fit)}" in text
    assert "Most-repeated pairing: " in text
