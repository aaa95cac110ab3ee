"""Team-game competitors' hiring: league_team (RUMBLESLAM teams, their Dosh and what they hired).

Revision ID: 0003_league_teams
Revises: 0002_live_matches
Create Date: 2026-11-23 18:45:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_league_teams"
down_revision: str | Sequence[str] | None = "0002_live_matches"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "league_team",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("wrestler_id", sa.Integer(), nullable=False),
        sa.Column("members", sa.JSON(), nullable=False),
        sa.Column("endorsements", sa.Integer(), nullable=False),
        sa.Column("sponsorships", sa.JSON(), nullable=False),
        sa.Column("tag_teams", sa.JSON(), nullable=False),
        sa.Column("cost", sa.Integer(), nullable=False),
        sa.Column("budget", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(length=500), nullable=False),
        sa.Column("hired_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["wrestler_id"],
            ["league_wrestler.id"],
            name=op.f("fk_league_team_wrestler_id_league_wrestler"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_team")),
        sa.UniqueConstraint("wrestler_id", name=op.f("uq_league_team_wrestler_id")),
    )


def downgrade() -> None:
    op.drop_table("league_team")
