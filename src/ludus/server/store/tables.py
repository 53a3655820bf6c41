"""Tables, their seats (hashed tokens) and rematches: a table's row, who sits where, the seats kept for a
rematch's players. A table's seed is its secret (decimal text, 256 bits for new tables): it leaves the
database only in the saved match of a finished game.
"""

from __future__ import annotations

import hashlib
import json
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
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    delete,
    exists,
    insert,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .deadlines import due_by_table
from .engine import metadata, reading

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


class TableRows:
    """The store's calls on tables, seats and rematches (``Store`` brings the engine)."""

    engine: Engine

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
        with reading(self.engine) as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = db.execute(select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)).all()
            invited = _invited(db, [table_id])
            rematch = db.execute(select(rematches.c.rematch_id).where(rematches.c.table_id == table_id)).scalar()
            due = due_by_table(db, [table_id]) if row.turn_seconds is not None else {}
        record = _record(row, seat_rows, invited, due)
        record.rematch = rematch
        return record

    def list_tables(self, statuses: Sequence[str] = ("open", "running"), limit: int = 200) -> list[TableRecord]:
        with reading(self.engine) as db:
            rows = db.execute(select(tables).where(tables.c.status.in_(list(statuses)))
                              .order_by(tables.c.created.desc()).limit(limit)).all()
            ids = [row.id for row in rows]
            seat_rows = db.execute(select(seats).where(seats.c.table_id.in_(ids))
                                   .order_by(seats.c.table_id, seats.c.seat)).all() if ids else []
            invited = _invited(db, ids)
            due = due_by_table(db, [row.id for row in rows if row.turn_seconds is not None])
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
        with reading(self.engine) as db:
            row = db.execute(select(seats.c.seat).where(
                seats.c.table_id == table_id, seats.c.token_hash == token_hash)).first()
        return None if row is None else row.seat

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables).where(tables.c.id == table_id).values(status=status))
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
