"""Where a game's chance comes from: a seed, turned into the game's random generator.

A table in the server is dealt from a secret of 256 bits (``new_secret``), and its generator is keyed
by it: BLAKE2b in counter mode, a pseudo-random function, so no number of shuffles, draws or views
narrows the key (with a plain Mersenne Twister a 31-bit seed was found by brute force from the cards a
spectator sees at move 0, and even a long seed leaves the generator's state recoverable from enough
outputs). Small seeds (below 2**64) are what simulations, research environments, tests and the tables
stored before the secret use: they keep ``random.Random(seed)``, so every old match replays exactly.

Every game builds its generator with ``rng_for(seed)`` and copies it with ``copy_rng`` (a clone must
keep the generator's kind). Pure: no I/O, nothing global changes; only ``new_secret`` asks the
operating system for randomness.
"""

from __future__ import annotations

import hashlib
import math
import random
import secrets
from typing import Any

LEGACY_LIMIT = 2**64  # seeds below this deal as they always did
SECRET_BITS = 256
STATE_VERSION = "ludus-keyed/1"
_BLOCK = 64  # bytes of BLAKE2b output per counter value
_KEY_PERSON = b"ludus.chance.k"
_DERIVE_PERSON = b"ludus.chance.d"


def new_secret() -> int:
    """A fresh table secret: 256 bits from the operating system's CSPRNG."""
    while True:
        secret = secrets.randbits(SECRET_BITS)
        if secret >= LEGACY_LIMIT:  # fails with probability 2**-192: then it would deal as a legacy seed
            return secret


def is_legacy(seed: int) -> bool:
    return abs(seed) < LEGACY_LIMIT


def _key(seed: int | bytes) -> bytes:
    data = seed if isinstance(seed, bytes) else seed.to_bytes((seed.bit_length() + 8) // 8, "big", signed=True)
    return hashlib.blake2b(data, digest_size=32, person=_KEY_PERSON).digest()


class KeyedRandom(random.Random):
    """``random.Random`` whose bits come from BLAKE2b(counter) keyed by the seed.

    Every method of ``random.Random`` (shuffle, choice, sample, randint, uniform, ...) draws through
    ``getrandbits``/``random`` here. getstate/setstate/copy/deepcopy/pickle carry the key and the
    position in the stream, so a cloned game state continues the same stream."""

    def __init__(self, seed: int | bytes | None = None) -> None:
        self._key = b""
        self._counter = 0  # the next block to compute
        self._pool = b""  # the unread bytes of the last block
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        if a is None:
            a = secrets.token_bytes(32)
        elif isinstance(a, str):
            a = a.encode("utf-8")
        elif not isinstance(a, int | bytes):
            raise TypeError(f"a keyed generator is seeded by an int or bytes, not {type(a).__name__}")
        self._key = _key(a)
        self._counter = 0
        self._pool = b""
        self.gauss_next = None

    def _block(self, counter: int) -> bytes:
        return hashlib.blake2b(counter.to_bytes(16, "little"), key=self._key, digest_size=_BLOCK).digest()

    def _take(self, n: int) -> bytes:
        out = self._pool[:n]
        self._pool = self._pool[n:]
        while len(out) < n:
            block = self._block(self._counter)
            self._counter += 1
            need = n - len(out)
            out += block[:need]
            self._pool = block[need:]
        return out

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        size = (k + 7) // 8
        return int.from_bytes(self._take(size), "big") >> (size * 8 - k)

    def random(self) -> float:
        return self.getrandbits(53) * (1.0 / 9007199254740992.0)  # 53 bits, as random.Random does

    def getstate(self) -> tuple[Any, ...]:
        return (STATE_VERSION, self._key, self._counter, len(self._pool), self.gauss_next)

    def setstate(self, state: tuple[Any, ...]) -> None:
        if not isinstance(state, tuple) or len(state) != 5 or state[0] != STATE_VERSION:
            raise ValueError(f"not the state of a keyed generator: {state!r:.40}")
        _, self._key, counter, left, self.gauss_next = state
        # the pool is the tail of the block before ``counter``: recompute it instead of storing it
        self._counter = counter
        self._pool = self._block(counter - 1)[_BLOCK - left:] if left else b""


_WITH_GETRANDBITS = random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
_BITS = tuple(n.bit_length() for n in range(1024))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``, the same order from the same draws, without a method call per draw.

    ``random.Random.shuffle`` asks ``_randbelow(i + 1)`` for i = len - 1 .. 1, and ``_randbelow`` draws
    ``getrandbits(k)`` until the number is below i + 1; this is that loop written out. A generator
    that draws its numbers another way (``_randbelow`` not the getrandbits one) is asked to shuffle.
    """
    randbelow = getattr(rng._randbelow, "__func__", None)  # type: ignore[attr-defined]
    if randbelow is not _WITH_GETRANDBITS or len(items) > len(_BITS):
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def sample(rng: random.Random, population: list[Any] | tuple[Any, ...], k: int) -> list[Any]:
    """``rng.sample(population, k)``: the same picks from the same draws, without a method call per draw
    (``random.Random.sample``'s two ways written out: a pool for a small population, else a set of the
    indices taken). Anything else (another generator, a bad ``k``) is asked of ``rng.sample``."""
    n = len(population)
    randbelow = getattr(rng._randbelow, "__func__", None)  # type: ignore[attr-defined]
    if randbelow is not _WITH_GETRANDBITS or not 0 <= k <= n or n >= len(_BITS):
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    bits = _BITS
    result = [None] * k
    setsize = 21
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    if n <= setsize:
        pool = list(population)
        for i in range(k):
            m = n - i
            b = bits[m]
            j = getrandbits(b)
            while j >= m:
                j = getrandbits(b)
            result[i] = pool[j]
            pool[j] = pool[m - 1]
    else:
        selected: set[int] = set()
        b = bits[n]
        for i in range(k):
            j = getrandbits(b)
            while j >= n:
                j = getrandbits(b)
            while j in selected:
                j = getrandbits(b)
                while j >= n:
                    j = getrandbits(b)
            selected.add(j)
            result[i] = population[j]
    return result


def rng_for(seed: int) -> random.Random:
    """The generator a game deals from: keyed for a table secret, the classic one for small seeds."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed is a whole number, not {seed!r}")
    return random.Random(seed) if is_legacy(seed) else KeyedRandom(seed)


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator of the same kind, continuing from the same point."""
    kind = type(rng)
    other = kind.__new__(kind)
    other.setstate(rng.getstate())
    return other


def derive_seed(seed: int, label: str, bits: int = 128) -> int:
    """A seed for something else at the table (a bot, say), derived one-way from the table's seed:
    BLAKE2b keyed by the seed, so the derived seed gives nothing back about the secret."""
    digest = hashlib.blake2b(label.encode("utf-8"), key=_key(seed), digest_size=(bits + 7) // 8,
                             person=_DERIVE_PERSON).digest()
    return int.from_bytes(digest, "big") >> ((bits + 7) // 8 * 8 - bits)
