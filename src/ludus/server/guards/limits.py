"""What one client may cost the server: rates per address and per seat, a deadline on setups, buffers.

There are no accounts, so a client is its address (``request.client.host``; behind a reverse proxy,
uvicorn's ``--forwarded-allow-ips`` makes that the real client) or, on a table, its seat. The numbers
are ``Limits`` fields, set by ``create_app(limits=...)`` and the ``ludus serve`` flags; rates are strings
the `limits` library parses ("10 per minute; 100 per hour": every part must allow the hit), counted in
a moving window in this process's memory (with several processes each counts its own share).
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import importlib
import logging
import math
import multiprocessing
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from pebble import ProcessPool
from starlette.requests import HTTPConnection


@dataclass(frozen=True)
class Limits:
    """Every bound the server keeps; docs/server.md explains each."""

    tables: str = "10 per minute; 60 per hour"  # tables one address may create
    joins: str = "30 per minute; 300 per hour"  # seats one address may take
    messages: str = "100 per 2 seconds"  # WebSocket messages of one seat (spectators: one address)
    syncs: str = "20 per minute"  # sync requests of one seat (spectators: one address)
    pictures: str = "600 per minute"  # pictures of seeded (non-standard) Shadows decks one address may ask for
    replays: str = "60 per minute; 600 per hour"  # replay requests (steps, views) of one address
    chat: str = "5 per 10 seconds; 30 per minute"  # chat lines of one seat, counted across processes
    setup_seconds: float = 5.0  # a table's setup must finish within this, or the table is not created
    setup_workers: int = 2  # processes that run setups; more at once wait for one of them
    work_seconds: float = 30.0  # other heavy work on those processes (a round's map search, a replay, work.py)
    analysis_seconds: float = 600.0  # a coach's analysis of a seat (on those processes) must finish within this
    analysis_worlds: int = 8  # worlds the coach samples from the seat's view per decision
    analysis_depth: int = 0  # decisions played on after each option (0: the game's own judge says)
    send_buffer: int = 1 << 20  # bytes waiting for one slow connection before it is closed
    request_seconds: float = 10.0  # to send a whole HTTP request (headers and body), from its first byte
    idle_seconds: float = 5.0  # a kept-alive HTTP connection with no request is closed after this
    stall_seconds: float = 30.0  # a WebSocket whose peer reads nothing at all for this long is cut off
    sweep_seconds: float = 30.0  # how often tables nobody needs are dropped from memory
    origins: tuple[str, ...] = field(default=())  # origins allowed besides the served host itself

    def __post_init__(self) -> None:
        for rate in (self.tables, self.joins, self.messages, self.syncs, self.pictures, self.replays, self.chat):
            parse_many(rate)  # a typo in a flag fails at start-up, not at the first request


class TooMany(Exception):
    """A rate was exceeded; ``retry_after`` is whole seconds until the next try can succeed."""

    def __init__(self, what: str, retry_after: int) -> None:
        super().__init__(f"too many {what}; try again in {retry_after} s")
        self.what = what
        self.retry_after = retry_after


class Rate:
    """One named rate, counted per key (an address, a seat)."""

    def __init__(self, what: str, rate: str, limiter: MovingWindowRateLimiter) -> None:
        self.what = what
        self.items: list[RateLimitItem] = parse_many(rate)
        self.limiter = limiter

    def hit(self, key: str) -> None:
        """Count one use by ``key``, or raise TooMany (and count nothing)."""
        if len(self.items) == 1:  # one window (a seat's messages): the limiter's hit tests and counts at once
            if self.limiter.hit(self.items[0], self.what, key):
                return
            refused = self.items
        else:
            refused = [item for item in self.items if not self.limiter.test(item, self.what, key)]
        if not refused:
            for item in self.items:
                self.limiter.hit(item, self.what, key)
            return
        now = time.time()
        waits = [self.limiter.get_window_stats(item, self.what, key).reset_time - now for item in refused]
        raise TooMany(self.what, max(1, math.ceil(max(waits))))


class SweptMemoryStorage(MemoryStorage):
    """The `limits` library's in-memory store, sweeping out old entries once a second instead of every 10 ms.

    ``MemoryStorage`` starts a new timer thread 10 ms after each hit that finds none running, and that thread
    walks every key under its lock: with a few hundred seats sending, that was a hundred thread starts and
    sweeps of every key a second, about 0.3 ms of CPU per message and the GIL taken from the event loop
    while each sweep ran (docs/server.md, "Load"). The sweep only frees memory: the moving window counts
    by the entries' times whenever they are still there, so sweeping less often counts exactly the same and
    keeps at most a second more of entries per key."""

    SWEEP_SECONDS = 1.0

    def _MemoryStorage__schedule_expiry(self) -> None:  # MemoryStorage's private "__schedule_expiry"
        if not self.timer.is_alive():
            self.timer = threading.Timer(self.SWEEP_SECONDS, self._MemoryStorage__expire_events)  # type: ignore[attr-defined]
            self.timer.daemon = True
            self.timer.start()


class SharedRate(Rate):
    """A rate counted in Redis, so that every process shares one count (each hit is one atomic step there);
    while Redis cannot be reached, each process counts on its own."""

    def __init__(self, what: str, rate: str, limiter: MovingWindowRateLimiter,
                 shared: MovingWindowRateLimiter | None) -> None:
        super().__init__(what, rate, limiter)
        self.shared = shared
        self.down_since: float | None = None

    def hit(self, key: str) -> None:
        if self.shared is None or (self.down_since is not None and time.monotonic() - self.down_since < 5.0):
            return super().hit(key)
        try:
            for item in self.items:
                if not self.shared.hit(item, self.what, key):
                    reset = self.shared.get_window_stats(item, self.what, key).reset_time
                    raise TooMany(self.what, max(1, math.ceil(reset - time.time())))
        except TooMany:
            raise
        except Exception:  # Redis is gone: count here meanwhile (tried again every few seconds)
            if self.down_since is None:
                logging.getLogger("ludus.server.limits").warning("redis is unreachable: %s counted per process",
                                                                 self.what)
            self.down_since = time.monotonic()
            return super().hit(key)
        self.down_since = None


class Rates:
    """The server's rates, sharing one in-memory store (old entries expire by themselves); with Redis, the chat
    allowance is counted there, across processes."""

    def __init__(self, limits: Limits, redis_url: str | None = None) -> None:
        limiter = MovingWindowRateLimiter(SweptMemoryStorage())
        shared = None
        if redis_url:
            # short timeouts: a hit runs on the event loop, and a Redis that hangs must not hang the server
            shared = MovingWindowRateLimiter(storage_from_string(redis_url, socket_timeout=0.5,
                                                                 socket_connect_timeout=0.5))
        self.tables = Rate("tables", limits.tables, limiter)
        self.joins = Rate("joins", limits.joins, limiter)
        self.messages = Rate("messages", limits.messages, limiter)
        self.syncs = Rate("syncs", limits.syncs, limiter)
        self.pictures = Rate("pictures", limits.pictures, limiter)
        self.replays = Rate("replays", limits.replays, limiter)
        self.chat = SharedRate("chat", limits.chat, limiter, shared)


class SetupTimeout(Exception):
    """A table's setup did not finish before its deadline; its worker process was stopped."""


