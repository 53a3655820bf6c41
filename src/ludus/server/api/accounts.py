"""Accounts, optional: sign up, sign in, sign out, and seats held by an account (docs/accounts.md).

Nobody needs an account: a table is still created and joined with just a name, and a seat is still a
random token only the browser keeps. An account adds a name that is one person's, a history and ratings.

- Passwords are hashed with Argon2id (``argon2-cffi``; its own salt and parameters in the hash) on worker
  threads, so hashing never stalls the event loop. A password is never stored, logged, echoed or put in a URL.
- A signed-in browser holds two cookies: ``ludus_session`` (HttpOnly, SameSite=Lax, Secure over HTTPS) and
  ``ludus_csrf`` (readable by the page's own scripts, SameSite=Strict). The database keeps only their sha256.
  Every state-changing request that carries the session cookie must repeat the CSRF token in the
  ``X-CSRF-Token`` header (the page reads its cookie; another site can neither read it nor set the header
  without a CORS preflight this server never grants), else it is refused with ``bad-csrf`` and nothing runs.
- Sign-in attempts are counted per name (failures) and per address (all attempts), sign-ups per address;
  over the rate: ``too-many-attempts`` (429, Retry-After). Unknown name and wrong password are one answer.
- A guest seat is claimed into an account with its token (``POST /api/account/claim``), also after the game.
- An account is a credential for its seats like the seat's token: the WebSocket hello without a token seats a
  signed-in player at the seat their account holds (only from this site's own pages: the Origin must match).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from starlette.datastructures import Headers
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from ..guards.inputs import BadInput
from ..store import Sightings, Store, accounts, hash_token, result_seats, seats, sessions
from . import names, passwords
from .attempts import AttemptRates, Attempts
from .errors import ApiError

log = logging.getLogger("ludus.server.accounts")

SESSION_COOKIE = "ludus_session"
CSRF_COOKIE = "ludus_csrf"
CSRF_HEADER = "x-csrf-token"
SESSION_SECONDS = 30 * 24 * 3600
MIN_PASSWORD = 8
MAX_PASSWORD = 256
MAX_NAME = 32
CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})



class AccountError(ApiError):
    """An account request refused (a taken name, wrong credentials, a missing CSRF token…)."""


def _name_refused(why: str) -> AccountError:
    if why == "name-taken":
        return AccountError("name-taken", "that name belongs to an account already", 409)
    return AccountError("name-confusable", "that name looks like the name of another account", 409)


@dataclass(frozen=True)
class Account:
    id: int
    name: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name}


def name_key(name: str) -> str:
    """One account per name, whatever its case or Unicode form."""
    return unicodedata.normalize("NFKC", name).casefold()


def account_name(value: Any) -> str:
    """The display-name rules of guests (names.py)."""
    if not isinstance(value, str) or not value.strip():
        raise AccountError("bad-name", "an account needs a name")
    try:
        return names.account_name(value)
    except BadInput as error:
        raise AccountError(error.code, error.detail) from error


def password_of(value: Any) -> str:
    if not isinstance(value, str) or not MIN_PASSWORD <= len(value) <= MAX_PASSWORD:
        raise AccountError("bad-password", f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return value


def new_password(value: Any, name: str) -> str:
    """A new account's password: long enough and, by zxcvbn, hard enough to guess (passwords.py); refused
    with ``weak-password`` and the reason (``web.password.<reason>`` in the page's language)."""
    password = password_of(value)
    reason = passwords.weakness(password, [name])
    if reason is not None:
        raise AccountError("weak-password", f"this password is easy to guess ({reason}); choose a longer one, "
                           "a few unrelated words for instance", reason=reason)
    return password


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


# --- storage (synchronous; run inline for SQLite, on a thread for PostgreSQL) --------------------------
class AccountBook:
    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def create(self, name: str, password_hash: str) -> Account | str:
        """A new account; else why not: "name-taken" (in any case) or "name-confusable" (a look-alike)."""
        try:
            with self.engine.begin() as db:
                result = db.execute(insert(accounts).values(name=name, name_key=name_key(name),
                                                            name_skeleton=names.skeleton(name),
                                                            password_hash=password_hash, created=time.time()))
        except IntegrityError:
            with self.engine.connect() as db:
                taken = db.execute(select(accounts.c.id).where(accounts.c.name_key == name_key(name))).first()
            return "name-taken" if taken is not None else "name-confusable"
        return Account(int(result.inserted_primary_key[0]), name)

    def looks_taken(self, name: str) -> str | None:
        """Would this name be refused (checked before the password is hashed; ``create`` decides for good)?"""
        with self.engine.connect() as db:
            row = db.execute(select(accounts.c.name_key).where(
                (accounts.c.name_key == name_key(name)) | (accounts.c.name_skeleton == names.skeleton(name)))).first()
        if row is None:
            return None
        return "name-taken" if row.name_key == name_key(name) else "name-confusable"

    def find(self, name: str) -> tuple[Account, str] | None:
        with self.engine.connect() as db:
            row = db.execute(select(accounts).where(accounts.c.name_key == name_key(name))).first()
        return None if row is None else (Account(row.id, row.name), row.password_hash)

    def rehash(self, account_id: int, password_hash: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id).values(password_hash=password_hash))

    def open_session(self, account_id: int, session_hash: str, csrf_hash: str, expires: float) -> None:
        with self.engine.begin() as db:
            db.execute(delete(sessions).where(sessions.c.expires < time.time()))  # the old ones go on the way
            db.execute(insert(sessions).values(id_hash=session_hash, account_id=account_id, csrf_hash=csrf_hash,
                                               created=time.time(), expires=expires))

    def session(self, session_hash: str) -> tuple[Account, str] | None:
        """The signed-in account and the hash of its CSRF token, if the session is alive."""
        query = (select(accounts.c.id, accounts.c.name, sessions.c.csrf_hash)
                 .select_from(sessions.join(accounts, accounts.c.id == sessions.c.account_id))
                 .where(sessions.c.id_hash == session_hash, sessions.c.expires > time.time()))
        with self.engine.connect() as db:
            row = db.execute(query).first()
        return None if row is None else (Account(row.id, row.name), row.csrf_hash)

    def close_session(self, session_hash: str) -> None:
        with self.engine.begin() as db:
            db.execute(delete(sessions).where(sessions.c.id_hash == session_hash))

    def claim(self, table_id: str, token_hash: str, account_id: int) -> tuple[int, bool] | None:
        """Put the seat this token holds into the account (and its place in the archive, if the game is
        over): (seat, done) — done False when another account holds it; None when the token holds no seat."""
        with self.engine.begin() as db:
            row = db.execute(select(seats.c.seat, seats.c.account_id).where(
                seats.c.table_id == table_id, seats.c.token_hash == token_hash)).first()
            if row is None:
                return None
            if row.account_id not in (None, account_id):
                return row.seat, False
            other = db.execute(select(seats.c.seat).where(seats.c.table_id == table_id, seats.c.seat != row.seat,
                                                          seats.c.account_id == account_id)).first()
            if other is not None:
                return row.seat, False  # one account holds one seat per table (the index says so too)
            db.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == row.seat)
                       .values(account_id=account_id))
            db.execute(update(result_seats).where(result_seats.c.table_id == table_id,
                                                  result_seats.c.seat == row.seat,
                                                  result_seats.c.bot.is_(None))
                       .values(account_id=account_id))
        return row.seat, True

    def seat_of(self, table_id: str, account_id: int) -> tuple[int, str] | None:
        """The seat (and its token hash) this account holds at a table."""
        with self.engine.connect() as db:
            row = db.execute(select(seats.c.seat, seats.c.token_hash).where(and_(
                seats.c.table_id == table_id, seats.c.account_id == account_id,
                seats.c.token_hash.is_not(None)))).first()
        return None if row is None else (row.seat, row.token_hash)


