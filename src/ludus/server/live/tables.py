"""Live tables: the one authority that applies moves, stores them, and tells each viewer its share.

A LiveTable wraps an engine Match rebuilt from the stored move log. A move is applied (the game
validates it), written to the database, and only then sent out: every viewer gets its own view
(``game.view(state, seat)``), its own decisions and the events addressed to it. Bots sit in the
same loop and see only their seat's view; they run in the one process that holds the table's lease.

Every stored move reaches every viewer as its own update, numbered ``seq``: a move stored here, one
another process stored (heard through the hub, or read from the log when the hub lost it), and one
that beat ours in a race for the same number alike.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

import orjson

from ludus.ai import Bot, bot_for
from ludus.engine import Event, IllegalChoice, Match, clone, load_game, normalize
from ludus.engine import heavy as heavy_work
from ludus.engine.chance import derive_seed

from ..store import MoveConflict, Store, TableRecord
from .hub import LocalHub
from .leases import Leases
from .presence import DEFAULT_GRACE, Presence
from .work import Step, Workers, WorkFailed, apply_step

log = logging.getLogger("ludus.server")


class ProtocolError(Exception):
    """A message the table refuses; ``code`` is stable and machine-readable. Nothing changed."""

    def __init__(self, code: str, detail: str = "", **extra: Any) -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "detail": self.detail, **self.extra}


class LostRace(Exception):
    """Another process stored a move under the number ours needed; the table has caught up with the
    stored log and told its viewers, and the caller may judge its choice again."""


UNLOADABLE_SECONDS = 60.0  # a table whose log did not replay on a worker is not tried again before this
RACE_RETRIES = 20  # each lost race means another move was stored: the table is moving, not stuck


class Viewer(Protocol):
    """One connection watching a table: a seat, or None for a spectator."""

    seat: int | None
    token_hash: str | None

    def send(self, text: str) -> None: ...


def dumps(message: dict[str, Any]) -> str:
    """A message as sent: compact JSON, UTF-8 text as is. orjson writes the same JSON as ``json.dumps`` (keys
    in order, non-string keys as strings) several times faster: encoding every seat's view after every move
    was the largest single cost of a move (py-spy, docs/server.md "Load"). What orjson refuses (an integer
    beyond 64 bits, a lone surrogate) the standard encoder still writes, or refuses, as before."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class LiveTable:
    def __init__(self, tables: LiveTables, record: TableRecord, match: Match | None = None) -> None:
        self.tables = tables
        self.record = record
        self.game = load_game(record.game)
        # Can this game's steps do heavy work (``ludus.engine.heavy``: a Shadows round's map search)? (Asked
        # once: the answer is needed at every step.)
        self.heavy = hasattr(self.game, "heavy_next")
        # ``match``: set up already (LiveTables.get does that on a worker thread, off the event loop)
        self.match = match if match is not None else Match(self.game, record.players, record.seed, record.options)
        self.lock = asyncio.Lock()
        self.viewers: set[Viewer] = set()
        self.bots: dict[int, tuple[str, Bot]] = {}
        # each seat's last choice that carried a client id, and its move number: a choice resent after a
        # lost connection is recognised and acknowledged instead of being played twice
        self.answered: dict[int, tuple[str, int]] = {}
        self.presence = Presence(tables.seat_grace, lambda note: tables.hub.publish(self.id, note),
                                 self.broadcast_seats)
        self.bot_task: asyncio.Task[None] | None = None
        # The move number at which each seat's decisions last changed: a choice based on an older
        # picture is stale, but a seat whose decision did not change (a simultaneous reveal) may
        # still answer even though another seat moved meanwhile.
        self.decided_at: dict[int, int] = {}
        self._decisions: dict[int, list[Any]] = {}
        self._welcomes: dict[tuple[Any, ...], str] = {}  # see welcome_text
        self._note_decisions()
        self.presence.update((), record.seats, publish=False)  # the grace period runs from the load
        # The stored moves the viewers have been told of: ``seq`` runs ahead of it only while a move
        # is applied but not yet stored (under the lock).
        self.told = 0

    # --- state ---------------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.record.id

    @property
    def seq(self) -> int:
        return len(self.match.log)

    def replay(self, entries: list[dict[str, Any]]) -> list[Event]:
        """Apply stored entries here and now (a game without heavy work; see ``replay_stored``)."""
        events: list[Event] = []
        for entry in entries:
            events.extend(self.match.replay_entry(entry))
            self._remember(entry)
        return events

    def _remember(self, entry: dict[str, Any]) -> None:
        if isinstance(entry.get("cid"), str) and "seat" in entry:
            self.answered[entry["seat"]] = (entry["cid"], self.seq)
        self._note_decisions()

    async def replay_stored(self, entries: list[dict[str, Any]]) -> list[Event]:
        """Apply stored entries, each as a step (``run``): a heavy one goes to a worker. The caller holds the lock."""
        events: list[Event] = []
        for entry in entries:
            events.extend(await self.run(("entries", [entry])))
            self._remember(entry)
        return events

    def adopt(self, match: Match, entries: list[dict[str, Any]]) -> None:
        """Take a match a worker rebuilt from ``entries``: who answered what is read from the entries; every
        seat's decisions count as changed now (a choice based on an older picture is stale)."""
        self.match = match
        self.answered.clear()
        for n, entry in enumerate(entries, start=1):
            if isinstance(entry.get("cid"), str) and "seat" in entry:
                self.answered[entry["seat"]] = (entry["cid"], n)
        self._decisions = {}
        self.decided_at.clear()
        self._note_decisions()


    async def run(self, step: Step) -> list[Event]:
        """Do ``step`` to the match; its events. The caller holds the lock. Heavy work never runs here on the
        event loop: a game that has some tries the step with heavy work refused, first keeping a copy of the
        state when the game says the step may need it (``heavy_next``), and does the step on a worker when it
        was refused. ``WorkFailed``: the worker could not (the caller ends the table, ``abandon``)."""
        if not self.heavy:
            return apply_step(self.match, step)
        before = clone(self.game, self.match.state) if self.game.heavy_next(self.match.state) else None
        try:
            with heavy_work.refused():
                return apply_step(self.match, step)
        except heavy_work.Offload:
            if before is not None:
                self.match.state = before  # refused before anything was logged: the state is as it was
            else:  # the game did not see it coming: the state is half-changed; the match as logged, from a worker
                record = self.record
                self.match = await self.tables.workers.replay(record.game, record.players, record.seed,
                                                              record.options, list(self.match.log))
        self.match, events = await self.tables.workers.step(self.match, step)
        return events

    def _note_decisions(self) -> None:
        """Called after every change of the state: each seat's decisions, as JSON, for the messages
        (computed once per move, not once per viewer) and for the staleness check."""
        by_seat: dict[int, list[Any]] = {}
        for decision in self.match.decisions():
            by_seat.setdefault(decision.seat, []).append(decision.to_json())
        for seat in range(self.record.players):
            now = by_seat.get(seat, [])
            if seat not in self._decisions or self._decisions[seat] != now:
                self.decided_at[seat] = self.seq
        self._decisions = by_seat
        self._decisions.update({seat: [] for seat in range(self.record.players) if seat not in by_seat})

    def outcome_json(self) -> dict[str, Any] | None:
        outcome = self.match.outcome()
        return None if outcome is None else outcome.to_json()

    def message_for(self, seat: int | None, events: list[Event], kind: str = "update") -> dict[str, Any]:
        return self._message(seat, [(event, event.to_json()) for event in events], kind, self.outcome_json())

    def _message(self, seat: int | None, events: list[tuple[Event, dict[str, Any]]], kind: str,
                 outcome: dict[str, Any] | None, view: dict[str, Any] | None = None) -> dict[str, Any]:
        played_by_bot = seat is not None and self.record.seats[seat].bot is not None
        decisions = [] if seat is None or self.record.status != "running" or played_by_bot \
            else self._decisions.get(seat, [])
        message = {"type": kind, "table": self.id, "seq": self.seq, "seat": seat, "status": self.record.status,
                   "view": self.match.view(seat) if view is None else view, "decisions": decisions,
                   "events": [data for event, data in events if event.visible_to(seat)], "outcome": outcome}
        if self.record.turn_seconds is not None:  # a turn-based table: when each awaited seat's time runs out
            message["deadlines"] = {str(s): due for s, due in self.record.deadlines.items()}
        return message

    def welcome(self, viewer: Viewer, since: int | None = None) -> dict[str, Any]:
        """The first message for a new connection: everything it may see, including its event history;
        with ``since`` (a resync) only the events of the moves after move ``since``."""
        events = self.match.events if since is None else self.match.events_after(since)
        message = self.message_for(viewer.seat, events, kind="welcome")
        message["game"] = self.record.game
        message["seats"] = self.seats_json()
        message["rematch"] = self.record.rematch
        message["rated"] = self.record.rated
        message["turn"] = None if self.record.turn_seconds is None else {
            "seconds": self.record.turn_seconds, "on_timeout": self.record.on_timeout}
        if since is not None:
            message["since"] = since
        return message

    def welcome_text(self, viewer: Viewer, since: int | None = None) -> str:
        """The welcome as sent, built once for everyone who asks for the same one: a whole history is the
        costliest message there is (tens of milliseconds for a long game), and every spectator, every
        reconnect of a seat and every resync from the same move asks for an identical one."""
        seats = self.seats_json()
        key = (viewer.seat, since, self.seq, self.record.status, self.record.rematch, dumps(seats))
        text = self._welcomes.get(key)
        if text is None:
            if len(self._welcomes) >= 32:
                self._welcomes.clear()
            text = self._welcomes[key] = dumps(self.welcome(viewer, since))
        return text

    def seats_json(self) -> list[dict[str, Any]]:
        """The seats as everyone may see them, with who is connected and which may be handed to a bot."""
        return [self.presence.seat_json(seat, self.record.status) for seat in self.record.seats]

    def arrive(self, viewer: Viewer) -> None:
        """A new connection: its welcome (the caller holds the lock, so no move slips in between), and the
        others learn that its seat is here."""
        self.viewers.add(viewer)
        self.tables.visited.add(self.id)  # a person was here (attendance.py), however briefly
        changed = self.presence.update((v.seat for v in self.viewers), self.record.seats)
        viewer.send(self.welcome_text(viewer))
        if changed:
            self.broadcast_seats(but=viewer)

    def depart(self, viewer: Viewer) -> None:
        self.viewers.discard(viewer)
        self.tables.visited.add(self.id)
        if self.presence.update((v.seat for v in self.viewers), self.record.seats):
            self.broadcast_seats()

    def broadcast(self, events: list[Event]) -> None:
        """Every viewer gets its own message; those of one seat share it. Built once per seat."""
        if not self.viewers:
            return
        pairs = [(event, event.to_json()) for event in events]
        outcome = self.outcome_json()
        viewers = list(self.viewers)
        views = self.match.views({viewer.seat for viewer in viewers})  # what the seats share is built once
        texts = {seat: dumps(self._message(seat, pairs, "update", outcome, view)) for seat, view in views.items()}
        for viewer in viewers:
            viewer.send(texts[viewer.seat])

    def broadcast_seats(self, but: Viewer | None = None) -> None:
        text = dumps({"type": "seats", "table": self.id, "status": self.record.status,
                      "seats": self.seats_json(), "rematch": self.record.rematch})
        for viewer in list(self.viewers):
            if viewer is not but:
                viewer.send(text)

    # --- moves ---------------------------------------------------------------------------
    async def play(self, seat: int, seq: int, choice: Any, cid: str | None = None) -> int:
        """A human's choice, checked in a fixed order so each refusal has one clear code. Returns the
        number of the move that holds it (an earlier one when this is a resend of a stored choice)."""
        async with self.lock:
            for _ in range(RACE_RETRIES):
                known = self.answered.get(seat)
                if cid is not None and known is not None and known[0] == cid:
                    return known[1]  # a resend of a stored choice (perhaps stored by the process that won a race)
                if self.record.status == "open":
                    raise ProtocolError("not-started", "the table is still waiting for players")
                if self.record.status == "over" or self.match.finished:
                    raise ProtocolError("game-over", "the game is over")
                if self.record.seats[seat].bot is not None:
                    raise ProtocolError("bot-seat", "a bot plays this seat now; take it back first")
                if seq > self.seq or seq < self.decided_at.get(seat, 0):
                    raise ProtocolError("stale", f"your move was based on move {seq}; the table is at {self.seq}",
                                        seq=self.seq)
                if not self.match.decisions(seat):
                    raise ProtocolError("not-your-turn", f"seat {seat} has nothing to decide now", seq=self.seq)
                try:
                    await self._commit(seat, choice, cid)
                    break
                except LostRace:
                    # Another process stored a move first and our viewers have seen it: the same checks
                    # decide whether this choice still stands (an answer to a simultaneous step does).
                    continue
            else:
                raise ProtocolError("stale", "other moves kept being stored first; look again", seq=self.seq)
            n = self.seq
        self.kick_bots()
        return n

    async def _commit(self, seat: int, choice: Any, cid: str | None = None, by: str | None = None) -> None:
        """Apply, store, then tell. The caller holds the lock. ``by`` ("bot"): nobody at the seat chose this."""
        await self.commit(("play", seat, choice), cid, by)

    async def commit(self, step: Step, cid: str | None = None, by: str | None = None) -> bool:
        """Do a step (a choice, a clock advance), store it, then tell; False if it changed nothing (an advance
        with nothing due). The caller holds the lock. A step whose heavy work fails on the worker (no map fits
        the next round, or its search passed the deadline) ends the table instead (``abandon``): no retry."""
        try:
            events = await self.run(step)
        except IllegalChoice as error:
            raise ProtocolError("illegal", error.detail or error.code, reason=error.code, seq=self.seq) from error
        except (ProtocolError, LostRace):
            raise
        except WorkFailed as error:
            await self.abandon(error)
            raise ProtocolError("game-over", "the game has ended: what it needed next could not be made",
                                seq=self.seq) from error
        except Exception as error:  # a fault in the game's rules may have half-changed the state
            log.exception("a step (%s) broke the rules of table %s", step[0], self.id)
            await self._rebuild()
            raise ProtocolError("server-error", "the move could not be applied; nothing changed") from error
        if step[0] == "advance" and not events:
            return False  # nothing was due: nothing logged
        await self._store_and_tell(events, cid, by)
        return True

    async def abandon(self, failure: WorkFailed) -> None:
        """End the table: the step that needed the failed work is dropped, and an ``abandon`` entry ends the game
        with nobody winning (``Match.abandon``); its reason is "stuck" (the rules could not make what comes next:
        no map fits) or "too-slow" (the work passed its deadline). The caller holds the lock."""
        reason = "too-slow" if failure.reason == "deadline" else "stuck"
        log.error("table %s ends: its next step could not be made (%s: %s)", self.id, reason, failure.detail)
        events = self.match.abandon(reason)
        await self._store_and_tell(events)

    async def _store_and_tell(self, events: list[Event], cid: str | None = None, by: str | None = None) -> None:
        """Store the move just applied (the last log entry), then tell everyone. The caller holds the
        lock. LostRace: another process had stored that number; ProtocolError server-error: the
        database failed. Either way the table is back on the stored log and its viewers know all of it."""
        n = self.seq
        entry = self.match.log[-1]
        if cid is not None:  # stored with the move, so a resend is recognised even after a restart
            entry = {**entry, "cid": cid}
        if by is not None:  # a bot moved for a person's seat: it does not count as the person's (fairness.py)
            entry = {**entry, "by": by}
        try:
            await self.tables.writer.write(self.id, n, entry)
        except MoveConflict as error:
            await self._rebuild()
            raise LostRace(f"move {n} of table {self.id} was stored by another process") from error
        except Exception as error:
            log.exception("could not store move %s of table %s", n, self.id)
            await self._rebuild()
            raise ProtocolError("server-error", "the move could not be stored; nothing changed") from error
        self._note_decisions()
        if cid is not None:
            self.answered[entry["seat"]] = (cid, n)
        ended = self.match.finished and self.record.status != "over"
        if ended:
            self.record.status = "over"
            await self.tables.db(self.tables.store.set_status, self.id, "over")
        await self.tables.stored(self)
        if ended:
            await self.tables.ended(self)  # whoever sees the end finds the game in the archive
        self.told = self.seq
        self.broadcast(events)
        await self.tables.hub.publish(self.id, {"kind": "move", "n": n, "entry": entry})

    async def _rebuild(self) -> None:
        """Throw the in-memory match away and replay the stored log (after a lost race or a failure);
        the viewers get an update for each stored move they had not been told of yet."""
        entries = await self.tables.db(self.tables.store.moves, self.id)
        told = min(self.told, len(entries))
        if self.heavy:  # setup and every round's map search again: on a worker
            try:
                self.adopt(await self.tables.workers.replay(self.record.game, self.record.players, self.record.seed,
                                                            self.record.options, entries[:told]), entries[:told])
            except WorkFailed as error:
                log.error("table %s could not be rebuilt from its log (%s)", self.id, error.detail)
                raise ProtocolError("server-error", "the table could not be rebuilt; try again later") from error
        else:
            self.match = Match(self.game, self.record.players, self.record.seed, self.record.options)
            self._decisions = {}
            self.decided_at.clear()
            self.answered.clear()
            self._note_decisions()
            self.replay(entries[:told])
        await self._tell_stored(entries[told:])

    async def _tell_stored(self, entries: list[dict[str, Any]]) -> None:
        """Apply moves that are in the database already (stored by another process) and tell the
        viewers each one: one update per move, so no viewer sees a gap. The caller holds the lock."""
        for entry in entries:
            try:
                events = await self.replay_stored([entry])
            except WorkFailed as error:  # (a deadline: the move was made elsewhere) the next catch-up tries again
                log.error("table %s could not follow stored move %s (%s)", self.id, self.seq + 1, error.detail)
                return
            if self.match.finished:
                self.record.status = "over"
            self.told = self.seq
            self.broadcast(events)

    async def catch_up(self) -> int:
        """Read the moves stored after ours (when notes may have been lost) and tell them; how many."""
        async with self.lock:
            entries = await self.tables.db(self.tables.store.moves, self.id, self.seq)
            await self._tell_stored(entries)
        if entries:
            self.kick_bots()
        return len(entries)

    async def republish(self) -> None:
        """Tell the other processes our latest move again (they ignore it if they have it, and read
        what they lack from the log)."""
        async with self.lock:
            if not self.match.log:
                return
            last = await self.tables.db(self.tables.store.moves, self.id, self.seq - 1)  # as stored: with its cid
            if not last:
                return
            note = {"kind": "move", "n": self.seq, "entry": last[-1]}
        await self.tables.hub.publish(self.id, note)

    async def on_note(self, note: dict[str, Any]) -> None:
        """Another process stored a move or changed the seats; catch up and tell our viewers."""
        if note.get("kind") == "seats":
            await self.refresh_seats(publish=False)
            return
        if note.get("kind") == "presence":
            self.presence.on_note(note, self.record.seats)
            return
        if note.get("kind") != "move":
            return
        async with self.lock:
            n = int(note["n"])
            if n <= self.seq:
                return  # told already (we lost the race for it and read it from the log)
            if n == self.seq + 1:
                await self._tell_stored([note["entry"]])
            else:  # a note went missing: the log has everything in between
                await self._tell_stored(await self.tables.db(self.tables.store.moves, self.id, self.seq))
        self.kick_bots()

    async def refresh_seats(self, publish: bool = True) -> None:
        record = await self.tables.db(self.tables.store.table, self.id)
        if record is None:
            return
        # under the lock: a move may be applied but not yet stored, and nobody may see it before it is
        async with self.lock:
            started = self.record.status == "open" and record.status == "running"
            # a seat handed to a bot or taken back: its holder's decisions come or go with the views
            handed = self.bot_levels() != {s.seat: s.bot for s in record.seats if s.bot is not None}
            self.record.seats = record.seats
            self.record.rematch = record.rematch
            self.record.status = record.status if self.record.status != "over" else "over"
            holders = {s.seat: s.token_hash for s in record.seats}
            for viewer in self.viewers:
                if viewer.seat is not None and holders.get(viewer.seat) != viewer.token_hash:
                    viewer.seat = None  # the seat was given up: this connection only watches from now on
                    viewer.send(dumps(self.welcome(viewer)))
            self.presence.update((viewer.seat for viewer in self.viewers), self.record.seats)
            if started or handed:
                await self.tables.stored(self)  # a turn-based table's clocks start (or a seat's stops)
            self.broadcast_seats()
            if started or handed:
                self.broadcast([])  # the decisions appear once the last seat is taken
        if publish:
            await self.tables.hub.publish(self.id, {"kind": "seats"})
        if started:
            await self.tables.leases.take(self.id)
        self.kick_bots()

    # --- bots ----------------------------------------------------------------------------
    def bot(self, seat: int, level: str) -> Bot:
        known = self.bots.get(seat)
        if known is None or known[0] != level:  # a seat handed to a bot again may get another level
            # one-way from the table's secret: a bot's moves must not tell anything about it
            seed = derive_seed(self.record.seed, f"bot:{seat}")
            known = self.bots[seat] = (level, bot_for(self.game, seat, level, seed))
        return known[1]

    def by_bot(self, seat: int) -> str | None:
        """How a bot's move at this seat is marked in the log: "bot" when a person holds the seat."""
        return "bot" if self.record.seats[seat].token_hash is not None else None

    def bot_levels(self) -> dict[int, str]:
        return {s.seat: s.bot for s in self.record.seats if s.bot is not None}

    def kick_bots(self) -> None:
        """Start the bots if one has something to do and this process holds the table."""
        idle = self.bot_task is None or self.bot_task.done()
        if idle and self.tables.leases.holds(self.id) and self.record.status == "running" \
                and not self.match.finished and self._bot_decision() is not None:
            self.bot_task = asyncio.create_task(self._run_bots())

    def _bot_decision(self) -> Any:
        """The first decision a bot seat wants to take now. A real-time seat may hold several
        decisions it need not act on (a bot's optional ``wants(view, decision)`` says which)."""
        levels = self.bot_levels()
        if not levels:  # no bot at this table (after every human move): no need to ask the game what is open
            return None
        views: dict[int, dict[str, Any]] = {}
        for decision in self.match.decisions():
            if decision.seat not in levels:
                continue
            wants = getattr(self.bot(decision.seat, levels[decision.seat]), "wants", None)
            if wants is None:
                return decision
            if decision.seat not in views:
                views[decision.seat] = self.match.view(decision.seat)
            try:
                if wants(views[decision.seat], decision):
                    return decision
            except Exception:
                log.exception("bot of seat %s at table %s failed to say what it wants", decision.seat, self.id)
        return None

    async def _run_bots(self) -> None:
        rng = random.Random()
        while True:
            if not self.tables.leases.holds(self.id) or self.record.status != "running" or self.match.finished \
                    or self._bot_decision() is None:
                return
            if self.record.bot_delay > 0:
                await asyncio.sleep(self.record.bot_delay * rng.uniform(0.5, 1.5))
            async with self.lock:
                decision = self._bot_decision()
                if decision is None or self.match.finished:
                    return
                seat = decision.seat
                bot = self.bot(seat, self.bot_levels()[seat])
                try:
                    # a strong bot thinks for a good part of a second: on a worker thread, so every
                    # other table keeps playing meanwhile (this table waits under its lock)
                    choice = normalize(await asyncio.get_running_loop().run_in_executor(
                        self.tables.bot_pool, bot.choose, self.match.view(seat), decision))
                except Exception:
                    log.exception("bot of seat %s at table %s failed; it plays the first option", seat, self.id)
                    choice = decision.options[0]
                if not decision.allows(choice):
                    log.warning("bot of seat %s at table %s chose %r, not offered", seat, self.id, choice)
                    choice = decision.options[0]
                try:
                    await self._commit(seat, choice, by=self.by_bot(seat))
                except LostRace:
                    pass  # a human (or the clock) moved first elsewhere: look again at the new position
                except ProtocolError as error:
                    if self.match.finished:
                        return  # the table ended (abandoned: the next round could not be made)
                    log.warning("bot move at table %s refused (%s); the lease keeper will try again",
                                self.id, error.code)
                    return
            await asyncio.sleep(0)


