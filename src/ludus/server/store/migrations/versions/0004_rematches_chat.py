"""Rematches, the rematch seats kept for their players, and chat lines kept with the table.

Revision ID: 0004_rematches_chat
Revises: 0003_bot_leases
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_rematches_chat"
down_revision = "0003_bot_leases"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludus_rematches",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("rematch_id", sa.String(32), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_table(
        "ludus_invites",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    op.create_table(
        "ludus_chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64)),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_ludus_chat_table_id", "ludus_chat", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_ludus_chat_table_id", "ludus_chat")
    for name in ("ludus_chat", "ludus_invites", "ludus_rematches"):
        op.drop_table(name)
