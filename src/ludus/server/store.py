"""The database: tables, seats (hashed tokens), the append-only move log and the bot leases.

SQLAlchemy Core over an embedded SQLite file by default, PostgreSQL by URL; the schema is kept by the
Alembic migrations in ``migrations/``, applied whenever a Store opens a database. The move log's
primary key (table_id, n) is the single-writer check: when two server processes race for the
same move number, exactly one insert succeeds and the other learns it is behind. A table's seed is
its secret (decimal text, 256 bits for new tables): it leaves the database only in the saved match of
a finished game.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    exists,
    func,
    insert,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from . import migrations

DEFAULT_URL = "sqlite:///ludus.sqlite3"

metadata = MetaData()

tables = Table(
    "ludus_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", Text, nullable=False),  # the table's secret, decimal; never sent before the game is over
    Column("options", Text, nullable=False),
    Column("status", String(16), nullable=False),  # open | running | over
    Column("bot_delay", Float, nullable=False, default=0.0),
    Column("created", Float, nullable=False),
    # accounts.md: rated unless its creator said otherwise and only with the game's default options;
    # a turn-based table gives each awaited player ``turn_seconds`` per move, then ``on_timeout`` happens
    # ("forfeit", or "bot:<level>": a bot of that level moves for them)
    Column("rated", Boolean, nullable=False, server_default=true()),
    Column("turn_seconds", Float),
    Column("on_timeout", String(16)),
    Index("ix_ludus_tables_status", "status"),
)

seats = Table(
    "ludus_seats", metadata,
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(64)),
    Column("token_hash", String(64)),  # sha256 hex of the seat token; the token itself is never stored
    Column("bot", String(16)),  # bot level, or NULL for a human seat
    Column("account_id", Integer, index=True),  # the account that holds this seat (NULL: a guest)
    PrimaryKeyConstraint("table_id", "seat"),
    # one account holds one seat per table, however many requests race for a second one
    Index("ux_ludus_seats_table_account", "table_id", "account_id", unique=True,
          sqlite_where=text("account_id IS NOT NULL"), postgresql_where=text("account_id IS NOT NULL")),
)

moves = Table(
    "ludus_moves", metadata,
    Column("table_id", String(32), nullable=False),
    Column("n", Integer, nullable=False),  # 1, 2, 3, ... per table
    Column("entry", Text, nullable=False),  # the Match log entry as JSON: {"seat", "choice"} or {"advance"}
    Column("at", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "n"),
)

leases = Table(
    "ludus_leases", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("holder", String(64), nullable=False),  # the server process that runs this table's bots and clock
    Column("expires", Float, nullable=False),  # wall-clock seconds; renewed every few seconds while it lives
)

# A rematch: the finished table, the table that replays it (same seats and bot levels, a new seed) and when
# it was proposed. The primary key makes one proposal win when several players ask at once.
rematches = Table(
    "ludus_rematches", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("rematch_id", String(32), nullable=False),
    Column("created", Float, nullable=False),
)

# A seat of a rematch kept for the player who held it at the finished table (the sha256 of that seat's
# token) until they accept (the seat is theirs) or decline (the seat becomes free).
invites = Table(
    "ludus_invites", metadata,
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("token_hash", String(64)),  # a guest is invited by their seat token …
    Column("account_id", Integer, index=True),  # … an account by the account
    PrimaryKeyConstraint("table_id", "seat"),
)

# Chat lines, kept with the table so a reload (or another server process) shows them. ``channel`` is
# "table" (everyone at a Rose or Floors table) or a Shadows team.
chat_lines = Table(
    "ludus_chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), nullable=False, index=True),
    Column("channel", String(16), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(64)),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)


# --- accounts, the archive, ratings, deadlines (docs/accounts.md) ----------------------------------------
accounts = Table(
    "ludus_accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(64), nullable=False, unique=True),  # the name case-folded: one account per name
    Column("password_hash", String(255), nullable=False),  # Argon2id, with its own salt and parameters
    Column("created", Float, nullable=False),
    # the name's confusables skeleton (UTS #39, names.py): no two accounts whose names look alike
    Column("name_skeleton", String(255), unique=True),
)

# A signed-in browser: the sha256 of its session cookie and of its CSRF token (never the tokens themselves).
sessions = Table(
    "ludus_sessions", metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("account_id", Integer, nullable=False, index=True),
    Column("csrf_hash", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)

# Where an account was seen from (sightings.py): a keyed hash of an address or of a browser session, never the
# address itself, with the first and last time. Accounts seen from one mark within a window do not rate each other.
sightings = Table(
    "ludus_sightings", metadata,
    Column("account_id", Integer, nullable=False),
    Column("mark", String(64), nullable=False),
    Column("first", Float, nullable=False),
    Column("last", Float, nullable=False),
    PrimaryKeyConstraint("account_id", "mark"),
    Index("ix_ludus_sightings_mark", "mark"),
)

# Server-wide values made once and shared by every process (the key of the sightings' hashes).
settings = Table(
    "ludus_settings", metadata,
    Column("key", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)

# The archive: one row per finished table, written once when it ends (the primary key makes it once
# across processes), and its seats as they finished, with their places and rating changes.
results = Table(
    "ludus_results", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("finished", Float, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("moves", Integer, nullable=False),
    Column("outcome", Text, nullable=False),  # {"winners", "scores", "forfeit"?} as JSON
    # how much this game moved the ratings (fairness.py): 1, less for a repeat, 0 if it did not count; NULL unrated
    Column("weight", Float),
    Index("ix_ludus_results_finished", "finished", "table_id"),
    Index("ix_ludus_results_game_finished", "game", "finished", "table_id"),
)

result_seats = Table(
    "ludus_result_seats", metadata,
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(64)),
    Column("name_key", String(64)),  # case-folded name, for the archive's player filter
    Column("account_id", Integer),
    Column("bot", String(16)),
    Column("place", Integer, nullable=False),  # 1 = best; ties share a place
    Column("score", Float),
    Column("rating_before", Float),  # the rated player's shown rating before and after this game
    Column("rating_after", Float),
    # what fairness.py judges by: the person's own moves, all moves of the seat, linked to another account here
    Column("own_moves", Integer),
    Column("seat_moves", Integer),
    Column("linked", Boolean),
    PrimaryKeyConstraint("table_id", "seat"),
    Index("ix_ludus_result_seats_account", "account_id", "table_id"),
    Index("ix_ludus_result_seats_name", "name_key", "table_id"),
)

# One row per rated player and game: ``player`` is "account:<id>" or "bot:<level>"; ``rating`` is the
# ordinal mu - 3 sigma the leaderboard sorts on.
ratings = Table(
    "ludus_ratings", metadata,
    Column("game", String(32), nullable=False),
    Column("player", String(48), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("rating", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
    PrimaryKeyConstraint("game", "player"),
    Index("ix_ludus_ratings_board", "game", "rating"),
)

# A turn-based table's awaited seats and when their time runs out (wall-clock seconds, so a restart keeps it).
deadlines = Table(
    "ludus_deadlines", metadata,
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("due", Float, nullable=False),
    PrimaryKeyConstraint("table_id", "seat"),
    Index("ix_ludus_deadlines_due", "due"),
)


class MoveConflict(Exception):
    """Another writer already stored move ``n`` of this table: the caller is behind."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class SeatRecord:
    seat: int
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = field(default=None, repr=False)
    invited: str | None = field(default=None, repr=False)  # a rematch seat kept for this token's holder
    account_id: int | None = field(default=None, repr=False)  # the account holding the seat (None: a guest)
    invited_account: int | None = field(default=None, repr=False)  # a rematch seat kept for this account

    @property
    def taken(self) -> bool:
        return self.bot is not None or self.token_hash is not None

    @property
    def handed(self) -> bool:
        """A bot plays this seat for a human who still holds it (and may take it back)."""
        return self.bot is not None and self.token_hash is not None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "bot": self.bot, "taken": self.taken,
                "invited": (self.invited is not None or self.invited_account is not None) and not self.taken,
                "handed": self.handed, "member": self.account_id is not None}


