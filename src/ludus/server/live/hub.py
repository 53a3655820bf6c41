"""Pub/sub between the server processes that share one database.

A hub carries small notes about a table ("move n was stored", "the seats changed"), never views:
each process computes the redacted views for its own connections. In one process the hub is a
plain in-memory fan-out; with ``--redis`` it is Redis pub/sub, so several processes behind one
load balancer stay in step.

Redis is a convenience, not the record: the database is. When Redis goes away, publishing stops
(logged once; each process still stores and answers its own moves), the reader keeps trying to come
back, and once it has, every ``on_recovered`` callback runs so the tables catch up from the database
with whatever was said while nobody could hear it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

Handler = Callable[[dict[str, Any]], Awaitable[None]]

log = logging.getLogger("ludus.server.hub")

PREFIX = "ludus:table:"
PUBLISH_TIMEOUT = 2.0  # a publish slower than this counts as Redis being gone (it runs under a table's lock)
BEAT = 0.1  # how a publish's wait is counted: in steps of this, each step only as long as it was meant to be
RETRY = (0.5, 2.0)  # seconds between attempts to reach Redis again: first, and at most


class LocalHub:
    """Every note goes to this process's subscribers; there is nobody else to tell."""

    def __init__(self) -> None:
        self.origin = uuid.uuid4().hex
        self.handlers: dict[str, set[Handler]] = {}
        self.recovered: list[Callable[[], Awaitable[None]]] = []

    @property
    def shared(self) -> bool:
        """Do other processes share this hub (and the database)?"""
        return False

    @property
    def healthy(self) -> bool:
        """Do the other processes hear what this one publishes right now?"""
        return True

    def on_recovered(self, callback: Callable[[], Awaitable[None]]) -> None:
        """Run ``callback`` whenever the hub is back after an outage (notes may have been lost)."""
        self.recovered.append(callback)

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        self.handlers.clear()

    def subscribe(self, table_id: str, handler: Handler) -> None:
        self.handlers.setdefault(table_id, set()).add(handler)

    def unsubscribe(self, table_id: str, handler: Handler) -> None:
        self.handlers.get(table_id, set()).discard(handler)

    async def publish(self, table_id: str, note: dict[str, Any]) -> None:
        """Tell the other processes. The publishing process already acted on its own note."""
        return None

    async def _deliver(self, table_id: str, note: dict[str, Any]) -> None:
        for handler in list(self.handlers.get(table_id, ())):
            try:
                await handler(note)
            except Exception:  # one broken table must not stop the fan-out to the others
                log.exception("hub handler failed for table %s", table_id)


