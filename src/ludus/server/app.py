"""The ASGI application: lobby API, live play, message catalogs and the static web client.

``ludus serve`` runs it on uvicorn with an embedded SQLite file (./ludus.sqlite3) unless
``--db`` names another database (``postgresql://...``); ``--redis`` adds Redis pub/sub so
several server processes can share one database. What one client may cost is bounded by ``Limits``
(limits.py; ``--limit-*`` and the other flags of ``ludus serve``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import logging.config
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from ludus import i18n

from .api import openapi, pictures
from .api.accounts import Accounts, AttemptRates, CsrfGuard
from .api.analysis import Analyses
from .api.archive import Archive, finished_from
from .api.history import History
from .api.lobby import Lobby
from .api.replay import ReplayApi, table_loader
from .api.seating import Seating
from .api.tutorials import Tutorials
from .guards.hygiene import Hygiene, allowed_methods
from .guards.limits import Limits, Rates, Setups, limits_from_arguments
from .guards.logs import LOG_CONFIG
from .guards.timeouts import http_protocol, websocket_protocol
from .live.attendance import DEFAULT_ABANDON_AFTER, Attendance
from .live.clock import Clock
from .live.collector import Collector
from .live.hub import make_hub
from .live.play import SessionSockets, play_socket
from .live.presence import DEFAULT_GRACE
from .live.tables import LiveTable, LiveTables
from .live.turns import TICK as TURN_TICK
from .live.turns import Turns
from .live.work import Workers
from .store import Store

log = logging.getLogger("ludus.server")

WEB = Path(str(resources.files("ludus") / "web"))


class NoCacheStatic(StaticFiles):
    """The client has no build step and no file hashes: make browsers revalidate every module."""

    async def get_response(self, path: str, scope: Any) -> Response:
        response = await super().get_response(path, scope)
        response.headers["Cache-Control"] = "no-cache"
        return response


async def page(request: Request) -> Response:
    """Every page is the same shell; the client routes on the path (/, /t/<id>, /rules/<game>,
    /games/<id>/replay)."""
    return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})


async def messages(request: Request) -> JSONResponse:
    """All catalogs of one language as one flat object of full keys ("web.lobby.create": ...)."""
    lang = request.path_params["lang"]
    if lang not in i18n.LANGUAGES:
        return JSONResponse({"error": "unknown-language", "detail": f"choose one of {', '.join(i18n.LANGUAGES)}"},
                            status_code=404)
    merged: dict[str, str] = {}
    for namespace in i18n.namespaces():
        merged.update({f"{namespace}.{key}": text for key, text in i18n.bundle(lang, namespace).items()})
    return JSONResponse(merged, headers={"Cache-Control": "no-cache"})


async def not_found(request: Request, error: Exception) -> JSONResponse:
    """Unknown paths and methods answer JSON like every other refusal (Starlette's default is text); a 405
    says in ``Allow`` which methods every route of the path takes together."""
    status = getattr(error, "status_code", 404)
    if status == 405:
        allowed = allowed_methods(request.app.router.routes, request.scope) or ["GET", "HEAD"]
        return JSONResponse({"error": "method-not-allowed",
                             "detail": f"{request.method} is not taken here; use {', '.join(allowed)}"},
                            status_code=405, headers={"Allow": ", ".join(allowed)})
    return JSONResponse({"error": "not-found", "detail": "no such path here"}, status_code=status)


async def health(request: Request) -> JSONResponse:
    return JSONResponse({"ok": True, "live_tables": len(request.app.state.tables.live)})


async def sweep_forever(tables: LiveTables, every: float) -> None:
    """Now and then, drop the tables nobody needs from memory (they reload from the log when opened)."""
    idle: set[str] = set()
    while True:
        await asyncio.sleep(every)
        try:
            idle = tables.sweep(idle)
        except Exception:
            log.exception("sweeping idle tables failed")


def create_app(db_url: str | None = None, redis_url: str | None = None, *, resume: bool = True,
               seat_grace: float = DEFAULT_GRACE, lease_seconds: float | None = None,
               secure_cookies: bool = False, turn_tick: float = TURN_TICK,
               attempt_rates: AttemptRates | None = None, limits: Limits | None = None,
               abandon_after: float = DEFAULT_ABANDON_AFTER) -> Starlette:
    limits = limits or Limits()
    store = Store(db_url)
    hub = make_hub(redis_url)
    tables = LiveTables(store, hub, seat_grace, lease_seconds)
    setups = Setups(limits.setup_workers, limits.setup_seconds)
    tables.workers = Workers(limits.setup_workers, limits.work_seconds)  # heavy game work off the loop (work.py)
    rates = Rates(limits, redis_url)
    attendance = Attendance(tables, abandon_after)  # deserted tables closed; spectators and people online
    lobby = Lobby(tables, rates, setups, attendance)
    clock = Clock(tables)
    collector = Collector()  # full garbage collections kept from pausing the loop (live/collector.py)
    accounts = Accounts(store, redis_url=redis_url, secure_cookies=secure_cookies, rates=attempt_rates)
    sessions = SessionSockets(hub)
    accounts.on_signed_out = sessions.signed_out
    archive = Archive(store)
    turns = Turns(tables, turn_tick)
    analyses = Analyses(tables, limits)
    tables.on_stored = turns.stored

    async def ended(table: LiveTable) -> None:
        await tables.db(archive.record, finished_from(table.record, table.match))
        if table.record.turn_seconds is not None:
            await turns.stored(table)  # the clocks stop

    tables.on_ended = ended

    async def archive_missing() -> None:
        """Tables that ended while their process stopped before archiving them."""
        for table_id in await tables.db(archive.unarchived):
            table = await tables.get(table_id)
            if table is not None and table.match.finished:
                await ended(table)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        setups.warm()
        if resume:
            resumed = await tables.resume_all()
            if resumed:
                log.info("resumed %s running tables from the move log", resumed)
        clock.start()
        tables.leases.start()
        turns.start()
        await archive_missing()
        attendance.start()
        collector.start()
        sweeper = asyncio.create_task(sweep_forever(tables, limits.sweep_seconds))
        try:
            yield
        finally:
            sweeper.cancel()
            await collector.stop()
            await attendance.stop()
            await turns.stop()
            await analyses.close()
            accounts.close()
            await clock.stop()
            await tables.close()
            await hub.close()
            store.close()

    replays = ReplayApi(table_loader(tables), workers=tables.workers, rates=rates)
    routes = [
        *lobby.routes(),
        *accounts.routes(),
        *History(tables, accounts, archive).routes(),
        *Seating(tables, rates).routes(),
        *Tutorials(tables, accounts).routes(),
        *analyses.routes(),
        *pictures.routes(),
        *openapi.routes(),
        *replays.routes(),
        Route("/health", health),
        Route("/i18n/{lang}", messages),
        WebSocketRoute("/ws/{table_id}", play_socket),
        Route("/", page),
        Route("/t/{table_id}", page),
        Route("/rules/{game}", page),
        Route("/learn/{game}", page),
        Route("/games/{table_id}/replay", page),
        Route("/account", page),
        Route("/me", page),
        Route("/games", page),
        Route("/ratings/{game}", page),
        Mount("/web", NoCacheStatic(directory=WEB), name="web"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(Hygiene, routes=routes), Middleware(CsrfGuard, accounts=accounts)],
                    exception_handlers={404: not_found, 405: not_found})
    app.state.tables = tables
    app.state.accounts = accounts
    app.state.archive = archive
    app.state.turns = turns
    app.state.attendance = attendance
    app.state.analyses = analyses
    app.state.store = store
    app.state.clock = clock
    app.state.limits = limits
    app.state.rates = rates
    app.state.sessions = sessions
    app.state.replays = replays
    return app


def serve_command(args: argparse.Namespace) -> int:
    import uvicorn

    logging.config.dictConfig(LOG_CONFIG)  # one line per cause per minute (logs.py)
    limits = limits_from_arguments(args)
    app = create_app(args.db, args.redis, seat_grace=args.seat_grace, lease_seconds=getattr(args, "lease", None),
                     secure_cookies=getattr(args, "secure_cookies", False), limits=limits,
                     abandon_after=getattr(args, "abandon_after", DEFAULT_ABANDON_AFTER))
    database = app.state.store.engine.url.render_as_string(hide_password=True)
    print(f"ludus: serving on http://{args.host}:{args.port}/ (database {database})", flush=True)
    # X-Forwarded-Proto and -For are believed only from the proxies named by --forwarded-allow-ips
    proxies = getattr(args, "forwarded_allow_ips", None)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", log_config=LOG_CONFIG,
                ws_max_size=64 * 1024,
                proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None,
                # views are small and sent often: deflating each one costs more CPU than it saves
                ws_per_message_deflate=False,
                http=http_protocol(limits.request_seconds), ws=websocket_protocol(limits.stall_seconds),
                timeout_keep_alive=max(1, round(limits.idle_seconds)))
    return 0
