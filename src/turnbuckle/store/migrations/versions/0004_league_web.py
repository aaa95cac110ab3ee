"""The league in the browser: the admin token, seasons, the count-out/DQ title rule, the
promotion's own cards, and title reigns measured in cards (league time) instead of clock time.

Revision ID: 0004_league_web
Revises: 0003_league_teams
Create Date: 2026-11-27 10:00:00

Existing reigns get their cards from the events they were won and lost on; a vacated reign (a
released champion) ends on the last card that had been run when it was vacated.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_league_web"
down_revision: str | Sequence[str] | None = "0003_league_teams"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # plain ADD COLUMN (no batch copy of the table: on SQLite a copy drops the old table, which with
    # foreign keys on would cascade into every league's wrestlers, cards and matches)
    op.add_column("league", sa.Column("admin_token_hash", sa.String(length=64), nullable=True))
    op.add_column("league", sa.Column("season", sa.Integer(), server_default="1", nullable=False))
    op.add_column("league", sa.Column("countout_dq_titles", sa.Boolean(), server_default=sa.false(), nullable=False))
    op.add_column("league", sa.Column("cards", sa.JSON(), server_default="{}", nullable=False))
    op.add_column("league_event", sa.Column("season", sa.Integer(), server_default="1", nullable=False))
    op.add_column("league_title_reign", sa.Column("won_card", sa.Integer(), nullable=True))
    op.add_column("league_title_reign", sa.Column("ended_card", sa.Integer(), nullable=True))
    _backfill_reign_cards()


def _backfill_reign_cards() -> None:
    conn = op.get_bind()
    numbers = {row.id: row.number for row in conn.execute(sa.text("SELECT id, number FROM league_event"))}
    reigns = conn.execute(
        sa.text(
            "SELECT r.id, r.won_event_id, r.lost_event_id, r.ended_at, t.league_id FROM league_title_reign r "
            "JOIN league_title t ON t.id = r.title_id"
        )
    ).all()
    for reign in reigns:
        won = numbers.get(reign.won_event_id)
        ended = numbers.get(reign.lost_event_id)
        if ended is None and reign.ended_at is not None:  # vacated: the last card run by then
            ended = conn.execute(
                sa.text(
                    "SELECT max(number) FROM league_event WHERE league_id = :league AND status = 'done' "
                    "AND ran_at <= :ended"
                ),
                {"league": reign.league_id, "ended": reign.ended_at},
            ).scalar()
            ended = ended if ended is not None else won
        conn.execute(
            sa.text("UPDATE league_title_reign SET won_card = :won, ended_card = :ended WHERE id = :id"),
            {"won": won, "ended": ended, "id": reign.id},
        )


def downgrade() -> None:
    # plain DROP COLUMN (SQLite 3.35+), for the same reason: no table copy
    op.drop_column("league_title_reign", "ended_card")
    op.drop_column("league_title_reign", "won_card")
    op.drop_column("league_event", "season")
    op.drop_column("league", "cards")
    op.drop_column("league", "countout_dq_titles")
    op.drop_column("league", "season")
    op.drop_column("league", "admin_token_hash")
