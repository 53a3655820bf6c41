"""The coach's API: a player asks for the analysis of their own seat in a finished game.

``POST /api/tables/{id}/analysis`` ``{"token"?}`` (the seat's token, or the signed-in account's seat) →
``{"status": "done", "seat", "analysis"}`` once it is stored, ``{"status": "running", "seat", "done",
"total"}`` (202) while it is computed, ``{"status": "failed", "seat", "error", "detail"}`` once if it could not
be (the next request starts it again). Refusals: ``unknown-table`` (404), ``not-over`` (403: only a finished
game is analysed), ``bad-token`` (401: only the seat's player may ask, see docs/server.md), ``analysis-busy``
(429: this account or address has another analysis under way).

The work (``ludus.ai.coach.Coach``: the hard bot's choice and the winning chances, from the seat's views only)
runs on the server's worker processes (the setup pool, ``guards.limits.on_workers``), never on the event loop,
in parts of about a CPU-second each, so the progress can be told and a table's setup never waits long behind
an analysis; the whole analysis must be done within ``Limits.analysis_seconds``, else a part's worker is
stopped and the answer is ``analysis-timeout``. Stored in ``ludus_analyses``, an analysis is computed once.
Jobs under way and the one-at-a-time rule live in this process's memory (with several processes each counts
its own).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ludus.ai.coach import Budget, Coach, run_part
from ludus.engine import GAMES

from ..guards.limits import Limits, client_address, on_workers
from ..live.tables import LiveTables
from .lobby import LobbyError, _account, _body, _table_id, match_file, seat_holder

log = logging.getLogger("ludus.analysis")

PART_SECONDS = 1.0
"""CPU time one part of an analysis may take on a worker before it hands back its progress."""


@dataclass
class Job:
    table_id: str
    game: str
    seat: int
    client: str
    done: int = 0
    total: int | None = None
    failed: tuple[str, str] | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def progress(self) -> dict[str, Any]:
        if self.failed is not None:
            return {"status": "failed", "seat": self.seat, "error": self.failed[0], "detail": self.failed[1]}
        return {"status": "running", "seat": self.seat, "done": self.done, "total": self.total}


def analysis_seed(match: dict[str, Any], seat: int) -> int:
    """The coach's seed for a seat of a finished match (its secret is public once it is over): the same
    analysis whoever asks and whenever, and for the same match on another server."""
    return int.from_bytes(hashlib.blake2b(f"coach:{match['seed']}:{seat}".encode(), digest_size=8).digest(), "big")


class Analyses:
    def __init__(self, tables: LiveTables, limits: Limits) -> None:
        self.tables = tables
        self.workers = limits.setup_workers
        self.deadline = limits.analysis_seconds
        self.budget = Budget(worlds=limits.analysis_worlds, depth=limits.analysis_depth or None)
        self.jobs: dict[tuple[str, int], Job] = {}
        self.busy: dict[str, Job] = {}  # client → its job under way

    def routes(self) -> list[Route]:
        return [Route("/api/tables/{table_id}/analysis", self.endpoint, methods=["POST"])]

    async def endpoint(self, request: Request) -> JSONResponse:
        try:
            table_id = _table_id(request)
            body = await _body(request)
            answer = await self.ask(request, table_id, body)
        except LobbyError as error:
            return error.response()
        return JSONResponse(answer, status_code=202 if answer["status"] == "running" else 200)

    async def _client(self, request: Request) -> str:
        account = await _account(request)
        return f"account:{account.id}" if account is not None else f"address:{client_address(request)}"

    async def ask(self, request: Request, table_id: str, body: dict[str, Any]) -> dict[str, Any]:
        record = await self.tables.db(self.tables.store.table, table_id)
        if record is None:
            raise LobbyError("unknown-table", f"there is no table {table_id!r}", 404)
        if record.status != "over":
            raise LobbyError("not-over", "a game is analysed once it is over", 403)
        seat, _ = await seat_holder(request, self.tables, table_id, body)
        stored = await self.tables.db(self.tables.store.analysis, table_id, seat)
        if stored is not None:
            return {"status": "done", "seat": seat, "analysis": stored}
        job = self.jobs.get((table_id, seat))
        if job is not None:
            if job.failed is not None:
                del self.jobs[(table_id, seat)]  # told once; the next request starts it again
            return job.progress()
        client = await self._client(request)
        other = self.busy.get(client)
        if other is not None:
            raise LobbyError("analysis-busy", "one analysis at a time: yours of another game is under way", 429,
                             retry_after=5)
        match = match_file(record, await self.tables.db(self.tables.store.moves, table_id))
        job = Job(table_id, record.game, seat, client)
        self.jobs[(table_id, seat)] = self.busy[client] = job
        job.task = asyncio.create_task(self._run(job, Coach(match, seat, self.budget, analysis_seed(match, seat))))
        return job.progress()

    async def _run(self, job: Job, coach: Coach) -> None:
        """Part after part on the workers until the coach is through, then stored; the deadline covers all."""
        end = time.monotonic() + self.deadline
        try:
            while not coach.finished:
                left = end - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                target = GAMES.get(job.game)
                coach = await on_workers(self.workers, run_part, coach, PART_SECONDS, target, deadline=left)
                job.done, job.total = coach.done, coach.total
            report = coach.report()
            await self.tables.db(self.tables.store.save_analysis, job.table_id, job.seat, report, time.time())
            del self.jobs[(job.table_id, job.seat)]
        except TimeoutError:
            job.failed = ("analysis-timeout", f"the analysis was stopped after {self.deadline:g} s")
        except Exception as error:  # a log that no longer replays, a bot that failed: said, not hidden
            log.exception("analysis of %s seat %s failed", job.table_id, job.seat)
            job.failed = ("server-error", f"the analysis failed: {type(error).__name__}")
        finally:
            if self.busy.get(job.client) is job:
                del self.busy[job.client]

    async def close(self) -> None:
        for job in list(self.jobs.values()):
            if job.task is not None:
                job.task.cancel()