def client_address(connection: HTTPConnection) -> str:
    return connection.client.host if connection.client else "unknown"


def same_site(headers: Headers, scheme: str) -> bool:
    """A WebSocket handshake from this server's own pages (or from a program that sends no Origin)."""
    origin = headers.get("origin")
    if origin is None:
        return True
    page_scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
    return origin.rstrip("/").lower() == f"{page_scheme}://{headers.get('host', '').lower()}"


class CsrfGuard:
    """ASGI middleware: a state-changing request that carries a live session must repeat its CSRF token
    (``X-CSRF-Token``), else it is refused with ``bad-csrf`` (403) and nothing runs. The account found is
    kept for the handler."""

    def __init__(self, app: ASGIApp, accounts: Accounts) -> None:
        self.app = app
        self.accounts = accounts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in CHANGING:
            request = Request(scope)
            found = await self.accounts.session(request)
            account = None
            if found is not None:
                account, csrf_hash = found
                given = request.headers.get(CSRF_HEADER, "")
                if not given or len(given) > 128 or not hmac.compare_digest(_digest(given), csrf_hash):
                    refusal = AccountError("bad-csrf", "this request needs the page's CSRF token", 403)
                    await refusal.response()(scope, receive, send)
                    return
            scope.setdefault("state", {})["account"] = account
        await self.app(scope, receive, send)