def setup_game(target: str, players: int, seed: int, options: dict[str, Any]) -> None:
    """In a worker process: run the setup of the game registered as ``target`` ("module:attribute"),
    to learn whether it finishes and accepts the options (BadOptions travels back)."""
    module, _, attribute = target.partition(":")
    getattr(importlib.import_module(module), attribute).setup(players, seed, options)


_POOLS: dict[int, ProcessPool] = {}


def _pool(workers: int) -> ProcessPool:
    """One pool of setup processes per size, shared by every app in this process (a test run makes
    many apps; starting Python workers for each would cost more than the tests)."""
    pool = _POOLS.get(workers)
    if pool is None or not pool.active:
        pool = _POOLS[workers] = ProcessPool(workers, initializer=_prepare_worker,
                                             context=multiprocessing.get_context("spawn"))
    return pool


def _prepare_worker() -> None:
    """Import the games first (not under any table's deadline), then yield the CPU to the server process:
    hard setups must not slow every table down."""
    from ludus.engine.registry import GAMES

    for target in GAMES.values():
        with contextlib.suppress(ImportError):
            importlib.import_module(target.partition(":")[0])
    os.nice(10)


@atexit.register
def _stop_pools() -> None:
    for pool in _POOLS.values():
        pool.stop()
        pool.join(5)


