"""League tables: promotions, their wrestlers, titles and reigns, events (cards), matches,
rating history, injuries and feuds. Created by the Alembic revision ``0001_league``; the admin
token, seasons, the title rule, custom cards and reigns in cards came with ``0004_league_web``.

Ratings are openskill (Plackett-Luce) ``mu``/``sigma`` kept on the wrestler, with one
``RatingHistory`` row per wrestler per match. A match row holds everything needed to replay it:
game params, seed, agents and the action log.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from turnbuckle.ratings.model import DEFAULT_MU, DEFAULT_SIGMA, ordinal
from turnbuckle.store.base import Base, UTCDateTime, utcnow


class League(Base):
    """A promotion: one ruleset with its options; wrestlers, titles and events belong to it."""

    __tablename__ = "league"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    game: Mapped[str] = mapped_column(String(50))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Game options every match of the league uses (``-o`` pairs), unless a match overrides them."""
    roster: Mapped[str | None] = mapped_column(Text, nullable=True)
    """A user roster file the league signs wrestlers from (None: the game's own roster)."""
    seed: Mapped[int] = mapped_column(Integer, default=0)
    """Base seed: match seeds derive from it and the match id, so a league replays exactly."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    admin_token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """sha256 of the promotion's admin token (the browser's key to run it); the token is never stored."""
    season: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    """The season new cards belong to (``season --new`` starts the next one)."""
    countout_dq_titles: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Titles change hands on a count-out or disqualification (default: only on other finishes)."""
    cards: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, server_default="{}")
    """The promotion's own wrestler cards (the card editor's), by name: each a roster entry as its
    TOML table reads, added to (or replacing one of) the game's roster or the ``roster`` file."""

    wrestlers: Mapped[list[LeagueWrestler]] = relationship(back_populates="league", order_by="LeagueWrestler.id")
    titles: Mapped[list[Title]] = relationship(back_populates="league", order_by="Title.id")
    events: Mapped[list[LeagueEvent]] = relationship(back_populates="league", order_by="LeagueEvent.number")


