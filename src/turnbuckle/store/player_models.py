"""Players of ``turnbuckle serve`` and what they do: accounts, their seats in matches, challenges,
ratings and their history, and the sign-up / log-in activity the operator reads.

Created by the Alembic revision ``0008_accounts``. The rules of names and passwords are in
``turnbuckle.players``; the pages in ``turnbuckle.web.accounts``, ``turnbuckle.web.lobby`` and
``turnbuckle.web.player_pages``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from turnbuckle.store.base import Base, UTCDateTime, utcnow

NAME_LENGTH = 24
SKELETON_LENGTH = 96


class Player(Base):
    """An account: a unique name (unique by ``skeleton``: case, separators and look-alike letters
    aside) and an Argon2id password hash."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    skeleton: Mapped[str] = mapped_column(String(SKELETON_LENGTH), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    disabled_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    """Set by the operator (``turnbuckle players disable``): no log-in, no challenges."""


class PlayerActivity(Base):
    """One sign-up, log-in, log-out everywhere, password change, reset or disabling, for the
    operator's ``turnbuckle players activity``. Never a password or a session id."""

    __tablename__ = "player_activity"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(20))
    address: Mapped[str] = mapped_column(String(64), default="")
    at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)


class PlayerSeat(Base):
    """A player plays this seat of this web match (a lobby match, or one a guest claimed)."""

    __tablename__ = "player_seats"

    match_id: Mapped[str] = mapped_column(ForeignKey("live_match.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)


class AccountMatch(Base):
    """A web match players play under their names: rated or not, and once over its result per seat
    (``places``: 0 for the winning side, 1 for the next, ...) and whether its ratings were applied."""

    __tablename__ = "account_matches"

    match_id: Mapped[str] = mapped_column(ForeignKey("live_match.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(50), index=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    seats: Mapped[list[Any]] = mapped_column(JSON, default=list)
    """Per seat: ``{"player": ID}``, ``{"computer": AGENT}`` or ``{}`` (a guest's or hot-seat seat)."""
    places: Mapped[list[int] | None] = mapped_column(JSON, default=None)
    summary: Mapped[str] = mapped_column(String(300), default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None, index=True)


class Challenge(Base):
    """An open challenge of the lobby: a game and its options, rated or casual, seats filled one by
    one (``seats``: per seat ``None`` while open, ``{"player": ID}`` or ``{"computer": AGENT}``).
    Changed only by conditional updates on ``version`` (two accepts at once: one wins)."""

    __tablename__ = "challenges"
    __table_args__ = (Index("ix_challenges_status_updated", "status", "updated_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    creator_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    target_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), default=None)
    """A direct challenge: only this player may accept."""
    game: Mapped[str] = mapped_column(String(50))
    params: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    seats: Mapped[list[Any]] = mapped_column(JSON, default=list)
    random_seats: Mapped[bool] = mapped_column(Boolean, default=False)
    """Who plays which seat is drawn when the match starts (the creator chose "random")."""
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    """``turnbuckle.web.clocks.time_control`` (None: no clock); added by ``0009_clocks``."""
    min_rating: Mapped[int | None] = mapped_column(Integer, default=None)
    max_rating: Mapped[int | None] = mapped_column(Integer, default=None)
    status: Mapped[str] = mapped_column(String(12), default="open")
    """open, starting (its match being made), started, cancelled (by its creator) or withdrawn (its
    creator was disabled)."""
    match_id: Mapped[str | None] = mapped_column(String(40), default=None)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class Rating(Base):
    """A player's rating in one game now (``turnbuckle.ratings`` computes it)."""

    __tablename__ = "ratings"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(50), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    state: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Whatever else the rating system keeps (volatility, mu/sigma), as it hands it over."""
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class RatingHistory(Base):
    """A player's rating in a game after one rated match (the player page's chart)."""

    __tablename__ = "rating_history"
    __table_args__ = (Index("ix_rating_history_player_game", "player_id", "game"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(50))
    match_id: Mapped[str] = mapped_column(String(40))
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    place: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


__all__ = ["NAME_LENGTH", "AccountMatch", "Challenge", "Player", "PlayerActivity", "PlayerSeat", "Rating",
           "RatingHistory"]
