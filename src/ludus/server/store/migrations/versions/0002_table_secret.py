"""A table's seed becomes its 256-bit secret: decimal text instead of a 64-bit integer.

Old tables keep their small seeds (now written as text) and deal exactly as before.

Revision ID: 0002_table_secret
Revises: 0001_baseline
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_table_secret"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("ludus_tables") as batch:
        batch.alter_column("seed", existing_type=sa.BigInteger(), type_=sa.Text(), existing_nullable=False,
                           postgresql_using="seed::text")


def downgrade() -> None:
    # only possible while no table holds a secret beyond 64 bits
    with op.batch_alter_table("ludus_tables") as batch:
        batch.alter_column("seed", existing_type=sa.Text(), type_=sa.BigInteger(), existing_nullable=False,
                           postgresql_using="seed::bigint")
