"""Where chance comes from: a table's 256-bit secret keys a BLAKE2b generator; small seeds deal as always.

What these tests can and cannot show: no test proves a generator unpredictable. They pin down the
construction (the stream *is* BLAKE2b in counter mode keyed by the secret, so predicting it from any
number of outputs means breaking BLAKE2b as a pseudo-random function), that the key really comes from
256 fresh bits, that each bit of it matters, and that every game deals, clones and replays through it.
The server-side tests (tests/server/test_secret.py) run the issue's brute-force attack.
"""

from __future__ import annotations

import copy
import hashlib
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludus.engine import Match, clone
from ludus.engine.chance import (
    LEGACY_LIMIT,
    KeyedRandom,
    copy_rng,
    derive_seed,
    new_secret,
    rng_for,
    sample,
    shuffle,
)

SECRET = 0x5EC12E7_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_0000_1234


def test_small_seeds_deal_exactly_as_random_random_did_so_old_matches_replay() -> None:
    for seed in (0, 7, 2**31 - 1, 2**63 + 5, LEGACY_LIMIT - 1):
        legacy, plain = rng_for(seed), random.Random(seed)
        assert type(legacy) is random.Random
        items, same = list(range(40)), list(range(40))
        legacy.shuffle(items)
        plain.shuffle(same)
        assert items == same and legacy.getrandbits(64) == plain.getrandbits(64)


def test_a_new_secret_is_256_fresh_bits_beyond_the_legacy_range() -> None:
    drawn = [new_secret() for _ in range(500)]
    assert len(set(drawn)) == len(drawn)
    assert all(LEGACY_LIMIT <= secret < 2**256 for secret in drawn)
    assert isinstance(rng_for(drawn[0]), KeyedRandom)
    # every bit position takes both values (a secret of fewer real bits would leave some constant)
    for bit in range(256):
        assert 0 < sum(secret >> bit & 1 for secret in drawn) < len(drawn)


def test_the_keyed_stream_is_blake2b_in_counter_mode_under_a_key_derived_from_the_secret() -> None:
    key = hashlib.blake2b(SECRET.to_bytes(32, "big"), digest_size=32, person=b"ludus.chance.k").digest()
    blocks = b"".join(hashlib.blake2b(counter.to_bytes(16, "little"), key=key, digest_size=64).digest()
                      for counter in range(3))
    generator = KeyedRandom(SECRET)
    drawn = b"".join(generator.getrandbits(8 * size).to_bytes(size, "big") for size in (1, 7, 64, 100))
    assert drawn == blocks[:172]


def test_one_bit_of_the_secret_changes_about_half_of_the_stream() -> None:
    reference = KeyedRandom(SECRET).getrandbits(8192)
    for bit in (0, 1, 64, 128, 200, 255):
        other = KeyedRandom(SECRET ^ (1 << bit)).getrandbits(8192)
        assert 0.45 < (reference ^ other).bit_count() / 8192 < 0.55


def test_a_bots_seed_is_derived_one_way_and_differs_per_seat() -> None:
    seeds = {derive_seed(SECRET, f"bot:{seat}") for seat in range(6)}
    assert len(seeds) == 6 and all(seed < 2**128 for seed in seeds)
    assert derive_seed(SECRET, "bot:0") == derive_seed(SECRET, "bot:0")
    key = hashlib.blake2b(SECRET.to_bytes(32, "big"), digest_size=32, person=b"ludus.chance.k").digest()
    assert derive_seed(SECRET, "bot:0") == int.from_bytes(
        hashlib.blake2b(b"bot:0", key=key, digest_size=16, person=b"ludus.chance.d").digest(), "big")


draws = st.lists(st.one_of(st.tuples(st.just("bits"), st.integers(0, 300)),
                           st.tuples(st.just("random"), st.just(0)),
                           st.tuples(st.just("shuffle"), st.integers(1, 30)),
                           st.tuples(st.just("gauss"), st.just(0))), max_size=30)


def _draw(generator: random.Random, kind: str, size: int) -> object:
    if kind == "bits":
        return generator.getrandbits(size)
    if kind == "random":
        return generator.random()
    if kind == "gauss":
        return generator.gauss()
    items = list(range(size))
    generator.shuffle(items)
    return items


@settings(max_examples=60, deadline=None)
@given(before=draws, after=draws, secret=st.integers(LEGACY_LIMIT, 2**256 - 1))
def test_a_copied_generator_continues_the_same_stream(before: list[tuple[str, int]], after: list[tuple[str, int]],
                                                      secret: int) -> None:
    generator = rng_for(secret)
    for kind, size in before:
        _draw(generator, kind, size)
    copies = [copy_rng(generator), copy.deepcopy(generator), pickle.loads(pickle.dumps(generator))]
    restored = KeyedRandom()
    restored.setstate(generator.getstate())
    copies.append(restored)
    for kind, size in after:
        expected = _draw(generator, kind, size)
        assert all(_draw(other, kind, size) == expected for other in copies)


@pytest.mark.parametrize(("game", "players"), [("rose", 4), ("floors", 3), ("shadows", 4), ("shadows", 2)])
def test_every_game_deals_from_the_keyed_generator_clones_it_and_replays_exactly(game: str, players: int) -> None:
    match = Match(game, players, SECRET)
    assert isinstance(match.state.rng, KeyedRandom)
    pick = random.Random(1)
    copied: object = None
    since_copy: list[tuple[int | None, object]] = []  # (seat, choice), or (None, now) for a clock advance
    while not match.finished and len(match.log) < 400:
        if len(match.log) == 3 and copied is None:
            copied = clone(match.game, match.state)  # the clone must go on drawing the same chance
        decisions = match.decisions()
        if decisions:
            decision = decisions[0]
            move: tuple[int | None, object] = (decision.seat, pick.choice(decision.options))
            match.play(decision.seat, move[1])
        else:
            move = (None, 1e12)  # a real-time game's clock runs out
            match.advance(1e12)
        if copied is not None:
            since_copy.append(move)
    assert copied is not None and type(copied.rng) is KeyedRandom
    for seat, choice in since_copy:
        if seat is None:
            match.game.advance(copied, choice)
        else:
            match.game.apply(copied, seat, choice)
    again = Match.from_json(match.dumps())
    for seat in (None, *range(players)):
        assert again.view(seat) == match.view(seat) == match.game.view(copied, seat)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=-(2**300), max_value=2**300), length=st.integers(min_value=0, max_value=300))
def test_the_fast_shuffle_gives_the_same_order_and_leaves_the_same_stream_as_rng_shuffle(seed: int,
                                                                                          length: int) -> None:
    items = list(range(length))
    ours, theirs = rng_for(seed), rng_for(seed)
    shuffle(ours, items)
    expected = list(range(length))
    theirs.shuffle(expected)
    assert items == expected
    assert ours.getrandbits(64) == theirs.getrandbits(64)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(min_value=-(2**300), max_value=2**300), length=st.integers(min_value=0, max_value=300),
       data=st.data())
def test_the_fast_sample_picks_the_same_items_and_leaves_the_same_stream_as_rng_sample(seed: int, length: int,
                                                                                        data: st.DataObject) -> None:
    k = data.draw(st.integers(min_value=0, max_value=length))
    population = tuple(range(100, 100 + length))
    ours, theirs = rng_for(seed), rng_for(seed)
    assert sample(ours, population, k) == theirs.sample(population, k)
    assert ours.getrandbits(64) == theirs.getrandbits(64)

