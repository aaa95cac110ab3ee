"""League team data: what a team-game competitor (a RUMBLESLAM team) hired, and for how much.

Created by the Alembic revision ``0003_league_teams``. In a team game the league's competitor row
(``league_wrestler``: record, streak, rating) is the team; ``league_team`` beside it holds the
hiring (wrestlers, Endorsements, Sponsorships, Tag Teams) that every match of the team plays with.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from turnbuckle.store.base import Base, UTCDateTime, utcnow


class LeagueTeam(Base):
    """A team's hiring (rumbleslam BUILDING YOUR TEAM), one row per competitor; re-hiring replaces it."""

    __tablename__ = "league_team"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    wrestler_id: Mapped[int] = mapped_column(ForeignKey("league_wrestler.id", ondelete="CASCADE"), unique=True)
    """The competitor row (named after the team) that keeps the team's record and rating."""
    members: Mapped[list[str]] = mapped_column(JSON)
    """The hired wrestlers' profile names, in hiring order (a Rookie may be hired more than once)."""
    endorsements: Mapped[int] = mapped_column(Integer, default=0)
    sponsorships: Mapped[list[str]] = mapped_column(JSON, default=list)
    tag_teams: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    """``{"name": ..., "style": "exhibition" | "traditional"}`` per Tag Team hire."""
    cost: Mapped[int] = mapped_column(Integer)
    """What the team cost in K Dosh (wrestlers + Endorsements + Sponsorship - Traditional discounts)."""
    budget: Mapped[int] = mapped_column(Integer)
    """The league's budget it was hired within."""
    source: Mapped[str] = mapped_column(String(500))
    """Where it came from: a team file, ``teams.toml`` (ready-made) or ``command line``."""
    hired_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


__all__ = ["LeagueTeam"]
