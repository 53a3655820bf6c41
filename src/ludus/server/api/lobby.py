"""The lobby's HTTP JSON API: games, tables, invites, seats.

Accounts are optional (accounts.py): taking a seat returns a random token (``secrets.token_urlsafe``)
that only the browser keeps; the database stores its sha256, so a leaked database seats nobody. A
signed-in player's seat also belongs to their account, which may stand in for the token.
Every refusal is ``{"error": code, "detail": text}`` with a stable code. One address may create and
join only so many tables (``too-many``, 429 with Retry-After); a table's setup runs in a worker process
under a deadline (``setup-timeout``); everything a request asks for is checked before anything is stored.
"""

from __future__ import annotations

import math
import secrets
from functools import partial
from typing import Any

from sqlalchemy.exc import IntegrityError
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ludus.ai.bot import LEVELS
from ludus.engine import GAMES, BadOptions, UnknownGame, check_players, game_ids, load_game, resolve_options
from ludus.engine.chance import new_secret

from ..guards.hygiene import MAX_BODY
from ..guards.inputs import BadInput, display_name, is_table_id, json_object
from ..guards.limits import Rate, Rates, Setups, SetupTimeout, TooMany, client_address
from ..live.attendance import Attendance
from ..live.tables import LiveTables
from ..live.turns import turn_terms
from ..store import TableRecord, hash_token
from .errors import ApiError

DEFAULT_BOT_DELAY = 0.8


class LobbyError(ApiError):
    """A lobby request refused (bad options, a full table, too many requests…)."""


def uncached_json(operation: Any) -> Any:
    """An endpoint answering ``await operation(request)`` as JSON that no cache keeps (it is about the asker or
    changes by the minute); a LobbyError is its refusal."""
    async def endpoint(request: Request) -> JSONResponse:
        try:
            return JSONResponse(await operation(request), headers={"Cache-Control": "no-store"})
        except LobbyError as error:
            return error.response()
    return endpoint


def game_info(game_id: str) -> dict[str, Any]:
    game = load_game(game_id)
    return {"id": game.id, "players": [game.players.start, game.players.stop - 1],
            "options": [{"name": o.name, "default": o.default, "help": o.help,
                         "choices": None if o.choices is None else list(o.choices),
                         "min": o.minimum, "max": o.maximum} for o in game.options],
            "bot_levels": list(LEVELS),
            # named option sets (e.g. Shadows' "first-game") and the component table (Rose's edition)
            "presets": [dict(preset) for preset in getattr(game, "presets", ())],
            "components": game.components() if hasattr(game, "components") else None}


def match_file(record: TableRecord, log: list[dict[str, Any]]) -> dict[str, Any]:
    """A finished table as a saved match (``Match.from_json``); the seats' names ride along for the replay
    viewer (``ludus replay FILE --web``)."""
    return {"format": "ludus-match/1", "game": record.game, "players": record.players, "seed": record.seed,
            "options": record.options, "log": log,
            "seats": [{"seat": seat.seat, "name": seat.name, "bot": seat.bot} for seat in record.seats]}


async def _body(request: Request) -> dict[str, Any]:
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise LobbyError("malformed", f"the request body is larger than {MAX_BODY} bytes", 413)
    try:
        return json_object(raw or b"{}")
    except BadInput as error:
        raise LobbyError(error.code, error.detail) from error


def _name(value: Any) -> str:
    try:
        return display_name(value)
    except BadInput as error:
        raise LobbyError(error.code, error.detail) from error


def _count(rate: Rate, request: Request) -> None:
    try:
        rate.hit(client_address(request))
    except TooMany as error:
        raise LobbyError("too-many", str(error), 429, error.retry_after) from error


def _table_id(request: Request) -> str:
    table_id = request.path_params["table_id"]
    if not is_table_id(table_id):
        raise LobbyError("unknown-table", "there is no such table", 404)
    return table_id


