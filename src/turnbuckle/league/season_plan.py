"""Who wrestles whom on a season's next card, so that a season spreads its matches.

The card goes to the wrestlers with the fewest matches so far this season: every pick is one of
the *due* wrestlers (no more matches than the one who would be last in line for the card's open
places), so after any number of cards the healthy wrestlers' counts differ by at most one
(someone back from an injury catches up). Within that line, champions come first (a title is
defended whenever its champions' turn comes), then feuding wrestlers, then by rating. Undercard
pairs are matched by rating among pairs that have met fewer than ``REPEAT_LIMIT`` times this
season; only a title or a feud books a pairing more often, or, failing every other pairing, the
closest-rated repeat. Pure data in, match specs out: ``season.book_season_event`` feeds it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from turnbuckle.league.booking import MatchSpec
from turnbuckle.league.fairness import SeasonTally
from turnbuckle.league.lookup import pair_key

REPEAT_LIMIT = 2
"""Meetings of the same two wrestlers in one season that the undercard books at most."""
SEARCH_BUDGET = 20_000
"""Steps the undercard's pairing search may take before it allows one more repeat."""


@dataclass(frozen=True)
class TitleSlot:
    """A title to book: its name, wrestlers per side and its champions (None: vacant)."""

    name: str
    size: int
    holders: tuple[str, ...] | None


@dataclass(frozen=True)
class FeudSlot:
    """An active feud to continue: its sides, and whether its next match is the blow-off."""

    side_a: tuple[str, ...]
    side_b: tuple[str, ...]
    blowoff: bool


class Line:
    """The healthy wrestlers waiting for the card's places, fewest matches first."""

    def __init__(self, ratings: dict[str, float], counts: dict[str, int], first: Sequence[str], places: int) -> None:
        rank = {name: i for i, name in enumerate(first)}
        self.ratings = ratings
        self.counts = counts
        self.waiting = sorted(ratings, key=lambda n: (counts.get(n, 0), rank.get(n, len(rank)), -ratings[n], n))
        self.places = min(places, len(self.waiting) - len(self.waiting) % 2)

    def due(self) -> list[str]:
        """Who may take the next place: no more matches than the last one in line for the places left."""
        if self.places <= 0:
            return []
        last = self.counts.get(self.waiting[self.places - 1], 0)
        return [n for n in self.waiting if self.counts.get(n, 0) <= last]

    def take(self, name: str) -> None:
        assert name in self.due(), name
        self.waiting.remove(name)
        self.places -= 1

    def mark(self) -> tuple[int, list[str]]:
        """The line as it is now, to go back to (``reset``) when a match cannot be made."""
        return self.places, list(self.waiting)

    def reset(self, mark: tuple[int, list[str]]) -> None:
        self.places, self.waiting = mark[0], list(mark[1])

    def try_take(self, names: Sequence[str], extra_places: int = 0) -> bool:
        """Take all of ``names`` (one by one, each due when taken) or none of them; ``extra_places``:
        the match adds that many places (a tag match fills four places for one match)."""
        if len(self.waiting) < self.places + extra_places:
            return False
        mark = self.mark()
        self.places += extra_places
        for name in names:
            if name not in self.due():
                self.reset(mark)
                return False
            self.take(name)
        return True

    def ranked_due(self) -> list[str]:
        """The due wrestlers, best-rated first (a title's contenders are picked from them)."""
        return sorted(self.due(), key=lambda n: (-self.ratings[n], n))


class Steps:
    """A budget of search steps shared by one card's whole search."""

    def __init__(self, budget: int) -> None:
        self.left = budget

    def spend(self) -> bool:
        self.left -= 1
        return self.left >= 0


Allowed = Callable[[str, str], bool]


