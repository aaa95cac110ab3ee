"""Matches in progress on the web (``turnbuckle serve``), stored as their action logs.

A row holds what rebuilds the match exactly (game, params, seats, seed) and the hashes of its seat
tokens; ``live_match_action`` holds the action names applied so far, one row each, so a move is
one small insert and a restarted server replays every unfinished match. Created by the Alembic
revision ``0002_live_matches``; ``0006_live_leases`` adds what several server processes sharing the
matches need (a revision counter, the computer's lease, the granted steps of a paused watch match).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from turnbuckle.store.base import Base, UTCDateTime, utcnow


class LiveMatchRow(Base):
    """One web match: its game and seats; finished ones stay for replays and the match list."""

    __tablename__ = "live_match"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(50))
    params: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seats: Mapped[list[str]] = mapped_column(JSON, default=list)
    """One spec per seat: ``human``, ``hot-seat``, ``invite`` or ``computer:AGENT``."""
    seed: Mapped[int] = mapped_column(BigInteger)
    tokens: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """sha256 of each seat token -> the seats it plays (tokens themselves are never stored)."""
    delay: Mapped[float] = mapped_column(Float, default=0.0)
    paused: Mapped[bool] = mapped_column(Boolean, default=False)
    steps: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Steps the owner granted with 'step' while a watch match is paused, not made yet."""
    finished: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    summary: Mapped[str] = mapped_column(String(300), default="")
    stopped: Mapped[str] = mapped_column(String(300), default="", server_default="")
    """Why the server stopped the match (a computer move failed; not resumed), "" while it runs."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Stored changes so far (moves, take-backs, pacing, tokens): a copy in memory with a lower one is stale."""
    lease_holder: Mapped[str | None] = mapped_column(String(80), default=None)
    """The server process playing the computer seats now (None: no computer move is due, or nobody
    has claimed it)."""
    lease_expires: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None, index=True)
    """Until when the holder's claim stands; the holder renews it while it runs, another process
    takes the match over once it has passed (the holder died)."""
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    """The time control and running clock (``turnbuckle.web.clocks``), None for a match without one;
    added by ``0009_clocks``."""
    deadline: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None, index=True)
    """When the running clock runs out (None: none runs): every process looks for the passed ones."""
    to_move: Mapped[int | None] = mapped_column(Integer, default=None)
    """The seat with the decision now (None: the dice, the computer's thinking aside, or the end):
    what a player's "your turn" list reads."""


class LiveMatchAction(Base):
    """The ``idx``-th action (a decision or a chance outcome, by name) of a web match."""

    __tablename__ = "live_match_action"

    match_id: Mapped[str] = mapped_column(ForeignKey("live_match.id", ondelete="CASCADE"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(Text)
