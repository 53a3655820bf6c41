"""Accounts and sessions; seats held by accounts; rematch invitations by account; rated and turn-based
tables; the archive of finished games with places; ratings; turn deadlines.

Revision ID: 0005_accounts
Revises: 0004_rematches_chat
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_accounts"
down_revision = "0004_rematches_chat"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludus_accounts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_table(
        "ludus_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("csrf_hash", sa.String(64), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
    )
    op.create_index("ix_ludus_sessions_account_id", "ludus_sessions", ["account_id"])
    with op.batch_alter_table("ludus_tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("turn_seconds", sa.Float()))
        batch.add_column(sa.Column("on_timeout", sa.String(16)))
    with op.batch_alter_table("ludus_seats") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer()))
        batch.create_index("ix_ludus_seats_account_id", ["account_id"])
    with op.batch_alter_table("ludus_invites") as batch:
        batch.alter_column("token_hash", existing_type=sa.String(64), nullable=True)
        batch.add_column(sa.Column("account_id", sa.Integer()))
        batch.create_index("ix_ludus_invites_account_id", ["account_id"])
    op.create_table(
        "ludus_results",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("finished", sa.Float(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("moves", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.Text(), nullable=False),
    )
    op.create_index("ix_ludus_results_finished", "ludus_results", ["finished", "table_id"])
    op.create_index("ix_ludus_results_game_finished", "ludus_results", ["game", "finished", "table_id"])
    op.create_table(
        "ludus_result_seats",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64)),
        sa.Column("name_key", sa.String(64)),
        sa.Column("account_id", sa.Integer()),
        sa.Column("bot", sa.String(16)),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("score", sa.Float()),
        sa.Column("rating_before", sa.Float()),
        sa.Column("rating_after", sa.Float()),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    op.create_index("ix_ludus_result_seats_account", "ludus_result_seats", ["account_id", "table_id"])
    op.create_index("ix_ludus_result_seats_name", "ludus_result_seats", ["name_key", "table_id"])
    op.create_table(
        "ludus_ratings",
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("player", sa.String(48), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("game", "player"),
    )
    op.create_index("ix_ludus_ratings_board", "ludus_ratings", ["game", "rating"])
    op.create_table(
        "ludus_deadlines",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("due", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    op.create_index("ix_ludus_deadlines_due", "ludus_deadlines", ["due"])


def downgrade() -> None:
    op.drop_index("ix_ludus_deadlines_due", "ludus_deadlines")
    op.drop_table("ludus_deadlines")
    op.drop_index("ix_ludus_ratings_board", "ludus_ratings")
    op.drop_table("ludus_ratings")
    op.drop_index("ix_ludus_result_seats_name", "ludus_result_seats")
    op.drop_index("ix_ludus_result_seats_account", "ludus_result_seats")
    op.drop_table("ludus_result_seats")
    op.drop_index("ix_ludus_results_game_finished", "ludus_results")
    op.drop_index("ix_ludus_results_finished", "ludus_results")
    op.drop_table("ludus_results")
    with op.batch_alter_table("ludus_invites") as batch:
        batch.drop_index("ix_ludus_invites_account_id")
        batch.drop_column("account_id")
        batch.alter_column("token_hash", existing_type=sa.String(64), nullable=False)
    with op.batch_alter_table("ludus_seats") as batch:
        batch.drop_index("ix_ludus_seats_account_id")
        batch.drop_column("account_id")
    with op.batch_alter_table("ludus_tables") as batch:
        batch.drop_column("on_timeout")
        batch.drop_column("turn_seconds")
        batch.drop_column("rated")
    op.drop_index("ix_ludus_sessions_account_id", "ludus_sessions")
    op.drop_table("ludus_sessions")
    op.drop_table("ludus_accounts")
