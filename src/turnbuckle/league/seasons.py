"""Standings of one season: each competitor's W/L/D, streak and rating over the cards of that
season (``LeagueEvent.season``), from the stored outcomes and rating rows."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from turnbuckle.league.errors import LeagueError
from turnbuckle.ratings.model import DEFAULT_MU, DEFAULT_SIGMA, ordinal
from turnbuckle.store.league_models import (
    League,
    LeagueEvent,
    LeagueMatch,
    LeagueWrestler,
    MatchEntrant,
    RatingHistory,
)

DEFAULT_RATING = ordinal(DEFAULT_MU, DEFAULT_SIGMA)
"""A new signing's rating, before any match. The league shows and ranks by openskill's ordinal,
``mu - 3 sigma`` (``turnbuckle.ratings.ordinal``, ``LeagueWrestler.ordinal``)."""


def seasons_of(session: Session, league: League) -> list[int]:
    """The seasons that have cards, and the current one."""
    found = set(session.scalars(select(LeagueEvent.season).where(LeagueEvent.league_id == league.id).distinct()))
    return sorted(found | {league.season})


def season_rows(session: Session, league: League, season: int) -> list[dict[str, Any]]:
    """One row per competitor who wrestled in ``season`` (and every active one): record, streak
    at its end, rating after their last match of it and the change over it; sorted by wins,
    then fewer losses, then rating."""
    known = seasons_of(session, league)
    if season not in known:
        raise LeagueError(f"{league.name} has no season {season} (seasons: {', '.join(map(str, known))})")
    ratings = league_ratings(session, league, season)
    entered = session.execute(
        select(MatchEntrant.wrestler_id, MatchEntrant.outcome, LeagueEvent.season, MatchEntrant.match_id)
        .join(LeagueMatch, LeagueMatch.id == MatchEntrant.match_id)
        .join(LeagueEvent, LeagueEvent.id == LeagueMatch.event_id)
        .where(LeagueEvent.league_id == league.id, LeagueMatch.status == "done", LeagueEvent.season <= season)
        .order_by(LeagueEvent.number, LeagueMatch.position)
    ).all()
    played = [(w, outcome, when, *ratings.get((m, w), (None, None))) for w, outcome, when, m in entered]
    wrestlers = {w.id: w for w in session.scalars(select(LeagueWrestler).where(LeagueWrestler.league_id == league.id))}
    start: dict[int, float] = {}
    end: dict[int, float] = {}
    tally: dict[int, dict[str, Any]] = {}
    for wrestler_id, outcome, when, mu, sigma in played:
        rating = None if mu is None else ordinal(mu, sigma)
        if when < season:
            if rating is not None:
                start[wrestler_id] = rating
            continue
        row = tally.setdefault(wrestler_id, {"wins": 0, "losses": 0, "draws": 0, "streak": 0})
        key = {"win": "wins", "loss": "losses", "draw": "draws"}.get(outcome or "")
        if key is None:
            continue
        row[key] += 1
        row["streak"] = next_streak(row["streak"], key)
        if rating is not None:
            end[wrestler_id] = rating
    default = DEFAULT_RATING
    rows = []
    for wrestler_id, wrestler in wrestlers.items():
        if wrestler_id not in tally and not (wrestler.active and season == league.season):
            continue
        row = tally.get(wrestler_id, {"wins": 0, "losses": 0, "draws": 0, "streak": 0})
        before = start.get(wrestler_id, default)
        after = end.get(wrestler_id, before)
        rows.append(
            {
                "id": wrestler_id,
                "name": wrestler.name,
                **row,
                "matches": row["wins"] + row["losses"] + row["draws"],
                "rating": round(after, 3),
                "rating_change": round(after - before, 3),
                "active": wrestler.active,
                "injured_cards": wrestler.injured_cards,
            }
        )
    rows.sort(key=lambda r: (-r["wins"], r["losses"], -r["rating"], r["name"]))
    for rank, row in enumerate(rows, start=1):
        row["rank"] = rank
    return rows


def league_ratings(
    session: Session, league: League, season: int | None = None
) -> dict[tuple[int, int], tuple[float, float]]:
    """(mu, sigma) after each match by (match id, wrestler id), up to ``season``. Read apart from
    the entrants: joined on both keys, SQLite walks a wrestler's every rating for each match."""
    query = (
        select(RatingHistory.match_id, RatingHistory.wrestler_id, RatingHistory.mu, RatingHistory.sigma)
        .join(LeagueMatch, LeagueMatch.id == RatingHistory.match_id)
        .join(LeagueEvent, LeagueEvent.id == LeagueMatch.event_id)
        .where(LeagueEvent.league_id == league.id)
    )
    if season is not None:
        query = query.where(LeagueEvent.season <= season)
    return {(m, w): (mu, sigma) for m, w, mu, sigma in session.execute(query)}


def next_streak(streak: int, key: str) -> int:
    """A streak after one more result: wins in a row count up, losses down, a draw ends it."""
    if key == "wins":
        return streak + 1 if streak > 0 else 1
    if key == "losses":
        return streak - 1 if streak < 0 else -1
    return 0


__all__ = ["DEFAULT_RATING", "league_ratings", "next_streak", "ordinal", "season_rows", "seasons_of"]
