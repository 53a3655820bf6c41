"""The store's calls on the path of a move and of a connection, on PostgreSQL: each in as few round trips as it
can be (docs/server.md, "The two-process mode"), with the same answers and the same all-or-nothing writes."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import text

import ludus.server.store.engine as store_engine
from ludus.server.store import MoveConflict, Store, hash_token

pytestmark = pytest.mark.timeout(120)

_ids = itertools.count()


@pytest.fixture(scope="module")
def store(postgres_url: str) -> Iterator[Store]:
    opened = Store(postgres_url)
    yield opened
    opened.close()


@pytest.fixture
def round_trips(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts what psycopg sends the server, each answered before the next: a statement (the ping's too) or a
    transaction command (BEGIN, COMMIT, ROLLBACK)."""
    from psycopg._connection_base import BaseConnection
    from psycopg._cursor_base import BaseCursor

    counted = [0]
    for owner, name in ((BaseCursor, "_execute_send"), (BaseConnection, "_exec_command")):
        def counting(*args: object, _sent: object = getattr(owner, name), **kwargs: object) -> object:
            counted[0] += 1
            return _sent(*args, **kwargs)  # type: ignore[operator]

        monkeypatch.setattr(owner, name, counting)
    return counted


def _table(store: Store) -> str:
    table_id = f"rt{next(_ids)}x{int(time.time() * 1000) % 10**8}"
    store.create_table(table_id, "tiny", 2, 1, {}, [None, None], 0.0, creator=("Adso", hash_token("adso"), None))
    return table_id


def test_a_read_a_stored_move_and_a_lease_are_one_round_trip_each(store: Store, round_trips: list[int]) -> None:
    table_id = _table(store)
    store.seat_for_token(table_id, hash_token("adso"))  # the pool has a connection in use a moment ago

    counts = []
    for call in (lambda: store.seat_for_token(table_id, hash_token("adso")),
                 lambda: store.moves(table_id),
                 lambda: store.append_moves([(table_id, 1, {"seat": 0, "choice": "+1"}),
                                             (table_id, 2, {"seat": 1, "choice": "+1"})]),
                 lambda: store.take_lease(table_id, "here", time.time(), time.time() + 6)):
        before = round_trips[0]
        call()
        counts.append(round_trips[0] - before)
    # (a transaction around each was a BEGIN and a COMMIT or ROLLBACK more, and the ping before every use one more;
    # the lease was an update and then an insert, each in a transaction)
    assert counts == [1, 1, 1, 1]
    assert store.seat_for_token(table_id, hash_token("adso")) == 0
    assert [entry["seat"] for entry in store.moves(table_id)] == [0, 1]


def test_a_batch_of_moves_is_stored_whole_or_not_at_all_in_one_statement_and_in_several(store: Store) -> None:
    from ludus.server.store.moves import MULTI_ROW

    for size in (3, MULTI_ROW + 2):  # one multi-row INSERT; more than that: one transaction
        table_id = _table(store)
        store.append_move(table_id, size, {"seat": 0, "choice": "+1"})  # the last number of the batch is taken
        batch = [(table_id, n, {"seat": n % 2, "choice": "+1"}) for n in range(1, size + 1)]
        with pytest.raises(MoveConflict):
            store.append_moves(batch)
        assert store.moves(table_id) == [{"seat": 0, "choice": "+1"}]  # move `size` alone: none of the batch
        other = _table(store)
        store.append_moves([(other, n, entry) for _, n, entry in batch])
        assert store.move_counts([other]) == {other: size}


def test_a_lease_is_taken_when_free_expired_or_ours_and_refused_while_another_holds_it(store: Store) -> None:
    table_id = _table(store)
    now = time.time()
    assert store.take_lease(table_id, "first", now, now + 6)  # free
    assert not store.take_lease(table_id, "second", now, now + 6)  # held
    assert store.take_lease(table_id, "first", now, now + 9)  # ours: renewed
    assert not store.take_lease(table_id, "second", now + 8, now + 14)  # still held (until now + 9)
    assert store.take_lease(table_id, "second", now + 10, now + 16)  # expired: taken
    assert store.take_lease(table_id, "first", now + 10, now + 16, force=True)  # a process alone takes it anyway
    with store.engine.connect() as db:
        holder = db.execute(text("SELECT holder FROM ludus_leases WHERE table_id = :t"), {"t": table_id}).scalar()
    assert holder == "first"


def test_a_lease_is_taken_the_same_way_on_sqlite(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'leases.sqlite3'}")
    now = time.time()
    assert store.take_lease("t1", "first", now, now + 6)
    assert not store.take_lease("t1", "second", now, now + 6)
    assert store.take_lease("t1", "first", now, now + 9)
    assert store.take_lease("t1", "second", now + 10, now + 16)
    assert store.take_lease("t1", "first", now + 10, now + 16, force=True)
    store.close()


def test_a_connection_is_pinged_only_after_it_has_idled(store: Store, postgres_url: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """``engine.IDLE_PING``: a connection used a moment ago is not pinged (it was a round trip on every call); one
    that has idled that long is, and a dead one is replaced before the call uses it."""
    table_id = _table(store)
    pings = [0]
    ping = store.engine.dialect.do_ping

    def counting(dbapi_connection: object) -> bool:
        pings[0] += 1
        return ping(dbapi_connection)

    monkeypatch.setattr(store.engine.dialect, "do_ping", counting)
    monkeypatch.setattr(store_engine, "IDLE_PING", 3600.0)
    for _ in range(3):
        store.seat_for_token(table_id, hash_token("adso"))
    assert pings[0] == 0

    with store.engine.connect() as db:  # (the pool is last in, first out: the connection the next call gets)
        pid = db.execute(text("SELECT pg_backend_pid()")).scalar()
    with psycopg.connect(postgres_url, autocommit=True) as other:  # the server ends it, as a restart would
        assert other.execute("SELECT pg_terminate_backend(%s, 10000)", [pid]).fetchone() == (True,)

    monkeypatch.setattr(store_engine, "IDLE_PING", 0.0)  # every pooled connection has idled "long enough" now
    assert store.seat_for_token(table_id, hash_token("adso")) == 0  # pinged, found dead, replaced: no error
    assert pings[0] >= 1
