"""A real `ludus serve` process for the browser tests, which a test may also kill and start again."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).parent.parent.parent
SEAT_GRACE = 3600.0
"""Seconds before the players still at a table may hand an empty seat to a bot, on the shared test server: longer than
any test, so a staged table's absent players (staging.py) are never offered for hand-over while a test looks at its
page (that notice, above the board, came one second after the table was loaded, whenever that fell)."""
QUICK_GRACE = 1.0
"""The same on the server of the tests of handing a seat over (``quick_served``)."""


@dataclass
class Served:
    """A real `ludus serve` process: its address and its database (tests may read the stored move log)."""

    url: str
    db_url: str
    port: int
    process: subprocess.Popen[bytes] | None = None
    extra: tuple[str, ...] = ()  # more `ludus serve` flags (a test of one limit starts its own server)

    def start(self, timeout: float = 120) -> Served:  # generous: CI is a busy 2-core machine
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ludus.cli", "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--db", self.db_url, "--seat-grace", str(SEAT_GRACE),
             # every browser test creates and joins its tables from this one address
             "--limit-tables", "1000 per minute", "--limit-joins", "1000 per minute",
             "--limit-pictures", "100000 per minute",
             # the replay tests step through whole games from this one address (the limit has its own tests)
             "--limit-replays", "100000 per minute",
             # the coach's analyses kept short (one sampled world, six decisions played on): a fast suite
             "--analysis-worlds", "1", "--analysis-depth", "6", *self.extra],
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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(folder: Path, *extra: str) -> Served:
    port = free_port()
    return Served(f"http://127.0.0.1:{port}", f"sqlite:///{folder / 'ludus.sqlite3'}", port, extra=extra).start()


@contextmanager
def serving(folder: Path, *extra: str) -> Iterator[Served]:
    """A started ``ludus serve`` (``serve``), killed when the block ends."""
    running = serve(folder, *extra)
    try:
        yield running
    finally:
        running.kill()
