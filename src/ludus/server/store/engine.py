"""The connection every concern of the store shares: a URL made into a SQLAlchemy engine (SQLite by default,
PostgreSQL by URL), SQLite's pragmas and its checkpoint thread, and the one ``MetaData`` every module's
tables belong to. Each call of the store is one ``engine.begin()`` (a transaction) or ``engine.connect()``
(a read); no call spans two of them.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from typing import Any

from sqlalchemy import MetaData, create_engine, event
from sqlalchemy.engine import Engine

DEFAULT_URL = "sqlite:///ludus.sqlite3"

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
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True, hide_parameters=True)
