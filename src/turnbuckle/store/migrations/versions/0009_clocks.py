"""Clocks: a web match's time control and running clock, the moment it runs out (found by every
server process), the seat to move (the players' "your turn" lists), and a challenge's time control.

Revision ID: 0009_clocks
Revises: 0008_accounts
Create Date: 2026-11-28 00:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009_clocks"
down_revision: str | Sequence[str] | None = "0008_accounts"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("live_match") as batch:
        batch.add_column(sa.Column("clock", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch.create_index(batch.f("ix_live_match_deadline"), ["deadline"], unique=False)
        batch.add_column(sa.Column("to_move", sa.Integer(), nullable=True))
    with op.batch_alter_table("challenges") as batch:
        batch.add_column(sa.Column("time_control", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("challenges") as batch:
        batch.drop_column("time_control")
    with op.batch_alter_table("live_match") as batch:
        batch.drop_column("to_move")
        batch.drop_index(batch.f("ix_live_match_deadline"))
        batch.drop_column("deadline")
        batch.drop_column("clock")
