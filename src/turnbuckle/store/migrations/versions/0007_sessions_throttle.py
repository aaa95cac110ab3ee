"""Server-side web sessions and the log-in throttle shared by every server process.

``web_sessions``: one row per log-in a browser cookie names (the sha256 of its random id, what it
is a session of, when it expires, when it was revoked). ``login_failures``: one row per failed
log-in under each key it counts against (an address, a promotion, later an account).

Revision ID: 0007_sessions_throttle
Revises: 0006_live_leases
Create Date: 2026-11-27 23:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007_sessions_throttle"
down_revision: str | Sequence[str] | None = "0006_live_leases"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "web_sessions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_web_sessions")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_web_sessions_token_hash")),
    )
    op.create_index("ix_web_sessions_kind_subject", "web_sessions", ["kind", "subject"], unique=False)
    op.create_index(op.f("ix_web_sessions_expires_at"), "web_sessions", ["expires_at"], unique=False)
    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_login_failures")),
    )
    op.create_index("ix_login_failures_key_at", "login_failures", ["key", "at"], unique=False)
    op.create_index(op.f("ix_login_failures_at"), "login_failures", ["at"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_login_failures_at"), table_name="login_failures")
    op.drop_index("ix_login_failures_key_at", table_name="login_failures")
    op.drop_table("login_failures")
    op.drop_index(op.f("ix_web_sessions_expires_at"), table_name="web_sessions")
    op.drop_index("ix_web_sessions_kind_subject", table_name="web_sessions")
    op.drop_table("web_sessions")
