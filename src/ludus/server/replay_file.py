"""``ludus replay FILE --web``: a saved match in the browser's replay viewer, served read-only from this machine.

A small app of its own: the static client, the message catalogs, the Shadows pictures, the replay API over
the one match of the file (as table ``<id>``, made from the file's name) and the file itself for download.
No database, no lobby, no WebSocket: nothing can be played or changed. It prints the viewer's address and
opens a browser when the machine has a graphical one (never a terminal browser, which would take over the
terminal the server runs in).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import sys
import webbrowser
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route

from ludus.engine.replay import Replay

from .api import pictures
from .api.lobby import LobbyError
from .api.replay import ReplayApi, Saved, saved_from
from .app import WEB, NoCacheStatic, messages, page


def table_id_for(path: Path) -> str:
    """The viewer's table id: the file's name in the characters a table id may hold."""
    name = re.sub(r"[^\w-]+", "-", path.stem, flags=re.ASCII).strip("-")[:32]
    return name or "match"


def create_file_app(path: Path) -> tuple[Starlette, str, Replay]:
    """The app for one match file; a file that is not a match, or whose log does not replay, raises
    ValueError (or IllegalChoice) before anything is served."""
    data = json.loads(path.read_text(encoding="utf-8"))
    replay = Replay.from_json(data)  # refuse a broken file now, not in the browser
    table_id = table_id_for(path)
    saved = saved_from(data)
    viewer = f"/games/{table_id}/replay"

    async def load(wanted: str) -> Saved:
        if wanted != table_id:
            raise LobbyError("unknown-table", f"this viewer shows only {table_id!r}", 404)
        return saved

    async def download(request: Request) -> Response:
        if request.path_params["table_id"] != table_id:
            return JSONResponse({"error": "unknown-table", "detail": f"this viewer shows only {table_id!r}"}, 404)
        return JSONResponse(data)

    async def home(request: Request) -> Response:
        return RedirectResponse(viewer)

    async def health(request: Request) -> JSONResponse:
        return JSONResponse({"ok": True, "replay": table_id})

    routes = [
        *ReplayApi(load, table_pages=False).routes(),
        Route("/api/tables/{table_id}/match", download, methods=["GET"]),
        *pictures.routes(),
        Route("/health", health),
        Route("/i18n/{lang}", messages),
        Route("/games/{table_id}/replay", page),
        Route("/", home),
        Mount("/web", NoCacheStatic(directory=WEB), name="web"),
    ]
    return Starlette(routes=routes), viewer, replay


def graphical_browser() -> bool:
    """Whether opening a browser would show a window (and not start lynx in this terminal)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def replay_command(args: argparse.Namespace) -> int:
    import uvicorn

    app, viewer, replay = create_file_app(Path(args.file))
    listener = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((args.host, args.port))  # port 0: the system picks a free one
    port = listener.getsockname()[1]
    host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{host}:{port}{viewer}"
    state = "finished" if replay.finished else "unfinished"
    print(f"ludus: replaying {args.file} ({replay.game.id}, {replay.moves} moves, {state}) at {url}", flush=True)
    if not args.no_browser and graphical_browser():
        webbrowser.open(url)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    server.run(sockets=[listener])
    return 0
