"""A task that runs for as long as the server does: started at start-up, cancelled and awaited at shutdown."""

from __future__ import annotations

import asyncio
import contextlib


class Background:
    task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        raise NotImplementedError

    def start(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task  # it logs its own failures; what is left here is the cancellation
            self.task = None
