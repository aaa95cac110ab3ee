"""Web matches in progress: live_match and its action log live_match_action.

Revision ID: 0002_live_matches
Revises: 0001_league
Create Date: 2026-11-23 15:50:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_live_matches"
down_revision: str | Sequence[str] | None = "0001_league"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "live_match",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("game", sa.String(length=50), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("tokens", sa.JSON(), nullable=False),
        sa.Column("delay", sa.Float(), nullable=False),
        sa.Column("paused", sa.Boolean(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("summary", sa.String(length=300), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_match")),
    )
    with op.batch_alter_table("live_match", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_live_match_finished"), ["finished"], unique=False)
        batch_op.create_index(batch_op.f("ix_live_match_updated_at"), ["updated_at"], unique=False)
    op.create_table(
        "live_match_action",
        sa.Column("match_id", sa.String(length=40), nullable=False),
        sa.Column("idx", sa.Integer(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["live_match.id"], name=op.f("fk_live_match_action_match_id_live_match"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("match_id", "idx", name=op.f("pk_live_match_action")),
    )


def downgrade() -> None:
    op.drop_table("live_match_action")
    with op.batch_alter_table("live_match", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_live_match_updated_at"))
        batch_op.drop_index(batch_op.f("ix_live_match_finished"))
    op.drop_table("live_match")
