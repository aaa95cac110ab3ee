"""Web matches shared by several server processes: a revision counter, the computer's lease, steps.

``live_match.revision`` counts the stored changes of a match (a process whose copy in memory is
older reads the log again); ``lease_holder`` / ``lease_expires`` name the server process that plays
the match's computer seats until when (another process takes over once it has expired); ``steps``
holds the steps the owner granted a paused watch match (whichever process plays it makes them).

Revision ID: 0006_live_leases
Revises: 0005_live_stopped
Create Date: 2026-11-30 10:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006_live_leases"
down_revision: str | Sequence[str] | None = "0005_live_stopped"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("live_match", schema=None) as batch_op:
        batch_op.add_column(sa.Column("steps", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("revision", sa.Integer(), server_default="0", nullable=False))
        batch_op.add_column(sa.Column("lease_holder", sa.String(length=80), nullable=True))
        batch_op.add_column(sa.Column("lease_expires", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index(batch_op.f("ix_live_match_lease_expires"), ["lease_expires"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("live_match", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_live_match_lease_expires"))
        batch_op.drop_column("lease_expires")
        batch_op.drop_column("lease_holder")
        batch_op.drop_column("revision")
        batch_op.drop_column("steps")
