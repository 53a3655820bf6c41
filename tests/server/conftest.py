"""Fixtures for the server tests: the test games registered, an app on a fresh SQLite file, a throwaway
PostgreSQL cluster, two server processes on it with Redis.

A fresh SQLite file is a copy of one empty database migrated once per session: running every migration
again for each test that starts an app on `db_url` (most of this folder) cost 0.2-0.6 s a test on the busy
2-core machine against 0.02-0.09 s for the copy, and what a test gets is the same (an empty database at
the newest schema). The migrations themselves are tested from empty files in test_migrations.py."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import ServerPair, TwoServers, free_port, shut_down
from starlette.testclient import TestClient

from ludus.engine.registry import GAMES


@pytest.fixture(autouse=True, scope="module")
def tiny_game() -> Iterator[None]:
    GAMES["tiny"] = "tiny_game:GAME"
    GAMES["votes"] = "votes_game:GAME"
    GAMES["stages"] = "stages_game:GAME"
    yield
    GAMES.pop("tiny", None)
    GAMES.pop("votes", None)
    GAMES.pop("stages", None)


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite database at the newest schema, made by the store's own migrations, closed cleanly."""
    from ludus.server.store import Store

    path = tmp_path_factory.mktemp("migrated") / "empty.sqlite3"
    Store(f"sqlite:///{path}").close()
    assert not any(path.parent.glob("empty.sqlite3-*"))  # no journal left behind: the one file is the database
    return path


@pytest.fixture
def db_url(tmp_path: Path, migrated_sqlite: Path) -> str:
    path = tmp_path / "ludus.sqlite3"
    shutil.copyfile(migrated_sqlite, path)
    return f"sqlite:///{path}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    from ludus.server.app import create_app

    with TestClient(create_app(db_url)) as test_client:
        yield test_client


def _bin(name: str) -> str | None:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)),
                                       None)
    return found


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("PostgreSQL is not installed")
    folder = Path(tempfile.mkdtemp(prefix="ludus-pg-"))
    data = folder / "data"
    # PostgreSQL refuses to run as root: run it as an ordinary user when the tests are root.
    as_user: list[str] = []
    if os.geteuid() == 0:
        user = "postgres" if subprocess.run(["id", "postgres"], capture_output=True).returncode == 0 else "nobody"
        shutil.chown(folder, user)
        as_user = ["runuser", "-u", user, "--"]
    port = free_port()
    subprocess.run([*as_user, initdb, "-D", str(data), "-A", "trust", "-U", "ludus", "--no-sync"],
                   check=True, capture_output=True)
    subprocess.run([*as_user, pg_ctl, "-D", str(data), "-l", str(folder / "log"), "-w", "-o",
                    f"-p {port} -h 127.0.0.1 -k {folder} -F", "start"], check=True, capture_output=True)
    try:
        yield f"postgresql://ludus@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def server_pair(postgres_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerPair]:
    """One pair of server processes (with PostgreSQL and Redis) for every test of `two_servers`: starting them
    is the slow part, and the tests can share them (each on its own tables and accounts)."""
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    pair = ServerPair(postgres_url, tmp_path_factory.mktemp("two-servers"))
    try:
        yield pair
    finally:
        pair.close()


@pytest.fixture
def two_servers(server_pair: ServerPair) -> Iterator[TwoServers]:
    """The shared pair, whole again (a process a test killed is started anew, a stalled Redis woken), with the
    test's own sockets, closed after it."""
    pair = server_pair.for_a_test()
    try:
        yield pair
    finally:
        shut_down(pair.watchers)
        server_pair.restore_redis()  # at once: a stalled Redis would stall both servers until the next test
