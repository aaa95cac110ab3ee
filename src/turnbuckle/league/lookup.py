"""Finding a league's things by name: the league, a wrestler, a title and its current reign, a
roster's names, and the key a pair of sides is found by (feuds, repeated matches).

Every other layer of the league finds things here, so it imports only the league's leaf modules
(errors, booking's name matching, team games).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from turnbuckle.engine.registry import load_game
from turnbuckle.league.booking import closest
from turnbuckle.league.errors import LeagueError, UnknownLeagueError, UnknownWrestlerError
from turnbuckle.league.team_games import is_team_game
from turnbuckle.store.db import Database, translate_error
from turnbuckle.store.league_models import League, LeagueWrestler, Title, TitleReign


# -- finding things -----------------------------------------------------------------------------
def get_league(session: Session, name: str | None) -> League:
    if name is not None:
        league = session.scalar(select(League).where(func.lower(League.name) == name.lower()))
        if league is None:
            names = list(session.scalars(select(League.name)))
            raise UnknownLeagueError(f"no league named {name!r}{closest(name, names)}")
        return league
    leagues = list(session.scalars(select(League).order_by(League.id)))
    if not leagues:
        raise UnknownLeagueError("no league in this database; start one with `turnbuckle league new NAME --game GAME`")
    if len(leagues) > 1:
        raise UnknownLeagueError(f"several leagues ({', '.join(lg.name for lg in leagues)}); pick one with --league")
    return leagues[0]


def get_wrestler(session: Session, league: League, name: str, active: bool = True) -> LeagueWrestler:
    wrestler = session.scalar(
        select(LeagueWrestler).where(
            LeagueWrestler.league_id == league.id, func.lower(LeagueWrestler.name) == name.strip().lower()
        )
    )
    if wrestler is None:
        names = list(session.scalars(select(LeagueWrestler.name).where(LeagueWrestler.league_id == league.id)))
        what = "team" if is_team_game(league.game) else "wrestler"
        raise UnknownWrestlerError(f"unknown {what} {name!r} in {league.name}{closest(name, names)}")
    if active and not wrestler.active:
        raise UnknownWrestlerError(f"{wrestler.name} was released from {league.name} (sign them again first)")
    return wrestler


def get_title(session: Session, league: League, name: str) -> Title:
    title = session.scalar(select(Title).where(Title.league_id == league.id, func.lower(Title.name) == name.lower()))
    if title is None:
        names = list(session.scalars(select(Title.name).where(Title.league_id == league.id)))
        raise LeagueError(f"no title named {name!r} in {league.name}{closest(name, names)}")
    return title


def current_reign(session: Session, title: Title) -> TitleReign | None:
    return session.scalar(select(TitleReign).where(TitleReign.title_id == title.id, TitleReign.ended_at.is_(None)))


def roster_names(game: str, roster: str | None) -> list[str]:
    loaded = load_game(game, **({"roster": roster} if roster else {}))
    return [str(entry.get("name")) for entry in loaded.roster() if entry.get("name")]


def pair_key(sides: list[list[str]]) -> frozenset[tuple[str, ...]]:
    return frozenset(tuple(sorted(side)) for side in sides)


def _wrap(fn: Callable[[], Any], db: Database) -> Any:
    try:
        return fn()
    except SQLAlchemyError as exc:  # pragma: no cover - write() translates; reads are mapped here
        raise translate_error(exc, db.where) from None
