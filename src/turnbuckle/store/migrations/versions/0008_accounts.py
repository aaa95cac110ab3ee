"""Players: accounts, their seats in web matches, the lobby's challenges, ratings and their history,
sign-up and log-in activity.

Revision ID: 0008_accounts
Revises: 0007_sessions_throttle
Create Date: 2026-11-27 23:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008_accounts"
down_revision: str | Sequence[str] | None = "0007_sessions_throttle"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(length=24), nullable=False),
        sa.Column("skeleton", sa.String(length=96), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("disabled_at", WHEN, nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("skeleton", name=op.f("uq_players_skeleton")),
    )
    op.create_table(
        "player_activity",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_player_activity_player_id_players"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_activity")),
    )
    op.create_index(op.f("ix_player_activity_player_id"), "player_activity", ["player_id"], unique=False)
    op.create_index(op.f("ix_player_activity_at"), "player_activity", ["at"], unique=False)
    op.create_table(
        "player_seats",
        sa.Column("match_id", sa.String(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["live_match.id"], name=op.f("fk_player_seats_match_id_live_match"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_player_seats_player_id_players"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("match_id", "seat", name=op.f("pk_player_seats")),
    )
    op.create_index(op.f("ix_player_seats_player_id"), "player_seats", ["player_id"], unique=False)
    op.create_table(
        "account_matches",
        sa.Column("match_id", sa.String(length=40), nullable=False),
        sa.Column("game", sa.String(length=50), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("places", sa.JSON(), nullable=True),
        sa.Column("summary", sa.String(length=300), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("finished_at", WHEN, nullable=True),
        sa.ForeignKeyConstraint(["match_id"], ["live_match.id"],
                                name=op.f("fk_account_matches_match_id_live_match"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("match_id", name=op.f("pk_account_matches")),
    )
    op.create_index(op.f("ix_account_matches_game"), "account_matches", ["game"], unique=False)
    op.create_index(op.f("ix_account_matches_finished_at"), "account_matches", ["finished_at"], unique=False)
    op.create_table(
        "challenges",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("creator_id", sa.Integer(), nullable=False),
        sa.Column("target_id", sa.Integer(), nullable=True),
        sa.Column("game", sa.String(length=50), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("random_seats", sa.Boolean(), nullable=False),
        sa.Column("min_rating", sa.Integer(), nullable=True),
        sa.Column("max_rating", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("match_id", sa.String(length=40), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(["creator_id"], ["players.id"], name=op.f("fk_challenges_creator_id_players"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["target_id"], ["players.id"], name=op.f("fk_challenges_target_id_players"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_challenges")),
    )
    op.create_index(op.f("ix_challenges_creator_id"), "challenges", ["creator_id"], unique=False)
    op.create_index("ix_challenges_status_updated", "challenges", ["status", "updated_at"], unique=False)
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=50), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_ratings_player_id_players"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("player_id", "game", name=op.f("pk_ratings")),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=50), nullable=False),
        sa.Column("match_id", sa.String(length=40), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_rating_history_player_id_players"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_history")),
    )
    op.create_index("ix_rating_history_player_game", "rating_history", ["player_id", "game"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_rating_history_player_game", table_name="rating_history")
    op.drop_table("rating_history")
    op.drop_table("ratings")
    op.drop_index("ix_challenges_status_updated", table_name="challenges")
    op.drop_index(op.f("ix_challenges_creator_id"), table_name="challenges")
    op.drop_table("challenges")
    op.drop_index(op.f("ix_account_matches_finished_at"), table_name="account_matches")
    op.drop_index(op.f("ix_account_matches_game"), table_name="account_matches")
    op.drop_table("account_matches")
    op.drop_index(op.f("ix_player_seats_player_id"), table_name="player_seats")
    op.drop_table("player_seats")
    op.drop_index(op.f("ix_player_activity_at"), table_name="player_activity")
    op.drop_index(op.f("ix_player_activity_player_id"), table_name="player_activity")
    op.drop_table("player_activity")
    op.drop_table("players")