class Accounts:
    """The account endpoints, the session behind a request, and the CSRF check."""

    def __init__(self, store: Store, *, redis_url: str | None = None, secure_cookies: bool = False,
                 rates: AttemptRates | None = None) -> None:
        self.store = store
        self.book = AccountBook(store)
        self.attempts = Attempts(redis_url, rates)
        self.sightings = Sightings(store.engine)
        # sign-out ends the sockets opened with the session, in every process (play.py registers the hook)
        self.on_signed_out: Any = None
        self.secure_cookies = secure_cookies
        self.hasher = PasswordHasher()
        # Argon2 takes tens of milliseconds and 64 MiB per hash: two at a time, off the event loop
        self.hashing = ThreadPoolExecutor(2, "ludus-argon2")
        # a real hash to verify against when the name is unknown, so both answers take as long (made at the
        # first sign-in, not at start-up)
        self.decoy: str | None = None

    def close(self) -> None:
        self.hashing.shutdown(wait=False, cancel_futures=True)

    async def db(self, function: Any, *args: Any) -> Any:
        if self.store.embedded:
            return function(*args)
        return await asyncio.to_thread(function, *args)

    async def _hash(self, function: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.hashing, function, *args)

    # --- who is asking ------------------------------------------------------------------------------
    async def session(self, connection: HTTPConnection) -> tuple[Account, str] | None:
        token = connection.cookies.get(SESSION_COOKIE)
        if not token or len(token) > 128:
            return None
        return await self.db(self.book.session, _digest(token))

    def session_hash(self, connection: HTTPConnection) -> str | None:
        """The hash of the session cookie a request or socket carries (whether alive or not)."""
        token = connection.cookies.get(SESSION_COOKIE)
        return _digest(token) if token and len(token) <= 128 else None

    async def current(self, connection: HTTPConnection) -> Account | None:
        """The signed-in account behind a request or WebSocket (a WebSocket only from this site's pages)."""
        state = connection.scope.setdefault("state", {})
        if "account" in state:
            return state["account"]
        if connection.scope["type"] == "websocket" and not same_site(connection.headers, connection.url.scheme):
            state["account"] = None
            return None
        found = await self.session(connection)
        state["account"] = None if found is None else found[0]
        return state["account"]

    # --- endpoints ----------------------------------------------------------------------------------
    def routes(self) -> list[Route]:
        return [
            Route("/api/account", self.show, methods=["GET"]),
            Route("/api/account/signup", self._endpoint(self.signup), methods=["POST"]),
            Route("/api/account/signin", self._endpoint(self.signin), methods=["POST"]),
            Route("/api/account/signout", self._endpoint(self.signout), methods=["POST"]),
            Route("/api/account/claim", self._endpoint(self.claim), methods=["POST"]),
        ]

    def _endpoint(self, operation: Any) -> Any:
        from .lobby import LobbyError, _body  # the lobby's body reader and its refusals

        async def endpoint(request: Request) -> Response:
            try:
                return await operation(request, await _body(request))
            except ApiError as error:  # AccountError, and the attempt counts' refusal
                return error.response()
            except LobbyError as error:
                return JSONResponse({"error": error.code, "detail": error.detail}, status_code=error.status)
        return endpoint

    async def show(self, request: Request) -> JSONResponse:
        account = await self.current(request)
        return JSONResponse({"account": None if account is None else account.to_json()},
                            headers={"Cache-Control": "no-store"})

    async def signup(self, request: Request, body: dict[str, Any]) -> Response:
        name = account_name(body.get("name"))
        taken = await self.db(self.book.looks_taken, name)
        if taken is not None:
            raise _name_refused(taken)
        password = new_password(body.get("password"), name)
        address = client_address(request)
        self.attempts.take("signup-address", address)
        hashed = await self._hash(self.hasher.hash, password)
        account = await self.db(self.book.create, name, hashed)
        if isinstance(account, str):
            raise _name_refused(account)
        log.info("account %s signed up", account.id)
        return await self._signed_in(request, account, 201)

    async def seen(self, connection: HTTPConnection, account: Account) -> None:
        """Note where an account was seen from (sightings.py), so linked accounts do not rate each other."""
        try:
            await self.db(self.sightings.seen, account.id, "address", client_address(connection))
        except Exception:  # a sighting is worth less than the request that made it
            log.warning("a sighting of account %s could not be stored", account.id, exc_info=True)

    async def signin(self, request: Request, body: dict[str, Any]) -> Response:
        name = account_name(body.get("name"))
        password = body.get("password")
        if not isinstance(password, str) or len(password) > MAX_PASSWORD:
            raise AccountError("bad-credentials", "that name and password do not match an account", 401)
        address = client_address(request)
        key = name_key(name)
        # counted before the check: of many attempts at once, only as many as allowed reach Argon2 (attempts.py)
        await self.attempts.reserve_signin(key, address)
        found = await self.db(self.book.find, name)
        if found is None and self.decoy is None:
            self.decoy = await self._hash(self.hasher.hash, secrets.token_urlsafe(16))
        stored = found[1] if found is not None else self.decoy
        try:
            good = await self._hash(self.hasher.verify, stored, password) and found is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            good = False
        if not good or found is None:
            raise AccountError("bad-credentials", "that name and password do not match an account", 401)
        account, stored = found
        if self.hasher.check_needs_rehash(stored):
            await self.db(self.book.rehash, account.id, await self._hash(self.hasher.hash, password))
        log.info("account %s signed in", account.id)
        return await self._signed_in(request, account, 200)

    async def _signed_in(self, request: Request, account: Account, status: int) -> Response:
        old = request.cookies.get(SESSION_COOKIE)
        await self.seen(request, account)
        if old and len(old) <= 128:
            before = await self.db(self.book.session, _digest(old))
            if before is not None and before[0].id != account.id:
                # one browser, two accounts: both are seen from that browser session
                for seen in (before[0], account):
                    await self.db(self.sightings.seen, seen.id, "session", _digest(old))
            await self._end_session(_digest(old))
        session, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        await self.db(self.book.open_session, account.id, _digest(session), _digest(csrf),
                      time.time() + SESSION_SECONDS)
        response = JSONResponse({"account": account.to_json()}, status_code=status,
                                headers={"Cache-Control": "no-store"})
        secure = self.secure_cookies or request.url.scheme == "https"
        response.set_cookie(SESSION_COOKIE, session, max_age=SESSION_SECONDS, path="/", httponly=True,
                            samesite="lax", secure=secure)
        response.set_cookie(CSRF_COOKIE, csrf, max_age=SESSION_SECONDS, path="/", httponly=False,
                            samesite="strict", secure=secure)
        return response

    async def signout(self, request: Request, body: dict[str, Any]) -> Response:
        token = request.cookies.get(SESSION_COOKIE)
        if token and len(token) <= 128:
            await self._end_session(_digest(token))
        response = JSONResponse({"account": None}, headers={"Cache-Control": "no-store"})
        secure = self.secure_cookies or request.url.scheme == "https"
        response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax", secure=secure)
        response.delete_cookie(CSRF_COOKIE, path="/", samesite="strict", secure=secure)
        return response

    async def _end_session(self, session_hash: str) -> None:
        """The session ends: its row, and every socket opened with it, in every process."""
        await self.db(self.book.close_session, session_hash)
        if self.on_signed_out is not None:
            await self.on_signed_out(session_hash)

    async def claim(self, request: Request, body: dict[str, Any]) -> Response:
        account = await self.current(request)
        if account is None:
            raise AccountError("signed-out", "sign in to keep a game in your account", 401)
        table_id, token = body.get("table"), body.get("token")
        if not isinstance(table_id, str) or not isinstance(token, str) or not token:
            raise AccountError("malformed", "claiming a seat needs the table and the seat's token")
        try:
            claimed = await self.db(self.book.claim, table_id, hash_token(token), account.id)
        except IntegrityError:  # another request gave the account a seat here at this very moment
            claimed = (-1, False)
        if claimed is None:
            raise AccountError("bad-token", "this token holds no seat at this table", 401)
        seat, done = claimed
        if not done:
            held = await self.db(self.book.seat_of, table_id, account.id)
            if held is not None and held[0] != seat:
                raise AccountError("already-seated", "your account holds a seat at this table already", 409)
            raise AccountError("seat-claimed", "another account holds that seat", 409)
        tables = request.app.state.tables
        live = tables.live.get(table_id)
        if live is not None:
            await live.refresh_seats()
        return JSONResponse({"table": table_id, "seat": seat})

    async def seat(self, connection: HTTPConnection, table_id: str) -> tuple[int, str] | None:
        """The seat the signed-in account holds at this table, with its token hash (the seat's credential)."""
        account = await self.current(connection)
        if account is None:
            return None
        return await self.db(self.book.seat_of, table_id, account.id)
