"""What a promotion's public pages show, as JSON-safe dicts: the promotions in a database, a
promotion's home (champions, next card, latest results, rules), its roster with each rating's
trend, and a wrestler's page (matches, rating by card, feuds, reigns, injuries).

Built on ``views`` (the ``--json`` output of the CLI), so the browser and the terminal agree.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from turnbuckle.engine.registry import game_class
from turnbuckle.league import views
from turnbuckle.league.charts import RatingPoint
from turnbuckle.league.errors import UnknownLeagueError, UnknownWrestlerError
from turnbuckle.league.promotion import rules_view
from turnbuckle.league.seasons import DEFAULT_RATING, league_ratings, ordinal
from turnbuckle.league.team_games import is_team_game
from turnbuckle.store.db import Database
from turnbuckle.store.league_models import (
    League,
    LeagueEvent,
    LeagueMatch,
    LeagueWrestler,
    MatchEntrant,
)

TREND_MATCHES = 5
"""A rating's trend: its change over the wrestler's last this many matches."""
SPARK_POINTS = 10


def league_by_id(session: Session, league_id: int) -> League:
    league = session.get(League, league_id)
    if league is None:
        raise UnknownLeagueError(f"no league {league_id} in this database")
    return league


def league_name(db: Database, league_id: int) -> str:
    with db.read() as session:
        return league_by_id(session, league_id).name


def leagues_list(db: Database) -> list[dict[str, Any]]:
    """Every promotion in the database, with a line about each."""
    with db.read() as session:
        counts = dict(
            session.execute(
                select(LeagueEvent.league_id, func.count()).where(LeagueEvent.status == "done").group_by(
                    LeagueEvent.league_id
                )
            ).all()
        )
        signed = dict(
            session.execute(
                select(LeagueWrestler.league_id, func.count())
                .where(LeagueWrestler.active.is_(True))
                .group_by(LeagueWrestler.league_id)
            ).all()
        )
        return [
            {
                "id": lg.id,
                "name": lg.name,
                "game": lg.game,
                "game_title": game_class(lg.game).title,
                "cards_run": counts.get(lg.id, 0),
                "signed": signed.get(lg.id, 0),
                "season": lg.season,
                "teams": is_team_game(lg.game),
            }
            for lg in session.scalars(select(League).order_by(League.name))
        ]


def home_view(db: Database, league_id: int) -> dict[str, Any]:
    """A promotion's front page: its champions, the next card, the latest results, its rules."""
    name = league_name(db, league_id)
    titles = views.titles_view(db, name)
    upcoming = views.events_page(db, name, done=False)
    latest = views.events_page(db, name, done=True, limit=1)
    champions = []
    for title in titles:
        current = next((r for r in title["lineage"] if r["current"]), None)
        champions.append({"title": title["title"], "kind": title["kind"], "reign": current})
    return {
        "rules": rules_view(db, name),
        "champions": champions,
        "next_card": upcoming[0] if upcoming else None,
        "upcoming": len(upcoming),
        "latest": latest[0] if latest else None,
        "cards_run": latest[0]["event"] if latest else 0,
        "ids": wrestler_ids(db, league_id),
    }


def wrestler_ids(db: Database, league_id: int) -> dict[str, int]:
    """Every competitor's id by name (pages link names to wrestler pages)."""
    with db.read() as session:
        return dict(
            session.execute(
                select(LeagueWrestler.name, LeagueWrestler.id).where(LeagueWrestler.league_id == league_id)
            ).all()
        )


