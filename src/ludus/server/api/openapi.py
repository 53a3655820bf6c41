"""The published HTTP API: an OpenAPI 3.1 document of every route, served at ``GET /api/openapi.json``.

It describes the lobby, accounts, history, seating and replay endpoints, the pictures, the message catalogs,
the pages of the web client and its static files (the WebSocket protocol is play.py's and docs/server.md's:
OpenAPI has no words for it). A test keeps it true both ways (every route of the app is in it and every path
in it is a route), and Schemathesis fuzzes the running server against it (tests/server/test_openapi.py).

Every refusal has one shape (``Error``: ``{"error", "detail", "retry_after"?}``, errors.py), so each operation
answers its successes as listed and ``4XX`` with an Error; nothing answers 5xx by design.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

Schema = dict[str, Any]

TABLE_ID = {"type": "string", "description": "a table's id (8 URL-safe characters)"}
GAME_ID = {"type": "string", "description": "a game id: rose, floors, shadows"}
NULLABLE_STRING = {"type": ["string", "null"]}

COMPONENTS: Schema = {
    "schemas": {
        "Error": {
            "type": "object", "required": ["error", "detail"],
            "properties": {"error": {"type": "string", "description": "a stable code (docs/server.md)"},
                           "detail": {"type": "string"},
                           "retry_after": {"type": "integer", "minimum": 1,
                                           "description": "seconds until a try can succeed (with 429)"}}},
        "Seat": {
            "type": "object", "required": ["seat", "taken"],
            "properties": {"seat": {"type": "integer", "minimum": 0}, "name": NULLABLE_STRING,
                           "bot": NULLABLE_STRING, "taken": {"type": "boolean"}, "invited": {"type": "boolean"},
                           "handed": {"type": "boolean"}, "member": {"type": "boolean"}}},
        "Table": {
            "type": "object", "required": ["id", "game", "players", "status", "seats"],
            "properties": {"id": TABLE_ID, "game": GAME_ID, "players": {"type": "integer"},
                           "options": {"type": "object"},
                           "status": {"enum": ["open", "running", "over"]},
                           "bot_delay": {"type": "number"}, "created": {"type": "number"},
                           "seats": {"type": "array", "items": {"$ref": "#/components/schemas/Seat"}},
                           "rematch": {"type": ["string", "null"]}, "rated": {"type": "boolean"},
                           "turn": {"type": ["object", "null"]}, "deadlines": {"type": "object"}}},
        "Account": {
            "type": "object", "required": ["id", "name"],
            "properties": {"id": {"type": "integer"}, "name": {"type": "string"}}},
        "MatchFile": {
            "type": "object", "required": ["format", "game", "players", "seed", "log"],
            "properties": {"format": {"const": "ludus-match/1"}, "game": GAME_ID, "players": {"type": "integer"},
                           "seed": {"type": "integer"}, "options": {"type": "object"},
                           "log": {"type": "array", "items": {"type": "object"}},
                           "seats": {"type": "array", "items": {"type": "object"}}}},
    },
}


def _json(schema: Schema, description: str = "done") -> Schema:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def _object(required: list[str], **properties: Schema) -> Schema:
    return {"type": "object", "required": required, "properties": properties}


REFUSED = _json(_ref("Error"), "refused: a stable code and words (429 with Retry-After)")
PAGE_PARAM = {"name": "page", "in": "query", "required": False,
              "schema": {"type": "string", "pattern": "^[1-9][0-9]{0,4}$", "description": "a page number from 1"}}
VISITOR_PARAM = {"name": "visitor", "in": "query", "required": False,
                 "schema": {"type": "string", "description": "the browser's own random id, to count it online once"}}
SEED_PARAM = {"name": "seed", "in": "query", "required": False,
              "schema": {"type": "string", "pattern": "^(-?[0-9]{1,18}|null)?$",
                             "description": "a picture deck's seed (empty: the standard deck)"}}
DAY = {"type": "string", "pattern": "^([0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8]))?$",
       "description": "YYYY-MM-DD (empty: no bound)"}


def _path_param(name: str, schema: Schema | None = None) -> Schema:
    return {"name": name, "in": "path", "required": True, "schema": schema or {"type": "string"}}


def _query(name: str, description: str) -> Schema:
    return {"name": name, "in": "query", "required": False, "schema": {"type": "string"}, "description": description}


def _operation(summary: str, ok: dict[str, Schema], *, tag: str, parameters: list[Schema] | None = None,
               body: Schema | None = None) -> Schema:
    operation: Schema = {"summary": summary, "tags": [tag], "responses": {**ok, "4XX": REFUSED}}
    if parameters:
        operation["parameters"] = parameters
    if body is not None:
        operation["requestBody"] = {"required": True, "content": {"application/json": {"schema": body}}}
    return operation


def _page(summary: str, parameters: list[Schema] | None = None) -> Schema:
    """A page of the web client: the same HTML shell whatever the path (the client routes on it)."""
    return {"get": _operation(summary, {"200": {"description": "the client's HTML shell",
                                                "content": {"text/html": {"schema": {"type": "string"}}}}},
                              tag="pages", parameters=parameters)}


TOKEN_BODY = _object([], token={"type": "string", "description": "the seat's token (or the account's seat)"})
SEAT_ANSWER = _object(["seat"], seat={"type": "integer"}, bot=NULLABLE_STRING)

PATHS: dict[str, Schema] = {
    # --- the lobby ---------------------------------------------------------------------------------------
    "/api/games": {"get": _operation("The games, their options, presets and bot levels", {"200": _json(_object(
        ["games"], games={"type": "array", "items": {"type": "object", "required": ["id", "players", "options"]}}))},
        tag="lobby")},
    "/api/tables": {
        "get": _operation("Open and running tables (each with its spectators) and how many people are online",
                          {"200": _json(_object(["tables", "online"], online={"type": "integer"},
                                                tables={"type": "array", "items": _ref("Table")}))},
                          tag="lobby", parameters=[VISITOR_PARAM]),
        "post": _operation("Create a table (its setup runs on a worker under a deadline)", {"201": _json(_object(
            ["table", "invite"], table=_ref("Table"), invite={"type": "string"}, seat={"type": "integer"},
            token={"type": "string"}), "created"), "503": _json(_ref("Error"), "the setup passed its deadline")},
            tag="lobby", body=_object(
                ["game"], game=GAME_ID, players={"type": "integer"}, name={"type": "string"},
                options={"type": "object"}, bots={"type": ["array", "object", "null"]},
                bot_delay={"type": "number"}, rated={"type": "boolean"}, turn={"type": ["object", "null"]})),
    },
    "/api/tables/{table_id}": {"get": _operation("One table", {"200": _json(_object(["table"], table=_ref("Table")))},
                                                 tag="lobby", parameters=[_path_param("table_id", TABLE_ID)])},
    "/api/tables/{table_id}/join": {"post": _operation("Take a seat", {"200": _json(_object(
        ["seat", "token", "invite"], seat={"type": "integer"}, token={"type": "string"}, invite={"type": "string"}))},
        tag="lobby", parameters=[_path_param("table_id", TABLE_ID)],
        body=_object([], name={"type": "string"}, seat={"type": "integer"}))},
    "/api/tables/{table_id}/leave": {"post": _operation("Give a seat up before the start", {"200": _json(_object(
        ["left"], left={"type": "integer"}))}, tag="lobby", parameters=[_path_param("table_id", TABLE_ID)],
        body=TOKEN_BODY)},
    "/api/tables/{table_id}/match": {"get": _operation("A finished table's whole move log, as a match file", {
        "200": _json(_ref("MatchFile"))}, tag="lobby", parameters=[_path_param("table_id", TABLE_ID)])},
    # --- seats after the start ------------------------------------------------------------------------------
    "/api/tables/{table_id}/hand-over": {"post": _operation(
        "Hand a seat to a bot", {"200": _json(SEAT_ANSWER)}, tag="seating",
        parameters=[_path_param("table_id", TABLE_ID)],
        body=_object([], token={"type": "string"}, seat={"type": "integer"}, level={"type": "string"}))},
    "/api/tables/{table_id}/take-back": {"post": _operation("Take a seat back from its bot", {"200": _json(_object(
        ["seat"], seat={"type": "integer"}))}, tag="seating", parameters=[_path_param("table_id", TABLE_ID)],
        body=TOKEN_BODY)},
    "/api/tables/{table_id}/rematch": {"post": _operation("Answer the rematch of a finished table", {"200": _json(
        {"type": "object"})}, tag="seating", parameters=[_path_param("table_id", TABLE_ID)],
        body=_object([], token={"type": "string"}, answer={"enum": ["accept", "decline"]}))},
    # --- the replay viewer ------------------------------------------------------------------------------------
    "/api/tables/{table_id}/replay": {"get": _operation("A finished game's steps as one perspective knew them", {
        "200": _json(_object(["table", "game", "players", "moves", "steps"], table=TABLE_ID, game=GAME_ID,
                             players={"type": "integer"}, moves={"type": "integer"},
                             steps={"type": "array", "items": {"type": "object"}}))},
        tag="replay", parameters=[_path_param("table_id", TABLE_ID),
                                  _query("seat", "a seat number, spectator or all")])},
    "/api/tables/{table_id}/replay/views": {"get": _operation("What one perspective saw at steps from … from+count−1", {
        "200": _json(_object(["table", "seat", "from", "views"], table=TABLE_ID, seat={"type": "string"},
                             **{"from": {"type": "integer"}}, views={"type": "array", "items": {"type": "object"}}))},
        tag="replay", parameters=[_path_param("table_id", TABLE_ID), _query("seat", "a seat number, spectator or all"),
                                  _query("from", "the first step"), _query("count", "how many steps (at most 64)")])},
    "/api/tables/{table_id}/analysis": {"post": _operation(
        "The coach's analysis of one's own seat in a finished game (api/analysis.py)", {
            "200": _json(_object(["status", "seat"], status={"enum": ["done", "failed"]}, seat={"type": "integer"},
                                 analysis={"type": "object"}, error={"type": "string"}, detail={"type": "string"}),
                         "done (or failed, told once)"),
            "202": _json(_object(["status", "seat"], status={"const": "running"}, seat={"type": "integer"},
                                 done={"type": "integer"}, total={"type": "integer"}), "under way")},
        tag="replay", parameters=[_path_param("table_id", TABLE_ID)], body=TOKEN_BODY)},
    # --- accounts ----------------------------------------------------------------------------------------------
    "/api/account": {"get": _operation("The signed-in account (null for a guest)", {"200": _json(_object(
        ["account"], account={"anyOf": [_ref("Account"), {"type": "null"}]}))}, tag="accounts")},
    "/api/account/signup": {"post": _operation("Make an account and sign in", {"201": _json(_object(
        ["account"], account=_ref("Account")), "signed up and in")}, tag="accounts",
        body=_object(["name", "password"], name={"type": "string"}, password={"type": "string"}))},
    "/api/account/signin": {"post": _operation(
        "Sign in", {"200": _json(_object(["account"], account=_ref("Account")))}, tag="accounts",
        body=_object(["name", "password"], name={"type": "string"}, password={"type": "string"}))},
    "/api/account/signout": {"post": _operation(
        "Sign out", {"200": _json(_object(["account"], account={"type": "null"}))}, tag="accounts",
        body={"type": "object"})},
    "/api/account/claim": {"post": _operation("Keep a guest seat's game in the account", {"200": _json(_object(
        ["table", "seat"], table=TABLE_ID, seat={"type": "integer"}))}, tag="accounts",
        body=_object(["table", "token"], table=TABLE_ID, token={"type": "string"}))},
    # --- history ------------------------------------------------------------------------------------------------
    "/api/me": {"get": _operation("The signed-in player's page: ratings, running tables, finished games", {
        "200": _json(_object(["account"], account=_ref("Account")))}, tag="history")},
    "/api/me/games": {"get": _operation("The signed-in player's finished games, 25 a page", {"200": _json(
        {"type": "object"})}, tag="history", parameters=[PAGE_PARAM])},
    "/api/archive": {"get": _operation("Every finished table, newest first, 25 a page", {"200": _json(
        {"type": "object"})}, tag="history", parameters=[
        _query("game", "a game id"), _query("player", "the beginning of a name"),
        {"name": "since", "in": "query", "required": False, "schema": DAY},
        {"name": "until", "in": "query", "required": False, "schema": DAY}, PAGE_PARAM])},
    "/api/ratings/{game}": {"get": _operation("A game's leaderboard, 50 a page", {"200": _json({"type": "object"})},
                                              tag="history", parameters=[_path_param("game", GAME_ID), PAGE_PARAM])},
    # --- the tutorials ------------------------------------------------------------------------------------------
    "/api/tutorials": {"get": _operation("The games' tutorials, their chapters, and the account's progress", {
        "200": _json(_object(["tutorials", "progress"], tutorials={"type": "array", "items": {"type": "object"}},
                             progress={"type": ["object", "null"]}))}, tag="tutorials")},
    "/api/tutorials/{game}/steps/{step}": {
        "get": _operation("A tutorial step: the learner's view of the scripted game there, and what the step asks", {
            "200": _json(_object(["game", "step", "steps", "view", "decisions"], game=GAME_ID,
                                 step={"type": "integer"}, steps={"type": "integer"}, view={"type": "object"},
                                 decisions={"type": "array", "items": {"type": "object"}}))},
            tag="tutorials", parameters=[_path_param("game", GAME_ID), _path_param("step")]),
        "post": _operation("Judge the learner's click with the engine: ok, illegal (the refusal) or other", {
            "200": _json(_object(["result"], result={"enum": ["ok", "illegal", "other"]}, code={"type": "string"},
                                 detail={"type": "string"}, next={"type": "object"}))},
            tag="tutorials", parameters=[_path_param("game", GAME_ID), _path_param("step")],
            body=_object(["choice"], choice={}))},
    "/api/tutorials/{game}/progress": {"post": _operation("Keep a signed-in learner's step (and whether finished)", {
        "200": _json(_object(["step", "done"], step={"type": "integer"}, done={"type": "boolean"}))},
        tag="tutorials", parameters=[_path_param("game", GAME_ID)],
        body=_object(["step"], step={"type": "integer"}, done={"type": "boolean"}))},
    # --- pictures, messages, health, this document -----------------------------------------------------------------
    "/pictures/labels.json": {"get": _operation("The pictures' names in one language", {"200": _json(_object(
        ["lang", "labels"], lang={"type": "string"}, labels={"type": "object"}))}, tag="pictures",
        parameters=[_query("lang", "en, hu or zh"), SEED_PARAM])},
    "/pictures/{picture_id}.svg": {"get": _operation("One picture", {"200": {
        "description": "the picture", "content": {"image/svg+xml": {"schema": {"type": "string"}}}}},
        tag="pictures", parameters=[_path_param("picture_id"), SEED_PARAM])},
    "/i18n/{lang}": {"get": _operation("Every message catalog of one language, by full key", {"200": _json(
        {"type": "object", "additionalProperties": {"type": "string"}})}, tag="pages",
        parameters=[_path_param("lang")])},
    "/health": {"get": _operation("Is the server up", {"200": _json(_object(
        ["ok", "live_tables"], ok={"const": True}, live_tables={"type": "integer"}))}, tag="server")},
    "/api/openapi.json": {"get": _operation("This document", {"200": _json({"type": "object"})}, tag="server")},
    # --- the web client --------------------------------------------------------------------------------------
    "/": _page("The lobby"),
    "/t/{table_id}": _page("A table", [_path_param("table_id")]),
    "/rules/{game}": _page("A game's rules", [_path_param("game")]),
    "/learn/{game}": _page("A game's tutorial", [_path_param("game")]),
    "/games/{table_id}/replay": _page("A finished game's replay", [_path_param("table_id")]),
    "/account": _page("Sign in or up"),
    "/me": _page("The player's own page"),
    "/games": _page("The archive"),
    "/ratings/{game}": _page("A leaderboard", [_path_param("game")]),
    "/web/{path}": {"get": _operation("The web client's static files (ES modules, styles, icons)", {"200": {
        "description": "the file", "content": {"*/*": {"schema": {}}}}}, tag="pages",
        parameters=[_path_param("path")])},
}
"""Every route's path, as Starlette spells it (a Mount's files as ``{path}``)."""


def document() -> Schema:
    return {
        "openapi": "3.1.0",
        "info": {"title": "ludus server", "version": "1",
                 "description": "The HTTP API of a ludus server (docs/server.md). Tables are played over the "
                                "WebSocket /ws/{table_id} (its messages: docs/server.md)."},
        "paths": PATHS,
        "components": COMPONENTS,
    }


_DOCUMENT = document()


async def openapi(request: Request) -> JSONResponse:
    return JSONResponse(_DOCUMENT, headers={"Cache-Control": "no-cache"})


def routes() -> list[Route]:
    return [Route("/api/openapi.json", openapi, methods=["GET"])]
