"""The schema as ``metadata.create_all`` made it before migrations: tables, seats and the move log.

Revision ID: 0001_baseline
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludus_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("bot_delay", sa.Float(), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_table(
        "ludus_seats",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64)),
        sa.Column("token_hash", sa.String(64)),
        sa.Column("bot", sa.String(16)),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    op.create_table(
        "ludus_moves",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("entry", sa.Text(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "n"),
    )


def downgrade() -> None:
    for name in ("ludus_moves", "ludus_seats", "ludus_tables"):
        op.drop_table(name)