def rating_series(
    session: Session, league: League, wrestler_id: int | None = None
) -> dict[int, list[tuple[int, float, str | None]]]:
    """Per wrestler id (or just ``wrestler_id``'s): (card, rating after it, outcome) for every match
    played, in order."""
    ratings = league_ratings(session, league)
    query = (
        select(MatchEntrant.wrestler_id, MatchEntrant.match_id, LeagueEvent.number, MatchEntrant.outcome)
        .join(LeagueMatch, LeagueMatch.id == MatchEntrant.match_id)
        .join(LeagueEvent, LeagueEvent.id == LeagueMatch.event_id)
        .where(LeagueEvent.league_id == league.id, LeagueMatch.status == "done")
        .order_by(LeagueEvent.number, LeagueMatch.position)
    )
    if wrestler_id is not None:
        query = query.where(MatchEntrant.wrestler_id == wrestler_id)
    series: dict[int, list[tuple[int, float, str | None]]] = {}
    for who, match_id, card, outcome in session.execute(query):
        rated = ratings.get((match_id, who))
        if rated is not None:
            series.setdefault(who, []).append((card, ordinal(*rated), outcome))
    return series


def roster_view(db: Database, league_id: int) -> dict[str, Any]:
    """Every signed competitor: rating and its trend, record, titles held, injury; the released ones."""
    name = league_name(db, league_id)
    table = views.standings(db, name, include_released=True)
    titles = views.titles_view(db, name)
    held: dict[str, list[str]] = {}
    for title in titles:
        for holder in title["champion"] or []:
            held.setdefault(holder, []).append(title["title"])
    with db.read() as session:
        league = league_by_id(session, league_id)
        series = rating_series(session, league)
    start = DEFAULT_RATING
    rows = []
    for row in table["wrestlers"]:
        ratings = [start] + [r for _, r, _ in series.get(row["id"], [])]
        recent = ratings[-(TREND_MATCHES + 1) :]
        rows.append(
            {
                **row,
                "titles": held.get(row["name"], []),
                "trend": round(recent[-1] - recent[0], 3) if len(recent) > 1 else 0.0,
                "spark": ratings[-SPARK_POINTS:],
                "matches": row["wins"] + row["losses"] + row["draws"],
            }
        )
    return {
        "league": table["league"],
        "game": table["game"],
        "teams": is_team_game(table["game"]),
        "active": [r for r in rows if r["active"]],
        "released": [r for r in rows if not r["active"]],
    }


def wrestler_view(db: Database, league_id: int, wrestler_id: int) -> dict[str, Any]:
    """A wrestler's page: record, rating by card, matches, title reigns, feuds and injuries."""
    with db.read() as session:
        league = league_by_id(session, league_id)
        wrestler = session.get(LeagueWrestler, wrestler_id)
        if wrestler is None or wrestler.league_id != league.id:
            raise UnknownWrestlerError(f"{league.name} has no wrestler {wrestler_id}")
        name, league_name_, game = wrestler.name, league.name, league.game
        active, injured = wrestler.active, wrestler.injured_cards
        series = rating_series(session, league, wrestler.id).get(wrestler.id, [])
    record = views.history(db, league_name_, name)
    by_card: dict[int, RatingPoint] = {}
    for card, rating, outcome in series:
        by_card[card] = RatingPoint(card, rating, outcome)
    points = list(by_card.values())
    if points:
        points.insert(0, RatingPoint(points[0].card - 1, DEFAULT_RATING))
    reigns = []
    for title in views.titles_view(db, league_name_):
        for number, reign in enumerate(title["lineage"], start=1):
            if name in reign["holders"]:
                reigns.append({"title": title["title"], "number": number, **reign})
    feuds = [f for f in views.feuds_view(db, league_name_) if any(name in side for side in f["sides"])]
    injuries = [i for i in views.injuries_view(db, league_name_, include_healed=True) if i["wrestler"] == name]
    team = None
    if is_team_game(game):
        from turnbuckle.league.teams import list_teams

        team = next((t for t in list_teams(db, league_name_, True)["teams"] if t["name"] == name), None)
    return {
        **record,
        "id": wrestler_id,
        "league": league_name_,
        "game": game,
        "active": active,
        "injured_cards": injured,
        "points": points,
        "reigns": reigns,
        "feuds": feuds,
        "injuries": injuries,
        "team": team,
    }


__all__ = ["home_view", "league_by_id", "league_name", "leagues_list", "rating_series", "roster_view",
           "wrestler_ids", "wrestler_view"]
