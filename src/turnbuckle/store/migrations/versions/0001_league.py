"""League tables: promotions, wrestlers, titles and reigns, events, matches, ratings, injuries, feuds.

Revision ID: 0001_league
Revises: (none)
Create Date: 2026-11-23 15:40:36.886072
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_league"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:

    op.create_table(
        "league",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("game", sa.String(length=50), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("roster", sa.Text(), nullable=True),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league")),
        sa.UniqueConstraint("name", name=op.f("uq_league_name")),
    )
    op.create_table(
        "league_event",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ran_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("grade", sa.Float(), nullable=True),
        sa.ForeignKeyConstraint(
            ["league_id"], ["league.id"], name=op.f("fk_league_event_league_id_league"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_event")),
        sa.UniqueConstraint("league_id", "number", name="uq_league_event_number"),
    )
    with op.batch_alter_table("league_event", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_league_event_league_id"), ["league_id"], unique=False)

    op.create_table(
        "league_title",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"], ["league.id"], name=op.f("fk_league_title_league_id_league"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_title")),
        sa.UniqueConstraint("league_id", "name", name="uq_league_title_name"),
    )
    with op.batch_alter_table("league_title", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_league_title_league_id"), ["league_id"], unique=False)

    op.create_table(
        "league_wrestler",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("signed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("released_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("streak", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("injured_cards", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"], ["league.id"], name=op.f("fk_league_wrestler_league_id_league"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_wrestler")),
        sa.UniqueConstraint("league_id", "name", name="uq_league_wrestler_name"),
    )
    with op.batch_alter_table("league_wrestler", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_league_wrestler_league_id"), ["league_id"], unique=False)

    op.create_table(
        "league_feud",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("side_a", sa.JSON(), nullable=False),
        sa.Column("side_b", sa.JSON(), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("heat", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("started_event_id", sa.Integer(), nullable=True),
        sa.Column("ended_event_id", sa.Integer(), nullable=True),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["ended_event_id"],
            ["league_event.id"],
            name=op.f("fk_league_feud_ended_event_id_league_event"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["league_id"], ["league.id"], name=op.f("fk_league_feud_league_id_league"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["started_event_id"],
            ["league_event.id"],
            name=op.f("fk_league_feud_started_event_id_league_event"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_feud")),
    )
    with op.batch_alter_table("league_feud", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_league_feud_league_id"), ["league_id"], unique=False)

    op.create_table(
        "league_match",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("blowoff", sa.Boolean(), nullable=False),
        sa.Column("feud_id", sa.Integer(), nullable=True),
        sa.Column("match_type", sa.String(length=50), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("title_id", sa.Integer(), nullable=True),
        sa.Column("sides", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("params", sa.JSON(), nullable=True),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("agents", sa.JSON(), nullable=True),
        sa.Column("actions", sa.JSON(), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("winner_side", sa.Integer(), nullable=True),
        sa.Column("method", sa.String(length=30), nullable=True),
        sa.Column("steps", sa.Integer(), nullable=True),
        sa.Column("stars", sa.Float(), nullable=True),
        sa.Column("quality", sa.JSON(), nullable=True),
        sa.Column("title_changed", sa.Boolean(), nullable=False),
        sa.Column("played_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"], ["league_event.id"], name=op.f("fk_league_match_event_id_league_event"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["feud_id"], ["league_feud.id"], name=op.f("fk_league_match_feud_id_league_feud"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["title_id"], ["league_title.id"], name=op.f("fk_league_match_title_id_league_title"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_match")),
    )
    with op.batch_alter_table("league_match", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_league_match_event_id"), ["event_id"], unique=False)
        batch_op.create_index("ix_league_match_event_position", ["event_id", "position"], unique=False)

    op.create_table(
        "league_injury",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("wrestler_id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("cards", sa.Integer(), nullable=False),
        sa.Column("remaining", sa.Integer(), nullable=False),
        sa.Column("healed_event_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["healed_event_id"],
            ["league_event.id"],
            name=op.f("fk_league_injury_healed_event_id_league_event"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["match_id"], ["league_match.id"], name=op.f("fk_league_injury_match_id_league_match"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["wrestler_id"],
            ["league_wrestler.id"],
            name=op.f("fk_league_injury_wrestler_id_league_wrestler"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_injury")),
    )
    with op.batch_alter_table("league_injury", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_league_injury_match_id"), ["match_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_league_injury_wrestler_id"), ["wrestler_id"], unique=False)

    op.create_table(
        "league_match_entrant",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("wrestler_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(length=10), nullable=True),
        sa.Column("injured", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["league_match.id"],
            name=op.f("fk_league_match_entrant_match_id_league_match"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["wrestler_id"],
            ["league_wrestler.id"],
            name=op.f("fk_league_match_entrant_wrestler_id_league_wrestler"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_match_entrant")),
        sa.UniqueConstraint("match_id", "wrestler_id", name="uq_league_match_entrant_wrestler"),
    )
    with op.batch_alter_table("league_match_entrant", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_league_match_entrant_match_id"), ["match_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_league_match_entrant_wrestler_id"), ["wrestler_id"], unique=False)

    op.create_table(
        "league_rating",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("wrestler_id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["league_match.id"], name=op.f("fk_league_rating_match_id_league_match"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["wrestler_id"],
            ["league_wrestler.id"],
            name=op.f("fk_league_rating_wrestler_id_league_wrestler"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_rating")),
    )
    with op.batch_alter_table("league_rating", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_league_rating_match_id"), ["match_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_league_rating_wrestler_id"), ["wrestler_id"], unique=False)

    op.create_table(
        "league_title_reign",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("title_id", sa.Integer(), nullable=False),
        sa.Column("holders", sa.JSON(), nullable=False),
        sa.Column("won_match_id", sa.Integer(), nullable=True),
        sa.Column("won_event_id", sa.Integer(), nullable=True),
        sa.Column("lost_match_id", sa.Integer(), nullable=True),
        sa.Column("lost_event_id", sa.Integer(), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("defences", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["lost_event_id"],
            ["league_event.id"],
            name=op.f("fk_league_title_reign_lost_event_id_league_event"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["lost_match_id"],
            ["league_match.id"],
            name=op.f("fk_league_title_reign_lost_match_id_league_match"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["title_id"],
            ["league_title.id"],
            name=op.f("fk_league_title_reign_title_id_league_title"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["won_event_id"],
            ["league_event.id"],
            name=op.f("fk_league_title_reign_won_event_id_league_event"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["won_match_id"],
            ["league_match.id"],
            name=op.f("fk_league_title_reign_won_match_id_league_match"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_title_reign")),
    )
    with op.batch_alter_table("league_title_reign", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_league_title_reign_title_id"), ["title_id"], unique=False)


def downgrade() -> None:

    with op.batch_alter_table("league_title_reign", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_title_reign_title_id"))

    op.drop_table("league_title_reign")
    with op.batch_alter_table("league_rating", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_rating_wrestler_id"))
        batch_op.drop_index(batch_op.f("ix_league_rating_match_id"))

    op.drop_table("league_rating")
    with op.batch_alter_table("league_match_entrant", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_match_entrant_wrestler_id"))
        batch_op.drop_index(batch_op.f("ix_league_match_entrant_match_id"))

    op.drop_table("league_match_entrant")
    with op.batch_alter_table("league_injury", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_injury_wrestler_id"))
        batch_op.drop_index(batch_op.f("ix_league_injury_match_id"))

    op.drop_table("league_injury")
    with op.batch_alter_table("league_match", schema=None) as batch_op:
        batch_op.drop_index("ix_league_match_event_position")
        batch_op.drop_index(batch_op.f("ix_league_match_event_id"))

    op.drop_table("league_match")
    with op.batch_alter_table("league_feud", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_feud_league_id"))

    op.drop_table("league_feud")
    with op.batch_alter_table("league_wrestler", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_wrestler_league_id"))

    op.drop_table("league_wrestler")
    with op.batch_alter_table("league_title", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_title_league_id"))

    op.drop_table("league_title")
    with op.batch_alter_table("league_event", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_league_event_league_id"))

    op.drop_table("league_event")
    op.drop_table("league")
