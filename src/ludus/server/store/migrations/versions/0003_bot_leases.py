"""Leases: which live server process runs a running table's bots and clock, until when.

Also an index on the tables' status, which the periodic search for tables without a live holder reads.

Revision ID: 0003_bot_leases
Revises: 0002_table_secret
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_bot_leases"
down_revision = "0002_table_secret"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludus_leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
    )
    op.create_index("ix_ludus_tables_status", "ludus_tables", ["status"])


def downgrade() -> None:
    op.drop_index("ix_ludus_tables_status", "ludus_tables")
    op.drop_table("ludus_leases")
