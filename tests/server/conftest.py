"""Fixtures for the server tests: the tiny test game registered, an app on a fresh SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ludus.engine.registry import GAMES


@pytest.fixture(autouse=True, scope="session")
def tiny_game() -> Iterator[None]:
    GAMES["tiny"] = "tiny_game:GAME"
    yield
    GAMES.pop("tiny", None)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'ludus.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    from ludus.server.app import create_app

    with TestClient(create_app(db_url)) as test_client:
        yield test_client
