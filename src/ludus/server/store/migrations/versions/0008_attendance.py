"""Attendance: when a person was last connected to each table (deserted tables are closed), and each live
process's picture of its spectators and the people online.

Revision ID: 0008_attendance
Revises: 0007_fair_play
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_attendance"
down_revision = "0007_fair_play"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludus_human_seen",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seen", sa.Float(), nullable=False),
    )
    op.create_table(
        "ludus_attendance",
        sa.Column("holder", sa.String(64), primary_key=True),
        sa.Column("updated", sa.Float(), nullable=False),
        sa.Column("watching", sa.Text(), nullable=False),
        sa.Column("people", sa.Text(), nullable=False),
    )
    op.create_index("ix_ludus_attendance_updated", "ludus_attendance", ["updated"])


def downgrade() -> None:
    op.drop_index("ix_ludus_attendance_updated", "ludus_attendance")
    op.drop_table("ludus_attendance")
    op.drop_table("ludus_human_seen")
