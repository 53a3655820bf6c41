"""What the replay viewer costs the server, on the longest of a few bot games of each game.

A finished table is stored in a fresh SQLite file and its replay asked for through the real app (in-process
ASGI, so the figures are the server's, not a network's): the first opening (the log read and replayed once,
snapshots every 16 steps), the steps of another perspective, and the views of every 16-step chunk for a seat,
the spectator and everything, first computed and then from the LRU. Also the memory one replay keeps.

    .venv/bin/python benchmarks/replay.py [--seeds 12]
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from httpx import Response
from starlette.testclient import TestClient

from ludus.engine import Match
from ludus.engine.replay import Replay
from ludus.server.api.replay import CHUNK
from ludus.server.app import create_app
from ludus.server.store import Store

sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "web"))
from finished import played  # the browser tests' bot games, to the end

GAMES = {"rose": (4, "easy", {}), "shadows": (8, "easy", {}), "floors": (4, "easy", {})}


def longest(game: str, seeds: int) -> Match:
    players, level, options = GAMES[game]
    return max((played(game, players, seed, options, level=level) for seed in range(seeds)), key=lambda m: len(m.log))


def timed(client: TestClient, path: str) -> tuple[float, Response]:
    start = time.perf_counter()
    response = client.get(path, headers={"Accept-Encoding": "gzip"})
    took = (time.perf_counter() - start) * 1000
    assert response.status_code == 200, response.text
    return took, response


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=12, help="bot games played per game; the longest is replayed")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ludus-replay-bench-"))
    url = f"sqlite:///{folder / 'bench.sqlite3'}"
    matches = {game: longest(game, args.seeds) for game in GAMES}
    store = Store(url)
    ids = {}
    for game, match in matches.items():
        table_id = ids[game] = secrets.token_urlsafe(6)
        store.create_table(table_id, game, match.players, match.seed, match.options, ["easy"] * match.players, 0.0)
        store.append_moves([(table_id, n, entry) for n, entry in enumerate(match.log, start=1)])
        store.set_status(table_id, "over")
    store.close()

    print(f"replay viewer, server side: the longest of {args.seeds} bot games of each game; times in ms")
    print(f"{'game':8} {'moves':>5} {'open':>7} {'steps':>6} {'kept MB':>8} | chunk of {CHUNK} views: "
          f"{'seat':>11} {'spectator':>11} {'everything':>11} {'cached':>7} {'KB gz (all)':>11}")
    with TestClient(create_app(url, resume=False)) as client:
        for game, table_id in ids.items():
            match = matches[game]
            base = f"/api/tables/{table_id}/replay"
            opened, _ = timed(client, f"{base}?seat=all")
            steps, _ = timed(client, f"{base}?seat=0")
            tracemalloc.start()
            replay = Replay.from_json(match.to_json())
            kept = tracemalloc.get_traced_memory()[0] / 2**20
            tracemalloc.stop()
            del replay
            cells = []
            size = 0
            for seat in ("0", "spectator", "all"):
                times = []
                for start in range(0, len(match.log) + 1, CHUNK):
                    took, response = timed(client, f"{base}/views?seat={seat}&from={start}&count={CHUNK}")
                    times.append(took)
                    if seat == "all":  # the bytes on the wire (httpx unzips them)
                        size = max(size, int(response.headers.get("content-length", len(response.content))))
                cells.append(f"{statistics.mean(times):5.1f}/{max(times):5.1f}")
            cached = [timed(client, f"{base}/views?seat=all&from=0&count={CHUNK}")[0] for _ in range(20)]
            print(f"{game:8} {len(match.log):5} {opened:7.1f} {steps:6.1f} {kept:8.2f} | {'(mean/max)':>20} "
                  f"{cells[0]:>11} {cells[1]:>11} {cells[2]:>11} {statistics.median(cached):7.2f} {size / 1024:11.0f}")


if __name__ == "__main__":
    main()
