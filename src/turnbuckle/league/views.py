"""What the CLI and web app show of a league: cards, standings, titles, feuds, injuries and a
wrestler's history, as JSON-safe dicts (the ``--json`` output); and ending a feud by hand.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from turnbuckle.league.errors import LeagueError
from turnbuckle.league.lookup import get_league, get_wrestler
from turnbuckle.league.team_games import is_team_game
from turnbuckle.store.base import utcnow
from turnbuckle.store.db import Database
from turnbuckle.store.league_models import (
    Feud,
    Injury,
    LeagueEvent,
    LeagueMatch,
    LeagueWrestler,
    MatchEntrant,
    RatingHistory,
    Title,
)


# -- views ------------------------------------------------------------------------------------
def event_summary(
    session: Session,
    event: LeagueEvent,
    matches: list[LeagueMatch] | None = None,
    titles: dict[int, str] | None = None,
) -> dict[str, Any]:
    from turnbuckle.league.quality import grade_letter

    if matches is None:
        matches = list(
            session.scalars(select(LeagueMatch).where(LeagueMatch.event_id == event.id).order_by(LeagueMatch.position))
        )
    if titles is None:
        titles = {t.id: t.name for t in session.scalars(select(Title).where(Title.league_id == event.league_id))}
    return {
        "event": event.number,
        "name": event.name,
        "kind": event.kind,
        "status": event.status,
        "ran_at": event.ran_at.isoformat() if event.ran_at else None,
        "grade": event.grade,
        "grade_letter": grade_letter(event.grade),
        "matches": [match_view(m, titles) for m in matches],
    }


def match_view(match: LeagueMatch, titles: dict[int, str]) -> dict[str, Any]:
    result = match.result or {}
    winner = result.get("winner")
    return {
        "id": match.id,
        "position": match.position,
        "round": match.round,
        "match_type": match.match_type,
        "sides": match.sides,
        "title": titles.get(match.title_id) if match.title_id else None,
        "blowoff": match.blowoff,
        "status": match.status,
        "winner": (match.sides[match.winner_side] if match.winner_side is not None else winner["wrestlers"])
        if winner
        else None,
        "method": match.method,
        "detail": result.get("detail"),
        "stars": match.stars,
        "title_changed": match.title_changed,
        "seed": match.seed,
        "agents": match.agents,
        "steps": match.steps,
    }


def list_events(db: Database, league_name: str | None) -> list[dict[str, Any]]:
    with db.read() as session:
        league = get_league(session, league_name)
        return [event_summary(session, e) for e in league.events]


def show_event(db: Database, league_name: str | None, number: int) -> dict[str, Any]:
    with db.read() as session:
        league = get_league(session, league_name)
        event = session.scalar(
            select(LeagueEvent).where(LeagueEvent.league_id == league.id, LeagueEvent.number == number)
        )
        if event is None:
            raise LeagueError(f"{league.name} has no card #{number}")
        return event_summary(session, event)


def standings(db: Database, league_name: str | None, include_released: bool = False) -> dict[str, Any]:
    """W/L/D, streaks and openskill ratings (mu, sigma, ordinal = mu - 3 sigma), best first."""
    with db.read() as session:
        league = get_league(session, league_name)
        rows: list[dict[str, Any]] = []
        for w in league.wrestlers:
            if not w.active and not include_released:
                continue
            rows.append(
                {
                    "name": w.name,
                    "wins": w.wins,
                    "losses": w.losses,
                    "draws": w.draws,
                    "streak": w.streak,
                    "mu": round(w.mu, 3),
                    "sigma": round(w.sigma, 3),
                    "rating": round(w.ordinal, 3),
                    "injured_cards": w.injured_cards,
                    "active": w.active,
                }
            )
        rows.sort(key=lambda r: (-r["rating"], r["name"]))
        for rank, row in enumerate(rows, start=1):
            row["rank"] = rank
        if is_team_game(league.game):
            from turnbuckle.league.teams import add_team_columns

            add_team_columns(session, league, rows)
        return {"league": league.name, "game": league.game, "wrestlers": rows}


def titles_view(db: Database, league_name: str | None) -> list[dict[str, Any]]:
    with db.read() as session:
        league = get_league(session, league_name)
        numbers = {e.id: e.number for e in league.events}
        out = []
        for title in league.titles:
            reigns = [
                {
                    "holders": r.holders,
                    "started_at": r.started_at.isoformat(),
                    "ended_at": r.ended_at.isoformat() if r.ended_at else None,
                    "won_event": numbers.get(r.won_event_id) if r.won_event_id else None,
                    "lost_event": numbers.get(r.lost_event_id) if r.lost_event_id else None,
                    "won_match": r.won_match_id,
                    "lost_match": r.lost_match_id,
                    "defences": r.defences,
                }
                for r in title.reigns
            ]
            champion = next((r["holders"] for r in reigns if r["ended_at"] is None), None)
            out.append({"title": title.name, "kind": title.kind, "champion": champion, "lineage": reigns})
        return out


def feuds_view(db: Database, league_name: str | None, include_ended: bool = True) -> list[dict[str, Any]]:
    with db.read() as session:
        league = get_league(session, league_name)
        numbers = {e.id: e.number for e in league.events}
        feuds = session.scalars(select(Feud).where(Feud.league_id == league.id).order_by(Feud.id))
        return [
            {
                "id": f.id,
                "sides": [f.side_a, f.side_b],
                "reason": f.reason,
                "heat": f.heat,
                "matches": f.matches,
                "active": f.active,
                "started_event": numbers.get(f.started_event_id) if f.started_event_id else None,
                "ended_event": numbers.get(f.ended_event_id) if f.ended_event_id else None,
            }
            for f in feuds
            if include_ended or f.active
        ]


def end_feud(db: Database, league_name: str | None, feud_id: int) -> dict[str, Any]:
    with db.write() as session:
        league = get_league(session, league_name)
        feud = session.get(Feud, feud_id)
        if feud is None or feud.league_id != league.id:
            raise LeagueError(f"{league.name} has no feud {feud_id}")
        if not feud.active:
            raise LeagueError(f"feud {feud_id} has already ended")
        feud.active, feud.ended_at = False, utcnow()
        return {"id": feud.id, "ended": True}


def injuries_view(db: Database, league_name: str | None, include_healed: bool = False) -> list[dict[str, Any]]:
    with db.read() as session:
        league = get_league(session, league_name)
        numbers = {e.id: e.number for e in league.events}
        rows = session.execute(
            select(Injury, LeagueWrestler.name, LeagueMatch.event_id)
            .join(LeagueWrestler, LeagueWrestler.id == Injury.wrestler_id)
            .join(LeagueMatch, LeagueMatch.id == Injury.match_id)
            .where(LeagueWrestler.league_id == league.id)
            .order_by(Injury.id)
        ).all()
        return [
            {
                "wrestler": name,
                "cards": injury.cards,
                "remaining": injury.remaining,
                "match": injury.match_id,
                "event": numbers.get(event_id),
                "healed_event": numbers.get(injury.healed_event_id) if injury.healed_event_id else None,
            }
            for injury, name, event_id in rows
            if include_healed or injury.remaining > 0
        ]


def history(db: Database, league_name: str | None, wrestler_name: str) -> dict[str, Any]:
    with db.read() as session:
        league = get_league(session, league_name)
        wrestler = get_wrestler(session, league, wrestler_name, active=False)
        numbers = {e.id: e.number for e in league.events}
        titles = {t.id: t.name for t in league.titles}
        rows = session.execute(
            select(LeagueMatch, MatchEntrant.outcome, RatingHistory.mu, RatingHistory.sigma)
            .join(MatchEntrant, MatchEntrant.match_id == LeagueMatch.id)
            .outerjoin(
                RatingHistory,
                (RatingHistory.match_id == LeagueMatch.id) & (RatingHistory.wrestler_id == wrestler.id),
            )
            .where(MatchEntrant.wrestler_id == wrestler.id)
            .order_by(LeagueMatch.event_id, LeagueMatch.position)
        ).all()
        matches = []
        for match, outcome, mu, sigma in rows:
            view = match_view(match, titles)
            view["event"] = numbers.get(match.event_id)
            view["outcome"] = outcome
            view["opponents"] = [n for s in match.sides for n in s if n != wrestler.name and wrestler.name not in s]
            view["rating_after"] = None if mu is None else round(mu - 3 * sigma, 3)
            matches.append(view)
        return {
            "wrestler": wrestler.name,
            "record": {"wins": wrestler.wins, "losses": wrestler.losses, "draws": wrestler.draws},
            "streak": wrestler.streak,
            "rating": round(wrestler.ordinal, 3),
            "mu": round(wrestler.mu, 3),
            "sigma": round(wrestler.sigma, 3),
            "matches": matches,
        }
