"""Web matches the server stopped (a computer move failed): live_match.stopped holds why.

Revision ID: 0005_live_stopped
Revises: 0004_league_web
Create Date: 2026-11-24 10:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_live_stopped"
down_revision: str | Sequence[str] | None = "0004_league_web"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("live_match", schema=None) as batch_op:
        batch_op.add_column(sa.Column("stopped", sa.String(length=300), server_default="", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("live_match", schema=None) as batch_op:
        batch_op.drop_column("stopped")
