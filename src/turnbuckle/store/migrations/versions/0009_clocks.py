"""Clocks: a web match's time control and running clock, the moment it runs out (found by every
server process), the seat to move (the players' "your turn" lists), a challenge's time control;
each match's chat and the players' mutes.

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
    op.create_table(
        "match_chat",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("match_id", sa.String(length=40), nullable=False),
        sa.Column("room", sa.String(length=12), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("author", sa.String(length=60), nullable=False),
        sa.Column("text", sa.String(length=300), nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["live_match.id"], name=op.f("fk_match_chat_match_id_live_match"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_match_chat_player_id_players"),
                                ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_match_chat")),
    )
    op.create_index("ix_match_chat_match_room", "match_chat", ["match_id", "room", "id"], unique=False)
    op.create_index("ix_match_chat_author_at", "match_chat", ["author", "at"], unique=False)
    op.create_table(
        "chat_mutes",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("muted_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_chat_mutes_player_id_players"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["muted_id"], ["players.id"], name=op.f("fk_chat_mutes_muted_id_players"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("player_id", "muted_id", name=op.f("pk_chat_mutes")),
    )


    op.create_table(
        "notify_prefs",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=True),
        sa.Column("turn", sa.Boolean(), nullable=False),
        sa.Column("reminder", sa.Boolean(), nullable=False),
        sa.Column("digest", sa.Boolean(), nullable=False),
        sa.Column("push", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_notify_prefs_player_id_players"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("player_id", name=op.f("pk_notify_prefs")),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("endpoint", sa.String(length=1000), nullable=False),
        sa.Column("p256dh", sa.String(length=200), nullable=False),
        sa.Column("auth", sa.String(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name=op.f("fk_push_subscriptions_player_id_players"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_push_subscriptions")),
    )
    op.create_index(op.f("ix_push_subscriptions_player_id"), "push_subscriptions", ["player_id"], unique=False)
    op.create_table(
        "notifications_sent",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=120), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"],
                                name=op.f("fk_notifications_sent_player_id_players"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("player_id", "key", name=op.f("pk_notifications_sent")),
    )


def downgrade() -> None:
    op.drop_table("notifications_sent")
    op.drop_index(op.f("ix_push_subscriptions_player_id"), table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_table("notify_prefs")
    op.drop_table("chat_mutes")
    op.drop_index("ix_match_chat_author_at", table_name="match_chat")
    op.drop_index("ix_match_chat_match_room", table_name="match_chat")
    op.drop_table("match_chat")
    with op.batch_alter_table("challenges") as batch:
        batch.drop_column("time_control")
    with op.batch_alter_table("live_match") as batch:
        batch.drop_column("to_move")
        batch.drop_index(batch.f("ix_live_match_deadline"))
        batch.drop_column("deadline")
        batch.drop_column("clock")
