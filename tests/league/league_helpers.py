"""Helpers for the league tests: the CLI as a user runs it, and database consistency checks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from sqlalchemy import func, select

from turnbuckle.store import Database
from turnbuckle.store.league_models import LeagueMatch, LeagueWrestler, MatchEntrant, RatingHistory


def run_cli(*args: str, db: Path | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if db is not None:
        env["TURNBUCKLE_DB"] = str(db)
    return subprocess.run(
        [sys.executable, "-m", "turnbuckle", "league", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env=env,
    )


def assert_consistent(db: Database) -> None:
    """Wrestler records equal the stored outcomes; every played match has its ratings."""
    with db.read() as session:
        for wrestler in session.scalars(select(LeagueWrestler)):
            outcomes = list(
                session.scalars(select(MatchEntrant.outcome).where(MatchEntrant.wrestler_id == wrestler.id))
            )
            assert wrestler.wins == outcomes.count("win")
            assert wrestler.losses == outcomes.count("loss")
            assert wrestler.draws == outcomes.count("draw")
        done = session.scalar(select(func.count()).where(LeagueMatch.status == "done"))
        entrants = session.scalar(
            select(func.count())
            .select_from(MatchEntrant)
            .join(LeagueMatch, LeagueMatch.id == MatchEntrant.match_id)
            .where(LeagueMatch.status == "done")
        )
        assert session.scalar(select(func.count()).select_from(RatingHistory)) == entrants
        half = session.scalar(
            select(func.count()).where(LeagueMatch.status == "booked", LeagueMatch.actions.is_not(None))
        )
        assert half == 0 and done is not None
