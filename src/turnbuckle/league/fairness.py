"""How evenly a season spreads its matches: each wrestler's matches and each pairing's meetings
in one season, read from the booked cards (the season booker spreads by them, ``league report``
shows them)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from sqlalchemy import Select, bindparam, or_, select
from sqlalchemy.orm import Session

from turnbuckle.league.lookup import pair_key
from turnbuckle.store.base import Base
from turnbuckle.store.league_models import Injury, League, LeagueEvent, LeagueMatch, LeagueWrestler

Pairing = frozenset[tuple[str, ...]]
"""The two sides of a match, each as its sorted names (``lookup.pair_key``)."""


@dataclass
class SeasonTally:
    """One season's booked and played matches: per competitor, and per pairing of two sides.

    ``asked``: the meetings a title or a feud booked (they may repeat); ``meetings`` counts all."""

    matches: Counter[str] = field(default_factory=Counter)
    meetings: Counter[Pairing] = field(default_factory=Counter)
    asked: Counter[Pairing] = field(default_factory=Counter)

    def add(self, sides: list[list[str]], asked: bool) -> None:
        """Count one match of ``sides`` (``asked``: booked for a title or a feud)."""
        for side in sides:
            self.matches.update(side)
        if len(sides) == 2:
            key = pair_key(sides)
            self.meetings[key] += 1
            if asked:
                self.asked[key] += 1

    def unasked(self, key: Pairing) -> int:
        """The meetings of ``key`` that neither a title nor a feud asked for."""
        return self.meetings[key] - self.asked[key]


@cache
def _season_matches() -> Select[Any]:
    """The sides, title and feud of every match of one season's cards, built once (a season reads
    it for every card it books)."""
    match, event = Base.metadata.tables["league_match"], Base.metadata.tables["league_event"]
    return (
        select(match.c.sides, match.c.title_id, match.c.feud_id)
        .join(event, event.c.id == match.c.event_id)
        .where(event.c.league_id == bindparam("league_id"), event.c.season == bindparam("season"))
    )


def season_tally(session: Session, league_id: int, season: int) -> SeasonTally:
    """Every match on the season's cards (booked, live or done), read in one statement."""
    tally = SeasonTally()
    rows = session.execute(_season_matches(), {"league_id": league_id, "season": season})
    for sides, title_id, feud_id in rows:
        tally.add(sides, title_id is not None or feud_id is not None)
    return tally


def injured_in_season(session: Session, league_id: int, season: int) -> set[int]:
    """Wrestlers injured at some time in ``season``: hurt on one of its cards, healed on one, or
    still out (the booker rests them, so they fall behind the others by design)."""
    season_events = select(LeagueEvent.id).where(LeagueEvent.league_id == league_id, LeagueEvent.season == season)
    season_matches = select(LeagueMatch.id).where(LeagueMatch.event_id.in_(season_events))
    rows = session.scalars(
        select(Injury.wrestler_id)
        .join(LeagueWrestler, LeagueWrestler.id == Injury.wrestler_id)
        .where(
            LeagueWrestler.league_id == league_id,
            or_(
                Injury.match_id.in_(season_matches),
                Injury.healed_event_id.in_(season_events),
                Injury.remaining > 0,
            ),
        )
    )
    return set(rows)


def fairness(session: Session, league: League, season: int | None = None) -> dict[str, Any]:
    """The season's spread (the current one by default): matches per fit wrestler (min, mean,
    max; signed wrestlers injured in the season are listed apart) and the most-repeated pairing,
    with how many of its meetings a title or a feud asked for."""
    season = league.season if season is None else season
    tally = season_tally(session, league.id, season)
    hurt = injured_in_season(session, league.id, season)
    active = [w for w in league.wrestlers if w.active]
    fit = [tally.matches[w.name] for w in active if w.id not in hurt]
    excepted = {w.name: tally.matches[w.name] for w in sorted(active, key=lambda w: w.name) if w.id in hurt}
    spread: dict[str, Any] = {
        "wrestlers": len(fit),
        "min": min(fit) if fit else 0,
        "mean": round(sum(fit) / len(fit), 2) if fit else 0.0,
        "max": max(fit) if fit else 0,
    }
    top: dict[str, Any] | None = None
    if tally.meetings:
        key, times = max(tally.meetings.items(), key=lambda kv: (kv[1], -tally.asked[kv[0]], sorted(kv[0])))
        top = {"sides": sorted(list(side) for side in key), "times": times, "asked": tally.asked[key]}
    return {"season": season, "matches": spread, "injured": excepted, "most_repeated": top}


__all__ = ["Pairing", "SeasonTally", "fairness", "injured_in_season", "season_tally"]
