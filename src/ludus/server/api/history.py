"""The HTTP API of what players come back for: their own games, the public archive, the leaderboards.

- ``GET /api/me`` (signed in): the account, its ratings, its running tables (those where it is their
  move first, with their deadlines), how many wait for them, the rematches they are invited to, and the
  first page of their finished games (``GET /api/me/games?page=n`` for more).
- ``GET /api/archive?game=&player=&since=YYYY-MM-DD&until=YYYY-MM-DD&page=n``: every finished table, newest
  first, 25 a page; ``player`` matches the beginning of a name in any case.
- ``GET /api/ratings/{game}?page=n``: the leaderboard (accounts and bot levels), 50 a page.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from starlette.requests import Request
from starlette.routing import Route

from ludus.engine import game_ids

from ..live.tables import LiveTables
from ..store import invites, rematches, seats, tables
from .accounts import Accounts
from .archive import Archive
from .lobby import LobbyError, uncached_json

MAX_PAGE = 100_000


def _page(request: Request) -> int:
    text = request.query_params.get("page", "1")
    if not text.isdigit() or not 1 <= int(text) <= MAX_PAGE:
        raise LobbyError("bad-page", f"page is a number from 1 to {MAX_PAGE}")
    return int(text)


def _game(value: str | None) -> str | None:
    if value in (None, ""):
        return None
    if value not in game_ids():
        raise LobbyError("unknown-game", f"there is no game {value!r}", 404)
    return value


class History:
    def __init__(self, tables: LiveTables, accounts: Accounts, archive: Archive) -> None:
        self.tables = tables
        self.accounts = accounts
        self.archive = archive

    def routes(self) -> list[Route]:
        return [
            Route("/api/me", uncached_json(self.me), methods=["GET"]),
            Route("/api/me/games", uncached_json(self.my_games), methods=["GET"]),
            Route("/api/archive", uncached_json(self.games), methods=["GET"]),
            Route("/api/ratings/{game}", uncached_json(self.board), methods=["GET"]),
        ]

    async def db(self, function: Any, *args: Any, **kwargs: Any) -> Any:
        return await self.tables.db(lambda: function(*args, **kwargs))

    async def _signed_in(self, request: Request) -> Any:
        account = await self.accounts.current(request)
        if account is None:
            raise LobbyError("signed-out", "sign in to see your games", 401)
        return account

    async def me(self, request: Request) -> dict[str, Any]:
        account = await self._signed_in(request)
        running = await self._running(account.id)
        return {"account": account.to_json(), "ratings": await self.db(self.archive.skills_of, account.id),
                "running": running, "waiting": sum(1 for table in running if table["your_move"]),
                "invitations": await self.db(self._invitations, account.id),
                "finished": await self.db(self.archive.games, account_id=account.id)}

    async def my_games(self, request: Request) -> dict[str, Any]:
        account = await self._signed_in(request)
        return await self.db(self.archive.games, page=_page(request), account_id=account.id)

    async def games(self, request: Request) -> dict[str, Any]:
        query = request.query_params
        player = query.get("player") or None
        if player is not None and len(player) > 64:
            raise LobbyError("bad-player", "a player's name has at most 64 characters")
        try:
            return await self.db(self.archive.games, game=_game(query.get("game")), player=player,
                                 since=query.get("since") or None, until=query.get("until") or None,
                                 page=_page(request))
        except ValueError as error:
            raise LobbyError("bad-date", "dates are written YYYY-MM-DD") from error

    async def board(self, request: Request) -> dict[str, Any]:
        game = _game(request.path_params["game"])
        assert game is not None
        return await self.db(self.archive.board, game, _page(request))

    # --- a player's tables --------------------------------------------------------------------------
    async def _running(self, account_id: int) -> list[dict[str, Any]]:
        """The open and running tables where the account holds a seat: those awaiting its move first (the
        nearest deadline first), then the others, newest first."""
        held = await self.db(self._held, account_id)
        listed = []
        for table_id, seat in held:
            table = await self.tables.get(table_id)
            if table is None:
                continue
            record = table.record
            your_move = record.status == "running" and not table.match.finished \
                and record.seats[seat].bot is None and bool(table.match.decisions(seat))
            listed.append({**record.to_json(), "seat": seat, "your_move": your_move,
                           "deadline": record.deadlines.get(seat)})
        listed.sort(key=lambda t: (not t["your_move"], t["deadline"] or float("inf"), -t["created"]))
        return listed

    def _held(self, account_id: int) -> list[tuple[str, int]]:
        query = (select(seats.c.table_id, seats.c.seat).select_from(seats.join(tables, tables.c.id == seats.c.table_id))
                 .where(seats.c.account_id == account_id, tables.c.status.in_(("open", "running")))
                 .order_by(tables.c.created.desc()).limit(200))
        with self.tables.store.engine.connect() as db:
            return [(row.table_id, row.seat) for row in db.execute(query).all()]

    def _invitations(self, account_id: int) -> list[dict[str, Any]]:
        """Rematches kept for this account that it has not answered yet."""
        query = (select(invites.c.table_id, invites.c.seat, tables.c.game, rematches.c.table_id.label("origin"))
                 .select_from(invites.join(tables, tables.c.id == invites.c.table_id)
                              .join(rematches, rematches.c.rematch_id == invites.c.table_id))
                 .where(invites.c.account_id == account_id, tables.c.status == "open"))
        with self.tables.store.engine.connect() as db:
            rows = db.execute(query).all()
            others = {}
            for row in rows:
                others[row.table_id] = [name for (name,) in db.execute(select(seats.c.name).where(
                    seats.c.table_id == row.table_id, seats.c.seat != row.seat, seats.c.name.is_not(None))).all()]
        # answered at the finished table (``POST /api/tables/{origin}/rematch``), like at its end screen
        return [{"table": row.table_id, "origin": row.origin, "game": row.game, "seat": row.seat,
                 "with": others[row.table_id], "invite": f"/t/{row.table_id}"} for row in rows]
