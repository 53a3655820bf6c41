"""Heavy work in a game's rules: a pure computation that can take long (Shadows' map search at a round start).

A rules function marks such a computation with ``@heavy``. It runs as usual everywhere, except where the
caller has said heavy work must not run here (``refused()``: the server's event loop). There it raises
``Offload`` before computing anything, and the caller does the step again where heavy work is welcome (a
worker process, under a deadline). The rules stay pure and deterministic: the same step gives the same
result wherever it runs, so where it ran is not part of the game.

``counted()`` tells a caller whether a step did heavy work (a replay keeps the position after such a step,
so looking at it again never repeats the search). The switches are context variables: each thread, and
each asyncio task, has its own.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_REFUSED: ContextVar[bool] = ContextVar("ludus_heavy_refused", default=False)
_COUNTER: ContextVar[list[int] | None] = ContextVar("ludus_heavy_counter", default=None)


class Offload(Exception):
    """Heavy work was asked for where it is refused; nothing of it was computed."""


def heavy(function: F) -> F:
    """Mark a pure function whose work can take long."""

    @functools.wraps(function)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if _REFUSED.get():
            raise Offload(f"{function.__qualname__} is heavy work: run this step on a worker")
        counter = _COUNTER.get()
        if counter is not None:
            counter[0] += 1
        return function(*args, **kwargs)

    return guarded  # type: ignore[return-value]


@contextlib.contextmanager
def refused() -> Iterator[None]:
    """Within this block heavy work raises ``Offload`` instead of running."""
    token = _REFUSED.set(True)
    try:
        yield
    finally:
        _REFUSED.reset(token)


@contextlib.contextmanager
def counted() -> Iterator[list[int]]:
    """Within this block every heavy call is counted in the yielded one-item list."""
    counter = [0]
    token = _COUNTER.set(counter)
    try:
        yield counter
    finally:
        _COUNTER.reset(token)
