"""Where accounts were seen from, kept only as keyed hashes, so linked accounts do not rate each other.

An account is "seen" from an address when it signs up or in, opens a table socket, creates or joins a table;
and from a browser session when that browser signs into another account while still signed into this one. The
database keeps ``HMAC-SHA256(key, "address:" + address)`` (or ``"session:" + the session's hash``), cut to 32
hex digits, with the first and last time: never the address itself. The key is made once per database
(``ludus_settings``) so every process computes the same marks; without the key a mark says nothing about an
address (a stolen database cannot be searched by address without it, though with it the 2^32 IPv4 addresses can
be tried: the key lives in the same database, so this is no protection against its thief, only against
reading addresses off rows, logs or backups of the sightings alone).

api/fairness.py decides with these: two accounts with one mark seen within its window are linked.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Iterable

from sqlalchemy import Column, Float, Index, Integer, PrimaryKeyConstraint, String, Table, Text, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .engine import metadata

# Where an account was seen from: a keyed hash of an address or of a browser session, never the address itself,
# with the first and last time. Accounts seen from one mark within a window do not rate each other.
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

KEY_NAME = "sighting-key"
REFRESH = 600.0  # a sighting already written is written again (its ``last``) at most this often per process


class Sightings:
    """Records and reads sightings (synchronous; the server calls it inline for SQLite, on a thread otherwise)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._key: bytes | None = None
        self._written: dict[tuple[int, str], float] = {}

    def key(self) -> bytes:
        if self._key is None:
            with self.engine.begin() as db:
                value = db.execute(select(settings.c.value).where(settings.c.key == KEY_NAME)).scalar()
            if value is None:
                try:
                    with self.engine.begin() as db:
                        db.execute(insert(settings).values(key=KEY_NAME, value=secrets.token_hex(32)))
                except IntegrityError:
                    pass  # another process made it first: use theirs
                with self.engine.begin() as db:
                    value = db.execute(select(settings.c.value).where(settings.c.key == KEY_NAME)).scalar_one()
            self._key = bytes.fromhex(value)
        return self._key

    def mark(self, kind: str, value: str) -> str:
        return hmac.new(self.key(), f"{kind}:{value}".encode(), hashlib.sha256).hexdigest()[:32]

    def seen(self, account_id: int, kind: str, value: str, now: float | None = None) -> None:
        """Note that the account was seen from this address ("address") or browser session ("session")."""
        now = time.time() if now is None else now
        mark = self.mark(kind, value)
        written = self._written.get((account_id, mark))
        if written is not None and now - written < REFRESH:
            return
        with self.engine.begin() as db:
            changed = db.execute(update(sightings).where(sightings.c.account_id == account_id,
                                                         sightings.c.mark == mark).values(last=now)).rowcount
            if not changed:
                try:
                    with db.begin_nested():
                        db.execute(insert(sightings).values(account_id=account_id, mark=mark, first=now, last=now))
                except IntegrityError:
                    pass  # the same sighting written by another process at the same moment
        if len(self._written) > 100_000:
            self._written.clear()
        self._written[(account_id, mark)] = now

    def of(self, account_ids: Iterable[int]) -> dict[int, list[tuple[str, float, float]]]:
        ids = sorted(set(account_ids))
        found: dict[int, list[tuple[str, float, float]]] = {account_id: [] for account_id in ids}
        if not ids:
            return found
        with self.engine.connect() as db:
            for row in db.execute(select(sightings).where(sightings.c.account_id.in_(ids))).all():
                found[row.account_id].append((row.mark, row.first, row.last))
        return found
