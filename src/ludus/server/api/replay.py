"""The replay viewer's API: a finished game's moves, and what any seat saw at any move.

- ``GET /api/tables/{id}/replay?seat=<n|spectator|all>`` → the match's steps as that perspective knew them
  (``engine.replay.Replay.step_json``), the seats' names, the outcome and the perspectives on offer.
- ``GET /api/tables/{id}/replay/views?seat=…&from=n&count=k`` → the views at steps n … n+k−1 (k ≤ 64).

Only a finished table is replayed: while a game runs its log would give away what the players keep hidden,
and the table page itself shows each seat its own view (``not-over``, 403). The same API serves a saved match
file (``ludus replay FILE --web``, see replay_file.py), which may be unfinished: then everything but the
"all" perspective is offered (the file's holder has its whole log anyway).

A table's log is replayed once (on a worker process, under a deadline: work.py) into a Replay that keeps a
snapshot every 16 steps and after every step that did heavy work (so a Shadows map is never searched twice);
the views are computed per aligned chunk of 16 steps and kept, already serialized, in a small LRU, so
stepping, jumping and playing back cost a dictionary lookup once a chunk has been seen.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, request_response

from ludus.engine import IllegalChoice
from ludus.engine.replay import EVERYONE, Perspective, Replay

from ..guards.inputs import is_table_id
from ..guards.limits import Rates, TooMany, client_address
from ..live.tables import LiveTables
from ..live.work import Workers, WorkFailed
from .lobby import LobbyError, match_file

CHUNK = 16
MAX_COUNT = 64
RETRY_SECONDS = 5  # a replay that passed its deadline on a busy server: the page asks again after this
SPECTATOR = "spectator"


@dataclass
class Saved:
    """A match file to replay and the seats' names (``{"seat", "name", "bot"}``)."""

    match: dict[str, Any]
    seats: list[dict[str, Any]]


Loader = Callable[[str], Awaitable[Saved]]
"""Finds a saved match by table id, or raises LobbyError (unknown-table, not-over)."""


@dataclass
class Loaded:
    replay: Replay
    seats: list[dict[str, Any]]


def perspective_name(perspective: Perspective) -> str:
    return SPECTATOR if perspective is None else str(perspective)


def parse_perspective(text: str | None, replay: Replay) -> Perspective:
    """``all``, ``spectator`` or a seat number; without one, everything once the game is over."""
    if text is None or text == "":
        return EVERYONE if replay.finished else None
    perspective: Perspective
    if text == EVERYONE:
        perspective = EVERYONE
    elif text == SPECTATOR:
        perspective = None
    elif text.isdigit() and len(text) < 4:
        perspective = int(text)
    else:
        raise LobbyError("bad-seat", f"seat is a seat number from 0 to {replay.players - 1}, 'spectator' or 'all'")
    try:
        replay.check(perspective)
    except PermissionError as error:
        raise LobbyError("not-over", str(error), 403) from error
    except ValueError as error:
        raise LobbyError("bad-seat", str(error)) from error
    return perspective


def _number(request: Request, name: str, default: int, low: int, high: int) -> int:
    text = request.query_params.get(name)
    if text is None:
        return default
    if not text.isdigit() or len(text) > 9 or not low <= int(text) <= high:
        raise LobbyError("bad-move", f"{name} is a whole number from {low} to {high}")
    return int(text)