def _bots(value: Any, players: int) -> list[str | None]:
    """Bot levels per seat: a list (null = human seat) or an object {seat: level}."""
    if value is None:
        return [None] * players
    if isinstance(value, dict):
        levels: list[str | None] = [None] * players
        for key, level in value.items():
            try:
                seat = int(key)
            except (TypeError, ValueError) as error:
                raise LobbyError("bad-bots", f"bot seat {key!r} is not a number") from error
            if not 0 <= seat < players:
                raise LobbyError("bad-bots", f"bot seat {seat} does not exist at a table of {players}")
            levels[seat] = level
        value = levels
    if not isinstance(value, list) or len(value) != players:
        raise LobbyError("bad-bots", f"bots must list {players} seats (null for a human seat)")
    for level in value:
        if level is not None and level not in LEVELS:
            raise LobbyError("bad-bots", f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    return value


async def _account(request: Request) -> Any:
    """The signed-in account behind a request (None: a guest, or a server without accounts)."""
    accounts = getattr(request.app.state, "accounts", None)
    account = None if accounts is None else await accounts.current(request)
    if account is not None:
        await accounts.seen(request, account)  # where it plays from (sightings.py)
    return account


async def seat_holder(request: Request, tables: LiveTables, table_id: str, body: dict[str, Any]) -> tuple[int, str]:
    """The seat (and its token hash) of whoever asks: by the seat's ``token``, or, without one, by the
    signed-in account that holds a seat at this table. ``bad-token`` (401) otherwise."""
    token = body.get("token")
    if token is None:
        accounts = getattr(request.app.state, "accounts", None)
        held = None if accounts is None else await accounts.seat(request, table_id)
        if held is None:
            raise LobbyError("bad-token", "this needs your seat's token (or your account's seat)", 401)
        return held
    if not isinstance(token, str) or not token:
        raise LobbyError("bad-token", "this needs your seat's token", 401)
    digest = hash_token(token)
    seat = await tables.db(tables.store.seat_for_token, table_id, digest)
    if seat is None:
        raise LobbyError("bad-token", "this token holds no seat at this table", 401)
    return seat, digest


def _bot_delay(value: Any) -> float:
    if value is None:
        return DEFAULT_BOT_DELAY
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) \
            or not 0 <= value <= 10:
        raise LobbyError("bad-bot-delay", "bot_delay is a number of seconds from 0 to 10")
    return float(value)


