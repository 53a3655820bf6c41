"""Fair play: where accounts were seen (hashed), the server's own key for those hashes, what each archived seat
did and how much each game moved the ratings, account names' confusables skeletons, one seat per account and
table.

Revision ID: 0007_fair_play
Revises: 0006_analyses
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_fair_play"
down_revision = "0006_analyses"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ludus_sightings",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("mark", sa.String(64), nullable=False),
        sa.Column("first", sa.Float(), nullable=False),
        sa.Column("last", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("account_id", "mark"),
    )
    op.create_index("ix_ludus_sightings_mark", "ludus_sightings", ["mark"])
    op.create_table(
        "ludus_settings",
        sa.Column("key", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )
    with op.batch_alter_table("ludus_results") as batch:
        batch.add_column(sa.Column("weight", sa.Float()))
    with op.batch_alter_table("ludus_result_seats") as batch:
        batch.add_column(sa.Column("own_moves", sa.Integer()))
        batch.add_column(sa.Column("seat_moves", sa.Integer()))
        batch.add_column(sa.Column("linked", sa.Boolean()))
    with op.batch_alter_table("ludus_accounts") as batch:
        batch.add_column(sa.Column("name_skeleton", sa.String(255)))
        batch.create_unique_constraint("uq_ludus_accounts_name_skeleton", ["name_skeleton"])
    # an account that held two seats of one table before keeps the first of them
    op.execute("UPDATE ludus_seats SET account_id = NULL WHERE account_id IS NOT NULL AND seat > "
               "(SELECT MIN(s.seat) FROM ludus_seats s WHERE s.table_id = ludus_seats.table_id "
               "AND s.account_id = ludus_seats.account_id)")
    op.create_index("ux_ludus_seats_table_account", "ludus_seats", ["table_id", "account_id"], unique=True,
                    sqlite_where=sa.text("account_id IS NOT NULL"), postgresql_where=sa.text("account_id IS NOT NULL"))


def downgrade() -> None:
    op.drop_index("ux_ludus_seats_table_account", "ludus_seats")
    with op.batch_alter_table("ludus_accounts") as batch:
        batch.drop_constraint("uq_ludus_accounts_name_skeleton", type_="unique")
        batch.drop_column("name_skeleton")
    with op.batch_alter_table("ludus_result_seats") as batch:
        batch.drop_column("linked")
        batch.drop_column("seat_moves")
        batch.drop_column("own_moves")
    with op.batch_alter_table("ludus_results") as batch:
        batch.drop_column("weight")
    op.drop_table("ludus_settings")
    op.drop_index("ix_ludus_sightings_mark", "ludus_sightings")
    op.drop_table("ludus_sightings")