class RedisHub(LocalHub):
    """Notes travel through Redis pub/sub on ``ludus:table:<id>``; each process skips its own."""

    def __init__(self, url: str) -> None:
        super().__init__()
        import redis.asyncio as redis  # imported here so a server without --redis never needs it
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        # no retries inside redis-py: a failed call must fail at once (it may hold a table's lock);
        # coming back is the reader's job
        self.redis = redis.from_url(url, retry=Retry(NoBackoff(), 0), socket_connect_timeout=PUBLISH_TIMEOUT)
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        self.reader: asyncio.Task[None] | None = None
        self.queues: dict[str, asyncio.Task[None]] = {}  # per table: the delivery of its latest note
        # notes waiting for the sender (``publish``): (channel, note as sent, its publisher's future)
        self.outbox: list[tuple[str, bytes, asyncio.Future[None]]] = []
        self.sender: asyncio.Task[None] | None = None
        self.up = False
        self.listening = False  # the reader is inside pubsub.listen()
        self.down_since: float | None = None

    @property
    def shared(self) -> bool:
        return True

    @property
    def healthy(self) -> bool:
        return self.up

    async def start(self) -> None:
        """Subscribe; a Redis that is down now does not keep the server from starting alone."""
        self.down_since = time.monotonic()
        try:
            await self.redis.ping()
            await self.pubsub.psubscribe(PREFIX + "*")
            self.up = True
        except Exception as error:
            self.up = True  # so that _lost logs it
            self._lost(error)
        self.reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader
        for task in [*self.queues.values(), *([self.sender] if self.sender is not None else [])]:
            task.cancel()
        _settle_all(self.outbox)
        self.outbox = []
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()
        await super().close()

    async def publish(self, table_id: str, note: dict[str, Any]) -> None:
        """Best effort: the move is stored already, and a process that misses the note catches up from
        the database when Redis is back. Never raises; returns once the note has been handed to Redis (or
        Redis was found gone meanwhile).

        One sender hands every note waiting at that moment to Redis in one pipeline, one round trip, in the
        order they were published (so a table's notes keep their order). A publish of its own per move took
        a pooled connection each: under load, with a busy event loop, more than the pool's 100 were in flight
        at once, and the pool's refusal (or the wait) counted as Redis being gone — after which every table
        caught up from the database at once, which made the loop busier still (docs/server.md)."""
        if not self.up:
            return
        sent: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.outbox.append((PREFIX + table_id, _encode({**note, "origin": self.origin}), sent))
        if self.sender is None or self.sender.done():
            self.sender = asyncio.create_task(self._send())
        await sent

    async def _send(self) -> None:
        await asyncio.sleep(0)  # the other moves of this turn of the loop join the batch
        while self.outbox:
            batch, self.outbox = self.outbox, []
            try:
                if self.up:
                    pipeline = self.redis.pipeline(transaction=False)
                    for channel, data, _ in batch:
                        pipeline.publish(channel, data)
                    await _answered(pipeline.execute())
            except Exception as error:  # whatever Redis did, the callers' moves stand
                self._lost(error)
            finally:
                _settle_all(batch)

    def _lost(self, error: BaseException) -> None:
        if self.up:  # logged once per outage, not once per message
            log.warning("redis is unreachable (%s); moves are still stored and answered by each process, "
                        "other processes catch up when it is back", type(error).__name__)
            self.up = False
            self.down_since = time.monotonic()
        if self.listening and self.reader is not None and self.reader is not asyncio.current_task():
            # A publish failed while the subscription still looks fine (Redis stalled rather than died):
            # start the reader over, so that coming back, and catching up, happen all the same.
            self.listening = False
            self.reader.cancel()
            self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            if not self.up:
                await self._reconnect()
            self.listening = True
            try:
                async for message in self.pubsub.listen():
                    if message.get("type") != "pmessage":
                        continue
                    channel = message["channel"].decode() if isinstance(message["channel"], bytes) \
                        else message["channel"]
                    try:
                        note = orjson.loads(message["data"])
                    except ValueError:
                        log.warning("a note on %s is not JSON; ignored", channel)
                        continue
                    if not isinstance(note, dict) or note.get("origin") == self.origin:
                        continue
                    self._queue(channel.removeprefix(PREFIX), note)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis went away: reconnect
                self.listening = False
                self._lost(error)
            self.listening = False
            self.up = False

    def _queue(self, table_id: str, note: dict[str, Any]) -> None:
        """Deliver in order per table, but never let one table's handler (waiting for its lock while a
        bot thinks, say) hold up the notes of every other table."""
        previous = self.queues.get(table_id)
        task = asyncio.create_task(self._deliver_after(previous, table_id, note))
        self.queues[table_id] = task
        task.add_done_callback(lambda done: self.queues.pop(table_id, None) if self.queues.get(table_id) is done
                               else None)

    async def _deliver_after(self, previous: asyncio.Task[None] | None, table_id: str, note: dict[str, Any]) -> None:
        if previous is not None:
            await asyncio.wait([previous])
        await self._deliver(table_id, note)

    async def _reconnect(self) -> None:
        """Subscribe again on a fresh connection, then let the tables catch up with what was missed."""
        wait = RETRY[0]
        while True:
            await asyncio.sleep(wait)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.pubsub.aclose(), PUBLISH_TIMEOUT)
            with contextlib.suppress(Exception):  # the pooled connections died with the old server
                await asyncio.wait_for(self.redis.connection_pool.disconnect(), PUBLISH_TIMEOUT)
            self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await asyncio.wait_for(self.pubsub.psubscribe(PREFIX + "*"), PUBLISH_TIMEOUT)
                await asyncio.wait_for(self.redis.ping(), PUBLISH_TIMEOUT)
            except Exception:  # still gone (or not answering)
                wait = min(wait * 2, RETRY[1])
                continue
            break
        log.warning("redis is back after %.1f s; catching up from the database",
                    time.monotonic() - (self.down_since or time.monotonic()))
        self.up = True
        for callback in self.recovered:
            try:
                await callback()
            except Exception:
                log.exception("catching up after the redis outage failed")


async def _answered(request: Awaitable[Any]) -> None:
    """Wait for Redis's answer to ``request``; TimeoutError once Redis has had ``PUBLISH_TIMEOUT`` seconds of a
    responsive event loop to give it. Time the loop spent elsewhere (a busy server: each of its turns can take
    a good part of a second) does not count against Redis: a loop late by seconds used to take a Redis that had
    answered for one that had gone, and the catching up of every table that followed made the loop later still
    (docs/server.md). A Redis that stalls (SIGSTOP) still counts as gone after ``PUBLISH_TIMEOUT`` of waiting."""
    task = asyncio.ensure_future(request)
    loop = asyncio.get_running_loop()
    counted = 0.0
    try:
        while True:
            started = loop.time()
            done, _ = await asyncio.wait([task], timeout=BEAT)
            if done:
                task.result()
                return
            counted += min(loop.time() - started, BEAT)
            if counted >= PUBLISH_TIMEOUT:
                raise TimeoutError("redis did not answer a publish")
    finally:
        if not task.done():
            task.cancel()


def _settle_all(batch: list[tuple[str, bytes, asyncio.Future[None]]]) -> None:
    for *_, sent in batch:
        if not sent.done():  # (a publisher cancelled meanwhile has no use for the answer)
            sent.set_result(None)


def _encode(note: dict[str, Any]) -> bytes:
    """A note as published (orjson: a note crosses Redis after every move); what orjson refuses, json writes."""
    try:
        return orjson.dumps(note, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(note, separators=(",", ":")).encode()


def make_hub(redis_url: str | None) -> LocalHub:
    return RedisHub(redis_url) if redis_url else LocalHub()
