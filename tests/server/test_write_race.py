"""Two processes race to store the same move number: the loser's viewers still see every stored move,
in order, one update per move, and the loser's own choice is judged again where the table is now.

Two LiveTables on one database, each with its own in-memory hub, are two processes whose notes have
not arrived yet: the situation of a lost write race, made certain instead of left to timing (the
two-process test over PostgreSQL and Redis plays the same thing for real, at speed)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from server_helpers import stored_match

from ludus.server.live.hub import LocalHub
from ludus.server.live.tables import LiveTable, LiveTables, ProtocolError
from ludus.server.store import Store, hash_token


class Socket:
    """What a connection is to a table: a seat (or None) and the messages it was sent."""

    def __init__(self, seat: int | None, token_hash: str | None = None) -> None:
        self.seat = seat
        self.token_hash = token_hash
        self.messages: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        self.messages.append(json.loads(text))

    def updates(self) -> list[dict[str, Any]]:
        return [message for message in self.messages if message["type"] == "update"]


async def one_table_two_processes(store: Store, game: str, options: dict[str, Any]) -> tuple[LiveTable, LiveTable]:
    """A running two-seat table, loaded by two processes that cannot hear each other."""
    store.create_table("race", game, 2, 2**200 + 12345, options, [None, None], 0.0)
    for seat in (0, 1):
        assert store.claim_seat("race", seat, f"player {seat}", hash_token(f"token {seat}"))
    here = await LiveTables(store, LocalHub()).get("race")
    there = await LiveTables(store, LocalHub()).get("race")
    assert here is not None and there is not None
    return here, there


def test_the_loser_of_a_write_race_tells_its_viewers_the_winning_move_and_then_its_own(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'race.sqlite3'}")
        here, there = await one_table_two_processes(store, "votes", {"rounds": 3})
        table_id = here.id
        watchers = [Socket(None), Socket(1, hash_token("token 1"))]
        there.viewers.update(watchers)
        # both seats answer the same simultaneous vote at the same moment, one on each process
        await here.play(0, 0, "a")  # stored as move 1
        await there.play(1, 0, "b")  # wants move 1 too: loses, catches up, is stored as move 2
        assert store.moves(table_id) == [{"seat": 0, "choice": "a"}, {"seat": 1, "choice": "b"}]
        truth = stored_match(store, table_id)
        for socket in watchers:
            updates = socket.updates()
            assert [update["seq"] for update in updates] == [1, 2]
            assert [event["data"]["seat"] for update in updates for event in update["events"]
                    if event["kind"] == "voted"] == [0, 1]
            assert updates[-1]["view"] == truth.view(socket.seat)
            assert not [message for message in socket.messages if message["type"] == "error"]
        store.close()

    asyncio.run(scenario())


def test_a_choice_overtaken_by_the_move_that_won_the_race_is_stale_and_the_winner_is_still_shown(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'race.sqlite3'}")
        here, there = await one_table_two_processes(store, "tiny", {"target": 9})
        table_id = here.id
        spectator = Socket(None)
        there.viewers.add(spectator)
        # seat 0 on two devices, one on each process, both answering the turn at move 0
        await here.play(0, 0, "+2")
        try:
            await there.play(0, 0, "+1")
        except ProtocolError as error:
            assert error.code == "stale"
            assert error.extra["seq"] == 1
        else:
            raise AssertionError("a choice about a turn that is over must be refused")
        assert store.moves(table_id) == [{"seat": 0, "choice": "+2"}]
        updates = spectator.updates()
        assert [update["seq"] for update in updates] == [1]
        assert updates[0]["view"]["counter"] == 2 == stored_match(store, table_id).view(None)["counter"]
        store.close()

    asyncio.run(scenario())
