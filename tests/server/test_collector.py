"""The garbage collector kept from pausing the event loop (live/collector.py): what is alive is frozen out of
the automatic collections, and garbage cycles are still freed by the rare full collection."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from ludus.server.live.collector import Collector


class Cycle:
    def __init__(self) -> None:
        self.me = self


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_round_moves_what_is_alive_out_of_the_automatic_collections() -> None:
    kept = [Cycle() for _ in range(100)]
    assert Collector(clock=FakeClock()).tick() == "freeze"
    assert gc.get_freeze_count() >= len(kept)


def test_a_cycle_that_became_garbage_after_a_freeze_is_freed_by_the_next_full_collection() -> None:
    clock = FakeClock()
    collector = Collector(full_every=900.0, clock=clock)
    cycle = Cycle()
    gone = weakref.ref(cycle)
    collector.tick()
    del cycle
    gc.collect()
    assert gone() is not None  # frozen: the ordinary collections no longer walk it
    clock.now = 899.0
    assert collector.tick() == "freeze"
    assert gone() is not None
    clock.now = 900.0
    assert collector.tick() == "full"
    assert gone() is None
    clock.now = 1000.0
    assert collector.tick() == "freeze"  # the next full collection is counted from this one


def test_stopping_the_server_unfreezes_everything() -> None:
    async def run() -> int:
        collector = Collector(freeze_every=0.01, clock=FakeClock())
        collector.start()
        while gc.get_freeze_count() == 0:
            await asyncio.sleep(0.01)
        await collector.stop()
        return gc.get_freeze_count()

    assert asyncio.run(run()) == 0