@dataclass
class TableRecord:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    status: str
    bot_delay: float
    created: float
    seats: list[SeatRecord]
    rematch: str | None = None  # the table that replays this one, once someone asked for a rematch
    rated: bool = True
    turn_seconds: float | None = None  # a turn-based table: each awaited player's time per move
    on_timeout: str | None = None  # "forfeit" | "bot:<level>"
    deadlines: dict[int, float] = field(default_factory=dict)  # awaited seat → when its time runs out

    @property
    def full(self) -> bool:
        return all(seat.taken for seat in self.seats)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "players": self.players, "options": self.options,
                "status": self.status, "bot_delay": self.bot_delay, "created": self.created,
                "seats": [seat.to_json() for seat in self.seats], "rematch": self.rematch, "rated": self.rated,
                "turn": None if self.turn_seconds is None else {"seconds": self.turn_seconds,
                                                                "on_timeout": self.on_timeout},
                "deadlines": {str(seat): due for seat, due in self.deadlines.items()}}


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


class Store:
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

    # --- tables and seats ----------------------------------------------------------------
    def create_table(self, table_id: str, game: str, players: int, seed: int, options: dict[str, Any],
                     bots: Sequence[str | None], bot_delay: float, *, rated: bool = True,
                     turn_seconds: float | None = None, on_timeout: str | None = None,
                     creator: tuple[str, str, int | None] | None = None) -> None:
        """One transaction: the table, its seats and, with ``creator`` (name, token hash, account id or None),
        the creator in the first human seat — a refused seat leaves no table behind."""
        holders: dict[int, tuple[str, str, int | None]] = {}
        if creator is not None:
            holders[next(seat for seat, bot in enumerate(bots) if bot is None)] = creator
        status = "running" if all(bot or seat in holders for seat, bot in enumerate(bots)) else "open"
        with self.engine.begin() as db:
            db.execute(insert(tables).values(
                id=table_id, game=game, players=players, seed=str(seed), options=json.dumps(options),
                status=status, bot_delay=bot_delay, created=time.time(), rated=rated, turn_seconds=turn_seconds,
                on_timeout=on_timeout))
            db.execute(insert(seats), [
                {"table_id": table_id, "seat": seat, "bot": bot, "name": holders.get(seat, (None, None, None))[0],
                 "token_hash": holders.get(seat, (None, None, None))[1],
                 "account_id": holders.get(seat, (None, None, None))[2]}
                for seat, bot in enumerate(bots)])

    def table(self, table_id: str) -> TableRecord | None:
        with self.engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = db.execute(select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)).all()
            invited = _invited(db, [table_id])
            rematch = db.execute(select(rematches.c.rematch_id).where(rematches.c.table_id == table_id)).scalar()
            due = _deadlines(db, [table_id]) if row.turn_seconds is not None else {}
        record = _record(row, seat_rows, invited, due)
        record.rematch = rematch
        return record

    def list_tables(self, statuses: Sequence[str] = ("open", "running"), limit: int = 200) -> list[TableRecord]:
        with self.engine.connect() as db:
            rows = db.execute(select(tables).where(tables.c.status.in_(list(statuses)))
                              .order_by(tables.c.created.desc()).limit(limit)).all()
            ids = [row.id for row in rows]
            seat_rows = db.execute(select(seats).where(seats.c.table_id.in_(ids))
                                   .order_by(seats.c.table_id, seats.c.seat)).all() if ids else []
            invited = _invited(db, ids)
            due = _deadlines(db, [row.id for row in rows if row.turn_seconds is not None])
        by_table: dict[str, list[Any]] = {}
        for seat_row in seat_rows:
            by_table.setdefault(seat_row.table_id, []).append(seat_row)
        return [_record(row, by_table.get(row.id, []), invited, due) for row in rows]

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str, account_id: int | None = None) -> bool:
        """Take a free human seat; False if someone else took it first (atomic across processes)."""
        with self.engine.begin() as db:
            kept = select(invites.c.seat).where(invites.c.table_id == table_id, invites.c.seat == seat)
            result = db.execute(update(seats).where(
                seats.c.table_id == table_id, seats.c.seat == seat,
                seats.c.token_hash.is_(None), seats.c.bot.is_(None), ~exists(kept))
                .values(name=name, token_hash=token_hash, account_id=account_id))
            if result.rowcount != 1:
                return False
            _start_if_full(db, table_id)
        return True

    def release_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        with self.engine.begin() as db:
            result = db.execute(update(seats).where(
                seats.c.table_id == table_id, seats.c.seat == seat, seats.c.token_hash == token_hash)
                .values(name=None, token_hash=None, account_id=None))
        return result.rowcount == 1

    def seat_for_token(self, table_id: str, token_hash: str) -> int | None:
        with self.engine.connect() as db:
            row = db.execute(select(seats.c.seat).where(
                seats.c.table_id == table_id, seats.c.token_hash == token_hash)).first()
        return None if row is None else row.seat

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(status=status))

    # --- the move log --------------------------------------------------------------------
    def append_move(self, table_id: str, n: int, entry: dict[str, Any]) -> None:
        """Store move ``n``; raises MoveConflict if that number is already taken."""
        try:
            with self.engine.begin() as db:
                db.execute(insert(moves).values(table_id=table_id, n=n, entry=json.dumps(entry), at=time.time()))
        except IntegrityError as error:
            raise MoveConflict(f"move {n} of table {table_id} already stored") from error

    def append_moves(self, batch: Sequence[tuple[str, int, dict[str, Any]]]) -> None:
        """Store several moves (of any tables) in one transaction: all or none. MoveConflict if any
        number is taken; the caller then retries them one by one to learn which."""
        now = time.time()
        try:
            with self.engine.begin() as db:
                db.execute(insert(moves), [{"table_id": table_id, "n": n, "entry": json.dumps(entry), "at": now}
                                           for table_id, n, entry in batch])
        except IntegrityError as error:
            raise MoveConflict("a move number in this batch is already stored") from error

    def moves(self, table_id: str, after: int = 0) -> list[dict[str, Any]]:
        """The log entries numbered above ``after``, in order."""
        with self.engine.connect() as db:
            rows = db.execute(select(moves.c.n, moves.c.entry).where(moves.c.table_id == table_id, moves.c.n > after)
                              .order_by(moves.c.n)).all()
        return [json.loads(row.entry) for row in rows]

    def move_counts(self, table_ids: Sequence[str]) -> dict[str, int]:
        """How many moves each table has stored (tables without moves are left out)."""
        if not table_ids:
            return {}
        with self.engine.connect() as db:
            rows = db.execute(select(moves.c.table_id, func.max(moves.c.n))
                              .where(moves.c.table_id.in_(list(table_ids))).group_by(moves.c.table_id)).all()
        return {table_id: count for table_id, count in rows}

    # --- leases: which live process runs a table's bots ------------------------------------
    def take_lease(self, table_id: str, holder: str, now: float, expires: float, force: bool = False) -> bool:
        """Hold the table until ``expires`` if it is free, expired or already ours (or ``force``).
        Atomic across processes: of several taking an expired lease at once, one gets it."""
        with self.engine.begin() as db:
            taken = db.execute(update(leases).where(
                leases.c.table_id == table_id,
                *(() if force else ((leases.c.holder == holder) | (leases.c.expires < now),)))
                .values(holder=holder, expires=expires)).rowcount == 1
        if taken:
            return True
        try:
            with self.engine.begin() as db:
                db.execute(insert(leases).values(table_id=table_id, holder=holder, expires=expires))
        except IntegrityError:
            return False  # someone else holds it (or took it a moment ago)
        return True

    def renew_leases(self, holder: str, expires: float) -> set[str]:
        """Extend every lease ``holder`` has on a running table and drop its others; the tables it holds."""
        running = select(tables.c.id).where(tables.c.status == "running")
        with self.engine.begin() as db:
            db.execute(delete(leases).where(leases.c.holder == holder, leases.c.table_id.not_in(running)))
            db.execute(update(leases).where(leases.c.holder == holder).values(expires=expires))
            rows = db.execute(select(leases.c.table_id).where(leases.c.holder == holder)).all()
        return {row.table_id for row in rows}

    def release_leases(self, holder: str) -> None:
        """A process shutting down lets the others take its tables at once."""
        with self.engine.begin() as db:
            db.execute(delete(leases).where(leases.c.holder == holder))

    def unheld_tables(self, now: float, grace: float = 0.0, limit: int = 1000) -> list[str]:
        """Running tables whose lease has expired, or that have none though older than ``grace`` seconds
        (a table just created is about to be taken by the process that made it): nobody runs their bots."""
        query = (select(tables.c.id).select_from(tables.outerjoin(leases, leases.c.table_id == tables.c.id))
                 .where(tables.c.status == "running",
                        (leases.c.table_id.is_(None) & (tables.c.created < now - grace)) | (leases.c.expires < now))
                 .order_by(tables.c.created).limit(limit))
        with self.engine.connect() as db:
            return [row.id for row in db.execute(query).all()]

    # --- seats handed to bots, rematches -------------------------------------------------
    def hand_to_bot(self, table_id: str, seat: int, level: str) -> bool:
        """A bot takes a human seat (its holder keeps the token and may take it back); False if a bot
        already plays it. An open table starts when this was its last free seat."""
        with self.engine.begin() as db:
            result = db.execute(update(seats).where(
                seats.c.table_id == table_id, seats.c.seat == seat, seats.c.bot.is_(None)).values(bot=level))
            if result.rowcount != 1:
                return False
            db.execute(delete(invites).where(invites.c.table_id == table_id, invites.c.seat == seat))
            _start_if_full(db, table_id)
        return True

    def take_back(self, table_id: str, token_hash: str) -> int | None:
        """The holder of a seat a bot plays takes it back: the seat, or None if no bot plays it."""
        with self.engine.begin() as db:
            row = db.execute(select(seats.c.seat).where(
                seats.c.table_id == table_id, seats.c.token_hash == token_hash, seats.c.bot.is_not(None))).first()
            if row is None:
                return None
            db.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == row.seat,
                                           seats.c.token_hash == token_hash).values(bot=None))
        return row.seat

    def rematch(self, table_id: str) -> tuple[str, float] | None:
        with self.engine.connect() as db:
            row = db.execute(select(rematches).where(rematches.c.table_id == table_id)).first()
        return None if row is None else (row.rematch_id, row.created)

    def create_rematch(self, table_id: str, rematch_id: str, seed: int, bots: Sequence[str | None],
                       kept: dict[int, tuple[str | None, str | None, int | None]], replacing: str | None = None) -> str:
        """Open the table that replays ``table_id`` (same game, options, bot levels, bot delay and terms;
        seed given), with each human seat kept for its last holder (seat → (token hash, name, account)).
        Several players asking at once get the same rematch: the id that won is returned. ``replacing``: a
        rematch played already, replaced by this one (played again from the history)."""
        record = self.table(table_id)
        assert record is not None
        try:
            with self.engine.begin() as db:
                if replacing is None:
                    db.execute(insert(rematches).values(table_id=table_id, rematch_id=rematch_id,
                                                        created=time.time()))
                elif db.execute(update(rematches).where(rematches.c.table_id == table_id,
                                                        rematches.c.rematch_id == replacing)
                                .values(rematch_id=rematch_id, created=time.time())).rowcount != 1:
                    raise IntegrityError("replace rematch", None, Exception("replaced already"))
                db.execute(insert(tables).values(
                    id=rematch_id, game=record.game, players=record.players, seed=str(seed),
                    options=json.dumps(record.options), status="running" if all(bots) else "open",
                    bot_delay=record.bot_delay, created=time.time(), rated=record.rated,
                    turn_seconds=record.turn_seconds, on_timeout=record.on_timeout))
                db.execute(insert(seats), [
                    {"table_id": rematch_id, "seat": seat, "bot": bot, "token_hash": None,
                     "name": kept[seat][1] if seat in kept else None} for seat, bot in enumerate(bots)])
                if kept:
                    db.execute(insert(invites), [{"table_id": rematch_id, "seat": seat, "token_hash": token_hash,
                                                  "account_id": account_id}
                                                 for seat, (token_hash, _, account_id) in kept.items()])
        except IntegrityError:
            found = self.rematch(table_id)
            assert found is not None
            return found[0]
        return rematch_id

    def answer_invite(self, table_id: str, seat: int, token_hash: str, accept: bool,
                      account_id: int | None = None, new_token_hash: str | None = None) -> bool:
        """The player a rematch seat was kept for takes it (accept) or gives it up, leaving it free. The
        player is the holder of the kept token, or the invited account (whose seat gets ``new_token_hash``)."""
        holder = invites.c.token_hash == token_hash
        if account_id is not None:
            holder = holder | (invites.c.account_id == account_id)
        with self.engine.begin() as db:
            kept = db.execute(select(invites).where(invites.c.table_id == table_id, invites.c.seat == seat,
                                                    holder)).first()
            if kept is None or db.execute(delete(invites).where(
                    invites.c.table_id == table_id, invites.c.seat == seat)).rowcount != 1:
                return False
            if accept:
                db.execute(update(seats).where(
                    seats.c.table_id == table_id, seats.c.seat == seat, seats.c.token_hash.is_(None),
                    seats.c.bot.is_(None)).values(token_hash=new_token_hash or token_hash,
                                                  account_id=kept.account_id))
                _start_if_full(db, table_id)
            else:
                db.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat,
                                               seats.c.token_hash.is_(None)).values(name=None))
        return True

    # --- chat ----------------------------------------------------------------------------
    def add_chat(self, table_id: str, channel: str, seat: int, name: str | None, text: str, at: float) -> int:
        with self.engine.begin() as db:
            result = db.execute(insert(chat_lines).values(table_id=table_id, channel=channel, seat=seat, name=name,
                                                          text=text, at=at))
        return int(result.inserted_primary_key[0])

    def chat(self, table_id: str, channel: str, limit: int) -> list[dict[str, Any]]:
        """The last ``limit`` lines of one channel of a table, oldest first."""
        with self.engine.connect() as db:
            rows = db.execute(select(chat_lines)
                              .where(chat_lines.c.table_id == table_id, chat_lines.c.channel == channel)
                              .order_by(chat_lines.c.id.desc()).limit(limit)).all()
        return [{"n": row.id, "seat": row.seat, "name": row.name, "text": row.text, "at": row.at}
                for row in reversed(rows)]