class Lobby:
    def __init__(self, tables: LiveTables, rates: Rates, setups: Setups, attendance: Attendance | None = None) -> None:
        self.tables = tables
        self.rates = rates
        self.setups = setups
        self.attendance = attendance or Attendance(tables)

    def routes(self) -> list[Route]:
        return [
            Route("/api/games", self.games, methods=["GET"]),
            Route("/api/tables", self.list_tables, methods=["GET"]),
            Route("/api/tables", self.create, methods=["POST"]),
            Route("/api/tables/{table_id}", self.show, methods=["GET"]),
            Route("/api/tables/{table_id}/join", self.join, methods=["POST"]),
            Route("/api/tables/{table_id}/leave", self.leave, methods=["POST"]),
            Route("/api/tables/{table_id}/match", self.saved_match, methods=["GET"]),
        ]

    # --- handlers ------------------------------------------------------------------------
    async def games(self, request: Request) -> JSONResponse:
        return JSONResponse({"games": [game_info(game_id) for game_id in game_ids()]})

    async def list_tables(self, request: Request) -> JSONResponse:
        """The open and running tables, newest first, each with its spectators (signed-in ones by name, guests
        as a count) and whether one of its seats is the signed-in account's (``yours``); and how many people
        are online (at a table, or in the lobby lately: ``?visitor=`` is the browser's own random id)."""
        account = await _account(request)
        visitor = request.query_params.get("visitor")
        if account is not None:
            self.attendance.visit(f"a:{account.id}")
        elif visitor is not None and is_table_id(visitor):
            self.attendance.visit(f"v:{visitor}")
        records = await self.tables.db(self.tables.store.list_tables, ("open", "running"), 200)
        watching, online = await self.attendance.picture()
        nobody = {"names": [], "guests": 0}
        return JSONResponse({"online": online, "tables": [
            {**record.to_json(), "spectators": watching.get(record.id, nobody),
             "yours": account is not None and any(seat.account_id == account.id for seat in record.seats)}
            for record in records]})

    async def show(self, request: Request) -> JSONResponse:
        try:
            return JSONResponse({"table": (await self._record(_table_id(request))).to_json()})
        except LobbyError as error:
            return error.response()

    async def create(self, request: Request) -> JSONResponse:
        try:
            _count(self.rates.tables, request)
            body = await _body(request)
            created = await self._create(body, await _account(request))
        except LobbyError as error:
            return error.response()
        return JSONResponse(created, status_code=201)

    async def join(self, request: Request) -> JSONResponse:
        try:
            _count(self.rates.joins, request)
            table_id = _table_id(request)
            body = await _body(request)
            joined = await self._join(table_id, body.get("name"), body.get("seat"), await _account(request))
        except LobbyError as error:
            return error.response()
        return JSONResponse(joined)

    async def leave(self, request: Request) -> JSONResponse:
        try:
            table_id = _table_id(request)
            body = await _body(request)
            seat, digest = await seat_holder(request, self.tables, table_id, body)
            await self.tables.db(self.tables.store.release_seat, table_id, seat, digest)
            await self._seats_changed(table_id)
        except LobbyError as error:
            return error.response()
        return JSONResponse({"left": seat})

    async def saved_match(self, request: Request) -> JSONResponse:
        """The whole move log as a replayable match file, once the game is over (earlier it would
        give away hidden choices)."""
        try:
            record = await self._record(_table_id(request))
            if record.status != "over":
                raise LobbyError("not-over", "the move log is published when the game is over", 403)
        except LobbyError as error:
            return error.response()
        log = await self.tables.db(self.tables.store.moves, record.id)
        return JSONResponse(match_file(record, log))

    # --- operations ----------------------------------------------------------------------
    async def _record(self, table_id: str) -> Any:
        record = await self.tables.db(self.tables.store.table, table_id)
        if record is None:
            raise LobbyError("unknown-table", f"there is no table {table_id!r}", 404)
        return record

    async def _create(self, body: dict[str, Any], account: Any = None) -> dict[str, Any]:
        """Everything the request asks for is checked first, then the game's setup runs (on a worker, under
        a deadline), then the table and the creator's seat are stored in one transaction."""
        game_id = body.get("game")
        try:
            game = load_game(game_id if isinstance(game_id, str) else "")
        except UnknownGame as error:
            raise LobbyError("unknown-game", str(error) if isinstance(game_id, str) else "game is a game id") \
                from error
        players = body.get("players", game.players.start)
        try:
            check_players(game.id, players, game.players)
        except BadOptions as error:
            raise LobbyError("bad-players", str(error)) from error
        given = body.get("options") or {}
        if not isinstance(given, dict):
            raise LobbyError("bad-options", "options must be a JSON object")
        try:
            options = resolve_options(game.options, given)
        except BadOptions as error:
            raise LobbyError("bad-options", str(error)) from error
        bots = _bots(body.get("bots"), players)
        bot_delay = _bot_delay(body.get("bot_delay"))
        name = _name(body["name"]) if body.get("name") is not None else None
        if name is not None and all(bots):
            raise LobbyError("table-full", "every seat is a bot; create without a name to watch", 409)
        try:
            turn = turn_terms(game.id, body.get("turn"))
        except ValueError as error:
            raise LobbyError(*error.args) from error
        wants_rating = body.get("rated", True)
        if not isinstance(wants_rating, bool):
            raise LobbyError("malformed", "rated is true or false")
        if options.get("aid") and body.get("rated") is True:
            # an aid that teaches (issue 23) plays part of the game for the learner: never in a rated game
            raise LobbyError("aid-on-rated-table", "an aid that teaches is for casual tables only: "
                             "ask for an unrated table (rated: false) or turn the aid off")
        # a game with changed rule options measures something else: only the rules as published are rated
        rated = wants_rating and options == resolve_options(game.options, {})
        seed = new_secret()  # 256 bits; it leaves the server only in the saved match of a finished game
        try:
            # a game may refuse a combination only setup can judge (Shadows: no map fits)
            await self.setups.run(GAMES[game.id], players, seed, options)
        except BadOptions as error:
            raise LobbyError("bad-options", str(error)) from error
        except SetupTimeout as error:
            raise LobbyError("setup-timeout", f"setting up this table took too long ({error}); "
                             "choose easier options or try again later", 503) from error
        table_id = secrets.token_urlsafe(6)
        token = secrets.token_urlsafe(24)
        creator = None
        if name is not None:  # a signed-in player plays under their account's name
            creator = (name if account is None else account.name, hash_token(token),
                       None if account is None else account.id)
        await self.tables.db(partial(self.tables.store.create_table, rated=rated, creator=creator,
                                     turn_seconds=turn[0] if turn else None, on_timeout=turn[1] if turn else None),
                             table_id, game.id, players, seed, options, bots, bot_delay)
        record = await self._record(table_id)
        created: dict[str, Any] = {}
        if creator is not None:
            seat = next(s.seat for s in record.seats if s.token_hash == creator[1])
            created = {"seat": seat, "token": token, "invite": f"/t/{table_id}"}
        if record.status == "running":
            await self.tables.get(table_id)  # bot-only tables start playing at once
        return {"table": record.to_json(), "invite": f"/t/{table_id}", **created}

    async def _join(self, table_id: str, name: Any, seat: Any, account: Any = None) -> dict[str, Any]:
        name = _name(name) if account is None else account.name  # a signed-in player plays under their name
        record = await self._record(table_id)
        if record.status == "over":
            raise LobbyError("game-over", "this game is over; you can still watch it", 409)
        if account is not None and any(s.account_id == account.id for s in record.seats):
            raise LobbyError("already-seated", "your account holds a seat at this table already", 409)
        if seat is None:
            free = [s.seat for s in record.seats if not s.taken and s.invited is None]  # not kept for a rematch
            if not free:
                raise LobbyError("table-full", "every seat at this table is taken", 409)
            candidates = free
        else:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < record.players:
                raise LobbyError("bad-seat", f"seat must be a number from 0 to {record.players - 1}")
            candidates = [seat]
        token = secrets.token_urlsafe(24)
        for candidate in candidates:
            try:
                claimed = await self.tables.db(self.tables.store.claim_seat, table_id, candidate, name,
                                               hash_token(token), None if account is None else account.id)
            except IntegrityError as error:  # the same account took another seat here at this very moment
                raise LobbyError("already-seated", "your account holds a seat at this table already", 409) \
                    from error
            if claimed:
                await self._seats_changed(table_id)
                return {"seat": candidate, "token": token, "invite": f"/t/{table_id}"}
        raise LobbyError("seat-taken", "that seat is taken" if seat is not None else "every seat is taken", 409)

    async def _seats_changed(self, table_id: str) -> None:
        table = await self.tables.get(table_id)
        if table is not None:
            await table.refresh_seats()