class LeagueWrestler(Base):
    """A wrestler signed to a league, with their record, streak, rating and injury."""

    __tablename__ = "league_wrestler"
    __table_args__ = (UniqueConstraint("league_id", "name", name="uq_league_wrestler_name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    signed_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    released_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    losses: Mapped[int] = mapped_column(Integer, default=0)
    draws: Mapped[int] = mapped_column(Integer, default=0)
    streak: Mapped[int] = mapped_column(Integer, default=0)
    """Positive: wins in a row; negative: losses in a row; a draw resets it."""
    mu: Mapped[float] = mapped_column(Float, default=DEFAULT_MU)
    sigma: Mapped[float] = mapped_column(Float, default=DEFAULT_SIGMA)
    injured_cards: Mapped[int] = mapped_column(Integer, default=0)
    """Fight cards the wrestler's current injury still lasts (0: healthy)."""
    version: Mapped[int] = mapped_column(Integer, default=1)
    """Optimistic lock: two processes updating the same wrestler cannot both win."""

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012

    league: Mapped[League] = relationship(back_populates="wrestlers")

    @property
    def ordinal(self) -> float:
        """The conservative rating ``mu - 3 sigma`` that standings sort by."""
        return ordinal(self.mu, self.sigma)


class Title(Base):
    """A championship: singles or tag."""

    __tablename__ = "league_title"
    __table_args__ = (UniqueConstraint("league_id", "name", name="uq_league_title_name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(20), default="singles")
    """``singles`` or ``tag``."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    league: Mapped[League] = relationship(back_populates="titles")
    reigns: Mapped[list[TitleReign]] = relationship(back_populates="title", order_by="TitleReign.id")


class TitleReign(Base):
    """One reign: who held the title, from which match/event to which, and how many defences."""

    __tablename__ = "league_title_reign"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title_id: Mapped[int] = mapped_column(ForeignKey("league_title.id", ondelete="CASCADE"), index=True)
    holders: Mapped[list[str]] = mapped_column(JSON)
    """Wrestler names (one for singles, the team for tag titles)."""
    won_match_id: Mapped[int | None] = mapped_column(ForeignKey("league_match.id", ondelete="SET NULL"), nullable=True)
    won_event_id: Mapped[int | None] = mapped_column(ForeignKey("league_event.id", ondelete="SET NULL"), nullable=True)
    lost_match_id: Mapped[int | None] = mapped_column(ForeignKey("league_match.id", ondelete="SET NULL"), nullable=True)
    lost_event_id: Mapped[int | None] = mapped_column(ForeignKey("league_event.id", ondelete="SET NULL"), nullable=True)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    defences: Mapped[int] = mapped_column(Integer, default=0)
    won_card: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """League time: the number of the card the title was won on."""
    ended_card: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """League time: the card it was lost on, or the last card run before it was vacated (None: current)."""

    title: Mapped[Title] = relationship(back_populates="reigns")


class LeagueEvent(Base):
    """A fight card: booked, then run; ``number`` counts the league's cards from 1."""

    __tablename__ = "league_event"
    __table_args__ = (UniqueConstraint("league_id", "number", name="uq_league_event_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(20), default="card")
    """``card`` (booked matches) or ``tournament`` (single elimination, rounds booked as it goes)."""
    status: Mapped[str] = mapped_column(String(20), default="booked")
    """``booked`` until every match is played, then ``done``."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    ran_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    grade: Mapped[float | None] = mapped_column(Float, nullable=True)
    """The card's star grade (see docs/league.md), set when it is done."""
    season: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    """The league's season when the card was booked."""

    league: Mapped[League] = relationship(back_populates="events")
    matches: Mapped[list[LeagueMatch]] = relationship(back_populates="event", order_by="LeagueMatch.position")


class LeagueMatch(Base):
    """A booked or played match: everything to replay it and how it ended."""

    __tablename__ = "league_match"
    __table_args__ = (Index("ix_league_match_event_position", "event_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("league_event.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Tournament round (1 = first), else None."""
    blowoff: Mapped[bool] = mapped_column(Boolean, default=False)
    """Booked to end the feud between its sides."""
    feud_id: Mapped[int | None] = mapped_column(ForeignKey("league_feud.id", ondelete="SET NULL"), nullable=True)
    match_type: Mapped[str] = mapped_column(String(50), default="singles")
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Game options for this match on top of the league's."""
    title_id: Mapped[int | None] = mapped_column(ForeignKey("league_title.id", ondelete="SET NULL"), nullable=True)
    sides: Mapped[list[list[str]]] = mapped_column(JSON)
    """Wrestler names per side, as booked (side 0 first)."""
    status: Mapped[str] = mapped_column(String(20), default="booked")
    """``booked`` or ``done``: a done match has its result, ratings and title change stored with it."""
    params: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The exact game params it was played with (wrestlers, injured, options)."""
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    agents: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    actions: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """``MatchResult.to_dict()``."""
    winner_side: Mapped[int | None] = mapped_column(Integer, nullable=True)
    method: Mapped[str | None] = mapped_column(String(30), nullable=True)
    steps: Mapped[int | None] = mapped_column(Integer, nullable=True)
    stars: Mapped[float | None] = mapped_column(Float, nullable=True)
    quality: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """What the star rating was made of (near-falls, reversals, lead changes, ...)."""
    title_changed: Mapped[bool] = mapped_column(Boolean, default=False)
    played_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)

    event: Mapped[LeagueEvent] = relationship(back_populates="matches")
    entrants: Mapped[list[MatchEntrant]] = relationship(
        back_populates="match", order_by="MatchEntrant.seat", cascade="all, delete-orphan"
    )


class MatchEntrant(Base):
    """A wrestler in a match: side, seat, and the outcome for them once played."""

    __tablename__ = "league_match_entrant"
    __table_args__ = (UniqueConstraint("match_id", "wrestler_id", name="uq_league_match_entrant_wrestler"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("league_match.id", ondelete="CASCADE"), index=True)
    wrestler_id: Mapped[int] = mapped_column(ForeignKey("league_wrestler.id", ondelete="CASCADE"), index=True)
    side: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    outcome: Mapped[str | None] = mapped_column(String(10), nullable=True)
    """``win``, ``loss`` or ``draw`` once played."""
    injured: Mapped[bool] = mapped_column(Boolean, default=False)
    """Entered carrying an injury."""

    match: Mapped[LeagueMatch] = relationship(back_populates="entrants")
    wrestler: Mapped[LeagueWrestler] = relationship()


class RatingHistory(Base):
    """A wrestler's rating after a match."""

    __tablename__ = "league_rating"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    wrestler_id: Mapped[int] = mapped_column(ForeignKey("league_wrestler.id", ondelete="CASCADE"), index=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("league_match.id", ondelete="CASCADE"), index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)


class Injury(Base):
    """A Feud Table injury: how many fight cards it lasts and how many are left."""

    __tablename__ = "league_injury"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    wrestler_id: Mapped[int] = mapped_column(ForeignKey("league_wrestler.id", ondelete="CASCADE"), index=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("league_match.id", ondelete="CASCADE"), index=True)
    cards: Mapped[int] = mapped_column(Integer)
    remaining: Mapped[int] = mapped_column(Integer)
    healed_event_id: Mapped[int | None] = mapped_column(
        ForeignKey("league_event.id", ondelete="SET NULL"), nullable=True
    )

    wrestler: Mapped[LeagueWrestler] = relationship()


class Feud(Base):
    """A rivalry between two wrestlers (or teams), with its heat and how it started and ended."""

    __tablename__ = "league_feud"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    side_a: Mapped[list[str]] = mapped_column(JSON)
    side_b: Mapped[list[str]] = mapped_column(JSON)
    reason: Mapped[str] = mapped_column(String(200))
    heat: Mapped[float] = mapped_column(Float, default=1.0)
    matches: Mapped[int] = mapped_column(Integer, default=0)
    started_event_id: Mapped[int | None] = mapped_column(
        ForeignKey("league_event.id", ondelete="SET NULL"), nullable=True
    )
    ended_event_id: Mapped[int | None] = mapped_column(
        ForeignKey("league_event.id", ondelete="SET NULL"), nullable=True
    )
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


__all__ = [
    "Feud",
    "Injury",
    "League",
    "LeagueEvent",
    "LeagueMatch",
    "LeagueWrestler",
    "MatchEntrant",
    "RatingHistory",
    "Title",
    "TitleReign",
]