class MoveWriter:
    """Group commit: the moves that arrive while one write is under way go to the database together.

    Under load one transaction carries the moves of many tables instead of one commit per move;
    each caller still resumes only after its own move is durable, or learns that it lost the race.
    """

    def __init__(self, tables: LiveTables) -> None:
        self.tables = tables
        self.pending: list[tuple[str, int, dict[str, Any], asyncio.Future[None]]] = []
        self.flushing: asyncio.Task[None] | None = None

    async def write(self, table_id: str, n: int, entry: dict[str, Any]) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append((table_id, n, entry, future))
        if self.flushing is None or self.flushing.done():
            self.flushing = asyncio.create_task(self._flush())
        await future

    async def _flush(self) -> None:
        await asyncio.sleep(0)  # let the other ready connections add their moves to this batch
        while self.pending:
            batch, self.pending = self.pending, []
            try:
                await self.tables.db(self.tables.store.append_moves, [item[:3] for item in batch])
            except MoveConflict:
                for table_id, n, entry, future in batch:  # find the losers; the others are stored
                    try:
                        await self.tables.db(self.tables.store.append_move, table_id, n, entry)
                    except Exception as error:
                        _settle(future, error)
                    else:
                        _settle(future, None)
                continue
            except Exception as error:
                for *_, future in batch:
                    _settle(future, error)
                continue
            for *_, future in batch:
                _settle(future, None)


