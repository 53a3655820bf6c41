"""Who is at a table: which human seats have a connection, since when a seat has been empty, and so which
seats the remaining players may hand to a bot.

A seat may be handed to a bot when nobody has been sitting at it for the grace period (``ludus serve
--seat-grace``, 60 s by default): its player left, or has had no connection for that long. Before the start,
a free seat may be given to a bot at once, and a rematch seat kept for someone once the grace period has
passed without them taking it. The player who still holds the seat's token takes it back whenever they
return (see seating.py).

Each process counts its own connections; with several processes they tell each other (through the hub)
which seats they have a connection for, so a player connected elsewhere is not taken for absent. A process
that loads the table later hears of the others' connections at their next change.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from ..store import SeatRecord

DEFAULT_GRACE = 60.0


class Presence:
    def __init__(self, grace: float, publish: Callable[[dict[str, Any]], Awaitable[None]],
                 tell: Callable[[], None]) -> None:
        self.grace = grace
        self.publish = publish  # a note to the other processes
        self.tell = tell  # send everyone the seats again (someone came, went, or may now be replaced)
        self.local: set[int] = set()  # seats with a connection to this process
        self.remote: dict[str, set[int]] = {}  # other processes (by hub origin) → their connected seats
        self.away_since: dict[int, float] = {}
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.notes: set[asyncio.Task[None]] = set()

    def here(self, seat: int) -> bool:
        return seat in self.local or any(seat in seats for seats in self.remote.values())

    def update(self, connected: Iterable[int | None], seats: list[SeatRecord], publish: bool = True) -> bool:
        """Recount after a connection came or went, or the seats changed; True if anything changed."""
        local = {seat for seat in connected if seat is not None}
        changed = local != self.local
        self.local = local
        now = time.time()
        for record in seats:
            seat = record.seat
            if record.bot is None and not self.here(seat):
                if seat not in self.away_since:
                    self.away_since[seat] = now
                    self._remind(seat)
                    changed = True
            elif self.away_since.pop(seat, None) is not None:
                self._forget(seat)
                changed = True
        if changed and publish:
            with contextlib.suppress(RuntimeError):  # no running loop: nobody to tell
                note = asyncio.get_running_loop().create_task(
                    self.publish({"kind": "presence", "seats": sorted(local)}))
                self.notes.add(note)  # the loop keeps only a weak reference to a task
                note.add_done_callback(self.notes.discard)
        return changed

    def on_note(self, note: dict[str, Any], seats: list[SeatRecord]) -> None:
        """Another process's connected seats."""
        origin = str(note.get("origin", ""))
        self.remote[origin] = {seat for seat in note.get("seats", []) if isinstance(seat, int)}
        if self.update(self.local, seats, publish=False):
            self.tell()

    def away_for(self, seat: int) -> float | None:
        since = self.away_since.get(seat)
        return None if since is None else time.time() - since

    def may_hand_over(self, record: SeatRecord, status: str) -> bool:
        """May the other players give this seat to a bot now?"""
        if record.bot is not None or status == "over":
            return False
        away = self.away_for(record.seat)
        if status == "open":
            return not record.taken and (record.invited is None or (away is not None and away >= self.grace))
        return away is not None and away >= self.grace

    def seat_json(self, record: SeatRecord, status: str) -> dict[str, Any]:
        held = record.token_hash is not None
        return {**record.to_json(), "here": held and self.here(record.seat),
                "hand_over": self.may_hand_over(record, status)}

    def _remind(self, seat: int) -> None:
        # when the grace period ends, the others must learn that they may now hand the seat over
        self._forget(seat)
        with contextlib.suppress(RuntimeError):
            self.timers[seat] = asyncio.get_running_loop().call_later(self.grace + 0.05, self._grace_over, seat)

    def _grace_over(self, seat: int) -> None:
        self.timers.pop(seat, None)
        if seat in self.away_since:
            self.tell()

    def _forget(self, seat: int) -> None:
        timer = self.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def close(self) -> None:
        for seat in list(self.timers):
            self._forget(seat)
