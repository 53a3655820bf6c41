"""Tutorial progress: how far a signed-in player got in each game's tutorial, and whether it was finished.

Revision ID: 0009_tutorial_progress
Revises: 0008_attendance
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_tutorial_progress"
down_revision = "0008_attendance"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludus_tutorial_progress",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("done", sa.Boolean(), nullable=False),
        sa.Column("updated", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("account_id", "game"),
    )


def downgrade() -> None:
    op.drop_table("ludus_tutorial_progress")
