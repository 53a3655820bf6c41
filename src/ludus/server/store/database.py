"""``Store``: one database opened and migrated, with every concern's calls (one module per concern)."""

from __future__ import annotations

from . import migrations
from .analysis import AnalysisRows
from .attendance import AttendanceRows
from .chat import ChatLines
from .engine import DEFAULT_URL, Checkpointer, make_engine
from .leases import LeaseRows
from .moves import MoveLog
from .tables import TableRows
from .tutorials import TutorialRows


class Store(TableRows, MoveLog, LeaseRows, ChatLines, AnalysisRows, AttendanceRows, TutorialRows):
    """Synchronous storage calls; the server runs them inline for SQLite, in a thread otherwise."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or DEFAULT_URL
        self.engine = make_engine(self.url)
        self.embedded = self.engine.dialect.name == "sqlite"
        migrations.upgrade(self.engine)
        database = self.engine.url.database if self.embedded else None
        self.checkpointer = Checkpointer(database) if database and database != ":memory:" else None

    def close(self) -> None:
        self.engine.dispose()
        if self.checkpointer is not None:
            self.checkpointer.stop()