def _settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    # a waiter cancelled meanwhile (shutdown) has no use for the answer; the others still need theirs
    if future.done():
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)


class LiveTables:
    """The tables this process has in memory, with the store and hub they share."""

    def __init__(self, store: Store, hub: LocalHub, seat_grace: float = DEFAULT_GRACE,
                 lease_seconds: float | None = None) -> None:
        self.store = store
        self.hub = hub
        self.seat_grace = seat_grace
        self.leases = Leases(self, lease_seconds)
        self.writer = MoveWriter(self)
        self.bot_pool = ThreadPoolExecutor(2, "ludus-bots")
        self.workers = Workers(2, 30.0)  # heavy game work (work.py); create_app sets the server's limits
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._unloadable: dict[str, float] = {}  # table id → when loading it may be tried again
        self.visited: set[str] = set()  # tables a person came to or left since the last attendance round
        # Besides telling, around a stored move (docs/accounts.md): a turn-based table's deadlines are set
        # before anyone is told; once a game has ended it goes to the archive and moves the ratings.
        self.on_stored: Callable[[LiveTable], Awaitable[None]] | None = None
        self.on_ended: Callable[[LiveTable], Awaitable[None]] | None = None

    async def stored(self, table: LiveTable) -> None:
        if self.on_stored is not None and table.record.turn_seconds is not None:
            await self.on_stored(table)

    async def ended(self, table: LiveTable) -> None:
        if self.on_ended is None:
            return
        try:
            await self.on_ended(table)
        except Exception:  # the game is stored and told; the archive catches up at the next start
            log.exception("table %s could not be archived", table.id)

    async def db(self, function: Callable[..., Any], *args: Any) -> Any:
        # SQLite calls are short and local: inline is cheaper than a thread hop (measured: about 15%
        # less CPU per move), and the one slow thing SQLite does, the fsyncs of a checkpoint, happens
        # on the store's own checkpoint thread. A database server means network round trips, which
        # must not stall the event loop.
        if self.store.embedded:
            return function(*args)
        return await asyncio.to_thread(function, *args)

    async def get(self, table_id: str) -> LiveTable | None:
        table = self.live.get(table_id)
        if table is not None:
            return table
        if self._unloadable and self._unloadable.get(table_id, 0.0) > time.monotonic():
            return None
        loading = self._loading.get(table_id)
        if loading is None:
            # one load per table however many ask at once; the entry goes when the load ends, so ids
            # that name no table (or were asked for once) leave nothing behind
            loading = self._loading[table_id] = asyncio.ensure_future(self._load(table_id))
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def _load(self, table_id: str) -> LiveTable | None:
        record = await self.db(self.store.table, table_id)
        if record is None:
            return None
        entries = await self.db(self.store.moves, table_id)
        started = time.perf_counter()
        # setup and replay can take a while (long games): on a worker thread, not the event loop; a game with
        # heavy work (Shadows' map searches) on a worker process, under a deadline
        loop = asyncio.get_running_loop()
        game = load_game(record.game)
        if hasattr(game, "heavy_next"):
            try:
                match = await self.workers.replay(record.game, record.players, record.seed, record.options, entries)
            except WorkFailed as error:
                # not asked again for a while: a table that cannot load must not load (and log) every second
                self._unloadable[table_id] = time.monotonic() + UNLOADABLE_SECONDS
                log.error("table %s could not be loaded: its log did not replay (%s)", table_id, error.detail)
                return None
            table = LiveTable(self, record, match)
            table.adopt(match, entries)
        else:
            match = await loop.run_in_executor(
                self.bot_pool, lambda: Match(game, record.players, record.seed, record.options))
            table = LiveTable(self, record, match)  # here: its presence keeps timers on this loop
            await loop.run_in_executor(self.bot_pool, table.replay, entries)  # nobody sees the table before this
        table.told = table.seq
        ended = table.match.finished and record.status != "over"
        if ended:
            record.status = "over"
            await self.db(self.store.set_status, table_id, "over")
        log.info("table %s resumed at move %s in %.1f ms", table_id, table.seq,
                 (time.perf_counter() - started) * 1000)
        self.live[table_id] = table
        self.hub.subscribe(table_id, table.on_note)
        if record.status == "running":
            await self.leases.take(table_id)
            if not record.deadlines:  # loaded by the join that started it: a turn-based table's clocks start
                await self.stored(table)
        if ended:
            await self.ended(table)
        table.kick_bots()
        return table

    def forget(self, table: LiveTable) -> None:
        """Drop a table from memory (it reloads from the log when someone opens it again)."""
        if self.live.get(table.id) is table and not table.viewers:
            del self.live[table.id]
            self.hub.handlers.pop(table.id, None)  # the table's and its chat's: nothing of it stays
            table.presence.close()

    def needed(self, table: LiveTable) -> bool:
        """Must this process keep the table in memory? Someone watches it, it is busy, or it is running
        here (this process holds its lease: its bots and clock are ours). A finished table, one still
        waiting for players, or another process's running table nobody here watches reloads from the log
        when it is opened."""
        if table.viewers or (table.bot_task is not None and not table.bot_task.done()) or table.lock.locked():
            return True
        return table.record.status == "running" and not table.match.finished and self.leases.holds(table.id)

    def sweep(self, idle_before: set[str]) -> set[str]:
        """Forget the tables not needed now that were not needed at the last sweep either (so a table that
        was just loaded for a join is not dropped before its players connect). Returns the idle ids."""
        idle = {table_id for table_id, table in self.live.items() if not self.needed(table)}
        for table_id in idle & idle_before:
            self.forget(self.live[table_id])
        return idle - idle_before

    async def resume_all(self) -> int:
        """At start: load the running tables nobody else holds, so their bots carry on without waiting
        for a visitor (alone, that is every running table: a killed predecessor's leases are ours)."""
        return await self.leases.adopt(startup=True)

    async def close(self) -> None:
        await self.leases.stop()
        for table in self.live.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        for table in self.live.values():
            if table.bot_task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.bot_task
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
