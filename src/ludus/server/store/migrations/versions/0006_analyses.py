"""The coach's analyses of finished games, one per seat, computed once.

Revision ID: 0006_analyses
Revises: 0005_accounts
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_analyses"
down_revision = "0005_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludus_analyses",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("report", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )


def downgrade() -> None:
    op.drop_table("ludus_analyses")
