"""Shadows: Amsterdam pictures over HTTP.

- ``/pictures/{id}.svg?seed=n`` draws one clue card or district face;
- ``/pictures/labels.json?seed=n&lang=hu`` says what every picture of that deck shows, one line each in the
  page's language (the client's accessible names, tooltips and enlarged captions).

A picture is a pure function of its id and the game's picture seed (no seed = the standard deck), so the
answers are cached in memory and in browsers. Pictures are public: every one of them lies face up on the
board or in the card row, so serving any id to anyone gives nothing away.
"""

from __future__ import annotations

import re
from functools import lru_cache

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ludus.games.shadows.pictures import deck_for, is_picture_id, picture_svg
from ludus.games.shadows.pictures.percept import label
from ludus.i18n import LANGUAGES

from ..guards.limits import TooMany, client_address

MAX_SEED = 2**63


@lru_cache(maxsize=1024)
def _svg(picture_id: str, seed: int | None) -> bytes:
    return picture_svg(picture_id, seed).encode("utf-8")


def _refuse(code: str, detail: str, status: int) -> JSONResponse:
    return JSONResponse({"error": code, "detail": detail}, status_code=status)


@lru_cache(maxsize=64)
def _labels(seed: int | None, lang: str) -> dict[str, str]:
    return {picture.id: label(picture, lang) for picture in deck_for(seed).values()}


SEED_TEXT = re.compile(r"-?[0-9]{1,19}")


def _seed(request: Request) -> int | JSONResponse | None:
    raw_seed = request.query_params.get("seed")
    if raw_seed in (None, "", "null"):
        return None
    if not SEED_TEXT.fullmatch(raw_seed):  # (int() would also take " 7", "+7" and "7_0")
        return _refuse("bad-seed", "seed is a whole number", 400)
    seed = int(raw_seed)
    if not -MAX_SEED <= seed < MAX_SEED:
        return _refuse("bad-seed", "seed is out of range", 400)
    try:  # a fresh deck is drawn on the event loop (milliseconds a picture): so many per address
        request.app.state.rates.pictures.hit(client_address(request))
    except TooMany as error:
        return JSONResponse({"error": "too-many", "detail": str(error), "retry_after": error.retry_after},
                            status_code=429, headers={"Retry-After": str(error.retry_after)})
    return seed


async def picture(request: Request) -> Response:
    picture_id = request.path_params["picture_id"]
    if not is_picture_id(picture_id):
        return _refuse("unknown-picture", f"there is no picture {picture_id!r} (k0–k83, d0a0–d6b4)", 404)
    seed = _seed(request)
    if isinstance(seed, JSONResponse):
        return seed
    return Response(_svg(picture_id, seed), media_type="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=86400"})


async def labels(request: Request) -> Response:
    lang = request.query_params.get("lang", "en")
    if lang not in LANGUAGES:
        return _refuse("unknown-language", f"choose one of {', '.join(LANGUAGES)}", 404)
    seed = _seed(request)
    if isinstance(seed, JSONResponse):
        return seed
    return JSONResponse({"lang": lang, "labels": _labels(seed, lang)},
                        headers={"Cache-Control": "public, max-age=3600"})


def routes() -> list[Route]:
    return [Route("/pictures/labels.json", labels, methods=["GET"]),
            Route("/pictures/{picture_id}.svg", picture, methods=["GET"])]
