"""The database, one module per concern behind the same transaction handling (``engine.py``):

- ``tables.py`` — tables, seats (hashed tokens), rematches and their kept seats;
- ``moves.py`` — the append-only move log (its primary key is the single-writer check);
- ``leases.py`` — which live process runs a table's bots and clock;
- ``attendance.py`` — when a person was last at each table, and each process's spectators and people online;
- ``chat.py`` — chat lines;
- ``tutorials.py`` — how far signed-in players got in the tutorials;
- ``analysis.py`` — the coach's analyses of finished games' seats;
- ``accounts.py`` — accounts and sessions; ``ratings.py`` — the archive and ratings; ``deadlines.py`` —
  turn-based tables' deadlines; ``sightings.py`` — where accounts were seen from (keyed hashes only);
- ``database.py`` — ``Store``, which opens a database, migrates it (``migrations/``) and offers every
  concern's calls.

SQLAlchemy Core over an embedded SQLite file by default, PostgreSQL by URL; the schema is kept by the
Alembic migrations in ``migrations/``, applied whenever a Store opens a database. Callers import from
here.
"""

from __future__ import annotations

from . import migrations
from .accounts import accounts, sessions
from .analysis import analyses
from .attendance import Snapshot, attendance, human_seen
from .chat import chat_lines
from .database import Store
from .deadlines import deadlines
from .engine import DEFAULT_URL, Checkpointer, make_engine, metadata
from .leases import leases
from .moves import MoveConflict, moves
from .ratings import ratings, result_seats, results
from .sightings import Sightings, settings, sightings
from .tables import SeatRecord, TableRecord, hash_token, invites, rematches, seats, tables
from .tutorials import tutorial_progress

__all__ = [
    "DEFAULT_URL", "Checkpointer", "MoveConflict", "SeatRecord", "Sightings", "Snapshot", "Store", "TableRecord",
    "accounts", "analyses", "attendance", "chat_lines", "deadlines", "hash_token", "human_seen", "invites",
    "leases", "make_engine", "metadata", "migrations", "moves", "ratings", "rematches", "result_seats", "results",
    "seats", "sessions", "settings", "sightings", "tables", "tutorial_progress",
]
