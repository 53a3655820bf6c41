"""A real-time table nobody has been connected to for the abandonment time (``ludus serve --abandon-after``)
is closed as abandoned: it leaves the lobby and goes to the archive as abandoned and unrated. A table with a
person connected, and a turn-based table (its deadlines deal with absence), stay; a restart neither forgets
the count nor closes a table twice. The time here is 5 s (a table's time runs from its creation, so a table whose
player takes longer than that to connect is rightly closed: on a busy machine 2 s was not enough to connect);
the only waiting is for the rule itself."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from server_helpers import create, join, seated, two_processes_racing
from starlette.testclient import TestClient

from ludus.server.store import Store

pytestmark = pytest.mark.timeout(180)

AFTER = 5.0


@contextmanager
def server(db_url: str) -> Iterator[TestClient]:
    from ludus.server.app import create_app

    with TestClient(create_app(db_url, abandon_after=AFTER)) as client:
        yield client


def status(client: TestClient, table_id: str) -> str:
    return client.get(f"/api/tables/{table_id}").json()["table"]["status"]


def wait_closed(client: TestClient, table_id: str) -> None:
    for _ in range(1200):  # generous: a busy machine may be slow; a closed table ends the wait at once
        if status(client, table_id) == "over":
            return
        time.sleep(0.05)
    raise AssertionError(f"table {table_id} was not closed")


def listed(client: TestClient) -> set[str]:
    return {table["id"] for table in client.get("/api/tables").json()["tables"]}


def test_a_table_nobody_has_been_connected_to_for_the_set_time_is_closed_as_abandoned_and_unrated(
        db_url: str) -> None:
    with server(db_url) as client:
        deserted = create(client, players=3, name="Adso")
        with seated(client, deserted["table"]["id"], deserted["token"]):
            pass
        left = time.time()
        watched = create(client, players=2, name="William", bots=[None, "random"])  # running, its player stays
        correspondence = create(client, players=2, name="Jorge", turn={"seconds": 3600, "on_timeout": "forfeit"})
        with seated(client, watched["table"]["id"], watched["token"]):
            wait_closed(client, deserted["table"]["id"])
            assert status(client, watched["table"]["id"]) == "running"
        table_id = deserted["table"]["id"]
        result: Any = client.app.state.archive.result(table_id)
        assert result["abandoned"] == "deserted" and result["rated"] is False and result["winners"] == []
        assert result["finished"] >= left + AFTER  # not a moment before the time had passed
        assert table_id not in listed(client)
        assert {watched["table"]["id"], correspondence["table"]["id"]} <= listed(client)
        assert status(client, correspondence["table"]["id"]) == "open"  # turn-based: left to its deadlines
        assert client.post(f"/api/tables/{table_id}/join", json={"name": "Remigio"}).json()["error"] == "game-over"


def test_a_rated_table_whose_players_all_left_is_archived_unrated() -> None:
    """(Checked on the archive rule alone: an abandoned game rates nobody, whatever its table said.)"""
    from ludus.engine import Match
    from ludus.server.api.archive import Archive, finished_from
    from ludus.server.store import SeatRecord, Store, TableRecord

    store = Store("sqlite://")
    record = TableRecord("t1", "rose", 3, 1, {}, "over", 0.0, 0.0,
                         [SeatRecord(s, f"p{s}", "easy") for s in range(3)], rated=True)
    match = Match("rose", 3, 1)
    match.abandon("deserted")
    archive = Archive(store)
    assert archive.record(finished_from(record, match))
    kept = archive.result("t1")
    assert kept is not None and kept["rated"] is False and kept["abandoned"] == "deserted"
    assert all(seat["change"] is None for seat in kept["seats"])
    store.close()


def test_the_count_survives_a_restart_and_the_table_is_closed_once(db_url: str) -> None:
    with server(db_url) as client:
        first = create(client, players=2, name="Adso")["table"]["id"]
        second = create(client, players=3, name="Ubertino")
        join(client, second["table"]["id"], "Bernard")
    with server(db_url) as client:  # restarted at once: the count goes on from the stored "last seen"
        wait_closed(client, first)
        wait_closed(client, second["table"]["id"])
        archive = client.app.state.archive
        found = archive.games(per_page=100)["games"]
        assert sorted(game["table"] for game in found) == sorted([first, second["table"]["id"]])
        assert all(game["abandoned"] == "deserted" and not game["rated"] for game in found)
        moves = client.app.state.store.moves(first)
        assert [entry.get("abandon") for entry in moves] == ["deserted"]  # one closing, stored once


def test_only_the_time_the_whole_server_was_down_is_credited_to_deserted_tables(db_url: str) -> None:
    from ludus.server.store import Store

    store = Store(db_url)
    try:
        # a database no process ever wrote to: nothing was down (the log would have said "1.8e9 s more")
        assert store.credit_downtime("first", 1_000.0, 1_000.0 - 15) == 0.0
        assert store.credit_downtime("first", 1_010.0, 1_010.0 - 15) == 0.0  # up: its picture is recent
        assert store.credit_downtime("second", 1_310.0, 1_310.0 - 15) == 300.0  # down from 1 010 to 1 310
    finally:
        store.engine.dispose()


def test_two_processes_that_first_see_a_person_at_one_fresh_table_at_once_both_note_it(tmp_path: Any) -> None:
    """The people of one table may sit on two processes: both note the table's first "last seen" in the same
    round, and the one that writes second (its read said the table was new) still notes its round."""
    from sqlalchemy import select

    from ludus.server.store import human_seen

    def the_first_notes_its_round(first: Store) -> None:
        first.note_attendance("first", 100.0, ["t1"], {}, ["someone"])

    with two_processes_racing(tmp_path, "ludus_human_seen", the_first_notes_its_round) as (_, second, raced):
        second.note_attendance("second", 101.0, ["t1"], {}, ["someone else"])
        assert raced
        with second.engine.connect() as db:
            assert db.execute(select(human_seen.c.table_id, human_seen.c.seen)).all() == [("t1", 101.0)]
        assert {snapshot.holder for snapshot in second.snapshots(0.0)} == {"first", "second"}
