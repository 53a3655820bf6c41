"""Pub/sub between the server processes that share one database.

A hub carries small notes about a table ("move n was stored", "the seats changed"), never views:
each process computes the redacted views for its own connections. In one process the hub is a
plain in-memory fan-out; with ``--redis`` it is Redis pub/sub, so several processes behind one
load balancer stay in step.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

Handler = Callable[[dict[str, Any]], Awaitable[None]]

log = logging.getLogger("ludus.server.hub")

PREFIX = "ludus:table:"


class LocalHub:
    """Every note goes to this process's subscribers; there is nobody else to tell."""

    def __init__(self) -> None:
        self.origin = uuid.uuid4().hex
        self.handlers: dict[str, set[Handler]] = {}

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

        self.redis = redis.from_url(url)
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        self.reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.redis.ping()
        await self.pubsub.psubscribe(PREFIX + "*")
        self.reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()
        await super().close()

    async def publish(self, table_id: str, note: dict[str, Any]) -> None:
        await self.redis.publish(PREFIX + table_id, json.dumps({**note, "origin": self.origin}))

    async def _read(self) -> None:
        while True:
            try:
                async for message in self.pubsub.listen():
                    if message.get("type") != "pmessage":
                        continue
                    channel = message["channel"].decode() if isinstance(message["channel"], bytes) \
                        else message["channel"]
                    note = json.loads(message["data"])
                    if note.get("origin") == self.origin:
                        continue
                    await self._deliver(channel.removeprefix(PREFIX), note)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("redis hub reader failed; reconnecting")
                await asyncio.sleep(0.5)
                with contextlib.suppress(Exception):
                    await self.pubsub.psubscribe(PREFIX + "*")


def make_hub(redis_url: str | None) -> LocalHub:
    return RedisHub(redis_url) if redis_url else LocalHub()