class Setups:
    """Runs tables' setups in worker processes under a deadline, so a setup that computes for long (a
    Shadows map search can take a minute) never holds up the event loop and is stopped when its time is
    up: the worker is killed and replaced. At most ``workers`` setups run at once."""

    def __init__(self, workers: int, deadline: float) -> None:
        self.workers = workers
        self.deadline = deadline

    def warm(self) -> None:
        """Start the workers now, so the first table's setup does not wait for Python to start."""
        _pool(self.workers).schedule(importlib.import_module, args=("ludus.engine",))  # starts the workers

    async def run(self, target: str, players: int, seed: int, options: dict[str, Any]) -> None:
        future = _pool(self.workers).schedule(setup_game, args=(target, players, seed, options),
                                              timeout=self.deadline)
        try:
            await asyncio.wrap_future(future)
        except TimeoutError as error:
            raise SetupTimeout(f"gave up after {self.deadline:g} s") from error


async def on_workers(workers: int, function: Any, *args: Any, deadline: float) -> Any:
    """``function(*args)`` in the pool of ``workers`` setup processes (niced, killable: the heavy work of the
    server — setups, the coach's analyses — shares them), its answer back; TimeoutError after ``deadline``
    seconds of running, when its worker is stopped and replaced. ``function`` and its arguments travel pickled."""
    return await asyncio.wrap_future(_pool(workers).schedule(function, args=args, timeout=deadline))


def client_address(connection: HTTPConnection) -> str:
    """The address a request or socket came from (the test client's is "testclient")."""
    return connection.client.host if connection.client else "unknown"


FLAGS = {  # ``ludus serve`` flag → Limits field
    "--limit-tables": "tables", "--limit-joins": "joins", "--limit-messages": "messages",
    "--limit-syncs": "syncs", "--limit-pictures": "pictures", "--limit-replays": "replays", "--limit-chat": "chat",
    "--setup-seconds": "setup_seconds", "--setup-workers": "setup_workers", "--work-seconds": "work_seconds",
    "--analysis-seconds": "analysis_seconds", "--analysis-worlds": "analysis_worlds",
    "--analysis-depth": "analysis_depth",
    "--send-buffer": "send_buffer", "--request-seconds": "request_seconds", "--idle-seconds": "idle_seconds",
    "--stall-seconds": "stall_seconds", "--sweep-seconds": "sweep_seconds",
}


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    defaults = Limits()
    for flag, name in FLAGS.items():
        default = getattr(defaults, name)
        parser.add_argument(flag, dest=f"limit_{name}", type=type(default), default=default,
                            help=f"(default {default})")
    parser.add_argument("--allow-origin", dest="limit_origins", action="append", default=[],
                        help="an origin (https://host:port) whose pages may open table sockets, besides the "
                             "served host itself (repeatable)")


def limits_from_arguments(args: argparse.Namespace) -> Limits:
    values = {name: getattr(args, f"limit_{name}") for name in FLAGS.values()}
    return Limits(**values, origins=tuple(args.limit_origins))
