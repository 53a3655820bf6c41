"""Alembic's entry point: migrate the connection ``upgrade`` hands over, or (from the ``alembic``
command line) the database named by ``-x db=URL`` or ``$LUDUS_DB`` (default: ./ludus.sqlite3)."""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy.engine import Connection

from ludus.server.store import make_engine, metadata


def migrate(connection: Connection) -> None:
    # batch mode: SQLite alters a column by copying the table, which Alembic does for us
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


given = context.config.attributes.get("connection")
if given is not None:
    migrate(given)
else:
    url = context.get_x_argument(as_dictionary=True).get("db") or os.environ.get("LUDUS_DB")
    with make_engine(url).begin() as connection:
        migrate(connection)
