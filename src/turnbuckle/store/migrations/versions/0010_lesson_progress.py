"""Lesson progress: the lessons each player has finished on the Learn pages.

Revision ID: 0010_lesson_progress
Revises: 0009_clocks
Create Date: 2026-11-28 00:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010_lesson_progress"
down_revision: str | Sequence[str] | None = "0009_clocks"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "lesson_progress",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("lesson", sa.Integer(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_lesson_progress_player_id_players"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("player_id", "game", "lesson", name=op.f("pk_lesson_progress")),
    )


def downgrade() -> None:
    op.drop_table("lesson_progress")
