"""The one shape of a refused API request: ``{"error": code, "detail": words}`` with its HTTP status, and
``retry_after`` (body and ``Retry-After`` header) when waiting helps. Codes are listed in docs/server.md."""

from __future__ import annotations

from typing import Any

from starlette.responses import JSONResponse


class ApiError(Exception):
    def __init__(self, code: str, detail: str, status: int = 400, retry_after: int | None = None,
                 reason: str | None = None) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.status = status
        self.retry_after = retry_after
        self.reason = reason  # a finer cause the page words itself (``web.password.<reason>``…)

    def response(self) -> JSONResponse:
        body: dict[str, Any] = {"error": self.code, "detail": self.detail}
        if self.reason is not None:
            body["reason"] = self.reason
        headers: dict[str, str] = {}
        if self.retry_after is not None:
            body["retry_after"] = self.retry_after
            headers["Retry-After"] = str(self.retry_after)
        return JSONResponse(body, status_code=self.status, headers=headers)
