"""Where bot-only games run: a local process pool, or Ray tasks (a local Ray, or a cluster at an address).

``run_jobs(function, jobs, backend)`` calls ``function(job)`` for every job and yields the results in the
jobs' order, whatever the backend. The games themselves decide nothing by the backend: every job carries its
own seeds, so a ladder or a simulation gives the same outcomes on one process, a pool, or a Ray cluster.
``function`` must be importable by the workers (a module-level function of an installed package); on a
cluster, every node needs the same ludus installed (docs/bots.md).

Ray is an optional extra (``pip install 'ludus[ladder]'``); it is imported only when asked for.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")

LOCAL = "local"
"""``--ray`` without an address: start a Ray on this machine."""

RAY_OBJECT_STORE = 128 * 1024 * 1024
"""A local Ray's object store (bytes): the games send back small results, so the default 30% of RAM is waste."""


@dataclass(frozen=True)
class Backend:
    """How to run games: ``ray`` None for a process pool of ``workers`` (1: in this process), ``"local"`` for a
    Ray started here with ``workers`` CPUs (1: every CPU), or a Ray address ("auto", "ray://head:10001",
    "10.0.0.5:6379")."""

    workers: int = 1
    ray: str | None = None
    nice: int = 0
    """How much the workers lower their priority (a shared machine)."""

    def describe(self) -> str:
        if self.ray is None:
            return "this process" if self.workers <= 1 else f"a process pool of {self.workers}"
        if self.ray == LOCAL:
            return f"a local Ray with {self.workers} CPUs" if self.workers > 1 else "a local Ray on every CPU"
        return f"the Ray cluster at {self.ray}"


def _lower_priority(amount: int) -> None:
    if amount > 0 and hasattr(os, "nice"):
        os.nice(amount)


_lowered = False


def _call_niced(function: Callable[[Any], Any], amount: int, job: Any) -> Any:
    """A Ray task: lower the worker process's priority once, then play the job."""
    global _lowered
    if not _lowered:
        _lower_priority(amount)
        _lowered = True
    return function(job)


def run_jobs(function: Callable[[J], R], jobs: Iterable[J], backend: Backend = Backend(),
             ordered: bool = True) -> Iterator[R]:
    """``function(job)`` for every job, the results in the jobs' order (``ordered=False``: as they finish, for
    callers whose results say which job they belong to — nothing finished waits behind a slow game)."""
    work = list(jobs)
    if backend.ray is not None:
        yield from _run_ray(function, work, backend, ordered)
    elif backend.workers <= 1 or len(work) <= 1:
        yield from map(function, work)
    else:
        with multiprocessing.get_context("fork").Pool(backend.workers, initializer=_lower_priority,
                                                      initargs=(backend.nice,)) as pool:
            yield from (pool.imap if ordered else pool.imap_unordered)(function, work)


LOCAL_STARTS = 3
"""Tries at starting a local Ray: its raylet must register within a fixed 30 s, which a swamped machine can miss."""


def start_local_ray(num_cpus: int | None) -> None:
    """A local Ray on this machine, tried again (after a clean shutdown) when its node times out at start-up."""
    import ray  # the optional ``ladder`` extra

    for attempt in range(1, LOCAL_STARTS + 1):
        try:
            ray.init(num_cpus=num_cpus, include_dashboard=False, object_store_memory=RAY_OBJECT_STORE,
                     log_to_driver=False)
            return
        except Exception as error:  # Ray raises a bare Exception for "timed out during startup"
            ray.shutdown()
            if attempt == LOCAL_STARTS or "timed out during startup" not in str(error):
                raise


@contextmanager
def started(backend: Backend) -> Iterator[None]:
    """Ray up for the block's runs (started here and shut down after, unless it was up already); nothing for a
    process pool. Runs inside it share one Ray instead of starting one each."""
    if backend.ray is None:
        yield
        return
    import ray  # the optional ``ladder`` extra

    if ray.is_initialized():
        yield
        return
    if backend.ray == LOCAL:
        start_local_ray(backend.workers if backend.workers > 1 else None)
    else:
        ray.init(address=backend.ray, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def _run_ray(function: Callable[[J], R], work: list[J], backend: Backend, ordered: bool) -> Iterator[R]:
    import ray  # the optional ``ladder`` extra

    with started(backend):
        task = ray.remote(_call_niced)
        function_ref = ray.put(function)
        refs = [task.remote(function_ref, backend.nice, job) for job in work]
        if ordered:  # in the jobs' order; the cluster plays them in any order meanwhile
            for ref in refs:
                yield ray.get(ref)
            return
        waiting = refs
        while waiting:
            finished, waiting = ray.wait(waiting, num_returns=1)
            yield from ray.get(finished)
