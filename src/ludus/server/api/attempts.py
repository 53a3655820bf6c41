"""How often one may try to sign in or sign up, counted before any password is checked (docs/accounts.md).

Every sign-in attempt first reserves its place, atomically, in each of its counts; only an attempt that got
them all has its password checked. So however many attempts arrive at once, no more are checked than the
counts allow:

- **per address** (all attempts from it) and **per name and address** (one address guessing one name): moving
  windows of the `limits` library; over them the attempt is refused (``too-many-attempts``, 429, Retry-After);
- **per name**: never a lock-out, a queue. A name's attempts are checked ``NameLane.burst`` at once, then one
  every ``spacing`` seconds, from whatever address; an attempt books the next free moment (GCRA) and waits for
  it, up to ``max_wait`` seconds; past that it is refused with the wait as Retry-After. Someone guessing a name
  from many addresses only slows its checks down: its owner, from any address, is checked within seconds.

The counts live in this process's memory, or in Redis (shared by every process) when the server has one.
"""

from __future__ import annotations

import asyncio
import logging
import math
import threading
import time
from dataclasses import dataclass
from typing import Any

from limits import parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from .errors import ApiError

log = logging.getLogger("ludus.server.attempts")

RETRY_REDIS = 5.0


@dataclass(frozen=True)
class AttemptRates:
    """How often one may try (the `limits` library's notation; every part must allow the attempt)."""

    signin_per_address: str = "20 per minute; 200 per hour"  # sign-in attempts from one address
    signin_per_pair: str = "5 per minute; 30 per hour"  # sign-in attempts for one name from one address
    signup_per_address: str = "10 per hour"  # accounts created from one address
    name_burst: int = 5  # sign-in attempts of one name checked at once …
    name_spacing: float = 2.0  # … then one every this many seconds
    name_max_wait: float = 10.0  # an attempt waits at most this long for its turn, else it is refused


class TooManyAttempts(ApiError):
    def __init__(self, wait: float) -> None:
        seconds = max(1, math.ceil(wait))
        super().__init__("too-many-attempts", f"too many attempts; try again in {seconds} s", 429, seconds)


# GCRA in one Redis call: the key holds the name's "theoretical arrival time"; an attempt takes the next moment.
_BOOK = """
local now = tonumber(ARGV[1])
local spacing = tonumber(ARGV[2])
local tolerance = tonumber(ARGV[3])
local max_wait = tonumber(ARGV[4])
local tat = tonumber(redis.call('GET', KEYS[1]) or ARGV[1])
if tat < now then tat = now end
local wait = tat - tolerance - now
if wait < 0 then wait = 0 end
if wait > max_wait then return {0, tostring(wait - max_wait)} end
redis.call('SET', KEYS[1], tostring(tat + spacing), 'PX', math.ceil((tat + spacing - now) * 1000) + 1000)
return {1, tostring(wait)}
"""


class NameLane:
    """Per name: ``burst`` checks at once, then one every ``spacing`` seconds; ``book`` says how long to wait."""

    def __init__(self, redis_url: str | None, burst: int, spacing: float, max_wait: float) -> None:
        self.spacing = spacing
        self.tolerance = (burst - 1) * spacing
        self.max_wait = max_wait
        self.times: dict[str, float] = {}
        self.lock = threading.Lock()
        self.script: Any = None
        self.down_since: float | None = None  # Redis failed then: not asked again for RETRY_REDIS seconds
        if redis_url:
            import redis

            client = redis.Redis.from_url(redis_url, socket_timeout=2.0, socket_connect_timeout=2.0)
            self.script = client.register_script(_BOOK)

    def book(self, name: str, now: float | None = None) -> float:
        """Seconds this attempt waits for its turn (0: at once); TooManyAttempts when that is too long."""
        now = time.time() if now is None else now
        if self.script is not None and (self.down_since is None or time.monotonic() - self.down_since > RETRY_REDIS):
            try:
                booked, wait = self.script(keys=[f"ludus:signin-name:{name}"],
                                           args=[now, self.spacing, self.tolerance, self.max_wait])
            except Exception:  # Redis is down: each process keeps its own lane meanwhile (tried again later)
                if self.down_since is None:
                    log.warning("sign-in attempts could not be counted in redis", exc_info=True)
                self.down_since = time.monotonic()
            else:
                self.down_since = None
                if not int(booked):
                    raise TooManyAttempts(float(wait))
                return float(wait)
        with self.lock:
            tat = max(self.times.get(name, now), now)
            wait = max(0.0, tat - self.tolerance - now)
            if wait > self.max_wait:
                raise TooManyAttempts(wait - self.max_wait)
            self.times[name] = tat + self.spacing
            if len(self.times) > 100_000:  # names nobody tried for a while
                self.times = {key: at for key, at in self.times.items() if at > now}
            return wait


class Attempts:
    """The sign-in and sign-up counts; ``reserve_signin`` books an attempt in all of them before its check."""

    def __init__(self, redis_url: str | None = None, rates: AttemptRates | None = None) -> None:
        rates = rates or AttemptRates()
        self.limiter = MovingWindowRateLimiter(storage_from_string(redis_url or "memory://"))
        self.rates = {"signin-address": parse_many(rates.signin_per_address),
                      "signin-pair": parse_many(rates.signin_per_pair),
                      "signup-address": parse_many(rates.signup_per_address)}
        self.names = NameLane(redis_url, rates.name_burst, rates.name_spacing, rates.name_max_wait)

    def take(self, what: str, key: str) -> None:
        """Reserve one attempt in this count (atomically: of many at once, only as many as allowed get one),
        or raise TooManyAttempts."""
        try:
            for item in self.rates[what]:
                if not self.limiter.hit(item, what, key):
                    reset = self.limiter.get_window_stats(item, what, key).reset_time
                    raise TooManyAttempts(reset - time.time())
        except TooManyAttempts:
            raise
        except Exception:  # the counter's store (Redis) is down: let people sign in meanwhile
            log.warning("sign-in attempts could not be counted", exc_info=True)

    async def reserve_signin(self, name_key: str, address: str) -> None:
        """Book a sign-in attempt before its password is checked: per address, per name and address, and the
        name's turn (waited for here)."""
        self.take("signin-address", address)
        self.take("signin-pair", f"{name_key}\x00{address}")
        wait = self.names.book(name_key)
        if wait > 0:
            await asyncio.sleep(wait)
