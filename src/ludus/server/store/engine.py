"""The connection every concern of the store shares: a URL made into a SQLAlchemy engine (SQLite by default,
PostgreSQL by URL), SQLite's pragmas and its checkpoint thread, and the one ``MetaData`` every module's
tables belong to. Each call of the store is one ``engine.begin()`` (a transaction), ``engine.connect()``
(a read), or one of the two below; no call spans two of them.

On PostgreSQL every statement is a network round trip, and the calls on the path of a move and of a
connection are made in as few as can be (docs/server.md, "The two-process mode"):

- ``reading(engine)``: reads in autocommit — one round trip per SELECT, where a transaction adds a BEGIN
  and a ROLLBACK. They lose nothing: at PostgreSQL's READ COMMITTED every statement takes its own snapshot
  inside a transaction too (and SQLite's driver runs reads outside a transaction as well).
- ``one_statement(engine)``: a write of one statement, which is atomic by itself: in autocommit on
  PostgreSQL (one round trip, where BEGIN … COMMIT takes three), in a transaction on SQLite.
- A pooled connection is pinged before use only when it has been idle for ``IDLE_PING`` seconds (SQLAlchemy's
  ``pool_pre_ping`` pings before every use: a round trip more on every call). See ``_ping_when_idle``.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Iterator
from typing import Any

from sqlalchemy import MetaData, create_engine, event, exc
from sqlalchemy.engine import Connection, Engine

DEFAULT_URL = "sqlite:///ludus.sqlite3"
IDLE_PING = 1.0  # seconds a pooled PostgreSQL connection may sit unused before its next use pings it first

metadata = MetaData()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the writer; NORMAL sync is still crash-safe in WAL mode
    # (a power cut may lose the last commits, a killed process loses nothing). In WAL mode with
    # NORMAL sync only checkpoints call fsync, and an fsync on a busy disk can take most of a second:
    # the Checkpointer thread does them, so a commit inside the event loop never waits for the disk.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


class Checkpointer:
    """Copies the SQLite write-ahead log into the database file now and then, in its own thread.

    Each checkpoint costs fsyncs (and the next commit one more, to restart the log), so they are
    spaced out: the log grows by a few MB between them, which SQLite reads without trouble."""

    def __init__(self, path: str, every: float = 10.0) -> None:
        self.path = path
        self.every = every
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="ludus-sqlite-checkpoint", daemon=True)
        self.thread.start()

    def _checkpoint(self, mode: str) -> None:
        connection = sqlite3.connect(self.path, timeout=5)
        try:
            connection.execute(f"PRAGMA wal_checkpoint({mode})")
        finally:
            connection.close()

    def _run(self) -> None:
        while not self.stopping.wait(self.every):
            try:
                self._checkpoint("PASSIVE")  # never blocks the writer
            except sqlite3.Error:
                continue

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(5)
        with contextlib.suppress(sqlite3.Error):
            self._checkpoint("TRUNCATE")


def make_engine(url: str | None) -> Engine:
    url = url or DEFAULT_URL
    for prefix in ("postgresql://", "postgres://"):  # plain URLs mean psycopg 3, the driver we ship
        if url.startswith(prefix):
            url = "postgresql+psycopg://" + url.removeprefix(prefix)
    # hide_parameters: a failed statement's message (and so a log line) never carries a table's secret
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False}, hide_parameters=True)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    # LIFO: under load the same few connections serve every call (and are never idle); the others idle, and are
    # pinged when they are next needed
    engine = create_engine(url, pool_size=10, max_overflow=10, pool_use_lifo=True, hide_parameters=True)
    _ping_when_idle(engine)
    return engine


def _ping_when_idle(engine: Engine) -> None:
    """Ping a pooled connection before use only if it has been idle ``IDLE_PING`` seconds or more; a dead one is
    replaced, and every other connection as old with it, as ``pool_pre_ping`` does.

    Why not every time: a connection that was in use a moment ago is alive, and under load every connection is
    (a ping per call was a round trip more on every move and every read). What a dead connection needs is
    covered all the same: the database went away (a restart, an outage) for longer than ``IDLE_PING``, so
    every connection that has not failed since has been idle that long and is pinged; a statement that does
    meet a dead connection (a restart quicker than that with nothing asked meanwhile) fails once, and
    SQLAlchemy then drops every pooled connection made before it, so the next call connects afresh."""
    dialect = engine.dialect

    def fresh(_dbapi_connection: Any, record: Any) -> None:
        record.info["returned"] = time.monotonic()

    def returned(_dbapi_connection: Any, record: Any) -> None:
        record.info["returned"] = time.monotonic()

    def checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        if time.monotonic() - record.info.get("returned", float("-inf")) < IDLE_PING:
            return
        try:
            dialect.do_ping(dbapi_connection)
        except dialect.loaded_dbapi.Error as error:
            if dialect.is_disconnect(error, dbapi_connection, None):
                raise exc.InvalidatePoolError() from error  # (SQLAlchemy's pre-ping raises this too)
            raise

    event.listen(engine, "connect", fresh)
    event.listen(engine, "checkin", returned)
    event.listen(engine, "checkout", checkout)


@contextlib.contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """A connection for reads: in autocommit on a database server (one round trip per SELECT), plain on SQLite."""
    with engine.connect() as connection:
        if engine.dialect.name != "sqlite":
            connection.execution_options(isolation_level="AUTOCOMMIT")
        yield connection


@contextlib.contextmanager
def one_statement(engine: Engine) -> Iterator[Connection]:
    """A connection for a write of a single statement (atomic by itself): in autocommit on a database server,
    one round trip; in a transaction on SQLite."""
    if engine.dialect.name == "sqlite":
        with engine.begin() as connection:
            yield connection
        return
    with engine.connect() as connection:
        connection.execution_options(isolation_level="AUTOCOMMIT")
        yield connection
