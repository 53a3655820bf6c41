"""Browser hygiene: what keeps another site from using a visitor's browser against this server.

- Every HTTP response carries a Content-Security-Policy (scripts and styles only from this origin, no
  inline script, no framing), X-Frame-Options, X-Content-Type-Options and Referrer-Policy.
- Requests that change something (POST, PUT, PATCH, DELETE) must be ``application/json``; the content
  types a cross-site HTML form can send (text/plain, form encodings) get 415 ``json-only``, and a
  cross-site ``fetch`` with JSON needs a CORS preflight this server never grants. A method no route of the
  path takes gets 405 ``method-not-allowed`` with ``Allow`` (whatever its content type), an unknown path 404.
- A body announced larger than ``MAX_BODY`` gets 413 (JSON) before a byte of it is read; one that turns
  out larger while it is read gets the same from the endpoint's reader (lobby.py).
- A WebSocket opened from a page must come from the served host itself or from an allowed origin;
  clients that send no Origin (programs, tests) are not browsers and are let in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Match, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

SECURITY_HEADERS = {
    "content-security-policy": CSP,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}

CHANGING_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_BODY = 16 * 1024  # every request body this server takes is a few hundred bytes


def allowed_methods(routes: Sequence[BaseRoute], scope: Scope) -> list[str]:
    """The methods the routes of this request's path take (the ``Allow`` of a 405)."""
    methods: set[str] = set()
    for route in routes:
        match, _ = route.matches({**scope, "type": "http"})
        if match != Match.NONE:
            methods |= set(getattr(route, "methods", None) or {"GET", "HEAD"})
    return sorted(methods)


def routed(routes: Sequence[BaseRoute], scope: Scope) -> bool:
    """Does a route take this request, path and method? (A mount of static files takes no changing method.)"""
    return any(isinstance(route, Route) and route.matches(scope)[0] == Match.FULL for route in routes)


def too_large() -> JSONResponse:
    return JSONResponse({"error": "malformed", "detail": f"the request body is larger than {MAX_BODY} bytes"},
                        status_code=413)


def is_json(content_type: str | None) -> bool:
    return content_type is not None and content_type.split(";", 1)[0].strip().lower() == "application/json"


def origin_allowed(headers: Headers, scheme: str, allowed: Iterable[str]) -> bool:
    """Is a WebSocket with these handshake headers opened from this server's own pages (or an allowed
    origin)? No Origin header: not a browser, nothing to protect against."""
    origin = headers.get("origin")
    if origin is None:
        return True
    origin = origin.strip().lower().rstrip("/")
    if origin in {entry.lower().rstrip("/") for entry in allowed}:
        return True
    parts = urlsplit(origin)
    host = headers.get("host", "").strip().lower()
    page_scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
    return bool(host) and parts.scheme == page_scheme and parts.netloc == host


class Hygiene:
    """ASGI middleware: security headers on every HTTP response, JSON-only changing requests."""

    def __init__(self, app: ASGIApp, routes: Sequence[BaseRoute] = ()) -> None:
        self.app = app
        self.routes = routes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        headers = Headers(scope=scope)
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > MAX_BODY:
            await too_large()(scope, receive, send_with_headers)
            return
        # a method the path does not take is told so (405, Allow) by the router, whatever it carries
        if scope["method"] in CHANGING_METHODS and not is_json(headers.get("content-type")) \
                and (not self.routes or routed(self.routes, scope)):
            refusal = JSONResponse({"error": "json-only", "detail": "send the request body as application/json"},
                                   status_code=415)
            await refusal(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)