def plan_card(
    ratings: dict[str, float],
    tally: SeasonTally,
    titles: Sequence[TitleSlot],
    feuds: Sequence[FeudSlot],
    matches: int,
    tag_ok: bool,
) -> list[MatchSpec]:
    """The next card's matches from the healthy wrestlers' ``ratings``: title matches (the first
    title last, as the main event), feud matches, then the undercard; up to ``matches`` matches.

    ``titles`` in the promotion's order (its first is its top title), ``feuds`` hottest first.
    Title contenders are the best-rated due wrestlers, unless taking them would leave the
    undercard only repeats: then the next best (a few choices each, within ``SEARCH_BUDGET``)."""
    first = [n for t in titles if t.holders for n in t.holders]
    first += [n for f in feuds for n in (*f.side_a, *f.side_b) if n not in first]
    line = Line(ratings, dict(tally.matches), first, 2 * matches)
    titles = [t for t in titles if t.size == 1 or tag_ok]
    feuds = [f for f in feuds if len(f.side_a) == len(f.side_b) and (len(f.side_a) == 1 or tag_ok)]

    def met(a: str, b: str) -> bool:
        return tally.meetings[pair_key([[a], [b]])] < REPEAT_LIMIT

    def unasked(a: str, b: str) -> bool:
        return tally.unasked(pair_key([[a], [b]])) < REPEAT_LIMIT

    steps = Steps(SEARCH_BUDGET)
    plan = _with_titles(line, titles, feuds, matches, [], [met, unasked], CONTENDER_CHOICES, steps)
    if plan is None:  # every choice repeats a pairing: the best contenders, the closest repeat
        plan = _with_titles(line, titles, feuds, matches, [], [lambda a, b: True], 1, Steps(SEARCH_BUDGET))
    assert plan is not None  # with no limit any wrestlers pair up
    return plan


CONTENDER_CHOICES = 4
"""Contenders (or pairs of them) tried for a title before the undercard may repeat a pairing."""


def _with_titles(
    line: Line,
    titles: Sequence[TitleSlot],
    feuds: Sequence[FeudSlot],
    matches: int,
    booked: list[MatchSpec],
    limits: list[Allowed],
    choices: int,
    steps: Steps,
) -> list[MatchSpec] | None:
    """The card from here: the next title's match (each of up to ``choices`` sets of contenders
    in turn), the titles after it, then the feuds and the undercard; None if no choice gives an
    undercard within one of ``limits``."""
    if not titles or len(booked) >= matches:
        return _with_feuds(line, feuds, matches, booked, limits, steps)
    title, later = titles[0], titles[1:]
    mark = line.mark()
    champions = title.holders or ()
    if not line.try_take(champions, 2 * title.size - 2):
        return _with_titles(line, later, feuds, matches, booked, limits, choices, steps)
    wanted = title.size if champions else 2 * title.size
    ranked = line.ranked_due()
    tried = 0
    for contenders in combinations(ranked[: wanted + choices - 1], wanted):
        if tried >= choices or not steps.spend():
            break
        inner = line.mark()
        if not line.try_take(contenders):
            continue
        tried += 1
        if champions:
            sides = [list(champions), list(contenders)]
        else:
            top = contenders
            sides = [[top[0]], [top[1]]] if title.size == 1 else [[top[0], top[3]], [top[1], top[2]]]
        plan = _with_titles(
            line, later, feuds, matches, [*booked, MatchSpec(sides=sides, title=title.name)], limits, choices, steps
        )
        if plan is not None:
            line.reset(mark)
            return plan
        line.reset(inner)
    line.reset(mark)
    if tried == 0:  # no contenders due: no title match on this card
        return _with_titles(line, later, feuds, matches, booked, limits, choices, steps)
    return None


def _with_feuds(
    line: Line, feuds: Sequence[FeudSlot], matches: int, booked: list[MatchSpec], limits: list[Allowed], steps: Steps
) -> list[MatchSpec] | None:
    """Feud rematches for every feud whose sides are all due (hottest first), then the undercard;
    if that leaves the undercard only repeats, the same without the coolest feuds in turn."""
    for kept in range(len(feuds), -1, -1):
        plan = _feuds_then_undercard(line, feuds[:kept], matches, booked, limits, steps)
        if plan is not None or steps.left <= 0:
            return plan
    return None