class ReplayCache:
    """Replays of the last tables asked for (LRU), and serialized parts of their answers: the steps of a
    perspective, and the views of a perspective's 16-step chunks (LRU within a budget of characters)."""

    def __init__(self, load: Loader, keep: int = 16, budget: int = 32 * 2**20,
                 workers: Workers | None = None) -> None:
        self.load = load
        self.workers = workers
        self.keep = keep
        self.budget = budget
        self.replays: OrderedDict[str, Loaded] = OrderedDict()
        self.texts: OrderedDict[tuple[str, str, int], list[str]] = OrderedDict()
        self.size = 0
        self._building: dict[str, asyncio.Future[Loaded]] = {}

    async def get(self, table_id: str) -> Loaded:
        known = self.replays.get(table_id)
        if known is not None:
            self.replays.move_to_end(table_id)
            return known
        building = self._building.get(table_id)
        if building is not None:  # asked twice at once: the log is replayed once
            return await asyncio.shield(building)
        future: asyncio.Future[Loaded] = asyncio.get_running_loop().create_future()
        self._building[table_id] = future
        try:
            saved = await self.load(table_id)
            try:
                replay = await self.build(saved.match)
            except (IllegalChoice, ValueError) as error:
                raise LobbyError("server-error", f"the saved match does not replay: {error}", 500) from error
            except WorkFailed as error:
                raise LobbyError("replay-timeout", f"replaying this game took too long ({error}); try again later",
                                 503, RETRY_SECONDS) from error
            loaded = Loaded(replay, saved.seats)
            self.replays[table_id] = loaded
            while len(self.replays) > self.keep:
                self.replays.popitem(last=False)
            future.set_result(loaded)
            return loaded
        except Exception as error:
            future.set_exception(error)
            future.exception()  # marked as retrieved: nobody else may be waiting for it
            raise
        except BaseException:
            future.cancel()
            raise
        finally:
            del self._building[table_id]

    async def build(self, match: dict[str, Any]) -> Replay:
        """The match replayed: on a worker process under a deadline when there are workers (a server: a Shadows
        game searches a map per round), else on a thread (a saved file's viewer)."""
        if self.workers is None:
            return await asyncio.to_thread(Replay.from_json, match)
        return await self.workers.replay_file(match)

    async def kept(self, key: tuple[str, str, int], make: Callable[[], list[str]]) -> list[str]:
        """The texts kept under ``key``, or made now on a worker thread (a replay's views cost CPU)."""
        found = self.texts.get(key)
        if found is not None:
            self.texts.move_to_end(key)
            return found
        found = await asyncio.to_thread(make)
        if key not in self.texts:  # two requests may have made it at once: keep (and count) it once
            self.texts[key] = found
            self.size += sum(map(len, found))
            while self.size > self.budget and len(self.texts) > 1:
                _, dropped = self.texts.popitem(last=False)
                self.size -= sum(map(len, dropped))
        return found

    async def steps(self, table_id: str, replay: Replay, perspective: Perspective) -> list[str]:
        return await self.kept((table_id, perspective_name(perspective), -1), lambda: [
            _dumps(replay.step_json(n, perspective)) for n in range(1, replay.moves + 1)])

    async def views(self, table_id: str, replay: Replay, perspective: Perspective, start: int, count: int) -> list[str]:
        """The serialized views of steps ``start`` … ``start + count − 1``."""
        name = perspective_name(perspective)
        texts: list[str] = []
        for chunk in range(start // CHUNK, (start + count - 1) // CHUNK + 1):
            texts.extend(await self.kept((table_id, name, chunk),
                                         lambda chunk=chunk: _chunk_views(replay, perspective, chunk)))
        offset = start - (start // CHUNK) * CHUNK
        return texts[offset:offset + count]


def _chunk_views(replay: Replay, perspective: Perspective, chunk: int) -> list[str]:
    stop = min((chunk + 1) * CHUNK, replay.moves + 1)
    return [_dumps({"n": n, **replay.view(state, perspective)}) for n, state in replay.positions(chunk * CHUNK, stop)]


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def perspectives(replay: Replay) -> list[str | int]:
    return [*([EVERYONE] if replay.finished else []), *range(replay.players), SPECTATOR]


class Answers:
    """Whole answers kept per (table, seat, range): the same question asked again (by anyone) costs a lookup."""

    def __init__(self, budget: int = 8 * 2**20) -> None:
        self.budget = budget
        self.size = 0
        self.kept: OrderedDict[tuple[Any, ...], str] = OrderedDict()

    def get(self, key: tuple[Any, ...]) -> str | None:
        found = self.kept.get(key)
        if found is not None:
            self.kept.move_to_end(key)
        return found

    def put(self, key: tuple[Any, ...], body: str) -> None:
        if key in self.kept or len(body) > self.budget // 4:
            return
        self.kept[key] = body
        self.size += len(body)
        while self.size > self.budget:
            _, dropped = self.kept.popitem(last=False)
            self.size -= len(dropped)


class ReplayApi:
    def __init__(self, load: Loader, table_pages: bool = True, workers: Workers | None = None,
                 rates: Rates | None = None) -> None:
        self.cache = ReplayCache(load, workers=workers)
        self.answers = Answers()
        self.table_pages = table_pages  # a saved file's viewer has no table page to go back to
        self.rates = rates  # replay requests of one address (``Limits.replays``); a saved file's viewer has none

    def _count(self, request: Request) -> None:
        if self.rates is None:
            return
        try:
            self.rates.replays.hit(client_address(request))
        except TooMany as error:
            raise LobbyError("too-many", str(error), 429, error.retry_after) from error

    def routes(self) -> list[Route]:
        # views repeat themselves from step to step (a Shadows board is half its view): gzipped, a phone
        # stepping through "everything" fetches a tenth of the bytes
        def zipped(endpoint: Callable[[Request], Awaitable[Response]]) -> GZipMiddleware:
            return GZipMiddleware(request_response(endpoint), minimum_size=1024, compresslevel=1)

        return [
            Route("/api/tables/{table_id}/replay", zipped(self.steps), methods=["GET"]),
            Route("/api/tables/{table_id}/replay/views", zipped(self.views), methods=["GET"]),
        ]

    async def _asked(self, request: Request) -> tuple[str, Loaded, Perspective]:
        table_id = request.path_params["table_id"]
        loaded = await self.cache.get(table_id)
        return table_id, loaded, parse_perspective(request.query_params.get("seat"), loaded.replay)

    async def steps(self, request: Request) -> Response:
        try:
            self._count(request)
            table_id, loaded, perspective = await self._asked(request)
        except LobbyError as error:
            return error.response()
        replay = loaded.replay
        outcome = replay.outcome
        head = _dumps({
            "table": table_id, "game": replay.game.id, "players": replay.players, "options": replay.options,
            "seats": loaded.seats, "moves": replay.moves, "finished": replay.finished,
            "outcome": None if outcome is None else outcome.to_json(),
            "seat": perspective_name(perspective), "perspectives": perspectives(replay),
            "download": f"/api/tables/{table_id}/match",
            "table_page": f"/t/{table_id}" if self.table_pages else None})
        steps = await self.cache.steps(table_id, replay, perspective)
        return Response(f'{head[:-1]},"steps":[{",".join(steps)}]}}', media_type="application/json")

    async def views(self, request: Request) -> Response:
        try:
            self._count(request)
            table_id, loaded, perspective = await self._asked(request)
            replay = loaded.replay
            start = _number(request, "from", 0, 0, replay.moves)
            count = min(_number(request, "count", CHUNK, 1, MAX_COUNT), replay.moves + 1 - start)
        except LobbyError as error:
            return error.response()
        key = (table_id, perspective_name(perspective), start, count)
        body = self.answers.get(key)
        if body is None:
            texts = await self.cache.views(table_id, replay, perspective, start, count)
            body = f'{{"table":{_dumps(table_id)},"seat":{_dumps(perspective_name(perspective))},"from":{start},' \
                   f'"views":[{",".join(texts)}]}}'
            self.answers.put(key, body)
        return Response(body, media_type="application/json")


def saved_from(match: dict[str, Any]) -> Saved:
    """A match file as the viewer needs it, with the seats' names where the file carries them (a server's
    download does; a file saved by ``Match.dumps`` does not)."""
    named = {seat.get("seat"): seat for seat in match.get("seats") or [] if isinstance(seat, dict)}
    seats = [{"seat": seat, "name": named.get(seat, {}).get("name"), "bot": named.get(seat, {}).get("bot")}
             for seat in range(match["players"])]
    return Saved(match, seats)


def table_loader(tables: LiveTables) -> Loader:
    """A finished table of the server's database."""

    async def load(table_id: str) -> Saved:
        # an id that cannot be one never reaches the database (PostgreSQL refuses a NUL with an error of its own)
        record = await tables.db(tables.store.table, table_id) if is_table_id(table_id) else None
        if record is None:
            raise LobbyError("unknown-table", f"there is no table {table_id!r}", 404)
        if record.status != "over":
            raise LobbyError("not-over", "a game is replayed once it is over; until then its table shows each "
                             "seat its own view", 403)
        return saved_from(match_file(record, await tables.db(tables.store.moves, table_id)))

    return load
