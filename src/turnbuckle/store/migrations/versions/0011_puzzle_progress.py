"""Puzzle progress: the puzzles each player has answered on the puzzle pages, and whether solved.

Revision ID: 0011_puzzle_progress
Revises: 0010_lesson_progress
Create Date: 2026-11-28 02:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011_puzzle_progress"
down_revision: str | Sequence[str] | None = "0010_lesson_progress"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "puzzle_progress",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("puzzle", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_puzzle_progress_player_id_players"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("player_id", "game", "puzzle", name=op.f("pk_puzzle_progress")),
    )


def downgrade() -> None:
    op.drop_table("puzzle_progress")