def _start_if_full(db: Any, table_id: str) -> None:
    free = db.execute(select(seats.c.seat).where(
        seats.c.table_id == table_id, seats.c.token_hash.is_(None), seats.c.bot.is_(None))).first()
    if free is None:
        db.execute(update(tables).where(tables.c.id == table_id, tables.c.status == "open").values(status="running"))


def _invited(db: Any, table_ids: Sequence[str]) -> dict[tuple[str, int], tuple[str | None, int | None]]:
    if not table_ids:
        return {}
    rows = db.execute(select(invites).where(invites.c.table_id.in_(list(table_ids)))).all()
    return {(row.table_id, row.seat): (row.token_hash, row.account_id) for row in rows}


def _deadlines(db: Any, table_ids: Sequence[str]) -> dict[str, dict[int, float]]:
    if not table_ids:
        return {}
    found: dict[str, dict[int, float]] = {}
    for row in db.execute(select(deadlines).where(deadlines.c.table_id.in_(list(table_ids)))).all():
        found.setdefault(row.table_id, {})[row.seat] = row.due
    return found


def _record(row: Any, seat_rows: Sequence[Any],
            invited: dict[tuple[str, int], tuple[str | None, int | None]] | None = None,
            due: dict[str, dict[int, float]] | None = None) -> TableRecord:
    invited = invited or {}

    def seat(s: Any) -> SeatRecord:
        token_hash, account_id = invited.get((row.id, s.seat), (None, None))
        # ``invited`` marks a kept seat: by its token, or "account" when only the account may take it
        kept = token_hash or ("account" if account_id is not None else None)
        return SeatRecord(seat=s.seat, name=s.name, bot=s.bot, token_hash=s.token_hash, account_id=s.account_id,
                          invited=kept, invited_account=account_id)

    return TableRecord(
        id=row.id, game=row.game, players=row.players, seed=int(row.seed), options=json.loads(row.options),
        status=row.status, bot_delay=row.bot_delay, created=row.created, rated=bool(row.rated),
        turn_seconds=row.turn_seconds, on_timeout=row.on_timeout, deadlines=(due or {}).get(row.id, {}),
        seats=[seat(s) for s in seat_rows])
