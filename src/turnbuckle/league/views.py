"""What the CLI and web app show of a league: cards, standings, titles, feuds, injuries and a
wrestler's history, as JSON-safe dicts (the ``--json`` output); and ending a feud by hand.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, defer

from turnbuckle.league.errors import LeagueError
from turnbuckle.league.lookup import get_league, get_wrestler
from turnbuckle.league.seasons import ordinal, season_rows, seasons_of
from turnbuckle.league.team_games import is_team_game
from turnbuckle.league.wording import match_line, method_words
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
    TitleReign,
)

LIGHT_MATCH = (defer(LeagueMatch.actions), defer(LeagueMatch.params), defer(LeagueMatch.quality))
"""What a match's summary leaves unread: its action log, params and quality (the bulk of its row)."""


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
        "season": event.season,
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
        "method_text": method_words(match.method),
        "line": match_line(match.sides, match.winner_side, match.method, done=match.status == "done"),
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


def events_page(
    db: Database, league_name: str | None, done: bool, limit: int | None = None, before: int | None = None
) -> list[dict[str, Any]]:
    """Cards run (``done``, newest first) or still to run (oldest first), ``limit`` of them from
    below card ``before``: a few statements whatever the league's length (``list_events`` makes one per card)."""
    with db.read() as session:
        league = get_league(session, league_name)
        query = select(LeagueEvent).where(LeagueEvent.league_id == league.id)
        query = query.where(LeagueEvent.status == "done") if done else query.where(LeagueEvent.status != "done")
        if before is not None:
            query = query.where(LeagueEvent.number < before)
        query = query.order_by(LeagueEvent.number.desc() if done else LeagueEvent.number)
        events = list(session.scalars(query.limit(limit) if limit is not None else query))
        if not events:
            return []
        matches: dict[int, list[LeagueMatch]] = {e.id: [] for e in events}
        for match in session.scalars(
            select(LeagueMatch)
            .where(LeagueMatch.event_id.in_(list(matches)))
            .order_by(LeagueMatch.position)
            .options(*LIGHT_MATCH)
        ):
            matches[match.event_id].append(match)
        titles = {t.id: t.name for t in league.titles}
        return [event_summary(session, e, matches[e.id], titles) for e in events]


def last_card(db: Database, league_name: str | None) -> int:
    """The number of the league's latest card run (0: none yet)."""
    from sqlalchemy import func

    with db.read() as session:
        league = get_league(session, league_name)
        top = session.scalar(
            select(func.max(LeagueEvent.number)).where(LeagueEvent.league_id == league.id, LeagueEvent.status == "done")
        )
        return int(top or 0)


def show_event(db: Database, league_name: str | None, number: int) -> dict[str, Any]:
    with db.read() as session:
        league = get_league(session, league_name)
        event = session.scalar(
            select(LeagueEvent).where(LeagueEvent.league_id == league.id, LeagueEvent.number == number)
        )
        if event is None:
            raise LeagueError(f"{league.name} has no card #{number}")
        return event_summary(session, event)


def standings(
    db: Database, league_name: str | None, include_released: bool = False, season: int | None = None
) -> dict[str, Any]:
    """All time: W/L/D, streaks and openskill ratings (mu, sigma, ordinal = mu - 3 sigma), best
    first. ``season``: that season's records instead (``seasons.season_rows``)."""
    with db.read() as session:
        league = get_league(session, league_name)
        seasons = seasons_of(session, league)
        if season is not None:
            rows = [r for r in season_rows(session, league, season) if include_released or r["active"]]
            if is_team_game(league.game):
                from turnbuckle.league.teams import add_team_columns

                add_team_columns(session, league, rows)
            return {"league": league.name, "game": league.game, "season": season, "seasons": seasons,
                    "wrestlers": rows}
        rows = []
        for w in league.wrestlers:
            if not w.active and not include_released:
                continue
            rows.append(
                {
                    "id": w.id,
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
        return {"league": league.name, "game": league.game, "season": None, "seasons": seasons, "wrestlers": rows}


def titles_view(db: Database, league_name: str | None) -> list[dict[str, Any]]:
    """Each title's champion and lineage. Reigns are measured in league time: ``won_card`` and
    ``ended_card`` are card numbers and ``cards`` the cards held (ended, or the latest card run,
    minus won); the clock times are kept for the record only."""
    with db.read() as session:
        league = get_league(session, league_name)
        numbers = {e.id: e.number for e in league.events}
        latest = max((e.number for e in league.events if e.status == "done"), default=0)
        out = []
        for title in league.titles:
            reigns = [reign_view(r, numbers, latest) for r in title.reigns]
            champion = next((r["holders"] for r in reigns if r["ended_at"] is None), None)
            out.append(
                {"id": title.id, "title": title.name, "kind": title.kind, "champion": champion, "lineage": reigns}
            )
        return out


def reign_view(reign: TitleReign, numbers: dict[int, int], last_card: int) -> dict[str, Any]:
    won = reign.won_card if reign.won_card is not None else numbers.get(reign.won_event_id or 0)
    current = reign.ended_at is None
    ended = reign.ended_card if reign.ended_card is not None else numbers.get(reign.lost_event_id or 0)
    until = last_card if current else ended
    return {
        "holders": reign.holders,
        "started_at": reign.started_at.isoformat(),
        "ended_at": reign.ended_at.isoformat() if reign.ended_at else None,
        "won_event": numbers.get(reign.won_event_id) if reign.won_event_id else None,
        "lost_event": numbers.get(reign.lost_event_id) if reign.lost_event_id else None,
        "won_match": reign.won_match_id,
        "lost_match": reign.lost_match_id,
        "defences": reign.defences,
        "won_card": won,
        "ended_card": None if current else ended,
        "cards": max(0, until - won) if until is not None and won is not None else None,
        "current": current,
        "vacated": not current and reign.lost_event_id is None,
    }


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
        rated: dict[int, tuple[float, float]] = {
            m: (mu, sigma)
            for m, mu, sigma in session.execute(
                select(RatingHistory.match_id, RatingHistory.mu, RatingHistory.sigma).where(
                    RatingHistory.wrestler_id == wrestler.id
                )
            )
        }
        rows = session.execute(
            select(LeagueMatch, MatchEntrant.outcome)
            .join(MatchEntrant, MatchEntrant.match_id == LeagueMatch.id)
            .where(MatchEntrant.wrestler_id == wrestler.id)
            .order_by(LeagueMatch.event_id, LeagueMatch.position)
            .options(*LIGHT_MATCH)
        ).all()
        matches = []
        for match, outcome in rows:
            rating = rated.get(match.id)
            view = match_view(match, titles)
            view["event"] = numbers.get(match.event_id)
            view["outcome"] = outcome
            view["opponents"] = [n for s in match.sides for n in s if n != wrestler.name and wrestler.name not in s]
            view["rating_after"] = None if rating is None else round(ordinal(*rating), 3)
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
