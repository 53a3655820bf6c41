"""The schema is kept by Alembic migrations, applied whenever the server opens a database.

A database made before there were migrations (tables, seats and moves as the server of that time wrote
them, data/old_database.json) is recognised, stamped and upgraded, and every table on it then replays
its stored log from its old seed, dealt as it was dealt then (old seeds keep ``random.Random``,
tests/engine/test_chance.py), showing every seat and spectators what that log gives; a fresh database is
built by the migrations into exactly the schema store.py declares; processes starting together migrate
once.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from server_helpers import new_database, until
from sqlalchemy import BigInteger, Column, Float, Integer, MetaData, PrimaryKeyConstraint, String, Table, Text
from sqlalchemy.schema import CreateTable
from starlette.testclient import TestClient

from ludus.engine import Match
from ludus.server.store import Store, make_engine, metadata, migrations

pytestmark = pytest.mark.timeout(120)

OLD = json.loads((Path(__file__).parent / "data" / "old_database.json").read_text())

# The schema before migrations, as that server's store.py declared it (create_all, a 64-bit seed).
before = MetaData()
Table("ludus_tables", before,
      Column("id", String(32), primary_key=True), Column("game", String(32), nullable=False),
      Column("players", Integer, nullable=False), Column("seed", BigInteger, nullable=False),
      Column("options", Text, nullable=False), Column("status", String(16), nullable=False),
      Column("bot_delay", Float, nullable=False, default=0.0), Column("created", Float, nullable=False))
Table("ludus_seats", before,
      Column("table_id", String(32), nullable=False), Column("seat", Integer, nullable=False),
      Column("name", String(64)), Column("token_hash", String(64)), Column("bot", String(16)),
      PrimaryKeyConstraint("table_id", "seat"))
Table("ludus_moves", before,
      Column("table_id", String(32), nullable=False), Column("n", Integer, nullable=False),
      Column("entry", Text, nullable=False), Column("at", Float, nullable=False),
      PrimaryKeyConstraint("table_id", "n"))


def database(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """An empty database: a SQLite file, or a new database in the throwaway PostgreSQL cluster."""
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'ludus.sqlite3'}"
    return new_database(request.getfixturevalue("postgres_url"))


def build_old_database(url: str) -> None:
    engine = make_engine(url)
    before.create_all(engine)
    with engine.begin() as connection:
        for table in before.sorted_tables:
            connection.execute(table.insert(), OLD["rows"][table.name])
    engine.dispose()


def test_the_old_schema_here_is_the_one_the_old_server_wrote() -> None:
    from sqlalchemy.dialects import sqlite

    written = [str(CreateTable(table).compile(dialect=sqlite.dialect())).strip() for table in before.sorted_tables]
    assert sorted(written) == sorted(statement.strip() for statement in OLD["schema"])


def old_table(table_id: str) -> tuple[str, Match]:
    """The old rows of a table, replayed by the engine: what the table must show."""
    row = next(row for row in OLD["rows"]["ludus_tables"] if row["id"] == table_id)
    match = Match(row["game"], row["players"], row["seed"], json.loads(row["options"]))
    for move in sorted((m for m in OLD["rows"]["ludus_moves"] if m["table_id"] == table_id), key=lambda m: m["n"]):
        match.replay_entry(json.loads(move["entry"]))
    return row["status"], match


def shown(match: Match, seat: int | None, status: str) -> dict[str, Any]:
    decisions = [] if seat is None or status != "running" else [d.to_json() for d in match.decisions(seat)]
    return {"seq": len(match.log), "view": match.view(seat), "decisions": decisions,
            "events": [event.to_json() for event in match.events if event.visible_to(seat)]}


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_database_from_before_migrations_is_upgraded_and_every_table_shows_what_it_showed(
        kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    from ludus.server.app import create_app

    url = database(kind, tmp_path, request)
    build_old_database(url)
    with TestClient(create_app(url)) as client:
        store = client.app.state.store
        assert migrations.revision(store.engine) == migrations.head()
        for table_id, tokens in OLD["tokens"].items():
            status, match = old_table(table_id)
            record = store.table(table_id)
            assert (record.seed, record.status) == (match.seed, status)
            for seat, token in [(None, None), *enumerate(tokens)]:
                with client.websocket_connect(f"/ws/{table_id}") as ws:
                    ws.send_json({"type": "hello", "token": token})  # the old seat tokens still hold their seats
                    welcome = until(ws, lambda m: m["type"] == "welcome")
                assert welcome["seat"] == seat
                assert {key: welcome[key] for key in ("seq", "view", "decisions", "events")} == \
                    shown(match, seat, status), f"table {table_id} shows seat {seat} something else"
        finished = client.get("/api/tables/oldrose2/match").json()
        replayed = Match.from_json(finished)
        assert replayed.finished and len(replayed.log) == len(store.moves("oldrose2"))
        # and the upgraded database deals new tables from a 256-bit secret
        created = client.post("/api/tables", json={"game": "rose", "players": 3, "name": "Adso"}).json()
        assert store.table(created["table"]["id"]).seed >= 2**64


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_the_migrations_build_exactly_the_schema_store_declares(kind: str, tmp_path: Path,
                                                                 request: pytest.FixtureRequest) -> None:
    store = Store(database(kind, tmp_path, request))
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    store.close()
    assert differences == [], "store.metadata changed without a migration (see migrations/__init__.py)"


def test_processes_starting_together_on_a_new_postgresql_database_migrate_it_once(
        tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = database("postgresql", tmp_path, request)
    failures: list[BaseException] = []
    stores: list[Store] = []

    def start() -> None:
        try:
            stores.append(Store(url))
        except BaseException as error:  # collected for the assertion below
            failures.append(error)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == [] and len(stores) == 3
    assert migrations.revision(stores[0].engine) == migrations.head()
    for store in stores:
        store.close()
