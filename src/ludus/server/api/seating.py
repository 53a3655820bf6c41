"""Seats after the start: an empty seat handed to a bot, taken back by its player, and the rematch.

- ``POST /api/tables/{id}/hand-over`` ``{"token", "seat", "level"}``: a player at the table gives another
  seat to a bot of that level, once presence.py says the seat may be handed over (its player left or has been
  away for the grace period; before the start: a free seat). The seat's holder keeps their token.
- ``POST /api/tables/{id}/take-back`` ``{"token"}``: the holder of a seat a bot plays takes it back.
- ``POST /api/tables/{id}/rematch`` ``{"token", "answer": "accept" | "decline"}``: at a finished table the first
  answer opens the rematch: a new table with the same game, options, seats and bot levels and a new seed,
  every human seat kept for the player who held it (a seat handed to a bot mid-game goes back to its human).
  Accepting takes the kept seat with the same token; declining frees it for anyone with the invite (or for a
  bot, given by the players who accepted). The rematch starts, like any table, when every seat is taken.
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy.exc import IntegrityError
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ludus.ai.bot import LEVELS
from ludus.engine.chance import new_secret

from ..guards.limits import Rates, TooMany, client_address
from ..live.tables import LiveTables
from ..store import TableRecord, hash_token
from .lobby import LobbyError, _account, _body, _table_id, seat_holder


def _seat_number(value: Any, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise LobbyError("bad-seat", f"seat must be a number from 0 to {players - 1}")
    return value


class Seating:
    def __init__(self, tables: LiveTables, rates: Rates | None = None) -> None:
        self.tables = tables
        self.rates = rates  # a rematch opens a table: it counts against the address's create limit

    def routes(self) -> list[Route]:
        return [
            Route("/api/tables/{table_id}/hand-over", self._endpoint(self.hand_over), methods=["POST"]),
            Route("/api/tables/{table_id}/take-back", self._endpoint(self.take_back), methods=["POST"]),
            Route("/api/tables/{table_id}/rematch", self._endpoint(self.rematch), methods=["POST"]),
        ]

    def _endpoint(self, operation: Any) -> Any:
        async def endpoint(request: Request) -> JSONResponse:
            try:
                table_id = _table_id(request)  # an id that cannot be one never reaches the database
                body = await _body(request)
                return JSONResponse(await operation(request, table_id, body))
            except LobbyError as error:
                return error.response()
        return endpoint

    async def _holder(self, request: Request, table_id: str, body: dict[str, Any]) -> tuple[TableRecord, int, str]:
        """The table, and the seat and token hash of the player asking (by token, or by account)."""
        record = await self.tables.db(self.tables.store.table, table_id)
        if record is None:
            raise LobbyError("unknown-table", f"there is no table {table_id!r}", 404)
        seat, digest = await seat_holder(request, self.tables, table_id, body)
        return record, seat, digest

    async def hand_over(self, request: Request, table_id: str, body: dict[str, Any]) -> dict[str, Any]:
        record, mine, _ = await self._holder(request, table_id, body)
        seat = _seat_number(body.get("seat"), record.players)
        level = body.get("level")
        if level not in LEVELS:
            raise LobbyError("bad-bots", f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
        if record.status == "over":
            raise LobbyError("game-over", "the game is over", 409)
        if seat == mine:
            raise LobbyError("bad-seat", "that is your own seat")
        table = await self.tables.get(table_id)
        assert table is not None
        if not table.presence.may_hand_over(table.record.seats[seat], table.record.status):
            raise LobbyError("seat-held", "that seat's player is here, or has not been away for long", 409)
        if not await self.tables.db(self.tables.store.hand_to_bot, table_id, seat, level):
            raise LobbyError("seat-held", "a bot already plays that seat", 409)
        await table.refresh_seats()
        return {"seat": seat, "bot": level}

    async def take_back(self, request: Request, table_id: str, body: dict[str, Any]) -> dict[str, Any]:
        _, mine, digest = await self._holder(request, table_id, body)
        if await self.tables.db(self.tables.store.take_back, table_id, digest) is None:
            raise LobbyError("not-handed", "no bot plays your seat", 409)
        table = await self.tables.get(table_id)
        if table is not None:
            await table.refresh_seats()
        return {"seat": mine}

    async def rematch(self, request: Request, table_id: str, body: dict[str, Any]) -> dict[str, Any]:
        record, seat, digest = await self._holder(request, table_id, body)
        account = await _account(request)
        mine = None if account is None else account.id
        answer = body.get("answer")
        if answer not in ("accept", "decline"):
            raise LobbyError("malformed", "answer \"accept\" or \"decline\"")
        if record.status != "over":
            raise LobbyError("not-over", "a rematch is offered when the game is over", 409)
        store = self.tables.store
        accept = answer == "accept"
        rematch_id = record.rematch
        if rematch_id is not None and accept:
            played = await self.tables.db(store.table, rematch_id)
            if played is not None and played.status == "over":
                # "play again" from the history: the last rematch is over too, so a new one replaces it
                self._count_table(request)
                rematch_id = await self._open(record, replacing=rematch_id)
        if rematch_id is None:
            self._count_table(request)
            rematch_id = await self._open(record)
        # accepted through the account on another device: the new seat gets a token of its own
        token = body.get("token") or (secrets.token_urlsafe(24) if accept else None)
        try:
            answered_now = await self.tables.db(store.answer_invite, rematch_id, seat, digest, accept, mine,
                                                hash_token(token) if token else None)
        except IntegrityError as error:  # the account holds another seat of the rematch already
            raise LobbyError("already-seated", "your account holds a seat at this table already", 409) from error
        if not answered_now:
            rematch = await self.tables.db(store.table, rematch_id)
            held = rematch is not None and (rematch.seats[seat].token_hash == digest
                                            or (mine is not None and rematch.seats[seat].account_id == mine))
            if not held or not accept:
                raise LobbyError("seat-taken", "your rematch seat was already answered", 409)
            token = body.get("token")  # taken already: the account (or the token sent) is the credential
        for changed in (rematch_id, table_id):  # both tables' viewers see the answer
            table = await self.tables.get(changed)
            if table is not None:
                await table.refresh_seats()
        answered: dict[str, Any] = {"rematch": rematch_id, "invite": f"/t/{rematch_id}"}
        if accept:
            answered.update(seat=seat, token=token)
        return answered

    def _count_table(self, request: Request) -> None:
        """A rematch is a new table: the create limit of the address asking holds for it too."""
        if self.rates is None:
            return
        try:
            self.rates.tables.hit(client_address(request))
        except TooMany as error:
            raise LobbyError("too-many", str(error), 429, error.retry_after) from error

    async def _open(self, record: TableRecord, replacing: str | None = None) -> str:
        """The rematch table: a seat handed to a bot mid-game goes back to its human; a seat nobody holds
        keeps its bot; each human seat is kept for its token and, if an account held it, for the account."""
        bots = [s.bot if s.token_hash is None else None for s in record.seats]
        kept = {s.seat: (s.token_hash, s.name, s.account_id) for s in record.seats if s.token_hash is not None}
        return await self.tables.db(self.tables.store.create_rematch, record.id, secrets.token_urlsafe(6),
                                    new_secret(), bots, kept, replacing)
