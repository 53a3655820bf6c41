"""The database schema's history, as Alembic migrations (``versions/``), applied at every start.

``upgrade(engine)`` brings any database to the newest schema: an empty one is built from the first
migration on; one made before the project used migrations (by ``metadata.create_all``, i.e. exactly the
baseline schema) is stamped as the baseline first, then upgraded like any other. On PostgreSQL the whole
upgrade runs in one transaction under an advisory lock, so processes starting together migrate once.

A change to ``store.metadata`` comes with a new migration (``alembic revision --autogenerate -m "..."
-x db=sqlite:///scratch.sqlite3`` from the repository root, then read and trim what it wrote); a test
checks that the migrations build exactly the metadata.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

HERE = Path(__file__).parent
BASELINE = "0001_baseline"
LOCK_KEY = 0x6C75647573  # "ludus": the PostgreSQL advisory lock every starting process takes to migrate


def config(connection: Connection | None = None) -> Config:
    settings = Config()
    settings.set_main_option("script_location", str(HERE).replace("%", "%%"))
    if connection is not None:
        settings.attributes["connection"] = connection
    return settings


def upgrade(engine: Engine) -> None:
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
        settings = config(connection)
        if MigrationContext.configure(connection).get_current_revision() == head():
            return  # the usual start: nothing to do, and nothing to log
        names = set(inspect(connection).get_table_names())
        if "ludus_tables" in names and "alembic_version" not in names:
            command.stamp(settings, BASELINE)  # made by create_all before there were migrations
        command.upgrade(settings, "head")


@cache
def head() -> str | None:
    """The newest revision of ``versions/``. Read once per process: the scripts are part of the installed code,
    and reading them (Alembic imports every one) cost each start of a store about 0.05 s, which the test suite
    pays for every app it makes."""
    return ScriptDirectory.from_config(config()).get_current_head()


def revision(engine: Engine) -> str | None:
    """The schema revision a database is at (None: not migrated yet)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
