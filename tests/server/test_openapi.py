"""The published HTTP API: /api/openapi.json is an OpenAPI 3.1 document of every route (and only of routes),
and Schemathesis, the field's fuzzer for such documents, finds no 5xx and no answer the document does not
allow, against a real server on SQLite. Its run is bounded (a few examples per operation); the WebSocket
protocol keeps its own hypothesis fuzz (test_fuzz.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance
from server_helpers import ServerProcess
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from ludus.server.api.openapi import document

pytestmark = pytest.mark.timeout(900)


def test_every_route_is_in_the_document_and_every_path_in_it_is_a_route(client: TestClient) -> None:
    served = client.get("/api/openapi.json").json()
    assert served == document() and served["openapi"].startswith("3.1")
    routed: set[tuple[str, str]] = set()
    for route in client.app.routes:
        if isinstance(route, Route):
            routed |= {(route.path, method.lower()) for method in route.methods or () if method != "HEAD"}
        elif isinstance(route, Mount):
            routed.add((f"{route.path}/{{path}}", "get"))
    documented = {(path, method) for path, operations in served["paths"].items() for method in operations}
    assert routed == documented


@pytest.fixture(scope="module")
def api_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("openapi")
    process = ServerProcess(f"sqlite:///{folder / 'ludus.sqlite3'}", log=folder / "server.log", extra=(
        "--limit-pictures", "100000 per minute", "--setup-seconds", "60"))
    # something to find: a finished table (its match, replay and views), an open one
    created = httpx.post(process.url + "/api/tables", timeout=60, json={
        "game": "tiny", "players": 2, "bots": ["random", "random"], "bot_delay": 0, "options": {"target": 5}})
    assert created.status_code == 201
    yield process
    process.kill()


# the document as the server serves it (a test above keeps it equal to the routes); the calls go to a real
# server (its base URL comes from the fixture: schemathesis' lazy fixture loader does not run on pytest 9)
schema = schemathesis.openapi.from_dict(document())


@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_the_api_answers_every_generated_request_as_documented(case: schemathesis.Case,
                                                                api_server: ServerProcess) -> None:
    # Every check but "schema-valid data is accepted": a name must also pass the display-name rules, a player count
    # suit the game, an option its game — rules of the games that JSON Schema cannot state. Those refusals must
    # still be documented (4XX) and have the Error shape, like everything else.
    case.call_and_validate(base_url=api_server.url, timeout=60, excluded_checks=[positive_data_acceptance])
