"""Fixtures for the browser tests: a real `ludus serve` process with the real games, and Debian's chromium."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).parent.parent.parent
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


SEAT_GRACE = 1.0  # seconds before the players still at a table may hand an empty seat to a bot


@dataclass
class Served:
    """A real `ludus serve` process: its address and its database (tests may read the stored move log)."""

    url: str
    db_url: str
    port: int
    process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30) -> Served:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ludus.cli", "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--db", self.db_url, "--seat-grace", str(SEAT_GRACE)],
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while True:
            assert self.process.poll() is None, "the server exited"
            try:
                if httpx.get(self.url + "/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None


def serve(folder: Path) -> Served:
    port = _free_port()
    return Served(f"http://127.0.0.1:{port}", f"sqlite:///{folder / 'ludus.sqlite3'}", port).start()


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    running = serve(tmp_path_factory.mktemp("web"))
    try:
        yield running
    finally:
        running.kill()


@pytest.fixture(scope="session")
def server(served: Served) -> str:
    return served.url


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