def _feuds_then_undercard(
    line: Line, feuds: Sequence[FeudSlot], matches: int, booked: list[MatchSpec], limits: list[Allowed], steps: Steps
) -> list[MatchSpec] | None:
    mark = line.mark()
    title_matches = list(booked)
    feud_matches: list[MatchSpec] = []
    for feud in feuds:
        if len(title_matches) + len(feud_matches) >= matches:
            break
        size = len(feud.side_a)
        if not line.try_take([*feud.side_a, *feud.side_b], 2 * size - 2):
            continue
        feud_matches.append(MatchSpec(sides=[list(feud.side_a), list(feud.side_b)], blowoff=feud.blowoff))
    undercard = None
    for allowed in limits:
        undercard = _undercard(line, allowed, steps)
        if undercard is not None:
            break
    line.reset(mark)
    if undercard is None:
        return None
    return [*undercard, *feud_matches, *reversed(title_matches)]


def _undercard(line: Line, allowed: Allowed, steps: Steps) -> list[MatchSpec] | None:
    """Singles for the places left: every wrestler who must wrestle (fewer matches than the last
    place's) and the rest from those level with it, paired by rating with ``allowed`` pairs."""
    places = line.places
    if places < 2:
        return []
    last = line.counts.get(line.waiting[places - 1], 0)
    must = sorted((n for n in line.waiting if line.counts.get(n, 0) < last), key=lambda n: (-line.ratings[n], n))
    level = [n for n in line.waiting if line.counts.get(n, 0) == last]  # in line order
    pairs = _pairs(must, level, places, line.ratings, allowed, steps)
    if pairs is None:
        return None
    pairs.sort(key=lambda p: -max(line.ratings[p[0]], line.ratings[p[1]]))
    return [MatchSpec(sides=[[a], [b]]) for a, b in pairs]


def _pairs(
    must: list[str], level: list[str], places: int, ratings: dict[str, float], allowed: Allowed, steps: Steps
) -> list[tuple[str, str]] | None:
    """Pairs filling ``places``: all of ``must`` and enough of ``level``, each pair ``allowed``;
    None if there are none (or the search ran out of steps).

    The wrestler with the fewest allowed partners goes first (``level`` ones in line order at a
    tie), so the ones left over for later cards are those who can still meet someone new; each
    is paired with the closest-rated partner the search can complete the card with."""
    everyone = [*must, *level]
    order = {name: i for i, name in enumerate(everyone)}
    options = {a: sum(1 for b in everyone if b != a and allowed(a, b)) for a in everyone}

    def first(names: list[str]) -> str:
        return min(names, key=lambda n: (options[n], order[n]))

    def search(must: list[str], level: list[str], places: int) -> list[tuple[str, str]] | None:
        if not steps.spend() or len(must) > places or len(must) + len(level) < places:
            return None
        if places == 0:
            return []
        a = first(must) if must else first(level)
        must_rest = [m for m in must if m != a]
        level_rest = [x for x in level if x != a]
        candidates = [(b, True) for b in must_rest] + [(b, False) for b in level_rest]
        candidates.sort(key=lambda c: (abs(ratings[a] - ratings[c[0]]), order[c[0]]))
        for b, in_must in candidates:
            if not allowed(a, b):
                continue
            rest = search(
                [m for m in must_rest if m != b] if in_must else must_rest,
                level_rest if in_must else [x for x in level_rest if x != b],
                places - 2,
            )
            if rest is not None:
                return [(a, b), *rest]
        if not must:  # leave this one out, if enough others are level
            return search([], level_rest, places)
        return None

    return search(must, level, places)


__all__ = ["REPEAT_LIMIT", "FeudSlot", "Line", "TitleSlot", "plan_card"]
