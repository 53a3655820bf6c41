"""Fixtures for the browser tests: a real `ludus serve` process with the real games, and Debian's chromium."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from served import QUICK_GRACE, Served, serving

ROOT = Path(__file__).parent.parent.parent
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("web")) as running:
        yield running


@pytest.fixture(scope="session")
def quick_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A server whose players may hand an empty seat to a bot after one second (the shared one: after an hour)."""
    with serving(tmp_path_factory.mktemp("quick"), "--seat-grace", str(QUICK_GRACE)) as running:
        yield running


@pytest.fixture(scope="session")
def server(served: Served) -> str:
    return served.url


@pytest.fixture(scope="session")
def web_database(served: Served) -> str:
    """The address of the database the test server keeps its tables in (staged tables go there: staging.py)."""
    return served.db_url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.skip("chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS

